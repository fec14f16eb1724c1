//! The proof obligation for one split plan: the pieces compute exactly what
//! the original access computes (on the reference semantics), and every
//! access the plan creates obeys every legality rule.
use super::legality::{check, check_pred};
use super::random::Case;
use super::region::{Access, Kind};
use super::semantics::{self, piece_index, IndexValue};
use super::split::{self, MaskPlan, Plan};

/// Every access a plan creates, with what it is, for the legality check.
pub fn created_accesses(a: &Access, plan: &Plan) -> Vec<(String, Access)> {
    let mut out = Vec::new();
    let whole = |p: &split::Piece| p.size() == a.region.exec;
    for p in &plan.pieces {
        out.push((format!("piece at {}", p.start), split::piece_access(a, p, &plan.mask)));
        if !whole(p) {
            let side = if a.is_write() { split::new_value_access(a, p) } else { split::join_access(a, p) };
            out.push((format!("join/new value at {}", p.start), side));
        }
    }
    if let MaskPlan::Blend { read } = &plan.mask {
        let ra = Access { kind: Kind::Read, ..*a };
        for p in read {
            out.push((format!("blend read at {}", p.start), split::piece_access(&ra, p, &MaskPlan::Same)));
            if !whole(p) {
                out.push((format!("blend join at {}", p.start), split::join_access(&ra, p)));
            }
        }
    }
    out
}

/// Checks `plan` for `case`: legality of everything created, and equal
/// results. Returns a description of the first failure.
pub fn check_plan(case: &Case, plan: &Plan) -> Result<(), String> {
    let a = &case.access;
    let t = &case.target;
    for (what, acc) in created_accesses(a, plan) {
        let broken = check(t, &acc);
        if !broken.is_empty() {
            return Err(format!("{what}: {acc:?} is illegal: {}", broken[0]));
        }
    }
    if let MaskPlan::Split = plan.mask {
        for p in plan.pieces.iter().filter(|p| p.size() != a.region.exec) {
            if let Some(b) = check_pred(&split::mask_access(a, p)).first() {
                return Err(format!("mask piece at {}: {b}", p.start));
            }
        }
    }
    let (want, got) = if a.is_write() {
        let mask = if case.mask.is_empty() { None } else { Some(&case.mask[..]) };
        (
            semantics::write(&case.src, &case.new, a, &case.index, mask)?,
            semantics::run_write_plan(&case.src, &case.new, a, plan, &case.index, mask)?,
        )
    } else {
        (
            semantics::read(&case.src, a, &case.index)?,
            semantics::run_read_plan(&case.src, a, &plan.pieces, &case.index)?,
        )
    };
    if want != got {
        let lane = want.iter().zip(&got).position(|(x, y)| x != y).unwrap_or(0);
        return Err(format!(
            "results differ first at element {lane}: want {:#x}, plan gives {:#x}",
            want[lane], got[lane]
        ));
    }
    // The index value each piece computes must be representable (i16 offsets).
    for p in &plan.pieces {
        if let IndexValue::Scalar(v) = piece_index(p, &case.index)? {
            if v > i16::MAX as u16 {
                return Err(format!("piece at {} computes index {v}, outside i16", p.start));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genx::legality::check;
    use crate::genx::random::{random_case, Rng};
    use crate::genx::region::Index;
    use crate::genx::split::{plan, PieceIndex};

    #[test]
    fn random_plans_are_legal_and_equivalent() {
        let mut rng = Rng::new(0x5EED_0001);
        let (mut split_count, mut blends) = (0, 0);
        for n in 0..20_000 {
            let case = random_case(&mut rng);
            match plan(&case.target, &case.access) {
                Ok(None) => assert!(check(&case.target, &case.access).is_empty()),
                Ok(Some(p)) => {
                    split_count += 1;
                    blends += matches!(p.mask, MaskPlan::Blend { .. }) as usize;
                    if let Err(e) = check_plan(&case, &p) {
                        panic!("case {n}: {case:?}\nplan {p:?}\n{e}");
                    }
                }
                Err(e) => panic!("case {n}: {case:?}: {e}"),
            }
        }
        // The generator must actually exercise splitting and blending.
        assert!(split_count > 5_000, "only {split_count} accesses needed a split");
        assert!(blends > 20, "only {blends} blends");
    }

    /// The checker must fail on a wrong split: move one piece by an element.
    #[test]
    fn checker_catches_a_wrong_split() {
        let mut rng = Rng::new(7);
        let mut caught = 0;
        for _ in 0..2_000 {
            let case = random_case(&mut rng);
            let Ok(Some(mut p)) = plan(&case.target, &case.access) else {
                continue;
            };
            if case.access.mask() != crate::genx::region::Mask::All {
                continue; // a masked-off piece may write nothing, wherever it points
            }
            let eb = case.access.elem.bytes() as i64;
            let Some(victim) = p.pieces.iter_mut().find(|q| matches!(q.index, PieceIndex::Const(o) if o >= eb)) else {
                continue;
            };
            if let PieceIndex::Const(o) = victim.index {
                victim.index = PieceIndex::Const(o - eb);
                victim.region.index = Index::Const(o - eb);
            }
            assert!(check_plan(&case, &p).is_err(), "a shifted piece went unnoticed: {case:?}");
            caught += 1;
        }
        assert!(caught > 100);
    }

    /// ... and on an illegal one: glue two pieces back together.
    #[test]
    fn checker_catches_an_illegal_piece() {
        let mut rng = Rng::new(11);
        let mut caught = 0;
        for _ in 0..2_000 {
            let case = random_case(&mut rng);
            let Ok(Some(mut p)) = plan(&case.target, &case.access) else {
                continue;
            };
            // Replace the plan by the unsplit (illegal) access as one piece.
            let a = case.access;
            let whole = split::Piece {
                start: 0,
                region: a.region,
                index: match a.region.index {
                    Index::Const(o) => PieceIndex::Const(o),
                    Index::Scalar { .. } => PieceIndex::Add(0),
                    Index::PerRow { .. } => PieceIndex::Rows { first: 0, count: a.region.rows(), add: 0 },
                },
            };
            if a.is_write() && matches!(a.region.index, Index::PerRow { .. }) {
                continue;
            }
            p.pieces = vec![whole];
            p.mask = MaskPlan::Same;
            assert!(check_plan(&case, &p).is_err(), "an illegal whole access passed: {case:?}");
            caught += 1;
        }
        assert!(caught > 100);
    }
}
