//! The pass names weft registers and the `weft` pipeline: weft's passes in
//! order and nothing else from LLVM.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::ffi::FunctionAnalyses;
use weft_intrinsics::PassResult;

use crate::{cleanup, genx, markers, paropt, prepare, vectorize};

/// The stages of `weft`, in order.
pub const WEFT_PIPELINE: &[&str] =
    &["weft-prepare", "weft-paropt", "weft-vectorize", "weft-genx-legalize", "weft-cleanup"];

/// Runs one stage of the pipeline by name (`analyses`: the pass pipeline's,
/// for weft-vectorize's costs).
pub fn run_stage(name: &str, module: &Module<'_>, analyses: FunctionAnalyses<'_>) -> PassResult {
    match name {
        "weft-prepare" => prepare::run(module),
        "weft-paropt" => paropt::run(module),
        "weft-vectorize" => vectorize::run(module, analyses),
        "weft-genx-legalize" => genx::legalize::run(module, genx::legalize::Params::default()),
        "weft-cleanup" => cleanup::run(module),
        other => unreachable!("{other} is not a stage of the weft pipeline"),
    }
}

/// Runs the whole pipeline, stopping at the first stage that fails.
pub fn run_weft(module: &Module<'_>, analyses: FunctionAnalyses<'_>) -> PassResult {
    // weft-cc's markers first, when the module has them (a no-op otherwise).
    let mut changed = markers::run(module, markers::Form::Region)?;
    for stage in WEFT_PIPELINE {
        log::debug!(target: "weft::pipeline", "running {stage}");
        changed |= run_stage(stage, module, analyses)?;
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
