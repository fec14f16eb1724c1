//! Declare target functions in the device image (docs/offload-device.md,
//! "Declare target functions"). A function a kernel reaches is cloned with
//! it whatever its declaration says (plan.rs). A function `declare target`
//! names carries the attribute `"openmp-target-declare"="true"` in the IR
//! (icx's, on definitions and declarations; weft-markers sets it on the
//! functions weft-cc lists): one this module defines and other modules may
//! call (not internal) goes into the device image even when none of this
//! module's kernels reaches it, as clang puts every declare target function
//! there, so another file's kernel can call it across the device link; and
//! a kernel may call one this module only declares (another file's image
//! defines it).
use std::collections::BTreeSet;

use llvm_plugin::inkwell::attributes::AttributeLoc;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::values::FunctionValue;
use weft_intrinsics::{ffi, WeftError};

use super::globals::{self, DeviceGlobals};
use super::plan;

/// The attribute of a declare target function (icx's spelling).
pub const ATTRIBUTE: &str = "openmp-target-declare";

/// Whether `f` is declared `declare target`.
pub fn is_declared(f: FunctionValue<'_>) -> bool {
    f.get_string_attribute(AttributeLoc::Function, ATTRIBUTE)
        .is_some_and(|a| a.get_string_value().to_bytes() == b"true")
}

/// Marks `f` declare target (what weft-markers does for weft-cc's list).
pub fn mark(f: FunctionValue<'_>) {
    let ctx = f.get_type().get_context();
    f.add_attribute(AttributeLoc::Function, ctx.create_string_attribute(ATTRIBUTE, "true"));
}

/// weft-cc's list of declare target functions (names separated by
/// blanks in one string), made attributes; the list goes.
pub const LIST: &str = "__weft_cc_declare_target_functions";

/// Marks the functions weft-cc's list names and removes the list; whether
/// the module changed.
pub fn mark_listed(m: &Module<'_>) -> bool {
    let Some(list) = m.get_global(LIST) else { return false };
    let names = ffi::c_string(list.as_pointer_value().into()).unwrap_or_default();
    for f in names.split_whitespace().filter_map(|n| m.get_function(n)) {
        mark(f);
    }
    if ffi::users(ffi::Value::of(list.as_pointer_value())).is_empty() {
        // SAFETY: weft-cc's own global, which nothing uses.
        unsafe { list.delete() };
    }
    true
}

/// The declare target functions `m` defines for other modules, and what
/// they reach, added to `all`; each checked as a kernel's code is.
pub fn plan(m: &Module<'_>, all: &mut BTreeSet<String>, globals: &DeviceGlobals) -> Result<(), Vec<WeftError>> {
    let mut errors = Vec::new();
    for f in m.get_functions() {
        let local = matches!(f.get_linkage(), Linkage::Internal | Linkage::Private);
        if f.count_basic_blocks() == 0 || local || !is_declared(f) {
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
        for i in plan::instructions(g) {
            for h in plan::referenced_functions(m, i) {
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
