//! The rules of `in_reduction` on a target construct on the W-Region
//! graph (OpenMP 5.1 §2.21.5.6), checked before any region is lowered
//! (precheck.rs); the items and their maps are plan/target_inred.rs.
use weft_intrinsics::vocab::{ClauseKind, DirKind, ReductionOp};
use weft_intrinsics::{Rule, WeftError};

use super::construct::Construct;
use super::Plan;
use crate::wregion::Analysis;

fn not_yet(clause: &str, what: &str, on: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, clause, what.to_string()).on_directive(on)
}

/// The rules on the W-Region graph: a target's in_reduction items are its
/// target task's (the `TASK` with `TARGET.TASK` around it, which
/// weft-prepare writes, or a front end did), with the same operator, so
/// that the task makes the copy the target maps; and a target task's
/// in_reduction items are whole variables of predefined operators (it
/// makes its own copy of each, paropt::target_inred, which a section or a
/// declared reduction's copy would need more for).
pub(crate) fn check(a: &Analysis<'_>, r: usize, p: &Plan) -> Result<(), WeftError> {
    let reg = &a.graph.regions[r];
    let on = reg.kind.begin_name();
    if p.construct == Construct::Task && reg.env.has_flag(ClauseKind::TargetTask) {
        if let Some(red) = p.task.in_reductions.iter().find(|x| x.first.is_some() || x.op == ReductionOp::Udr) {
            return Err(not_yet(
                &red.clause,
                "in_reduction of an array section or a declared reduction on a target task",
                on,
            ));
        }
        // (Its target names them too: its launch then waits for the
        // device before the task combines its copies, target_task.rs.)
        let target = match reg.children.as_slice() {
            [c] if a.graph.regions[*c].kind == DirKind::Target => Some(&a.graph.regions[*c]),
            _ => None,
        };
        for red in &p.task.in_reductions {
            let named = target
                .is_some_and(|t| t.env.in_reductions.iter().any(|x| x.op == red.op && x.item.var().value == red.var));
            if !named {
                return Err(WeftError::new(
                    Rule::ClauseNotAllowed,
                    &red.clause,
                    "a target task's in_reduction items must be its target's too (the one construct in it)",
                )
                .on_directive(on));
            }
        }
    }
    if p.target.in_reductions.is_empty() {
        return Ok(());
    }
    let task = reg
        .parent
        .map(|i| &a.graph.regions[i])
        .filter(|t| t.kind == DirKind::Task && t.env.has_flag(ClauseKind::TargetTask));
    for red in &p.target.in_reductions {
        let joined =
            task.is_some_and(|t| t.env.in_reductions.iter().any(|x| x.op == red.op && x.item.var().value == red.var));
        if !joined {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                &red.clause,
                "the target's target task (a TASK with TARGET.TASK around it) must take part in the reduction \
                 with the same item and operator",
            )
            .on_directive(on));
        }
    }
    Ok(())
}
