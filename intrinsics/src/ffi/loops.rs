//! Worksharing loops recovered from the CFG (cpp/loops.cc) and rotated
//! loops rebuilt around a counter tested at the top (cpp/unrotate.cc).
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::llvm_sys::core::*;
use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionValue, IntValue};

#[repr(C)]
struct RawLoop {
    preheader: LLVMBasicBlockRef,
    header: LLVMBasicBlockRef,
    body: LLVMBasicBlockRef,
    latch: LLVMBasicBlockRef,
    exit: LLVMBasicBlockRef,
    iv: LLVMValueRef,
    in_memory: c_int,
    start: LLVMValueRef,
    bound: LLVMValueRef,
    pred: c_int,
    cast: c_int,
    step: LLVMValueRef,
    step_negated: c_int,
    increment: LLVMValueRef,
}

extern "C" {
    fn weft_loops_new(f: LLVMValueRef) -> *mut c_void;
    fn weft_loops_free(l: *mut c_void);
    fn weft_find_loop(
        l: *mut c_void,
        first: LLVMBasicBlockRef,
        outer: LLVMBasicBlockRef,
        ivs: *mut LLVMValueRef,
        n: c_uint,
        coefs: *mut LLVMValueRef,
        out: *mut RawLoop,
    ) -> *const c_char;
    fn weft_region_induction(
        l: *mut c_void,
        first: LLVMBasicBlockRef,
        v: LLVMValueRef,
        step: *mut LLVMValueRef,
        negated: *mut c_int,
        tested: *mut c_int,
    ) -> *const c_char;
}

#[repr(C)]
struct RawRotated {
    guard: LLVMBasicBlockRef,
    guard_true_enters: c_int,
    skip: LLVMBasicBlockRef,
    preheader: LLVMBasicBlockRef,
    header: LLVMBasicBlockRef,
    latch: LLVMBasicBlockRef,
    exit: LLVMBasicBlockRef,
    iv: LLVMValueRef,
    start: LLVMValueRef,
    bound: LLVMValueRef,
    step: LLVMValueRef,
    step_negated: c_int,
    pred: c_int,
    cast: c_int,
    tests_next: c_int,
}

extern "C" {
    fn weft_find_rotated(
        l: *mut c_void,
        first: LLVMBasicBlockRef,
        out: *mut RawRotated,
        found: *mut c_int,
    ) -> *const c_char;
    fn weft_unrotate(r: *const RawRotated, trips: LLVMValueRef);
    fn weft_loop_depth(l: *mut c_void, bb: LLVMBasicBlockRef) -> c_uint;
    fn weft_add_loop_hint(branch: LLVMValueRef, name: *const c_char, value: c_int);
    fn weft_split_edge(from: LLVMBasicBlockRef, to: LLVMBasicBlockRef, name: *const c_char) -> LLVMBasicBlockRef;
}

/// LLVM's dominator tree and loop forest of one function, made once for all
/// of its regions; valid while the function's CFG is unchanged.
pub struct LoopForest(*mut c_void);

impl LoopForest {
    pub fn new(f: FunctionValue<'_>) -> Self {
        // SAFETY: a live function with a body; freed in Drop.
        LoopForest(unsafe { weft_loops_new(f.as_value_ref()) })
    }
}

impl Drop for LoopForest {
    fn drop(&mut self) {
        // SAFETY: made by weft_loops_new, freed once; freeing reads no IR.
        unsafe { weft_loops_free(self.0) }
    }
}

/// How the IV reaches the loop's comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Widen {
    None,
    Sext,
    Zext,
}

impl Widen {
    /// The helper's code for it: 0 none, 1 sext, 2 zext.
    fn of(cast: c_int) -> Widen {
        match cast {
            1 => Widen::Sext,
            2 => Widen::Zext,
            _ => Widen::None,
        }
    }
}

/// A worksharing loop as the CFG has it: `for (iv = start; iv PRED bound; iv
/// += step)` (or `-= step`), tested in its header.
#[derive(Clone, Copy)]
pub struct CfgLoop<'ctx> {
    pub preheader: BasicBlock<'ctx>,
    pub header: BasicBlock<'ctx>,
    /// The header's successor inside the loop (its only predecessor is the header).
    pub body: BasicBlock<'ctx>,
    pub latch: BasicBlock<'ctx>,
    pub exit: BasicBlock<'ctx>,
    /// The IV: a phi of the header, or (in_memory) the variable's alloca.
    pub iv: BasicValueEnum<'ctx>,
    pub in_memory: bool,
    pub start: BasicValueEnum<'ctx>,
    /// Computed before the loop (copied into the preheader if the loop computed it).
    pub bound: BasicValueEnum<'ctx>,
    /// With the IV on the left; true continues the loop.
    pub pred: llvm_plugin::inkwell::IntPredicate,
    pub widen: Widen,
    pub step: BasicValueEnum<'ctx>,
    pub step_negated: bool,
    /// The memory form's store of the next value.
    pub increment: Option<InstructionValue<'ctx>>,
}

pub(super) fn block_of<'ctx>(bb: LLVMBasicBlockRef) -> BasicBlock<'ctx> {
    // SAFETY: a live block of a verified function: it has a terminator.
    unsafe { InstructionValue::new(LLVMGetBasicBlockTerminator(bb)) }
        .get_parent()
        .expect("a terminator is in its block")
}

fn int_predicate(p: c_int) -> Option<llvm_plugin::inkwell::IntPredicate> {
    use llvm_plugin::inkwell::IntPredicate as P;
    Some(match p {
        32 => P::EQ,
        33 => P::NE,
        34 => P::UGT,
        35 => P::UGE,
        36 => P::ULT,
        37 => P::ULE,
        38 => P::SGT,
        39 => P::SGE,
        40 => P::SLT,
        41 => P::SLE,
        _ => return None,
    })
}

/// Whether `v` (through trunc, sext, zext) is the induction variable of the
/// loop a region whose directive is in `first` runs (a phi of that loop's
/// header, stepped by a loop-invariant amount): its step, with its sign as
/// a constant when it is one, and what the loop's exit test compares: it
/// (1: the loop's own variable), another phi of the header (2: it is a
/// second induction of a loop in phi form), or neither (0); Err says why not.
pub fn region_induction<'ctx>(
    forest: &LoopForest,
    first: BasicBlock<'ctx>,
    v: BasicValueEnum<'ctx>,
) -> Result<(Option<i64>, u8), String> {
    let mut step: LLVMValueRef = std::ptr::null_mut();
    let (mut negated, mut tested): (c_int, c_int) = (0, 0);
    // SAFETY: a live block and value of the forest's function; the helper
    // only reads them and sets `step` to a live value when it returns null.
    unsafe {
        let why =
            weft_region_induction(forest.0, first.as_mut_ptr(), v.as_value_ref(), &mut step, &mut negated, &mut tested);
        if !why.is_null() {
            return Err(CStr::from_ptr(why).to_string_lossy().into_owned());
        }
        let konst = match BasicValueEnum::new(step) {
            BasicValueEnum::IntValue(c) if c.is_const() => c.get_sign_extended_constant(),
            _ => None,
        };
        Ok((konst.map(|c| if negated != 0 { c.wrapping_neg() } else { c }), tested as u8))
    }
}

/// The loop that a region whose body starts at `first` runs, from `forest`
/// (made for `first`'s function); Err says why there is none weft can use.
/// With `outer` (the outermost header of a collapsed nest whose body leads
/// to this loop), its start, bound and step must not change in that outer
/// loop. May add copies of their computation before the (outermost) loop.
/// How a collapsed inner loop's start and bound change with the nest's outer
/// loop variables (OpenMP 5.0's non-rectangular loops): what one more of
/// each outer variable adds (None: nothing; all None: a rectangular loop).
/// The loop's `start` and `bound` are then their values with every outer
/// variable 0.
pub struct Affine<'ctx> {
    pub start: Vec<Option<IntValue<'ctx>>>,
    pub bound: Vec<Option<IntValue<'ctx>>>,
}

impl Affine<'_> {
    pub fn is_rectangular(&self) -> bool {
        self.start.iter().chain(&self.bound).all(Option::is_none)
    }
}

/// The loop the region starting at `first` runs. With `outer` (the header
/// of a collapsed nest's outermost loop, and the variables of the loops
/// around this one, outermost first), the loop's start and bound may be
/// affine in those variables.
pub fn find_loop<'ctx>(
    forest: &LoopForest,
    first: BasicBlock<'ctx>,
    outer: Option<(BasicBlock<'ctx>, &[BasicValueEnum<'ctx>])>,
) -> Result<(CfgLoop<'ctx>, Affine<'ctx>), String> {
    let mut raw = std::mem::MaybeUninit::<RawLoop>::zeroed();
    let mut ivs: Vec<LLVMValueRef> = outer.map_or(Vec::new(), |(_, v)| v.iter().map(|v| v.as_value_ref()).collect());
    let n = ivs.len();
    let mut coefs = vec![std::ptr::null_mut(); 2 * n];
    // SAFETY: a live block of the forest's function and live values of it;
    // the helper fills `raw` (and `coefs`, null or values of the function)
    // when it returns null.
    unsafe {
        let head = outer.map_or(std::ptr::null_mut(), |(b, _)| b.as_mut_ptr());
        let why = weft_find_loop(
            forest.0,
            first.as_mut_ptr(),
            head,
            ivs.as_mut_ptr(),
            n as c_uint,
            coefs.as_mut_ptr(),
            raw.as_mut_ptr(),
        );
        if !why.is_null() {
            return Err(CStr::from_ptr(why).to_string_lossy().into_owned());
        }
        let r = raw.assume_init();
        let coef = |v: LLVMValueRef| (!v.is_null()).then(|| IntValue::new(v));
        let affine = Affine {
            start: coefs[..n].iter().map(|&v| coef(v)).collect(),
            bound: coefs[n..].iter().map(|&v| coef(v)).collect(),
        };
        let lp = CfgLoop {
            preheader: block_of(r.preheader),
            header: block_of(r.header),
            body: block_of(r.body),
            latch: block_of(r.latch),
            exit: block_of(r.exit),
            iv: BasicValueEnum::new(r.iv),
            in_memory: r.in_memory != 0,
            start: BasicValueEnum::new(r.start),
            bound: BasicValueEnum::new(r.bound),
            pred: int_predicate(r.pred).ok_or("the loop's comparison is not an integer comparison")?,
            widen: Widen::of(r.cast),
            step: BasicValueEnum::new(r.step),
            step_negated: r.step_negated != 0,
            increment: (!r.increment.is_null()).then(|| InstructionValue::new(r.increment)),
        };
        Ok((lp, affine))
    }
}

/// A worksharing loop as LoopRotate leaves it (cpp/unrotate.cc): tested in
/// its latch, `do { ... iv += step } while (iv' PRED bound)` with `iv'` the
/// next value (`tests_next`) or the current one, maybe behind a guard.
pub struct RotatedLoop<'ctx> {
    raw: RawRotated,
    pub preheader: BasicBlock<'ctx>,
    /// The loop as its pieces, for counting (`body` is the header; `latch`
    /// tests): start, bound, comparison and step of the latch's test.
    pub as_cfg: CfgLoop<'ctx>,
    pub tests_next: bool,
}

/// The rotated loop a region whose body starts at `first` runs, if the first
/// loop on its path (through at most one guard) is one; Err says why weft
/// cannot rebuild it. Erases unused phis after the loop.
pub fn find_rotated<'ctx>(forest: &LoopForest, first: BasicBlock<'ctx>) -> Result<Option<RotatedLoop<'ctx>>, String> {
    let mut raw = std::mem::MaybeUninit::<RawRotated>::zeroed();
    let mut found: c_int = 0;
    // SAFETY: a live block of the forest's function; the helper fills `raw`
    // with live blocks and values of that function when it sets `found`.
    unsafe {
        let why = weft_find_rotated(forest.0, first.as_mut_ptr(), raw.as_mut_ptr(), &mut found);
        if !why.is_null() {
            return Err(CStr::from_ptr(why).to_string_lossy().into_owned());
        }
        if found == 0 {
            return Ok(None);
        }
        let r = raw.assume_init();
        let header = block_of(r.header);
        Ok(Some(RotatedLoop {
            preheader: block_of(r.preheader),
            as_cfg: CfgLoop {
                preheader: block_of(r.preheader),
                header,
                body: header,
                latch: block_of(r.latch),
                exit: block_of(r.exit),
                iv: BasicValueEnum::new(r.iv),
                in_memory: false,
                start: BasicValueEnum::new(r.start),
                bound: BasicValueEnum::new(r.bound),
                pred: int_predicate(r.pred).ok_or("the loop's comparison is not an integer comparison")?,
                widen: Widen::of(r.cast),
                step: BasicValueEnum::new(r.step),
                step_negated: r.step_negated != 0,
                increment: None,
            },
            tests_next: r.tests_next != 0,
            raw: r,
        }))
    }
}

/// Rebuilds `r` around a counter tested at the top that runs `trips` (an
/// i64 computed in its preheader) iterations once entered. Changes the CFG:
/// every LoopForest of the function is stale afterwards.
pub fn unrotate(r: RotatedLoop<'_>, trips: IntValue<'_>) {
    // SAFETY: `r` was found in the live function just before, nothing has
    // changed its CFG since (it is consumed), and `trips` dominates its loop.
    unsafe { weft_unrotate(&r.raw, trips.as_value_ref()) }
}

/// How many loops of `forest`'s function contain `bb` (0: none).
pub fn loop_depth(forest: &LoopForest, bb: BasicBlock<'_>) -> u32 {
    // SAFETY: a live block of the forest's function; the helper only reads.
    unsafe { weft_loop_depth(forest.0, bb.as_mut_ptr()) }
}

/// Adds the loop property `name` (with an i32 value, if given) to the loop
/// whose latch ends in `branch`, keeping its other properties: the hints
/// LLVM's unroller reads (`llvm.loop.unroll.count`, `.full`, `.enable`).
pub fn add_loop_hint(branch: InstructionValue<'_>, name: &str, value: Option<u32>) {
    let name = std::ffi::CString::new(name).expect("a hint name has no NUL");
    let value = value.map_or(-1, |v| v.min(i32::MAX as u32) as c_int);
    // SAFETY: a live terminator; the helper replaces its llvm.loop metadata.
    unsafe { weft_add_loop_hint(branch.as_value_ref(), name.as_ptr(), value) }
}

/// A new block on the edge from `from` to `to` (`to`'s phis follow), ending
/// in a branch to `to`: where code runs only when control takes that edge.
pub fn split_edge<'ctx>(from: BasicBlock<'ctx>, to: BasicBlock<'ctx>, name: &str) -> BasicBlock<'ctx> {
    let cname = CString::new(name.replace('\0', "")).expect("no interior NUL");
    // SAFETY: two live blocks of one function, `to` a successor of `from`;
    // LLVM returns the new block, which lives in that function and ends in
    // a branch.
    block_of(unsafe { weft_split_edge(from.as_mut_ptr(), to.as_mut_ptr(), cname.as_ptr()) })
}
