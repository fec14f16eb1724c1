//! The form of a loop weft-prepare rewrites, as plain data and the
//! helpers every rewrite of loops shares (normalizing, non-rectangular
//! nests, doacross, tile, unroll): a loop's start, step and trip count
//! (`Level`), a loop variable in a given iteration, the blocks of a loop,
//! and whether the code between nested loops is quiet (may run any number
//! of times). It calls no other module of weft-prepare.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionOpcode, InstructionValue, IntValue};
use llvm_plugin::inkwell::IntPredicate as P;
use weft_intrinsics::ffi::{self, CfgLoop, Widen};

const E: &str = "positioned";

/// One loop of the (possibly collapsed) nest, with its values before the nest.
pub(super) struct Level<'ctx> {
    pub lp: CfgLoop<'ctx>,
    pub start: IntValue<'ctx>,
    /// The step in the variable's type, sign included.
    pub step: IntValue<'ctx>,
    /// Iterations, in i64 (of a non-rectangular level: with the outer
    /// variables 0, unused).
    pub n: IntValue<'ctx>,
}

/// A loop's start, signed step and iteration count, computed where `b`
/// stands (before the outermost loop of the nest).
pub(super) fn level<'ctx>(b: &Builder<'ctx>, lp: CfgLoop<'ctx>) -> Result<Level<'ctx>, String> {
    level_at(b, lp, lp.start, lp.bound)
}

/// `level` for the loop started at `start` and bounded by `bound` (a
/// non-rectangular loop's, for one iteration of the loops around it).
pub(super) fn level_at<'ctx>(
    b: &Builder<'ctx>,
    lp: CfgLoop<'ctx>,
    start: BasicValueEnum<'ctx>,
    bound: BasicValueEnum<'ctx>,
) -> Result<Level<'ctx>, String> {
    if lp.pred == P::EQ {
        return Err("the loop runs while its variable equals the bound".into());
    }
    let (BasicValueEnum::IntValue(start), BasicValueEnum::IntValue(bound), BasicValueEnum::IntValue(step)) =
        (start, bound, lp.step)
    else {
        return Err("the loop variable is not an integer".into());
    };
    let iv_ty = start.get_type();
    if bound.get_type().get_bit_width() > 64 || iv_ty.get_bit_width() > 64 || step.get_type() != iv_ty {
        return Err("the loop variable is wider than 64 bits or its step has another type".into());
    }
    let i64t = iv_ty.get_context().i64_type();
    let unsigned = matches!(lp.pred, P::ULT | P::ULE | P::UGT | P::UGE) || lp.widen == Widen::Zext;
    let wide = |v: IntValue<'ctx>, as_unsigned: bool| -> IntValue<'ctx> {
        if v.get_type().get_bit_width() == 64 {
            v
        } else if as_unsigned {
            b.build_int_z_extend(v, i64t, "").expect("positioned")
        } else {
            b.build_int_s_extend(v, i64t, "").expect("positioned")
        }
    };
    // The start as the comparison sees it: widened the way the IV is.
    let start_cmp = match lp.widen {
        Widen::None => start,
        Widen::Sext => b.build_int_s_extend(start, bound.get_type(), "").expect("positioned"),
        Widen::Zext => b.build_int_z_extend(start, bound.get_type(), "").expect("positioned"),
    };
    let lb = wide(start_cmp, unsigned);
    let ub = wide(bound, unsigned);
    let mut st = wide(step, false);
    let mut step_iv = step;
    if lp.step_negated {
        st = b.build_int_neg(st, "").expect("positioned");
        step_iv = b.build_int_neg(step, "").expect("positioned");
    }
    let n = trip_count(b, lp.pred, lb, ub, st);
    Ok(Level { lp, start, step: step_iv, n })
}

/// A loop's variable in its iteration `k` (i64): `start + k * step`.
pub(super) fn value_at<'ctx>(
    b: &Builder<'ctx>,
    start: IntValue<'ctx>,
    step: IntValue<'ctx>,
    k: IntValue<'ctx>,
) -> IntValue<'ctx> {
    let t = start.get_type();
    let k = if t.get_bit_width() == 64 { k } else { b.build_int_truncate(k, t, "").expect(E) };
    let off = b.build_int_mul(k, step, "").expect(E);
    b.build_int_add(start, off, "omp.norm.var").expect(E)
}

/// Collapsing needs nothing between the loops: from the outer body to the
/// inner loop only the inner variable's start is set, and from the inner
/// loop's exit the outer latch follows, doing nothing but stepping.
pub(super) fn perfectly_nested(outer: &CfgLoop<'_>, inner: &CfgLoop<'_>) -> Result<(), String> {
    let inner_var = inner.in_memory.then_some(inner.iv);
    if quiet_between(outer, inner.header, inner_var, inner.exit) {
        Ok(())
    } else {
        Err("the collapsed loops are not perfectly nested (code between them)".to_string())
    }
}

/// Whether nothing but setting up the inner loop runs between `outer`'s
/// body and `inner_entry` (where the inner loop, or a construct holding it,
/// begins; `inner_var`: the inner variable in memory, whose start may be
/// stored), and nothing but stepping between `inner_exit` (where control
/// goes after it) and `outer`'s next iteration.
pub(super) fn quiet_between<'ctx>(
    outer: &CfgLoop<'ctx>,
    inner_entry: BasicBlock<'ctx>,
    inner_var: Option<BasicValueEnum<'ctx>>,
    inner_exit: BasicBlock<'ctx>,
) -> bool {
    quiet_path(outer.body, inner_entry, inner_var)
        && quiet_path(inner_exit, outer.latch, None)
        && block_quiet(outer.latch, outer.in_memory.then_some(outer.iv))
}

/// Whether the straight path from `from` reaches `to` through blocks (`to`
/// excluded) that do nothing OpenMP minds running any number of times
/// (`var`: a loop variable in memory whose stores count as quiet).
pub(super) fn quiet_path<'ctx>(
    from: BasicBlock<'ctx>,
    to: BasicBlock<'ctx>,
    var: Option<BasicValueEnum<'ctx>>,
) -> bool {
    let mut bb = from;
    while bb != to {
        match (block_quiet(bb, var), crate::cfg::unique_successor(bb)) {
            (true, Some(next)) => bb = next,
            _ => return false,
        }
    }
    true
}

fn block_quiet<'ctx>(bb: BasicBlock<'ctx>, var: Option<BasicValueEnum<'ctx>>) -> bool {
    let quiet = |i: InstructionValue<'ctx>| {
        use InstructionOpcode as O;
        match i.get_opcode() {
            O::Br | O::Phi | O::Load => true,
            // A division that cannot trap (a constant divisor other than 0
            // and -1): it may run before the nest even if the serial
            // program would not reach it.
            O::SDiv | O::UDiv | O::SRem | O::URem => i
                .get_operand(1)
                .and_then(|o| o.left())
                .and_then(|d| match d {
                    BasicValueEnum::IntValue(c) => c.get_sign_extended_constant(),
                    _ => None,
                })
                .is_some_and(|c| c != 0 && c != -1),
            op if crate::cfg::is_pure_arith(op) => true,
            // Stores to local variables (a loop variable computed from its
            // counter, as icx's normalized form does): OpenMP lets code
            // between collapsed loops run any number of times.
            O::Store => {
                var.is_some_and(|v| i.get_operand(1).and_then(|o| o.left()) == Some(v)) || {
                    let objs = ffi::pointed_variables(i);
                    !objs.is_empty() && objs.iter().all(|&(_, is_alloca)| is_alloca)
                }
            }
            O::Call => ffi::called_function_name(ffi::Value::of_instruction(i))
                .is_some_and(|n| n.starts_with("llvm.dbg.") || n.starts_with("llvm.lifetime.")),
            _ => false,
        }
    };
    let mut cur = bb.get_first_instruction();
    while let Some(i) = cur {
        if !quiet(i) {
            return false;
        }
        cur = i.get_next_instruction();
    }
    true
}

/// Iterations of `for (v = lb; v PRED ub; v += st)`, all in i64 (0 when the
/// first test fails). The distance is taken unsigned, so a loop over the
/// whole range of its type still counts right.
fn trip_count<'ctx>(
    b: &Builder<'ctx>,
    pred: P,
    lb: IntValue<'ctx>,
    ub: IntValue<'ctx>,
    st: IntValue<'ctx>,
) -> IntValue<'ctx> {
    let t = lb.get_type();
    let one = t.const_int(1, false);
    let e = "positioned";
    if pred == P::NE {
        let runs = b.build_int_compare(P::NE, lb, ub, "").expect(e);
        let d = b.build_int_sub(ub, lb, "").expect(e);
        let n = b.build_int_signed_div(d, st, "").expect(e);
        return b.build_select(runs, n, t.const_zero(), "omp.norm.n").expect(e).into_int_value();
    }
    // Upward loops count (ub - lb [- 1]) / st + 1; downward (lb - ub [- 1]) / -st + 1.
    let up = matches!(pred, P::SLT | P::SLE | P::ULT | P::ULE);
    let strict = matches!(pred, P::SLT | P::ULT | P::SGT | P::UGT);
    let runs = b.build_int_compare(pred, lb, ub, "").expect(e);
    let (hi, lo, by) = if up { (ub, lb, st) } else { (lb, ub, b.build_int_neg(st, "").expect(e)) };
    let mut d = b.build_int_sub(hi, lo, "").expect(e);
    if strict {
        d = b.build_int_sub(d, one, "").expect(e);
    }
    let q = b.build_int_unsigned_div(d, by, "").expect(e);
    let n = b.build_int_add(q, one, "").expect(e);
    b.build_select(runs, n, t.const_zero(), "omp.norm.n").expect(e).into_int_value()
}

pub(super) fn first_non_phi(bb: BasicBlock<'_>) -> InstructionValue<'_> {
    crate::cfg::first_not(bb, InstructionOpcode::Phi).unwrap_or_else(|| bb.get_terminator().expect("a terminator"))
}

/// The loop's blocks other than its header: reachable from the body
/// without passing the header.
pub(super) fn loop_blocks<'ctx>(lp: &CfgLoop<'ctx>) -> Vec<BasicBlock<'ctx>> {
    crate::cfg::reachable_before(lp.body, lp.header)
}
