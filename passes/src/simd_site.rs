//! A simd loop paropt lowered in place and weft-vectorize's VPlan takes:
//! plain data both use, so that neither holds the other's types.
use llvm_plugin::inkwell::basic_block::BasicBlock;

/// A simd loop whose region was lowered in place (its clauses privatized,
/// its directives gone): its body runs from `first` to `end`.
#[derive(Clone, Debug)]
pub struct SimdSite<'ctx> {
    pub first: BasicBlock<'ctx>,
    pub end: BasicBlock<'ctx>,
    /// "DIR.OMP.SIMD (region 3) in function 'f'", for remarks and printing.
    pub title: String,
    pub simdlen: Option<u32>,
    pub safelen: Option<u32>,
    /// Its loop was tagged while it was there (`ffi::tag_simd_loop`): a loop
    /// without the tag is not it.
    pub tagged: bool,
    /// Its floating-point sums and products may be reassociated: OpenMP
    /// simd loops (with a reduction clause that is what the clause allows;
    /// without one, the iterations it runs concurrently race on the
    /// variable). Not `DIR.VPO.AUTO.VEC` or `DIR.PRAGMA.IVDEP`, hints that
    /// license no reordering: there a sum keeps its order (unless its
    /// operations carry `reassoc`).
    pub reassociate: bool,
}
