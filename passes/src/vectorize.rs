//! weft-vectorize (the VPlan vectorization framework). Not built yet: simd
//! regions are refused with a clear error.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::{PassResult, Rule, WeftError};

use crate::wregion::analyze_module;

pub fn run(module: &Module<'_>) -> PassResult {
    let analyses = analyze_module(module)?;
    let mut errors = Vec::new();
    for a in &analyses {
        if let Some(r) = a.graph.preorder().into_iter().find(|&r| a.graph.regions[r].kind.is_simd_only()) {
            errors.push(
                WeftError::new(
                    Rule::NotYetSupported,
                    a.graph.regions[r].kind.begin_name(),
                    "weft-vectorize cannot vectorize this region yet (the VPlan vectorizer is not built)",
                )
                .in_function(&a.graph.function),
            );
        }
    }
    if errors.is_empty() {
        Ok(false)
    } else {
        Err(errors)
    }
}
