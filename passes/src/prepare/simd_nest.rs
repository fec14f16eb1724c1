//! A non-rectangular collapsed nest on a simd construct (`simd collapse(n)`
//! whose inner bounds are affine in the outer variables), kept as the nest
//! it is: the outer loops run as scalar loops and the innermost loop is the
//! simd loop weft-vectorize takes, once per iteration of the loops around it.
//!
//! Why that is a valid execution: the simd construct lets any consecutive
//! iterations of the collapsed logical iteration space run as one SIMD
//! chunk (OpenMP 5.1 §2.11.5.1: "the iterations are executed in SIMD
//! chunks"; the chunks are consecutive logical iterations, run in order),
//! and the iterations of one entry of the innermost loop are consecutive in
//! that space. A vector loop per entry with a scalar remainder is such a
//! partition into chunks: none crosses an outer iteration, every chunk is
//! no longer than the vector length (and `safelen`), and chunks run in the
//! serial order. Collapsing the nest into one counter instead
//! (prepare/nonrect.rs) leaves a cursor carried from one iteration to the
//! next, which keeps the loop scalar.
//!
//! The clauses keep the collapsed nest's meaning because weft-paropt
//! privatizes a simd region in place for the whole region, nest included
//! (paropt/simd.rs): one copy of each private, reduction and lastprivate
//! variable, which starts as the original's value and (reduction,
//! lastprivate) is copied back after the nest. The loop variables run as
//! in the serial nest, so lastprivate of any of them gets what the serial
//! nest leaves, also when its last outer iterations run no inner one; a
//! loop variable no clause names is private, as for a collapsed nest.
//!
//! Kept collapsed (and scalar, with the missed remark of a non-rectangular
//! nest) instead: a nest with a `linear` clause (its step counts the
//! collapsed space's iterations, where the simd loop's own number counts one
//! entry of the innermost loop), with an `inscan` reduction (run in order
//! anyway), and in icx's form with NORMALIZED slots per level. The nest of
//! `for simd` / `parallel for simd` is collapsed, since the schedule
//! divides the collapsed space, and its innermost level runs in runs
//! (`chunk_runs` below, prepare/nonrect.rs).
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Affine, CfgLoop};
use weft_intrinsics::vocab::{ClauseKind, DirKind, Modifiers};

use super::clause_edit::{add_clause, drop_clauses};
use crate::wregion::graph::WRegion;

/// Why region `reg`'s non-rectangular nest is collapsed rather than kept as a
/// nest (None: it is kept).
pub(super) fn collapsed_because(reg: &WRegion) -> Option<&'static str> {
    let env = &reg.env;
    if !reg.kind.is_simd_only() {
        return Some("a worksharing loop partitions the collapsed space");
    }
    if !env.linear.is_empty() {
        return Some("a linear variable counts the collapsed space's iterations");
    }
    if env.reductions.iter().any(|r| r.modifiers.contains(Modifiers::INSCAN)) {
        return Some("a scan reduction runs in order");
    }
    if !env.normalized_iv.is_empty() || !env.normalized_ub.is_empty() {
        return Some("icx's form, one counter per level");
    }
    None
}

/// Whether the non-rectangular nest of the `for simd` or `parallel for
/// simd` region `reg` is collapsed with its innermost level in runs
/// (prepare/nonrect.rs, `Run`): the schedule divides the collapsed space
/// among the threads, and each thread's chunk runs as runs of consecutive
/// iterations inside one innermost row, each a loop weft-vectorize can
/// take. Not where weft-paropt reads the nest's counter in every iteration
/// (a linear variable's value, a conditional lastprivate's iteration, an
/// ordered region, a scan), which a run leaves behind; nor in icx's form.
pub(super) fn chunk_runs(reg: &WRegion) -> bool {
    let env = &reg.env;
    matches!(reg.kind, DirKind::LoopSimd | DirKind::ParallelLoopSimd)
        && env.linear.is_empty()
        && !env.reductions.iter().any(|r| r.modifiers.contains(Modifiers::INSCAN))
        && !env.lastprivate.iter().any(|(_, m)| m.contains(Modifiers::CONDITIONAL))
        && !env.has_value_clause(ClauseKind::Ordered)
        && !env.has_flag(ClauseKind::Ordered)
        && env.normalized_iv.is_empty()
        && env.normalized_ub.is_empty()
}

/// Keeps the nest `loops` (outermost first) of the simd region `reg` as a
/// nest: its COLLAPSE clause goes (the region is then a simd loop like any,
/// and a later weft-prepare leaves it alone), the loop variables in memory
/// that no clause names become PRIVATE, the outer loops are marked as a simd
/// nest's and the innermost is tagged as the region's simd loop.
pub(super) fn keep<'ctx>(
    module: &Module<'ctx>,
    values: &ffi::Handles<'ctx>,
    reg: &WRegion,
    entry_call: InstructionValue<'ctx>,
    loops: &[CfgLoop<'ctx>],
    affine: &[Option<Affine<'ctx>>],
) {
    let named = |v: ffi::Value| reg.directive.clauses.iter().flat_map(|c| c.items()).any(|i| i.var().value == v.id());
    let private: Vec<BasicValueEnum<'ctx>> =
        loops.iter().filter(|lp| lp.in_memory).map(|lp| lp.iv).filter(|&v| !named(ffi::Value::of(v))).collect();
    let mut call = drop_clauses(values, reg, entry_call, "QUAL.OMP.COLLAPSE");
    if !private.is_empty() {
        call = add_clause(module, values, reg, call, "QUAL.OMP.PRIVATE", &private);
    }
    let (inner, outer) = loops.split_last().expect("a nest of two loops or more");
    for lp in outer {
        ffi::mark_simd_nest_loop(lp.latch);
    }
    ffi::tag_simd_loop_at(call, inner.header);
    // (The loop finder computed each level's values before the nest, and
    // the coefficients of the varying ones: a nest kept as it is uses none.)
    let coefs = affine.iter().flatten().flat_map(|a| a.start.iter().chain(&a.bound).flatten());
    let values = loops.iter().flat_map(|lp| [lp.start, lp.bound, lp.step]);
    erase_unused(values.chain(coefs.map(|&c| c.into())));
}

/// Erases the instructions among `values` that nothing uses and that only
/// compute (arithmetic, casts, loads), then those their operands leave unused.
fn erase_unused<'ctx>(values: impl Iterator<Item = BasicValueEnum<'ctx>>) {
    let mut work: Vec<InstructionValue<'ctx>> = values.filter_map(|v| v.as_instruction_value()).collect();
    let mut erased = hashbrown::HashSet::new();
    while let Some(i) = work.pop() {
        if erased.contains(&i) || i.get_first_use().is_some() {
            continue;
        }
        let op = i.get_opcode();
        let computes =
            crate::cfg::is_pure_arith(op) || op == InstructionOpcode::Load && !i.get_volatile().unwrap_or(true);
        if !computes {
            continue;
        }
        work.extend((0..i.get_num_operands()).filter_map(|k| i.get_operand(k)?.left()?.as_instruction_value()));
        i.erase_from_basic_block();
        erased.insert(i);
    }
}
