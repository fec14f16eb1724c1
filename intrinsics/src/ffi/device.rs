//! The device module of offloading (cpp/device.cc): the host module's
//! kernels cloned into a module of their own, and a finished device module
//! embedded in the host module's `.llvm.offloading` section as an
//! OffloadBinary image (docs/offload-device.md).
use std::ffi::{c_char, c_uint, CString};

use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::module::Module;

extern "C" {
    fn weft_device_clone(host: LLVMModuleRef, keep: *const *const c_char, n: c_uint) -> LLVMModuleRef;
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

/// `dev`'s bitcode as an OpenMP offloading image for `triple`/`arch` with
/// target `feature`, embedded in `host` (`@llvm.embedded.object`).
pub fn embed_device_image(host: &Module<'_>, dev: &Module<'_>, triple: &str, arch: &str, feature: &str) {
    let c = |s: &str| CString::new(s).unwrap_or_default();
    let (t, a, f) = (c(triple), c(arch), c(feature));
    // SAFETY: two live modules of one context; the strings outlive the call,
    // which copies what it keeps.
    unsafe { weft_device_embed(host.as_mut_ptr(), dev.as_mut_ptr(), t.as_ptr(), a.as_ptr(), f.as_ptr()) }
}
