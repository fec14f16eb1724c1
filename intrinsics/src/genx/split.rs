//! The split plan: how an illegal region access becomes legal pieces, as
//! plain data. The planner is greedy, like the GenX backend's: from the
//! current element it takes the largest power of two whose piece (and the
//! join or the read of the new value that comes with it) passes every rule in
//! `legality.rs`. `min_pieces` computes the true minimum under the same rules,
//! to measure the greedy choice against.
use super::legality::{self, canonical, check, check_pred, Target};
use super::region::{Access, Broken, Index, Kind, Mask, PredAccess, Region};

/// How a piece finds its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceIndex {
    /// A constant byte offset.
    Const(i64),
    /// The original scalar index plus a constant number of bytes.
    Add(i64),
    /// Rows `first..first+count` of the original per-row index, each plus
    /// `add` bytes (a multi-indirect source piece).
    Rows { first: u32, count: u32, add: i64 },
    /// Row `row` of the original per-row index plus `add` bytes, as a scalar
    /// index (how a multi-indirect destination is written).
    RowScalar { row: u32, add: i64 },
}

/// One legal piece: elements `start..start + region.exec` of the original
/// access, with the region that reaches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub start: u32,
    pub region: Region,
    pub index: PieceIndex,
}

impl Piece {
    pub fn size(&self) -> u32 {
        self.region.exec
    }
}

/// What happens to a wrregion's mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MaskPlan {
    /// Each piece takes the original mask operand (`i1 1`, a scalar, or no
    /// mask for a read).
    Same,
    /// Each piece takes `rdpredregion(mask, start)`.
    Split,
    /// The pieces cannot start on predicate boundaries: the old region is read
    /// (in these legal pieces), blended with the new value by a select on the
    /// whole mask, and written back unmasked.
    Blend { read: Vec<Piece> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub pieces: Vec<Piece>,
    pub mask: MaskPlan,
}

impl Plan {
    /// Pieces in all: the writes (or reads), plus the reads of a blend.
    pub fn count(&self) -> usize {
        self.pieces.len() + if let MaskPlan::Blend { read } = &self.mask { read.len() } else { 0 }
    }
}

/// The piece of `a` covering elements `pos..pos + size`, if a single region
/// can: part of one row, or whole rows (not for destinations).
pub fn make_piece(a: &Access, pos: u32, size: u32) -> Option<Piece> {
    let c = canonical(&a.region);
    if size == 0 || pos + size > c.exec {
        return None;
    }
    let eb = a.elem.bytes() as i64;
    let (w, row, col) = (c.width, pos / c.width, pos % c.width);
    let row_rel = row as i64 * c.vstride as i64; // unused for per-row
    let within_row = col + size <= w;
    let whole_rows = col == 0 && size % w == 0;
    if !within_row && !whole_rows {
        return None;
    }
    let (vstride, width, stride) =
        if within_row { (0, size, if size == 1 { 1 } else { c.stride }) } else { (c.vstride, w, c.stride) };
    let col_bytes = if within_row { col as i64 * c.stride as i64 * eb } else { 0 };
    let (index, region_index) = match c.index {
        Index::Const(off) => {
            let o = off + row_rel * eb + col_bytes;
            (PieceIndex::Const(o), Index::Const(o))
        }
        Index::Scalar { parent_width } => (PieceIndex::Add(row_rel * eb + col_bytes), Index::Scalar { parent_width }),
        Index::PerRow { parent_width } => {
            if a.is_write() {
                if !within_row {
                    return None;
                }
                (PieceIndex::RowScalar { row, add: col_bytes }, Index::Scalar { parent_width })
            } else {
                let count = if within_row { 1 } else { size / w };
                (PieceIndex::Rows { first: row, count, add: col_bytes }, Index::PerRow { parent_width })
            }
        }
    };
    let region = Region { exec: size, vstride, width, stride, index: region_index };
    Some(Piece { start: pos, region, index })
}

/// The piece as a call of its own.
pub fn piece_access(a: &Access, p: &Piece, mask: &MaskPlan) -> Access {
    let kind = match (a.kind, mask) {
        (Kind::Read, _) => Kind::Read,
        (Kind::Write { mask: m }, MaskPlan::Same) => Kind::Write { mask: m },
        (Kind::Write { .. }, MaskPlan::Split) => Kind::Write { mask: Mask::Vector },
        (Kind::Write { .. }, MaskPlan::Blend { .. }) => Kind::Write { mask: Mask::All },
    };
    Access { kind, elem: a.elem, vec_len: a.vec_len, region: p.region }
}

fn contiguous(a: &Access, p: &Piece) -> Region {
    let s = p.size();
    Region { exec: s, vstride: 0, width: s, stride: 1, index: Index::Const(p.start as i64 * a.elem.bytes() as i64) }
}

/// A read piece's join: a wrregion of the piece into the result vector.
pub fn join_access(a: &Access, p: &Piece) -> Access {
    Access { kind: Kind::Write { mask: Mask::All }, elem: a.elem, vec_len: a.region.exec, region: contiguous(a, p) }
}

/// A write piece's new value: an rdregion of the original new value.
pub fn new_value_access(a: &Access, p: &Piece) -> Access {
    Access { kind: Kind::Read, elem: a.elem, vec_len: a.region.exec, region: contiguous(a, p) }
}

/// A split mask piece: rdpredregion of the original mask.
pub fn mask_access(a: &Access, p: &Piece) -> PredAccess {
    PredAccess { write: false, vec_len: a.region.exec, exec: p.size(), offset: p.start }
}

/// Whether the piece and everything that comes with it are legal.
fn piece_ok(t: &Target, a: &Access, p: &Piece, mask: &MaskPlan) -> bool {
    if !check(t, &piece_access(a, p, mask)).is_empty() {
        return false;
    }
    let whole = p.size() == a.region.exec;
    if !whole {
        let side = if a.is_write() { new_value_access(a, p) } else { join_access(a, p) };
        if !check(t, &side).is_empty() {
            return false;
        }
    }
    if let MaskPlan::Split = mask {
        let b = legality::pred_boundary(a.elem.bytes());
        if p.start % b != 0 || p.start % p.size() != 0 || !check_pred(&mask_access(a, p)).is_empty() {
            return false;
        }
    }
    true
}

fn largest_first(a: &Access, pos: u32) -> impl Iterator<Item = u32> {
    let left = a.region.exec - pos;
    let top = 1u32 << (31 - left.min(legality::MAX_PRED).leading_zeros());
    std::iter::successors(Some(top), |&s| if s > 1 { Some(s / 2) } else { None })
}

/// Greedy pieces from element 0, or None when some element has no legal piece.
fn greedy(t: &Target, a: &Access, mask: &MaskPlan) -> Option<Vec<Piece>> {
    let mut pieces = Vec::new();
    let mut pos = 0;
    while pos < a.region.exec {
        let p = largest_first(a, pos).find_map(|s| make_piece(a, pos, s).filter(|p| piece_ok(t, a, p, mask)))?;
        pos += p.size();
        pieces.push(p);
    }
    Some(pieces)
}

/// The split plan for `a` on `t`: None when `a` is legal as it is.
pub fn plan(t: &Target, a: &Access) -> Result<Option<Plan>, Broken> {
    if check(t, a).is_empty() {
        return Ok(None);
    }
    let stuck = || Broken::new("no-legal-split", "no legal piece exists for some element (a weft bug)");
    if a.mask() != Mask::Vector {
        let pieces = greedy(t, a, &MaskPlan::Same).ok_or_else(stuck)?;
        return Ok(Some(Plan { pieces, mask: MaskPlan::Same }));
    }
    if let Some(pieces) = greedy(t, a, &MaskPlan::Split) {
        return Ok(Some(Plan { pieces, mask: MaskPlan::Split }));
    }
    let read_access = Access { kind: Kind::Read, ..*a };
    let read = match greedy(t, &read_access, &MaskPlan::Same) {
        Some(r) if !check(t, &read_access).is_empty() => r,
        Some(_) | None if check(t, &read_access).is_empty() => {
            vec![Piece { start: 0, region: a.region, index: whole_index(&a.region) }]
        }
        _ => return Err(stuck()),
    };
    let blend = MaskPlan::Blend { read };
    let pieces = greedy(t, a, &blend).ok_or_else(stuck)?;
    Ok(Some(Plan { pieces, mask: blend }))
}

fn whole_index(r: &Region) -> PieceIndex {
    match r.index {
        Index::Const(o) => PieceIndex::Const(o),
        Index::Scalar { .. } => PieceIndex::Add(0),
        Index::PerRow { .. } => PieceIndex::Rows { first: 0, count: r.rows(), add: 0 },
    }
}

/// The fewest legal pieces that cover `a` with the given mask treatment
/// (dynamic programming over start positions, same rules as the planner).
pub fn min_pieces(t: &Target, a: &Access, mask: &MaskPlan) -> Option<usize> {
    let n = a.region.exec as usize;
    let mut best = vec![None; n + 1];
    best[n] = Some(0usize);
    for pos in (0..n).rev() {
        best[pos] = largest_first(a, pos as u32)
            .filter_map(|s| {
                let p = make_piece(a, pos as u32, s)?;
                if !piece_ok(t, a, &p, mask) {
                    return None;
                }
                best[pos + s as usize].map(|b| b + 1)
            })
            .min();
    }
    best[0]
}

/// Pieces `(offset, size)` for an rd/wrpredregion: None when legal as it is.
pub fn plan_pred(p: &PredAccess) -> Result<Option<Vec<(u32, u32)>>, Broken> {
    if check_pred(p).is_empty() {
        return Ok(None);
    }
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < p.exec {
        let left = p.exec - pos;
        let top = 1u32 << (31 - left.min(legality::MAX_PRED).leading_zeros());
        let size = std::iter::successors(Some(top), |&s| if s > 1 { Some(s / 2) } else { None })
            .find(|&s| {
                // The piece in the original predicate, and its join into (or
                // its read from) the split value at `pos`, must both be legal.
                check_pred(&PredAccess { exec: s, offset: p.offset + pos, ..*p }).is_empty()
                    && check_pred(&PredAccess { exec: s, offset: pos, vec_len: p.exec, write: !p.write }).is_empty()
            })
            .ok_or_else(|| {
                Broken::new(
                    "pred-offset",
                    format!(
                        "predicate bits {}..{} cannot be split into pieces on 4-element boundaries",
                        p.offset,
                        p.offset + p.exec
                    ),
                )
            })?;
        out.push((p.offset + pos, size));
        pos += size;
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genx::elem::ElemType;

    fn acc(kind: Kind, e: ElemType, n: u32, exec: u32, v: i64, w: i64, s: i64, idx: Index) -> Access {
        Access::new(kind, e, n, Region::new(exec, v, w, s, idx).unwrap()).unwrap()
    }
    fn sizes(p: &Plan) -> Vec<u32> {
        p.pieces.iter().map(|p| p.size()).collect()
    }
    const T32: Target = Target { grf_bytes: 32, max_simd: 32 };

    #[test]
    fn legal_access_has_no_plan() {
        let a = acc(Kind::Read, ElemType::I32, 16, 8, 0, 8, 1, Index::Const(0));
        assert_eq!(plan(&T32, &a).unwrap(), None);
    }

    #[test]
    fn reference_example_30_doubles() {
        // Two rows of 15 doubles at vstride 16 (the reference's example):
        // row 0 splits 8,4,2,1; row 1 is read from a GRF-aligned start, but
        // its join into the result starts at element 15, so crossings in the
        // result cut it to 4,4,4,2,1.
        let a = acc(Kind::Read, ElemType::Double, 32, 30, 16, 15, 1, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [8, 4, 2, 1, 4, 4, 4, 2, 1]);
        assert_eq!(p.pieces[4].index, PieceIndex::Const(16 * 8));
        // 1D, 30 doubles from element 1: every 8 would touch 3 GRFs.
        let a = acc(Kind::Read, ElemType::Double, 32, 30, 0, 30, 1, Index::Const(8));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [4, 4, 4, 4, 4, 4, 4, 2]);
        // From element 0: 8, 8, 8, 4, 2.
        let a = acc(Kind::Read, ElemType::Double, 32, 30, 0, 30, 1, Index::Const(0));
        assert_eq!(sizes(&plan(&T32, &a).unwrap().unwrap()), [8, 8, 8, 4, 2]);
    }

    #[test]
    fn two_d_source_takes_whole_rows() {
        // 4 rows of 4 i16 at vstride 8 span 28 elements (56 bytes): legal.
        let a = acc(Kind::Read, ElemType::I16, 64, 16, 8, 4, 1, Index::Const(0));
        assert_eq!(plan(&T32, &a).unwrap(), None);
        // At vstride 16 they span 52 elements: two rows (20 elements) a piece.
        let a = acc(Kind::Read, ElemType::I16, 64, 16, 16, 4, 1, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [8, 8]);
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 16, 4, 1, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [4, 4, 4, 4]);
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 8, 4, 1, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [8, 8]);
        assert_eq!(p.pieces[1].index, PieceIndex::Const(64));
        assert_eq!((p.pieces[1].region.vstride, p.pieces[1].region.width), (8, 4));
    }

    #[test]
    fn destination_is_split_into_rows() {
        let a = acc(Kind::Write { mask: Mask::All }, ElemType::I32, 64, 8, 8, 4, 1, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [4, 4]);
        assert_eq!(p.pieces[1].index, PieceIndex::Const(32));
    }

    #[test]
    fn variable_index_adds_constant_bytes_and_keeps_parent_width() {
        let idx = Index::Scalar { parent_width: Some(8) };
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 8, 8, 1, idx);
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [8, 8]);
        assert_eq!(p.pieces[1].index, PieceIndex::Add(32));
        assert_eq!(p.pieces[1].region.index, idx);
    }

    #[test]
    fn multi_indirect_pieces() {
        let idx = Index::PerRow { parent_width: None };
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 0, 1, 1, idx);
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [8, 8]);
        assert_eq!(p.pieces[1].index, PieceIndex::Rows { first: 8, count: 8, add: 0 });
        let a = acc(Kind::Write { mask: Mask::All }, ElemType::I32, 64, 8, 0, 4, 1, idx);
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(sizes(&p), [4, 4]);
        assert_eq!(p.pieces[1].index, PieceIndex::RowScalar { row: 1, add: 0 });
    }

    #[test]
    fn masks_split_on_predicate_boundaries_or_blend() {
        let a = acc(Kind::Write { mask: Mask::Vector }, ElemType::I32, 64, 32, 0, 32, 1, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!((sizes(&p), p.mask.clone()), (vec![16, 16], MaskPlan::Split));
        let a = acc(Kind::Write { mask: Mask::Vector }, ElemType::I32, 64, 16, 0, 16, 1, Index::Const(4));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!((sizes(&p), p.mask.clone()), (vec![8, 8], MaskPlan::Split));
        // Stride 4 i32: pieces of 4 would start mask pieces at 4: blend instead.
        let a = acc(Kind::Write { mask: Mask::Vector }, ElemType::I32, 64, 8, 0, 8, 4, Index::Const(0));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert!(matches!(p.mask, MaskPlan::Blend { .. }));
        // 64-bit elements may split at 4.
        let a = acc(Kind::Write { mask: Mask::Vector }, ElemType::I64, 64, 16, 0, 16, 1, Index::Const(8));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(p.mask, MaskPlan::Split);
        assert_eq!(sizes(&p), [4, 4, 4, 4]);
    }

    #[test]
    fn predicates_split_by_size() {
        let p = PredAccess::new(false, 64, 64, 0).unwrap();
        assert_eq!(plan_pred(&p).unwrap(), Some(vec![(0, 32), (32, 32)]));
        let p = PredAccess::new(false, 64, 16, 8).unwrap();
        assert_eq!(plan_pred(&p).unwrap(), Some(vec![(8, 8), (16, 8)]));
        // At 4 the piece of 8 at 8 would join at 4: pieces of 4.
        let p = PredAccess::new(false, 64, 16, 4).unwrap();
        assert_eq!(plan_pred(&p).unwrap(), Some(vec![(4, 4), (8, 4), (12, 4), (16, 4)]));
        let p = PredAccess::new(false, 64, 8, 3).unwrap();
        assert_eq!(plan_pred(&p).unwrap_err().rule, "pred-offset");
    }

    #[test]
    fn greedy_matches_minimum_on_common_shapes() {
        let a = acc(Kind::Read, ElemType::Float, 128, 64, 0, 64, 1, Index::Const(4));
        let p = plan(&T32, &a).unwrap().unwrap();
        assert_eq!(Some(p.pieces.len()), min_pieces(&T32, &a, &MaskPlan::Same));
    }
}

/// The fewest pieces any split could use for `a`, with the mask treatment
/// `plan` chose (for a blend: the unmasked writes plus the reads of the old
/// region), to measure the greedy plan against.
pub fn min_count_for(t: &Target, a: &Access, plan: &Plan) -> Option<usize> {
    match &plan.mask {
        MaskPlan::Blend { .. } => {
            let ra = Access { kind: Kind::Read, ..*a };
            let reads = if check(t, &ra).is_empty() { 1 } else { min_pieces(t, &ra, &MaskPlan::Same)? };
            Some(min_pieces(t, a, &MaskPlan::Blend { read: Vec::new() })? + reads)
        }
        m => min_pieces(t, a, m),
    }
}
