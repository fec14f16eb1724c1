//! Whether a module has work for weft's passes: what the `weft` pipeline
//! (`registry.rs`) and the automatic hooks ask before they touch a module.
use llvm_plugin::inkwell::module::Module;

use crate::markers;

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
