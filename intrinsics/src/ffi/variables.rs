//! What a pointer names (`cpp/variables.cc`), for the data-sharing clauses:
//! the variable's type and alignment, variable-length arrays, thread-local
//! variables, captures, what an instruction writes through or points into,
//! constant strings.
use std::ffi::{c_char, c_int, c_uint};

use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::llvm_sys::LLVMTypeKind;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{AsValueRef, BasicValueEnum, InstructionValue, IntValue, PointerValue};

use super::value::{bytes_to_string, Value};

extern "C" {
    fn weft_vla_length(v: LLVMValueRef, elem: *mut LLVMTypeRef) -> LLVMValueRef;
    fn weft_may_be_captured(v: LLVMValueRef) -> c_int;
    fn weft_writes_through_unknown(inst: LLVMValueRef) -> c_int;
    fn weft_written_alloca(inst: LLVMValueRef) -> LLVMValueRef;
    fn weft_pointed_variables(inst: LLVMValueRef, out: *mut LLVMValueRef, kind: *mut c_int, cap: c_uint) -> c_uint;
    fn weft_c_string(v: LLVMValueRef, len: *mut usize) -> *const c_char;
    fn weft_memory_type(v: LLVMValueRef) -> LLVMTypeRef;
    fn weft_variable_align(v: LLVMValueRef) -> c_uint;
    fn weft_is_thread_local(v: LLVMValueRef) -> c_int;
    fn weft_thread_local_global(v: LLVMValueRef) -> LLVMValueRef;
    fn weft_initializer_user(v: LLVMValueRef) -> LLVMValueRef;
}

/// Whether a pointer (an alloca's address) may be captured: stored
/// somewhere, passed to a call, made an integer.
pub fn may_be_captured(v: Value) -> bool {
    // SAFETY: a read-only analysis of a live value's uses.
    unsafe { weft_may_be_captured(v.0) != 0 }
}

/// Whether `inst` writes memory through an address not known to be one
/// alloca or global (through a loaded pointer, say).
pub fn writes_through_unknown(inst: InstructionValue<'_>) -> bool {
    // SAFETY: a read-only query on a live instruction.
    unsafe { weft_writes_through_unknown(inst.as_value_ref()) != 0 }
}

/// A variable-length array (an alloca of a run-time element count): the
/// count and the element type.
pub fn vla_length<'ctx>(v: PointerValue<'ctx>) -> Option<(IntValue<'ctx>, BasicTypeEnum<'ctx>)> {
    let mut elem = std::ptr::null_mut();
    // SAFETY: a read-only query of a live value; both results are of its context.
    unsafe {
        let n = weft_vla_length(v.as_value_ref(), &mut elem);
        if n.is_null() {
            return None;
        }
        Some((IntValue::new(n), BasicTypeEnum::new(elem)))
    }
}

/// The alloca an instruction writes through (store, atomic, memset/memcpy
/// destination), if any.
pub fn written_alloca<'ctx>(inst: InstructionValue<'ctx>) -> Option<PointerValue<'ctx>> {
    // SAFETY: read-only query on a live instruction; an alloca of its
    // function is a pointer of the same context.
    let a = unsafe { weft_written_alloca(inst.as_value_ref()) };
    (!a.is_null()).then(|| unsafe { PointerValue::new(a) })
}

/// What each pointer operand of `inst` points into: `(object, is_alloca)`
/// for allocas and for global variables that are neither constant nor
/// thread-local (what a data-sharing clause could name).
pub fn pointed_variables<'ctx>(inst: InstructionValue<'ctx>) -> Vec<(PointerValue<'ctx>, bool)> {
    let cap = inst.get_num_operands().max(1);
    let mut out = vec![std::ptr::null_mut(); cap as usize];
    let mut kind = vec![0 as c_int; cap as usize];
    // SAFETY: a live instruction; the helper writes at most `cap` entries.
    let n = unsafe { weft_pointed_variables(inst.as_value_ref(), out.as_mut_ptr(), kind.as_mut_ptr(), cap) };
    // SAFETY: allocas and globals the instruction points into: pointers of
    // its context.
    out.into_iter()
        .zip(kind)
        .take(n.min(cap) as usize)
        .map(|(v, k)| (unsafe { PointerValue::new(v) }, k == 1))
        .collect()
}

/// The C string a pointer names (a constant global `c"name\00"`).
pub fn c_string(v: BasicValueEnum<'_>) -> Option<String> {
    let mut len = 0usize;
    // SAFETY: a live value; the helper returns null or bytes owned by the constant.
    let p = unsafe { weft_c_string(v.as_value_ref(), &mut len) };
    (!p.is_null()).then(|| bytes_to_string(p, len))
}

/// Whether `v` is a thread-local global variable (how threadprivate
/// variables reach the IR).
pub fn is_thread_local(v: BasicValueEnum<'_>) -> bool {
    // SAFETY: a read-only query on a live value.
    unsafe { weft_is_thread_local(v.as_value_ref()) != 0 }
}

/// The thread-local global `v` names: itself, or the global behind the
/// `llvm.threadlocal.address` call that gives this thread's instance.
pub fn thread_local_global<'ctx>(v: BasicValueEnum<'ctx>) -> Option<PointerValue<'ctx>> {
    // SAFETY: a read-only query on a live value; the result is a global of its module.
    let g = unsafe { weft_thread_local_global(v.as_value_ref()) };
    (!g.is_null()).then(|| unsafe { PointerValue::new(g) })
}

/// The name of a global whose static initializer holds `g`'s address (a
/// thread-local variable's address is no link-time constant), if any.
pub fn initializer_user(g: PointerValue<'_>) -> Option<String> {
    // SAFETY: a read-only walk of a live global's users; the result is null
    // or a global of the same module, whose name is copied at once.
    unsafe {
        let u = weft_initializer_user(g.as_value_ref());
        if u.is_null() {
            return None;
        }
        let mut len = 0usize;
        let p = LLVMGetValueName2(u, &mut len);
        Some(bytes_to_string(p, len))
    }
}

/// The type of the variable a pointer names: an alloca's allocated type (one
/// element) or a global variable's value type.
pub fn memory_type<'ctx>(v: BasicValueEnum<'ctx>) -> Option<BasicTypeEnum<'ctx>> {
    // SAFETY: a live value; the helper returns null or a type of its context.
    unsafe {
        let t = weft_memory_type(v.as_value_ref());
        if t.is_null()
            || !matches!(
                LLVMGetTypeKind(t),
                LLVMTypeKind::LLVMIntegerTypeKind
                    | LLVMTypeKind::LLVMFloatTypeKind
                    | LLVMTypeKind::LLVMDoubleTypeKind
                    | LLVMTypeKind::LLVMHalfTypeKind
                    | LLVMTypeKind::LLVMPointerTypeKind
                    | LLVMTypeKind::LLVMStructTypeKind
                    | LLVMTypeKind::LLVMArrayTypeKind
                    | LLVMTypeKind::LLVMVectorTypeKind
                    | LLVMTypeKind::LLVMX86_FP80TypeKind
                    | LLVMTypeKind::LLVMFP128TypeKind
            )
        {
            return None;
        }
        Some(BasicTypeEnum::new(t))
    }
}

/// The alignment in bytes the program may assume of the variable `v` names
/// (an alloca's, a global's, an argument's; behind renames): what a copy of
/// it must have at least, since the region's accesses keep their claims.
pub fn variable_align(v: BasicValueEnum<'_>) -> u32 {
    // SAFETY: a read-only query on a live value.
    unsafe { weft_variable_align(v.as_value_ref()) }
}
