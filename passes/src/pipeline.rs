//! The `weft` pipeline: weft's passes in order and nothing else from LLVM.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::PassResult;

use crate::markers;
use crate::registry::{self, Invocation, PassInfo};

/// The stages of `weft`, in order (after weft-cc's markers, when the module
/// has them).
pub static WEFT_PIPELINE: &[&PassInfo] =
    &[&registry::PREPARE, &registry::PAROPT, &registry::VECTORIZE, &registry::GENX_LEGALIZE, &registry::CLEANUP];

/// Runs the whole pipeline, stopping at the first stage that fails; each
/// stage runs with its default parameters and `inv`'s analyses.
pub fn run_weft(module: &Module<'_>, inv: &Invocation<'_>) -> PassResult {
    // weft-cc's markers first, when the module has them (a no-op otherwise).
    let mut changed = markers::run(module, markers::Form::Region)?;
    for stage in WEFT_PIPELINE {
        log::debug!(target: "weft::pipeline", "running {}", stage.name);
        let at = Invocation { params: stage.default_params(), ..*inv };
        changed |= (stage.run)(module, &at)?;
    }
    Ok(changed)
}

/// Whether a module calls directive intrinsics.
pub fn has_directives(module: &Module<'_>) -> bool {
    module.get_functions().any(|f| {
        let n = f.get_name().to_string_lossy();
        weft_intrinsics::group::is_directive_intrinsic(&n) || n == markers::BEGIN
    })
}

/// Whether a module has anything for weft to do (directive or GenX intrinsics),
/// so that the automatic hooks leave other modules untouched.
pub fn has_weft_work(module: &Module<'_>) -> bool {
    module.get_functions().any(|f| {
        let n = f.get_name().to_string_lossy();
        weft_intrinsics::group::is_directive_intrinsic(&n) || n.starts_with("llvm.genx.") || n == markers::BEGIN
    })
}
