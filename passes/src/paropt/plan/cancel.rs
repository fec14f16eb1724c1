//! The rules of cancellation (OpenMP 5.1 §2.20) as data: which construct a
//! `cancel` or `cancellation point` names, the region it leaves, and which
//! regions are cancellable (their barriers become cancellation points:
//! `paropt::cancel`).
use weft_intrinsics::vocab::{CancelConstruct, ClauseKind, DirKind};
use weft_intrinsics::{Rule, WeftError};

use super::construct::Construct;
use crate::wregion::{Analysis, WRegion};

/// libomp's `kmp_cancel_kind_t` (kmp.h): what `__kmpc_cancel` and
/// `__kmpc_cancellationpoint` take.
pub fn kmp_kind(c: CancelConstruct) -> i32 {
    match c {
        CancelConstruct::Parallel => 1,
        CancelConstruct::Loop => 2,
        CancelConstruct::Sections => 3,
        CancelConstruct::Taskgroup => 4,
    }
}

fn spelling(c: CancelConstruct) -> &'static str {
    match c {
        CancelConstruct::Parallel => "QUAL.OMP.CANCEL.PARALLEL",
        CancelConstruct::Loop => "QUAL.OMP.CANCEL.LOOP",
        CancelConstruct::Sections => "QUAL.OMP.CANCEL.SECTIONS",
        CancelConstruct::Taskgroup => "QUAL.OMP.CANCEL.TASKGROUP",
    }
}

/// The construct a cancel or cancellation point names (exactly one).
pub fn construct_of(r: &WRegion, name: &str) -> Result<Option<CancelConstruct>, WeftError> {
    let named: Vec<CancelConstruct> = r
        .env
        .flags
        .iter()
        .filter_map(|(k, _)| match k {
            ClauseKind::CancelConstruct(c) => Some(*c),
            _ => None,
        })
        .collect();
    if !matches!(r.kind, DirKind::Cancel | DirKind::CancellationPoint) {
        return Ok(None);
    }
    match named.as_slice() {
        [c] => Ok(Some(*c)),
        _ => Err(WeftError::new(
            Rule::ClauseArity,
            name,
            "names exactly one construct to cancel (QUAL.OMP.CANCEL.PARALLEL, .LOOP, .SECTIONS or .TASKGROUP)",
        )),
    }
}

/// Whether region `k` is what a cancel of `c` cancels.
fn matches(k: DirKind, c: CancelConstruct) -> bool {
    match c {
        CancelConstruct::Parallel => k == DirKind::Parallel,
        CancelConstruct::Loop => matches!(k, DirKind::Loop | DirKind::ParallelLoop),
        CancelConstruct::Sections => matches!(k, DirKind::Sections | DirKind::ParallelSections),
        // (The task it is closely nested in: leaving it ends the task,
        // and libomp discards the taskgroup's tasks not yet started.)
        CancelConstruct::Taskgroup => k == DirKind::Task,
    }
}

/// The region a cancel or cancellation point `r` leaves: the one it is
/// closely nested in, which must be of the construct it names (OpenMP 5.1
/// §2.22; a section region counts as its sections region).
pub fn target(a: &Analysis<'_>, r: usize, c: CancelConstruct) -> Result<usize, WeftError> {
    let reg = &a.graph.regions[r];
    let mut up = reg.parent;
    if let Some(p) = up.filter(|&p| a.graph.regions[p].kind == DirKind::Section) {
        up = a.graph.regions[p].parent;
    }
    match up {
        Some(p) if matches(a.graph.regions[p].kind, c) => Ok(p),
        Some(p) if c == CancelConstruct::Taskgroup && a.graph.regions[p].kind.is_taskloop() => Err(WeftError::new(
            Rule::NotYetSupported,
            reg.kind.begin_name(),
            format!("{} in a taskloop (a task's chunk of iterations would have to end early)", spelling(c)),
        )),
        Some(p) => Err(WeftError::new(
            Rule::ClauseNotAllowed,
            reg.kind.begin_name(),
            format!(
                "{} must be closely nested in the construct it names, not in {} (OpenMP 5.1 §2.22)",
                spelling(c),
                a.graph.regions[p].kind.begin_name()
            ),
        )),
        None => Err(WeftError::new(
            Rule::ClauseNotAllowed,
            reg.kind.begin_name(),
            format!(
                "{}: an orphaned cancellation construct (it must be closely nested in the construct it names)",
                spelling(c)
            ),
        )),
    }
}

/// The cancel or cancellation point regions closely nested in region `t`
/// that name `c`.
pub fn cancels(a: &Analysis<'_>, t: usize, c: CancelConstruct) -> bool {
    let direct = |p: usize| {
        a.graph.regions[p].children.iter().any(|&k| {
            let reg = &a.graph.regions[k];
            matches!(reg.kind, DirKind::Cancel | DirKind::CancellationPoint)
                && reg.env.has_flag(ClauseKind::CancelConstruct(c))
        })
    };
    // (A cancel in a section is closely nested in its sections region.)
    direct(t) || a.graph.regions[t].children.iter().any(|&s| a.graph.regions[s].kind == DirKind::Section && direct(s))
}

/// The restrictions of OpenMP 5.1 §2.20.1 on the region a cancel leaves,
/// and what weft does not lower yet: a worksharing region that is
/// cancelled has no nowait (its closing barrier resets the request), a
/// loop no ordered clause; weft cancels loops of the static schedule only
/// (a thread leaving its chunk would take the next one of another schedule)
/// and not in a parallel region cancellable itself, whose closing barrier
/// would not tell the two requests apart (`__kmpc_cancel_barrier` answers
/// nonzero for both and resets either).
pub fn check(a: &Analysis<'_>, r: usize, cancel: Option<CancelConstruct>) -> Result<(), WeftError> {
    let Some(c) = cancel else { return Ok(()) };
    let t = target(a, r, c)?;
    let tr = &a.graph.regions[t];
    let name = a.graph.regions[r].kind.begin_name();
    if matches!(c, CancelConstruct::Parallel | CancelConstruct::Taskgroup) {
        return Ok(());
    }
    let clash = |why: &str| Err(WeftError::new(Rule::ClauseNotAllowed, name, format!("{why} (OpenMP 5.1 §2.20.1)")));
    if tr.env.nowait() {
        return clash(&format!("a {} region that is cancelled may not have NOWAIT", tr.kind.begin_name()));
    }
    if tr.env.has_value_clause(ClauseKind::Ordered) {
        return clash(&format!("a {} region that is cancelled may not have ORDERED", tr.kind.begin_name()));
    }
    let static_plain = tr
        .env
        .schedule
        .as_ref()
        .map_or(true, |s| s.kind == weft_intrinsics::vocab::ScheduleKind::Static && s.chunk.is_none());
    if !static_plain {
        return Err(WeftError::new(
            Rule::NotYetSupported,
            name,
            "cancelling a loop whose schedule is not static without a chunk size",
        ));
    }
    let mut up = tr.parent;
    while let Some(u) = up {
        if Construct::of(a.graph.regions[u].kind).is_some_and(Construct::is_parallel) {
            if cancels(a, u, CancelConstruct::Parallel) {
                return Err(WeftError::new(
                    Rule::NotYetSupported,
                    name,
                    "cancelling a loop or sections region in a parallel region that is itself cancelled \
                     (libomp's cancel barrier does not tell the two apart)",
                ));
            }
            break;
        }
        up = a.graph.regions[u].parent;
    }
    Ok(())
}
