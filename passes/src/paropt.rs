//! weft-paropt (Components III-V: privatization, loop partitioning, threaded
//! code generation). Threaded code generation is not built yet: this pass
//! refuses every threading construct with a clear error rather than letting
//! the program run serially under a parallel directive.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::{PassResult, Rule, WeftError};

use crate::wregion::analyze_module;

pub fn run(module: &Module<'_>) -> PassResult {
    let analyses = analyze_module(module)?;
    let mut errors = Vec::new();
    for a in &analyses {
        for r in a.graph.preorder() {
            let region = &a.graph.regions[r];
            if region.kind.is_simd_only() {
                continue;
            }
            errors.push(
                WeftError::new(
                    Rule::NotYetSupported,
                    region.kind.begin_name(),
                    "weft-paropt cannot lower this construct yet (threaded code generation is not built)",
                )
                .in_function(&a.graph.function),
            );
            break;
        }
    }
    if errors.is_empty() {
        Ok(false)
    } else {
        Err(errors)
    }
}
