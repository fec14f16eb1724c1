//! The device module of offloading (cpp/device.cc): the host module's
//! kernels cloned into a module of their own, and a finished device module
//! embedded in the host module's `.llvm.offloading` section as an
//! OffloadBinary image (docs/offload-device.md).
use std::ffi::{c_char, c_uint, CString};

use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{AsValueRef, FloatValue, InstructionValue, PointerValue};

extern "C" {
    fn weft_device_clone(host: LLVMModuleRef, keep: *const *const c_char, n: c_uint) -> LLVMModuleRef;
    fn weft_device_optimize(dev: LLVMModuleRef, cpu: *const c_char, features: *const c_char, level: c_uint) -> i32;
    fn weft_device_embed(
        host: LLVMModuleRef,
        dev: LLVMModuleRef,
        triple: *const c_char,
        arch: *const c_char,
        feature: *const c_char,
    );
}

/// A copy of `host`, in its context, with the bodies of the functions
/// named in `keep` and the constant globals they read; everything else
/// is a declaration or, unused, gone.
pub fn clone_for_device<'ctx>(host: &Module<'ctx>, keep: &[String]) -> Module<'ctx> {
    let names: Vec<CString> = keep.iter().map(|k| CString::new(k.as_str()).unwrap_or_default()).collect();
    let ptrs: Vec<*const c_char> = names.iter().map(|c| c.as_ptr()).collect();
    // SAFETY: a live module; the names outlive the call. The result is a new
    // module in the host's context that nothing else owns: the Module
    // returned owns it and disposes of it when dropped.
    unsafe {
        let raw = weft_device_clone(host.as_mut_ptr(), ptrs.as_ptr(), ptrs.len() as c_uint);
        Module::new(raw)
    }
}

/// `dev` through LLVM's full-LTO pre-link pipeline at `level` (1-3) for
/// GPU `cpu` with `features`, as clang's -foffload-lto device compilation
/// runs it; false when the process has no NVPTX target (nothing done).
pub fn optimize_device(dev: &Module<'_>, cpu: &str, features: &str, level: u32) -> bool {
    let c = |s: &str| CString::new(s).unwrap_or_default();
    let (cpu, features) = (c(cpu), c(features));
    // SAFETY: a live module the pipeline owns for the call; the strings
    // outlive it.
    unsafe { weft_device_optimize(dev.as_mut_ptr(), cpu.as_ptr(), features.as_ptr(), level) == 0 }
}

/// `dev`'s bitcode as an OpenMP offloading image for `triple`/`arch` with
/// target `feature`, embedded in `host` (`@llvm.embedded.object`).
pub fn embed_device_image(host: &Module<'_>, dev: &Module<'_>, triple: &str, arch: &str, feature: &str) {
    let c = |s: &str| CString::new(s).unwrap_or_default();
    let (t, a, f) = (c(triple), c(arch), c(feature));
    // SAFETY: two live modules of one context; the strings outlive the call,
    // which copies what it keeps.
    unsafe { weft_device_embed(host.as_mut_ptr(), dev.as_mut_ptr(), t.as_ptr(), a.as_ptr(), f.as_ptr()) }
}

/// `atomicrmw fadd ptr, v monotonic` before `before` (inkwell builds
/// integer atomicrmw only): a reduction's atomic combine of a floating-point
/// item (the NVPTX back end has `atom.add.f32/f64`; x86 expands it to a
/// compare-exchange loop).
pub fn float_atomic_add<'ctx>(
    before: InstructionValue<'ctx>,
    ptr: PointerValue<'ctx>,
    v: FloatValue<'ctx>,
) -> InstructionValue<'ctx> {
    use llvm_plugin::inkwell::llvm_sys::core::*;
    use llvm_plugin::inkwell::llvm_sys::{LLVMAtomicOrdering, LLVMAtomicRMWBinOp};
    // SAFETY: a live instruction and live values of one function; the
    // builder is made and disposed here.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(ptr.as_value_ref()));
        let b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(b, before.as_value_ref());
        let i = LLVMBuildAtomicRMW(
            b,
            LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpFAdd,
            ptr.as_value_ref(),
            v.as_value_ref(),
            LLVMAtomicOrdering::LLVMAtomicOrderingMonotonic,
            0,
        );
        LLVMDisposeBuilder(b);
        InstructionValue::new(i)
    }
}
