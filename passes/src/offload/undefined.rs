//! What the finished device module leaves to the device link
//! (docs/offload-device.md): every global it names without defining must
//! be one the link provides, or clang-linker-wrapper's nvlink fails on an
//! undefined symbol after the program was compiled. A variable: another
//! file's declare target variable. A function: an intrinsic, the device
//! runtime's (the plan's calls and those the kernel rewrite adds), the
//! back end's (`__nvvm_reflect`), or another file's declare target
//! function. Anything else (a function or
//! a variable a declare target variable's initializer names) is refused by
//! name here, before the image is embedded.
use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::{Rule, WeftError};

use super::declare_attribute::is_declared;
use super::globals::DeviceGlobals;
use super::plan;
use crate::paropt::runtime::table::Lib;
use crate::paropt::runtime::Rt;

/// What the NVPTX back end resolves itself (libdevice's `__nvvm_reflect`
/// queries, answered by its NVVMReflect pass).
const BACKEND: &[&str] = &["__nvvm_reflect"];

fn refuse(what: String, detail: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, what, detail).on_directive("DIR.OMP.DECLARE.TARGET")
}

/// The globals `dev` names and does not define that the device link does
/// not provide, each refused by name.
pub fn check(host: &Module<'_>, dev: &Module<'_>, globals: &DeviceGlobals) -> Result<(), Vec<WeftError>> {
    let external: Vec<&str> =
        globals.vars.values().filter(|v| !v.defined && !v.link).map(|v| v.device.as_str()).collect();
    let mut errors: Vec<WeftError> = dev
        .get_globals()
        .filter(|g| g.is_declaration())
        .map(|g| g.get_name().to_string_lossy().into_owned())
        .filter(|n| !external.contains(&n.as_str()))
        .map(|n| {
            refuse(
                format!("the global variable '{n}'"),
                "the device image names it without a definition (an initializer of a declare target variable naming a variable that is not declare target)",
            )
        })
        .collect();
    let runtime: Vec<&str> =
        Rt::ALL.iter().map(|r| r.entry()).filter(|e| e.lib == Lib::DeviceRtl).map(|e| e.name).collect();
    for f in dev.get_functions().filter(|f| f.count_basic_blocks() == 0) {
        let name = f.get_name().to_string_lossy().into_owned();
        // (A function the host module defines is no other file's.)
        let elsewhere = host.get_function(&name).map_or(true, |h| h.count_basic_blocks() == 0);
        let provided = is_declared(f) || plan::check_callee(f, "the device module").is_ok();
        if runtime.contains(&name.as_str()) || BACKEND.contains(&name.as_str()) || (elsewhere && provided) {
            continue;
        }
        errors.push(refuse(
            format!("the function '{name}'"),
            "the device image names it without a body (an initializer of a declare target variable naming a function that is not declare target, or one internal to another file)",
        ));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
