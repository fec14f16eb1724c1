//! weft-paropt (Components III-V: privatization, loop partitioning, threaded
//! code generation). Threaded code generation is not built yet: this pass
//! refuses every threading construct with a clear error rather than letting
//! the program run serially under a parallel directive.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::PassResult;

use crate::wregion::{analyze_module, refuse_regions};

pub fn run(module: &Module<'_>) -> PassResult {
    let analyses = analyze_module(module)?;
    refuse_regions(
        &analyses,
        |r| !r.kind.is_simd_only(),
        "weft-paropt cannot lower this construct yet (threaded code generation is not built)",
    )
}
