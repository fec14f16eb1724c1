//! Doacross loop nests written as loops (`ordered(n)` with n > 1, or a
//! collapsed `ordered(n)`), put into the form paropt lowers: each of the n
//! ordered loops is a dimension of the iteration space libomp tracks
//! (docs/threads.md, "Doacross loops").
//!
//! A front end that writes the loops as loops (weft-cc, the paper's form)
//! names sink iterations by the loop variables' values (`i - 1, j`) and
//! gives `depend(source)` no operand. weft-prepare, normalizing the nest,
//! knows each loop's start, step and iteration count, so it writes what icx
//! writes for its own normalized nests:
//!
//! - `ORDERED(n, trip...)`, each trip an i64 slot (private to the loop)
//!   stored before the loop starts: the trip counts are computed in the
//!   loop's preheader, after the directive, so they cannot be its operands;
//! - each sink entry as its loop's iteration number, `(v - start) / step`;
//! - `DEPEND.SOURCE` with the current iteration's vector: the collapsed
//!   levels' iteration numbers (from the nest's counter) and the inner
//!   ordered loops' `(v - start) / step` from their variables.
//!
//! The inner ordered loops (beyond `collapse`) stay loops each thread runs
//! whole, as OpenMP says: only their iteration counts must be known before
//! the nest, so they must be rectangular and perfectly nested (OpenMP 5.1
//! §2.11.1, the loops a doacross `ordered(n)` associates).
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue, IntValue, PointerValue};
use weft_intrinsics::ffi;
use weft_intrinsics::model::Form;
use weft_intrinsics::vocab::ClauseKind;

use super::clause_edit::add_paper_clause;
use super::loop_form::Level;
use crate::wregion::Analysis;

/// Whether a nest of `depth` collapsed loops with ORDERED(`ordered`) needs
/// the vector form (a doacross loop of one loop keeps the normalized IV as
/// its only dimension).
pub(super) fn vector_form(ordered: usize, depth: usize) -> bool {
    ordered > 1 || (ordered == 1 && depth > 1)
}

/// Stores each level's iteration count into its slot, where `b` stands
/// (before the nest, after the counts are computed).
pub(super) fn store_trips<'ctx>(b: &Builder<'ctx>, levels: &[&Level<'ctx>], slots: &[PointerValue<'ctx>]) {
    for (lv, &slot) in levels.iter().zip(slots) {
        b.build_store(slot, lv.n).expect("positioned");
    }
}

/// A loop variable's value `v` as its level's iteration number,
/// `(v - start) / step` in i64, computed where `b` stands.
fn iteration<'ctx>(b: &Builder<'ctx>, lv: &Level<'ctx>, v: IntValue<'ctx>) -> IntValue<'ctx> {
    let i64t = v.get_type().get_context().i64_type();
    let e = "positioned";
    let wide = |x: IntValue<'ctx>| b.build_int_cast_sign_flag(x, i64t, true, "").expect(e);
    let diff = b.build_int_sub(wide(v), wide(lv.start), "").expect(e);
    b.build_int_signed_div(diff, wide(lv.step), "omp.doacross.iter").expect(e)
}

/// The variable of an inner ordered loop (not collapsed) as it is in this
/// iteration, read where `b` stands.
fn current<'ctx>(b: &Builder<'ctx>, lv: &Level<'ctx>) -> IntValue<'ctx> {
    match lv.lp.iv {
        BasicValueEnum::PointerValue(p) if lv.lp.in_memory => {
            b.build_load(lv.start.get_type(), p, "omp.doacross.var").expect("positioned").into_int_value()
        }
        v => v.into_int_value(),
    }
}

/// Rewrites the `ordered depend(...)` regions directly in region `r`, a
/// doacross nest of `levels` (the ordered loops, outermost first) whose
/// first `ks.len()` levels are collapsed, `ks` their iteration numbers in
/// this iteration of the nest: sink entries become iteration numbers, and a
/// source gets the current iteration's vector.
pub(super) fn rewrite_vectors<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    r: usize,
    levels: &[&Level<'ctx>],
    ks: &[IntValue<'ctx>],
) {
    let regions = &a.graph.regions;
    let values = &a.scan.values;
    let ctx = module.get_context();
    let b = ctx.create_builder();
    for child in (0..regions.len()).filter(|&c| regions[c].parent == Some(r)) {
        let reg = &regions[child];
        let has_source = reg.env.has_flag(ClauseKind::DependSource) && reg.env.source.is_empty();
        if reg.env.sinks.is_empty() && !has_source {
            continue;
        }
        let span = reg.entry.span;
        let calls = crate::cfg::directive_calls_between(values, span.first, span.last);
        sinks_to_iterations(&b, &calls, reg.form, levels);
        if has_source {
            let first = values.instruction(span.first);
            b.position_before(&first);
            let vector: Vec<BasicValueEnum<'_>> = levels
                .iter()
                .enumerate()
                .map(|(l, lv)| match ks.get(l) {
                    Some(&k) => k.into(),
                    None => iteration(&b, lv, current(&b, lv)).into(),
                })
                .collect();
            let tag = "QUAL.OMP.DEPEND.SOURCE";
            match reg.form {
                Form::Region => {
                    let call = ffi::drop_bundles(first, tag);
                    ffi::add_bundle(call, tag, &vector);
                }
                Form::Paper => {
                    let doomed = calls.iter().find(|&&c| ffi::directive_call_label(ffi::Value::of(c)) == tag);
                    let last = values.instruction(span.last);
                    add_paper_clause(module, last, tag, &vector);
                    if let Some(c) = doomed {
                        c.erase_from_basic_block();
                    }
                }
            }
        }
    }
}

/// Each DEPEND.SINK entry of `calls` (one ordered region's directive calls)
/// from a value of its level's variable to that level's iteration number,
/// computed just before the call that carries it.
fn sinks_to_iterations<'ctx>(b: &Builder<'ctx>, calls: &[InstructionValue<'ctx>], form: Form, levels: &[&Level<'ctx>]) {
    let tag = "QUAL.OMP.DEPEND.SINK";
    for &call in calls {
        // The operand positions of each sink vector on this call.
        let vectors: Vec<Vec<u32>> = match form {
            Form::Region => {
                let mut at = 0u32;
                let mut out = Vec::new();
                for (t, ops) in ffi::operand_bundles(ffi::Value::of(call)) {
                    let n = ops.len() as u32;
                    if t.split(':').next() == Some(tag) {
                        out.push((at..at + n).collect());
                    }
                    at += n;
                }
                out
            }
            Form::Paper if ffi::directive_call_label(ffi::Value::of(call)) == tag => {
                let n = ffi::call_arguments(ffi::Value::of(call)).len() as u32;
                vec![(1..n).collect()]
            }
            Form::Paper => Vec::new(),
        };
        b.position_before(&call);
        for positions in vectors {
            for (l, &pos) in positions.iter().enumerate() {
                let (Some(lv), Some(BasicValueEnum::IntValue(v))) =
                    (levels.get(l), call.get_operand(pos).and_then(|o| o.left()))
                else {
                    // (A vector of the wrong length: paropt names it.)
                    continue;
                };
                let it = iteration(b, lv, v);
                call.set_operand(pos, it);
            }
        }
    }
}
