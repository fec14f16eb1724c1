//! weft-vectorize (the VPlan vectorization framework). Not built yet: simd
//! regions are refused with a clear error.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::PassResult;

use crate::wregion::{analyze_module, refuse_regions};

pub fn run(module: &Module<'_>) -> PassResult {
    let analyses = analyze_module(module)?;
    refuse_regions(
        &analyses,
        |r| r.kind.is_simd_only(),
        "weft-vectorize cannot vectorize this region yet (the VPlan vectorizer is not built)",
    )
}
