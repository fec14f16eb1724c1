//! Declare target functions in the device image (docs/offload-device.md,
//! "Declare target functions"). A function a kernel reaches is cloned with
//! it whatever its declaration says (plan.rs). One that `declare target`
//! names (the attribute of declare_attribute.rs) and that this module
//! defines and other modules may call (not internal) goes into the device
//! image even when none of this module's kernels reaches it, as clang puts
//! every declare target function there, so another file's kernel can call
//! it across the device link (a kernel may call one this module only
//! declares: plan.rs).
use std::collections::BTreeSet;

use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::values::FunctionValue;
use weft_intrinsics::{ffi, WeftError};

use super::declare_attribute::is_declared;
use super::globals::{self, DeviceGlobals};
use super::{plan, walk};

/// The declare target functions `m` defines for other modules, those a
/// declare target variable's initializer names (a table of function
/// pointers: clang makes them declare target), and what they reach, added
/// to `all`; each checked as a kernel's code is.
pub fn plan(m: &Module<'_>, all: &mut BTreeSet<String>, globals: &DeviceGlobals) -> Result<(), Vec<WeftError>> {
    let mut errors = Vec::new();
    let named: Vec<FunctionValue<'_>> = globals
        .vars
        .values()
        .filter(|v| v.defined && !v.link)
        .filter_map(|v| m.get_global(&v.host))
        .flat_map(ffi::initializer_functions)
        .collect();
    for f in m.get_functions() {
        let local = matches!(f.get_linkage(), Linkage::Internal | Linkage::Private);
        let wanted = (!local && is_declared(f)) || named.contains(&f);
        if f.count_basic_blocks() == 0 || !wanted {
            continue;
        }
        let name = f.get_name().to_string_lossy().into_owned();
        if all.contains(&name) {
            continue;
        }
        match reach(m, f, &name, globals) {
            Ok(seen) => all.extend(seen),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The functions `f` reaches (itself first), each call one the device
/// has and each global one it holds.
fn reach<'ctx>(
    m: &Module<'ctx>,
    f: FunctionValue<'ctx>,
    name: &str,
    globals: &DeviceGlobals,
) -> Result<Vec<String>, WeftError> {
    let mut seen = vec![f];
    let mut at = 0;
    while at < seen.len() {
        let g = seen[at];
        at += 1;
        for i in walk::instructions(g) {
            for h in walk::referenced_functions(m, i) {
                if h.count_basic_blocks() > 0 {
                    if !seen.contains(&h) {
                        seen.push(h);
                    }
                } else {
                    plan::check_callee(h, name)?;
                }
            }
        }
        globals::check_function(g, name, globals)?;
    }
    Ok(seen.iter().map(|f| f.get_name().to_string_lossy().into_owned()).collect())
}
