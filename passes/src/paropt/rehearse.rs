//! The refusals only lowering finds, found on a copy of the module. The
//! plan and the precheck (`precheck.rs`) decide every refusal that the
//! clauses and the unchanged IR decide; a few rules read IR that lowering
//! itself shapes (an atomic statement once its blocks are split, a loop's
//! form after `normalize`, where a scan directive sits in the loop's
//! body) and one limit belongs to LLVM (CodeExtractor declining a region).
//! So paropt lowers a copy of the module first, and touches the module
//! itself only when every region of the copy was lowered: a refused
//! construct leaves the module as it was, whichever rule refuses it.
//! Lowering is deterministic and reads nothing outside the module, so the
//! copy's refusals are the module's, with the same names and locations.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::WeftError;

/// Runs `lower(copy, true)` on a copy of `module` (a rehearsal: no
/// remarks), then, if it succeeded, `lower(module, false)`.
pub(super) fn rehearsed<'ctx, T>(
    module: &Module<'ctx>,
    lower: impl Fn(&Module<'ctx>, bool) -> Result<T, Vec<WeftError>>,
) -> Result<T, Vec<WeftError>> {
    let copy = module.clone();
    let tried = lower(&copy, true);
    // (The copy is disposed of here, before the module is touched.)
    drop(copy);
    tried?;
    lower(module, false)
}
