//! The one place where weft calls LLVM-C directly or calls its C++ helper
//! (`cpp/*.cc`; each submodule here wraps the C++ file of its name, this
//! file `cpp/helper.cc`). Everything else goes through inkwell or through the safe
//! functions here. The raw calls are needed where inkwell would panic (token
//! and metadata operands, which directive calls carry) or where LLVM 16's C
//! API has no entry point (operand bundles, splitting a block, diagnostics).
use std::ffi::{c_char, c_int, c_uint, c_void, CString};

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::llvm_sys::LLVMTypeKind;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{AnyValue, AsValueRef, BasicValueEnum, FunctionValue, InstructionValue};

mod analyses;
mod device;
mod fusion;
mod genx;
mod handles;
mod loops;
mod operands;
mod outline;
mod simd;
mod value;
mod variables;
pub use analyses::FunctionAnalyses;
pub use device::{
    clone_for_device, embed_device_image, float_atomic_add, initializer_functions, link_bitcode_library, named_globals,
    optimize_device, read_through_pointer,
};
pub use fusion::{fuse_loops, fusion_shape, Dependences, FusedPair};
pub use genx::*;
pub use handles::Handles;
pub use loops::*;
pub use operands::*;
pub use outline::*;
pub use simd::*;
pub use value::{block_id, BlockId, Value};
use value::{bytes_to_string, take_message};
pub use variables::*;

extern "C" {
    fn weft_slots_new(m: LLVMModuleRef) -> *mut c_void;
    fn weft_slots_incorporate(slots: *mut c_void, f: LLVMValueRef);
    fn weft_slots_free(slots: *mut c_void);
    fn weft_print_operand_slots(slots: *mut c_void, v: LLVMValueRef, with_type: c_int) -> *mut c_char;
    fn weft_split_block_before(inst: LLVMValueRef, name: *const c_char) -> LLVMBasicBlockRef;
    fn weft_erase_directive_calls(calls: *mut LLVMValueRef, n: c_uint);
    fn weft_move_before(inst: LLVMValueRef, before: LLVMValueRef);
    fn weft_diagnose(m: LLVMModuleRef, severity: c_int, msg: *const c_char);
    fn weft_copy_debug_loc(from: LLVMValueRef, to: LLVMValueRef);
    fn weft_locate_calls(f: LLVMValueRef) -> c_uint;
    fn weft_replace_operand(user: LLVMValueRef, from: LLVMValueRef, to: LLVMValueRef) -> c_uint;
    fn weft_has_operand(user: LLVMValueRef, v: LLVMValueRef) -> c_int;
    fn weft_calls_to(f: LLVMValueRef, out: *mut LLVMValueRef, cap: c_uint) -> c_uint;
    fn weft_replace_call_by_argument(call: LLVMValueRef);
    fn weft_no_op_copy(v: LLVMValueRef, before: LLVMValueRef, name: *const c_char) -> LLVMValueRef;
    fn weft_remark(kind: c_int, inst: LLVMValueRef, name: *const c_char, msg: *const c_char);
    fn weft_remove_unreachable_blocks(f: LLVMValueRef) -> c_int;
    fn weft_single_predecessor(bb: LLVMBasicBlockRef) -> LLVMBasicBlockRef;
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
    // SAFETY: `call` is checked to be a call instruction first (a value
    // that is not one, e.g. a directive call a malformed input moved, has
    // no argument operands: reading a count from it would be garbage);
    // the argument operands come first.
    unsafe {
        if LLVMIsACallInst(call.0).is_null() {
            return Vec::new();
        }
        let n = LLVMGetNumArgOperands(call.0);
        (0..n).map(|i| Value(LLVMGetOperand(call.0, i))).collect()
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

/// A call's arguments as handles of its context: None for an argument that
/// is not a first-class value (metadata, a token).
pub fn argument_values<'ctx>(call: InstructionValue<'ctx>) -> Vec<Option<BasicValueEnum<'ctx>>> {
    // SAFETY: operands of a live call of context 'ctx.
    call_arguments(Value::of_instruction(call)).into_iter().map(|v| unsafe { first_class(v) }).collect()
}

/// An instruction's operands as handles of its context: None for an operand
/// that is not a first-class value (metadata, a token, a block).
pub fn operand_values<'ctx>(i: InstructionValue<'ctx>) -> Vec<Option<BasicValueEnum<'ctx>>> {
    // SAFETY: operands of a live instruction of context 'ctx, read in range.
    (0..i.get_num_operands()).map(|k| unsafe { first_class(Value(LLVMGetOperand(i.as_value_ref(), k))) }).collect()
}

/// A call's operand bundles with their inputs as handles of its context
/// (None for an input that is not a first-class value).
pub fn bundle_values<'ctx>(call: InstructionValue<'ctx>) -> Vec<(String, Vec<Option<BasicValueEnum<'ctx>>>)> {
    operand_bundles(Value::of_instruction(call))
        .into_iter()
        // SAFETY: bundle inputs of a live call of context 'ctx.
        .map(|(tag, inputs)| (tag, inputs.into_iter().map(|v| unsafe { first_class(v) }).collect()))
        .collect()
}

/// `v` as a handle when its type is one inkwell's basic values have.
///
/// # Safety
/// `v` must be a live value of context 'ctx.
unsafe fn first_class<'ctx>(v: Value) -> Option<BasicValueEnum<'ctx>> {
    use LLVMTypeKind as K;
    let kind = LLVMGetTypeKind(LLVMTypeOf(v.0));
    let basic = matches!(
        kind,
        K::LLVMIntegerTypeKind
            | K::LLVMHalfTypeKind
            | K::LLVMBFloatTypeKind
            | K::LLVMFloatTypeKind
            | K::LLVMDoubleTypeKind
            | K::LLVMX86_FP80TypeKind
            | K::LLVMFP128TypeKind
            | K::LLVMPPC_FP128TypeKind
            | K::LLVMPointerTypeKind
            | K::LLVMVectorTypeKind
            | K::LLVMScalableVectorTypeKind
            | K::LLVMArrayTypeKind
            | K::LLVMStructTypeKind
    );
    basic.then(|| BasicValueEnum::new(v.0))
}

/// The instructions that use `v`, as handles of its context.
pub fn user_instructions<'ctx>(v: &impl AnyValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    users(Value(v.as_value_ref()))
        .into_iter()
        // SAFETY: users of a live value of context 'ctx; only instructions
        // are made instruction handles.
        .filter(|u| unsafe { !LLVMIsAInstruction(u.0).is_null() })
        .map(|u| unsafe { InstructionValue::new(u.0) })
        .collect()
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

/// A no-op copy of `v` before `before` (`select i1 true, v, v`, made
/// directly so that no constant folder turns it back into `v`).
pub fn no_op_copy<'ctx>(v: BasicValueEnum<'ctx>, before: InstructionValue<'ctx>, name: &str) -> BasicValueEnum<'ctx> {
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    // SAFETY: a live value and a live instruction of one function (or a constant).
    unsafe { BasicValueEnum::new(weft_no_op_copy(v.as_value_ref(), before.as_value_ref(), cname.as_ptr())) }
}

/// Gives every call in `f` (when it has debug info) to a function with debug
/// info a debug location, as the verifier requires of inlinable calls: the
/// location of the instruction before it, else line 0 of `f`. Returns how
/// many calls needed one.
pub fn locate_calls(f: FunctionValue<'_>) -> u32 {
    // SAFETY: a live function; only debug locations change.
    unsafe { weft_locate_calls(f.as_value_ref()) }
}

/// The calls of function `f`.
pub fn calls_to<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    // SAFETY: a read-only walk of a live function's users, into a buffer
    // of the size given; each value is a call instruction.
    let calls = value::listed(|out, cap| unsafe { weft_calls_to(f.as_value_ref(), out, cap) });
    // SAFETY: live instructions of f's module.
    calls.into_iter().map(|v| unsafe { InstructionValue::new(v) }).collect()
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

/// Deletes the blocks of `f` its entry cannot reach; whether any was deleted.
pub fn remove_unreachable_blocks(f: FunctionValue<'_>) -> bool {
    // SAFETY: a live function with a body; LLVM rewires phis and drops the
    // dead blocks' instructions itself.
    unsafe { weft_remove_unreachable_blocks(f.as_value_ref()) != 0 }
}

/// How many distinct blocks branch to `bb` (the terminators among its users).
pub fn predecessor_count(bb: BasicBlock<'_>) -> usize {
    let mut preds = Vec::new();
    // SAFETY: a live block; its uses are walked, nothing is changed.
    unsafe {
        let mut u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb.as_mut_ptr()));
        while !u.is_null() {
            let user = LLVMGetUser(u);
            if !LLVMIsATerminatorInst(user).is_null() {
                preds.push(LLVMGetInstructionParent(user) as usize);
            }
            u = LLVMGetNextUse(u);
        }
    }
    preds.sort_unstable();
    preds.dedup();
    preds.len()
}

/// Makes every edge from `bb` to `from` go to `to` instead.
pub fn retarget_successor<'ctx>(bb: BasicBlock<'ctx>, from: BasicBlock<'ctx>, to: BasicBlock<'ctx>) {
    let Some(term) = bb.get_terminator() else { return };
    // SAFETY: `term` is a live terminator of a block of the same function as `from` and `to`.
    unsafe {
        let t = term.as_value_ref();
        for i in 0..LLVMGetNumSuccessors(t) {
            if LLVMGetSuccessor(t, i) == from.as_mut_ptr() {
                LLVMSetSuccessor(t, i, to.as_mut_ptr());
            }
        }
    }
}

/// Whether `pred` is `bb`'s only predecessor.
pub fn has_only_predecessor(bb: BasicBlock<'_>, pred: BasicBlock<'_>) -> bool {
    // SAFETY: a live block; LLVM returns null or a block of the same function.
    unsafe { weft_single_predecessor(bb.as_mut_ptr()) == pred.as_mut_ptr() }
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

/// Fills each error's `loc` from the instruction it is about, when
/// `values` names it (the analysis the error came from).
pub fn locate(errors: &mut [crate::WeftError], values: &Handles<'_>) {
    for e in errors.iter_mut().filter(|e| e.loc.is_none()) {
        if let Some(id) = e.at.filter(|&id| values.knows(id)) {
            e.loc = debug_location(values.instruction(id));
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
