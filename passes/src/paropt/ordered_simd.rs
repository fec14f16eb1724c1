//! `ordered simd` (OpenMP 5.1 §2.19.9): the region runs in the order of the
//! iterations of the simd loop it binds to (the innermost enclosing `simd`,
//! `for simd` or `parallel for simd`). weft's lowering is the simple
//! correct one: that loop's simd part is left scalar (a missed-optimization
//! remark says why), so its iterations run one after another and the region
//! needs no code of its own; `ordered threads simd` in a `for simd` loop
//! with the ORDERED clause also takes the threads' order (`__kmpc_ordered`,
//! as a plain ordered region).
use weft_intrinsics::vocab::{ClauseKind, DirKind};
use weft_intrinsics::{Rule, WeftError};

use crate::wregion::{Analysis, WRegion};

/// Whether region `reg` is an ordered region with the SIMD clause.
pub(crate) fn is_ordered_simd(reg: &WRegion) -> bool {
    reg.kind == DirKind::Ordered && reg.env.has_flag(ClauseKind::OrderedSimd)
}

/// Whether it has only the SIMD clause (no THREADS): no runtime call.
pub(crate) fn simd_only(reg: &WRegion) -> bool {
    is_ordered_simd(reg) && !reg.env.has_flag(ClauseKind::OrderedThreads)
}

fn is_simd_loop(kind: DirKind) -> bool {
    matches!(kind, DirKind::Simd | DirKind::LoopSimd | DirKind::ParallelLoopSimd)
}

/// The simd loop an `ordered simd` region `r` binds to, if any (None when
/// orphaned or in no simd loop).
fn binding(a: &Analysis<'_>, r: usize) -> Option<usize> {
    let mut cur = a.graph.regions[r].parent;
    while let Some(i) = cur {
        if is_simd_loop(a.graph.regions[i].kind) {
            return Some(i);
        }
        cur = a.graph.regions[i].parent;
    }
    None
}

/// Whether `r` is an `ordered simd` region (without THREADS) of a `simd`
/// loop: lowered with that loop by weft-vectorize's in-place lowering,
/// which must still see it to leave the loop scalar.
pub(crate) fn in_vector_loop(a: &Analysis<'_>, r: usize) -> bool {
    simd_only(&a.graph.regions[r]) && binding(a, r).is_some_and(|i| a.graph.regions[i].kind.is_simd_only())
}

/// Whether an `ordered simd` region binds to simd loop `r` (which then runs scalar).
pub(crate) fn holds(a: &Analysis<'_>, r: usize) -> bool {
    is_simd_loop(a.graph.regions[r].kind)
        && a.graph.regions.iter().enumerate().any(|(i, reg)| is_ordered_simd(reg) && binding(a, i) == Some(r))
}

/// OpenMP's rule: an `ordered simd` region is closely nested in a simd
/// loop (an orphaned one, in a function a simd loop calls, cannot be seen
/// to bind to one here and is refused by name).
pub(crate) fn check(a: &Analysis<'_>, r: usize) -> Result<(), WeftError> {
    let reg = &a.graph.regions[r];
    if binding(a, r).is_some() {
        return Ok(());
    }
    let msg = if reg.parent.is_none() {
        "an orphaned ordered simd region (its simd loop in another function) is not supported yet"
    } else {
        "an ordered simd region must be nested in a simd loop (simd, for simd, parallel for simd)"
    };
    let rule = if reg.parent.is_none() { Rule::NotYetSupported } else { Rule::ClauseNotAllowed };
    Err(WeftError::new(rule, "QUAL.OMP.ORDERED.SIMD", msg).on_directive(reg.kind.begin_name()))
}
