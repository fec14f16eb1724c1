//! What the FFI modules share: a value of the module by identity, a
//! block's identity, and strings LLVM hands out.
use std::ffi::{c_char, CStr};

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::values::{AsValueRef, InstructionValue};

use crate::model::ValueId;

/// A value of the module being processed, by identity. Valid while the
/// module is alive and the value is not erased; weft only keeps these for the
/// duration of one pass run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value(pub(super) LLVMValueRef);

impl Value {
    pub fn of_instruction(i: InstructionValue<'_>) -> Value {
        Value(i.as_value_ref())
    }

    /// Any value inkwell hands out (a pointer, an integer, ...).
    pub fn of(v: impl AsValueRef) -> Value {
        Value(v.as_value_ref())
    }

    pub fn id(self) -> ValueId {
        ValueId(self.0 as usize)
    }

    pub fn raw(self) -> LLVMValueRef {
        self.0
    }

    /// # Safety
    /// `v` must be a live value of a module that outlives the returned handle.
    pub unsafe fn from_raw(v: LLVMValueRef) -> Value {
        Value(v)
    }
}

pub(super) fn bytes_to_string(ptr: *const c_char, len: usize) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: LLVM hands out (ptr, len) pairs of bytes it owns, valid right now.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// Takes ownership of an LLVM-allocated message.
pub(super) fn take_message(ptr: *mut c_char) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: ptr is a NUL-terminated string from LLVM (strdup / LLVMPrint*), freed once here.
    unsafe {
        let s = CStr::from_ptr(ptr).to_string_lossy().into_owned();
        LLVMDisposeMessage(ptr);
        s
    }
}

/// Identity of a basic block (its address while the function lives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockId(pub(super) usize);

pub fn block_id(bb: BasicBlock<'_>) -> BlockId {
    BlockId(bb.as_mut_ptr() as usize)
}

/// What a C helper of the form `n = f(out, cap)` lists (it writes the
/// first `cap` values to `out` and returns how many there are): called
/// once to count and once to fill a buffer of that size.
pub(super) fn listed(f: impl Fn(*mut LLVMValueRef, std::ffi::c_uint) -> std::ffi::c_uint) -> Vec<LLVMValueRef> {
    let n = f(std::ptr::null_mut(), 0);
    let mut out: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n as usize];
    let got = f(out.as_mut_ptr(), n);
    out.truncate(got.min(n) as usize);
    out
}
