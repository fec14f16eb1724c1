//! A directive call's operands (`cpp/operands.cc`), where LLVM 16's C API
//! has no entry point or inkwell would panic: operand bundles (read, added,
//! dropped, renamed), metadata string arguments and what kind an operand is,
//! and the region form's entry and exit calls built with their bundles.
use std::ffi::{c_char, c_int, c_uint, CString};

use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::llvm_sys::LLVMTypeKind;
use llvm_plugin::inkwell::values::{AsValueRef, BasicValueEnum, InstructionValue};

use super::value::{bytes_to_string, Value};
use crate::model::OperandKind;

extern "C" {
    fn weft_bundle_count(call: LLVMValueRef) -> c_uint;
    fn weft_bundle_tag(call: LLVMValueRef, i: c_uint, len: *mut usize) -> *const c_char;
    fn weft_bundle_input_count(call: LLVMValueRef, i: c_uint) -> c_uint;
    fn weft_bundle_input(call: LLVMValueRef, i: c_uint, j: c_uint) -> LLVMValueRef;
    fn weft_metadata_string(v: LLVMValueRef, len: *mut usize) -> *const c_char;
    fn weft_is_metadata(v: LLVMValueRef) -> c_int;
    fn weft_add_bundle(call: LLVMValueRef, tag: *const c_char, values: *mut LLVMValueRef, n: c_uint) -> LLVMValueRef;
    fn weft_build_region_entry(
        before: LLVMValueRef,
        tags: *const *const c_char,
        counts: *const c_uint,
        ntags: c_uint,
        ops: *mut LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_build_region_exit(before: LLVMValueRef, token: LLVMValueRef, tag: *const c_char) -> LLVMValueRef;
    fn weft_drop_bundles(call: LLVMValueRef, prefix: *const c_char) -> LLVMValueRef;
    fn weft_rename_bundle(call: LLVMValueRef, from: *const c_char, to: *const c_char) -> LLVMValueRef;
    fn weft_set_metadata_argument(call: LLVMValueRef, idx: c_uint, s: *const c_char);
}

/// The call's operand bundles: tag and inputs, in order.
pub fn operand_bundles(call: Value) -> Vec<(String, Vec<Value>)> {
    // SAFETY: the helper checks that `call` is a CallBase before reading bundles.
    unsafe {
        let n = weft_bundle_count(call.0);
        (0..n)
            .map(|i| {
                let mut len = 0usize;
                let tag = bytes_to_string(weft_bundle_tag(call.0, i, &mut len), len);
                let m = weft_bundle_input_count(call.0, i);
                let inputs = (0..m).map(|j| Value(weft_bundle_input(call.0, i, j))).collect();
                (tag, inputs)
            })
            .collect()
    }
}

/// The string of a `metadata !"S"` or `metadata !{!"S"}` operand.
pub fn metadata_string(v: Value) -> Option<String> {
    let mut len = 0usize;
    // SAFETY: the helper returns null for anything that is not such metadata.
    let p = unsafe { weft_metadata_string(v.0, &mut len) };
    if p.is_null() {
        None
    } else {
        Some(bytes_to_string(p, len))
    }
}

/// What kind of operand `v` is, as far as clause checking cares.
pub fn operand_kind(v: Value) -> OperandKind {
    // SAFETY: read-only queries on a live value; LLVMTypeOf is valid on
    // metadata-as-value too (metadata type), which is checked first.
    unsafe {
        if weft_is_metadata(v.0) != 0 {
            return match metadata_string(v) {
                Some(s) => OperandKind::MdString(s),
                None => OperandKind::Metadata,
            };
        }
        if !LLVMIsAFunction(v.0).is_null() {
            return OperandKind::Function;
        }
        let ty = LLVMTypeOf(v.0);
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMPointerTypeKind => OperandKind::Pointer { null: LLVMIsNull(v.0) != 0 },
            LLVMTypeKind::LLVMIntegerTypeKind => {
                let bits = LLVMGetIntTypeWidth(ty);
                let value = if !LLVMIsAConstantInt(v.0).is_null() && bits <= 64 {
                    Some(LLVMConstIntGetSExtValue(v.0))
                } else {
                    None
                };
                OperandKind::Int { bits, value }
            }
            LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMBFloatTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind
            | LLVMTypeKind::LLVMX86_FP80TypeKind
            | LLVMTypeKind::LLVMFP128TypeKind
            | LLVMTypeKind::LLVMPPC_FP128TypeKind => OperandKind::Float,
            LLVMTypeKind::LLVMTokenTypeKind => OperandKind::Token,
            _ => OperandKind::Other,
        }
    }
}

/// Adds the operand bundle `tag(values)` to a call (the call is replaced by
/// a new one); returns the new call.
pub fn add_bundle<'ctx>(
    call: InstructionValue<'ctx>,
    tag: &str,
    values: &[BasicValueEnum<'ctx>],
) -> InstructionValue<'ctx> {
    let ctag = CString::new(tag.replace('\0', "")).expect("no interior NUL");
    let mut raw: Vec<LLVMValueRef> = values.iter().map(|v| v.as_value_ref()).collect();
    // SAFETY: a live call and live values of its function; the old call is
    // erased, so callers must not use `call` afterwards.
    unsafe {
        InstructionValue::new(weft_add_bundle(
            call.as_value_ref(),
            ctag.as_ptr(),
            raw.as_mut_ptr(),
            raw.len() as c_uint,
        ))
    }
}

/// Builds `llvm.directive.region.entry()` before `before` with the bundles
/// `(tag, inputs)` in order, at `before`'s debug location.
pub fn build_region_entry<'ctx>(
    before: InstructionValue<'ctx>,
    bundles: &[(String, Vec<Value>)],
) -> InstructionValue<'ctx> {
    let tags: Vec<CString> =
        bundles.iter().map(|(t, _)| CString::new(t.replace('\0', "")).expect("no interior NUL")).collect();
    let ptrs: Vec<*const c_char> = tags.iter().map(|t| t.as_ptr()).collect();
    let counts: Vec<c_uint> = bundles.iter().map(|(_, v)| v.len() as c_uint).collect();
    let mut ops: Vec<LLVMValueRef> = bundles.iter().flat_map(|(_, v)| v.iter().map(|x| x.0)).collect();
    // SAFETY: a live instruction and live values of its function; the arrays
    // outlive the call and agree in length.
    unsafe {
        InstructionValue::new(weft_build_region_entry(
            before.as_value_ref(),
            ptrs.as_ptr(),
            counts.as_ptr(),
            ptrs.len() as c_uint,
            ops.as_mut_ptr(),
        ))
    }
}

/// Builds `llvm.directive.region.exit(token) [ "<tag>"() ]` before `before`.
pub fn build_region_exit<'ctx>(
    before: InstructionValue<'ctx>,
    token: InstructionValue<'ctx>,
    tag: &str,
) -> InstructionValue<'ctx> {
    let ctag = CString::new(tag.replace('\0', "")).expect("no interior NUL");
    // SAFETY: live instructions; `token` is a region entry of this function.
    unsafe { InstructionValue::new(weft_build_region_exit(before.as_value_ref(), token.as_value_ref(), ctag.as_ptr())) }
}

/// Removes the operand bundles whose tag starts with `prefix` from a call;
/// returns the call that replaces it (itself when it had none).
pub fn drop_bundles<'ctx>(call: InstructionValue<'ctx>, prefix: &str) -> InstructionValue<'ctx> {
    let cprefix = CString::new(prefix.replace('\0', "")).expect("no interior NUL");
    // SAFETY: a live call; the helper replaces it (every use moves to the
    // new call) only when it drops a bundle.
    unsafe { InstructionValue::new(weft_drop_bundles(call.as_value_ref(), cprefix.as_ptr())) }
}

/// Renames the operand bundle tagged `from` to `to`; returns the call that
/// replaces it (itself when no bundle matched).
pub fn rename_bundle<'ctx>(call: InstructionValue<'ctx>, from: &str, to: &str) -> InstructionValue<'ctx> {
    let (f, t) =
        (CString::new(from.replace('\0', "")).expect("no NUL"), CString::new(to.replace('\0', "")).expect("no NUL"));
    // SAFETY: a live call; the helper replaces it (every use moves to the
    // new call) only when a bundle matched.
    unsafe { InstructionValue::new(weft_rename_bundle(call.as_value_ref(), f.as_ptr(), t.as_ptr())) }
}

/// Makes argument `idx` of a live call the metadata string `s`.
pub fn set_metadata_argument(call: InstructionValue<'_>, idx: u32, s: &str) {
    let c = CString::new(s.replace('\0', "")).expect("no interior NUL");
    // SAFETY: a live call with a metadata argument at `idx` (a directive intrinsic's).
    unsafe { weft_set_metadata_argument(call.as_value_ref(), idx, c.as_ptr()) }
}
