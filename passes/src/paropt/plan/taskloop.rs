//! A taskloop's own clauses as data (OpenMP 5.1 §2.12.2): how its
//! iterations are divided into tasks (`grainsize`, `num_tasks`, each with
//! 5.1's `strict`), `nogroup`, and which of its data-sharing items its
//! lowering takes; everything else refused by name before any IR changes.
use weft_intrinsics::model::{Operand, ValueId};
use weft_intrinsics::vocab::{ClauseKind, Modifiers, ReductionOp};
use weft_intrinsics::{Rule, WeftError};

use super::task_red::TaskRed;
use super::var::{Share, Var};
use crate::wregion::WRegion;

/// How libomp divides the iterations (`sched` of `__kmpc_taskloop`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Division {
    /// The runtime's choice (sched 0).
    #[default]
    Default,
    /// `grainsize(n)`: tasks of about n iterations (sched 1).
    Grainsize,
    /// `num_tasks(n)`: about n tasks (sched 2).
    NumTasks,
}

impl Division {
    /// `__kmpc_taskloop`'s `sched` operand.
    pub fn sched(self) -> u64 {
        match self {
            Division::Default => 0,
            Division::Grainsize => 1,
            Division::NumTasks => 2,
        }
    }
}

/// A taskloop's clauses of its own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TaskloopPlan {
    pub division: Division,
    /// grainsize's or num_tasks' operand.
    pub amount: Option<ValueId>,
    /// `strict` (OpenMP 5.1): through `__kmpc_taskloop_5`, whose chunks are
    /// exactly the grainsize (the last may be smaller) or whose task count
    /// is exactly num_tasks.
    pub strict: bool,
    /// No implicit taskgroup around the generated tasks.
    pub nogroup: bool,
}

fn not_yet(construct: &str, what: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, construct, what.to_string())
}

/// A taskloop's division, nogroup, and its reduction items (a task
/// reduction of the implicit taskgroup, an in_reduction in each task);
/// the data-sharing items its lowering does not take are refused.
pub fn taskloop_plan(r: &WRegion, vars: &[Var], on: &str) -> Result<(TaskloopPlan, Vec<TaskRed>), WeftError> {
    let env = &r.env;
    let clause = |kind: ClauseKind| r.directive.clauses.iter().find(|c| c.kind == kind);
    let grain = clause(ClauseKind::Grainsize);
    let tasks = clause(ClauseKind::NumTasks);
    let (division, c) = match (grain, tasks) {
        (Some(_), Some(n)) => {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                n.spelling.as_str(),
                "grainsize and num_tasks may not both be given (OpenMP 5.1 §2.12.2)",
            )
            .on_directive(on))
        }
        (Some(g), None) => (Division::Grainsize, Some(g)),
        (None, Some(n)) => (Division::NumTasks, Some(n)),
        (None, None) => (Division::Default, None),
    };
    let amount = c.and_then(|c| c.value());
    if let (Some(c), Some(v)) = (c, amount) {
        if !v.is_int() || v.const_int().is_some_and(|n| n <= 0) {
            return Err(WeftError::new(
                Rule::OperandKind,
                c.spelling.as_str(),
                format!("a positive integer expression, got {}", v.text),
            )
            .on_directive(on));
        }
    }
    if r.kind == weft_intrinsics::vocab::DirKind::TaskloopSimd {
        simd_part(r, on)?;
    }
    let nogroup = env.has_flag(ClauseKind::Nogroup);
    let mut reds = Vec::new();
    for v in vars {
        let why = if v.section.is_some() || v.runtime_section.is_some() || v.layout.is_some() {
            Some("array sections in a taskloop's data-sharing clauses")
        } else if v.nonpod.is_some() {
            Some("non-POD items on a taskloop (each generated task needs its own copy made by the type's helpers)")
        } else if v.byref {
            Some("BYREF items on a taskloop")
        } else if v.alloc.is_some() {
            Some("the allocate clause on a taskloop")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(not_yet(&v.clause, why).on_directive(on));
        }
        match v.share {
            Share::Private
            | Share::Firstprivate
            | Share::Lastprivate
            | Share::FirstLastprivate
            | Share::NormIv
            | Share::NormUb => {}
            Share::Reduction { op, unsigned } => {
                if v.count != 1 || op == ReductionOp::Udr {
                    return Err(
                        not_yet(&v.clause, "taskloop reductions of arrays or user-defined items").on_directive(on)
                    );
                }
                if nogroup {
                    return Err(WeftError::new(
                        Rule::ClauseNotAllowed,
                        v.clause.as_str(),
                        "a taskloop with reduction may not have nogroup (OpenMP 5.1 §2.12.2)",
                    )
                    .on_directive(on));
                }
                reds.push(TaskRed {
                    first: None,
                    var: v.var,
                    elem: v.elem,
                    count: 1,
                    op,
                    unsigned,
                    udr: None,
                    clause: v.clause.clone(),
                });
            }
            _ => return Err(not_yet(&v.clause, "this data-sharing clause on a taskloop").on_directive(on)),
        }
    }
    let strict = c.is_some_and(|c| c.modifiers.contains(Modifiers::STRICT));
    Ok((TaskloopPlan { division, amount: amount.map(|o: &Operand| o.value), strict, nogroup }, reds))
}

/// The simd part of `taskloop simd` (each task's loop, paropt::taskloop_simd):
/// `simdlen` and `safelen` (positive constants, OpenMP 5.1 §2.11.5.1) go
/// onto the task's simd loop; its other clauses are not built yet.
fn simd_part(r: &WRegion, on: &str) -> Result<(), WeftError> {
    for c in &r.directive.clauses {
        match c.kind {
            ClauseKind::Simdlen | ClauseKind::Safelen => {
                if !c.value().and_then(|v| v.const_int()).is_some_and(|n| n > 0) {
                    return Err(WeftError::new(
                        Rule::OperandKind,
                        c.spelling.as_str(),
                        "a positive integer constant (OpenMP 5.1 §2.11.5.1)",
                    )
                    .on_directive(on));
                }
            }
            ClauseKind::Linear | ClauseKind::Aligned | ClauseKind::Nontemporal | ClauseKind::Uniform => {
                return Err(not_yet(&c.spelling, "this simd clause on a taskloop simd").on_directive(on));
            }
            _ => {}
        }
    }
    Ok(())
}
