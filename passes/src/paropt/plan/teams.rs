//! The clauses of `teams` and `distribute` as data (OpenMP 5.1 §2.7,
//! §2.11.6): the league's size and each team's thread limit, the
//! distribute schedule, and the rules weft holds them to on the host.
use weft_intrinsics::model::{Operand, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DirKind};
use weft_intrinsics::{Rule, WeftError};

use super::construct::Construct;
use crate::wregion::{Analysis, WRegion};

/// A NUM_TEAMS or THREAD_LIMIT value: an integer, or (icx's `:TYPED`
/// form) the memory holding one of the type of `ty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamsValue {
    pub value: ValueId,
    /// `:TYPED`'s type operand, when `value` is the slot holding it.
    pub slot_of: Option<ValueId>,
}

/// What `teams` and `distribute` add to a plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TeamsPlan {
    pub num_teams: Option<TeamsValue>,
    pub thread_limit: Option<TeamsValue>,
    /// A distribute loop's schedule: `Some(None)` static (one block per
    /// team, libomp's `kmp_distribute_static`), `Some(Some(chunk))` static
    /// with a chunk (`kmp_distribute_static_chunked`); None: not a
    /// distribute loop.
    pub dist: Option<Option<ValueId>>,
}

/// libomp's `sched_type` for a distribute schedule (`kmp.h`).
pub fn dist_sched_type(chunk: Option<ValueId>) -> i32 {
    match chunk {
        Some(_) => 91,
        None => 92,
    }
}

fn not_yet(clause: &str, what: &str, on: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, clause, what).on_directive(on)
}

/// Region `r`'s NUM_TEAMS or THREAD_LIMIT (`kind`), if it has one.
pub fn teams_value(r: &WRegion, kind: ClauseKind) -> Option<TeamsValue> {
    let v: &Operand = r.env.value(kind)?;
    let ty = r.env.value_types.iter().find(|(k, _)| *k == kind).map(|(_, t)| t.value);
    Some(TeamsValue { value: v.value, slot_of: ty.filter(|_| v.is_pointer()) })
}

/// The teams part of region `r`'s plan, or the refusal of what weft does
/// not lower of it.
pub fn teams_plan(r: &WRegion, construct: Construct, name: &str) -> Result<TeamsPlan, WeftError> {
    let distribute = matches!(construct, Construct::Distribute | Construct::DistributeParLoop);
    if distribute {
        let clause = |k: ClauseKind| r.directive.clauses.iter().find(|c| c.kind == k).map(|c| c.spelling.clone());
        if let Some(c) = clause(ClauseKind::Linear) {
            return Err(not_yet(&c, "linear variables on a distribute loop", name));
        }
        if let Some(c) = clause(ClauseKind::Ordered) {
            return Err(not_yet(&c, "an ordered distribute parallel loop", name));
        }
        use weft_intrinsics::vocab::Modifiers;
        if r.env.lastprivate.iter().any(|(_, m)| m.contains(Modifiers::CONDITIONAL)) {
            return Err(not_yet(
                "QUAL.OMP.LASTPRIVATE:CONDITIONAL",
                "a conditional lastprivate on a distribute loop",
                name,
            ));
        }
        if r.env.reductions.iter().any(|x| x.modifiers.contains(Modifiers::INSCAN)) {
            return Err(not_yet(name, "a scan reduction (inscan) on a distribute loop", name));
        }
    }
    let dist = match (distribute, &r.env.dist_schedule) {
        (false, _) => None,
        (true, None) => Some(None),
        (true, Some(chunk)) => {
            let chunk = chunk.as_ref();
            if let Some(c) = chunk.filter(|c| c.const_int().is_some_and(|n| n <= 0)) {
                return Err(WeftError::new(
                    Rule::OperandKind,
                    "QUAL.OMP.DIST_SCHEDULE.STATIC",
                    format!("the chunk size must be positive, got {}", c.text),
                )
                .on_directive(name));
            }
            Some(chunk.map(|c| c.value))
        }
    };
    let (num_teams, thread_limit) = if construct == Construct::Teams {
        (teams_value(r, ClauseKind::NumTeams), teams_value(r, ClauseKind::ThreadLimit))
    } else {
        (None, None)
    };
    Ok(TeamsPlan { num_teams, thread_limit, dist })
}

/// Whether a `:TYPED` one-operand clause of directive `dir` is one this
/// plan reads: teams' NUM_TEAMS and THREAD_LIMIT, a target's THREAD_LIMIT
/// (OpenMP 5.1 §2.14.5; icx: `THREAD_LIMIT:TYPED(ptr slot, i32 0)`, the
/// slot captured FIRSTPRIVATE, or `(i32 n, i32 0)`).
pub fn reads_typed(dir: DirKind, kind: ClauseKind) -> bool {
    (dir == DirKind::Teams && matches!(kind, ClauseKind::NumTeams | ClauseKind::ThreadLimit))
        || (dir == DirKind::Target && kind == ClauseKind::ThreadLimit)
}

/// OpenMP's nesting rules for teams (OpenMP 5.1 §2.7): a `teams` region is
/// nested in no other region of the function but a target; only
/// distribute, parallel, `loop`, atomic (and simd) regions are strictly
/// nested in it; a distribute region is strictly nested in a teams region
/// (or orphaned: in a function a teams region calls).
pub fn check_nesting(a: &Analysis<'_>, r: usize, construct: Construct) -> Result<(), WeftError> {
    let reg = &a.graph.regions[r];
    let parent = reg.parent.map(|p| a.graph.regions[p].kind);
    let name = reg.kind.begin_name();
    let rule = |what: String| WeftError::new(Rule::ClauseNotAllowed, name, what);
    // (A teams region nested in a target is the target's league: its host
    // fallback forks it, paropt::target_teams.)
    if construct == Construct::Teams {
        if let Some(p) = parent.filter(|&p| p != DirKind::Target) {
            return Err(rule(format!(
                "a teams region may not be nested in {}: only in a target region or outside any (OpenMP's nesting rules)",
                p.begin_name()
            )));
        }
    }
    // (An orphaned distribute, in a function of its own, binds to the
    // teams region that calls it, as an orphaned worksharing loop binds to
    // its caller's parallel region: libomp answers from the thread's team.)
    let orphaned = parent.is_none();
    if matches!(construct, Construct::Distribute | Construct::DistributeParLoop)
        && parent != Some(DirKind::Teams)
        && !orphaned
    {
        return Err(rule(
            "a distribute region must be strictly nested in a teams region (OpenMP's nesting rules)".into(),
        ));
    }
    if parent == Some(DirKind::Teams) {
        let allowed = matches!(
            construct,
            Construct::Distribute
                | Construct::DistributeParLoop
                | Construct::Parallel
                | Construct::ParallelLoop
                | Construct::Atomic
                | Construct::Simd
        );
        if !allowed {
            return Err(rule(
                "may not be strictly nested in a teams region: only distribute, parallel, loop and atomic regions are (OpenMP's nesting rules)".into(),
            ));
        }
    }
    Ok(())
}
