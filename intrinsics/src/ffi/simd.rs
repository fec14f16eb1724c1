//! Simd loops and their vector code (cpp/simd.cc, cpp/widen.cc).
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PointerValue,
};

use super::analyses::FunctionAnalyses;
use super::loops::block_of;

#[repr(C)]
struct RawSimdLoop {
    preheader: LLVMBasicBlockRef,
    header: LLVMBasicBlockRef,
    latch: LLVMBasicBlockRef,
    exit: LLVMBasicBlockRef,
    trips: LLVMValueRef,
    vector_bits: c_uint,
    deep_loops: c_int,
}

extern "C" {
    fn weft_simd_prepare(
        first: LLVMBasicBlockRef,
        end: LLVMBasicBlockRef,
        tagged: c_int,
        proxy: *mut c_void,
        out: *mut RawSimdLoop,
    ) -> *const c_char;
    fn weft_tag_simd_loop(entry: LLVMValueRef, exit: LLVMValueRef) -> c_int;
    fn weft_tag_simd_loop_at(entry: LLVMValueRef, header: LLVMBasicBlockRef) -> c_int;
    fn weft_mark_nonrect_loop(branch: LLVMValueRef);
    fn weft_mark_simd_nest_loop(branch: LLVMValueRef);
    fn weft_simd_loop_tagged(entry: LLVMValueRef) -> c_int;
    fn weft_linear_promoted(copy: LLVMValueRef, value: LLVMValueRef, k: LLVMValueRef) -> c_int;
    fn weft_iteration_number(
        first: LLVMBasicBlockRef,
        end: LLVMBasicBlockRef,
        tagged: c_int,
        at: *mut LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_arith_cost(f: LLVMValueRef, proxy: *mut c_void, opcode: c_int, ty: LLVMTypeRef) -> c_int;
    fn weft_mark_vectorized(branch: LLVMValueRef);
    fn weft_call_is_pure(call: LLVMValueRef) -> c_int;
    fn weft_call_has_vector_form(call: LLVMValueRef, vf: c_uint) -> c_int;
    fn weft_call_scalar_operand(call: LLVMValueRef, k: c_uint) -> c_int;
    fn weft_widen(
        orig: LLVMValueRef,
        ops: *mut LLVMValueRef,
        n: c_uint,
        vf: c_uint,
        before: LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_splat(v: LLVMValueRef, vf: c_uint, before: LLVMValueRef) -> LLVMValueRef;
    fn weft_lanes(lane0: LLVMValueRef, stride: i64, vf: c_uint, before: LLVMValueRef) -> LLVMValueRef;
    fn weft_vload(
        orig: LLVMValueRef,
        addr: LLVMValueRef,
        consecutive: c_int,
        mask: LLVMValueRef,
        vf: c_uint,
        before: LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_vstore(
        orig: LLVMValueRef,
        val: LLVMValueRef,
        addr: LLVMValueRef,
        consecutive: c_int,
        mask: LLVMValueRef,
        before: LLVMValueRef,
    );
    fn weft_reduce(op: c_int, v: LLVMValueRef, before: LLVMValueRef) -> LLVMValueRef;
    fn weft_combine(op: c_int, a: LLVMValueRef, b: LLVMValueRef, before: LLVMValueRef) -> LLVMValueRef;
    fn weft_delete_blocks(bbs: *mut LLVMBasicBlockRef, n: c_uint);
    fn weft_strided_load(
        orig: LLVMValueRef,
        lane0: LLVMValueRef,
        k: c_uint,
        vf: c_uint,
        before: LLVMValueRef,
    ) -> LLVMValueRef;
    fn weft_any_lane(mask: LLVMValueRef, before: LLVMValueRef) -> LLVMValueRef;
    fn weft_resume_phi(
        phi: LLVMValueRef,
        old_pred: LLVMBasicBlockRef,
        resume_block: LLVMBasicBlockRef,
        resume: LLVMValueRef,
        vector_done: LLVMBasicBlockRef,
    );
    fn weft_set_incoming(
        phi: LLVMValueRef,
        old_pred: LLVMBasicBlockRef,
        new_pred: LLVMBasicBlockRef,
        value: LLVMValueRef,
    );
    fn weft_reduce_in_order(op: c_int, start: LLVMValueRef, v: LLVMValueRef, before: LLVMValueRef) -> LLVMValueRef;
    fn weft_allows_reassoc(inst: LLVMValueRef) -> c_int;
    fn weft_is_speculatable(inst: LLVMValueRef) -> c_int;
}

/// A simd loop made ready for the VPlan (cpp/simd.cc): rotated, with a
/// preheader and one exit, and its iteration count computed in the preheader.
pub struct SimdLoop<'ctx> {
    pub preheader: BasicBlock<'ctx>,
    pub header: BasicBlock<'ctx>,
    pub latch: BasicBlock<'ctx>,
    pub exit: BasicBlock<'ctx>,
    /// i64: the iterations the loop runs once its preheader is reached.
    pub trips: IntValue<'ctx>,
    /// The target's widest vector register, in bits (from TargetTransformInfo).
    pub vector_bits: u32,
    /// Loops nested in its inner loops (a nest deeper than two).
    pub deep_loops: u32,
}

/// Promotes the function's promotable locals, then simplifies, rotates and
/// counts the loop of a simd region whose body runs from `first` to `end`,
/// with `analyses`' TargetTransformInfo. Changes the IR (all of it
/// semantics-preserving); Err says why the loop cannot be vectorized.
pub fn simd_prepare<'ctx>(
    first: BasicBlock<'ctx>,
    end: BasicBlock<'ctx>,
    tagged: bool,
    analyses: FunctionAnalyses<'_>,
) -> Result<SimdLoop<'ctx>, String> {
    let mut raw = std::mem::MaybeUninit::<RawSimdLoop>::zeroed();
    // SAFETY: live blocks of one function, and the pipeline's analyses of
    // the running pass or none; the helper fills `raw` with live blocks and
    // a value of that function when it returns null.
    unsafe {
        let why = weft_simd_prepare(
            first.as_mut_ptr(),
            end.as_mut_ptr(),
            c_int::from(tagged),
            analyses.raw(),
            raw.as_mut_ptr(),
        );
        if !why.is_null() {
            return Err(CStr::from_ptr(why).to_string_lossy().into_owned());
        }
        let r = raw.assume_init();
        Ok(SimdLoop {
            preheader: block_of(r.preheader),
            header: block_of(r.header),
            latch: block_of(r.latch),
            exit: block_of(r.exit),
            trips: IntValue::new(r.trips),
            vector_bits: r.vector_bits,
            deep_loops: r.deep_loops as u32,
        })
    }
}

/// Tags the loop of the simd region between the directive calls `entry`
/// and `exit` (and `entry`), so that weft-vectorize later finds that loop or
/// none, never a loop inside it left after LLVM unrolled it. Whether a loop
/// was there to tag.
pub fn tag_simd_loop(entry: InstructionValue<'_>, exit: InstructionValue<'_>) -> bool {
    // SAFETY: two live instructions of one function; the helper builds its
    // own analyses and changes only metadata.
    unsafe { weft_tag_simd_loop(entry.as_value_ref(), exit.as_value_ref()) != 0 }
}

/// Tags the loop whose header is `header` as the simd loop of the region
/// `entry` begins (`tag_simd_loop`, for a region whose loop is not the first
/// in it: a non-rectangular nest counts its iterations in a loop before it).
/// Whether `header` heads a loop.
pub fn tag_simd_loop_at(entry: InstructionValue<'_>, header: BasicBlock<'_>) -> bool {
    // SAFETY: a live instruction and block of one function; the helper
    // builds its own analyses and changes only metadata.
    unsafe { weft_tag_simd_loop_at(entry.as_value_ref(), header.as_mut_ptr()) != 0 }
}

/// Marks the loop whose latch is `latch` as a non-rectangular collapsed
/// nest's (a loop property): weft-vectorize leaves it scalar, saying why.
pub fn mark_nonrect_loop(latch: BasicBlock<'_>) {
    let Some(br) = latch.get_terminator() else { return };
    // SAFETY: a live terminator; the helper changes only its metadata.
    unsafe { weft_mark_nonrect_loop(br.as_value_ref()) }
}

/// Marks the loop whose latch is `latch` as an outer loop of a simd nest
/// (a loop property): it runs as a scalar loop, weft-vectorize looks for the
/// simd loop inside it and never takes it for that loop.
pub fn mark_simd_nest_loop(latch: BasicBlock<'_>) {
    let Some(br) = latch.get_terminator() else { return };
    // SAFETY: a live terminator; the helper changes only its metadata.
    unsafe { weft_mark_simd_nest_loop(br.as_value_ref()) }
}

/// Whether `tag_simd_loop` tagged the loop of the region `entry` begins.
pub fn simd_loop_tagged(entry: InstructionValue<'_>) -> bool {
    // SAFETY: reads one live instruction's metadata.
    unsafe { weft_simd_loop_tagged(entry.as_value_ref()) != 0 }
}

/// The logical iteration number of the loop of the simd region from
/// `first` to `end` (an i64 phi from 0, added to its header), and where each
/// iteration's own code starts; None when the loop is gone or has no
/// preheader or single latch.
pub fn iteration_number<'ctx>(
    first: BasicBlock<'ctx>,
    end: BasicBlock<'ctx>,
    tagged: bool,
) -> Option<(IntValue<'ctx>, InstructionValue<'ctx>)> {
    let mut at: LLVMValueRef = std::ptr::null_mut();
    // SAFETY: live blocks of one function; the helper returns null or a new
    // phi of that function, with `at` a live instruction of it.
    unsafe {
        let k = weft_iteration_number(first.as_mut_ptr(), end.as_mut_ptr(), c_int::from(tagged), &mut at);
        (!k.is_null() && !at.is_null()).then(|| (IntValue::new(k), InstructionValue::new(at)))
    }
}

/// Where the optimizer keeps a linear variable's private copy `copy` in a
/// phi of the header of the loop `k` counts (it starts with a load of the
/// copy), `value` replaces that phi wherever it dominates the use. Returns
/// how many phis it replaced.
pub fn linear_promoted<'ctx>(copy: PointerValue<'ctx>, value: BasicValueEnum<'ctx>, k: IntValue<'ctx>) -> u32 {
    // SAFETY: live values of one function; `value` an instruction, `k` the
    // phi `iteration_number` made.
    unsafe { weft_linear_promoted(copy.as_value_ref(), value.as_value_ref(), k.as_value_ref()) as u32 }
}

/// Whether `i` may run where the program would not run it (no side
/// effect, no undefined behaviour on any operand: LLVM's
/// isSafeToSpeculativelyExecute).
pub fn is_speculatable(i: InstructionValue<'_>) -> bool {
    // SAFETY: a read-only query of one live instruction.
    unsafe { weft_is_speculatable(i.as_value_ref()) != 0 }
}

/// Whether `i` is floating-point arithmetic with the `reassoc` fast-math flag.
pub fn allows_reassoc(i: InstructionValue<'_>) -> bool {
    // SAFETY: reads one live instruction's flags.
    unsafe { weft_allows_reassoc(i.as_value_ref()) != 0 }
}

/// The arithmetic operations whose cost the cost model asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostOp {
    SDiv = 1,
    UDiv = 2,
    SRem = 3,
    URem = 4,
    FDiv = 5,
    Add = 6,
    Mul = 7,
}

/// `analyses`' TargetTransformInfo's reciprocal throughput of `op` on `ty`
/// in `f`.
pub fn arith_cost<'ctx>(
    analyses: FunctionAnalyses<'_>,
    f: FunctionValue<'ctx>,
    op: CostOp,
    ty: impl llvm_plugin::inkwell::types::AsTypeRef,
) -> Option<u32> {
    // SAFETY: a live function, a type of its context, and the pipeline's
    // analyses of the running pass or none.
    let c = unsafe { weft_arith_cost(f.as_value_ref(), analyses.raw(), op as c_int, ty.as_type_ref()) };
    u32::try_from(c).ok()
}

/// Marks the loop whose latch ends in `branch` as vectorized.
pub fn mark_vectorized(branch: InstructionValue<'_>) {
    // SAFETY: a live branch instruction.
    unsafe { weft_mark_vectorized(branch.as_value_ref()) }
}

pub fn call_is_pure(call: InstructionValue<'_>) -> bool {
    // SAFETY: a live instruction.
    unsafe { weft_call_is_pure(call.as_value_ref()) != 0 }
}

/// Whether the call has a vector intrinsic, or a vector variant of `vf`
/// lanes (the `vector-function-abi-variant` attribute).
pub fn call_has_vector_form(call: InstructionValue<'_>, vf: u32) -> bool {
    // SAFETY: a live instruction.
    unsafe { weft_call_has_vector_form(call.as_value_ref(), vf) != 0 }
}

/// Whether the vector form of the call takes operand `k` as a scalar.
pub fn call_scalar_operand(call: InstructionValue<'_>, k: u32) -> bool {
    // SAFETY: a live call with a vector form.
    unsafe { weft_call_scalar_operand(call.as_value_ref(), k) != 0 }
}

/// The primitives of vector code generation; each inserts before `before`.
pub mod widen {
    use super::*;

    fn v<'ctx>(r: LLVMValueRef) -> BasicValueEnum<'ctx> {
        // SAFETY: a value the helper just created.
        unsafe { BasicValueEnum::new(r) }
    }

    /// `orig`'s operation on vector operands (None: it has no vector form).
    pub fn op<'ctx>(
        orig: InstructionValue<'ctx>,
        ops: &[BasicValueEnum<'ctx>],
        vf: u32,
        before: InstructionValue<'ctx>,
    ) -> Option<BasicValueEnum<'ctx>> {
        let mut raw: Vec<LLVMValueRef> = ops.iter().map(|o| o.as_value_ref()).collect();
        // SAFETY: live values of one function; the helper checks the
        // instruction's kind and returns null when it has no vector form.
        let r = unsafe {
            weft_widen(orig.as_value_ref(), raw.as_mut_ptr(), raw.len() as c_uint, vf, before.as_value_ref())
        };
        (!r.is_null()).then(|| v(r))
    }

    pub fn splat<'ctx>(x: BasicValueEnum<'ctx>, vf: u32, before: InstructionValue<'ctx>) -> BasicValueEnum<'ctx> {
        // SAFETY: a live scalar value and insertion point.
        v(unsafe { weft_splat(x.as_value_ref(), vf, before.as_value_ref()) })
    }

    /// Lane l: `lane0 + l * stride` (bytes, for a pointer).
    pub fn lanes<'ctx>(
        lane0: BasicValueEnum<'ctx>,
        stride: i64,
        vf: u32,
        before: InstructionValue<'ctx>,
    ) -> BasicValueEnum<'ctx> {
        // SAFETY: a live integer or pointer and insertion point.
        v(unsafe { weft_lanes(lane0.as_value_ref(), stride, vf, before.as_value_ref()) })
    }

    pub fn load<'ctx>(
        orig: InstructionValue<'ctx>,
        addr: BasicValueEnum<'ctx>,
        consecutive: bool,
        mask: Option<BasicValueEnum<'ctx>>,
        vf: u32,
        before: InstructionValue<'ctx>,
    ) -> BasicValueEnum<'ctx> {
        let m = mask.map_or(std::ptr::null_mut(), |m| m.as_value_ref());
        // SAFETY: a live load, an address (or vector of them) and mask of vf lanes.
        v(unsafe {
            weft_vload(orig.as_value_ref(), addr.as_value_ref(), consecutive as c_int, m, vf, before.as_value_ref())
        })
    }

    pub fn store<'ctx>(
        orig: InstructionValue<'ctx>,
        val: BasicValueEnum<'ctx>,
        addr: BasicValueEnum<'ctx>,
        consecutive: bool,
        mask: Option<BasicValueEnum<'ctx>>,
        before: InstructionValue<'ctx>,
    ) {
        let m = mask.map_or(std::ptr::null_mut(), |m| m.as_value_ref());
        // SAFETY: a live store, a vector value, an address (or vector of them) and mask.
        unsafe {
            weft_vstore(
                orig.as_value_ref(),
                val.as_value_ref(),
                addr.as_value_ref(),
                consecutive as c_int,
                m,
                before.as_value_ref(),
            )
        }
    }

    /// The lanes combined by reduction operator number `op` (plan::RedOp's order).
    pub fn reduce<'ctx>(op: u32, x: BasicValueEnum<'ctx>, before: InstructionValue<'ctx>) -> BasicValueEnum<'ctx> {
        // SAFETY: a live vector value and insertion point; op is in range.
        v(unsafe { weft_reduce(op as c_int, x.as_value_ref(), before.as_value_ref()) })
    }

    /// Deletes `blocks`, which no block outside them branches to any more.
    pub fn delete_blocks(blocks: &[BasicBlock<'_>]) {
        let mut raw: Vec<LLVMBasicBlockRef> = blocks.iter().map(|b| b.as_mut_ptr()).collect();
        // SAFETY: live blocks of one function, unreachable from outside the set.
        unsafe { weft_delete_blocks(raw.as_mut_ptr(), raw.len() as c_uint) }
    }

    /// A load whose lanes are `k` elements apart: one wide load from lane
    /// 0's address and a shuffle (the scalar epilogue must run at least one
    /// iteration: the wide load reads up to the next iteration's element).
    pub fn strided_load<'ctx>(
        orig: InstructionValue<'ctx>,
        lane0: BasicValueEnum<'ctx>,
        k: u32,
        vf: u32,
        before: InstructionValue<'ctx>,
    ) -> BasicValueEnum<'ctx> {
        // SAFETY: a live load, its lane-0 address and an insertion point.
        v(unsafe { weft_strided_load(orig.as_value_ref(), lane0.as_value_ref(), k, vf, before.as_value_ref()) })
    }

    /// Two partial reductions combined lane by lane (operator as in `reduce`).
    pub fn combine<'ctx>(
        op: u32,
        a: BasicValueEnum<'ctx>,
        b: BasicValueEnum<'ctx>,
        before: InstructionValue<'ctx>,
    ) -> BasicValueEnum<'ctx> {
        // SAFETY: two live vectors of one type and an insertion point; op is in range.
        v(unsafe { weft_combine(op as c_int, a.as_value_ref(), b.as_value_ref(), before.as_value_ref()) })
    }

    pub fn any_lane<'ctx>(mask: BasicValueEnum<'ctx>, before: InstructionValue<'ctx>) -> IntValue<'ctx> {
        // SAFETY: a live vector of i1 and insertion point.
        unsafe { IntValue::new(weft_any_lane(mask.as_value_ref(), before.as_value_ref())) }
    }

    /// The scalar loop's header phi resumes from `resume_block`: `resume`
    /// after the vector loop (from `vector_done`), its start otherwise (from `old_pred`).
    pub fn resume_phi<'ctx>(
        phi: InstructionValue<'ctx>,
        old_pred: BasicBlock<'ctx>,
        resume_block: BasicBlock<'ctx>,
        resume: BasicValueEnum<'ctx>,
        vector_done: BasicBlock<'ctx>,
    ) {
        // SAFETY: a live phi whose block has old_pred as a predecessor.
        unsafe {
            weft_resume_phi(
                phi.as_value_ref(),
                old_pred.as_mut_ptr(),
                resume_block.as_mut_ptr(),
                resume.as_value_ref(),
                vector_done.as_mut_ptr(),
            )
        }
    }

    /// `start` combined with `x`'s lanes in lane order (op: RedOp's FAdd 5
    /// or FMul 6); None for other operators.
    pub fn reduce_in_order<'ctx>(
        op: u32,
        start: BasicValueEnum<'ctx>,
        x: BasicValueEnum<'ctx>,
        before: InstructionValue<'ctx>,
    ) -> Option<BasicValueEnum<'ctx>> {
        // SAFETY: a live scalar and a live vector of its type, an insertion point.
        let r =
            unsafe { weft_reduce_in_order(op as c_int, start.as_value_ref(), x.as_value_ref(), before.as_value_ref()) };
        // SAFETY: null or the reduction just built.
        (!r.is_null()).then(|| unsafe { BasicValueEnum::new(r) })
    }

    /// The scalar loop's header phi now comes from `new_pred` (instead of
    /// `old_pred`), with `value`.
    pub fn set_incoming<'ctx>(
        phi: InstructionValue<'ctx>,
        old_pred: BasicBlock<'ctx>,
        new_pred: BasicBlock<'ctx>,
        value: BasicValueEnum<'ctx>,
    ) {
        // SAFETY: a live phi whose block has old_pred as a predecessor; a
        // value of its type defined where new_pred reaches it.
        unsafe {
            weft_set_incoming(phi.as_value_ref(), old_pred.as_mut_ptr(), new_pred.as_mut_ptr(), value.as_value_ref())
        }
    }
}

extern "C" {
    fn weft_gep_last_stride(gep: LLVMValueRef) -> u64;
    fn weft_store_size(in_module: LLVMValueRef, ty: LLVMTypeRef) -> u64;
}

/// The bytes a getelementptr's last index steps over (0: a struct field).
pub fn gep_last_stride(gep: InstructionValue<'_>) -> u64 {
    // SAFETY: a live getelementptr instruction (the caller checked its opcode).
    unsafe { weft_gep_last_stride(gep.as_value_ref()) }
}

/// The bytes a value of `ty` occupies in memory, in the module of `inst`.
pub fn store_size(inst: InstructionValue<'_>, ty: impl llvm_plugin::inkwell::types::AsTypeRef) -> u64 {
    // SAFETY: a live instruction and a sized type of its context.
    unsafe { weft_store_size(inst.as_value_ref(), ty.as_type_ref()) }
}
