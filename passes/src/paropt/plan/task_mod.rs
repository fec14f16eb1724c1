//! The `task` reduction modifier (OpenMP 5.0 §2.19.5.4; icx's
//! `REDUCTION.<op>:TASK`), planned: where weft lowers it and which items.
//! A parallel or worksharing construct's reduction that is also a task
//! reduction the tasks created in the region join with `in_reduction`
//! (lowered by taskred_mod.rs).
use weft_intrinsics::vocab::DirKind;
use weft_intrinsics::{Rule, WeftError};

use super::var::{Share, Var};

/// libomp's `is_ws` for a construct that may carry the modifier: 0 for a
/// parallel region, 1 for a worksharing one (a combined construct's
/// reduction belongs to its worksharing part, as clang passes it); None:
/// not a construct weft lowers the modifier on.
pub fn is_ws(kind: DirKind) -> Option<u32> {
    match kind {
        DirKind::Parallel => Some(0),
        DirKind::Loop | DirKind::Sections | DirKind::ParallelLoop | DirKind::ParallelSections => Some(1),
        _ => None,
    }
}

/// Each `:TASK` item checked, before any IR changes: on a construct of
/// `is_ws`, a plain reduction (not a scan's) of a whole variable.
pub fn check(kind: DirKind, vars: &[Var], on: &str) -> Result<(), WeftError> {
    let not_yet = |v: &Var, what: &str| WeftError::new(Rule::NotYetSupported, v.clause.as_str(), what).on_directive(on);
    for v in vars.iter().filter(|v| v.task) {
        if is_ws(kind).is_none() {
            // (OpenMP 5.0 allows it on parallel and worksharing constructs
            // only; simd and loop constituents excluded, §2.19.5.4. 5.1's
            // scope is one weft does not lower it on yet.)
            return Err(not_yet(
                v,
                "the task reduction modifier (TASK) is lowered on parallel, for (loop), sections and their parallel combinations only",
            ));
        }
        if !matches!(v.share, Share::Reduction { .. }) {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                v.clause.as_str(),
                "a reduction is either a scan's (INSCAN) or a task reduction's (TASK), not both",
            )
            .on_directive(on));
        }
        if v.section.is_some() || v.runtime_section.is_some() || v.layout.is_some() {
            return Err(not_yet(v, "array sections in a reduction with the task modifier (TASK)"));
        }
        if v.byref {
            return Err(not_yet(v, "BYREF items in a reduction with the task modifier (TASK)"));
        }
    }
    Ok(())
}
