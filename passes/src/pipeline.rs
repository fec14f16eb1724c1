//! Whether a module has work for weft's passes: what the `weft` pipeline
//! (`registry.rs`) and the automatic hooks ask before they touch a module.
use llvm_plugin::inkwell::module::Module;

use crate::markers;

/// Whether a module calls directive intrinsics (or weft-cc's markers), or
/// asks for a device image (which its declare target variables and
/// functions go into without a target region).
pub fn has_directives(module: &Module<'_>) -> bool {
    declares(module, |n| weft_intrinsics::group::is_directive_intrinsic(n) || n == markers::BEGIN)
        || crate::paropt::declare_target::declares(module)
        || module.get_global(crate::offload::request::REQUEST).is_some()
}

/// Whether a module has anything for weft to do (directive or GenX intrinsics),
/// so that the automatic hooks leave other modules untouched.
pub fn has_weft_work(module: &Module<'_>) -> bool {
    has_directives(module) || declares(module, |n| n.starts_with("llvm.genx."))
}

/// Whether a function the module declares or defines has a name `wanted` takes.
fn declares(module: &Module<'_>, wanted: impl Fn(&str) -> bool) -> bool {
    module.get_functions().any(|f| wanted(&f.get_name().to_string_lossy()))
}
