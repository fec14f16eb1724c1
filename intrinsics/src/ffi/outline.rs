//! Outlining a region into a microtask (`cpp/outline.cc`, LLVM's
//! CodeExtractor) and the code motion around a region's blocks: uses
//! replaced inside them only, derived pointers recomputed from a copy,
//! escaping values recomputed after them.
use std::ffi::{c_char, c_int, c_uint, c_void, CString};

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::values::{AsValueRef, FunctionValue, InstructionValue};

extern "C" {
    fn weft_outline_microtask(
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
        name: *const c_char,
        cache: *mut c_void,
        call: *mut LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_outline_context_new(f: LLVMValueRef) -> *mut c_void;
    fn weft_outline_context_free(cx: *mut c_void);
    fn weft_rematerialize_derived(
        orig: LLVMValueRef,
        copy: LLVMValueRef,
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
        at: LLVMValueRef,
    );
    fn weft_unrecomputable_escaping(
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
        begin: LLVMValueRef,
        end: LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_recompute_escaping(blocks: *mut LLVMBasicBlockRef, n: c_uint, at: LLVMValueRef, all: c_int)
        -> LLVMValueRef;
    fn weft_replace_uses_in_blocks(
        from: LLVMValueRef,
        to: LLVMValueRef,
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
    ) -> c_uint;
}

/// What outlining keeps per function so that each region costs its own
/// size, not the function's (see `weft_outline_microtask` in the helper):
/// CodeExtractor's analysis, shared, and which allocas have lifetime markers.
pub struct OutlineContext {
    raw: *mut c_void,
    function: LLVMValueRef,
}

impl OutlineContext {
    pub fn new(f: FunctionValue<'_>) -> Self {
        // SAFETY: a live function; freed in Drop.
        OutlineContext { raw: unsafe { weft_outline_context_new(f.as_value_ref()) }, function: f.as_value_ref() }
    }
    /// Whether this context was made for `f`.
    pub fn is_for(&self, f: FunctionValue<'_>) -> bool {
        self.function == f.as_value_ref()
    }
}

impl Drop for OutlineContext {
    fn drop(&mut self) {
        // SAFETY: made by weft_outline_context_new, freed once; freeing reads
        // none of the function's IR.
        unsafe { weft_outline_context_free(self.raw) }
    }
}

/// Outlines `blocks` (the first is the region's only entry, and the region
/// has one exit and no values used after it) into an internal microtask
/// `void name(ptr gtid, ptr btid, ptr args)` with LLVM's CodeExtractor,
/// through `cx`, made for the blocks' function. Variables declared inside
/// the region (lifetime markers and every use in it) go into the microtask.
/// Returns the microtask and the call left in the caller,
/// `call void @name(ptr null, ptr null, ptr %args)`; None if CodeExtractor
/// refuses the region.
pub fn outline_microtask<'ctx>(
    blocks: &[BasicBlock<'ctx>],
    name: &str,
    cx: &OutlineContext,
) -> Option<(FunctionValue<'ctx>, InstructionValue<'ctx>)> {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.as_mut_ptr()).collect();
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    let mut call: LLVMValueRef = std::ptr::null_mut();
    debug_assert!(blocks.first().and_then(|b| b.get_parent()).map_or(false, |f| cx.is_for(f)));
    // SAFETY: live blocks of one function, and that function's context; the
    // helper returns null (and leaves the IR unchanged) when the region
    // cannot be extracted, else a new function of the same module and the
    // call it left in the caller.
    unsafe {
        let f = weft_outline_microtask(raw.as_mut_ptr(), raw.len() as c_uint, cname.as_ptr(), cx.raw, &mut call);
        if f.is_null() {
            return None;
        }
        Some((FunctionValue::new(f)?, InstructionValue::new(call)))
    }
}

/// Replaces the uses of `from` by `to` inside `blocks` only (never in `to`
/// itself); returns how many.
pub fn replace_uses_in_blocks<'ctx>(from: impl AsValueRef, to: impl AsValueRef, blocks: &[BasicBlock<'ctx>]) -> u32 {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.as_mut_ptr()).collect();
    // SAFETY: live values of the same type (callers check) and live blocks.
    unsafe {
        weft_replace_uses_in_blocks(from.as_value_ref(), to.as_value_ref(), raw.as_mut_ptr(), raw.len() as c_uint)
    }
}

/// Pointers derived from `orig` (GEPs, casts) computed outside `blocks` but
/// used inside them are recomputed from `copy` before `at`, and those uses
/// rewired: after `replace_uses_in_blocks` the variable's elements are then
/// reached through the copy only.
pub fn rematerialize_derived<'ctx>(
    orig: impl AsValueRef,
    copy: impl AsValueRef,
    blocks: &[BasicBlock<'ctx>],
    at: InstructionValue<'ctx>,
) {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.as_mut_ptr()).collect();
    // SAFETY: live values and blocks of one function; `at` is in a block that
    // dominates `blocks` (the region's prologue), so the clones dominate their uses.
    unsafe {
        weft_rematerialize_derived(
            orig.as_value_ref(),
            copy.as_value_ref(),
            raw.as_mut_ptr(),
            raw.len() as c_uint,
            at.as_value_ref(),
        )
    }
}

/// Values computed in `blocks` and used after them are recomputed before
/// `at` when they are pure computations of outside values; returns the first
/// that cannot be (it reads memory or has effects), if any.
pub fn recompute_escaping<'ctx>(
    blocks: &[BasicBlock<'ctx>],
    at: InstructionValue<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    recompute(blocks, at, false)
}

/// The first value of a region in the unchanged IR (from after `begin`, its
/// BEGIN group's last call, to before `end`, its END group's first call,
/// through `blocks`, every block of it) that is used after the region and
/// that `recompute_escaping` could not recompute there. Changes nothing.
pub fn unrecomputable_escaping<'ctx>(
    blocks: &[BasicBlock<'ctx>],
    begin: InstructionValue<'ctx>,
    end: InstructionValue<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.as_mut_ptr()).collect();
    // SAFETY: live blocks of one function and two live instructions of it.
    unsafe {
        let v = weft_unrecomputable_escaping(
            raw.as_mut_ptr(),
            raw.len() as c_uint,
            begin.as_value_ref(),
            end.as_value_ref(),
        );
        (!v.is_null()).then(|| InstructionValue::new(v))
    }
}

/// `recompute_escaping` for every value it can, leaving the others (a
/// parallel region passes those out through its primary thread).
pub fn recompute_pure_escaping<'ctx>(blocks: &[BasicBlock<'ctx>], at: InstructionValue<'ctx>) {
    recompute(blocks, at, true);
}

fn recompute<'ctx>(
    blocks: &[BasicBlock<'ctx>],
    at: InstructionValue<'ctx>,
    all: bool,
) -> Option<InstructionValue<'ctx>> {
    let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.as_mut_ptr()).collect();
    // SAFETY: live blocks of one function; `at` post-dominates them (the
    // region's END block), so the clones dominate every use after the region.
    unsafe {
        let v = weft_recompute_escaping(raw.as_mut_ptr(), raw.len() as c_uint, at.as_value_ref(), c_int::from(all));
        (!v.is_null()).then(|| InstructionValue::new(v))
    }
}
