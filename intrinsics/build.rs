//! Builds the small C++ helper (cpp/*.cc) against the LLVM 16 headers.
//! It covers what the LLVM 16 C API lacks: operand bundles, metadata strings,
//! block splitting, printing a value as an operand, plugin diagnostics,
//! outlining, loops, simd loops.
use std::path::PathBuf;
use std::process::Command;

/// The helper's C++ files, one concern each (see each file's first lines).
const SOURCES: &[&str] = &[
    "cpp/helper.cc",
    "cpp/operands.cc",
    "cpp/outline.cc",
    "cpp/variables.cc",
    "cpp/loops.cc",
    "cpp/unrotate.cc",
    "cpp/simd.cc",
    "cpp/widen.cc",
    "cpp/fusion.cc",
    "cpp/device.cc",
];

fn llvm_config(arg: &str) -> String {
    let prefix = std::env::var("LLVM_SYS_160_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-16".into());
    let exe = PathBuf::from(prefix).join("bin").join("llvm-config");
    let out = Command::new(&exe)
        .arg(arg)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e} (install llvm-16-dev)", exe.display()));
    String::from_utf8(out.stdout).expect("llvm-config output").trim().to_string()
}

fn main() {
    let mut build = cc::Build::new();
    build.cpp(true);
    for f in SOURCES {
        build.file(f);
    }
    build
        .flag("-isystem")
        .flag(llvm_config("--includedir"))
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .warnings(true);
    // The helper subclasses DiagnosticInfo: its RTTI setting must match LLVM's.
    if llvm_config("--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build.compile("weft-helper");
    for f in SOURCES {
        println!("cargo:rerun-if-changed={f}");
    }
    println!("cargo:rerun-if-changed=cpp/loops.h");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_160_PREFIX");
}
