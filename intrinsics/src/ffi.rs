//! The one place where weft calls LLVM-C directly or calls its C++ helper
//! (`cpp/helper.cc`). Everything else goes through inkwell or through the safe
//! functions here. The raw calls are needed where inkwell would panic (token
//! and metadata operands, which directive calls carry) or where LLVM 16's C
//! API has no entry point (operand bundles, splitting a block, diagnostics).
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::llvm_sys::LLVMTypeKind;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PointerValue,
};

use crate::model::{OperandKind, ValueId};

mod analyses;
mod genx;
mod loops;
mod simd;
pub use analyses::FunctionAnalyses;
pub use genx::*;
use loops::block_of;
pub use loops::*;
pub use simd::*;

extern "C" {
    fn weft_bundle_count(call: LLVMValueRef) -> c_uint;
    fn weft_bundle_tag(call: LLVMValueRef, i: c_uint, len: *mut usize) -> *const c_char;
    fn weft_bundle_input_count(call: LLVMValueRef, i: c_uint) -> c_uint;
    fn weft_bundle_input(call: LLVMValueRef, i: c_uint, j: c_uint) -> LLVMValueRef;
    fn weft_metadata_string(v: LLVMValueRef, len: *mut usize) -> *const c_char;
    fn weft_is_metadata(v: LLVMValueRef) -> c_int;
    fn weft_slots_new(m: LLVMModuleRef) -> *mut c_void;
    fn weft_slots_incorporate(slots: *mut c_void, f: LLVMValueRef);
    fn weft_slots_free(slots: *mut c_void);
    fn weft_print_operand_slots(slots: *mut c_void, v: LLVMValueRef, with_type: c_int) -> *mut c_char;
    fn weft_split_block_before(inst: LLVMValueRef, name: *const c_char) -> LLVMBasicBlockRef;
    fn weft_erase_directive_calls(calls: *mut LLVMValueRef, n: c_uint);
    fn weft_move_before(inst: LLVMValueRef, before: LLVMValueRef);
    fn weft_diagnose(m: LLVMModuleRef, severity: c_int, msg: *const c_char);
    fn weft_outline_microtask(
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
        name: *const c_char,
        cache: *mut c_void,
        call: *mut LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_outline_context_new(f: LLVMValueRef) -> *mut c_void;
    fn weft_outline_context_free(cx: *mut c_void);
    fn weft_add_bundle(call: LLVMValueRef, tag: *const c_char, values: *mut LLVMValueRef, n: c_uint) -> LLVMValueRef;
    fn weft_build_region_entry(
        before: LLVMValueRef,
        tags: *const *const c_char,
        counts: *const c_uint,
        ntags: c_uint,
        ops: *mut LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_build_region_exit(before: LLVMValueRef, token: LLVMValueRef, tag: *const c_char) -> LLVMValueRef;
    fn weft_copy_debug_loc(from: LLVMValueRef, to: LLVMValueRef);
    fn weft_locate_calls(f: LLVMValueRef) -> c_uint;
    fn weft_replace_operand(user: LLVMValueRef, from: LLVMValueRef, to: LLVMValueRef) -> c_uint;
    fn weft_has_operand(user: LLVMValueRef, v: LLVMValueRef) -> c_int;
    fn weft_calls_to(f: LLVMValueRef, out: *mut LLVMValueRef, cap: c_uint) -> c_uint;
    fn weft_replace_call_by_argument(call: LLVMValueRef);
    fn weft_vla_length(v: LLVMValueRef, elem: *mut LLVMTypeRef) -> LLVMValueRef;
    fn weft_may_be_captured(v: LLVMValueRef) -> c_int;
    fn weft_writes_through_unknown(inst: LLVMValueRef) -> c_int;
    fn weft_no_op_copy(v: LLVMValueRef, before: LLVMValueRef, name: *const c_char) -> LLVMValueRef;
    fn weft_written_alloca(inst: LLVMValueRef) -> LLVMValueRef;
    fn weft_drop_bundles(call: LLVMValueRef, prefix: *const c_char) -> LLVMValueRef;
    fn weft_pointed_variables(inst: LLVMValueRef, out: *mut LLVMValueRef, kind: *mut c_int, cap: c_uint) -> c_uint;
    fn weft_remark(kind: c_int, inst: LLVMValueRef, name: *const c_char, msg: *const c_char);
    fn weft_c_string(v: LLVMValueRef, len: *mut usize) -> *const c_char;
    fn weft_rematerialize_derived(
        orig: LLVMValueRef,
        copy: LLVMValueRef,
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
        at: LLVMValueRef,
    );
    fn weft_remove_unreachable_blocks(f: LLVMValueRef) -> c_int;
    fn weft_recompute_escaping(blocks: *mut LLVMBasicBlockRef, n: c_uint, at: LLVMValueRef, all: c_int)
        -> LLVMValueRef;
    fn weft_unrecomputable_escaping(
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
        begin: LLVMValueRef,
        end: LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_single_predecessor(bb: LLVMBasicBlockRef) -> LLVMBasicBlockRef;
    fn weft_memory_type(v: LLVMValueRef) -> LLVMTypeRef;
    fn weft_variable_align(v: LLVMValueRef) -> c_uint;
    fn weft_rename_bundle(call: LLVMValueRef, from: *const c_char, to: *const c_char) -> LLVMValueRef;
    fn weft_set_metadata_argument(call: LLVMValueRef, idx: c_uint, s: *const c_char);
    fn weft_is_thread_local(v: LLVMValueRef) -> c_int;
    fn weft_thread_local_global(v: LLVMValueRef) -> LLVMValueRef;
    fn weft_initializer_user(v: LLVMValueRef) -> LLVMValueRef;
    fn weft_replace_uses_in_blocks(
        from: LLVMValueRef,
        to: LLVMValueRef,
        blocks: *mut LLVMBasicBlockRef,
        n: c_uint,
    ) -> c_uint;
}

/// A value of the module being processed, by identity. Valid while the
/// module is alive and the value is not erased; weft only keeps these for the
/// duration of one pass run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value(LLVMValueRef);

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

fn bytes_to_string(ptr: *const c_char, len: usize) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: LLVM hands out (ptr, len) pairs of bytes it owns, valid right now.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// Takes ownership of an LLVM-allocated message.
fn take_message(ptr: *mut c_char) -> String {
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

/// The name of the function a call instruction calls directly, if any.
pub fn called_function_name(call: Value) -> Option<String> {
    // SAFETY: read-only queries on a live instruction.
    unsafe {
        if LLVMIsACallInst(call.0).is_null() && LLVMIsAInvokeInst(call.0).is_null() {
            return None;
        }
        let callee = LLVMGetCalledValue(call.0);
        if callee.is_null() || LLVMIsAFunction(callee).is_null() {
            return None;
        }
        let mut len = 0usize;
        let p = LLVMGetValueName2(callee, &mut len);
        Some(bytes_to_string(p, len))
    }
}

/// The call's argument operands (not the callee, not bundle operands).
pub fn call_arguments(call: Value) -> Vec<Value> {
    // SAFETY: `call` is a call instruction (checked by the caller through
    // called_function_name); the argument operands come first.
    unsafe {
        let n = LLVMGetNumArgOperands(call.0);
        (0..n).map(|i| Value(LLVMGetOperand(call.0, i))).collect()
    }
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

/// LLVM's slot numbering, for printing many values cheaply: the module's
/// numbering is made once per `Slots`, a function's when `incorporate`d.
/// Must not outlive changes to the function (numbers would be stale).
pub struct Slots(*mut c_void);

impl Slots {
    /// A tracker for `module`; `incorporate` a function before printing its values.
    pub fn for_module(module: &Module<'_>) -> Slots {
        // SAFETY: the module is live; the tracker is freed in Drop.
        Slots(unsafe { weft_slots_new(module.as_mut_ptr()) })
    }

    /// Switches to numbering `f`'s values (cheap: only `f` is walked).
    pub fn incorporate(&self, f: FunctionValue<'_>) {
        // SAFETY: the tracker is live and `f` is a function of its module.
        unsafe { weft_slots_incorporate(self.0, f.as_value_ref()) }
    }

    /// `ptr %a`, `i32 4` (with_type) or `%a`, `4`, numbering unnamed values from this tracker.
    pub fn print_operand(&self, v: Value, with_type: bool) -> String {
        // SAFETY: the tracker is live (freed only in Drop); v is a live value.
        take_message(unsafe { weft_print_operand_slots(self.0, v.0, with_type as c_int) })
    }

    /// The block as an operand (`%name` or `%7`).
    pub fn block_label(&self, bb: BasicBlock<'_>) -> String {
        // SAFETY: a live block viewed as a value.
        let v = unsafe { Value(LLVMBasicBlockAsValue(bb.as_mut_ptr())) };
        self.print_operand(v, false)
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: created by weft_slots_new, freed once.
        unsafe { weft_slots_free(self.0) }
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

/// Identity of a basic block (its address while the function lives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockId(usize);

pub fn block_id(bb: BasicBlock<'_>) -> BlockId {
    BlockId(bb.as_mut_ptr() as usize)
}

/// The successors of a block (through its terminator; none if it has none).
pub fn successors(bb: BasicBlock<'_>) -> Vec<BlockId> {
    let Some(term) = bb.get_terminator() else { return Vec::new() };
    // SAFETY: `term` is a live terminator; only successor addresses are read.
    unsafe {
        let t = term.as_value_ref();
        (0..LLVMGetNumSuccessors(t)).map(|i| BlockId(LLVMGetSuccessor(t, i) as usize)).collect()
    }
}

/// The unwind destination of a block's terminator, if it is an invoke.
pub fn unwind_dest(bb: BasicBlock<'_>) -> Option<BlockId> {
    let term = bb.get_terminator()?;
    // SAFETY: read-only queries on a live terminator.
    unsafe {
        let t = term.as_value_ref();
        if LLVMIsAInvokeInst(t).is_null() {
            return None;
        }
        Some(BlockId(LLVMGetUnwindDest(t) as usize))
    }
}

/// Splits `inst`'s block before `inst` (LLVM's `BasicBlock::splitBasicBlock`,
/// which also fixes successors' phis). Returns the new block, which holds
/// `inst` and everything after it.
pub fn split_block_before<'ctx>(inst: InstructionValue<'ctx>, name: &str) -> BasicBlock<'ctx> {
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    // SAFETY: `inst` is a live, non-phi instruction of a block with a terminator
    // after it (callers only split before directive calls).
    unsafe { weft_split_block_before(inst.as_value_ref(), cname.as_ptr()) };
    inst.get_parent().expect("a split instruction stays in a block")
}

/// Erases directive calls (and invokes) whatever uses them: invokes become a
/// call and a branch first; a call that takes a directive's token is erased
/// with it; every use becomes `token none` or poison before anything is
/// erased, and each instruction is erased exactly once.
pub fn erase_directive_calls(insts: &[InstructionValue<'_>]) {
    let mut raw: Vec<LLVMValueRef> = insts.iter().map(|i| i.as_value_ref()).collect();
    // SAFETY: `insts` are distinct live calls or invokes of directive
    // intrinsics; the helper owns their removal and touches nothing else
    // but their (token) users.
    unsafe { weft_erase_directive_calls(raw.as_mut_ptr(), raw.len() as c_uint) }
}

/// Makes a `cmpxchg` weak (it may fail although x held the expected value).
pub fn set_weak(cmpxchg: InstructionValue<'_>) {
    // SAFETY: callers pass a cmpxchg they just built.
    unsafe { LLVMSetWeak(cmpxchg.as_value_ref(), 1) }
}

/// Moves `inst` right before `before`.
pub fn move_before(inst: InstructionValue<'_>, before: InstructionValue<'_>) {
    // SAFETY: two live instructions of the same function; callers move only
    // allocas, which have no operands defined after `before`.
    unsafe { weft_move_before(inst.as_value_ref(), before.as_value_ref()) }
}

/// Whether `call`'s result type is void (or token, for `want_token`).
pub fn returns(call: Value, want_token: bool) -> bool {
    // SAFETY: read-only type query on a live instruction.
    let kind = unsafe { LLVMGetTypeKind(LLVMTypeOf(call.0)) };
    if want_token {
        kind == LLVMTypeKind::LLVMTokenTypeKind
    } else {
        kind == LLVMTypeKind::LLVMVoidTypeKind
    }
}

/// The instructions that use `v` (e.g. the exits of a region.entry token).
pub fn users(v: Value) -> Vec<Value> {
    let mut out = Vec::new();
    // SAFETY: walking a live value's use list without changing it.
    unsafe {
        let mut u = LLVMGetFirstUse(v.0);
        while !u.is_null() {
            out.push(Value(LLVMGetUser(u)));
            u = LLVMGetNextUse(u);
        }
    }
    out
}

/// The type of `v`, as LLVM prints it (`[2 x i32]`).
pub fn print_type(v: Value) -> String {
    // SAFETY: printing a live value's type; LLVM allocates the message.
    take_message(unsafe { LLVMPrintTypeToString(LLVMTypeOf(v.0)) })
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

/// Adds the operand bundle `tag(values)` to a call (the call is replaced by
/// a new one); returns the new call.
pub fn add_bundle<'ctx>(call: InstructionValue<'ctx>, tag: &str, values: &[Value]) -> InstructionValue<'ctx> {
    let ctag = CString::new(tag.replace('\0', "")).expect("no interior NUL");
    let mut raw: Vec<LLVMValueRef> = values.iter().map(|v| v.0).collect();
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

/// A no-op copy of `v` before `before` (`select i1 true, v, v`, made
/// directly so that no constant folder turns it back into `v`).
pub fn no_op_copy<'ctx>(v: BasicValueEnum<'ctx>, before: InstructionValue<'ctx>, name: &str) -> BasicValueEnum<'ctx> {
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    // SAFETY: a live value and a live instruction of one function (or a constant).
    unsafe { BasicValueEnum::new(weft_no_op_copy(v.as_value_ref(), before.as_value_ref(), cname.as_ptr())) }
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

/// Gives every call in `f` (when it has debug info) to a function with debug
/// info a debug location, as the verifier requires of inlinable calls: the
/// location of the instruction before it, else line 0 of `f`. Returns how
/// many calls needed one.
pub fn locate_calls(f: FunctionValue<'_>) -> u32 {
    // SAFETY: a live function; only debug locations change.
    unsafe { weft_locate_calls(f.as_value_ref()) }
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

/// The calls of function `f`.
pub fn calls_to<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    // SAFETY: a read-only walk of a live function's users; called twice to size the buffer.
    unsafe {
        let n = weft_calls_to(f.as_value_ref(), std::ptr::null_mut(), 0);
        let mut out = vec![std::ptr::null_mut(); n as usize];
        let got = weft_calls_to(f.as_value_ref(), out.as_mut_ptr(), n);
        out.truncate(got.min(n) as usize);
        out.into_iter().map(|v| InstructionValue::new(v)).collect()
    }
}

/// Gives a call's uses its first argument and erases it (`call` is dead after).
pub fn replace_call_by_argument(call: InstructionValue<'_>) {
    // SAFETY: a live call with at least one argument of its own type.
    unsafe { weft_replace_call_by_argument(call.as_value_ref()) }
}

/// Whether `v` is one of `user`'s operands (bundle inputs included).
pub fn has_operand(user: InstructionValue<'_>, v: Value) -> bool {
    // SAFETY: a read-only walk of a live instruction's operands.
    unsafe { weft_has_operand(user.as_value_ref(), v.0) != 0 }
}

/// Replaces `from` by `to` wherever `user` has it as an operand (bundle
/// inputs included, which LLVM-C cannot set); returns how many.
pub fn replace_operand(user: InstructionValue<'_>, from: Value, to: Value) -> u32 {
    // SAFETY: live values; the caller makes `to` dominate `user`.
    unsafe { weft_replace_operand(user.as_value_ref(), from.0, to.0) }
}

/// Gives `to` the debug location of `from`.
pub fn copy_debug_location(from: InstructionValue<'_>, to: InstructionValue<'_>) {
    // SAFETY: two live instructions.
    unsafe { weft_copy_debug_loc(from.as_value_ref(), to.as_value_ref()) }
}

/// The alloca an instruction writes through (store, atomic, memset/memcpy
/// destination), if any.
pub fn written_alloca(inst: InstructionValue<'_>) -> Option<Value> {
    // SAFETY: read-only query on a live instruction.
    let a = unsafe { weft_written_alloca(inst.as_value_ref()) };
    (!a.is_null()).then_some(Value(a))
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

/// What each pointer operand of `inst` points into: `(object, is_alloca)`
/// for allocas and for global variables that are neither constant nor
/// thread-local (what a data-sharing clause could name).
pub fn pointed_variables(inst: InstructionValue<'_>) -> Vec<(Value, bool)> {
    let cap = inst.get_num_operands().max(1);
    let mut out = vec![std::ptr::null_mut(); cap as usize];
    let mut kind = vec![0 as c_int; cap as usize];
    // SAFETY: a live instruction; the helper writes at most `cap` entries.
    let n = unsafe { weft_pointed_variables(inst.as_value_ref(), out.as_mut_ptr(), kind.as_mut_ptr(), cap) };
    out.into_iter().zip(kind).take(n.min(cap) as usize).map(|(v, k)| (Value(v), k == 1)).collect()
}

/// The C string a pointer names (a constant global `c"name\00"`).
pub fn c_string(v: BasicValueEnum<'_>) -> Option<String> {
    let mut len = 0usize;
    // SAFETY: a live value; the helper returns null or bytes owned by the constant.
    let p = unsafe { weft_c_string(v.as_value_ref(), &mut len) };
    (!p.is_null()).then(|| bytes_to_string(p, len))
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

/// Deletes the blocks of `f` its entry cannot reach; whether any was deleted.
pub fn remove_unreachable_blocks(f: FunctionValue<'_>) -> bool {
    // SAFETY: a live function with a body; LLVM rewires phis and drops the
    // dead blocks' instructions itself.
    unsafe { weft_remove_unreachable_blocks(f.as_value_ref()) != 0 }
}

/// Whether `pred` is `bb`'s only predecessor.
pub fn has_only_predecessor(bb: BasicBlock<'_>, pred: BasicBlock<'_>) -> bool {
    // SAFETY: a live block; LLVM returns null or a block of the same function.
    unsafe { weft_single_predecessor(bb.as_mut_ptr()) == pred.as_mut_ptr() }
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

/// The IR value a `ValueId` from the directive model stands for.
///
/// # Safety
/// `id` must come from `Value::id()` on a first-class value that is still live.
pub unsafe fn basic_value<'ctx>(id: ValueId) -> BasicValueEnum<'ctx> {
    BasicValueEnum::new(id.0 as LLVMValueRef)
}

/// Kinds of optimization remark (`-pass-remarks=weft`, `-pass-remarks-missed=weft`,
/// `-pass-remarks-analysis=weft`; clang's `-Rpass=weft` and friends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remark {
    Passed = 0,
    Missed = 1,
    Analysis = 2,
}

/// Emits an optimization remark of pass `weft` named `name` at `inst`.
pub fn remark(kind: Remark, inst: InstructionValue<'_>, name: &str, msg: &str) {
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    let cmsg = CString::new(msg.replace('\0', " ")).expect("no interior NUL");
    // SAFETY: a live instruction in a function; the helper copies the strings
    // into the remark, which the context handles before returning.
    unsafe { weft_remark(kind as c_int, inst.as_value_ref(), cname.as_ptr(), cmsg.as_ptr()) }
}

/// LLVM diagnostic severities weft emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error = 0,
    Warning = 1,
    Note = 3,
}

/// Reports `msg` through the module's LLVMContext diagnostic handler.
/// clang prints `error: msg` and fails; opt prints it and exits 1 on an error.
pub fn diagnose(module: &Module<'_>, severity: Severity, msg: &str) {
    let cmsg = CString::new(msg.replace('\0', " ")).expect("no interior NUL");
    // SAFETY: the module is live; the helper copies the message.
    unsafe { weft_diagnose(module.as_mut_ptr(), severity as c_int, cmsg.as_ptr()) }
}

/// The instruction a `ValueId` from the directive model stands for.
///
/// # Safety
/// `id` must come from `Value::id()` on an instruction that is still live.
pub unsafe fn instruction<'ctx>(id: ValueId) -> InstructionValue<'ctx> {
    InstructionValue::new(id.0 as LLVMValueRef)
}

/// `file:line:col` of the instruction's debug location, or of the first
/// instruction after it in its block that has one (front ends often leave
/// intrinsic calls without a location).
pub fn debug_location(inst: InstructionValue<'_>) -> Option<String> {
    let mut cur = Some(inst);
    while let Some(i) = cur {
        let v = i.as_value_ref();
        // SAFETY: read-only queries on a live instruction; LLVM returns an
        // empty name and line 0 when there is no location.
        let (file, line, col) = unsafe {
            let mut len: c_uint = 0;
            let p = LLVMGetDebugLocFilename(v, &mut len);
            (bytes_to_string(p, len as usize), LLVMGetDebugLocLine(v), LLVMGetDebugLocColumn(v))
        };
        if line != 0 {
            return Some(format!("{file}:{line}:{col}"));
        }
        cur = i.get_next_instruction();
    }
    None
}

/// Fills each error's `loc` from the instruction it is about.
///
/// # Safety
/// Every error's `at` must name an instruction that is still live.
pub unsafe fn locate(errors: &mut [crate::WeftError]) {
    for e in errors.iter_mut().filter(|e| e.loc.is_none()) {
        if let Some(id) = e.at {
            e.loc = debug_location(instruction(id));
        }
    }
}

/// A short name for a directive call, for messages: its directive or clause
/// string (paper form) or its first bundle tag (region form).
pub fn directive_call_label(call: Value) -> String {
    if let Some((tag, _)) = operand_bundles(call).into_iter().next() {
        return tag;
    }
    call_arguments(call)
        .first()
        .and_then(|&a| metadata_string(a))
        .or_else(|| called_function_name(call))
        .unwrap_or_default()
}
