//! weft-genx-verify.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::{PassResult, Rule, WeftError};

pub fn run(module: &Module<'_>) -> PassResult {
    let uses_genx = module.get_functions().any(|f| f.get_name().to_string_lossy().starts_with("llvm.genx."));
    if uses_genx {
        return Err(vec![WeftError::new(Rule::NotYetSupported, "llvm.genx intrinsics", "weft-genx-verify is not built yet")]);
    }
    Ok(false)
}
