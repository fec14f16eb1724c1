//! A 32-bit normalized counter for a worksharing loop whose variable is a
//! 32-bit signed integer counted up by 1 from a non-negative constant.
//!
//! The normalized form counts `k = 0 .. n-1` and sets the user's variable
//! `v = start + k * step` at the top of each iteration. With a 64-bit `k`
//! and a 32-bit `v` that is `start + trunc(k)`, a value ScalarEvolution
//! cannot prove free of signed wrap, so the body's `sext v` (every C array
//! index of an `int` loop variable) is not an affine recurrence: no strength
//! reduction, an `imul` and a shift pair per index per iteration (NPB's SP,
//! `lhsx`: 33 instructions an iteration against clang's 19). clang counts
//! such a loop in 32 bits (`__kmpc_for_static_init_4`) with `nsw` on the
//! counter and on `start + k`, and the index folds.
//!
//! Here the same is done where `nsw` holds for every value computed:
//! - the variable is i32, compared signed (`<` or `<=`), not widened, and
//!   stepped by the constant 1;
//! - `start` is a constant `c >= 0`, so `n <= 2^31 - c`, every `k < n`
//!   fits in i32, and `c + k` is the variable's value in that iteration,
//!   which the loop's own test keeps at or below its bound;
//! - the counter's last step gives `k = n`, which fits unless `n = 2^31`:
//!   only `c = 0` with `<=` a bound of `INT_MAX` reaches it, and that loop
//!   never ends through its test (the variable would have to pass
//!   `INT_MAX`), so `<=` needs `c >= 1`.
//!
//! Only plain worksharing loops take it (`for` and `parallel for`, one
//! level, no `ordered`, no `simd`): the other constructs' lowerings expect
//! the 64-bit counter.
use llvm_plugin::inkwell::IntPredicate as P;
use weft_intrinsics::ffi::Widen;
use weft_intrinsics::vocab::ClauseKind;

use super::loop_form::Level;
use crate::wregion::graph::WRegion;

/// Whether the one-level nest `levels` of region `reg` counts in 32 bits.
pub(super) fn narrow_counter(reg: &WRegion, levels: &[Level<'_>], inner: usize, nonrect: bool) -> bool {
    let plain = matches!(reg.kind.begin_name(), "DIR.OMP.LOOP" | "DIR.OMP.PARALLEL.LOOP");
    let ordered = reg.directive.clauses.iter().any(|c| c.kind == ClauseKind::Ordered);
    if !plain || ordered || nonrect || inner > 0 || levels.len() != 1 {
        return false;
    }
    let lv = &levels[0];
    let lp = &lv.lp;
    let step_one = lv.step.get_sign_extended_constant() == Some(1);
    let Some(c) = lv.start.get_sign_extended_constant() else { return false };
    let test_ok = match lp.pred {
        P::SLT => c >= 0,
        P::SLE => c >= 1,
        _ => false,
    };
    lv.start.get_type().get_bit_width() == 32 && lp.widen == Widen::None && step_one && test_ok
}
