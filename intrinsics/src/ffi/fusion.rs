//! Worksharing loop fusion's LLVM side (cpp/fusion.cc): DependenceAnalysis
//! with alias analysis asked about two memory instructions, and the CFG
//! splice that runs a second normalized loop's body after the first's on
//! the same iteration.
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};

use llvm_plugin::inkwell::llvm_sys::prelude::*;
use llvm_plugin::inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, InstructionValue};

extern "C" {
    fn weft_deps_new(f: LLVMValueRef) -> *mut c_void;
    fn weft_deps_free(d: *mut c_void);
    fn weft_deps_may_depend(d: *mut c_void, a: LLVMValueRef, b: LLVMValueRef) -> c_int;
    fn weft_fuse_loops(
        iv1: LLVMValueRef,
        ub1: LLVMValueRef,
        iv2: LLVMValueRef,
        ub2: LLVMValueRef,
        e1: LLVMValueRef,
        e2: LLVMValueRef,
        privates: *mut LLVMValueRef,
        n: c_uint,
        doit: c_int,
    ) -> *const c_char;
}

/// LLVM's DependenceInfo (with basic, type-based and scoped alias analysis)
/// for one function, valid while the function does not change.
pub struct Dependences(*mut c_void);

impl Dependences {
    pub fn new(f: FunctionValue<'_>) -> Dependences {
        // SAFETY: a live function with a body; the analyses only read it.
        Dependences(unsafe { weft_deps_new(f.as_value_ref()) })
    }

    /// Whether `a` and `b` (loads or stores of the function) may touch the
    /// same memory: false only when DependenceAnalysis proves they never do.
    pub fn may_depend(&self, a: InstructionValue<'_>, b: InstructionValue<'_>) -> bool {
        // SAFETY: self is live; both are live instructions of its function.
        unsafe { weft_deps_may_depend(self.0, a.as_value_ref(), b.as_value_ref()) != 0 }
    }
}

impl Drop for Dependences {
    fn drop(&mut self) {
        // SAFETY: made by weft_deps_new, freed once.
        unsafe { weft_deps_free(self.0) }
    }
}

/// The two normalized loops to fuse: each loop's induction variable and
/// upper bound slots, and the last call of its BEGIN group.
pub struct FusedPair<'ctx> {
    pub iv: [BasicValueEnum<'ctx>; 2],
    pub ub: [BasicValueEnum<'ctx>; 2],
    pub begin_last: [InstructionValue<'ctx>; 2],
    /// The second loop's private items (its setup may store to them).
    pub privates: Vec<BasicValueEnum<'ctx>>,
}

fn fuse_raw(p: &FusedPair<'_>, doit: bool) -> Result<(), String> {
    let mut privs: Vec<LLVMValueRef> = p.privates.iter().map(|v| v.as_value_ref()).collect();
    // SAFETY: live values of one function; the array outlives the call. With
    // doit the helper rewrites only blocks, branches and the second loop's
    // variable accesses; every directive call stays.
    let why = unsafe {
        weft_fuse_loops(
            p.iv[0].as_value_ref(),
            p.ub[0].as_value_ref(),
            p.iv[1].as_value_ref(),
            p.ub[1].as_value_ref(),
            p.begin_last[0].as_value_ref(),
            p.begin_last[1].as_value_ref(),
            privs.as_mut_ptr(),
            privs.len() as c_uint,
            c_int::from(doit),
        )
    };
    if why.is_null() {
        Ok(())
    } else {
        // SAFETY: the helper returns a static NUL-terminated string.
        Err(unsafe { CStr::from_ptr(why) }.to_string_lossy().into_owned())
    }
}

/// Why the loops' CFG cannot be spliced into one loop, or Ok (no change).
pub fn fusion_shape(p: &FusedPair<'_>) -> Result<(), String> {
    fuse_raw(p, false)
}

/// Splices the second loop's body after the first's on the same iteration
/// (its variable and bound replaced by the first's, its setup moved before
/// the first loop, its old entry branching to its old exit). Checked by
/// `fusion_shape` on the same IR shape first.
pub fn fuse_loops(p: &FusedPair<'_>) -> Result<(), String> {
    fuse_raw(p, true)
}
