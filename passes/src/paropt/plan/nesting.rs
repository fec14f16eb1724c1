//! OpenMP's nesting rules for the constructs paropt lowers, on the
//! W-Region graph: worksharing regions and barriers not closely nested in
//! worksharing, master, masked, critical or task regions; an `ordered` region in
//! a loop with the matching ORDERED clause.
use weft_intrinsics::vocab::ClauseKind;
use weft_intrinsics::{Rule, WeftError};

use super::construct::Construct;
use super::Plan;
use crate::wregion::Analysis;

/// OpenMP's nesting rules for what paropt lowers: a worksharing region
/// (loop, single, scope) or a barrier may not be closely nested in a
/// worksharing, master, masked or critical region.
pub(crate) fn check(a: &Analysis<'_>, r: usize, p: &Plan) -> Result<(), WeftError> {
    super::teams::check_nesting(a, r, p.construct)?;
    if p.construct == Construct::Ordered {
        let reg = &a.graph.regions[r];
        if crate::paropt::ordered_simd::is_ordered_simd(reg) {
            crate::paropt::ordered_simd::check(a, r)?;
            if crate::paropt::ordered_simd::simd_only(reg) {
                return Ok(());
            }
        }
        return check_ordered(a, r, !p.sinks.is_empty() || p.source);
    }
    if !matches!(p.construct, Construct::Loop | Construct::Single | Construct::Barrier | Construct::Scope) {
        return Ok(());
    }
    let reg = &a.graph.regions[r];
    let mut cur = reg.parent;
    while let Some(i) = cur {
        let outer = &a.graph.regions[i];
        match Construct::of(outer.kind) {
            Some(Construct::Parallel | Construct::ParallelLoop) if outer.kind.is_simd_only() => {}
            Some(Construct::Parallel) => return Ok(()),
            // (A simd loop's iterations are one thread's: a team-wide
            // construct in one would run once per iteration.)
            Some(Construct::Simd) if p.construct == Construct::Scope => {
                return Err(WeftError::new(
                    Rule::ClauseNotAllowed,
                    reg.kind.begin_name(),
                    format!("may not be nested inside {} (OpenMP's nesting rules)", outer.kind.begin_name()),
                ));
            }
            Some(
                Construct::Loop
                | Construct::ParallelLoop
                | Construct::Single
                | Construct::Scope
                | Construct::Master
                | Construct::Masked
                | Construct::Critical
                | Construct::Task
                | Construct::Taskloop,
            ) => {
                return Err(WeftError::new(
                    Rule::ClauseNotAllowed,
                    reg.kind.begin_name(),
                    format!(
                        "may not be closely nested inside {} (OpenMP's nesting rules); put it in a parallel region of its own",
                        outer.kind.begin_name()
                    ),
                ));
            }
            _ => {}
        }
        cur = outer.parent;
    }
    Ok(())
}

/// An `ordered` region belongs to the loop it is closely nested in, which
/// must have the ORDERED clause: ORDERED(n) for `ordered depend(...)`
/// (doacross), a plain one for an `ordered` region.
fn check_ordered(a: &Analysis<'_>, r: usize, depend: bool) -> Result<(), WeftError> {
    let reg = &a.graph.regions[r];
    if reg.parent.is_none() {
        // Orphaned (in a function a loop calls): the runtime knows the loop
        // the calling thread is in, as OpenMP allows.
        return Ok(());
    }
    let mut cur = reg.parent;
    while let Some(i) = cur {
        let outer = &a.graph.regions[i];
        match Construct::of(outer.kind) {
            Some(Construct::Loop | Construct::ParallelLoop) => {
                let doacross = outer.env.doacross() > 0;
                if outer.env.has_value_clause(ClauseKind::Ordered) && doacross == depend {
                    return Ok(());
                }
                if outer.env.has_value_clause(ClauseKind::Ordered) {
                    return Err(WeftError::new(
                        Rule::ClauseNotAllowed,
                        reg.kind.begin_name(),
                        if depend {
                            "ordered depend(sink/source) needs a loop with ORDERED(n) (a doacross loop), not a plain ORDERED"
                        } else {
                            "an ordered region without depend may not be nested in a doacross loop (ORDERED(n))"
                        },
                    ));
                }
                break;
            }
            Some(
                Construct::Parallel
                | Construct::Single
                | Construct::Master
                | Construct::Masked
                | Construct::Critical
                | Construct::Task
                | Construct::Taskloop,
            ) => break,
            _ => {}
        }
        cur = outer.parent;
    }
    Err(WeftError::new(
        Rule::ClauseNotAllowed,
        reg.kind.begin_name(),
        "an ordered region must be closely nested in a worksharing loop with the ORDERED clause",
    ))
}
