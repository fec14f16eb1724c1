//! The C math library on the device (docs/offload-device.md, "Math
//! functions"). clang's device compilation maps `sin` to libdevice's
//! `__nv_sin` through its math wrapper headers and links libdevice
//! (`-mlink-builtin-bitcode libdevice.10.bc`) before the bitcode reaches
//! clang-linker-wrapper, which does not link it again. weft clones host IR,
//! where the math is C's: calls to `sin`, `powf`, ... and LLVM intrinsics.
//! So the device module's libm calls are renamed to libdevice's, the
//! intrinsics the NVPTX back end cannot select (`llvm.sin`, `llvm.exp`,
//! `llvm.pow`, ...: it has no instruction for them) become calls to
//! libdevice's functions, and weft links what libdevice defines of them
//! into the device module, internalized, as clang does. The ones the back
//! end selects (`llvm.sqrt`, `llvm.fabs`, `llvm.fma`, `llvm.floor`, ...)
//! stay. libdevice is found where the module's `.omp.offload.libdevice`
//! says (weft-cc: `--cuda-path`), else in clang's default CUDA folder; a
//! device kernel that calls math without one is refused by name.
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use llvm_plugin::inkwell::attributes::AttributeLoc;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::FunctionValue;
use weft_intrinsics::{ffi, Rule, WeftError};

use super::request::{Request, DEFAULT_LIBDEVICE};
use super::walk;

/// C99's math functions (and GNU's `exp10`, `sincos`) that libdevice
/// defines as `__nv_<name>` for `double` and `__nv_<name>f` for `float`,
/// with C's prototypes.
const MATH: &[&str] = &[
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "erf",
    "erfc",
    "exp",
    "exp10",
    "exp2",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "frexp",
    "hypot",
    "ilogb",
    "j0",
    "j1",
    "jn",
    "ldexp",
    "lgamma",
    "llrint",
    "llround",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "modf",
    "nearbyint",
    "nextafter",
    "pow",
    "remainder",
    "remquo",
    "rint",
    "round",
    "scalbn",
    "sin",
    "sincos",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "tgamma",
    "trunc",
    "y0",
    "y1",
    "yn",
];

/// C functions libdevice has under another name of the same prototype
/// (`long` is 64 bits on both sides).
const SPELLED: &[(&str, &str)] = &[("lrint", "llrint"), ("lround", "llround")];

/// The LLVM intrinsics NVPTX cannot select, by the libdevice function
/// that computes them (the overload's scalar type picks `double` or
/// `float`).
const INTRINSICS: &[(&str, &str)] = &[
    ("sin", "sin"),
    ("cos", "cos"),
    ("exp", "exp"),
    ("exp2", "exp2"),
    ("log", "log"),
    ("log2", "log2"),
    ("log10", "log10"),
    ("pow", "pow"),
    ("powi", "powi"),
    ("lrint", "llrint"),
    ("llrint", "llrint"),
    ("lround", "llround"),
    ("llround", "llround"),
];

/// libdevice's function for a C math function or an intrinsic, if it has one.
pub fn device_name(callee: &str) -> Option<String> {
    if let Some(rest) = callee.strip_prefix("llvm.") {
        let mut parts = rest.split('.');
        let base = parts.next()?;
        let (_, nv) = INTRINSICS.iter().find(|(i, _)| *i == base)?;
        // The overload's types: the floating-point one picks the function
        // (`llvm.powi.f64.i32`, `llvm.lrint.i64.f64`); an integer result
        // must be 64 bits (libdevice's `long long`); vectors have none.
        let types: Vec<&str> = parts.collect();
        let float = types.iter().find(|t| t.starts_with('f'))?;
        if types.iter().any(|t| t.starts_with('v') || (t.starts_with('i') && nv.starts_with("ll") && *t != "i64")) {
            return None;
        }
        return match *float {
            "f64" => Some(format!("__nv_{nv}")),
            "f32" => Some(format!("__nv_{nv}f")),
            _ => None,
        };
    }
    let (base, suffix) = match callee.strip_suffix('f') {
        Some(b) if MATH.contains(&b) || SPELLED.iter().any(|(c, _)| *c == b) => (b, "f"),
        _ => (callee, ""),
    };
    if MATH.contains(&base) {
        return Some(format!("__nv_{base}{suffix}"));
    }
    SPELLED.iter().find(|(c, _)| *c == base).map(|(_, nv)| format!("__nv_{nv}{suffix}"))
}

/// Whether `callee` is an intrinsic NVPTX cannot select that libdevice
/// does not compute either (a vector of them, another width): refused.
pub fn unselectable(callee: &str) -> bool {
    let Some(rest) = callee.strip_prefix("llvm.") else { return false };
    let base = rest.split('.').next().unwrap_or("");
    INTRINSICS.iter().any(|(i, _)| *i == base) && device_name(callee).is_none()
}

/// The math calls of the device functions, each callee once with its
/// libdevice name, and the libdevice the module links.
#[derive(Debug, Default)]
pub struct MathPlan {
    pub renames: BTreeMap<String, String>,
    pub libdevice: Option<String>,
}

/// The math functions the device functions (named in `functions`) call,
/// and where libdevice is; refused by name when they call math and there
/// is none.
pub fn plan(m: &Module<'_>, functions: &BTreeSet<String>, req: &Request) -> Result<MathPlan, WeftError> {
    let mut out = MathPlan::default();
    let mut first = None;
    for f in functions.iter().filter_map(|n| m.get_function(n)) {
        for i in walk::instructions(f) {
            let Some(callee) = walk::callee(i) else { continue };
            let declared = m.get_function(&callee).is_some_and(|g| g.count_basic_blocks() == 0);
            if let Some(nv) = device_name(&callee).filter(|_| declared) {
                first.get_or_insert_with(|| (callee.clone(), f.get_name().to_string_lossy().into_owned()));
                out.renames.insert(callee, nv);
            }
        }
    }
    let Some((callee, func)) = first else { return Ok(out) };
    let path = req.libdevice.clone().unwrap_or_else(|| DEFAULT_LIBDEVICE.to_string());
    if !Path::new(&path).is_file() {
        return Err(WeftError::new(
            Rule::NotYetSupported,
            format!("a call to '{callee}'"),
            format!(
                "the device's math library, libdevice, is not at '{path}' (weft-cc: --cuda-path=DIR; or the module's constant string .omp.offload.libdevice)"
            ),
        )
        .on_directive("DIR.OMP.TARGET")
        .in_function(func));
    }
    out.libdevice = Some(path);
    Ok(out)
}

/// The device module's math calls made libdevice's, and libdevice linked
/// in (what the module calls of it, internalized, with the device's
/// target attributes).
pub fn build(dev: &Module<'_>, math: &MathPlan, arch: &str, features: &str) -> Result<(), WeftError> {
    let Some(path) = &math.libdevice else { return Ok(()) };
    for (callee, nv) in &math.renames {
        let Some(f) = dev.get_function(callee) else { continue };
        match dev.get_function(nv) {
            Some(g) => replace(f, g),
            None if callee.starts_with("llvm.") => replace(f, dev.add_function(nv, f.get_type(), None)),
            None => f.as_global_value().as_pointer_value().set_name(nv),
        }
    }
    let before: Vec<FunctionValue<'_>> = dev.get_functions().filter(|f| f.count_basic_blocks() > 0).collect();
    ffi::link_bitcode_library(dev, path).map_err(|msg| {
        WeftError::new(Rule::NotYetSupported, "libdevice", format!("cannot be linked into the device image: {msg}"))
    })?;
    let ctx = dev.get_context();
    for f in dev.get_functions().filter(|f| f.count_basic_blocks() > 0 && !before.contains(f)) {
        for (k, v) in [("target-cpu", arch), ("target-features", features)] {
            f.remove_string_attribute(AttributeLoc::Function, k);
            f.add_attribute(AttributeLoc::Function, ctx.create_string_attribute(k, v));
        }
    }
    Ok(())
}

/// Every use of `from` made a use of `to`; `from` goes.
fn replace<'ctx>(from: FunctionValue<'ctx>, to: FunctionValue<'ctx>) {
    from.as_global_value().as_pointer_value().replace_all_uses_with(to.as_global_value().as_pointer_value());
    // SAFETY: a declaration nothing uses any more.
    unsafe { from.delete() };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_libdevice_functions() {
        assert_eq!(device_name("sin").as_deref(), Some("__nv_sin"));
        assert_eq!(device_name("powf").as_deref(), Some("__nv_powf"));
        assert_eq!(device_name("lroundf").as_deref(), Some("__nv_llroundf"));
        assert_eq!(device_name("fmaf").as_deref(), Some("__nv_fmaf"));
        assert_eq!(device_name("llvm.sin.f64").as_deref(), Some("__nv_sin"));
        assert_eq!(device_name("llvm.exp2.f32").as_deref(), Some("__nv_exp2f"));
        assert_eq!(device_name("llvm.powi.f64.i32").as_deref(), Some("__nv_powi"));
        assert_eq!(device_name("llvm.lround.i64.f64").as_deref(), Some("__nv_llround"));
        assert_eq!(device_name("llvm.lround.i32.f64"), None);
        assert_eq!(device_name("llvm.sin.v2f64"), None);
        assert_eq!(device_name("llvm.sqrt.f64"), None);
        assert_eq!(device_name("printf"), None);
        assert_eq!(device_name("f"), None);
        assert!(unselectable("llvm.sin.v4f32"));
        assert!(unselectable("llvm.sin.f80"));
        assert!(!unselectable("llvm.sqrt.v2f64"));
        assert!(!unselectable("llvm.sin.f64"));
    }
}
