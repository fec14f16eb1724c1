//! weft-vectorize (the VPlan vectorization framework). The VPlan is not
//! built yet: every simd loop runs as a scalar loop with its clauses honored
//! (`paropt::simd`), and a missed-optimization remark says so.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::PassResult;

use crate::paropt;

pub fn run(module: &Module<'_>) -> PassResult {
    paropt::run_simd_scalar(module)
}
