//! The IR's word for a declare target function (docs/offload-device.md,
//! "Declare target functions"): the attribute
//! `"openmp-target-declare"="true"` (icx's, on definitions and
//! declarations), which weft-markers also sets on the functions weft-cc
//! lists in its string `__weft_cc_declare_target_functions`.
use llvm_plugin::inkwell::attributes::AttributeLoc;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::FunctionValue;
use weft_intrinsics::ffi;

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
