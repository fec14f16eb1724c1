//! The clauses of the tasking constructs as data: a task's `final`,
//! `priority`, `untied`, `mergeable` and `depend` items (also those of
//! `taskwait depend`), and the refusals of what their lowering does not take
//! yet (OpenMP 5.1 §2.12).
pub use super::task_red::TaskRed;
use weft_intrinsics::model::{Item, Operand, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DataSharing, DependKind, Modifiers, ReductionOp};
use weft_intrinsics::{Rule, WeftError};

use super::construct::Construct;
use super::var::{Share, Var};
use crate::wregion::WRegion;

/// One `depend` item: the storage it names, as libomp's `kmp_depend_info`
/// takes it (an address and a length in bytes).
#[derive(Clone, Debug, PartialEq)]
pub struct DependItem {
    pub kind: DependKind,
    /// The variable, or the base of an array section.
    pub var: ValueId,
    /// `:TYPED`'s element type (a value of it); None: the variable's own
    /// type (for a section: its array's element type).
    pub elem: Option<ValueId>,
    /// How many elements (a constant or a run-time integer); None: one.
    pub count: Option<ValueId>,
    /// A section's first element (an integer); None: the variable itself.
    pub first: Option<ValueId>,
}

/// A task's own clauses.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TaskPlan {
    /// `final(expr)`: the task and every task it creates run at once.
    pub final_cond: Option<ValueId>,
    /// `priority(expr)`: a hint to the runtime's scheduler.
    pub priority: Option<ValueId>,
    pub untied: bool,
    /// `mergeable`: allowed to share the creator's data when undeferred;
    /// weft always gives the task its own (which OpenMP allows).
    pub mergeable: bool,
    pub depends: Vec<DependItem>,
    /// icx's DEPARRAY clauses (a depobj's, an iterator's entries): (count,
    /// `kmp_depend_info` array), after `depends` (plan/detach.rs).
    pub dep_arrays: Vec<(ValueId, ValueId)>,
    /// `detach(event)`: the event handle variable (plan/detach.rs).
    pub detach: Option<ValueId>,
    /// A taskgroup's task reductions.
    pub task_reductions: Vec<TaskRed>,
    /// A task's in_reduction items.
    pub in_reductions: Vec<TaskRed>,
    /// A taskloop's own clauses.
    pub taskloop: super::taskloop::TaskloopPlan,
}

fn not_yet(construct: &str, what: impl Into<String>) -> WeftError {
    WeftError::new(Rule::NotYetSupported, construct, what.into())
}

/// The depend items of a task or a `taskwait depend`.
fn depend_item(kind: DependKind, item: &Item, clause: &str, on: &str) -> Result<DependItem, WeftError> {
    let pointer = |o: &Operand| {
        if o.is_pointer() {
            Ok(o.value)
        } else {
            Err(WeftError::new(
                Rule::OperandKind,
                clause,
                format!("a depend item names storage (a pointer), got {}", o.text),
            )
            .on_directive(on))
        }
    };
    match item {
        Item::Var { var, typed } => Ok(DependItem {
            kind,
            var: pointer(var)?,
            elem: typed.as_ref().map(|t| t.ty.value),
            count: typed.as_ref().and_then(|t| t.count.as_ref()).map(|c| c.value),
            first: typed.as_ref().and_then(|t| t.offset.as_ref()).map(|o| o.value),
        }),
        Item::ArrSect { base, dims } => match dims.as_slice() {
            [[lower, length, stride]] if stride.const_uint() == Some(1) && lower.is_int() && length.is_int() => {
                Ok(DependItem {
                    kind,
                    var: pointer(base)?,
                    elem: None,
                    count: Some(length.value),
                    first: Some(lower.value),
                })
            }
            _ => Err(not_yet(clause, "array sections with strides or several dimensions in depend").on_directive(on)),
        },
        Item::NonPod { .. } | Item::MapChain { .. } => {
            Err(not_yet(clause, "this kind of depend item (non-POD or map chain)").on_directive(on))
        }
    }
}

/// The data-sharing records a task's lowering takes: whole variables
/// (scalars, aggregates, arrays of a constant size), private or
/// firstprivate, copied by value or by their non-POD helpers.
fn check_task_vars(vars: &[Var], on: &str) -> Result<(), WeftError> {
    for v in vars {
        let why = if v.section.is_some() || v.runtime_section.is_some() || v.layout.is_some() {
            Some("array sections in a task's data-sharing clauses")
        } else if v.byref {
            Some("BYREF items on a task")
        } else if v.alloc.is_some() {
            Some("the allocate clause on a task")
        } else if !matches!(v.share, Share::Private | Share::Firstprivate) {
            Some("this data-sharing clause on a task")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(not_yet(&v.clause, why).on_directive(on));
        }
    }
    Ok(())
}

/// The tasking clauses of region `r` as data, for `task`, `taskwait` and
/// `taskgroup` (the default for every other construct).
pub fn task_plan(r: &WRegion, construct: Construct, vars: &[Var], on: &str) -> Result<TaskPlan, WeftError> {
    let env = &r.env;
    let clause_of = |kind: ClauseKind| {
        r.directive.clauses.iter().find(|c| c.kind == kind).map_or(kind.name().to_string(), |c| c.spelling.clone())
    };
    let mut task_reductions = Vec::new();
    let mut taskloop = super::taskloop::TaskloopPlan::default();
    match construct {
        Construct::Task => check_task_vars(vars, on)?,
        Construct::Taskgroup => task_reductions = taskgroup_reductions(vars, on)?,
        Construct::Taskwait => {}
        Construct::Taskloop => {
            let (tl, reds) = super::taskloop::taskloop_plan(r, vars, on)?;
            taskloop = tl;
            task_reductions = reds;
        }
        _ => return Ok(TaskPlan::default()),
    }
    let in_reductions = in_reductions(r, construct, &clause_of, on)?;
    // (weft-cc lists a task's variables; in IR a task's DEFAULT that would
    // privatize the unlisted ones is not expanded yet.)
    if let Some((k @ ClauseKind::Default(DataSharing::Private | DataSharing::Firstprivate), _)) =
        env.flag(|k| matches!(k, ClauseKind::Default(_)))
    {
        return Err(not_yet(&clause_of(k), "DEFAULT(PRIVATE) and DEFAULT(FIRSTPRIVATE) on a task: list the variables")
            .on_directive(on));
    }
    let mut depends = Vec::new();
    for (kind, item) in &env.depend {
        depends.push(depend_item(*kind, item, &clause_of(ClauseKind::Depend(*kind)), on)?);
    }
    let detach = super::detach::detach_var(r, on)?;
    if detach.is_some() && env.has_flag(ClauseKind::Mergeable) {
        return Err(WeftError::new(
            Rule::OperandKind,
            &clause_of(ClauseKind::Mergeable),
            "mergeable with detach (OpenMP 5.1 §2.12.1 forbids it)",
        )
        .on_directive(on));
    }
    Ok(TaskPlan {
        dep_arrays: super::detach::dep_arrays(r, on)?,
        detach,
        final_cond: env.value(ClauseKind::Final).map(|o| o.value),
        priority: env.value(ClauseKind::Priority).map(|o| o.value),
        untied: env.has_flag(ClauseKind::Untied),
        mergeable: env.has_flag(ClauseKind::Mergeable),
        depends,
        task_reductions,
        in_reductions,
        taskloop,
    })
}

/// A taskgroup's `task_reduction` items as data (paropt::taskred).
fn taskgroup_reductions(vars: &[Var], on: &str) -> Result<Vec<TaskRed>, WeftError> {
    let mut task_reductions = Vec::new();
    for v in vars {
        let Share::Reduction { op, unsigned } = v.share else {
            return Err(not_yet(&v.clause, "this data-sharing clause on a taskgroup").on_directive(on));
        };
        // (Whole arrays are taken: a `:TYPED` count, or an array type;
        // declared reductions by their helpers, a predefined
        // operator's non-POD form with null helpers as the operator.)
        // (A section with constant bounds of an array: its first
        // element and count, taskred.rs.)
        let whole = v.runtime_section.is_none() && v.layout.is_none();
        let helpers = v.nonpod.filter(|h| *h != Default::default());
        let udr = if op == ReductionOp::Udr { helpers.filter(|h| h.combiner.is_some()) } else { None };
        let nonpod = helpers.is_some() && udr.is_none();
        let udr_section = v.section.is_some() && op == ReductionOp::Udr;
        if !whole || nonpod || udr_section || v.byref || v.alloc.is_some() || (op == ReductionOp::Udr && udr.is_none())
        {
            return Err(not_yet(
                    &v.clause,
                    "task reductions of array sections with bounds known only at run time or of several dimensions, of declared reductions' sections, non-POD or BYREF items, or with ALLOCATE",
                )
                .on_directive(on));
        }
        let (var, elem, count) = (v.var, v.elem, v.count);
        let first = v.section;
        task_reductions.push(TaskRed { var, elem, count, first, op, unsigned, udr, clause: v.clause.clone() });
    }

    Ok(task_reductions)
}

/// A task's or taskloop's `in_reduction` items as data: each finds its
/// thread's copy by the item's address (paropt::taskred).
fn in_reductions(
    r: &WRegion,
    construct: Construct,
    clause_of: &dyn Fn(ClauseKind) -> String,
    on: &str,
) -> Result<Vec<TaskRed>, WeftError> {
    let mut in_reductions = Vec::new();
    for red in &r.env.in_reductions {
        let clause = clause_of(ClauseKind::InReduction(red.op));
        // (A declared reduction's item comes with its helpers; the task
        // only finds its thread's copy, by the item's address.)
        let typed = match &red.item {
            Item::Var { var, typed } | Item::NonPod { var, typed, .. } if var.is_pointer() => {
                typed.as_ref().map(|t| (var, t))
            }
            _ => {
                return Err(not_yet(&clause, "in_reduction items other than whole variables").on_directive(on));
            }
        };
        let var = red.item.var().value;
        // (Whole arrays are taken: a constant `:TYPED` count.)
        // (A task's section with constant bounds, `a[first:count]` of an
        // array: taskred.rs; a taskloop's stays refused.)
        let first = match typed.and_then(|(_, t)| t.offset.as_ref()) {
            None => None,
            Some(o) => match o.const_uint() {
                Some(k) if construct == Construct::Task => Some(k),
                _ => {
                    return Err(not_yet(
                        &clause,
                        "in_reduction of array sections with bounds known only at run time, or on a taskloop",
                    )
                    .on_directive(on))
                }
            },
        };
        let (elem, count) = match typed {
            None => (None, 1),
            Some((_, t)) if t.count.is_none() => (Some(t.ty.value), 1),
            Some((_, t)) => match t.count.as_ref().and_then(Operand::const_uint) {
                Some(n) if (1..=u32::MAX as u64).contains(&n) => (Some(t.ty.value), n as u32),
                _ => {
                    return Err(not_yet(&clause, "in_reduction of array sections with bounds known only at run time")
                        .on_directive(on))
                }
            },
        };
        if red.modifiers.contains(Modifiers::CMPLX) {
            return Err(not_yet(&clause, "complex task reductions (CMPLX)").on_directive(on));
        }
        if first.is_some() && red.op == ReductionOp::Udr {
            return Err(not_yet(&clause, "in_reduction of a declared reduction's array section").on_directive(on));
        }
        let unsigned = red.modifiers.contains(Modifiers::UNSIGNED);
        in_reductions.push(TaskRed { var, elem, count, first, op: red.op, unsigned, udr: None, clause });
    }
    Ok(in_reductions)
}
