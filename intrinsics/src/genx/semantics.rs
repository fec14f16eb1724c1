//! Reference semantics of the region intrinsics on plain lanes (each element
//! as its bits in a u64), from IGC's constant folder: element i of a region
//! is vector element `start/elem_bytes + (i / width) * vstride + (i % width) *
//! stride`, with a per-row index giving each row its own start. Used to prove
//! split plans compute what the original access computes.
use super::region::{Access, Index, PredAccess};
use super::split::{self, MaskPlan, Piece, PieceIndex, Plan};

/// The run-time value of a region's index operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexValue {
    /// The index is a constant (in the access itself).
    Const,
    /// A scalar byte offset.
    Scalar(u16),
    /// One byte offset per row.
    PerRow(Vec<u16>),
}

/// The vector element each region element names, or an error for an index
/// of the wrong kind.
pub fn positions(a: &Access, idx: &IndexValue) -> Result<Vec<i64>, String> {
    let r = &a.region;
    let eb = a.elem.bytes() as i64;
    let mut out = Vec::with_capacity(r.exec as usize);
    for i in 0..r.exec {
        let base = match (&r.index, idx) {
            (Index::Const(off), _) => off / eb,
            (Index::Scalar { .. }, IndexValue::Scalar(v)) => *v as i64 / eb,
            (Index::PerRow { .. }, IndexValue::PerRow(v)) => {
                let row = (i / r.width) as usize;
                *v.get(row).ok_or("per-row index too short")? as i64 / eb
            }
            _ => return Err(format!("index value {idx:?} does not fit {:?}", r.index)),
        };
        out.push(base + r.rel(i) as i64);
    }
    Ok(out)
}

fn in_range(p: &[i64], len: usize) -> Result<(), String> {
    match p.iter().find(|&&x| x < 0 || x >= len as i64) {
        Some(x) => Err(format!("element {x} is outside the {len}-element vector")),
        None => Ok(()),
    }
}

/// rdregion.
pub fn read(src: &[u64], a: &Access, idx: &IndexValue) -> Result<Vec<u64>, String> {
    let p = positions(a, idx)?;
    in_range(&p, src.len())?;
    Ok(p.iter().map(|&x| src[x as usize]).collect())
}

/// wrregion: `mask` None writes every element; a single bit applies to all.
pub fn write(
    old: &[u64],
    new: &[u64],
    a: &Access,
    idx: &IndexValue,
    mask: Option<&[bool]>,
) -> Result<Vec<u64>, String> {
    let p = positions(a, idx)?;
    in_range(&p, old.len())?;
    if new.len() != p.len() {
        return Err(format!("new value has {} elements, the region {}", new.len(), p.len()));
    }
    let mut out = old.to_vec();
    for (i, &x) in p.iter().enumerate() {
        let on = match mask {
            None => true,
            Some([b]) => *b,
            Some(m) => *m.get(i).ok_or("mask too short")?,
        };
        if on {
            out[x as usize] = new[i];
        }
    }
    Ok(out)
}

/// rdpredregion.
pub fn read_pred(src: &[bool], p: &PredAccess) -> Vec<bool> {
    src[p.offset as usize..(p.offset + p.exec) as usize].to_vec()
}

/// The index value a piece computes from the original one.
pub fn piece_index(piece: &Piece, idx: &IndexValue) -> Result<IndexValue, String> {
    Ok(match (piece.index, idx) {
        (PieceIndex::Const(_), _) => IndexValue::Const,
        (PieceIndex::Add(d), IndexValue::Scalar(v)) => IndexValue::Scalar((*v as i64 + d) as u16),
        (PieceIndex::Rows { first, count, add }, IndexValue::PerRow(v)) => IndexValue::PerRow(
            v.get(first as usize..(first + count) as usize)
                .ok_or("rows outside the per-row index")?
                .iter()
                .map(|&x| (x as i64 + add) as u16)
                .collect(),
        ),
        (PieceIndex::RowScalar { row, add }, IndexValue::PerRow(v)) => {
            IndexValue::Scalar((*v.get(row as usize).ok_or("row outside the per-row index")? as i64 + add) as u16)
        }
        (pi, v) => return Err(format!("piece index {pi:?} does not fit index value {v:?}")),
    })
}

/// A lane value no real element takes (elements are at most 64 bits of
/// random data; a collision is astronomically unlikely): an unwritten lane.
pub const UNWRITTEN: u64 = 0xDEAD_BEEF_0BAD_F00D;

/// What a read plan computes: each piece read, then joined into the result.
pub fn run_read_plan(src: &[u64], a: &Access, pieces: &[Piece], idx: &IndexValue) -> Result<Vec<u64>, String> {
    let mut out = vec![UNWRITTEN; a.region.exec as usize];
    for p in pieces {
        let pa = split::piece_access(a, p, &MaskPlan::Same);
        let v = read(src, &pa, &piece_index(p, idx)?)?;
        out = write(&out, &v, &split::join_access(a, p), &IndexValue::Const, None)?;
    }
    Ok(out)
}

/// What a write plan computes.
pub fn run_write_plan(
    old: &[u64],
    new: &[u64],
    a: &Access,
    plan: &Plan,
    idx: &IndexValue,
    mask: Option<&[bool]>,
) -> Result<Vec<u64>, String> {
    let blended;
    let (new, mask) = match &plan.mask {
        MaskPlan::Blend { read: rp } => {
            let m = mask.ok_or("blend without a mask")?;
            let ra = Access { kind: super::region::Kind::Read, ..*a };
            let cur = run_read_plan(old, &ra, rp, idx)?;
            blended = new.iter().zip(&cur).zip(m).map(|((&n, &c), &b)| if b { n } else { c }).collect::<Vec<_>>();
            (&blended[..], None)
        }
        _ => (new, mask),
    };
    let mut out = old.to_vec();
    for p in &plan.pieces {
        let whole = p.size() == a.region.exec;
        let v = if whole { new.to_vec() } else { read(new, &split::new_value_access(a, p), &IndexValue::Const)? };
        let m: Option<Vec<bool>> = match (&plan.mask, mask) {
            (MaskPlan::Split, Some(m)) if !whole => Some(read_pred(m, &split::mask_access(a, p))),
            (_, m) => m.map(|m| m.to_vec()),
        };
        out = write(&out, &v, &split::piece_access(a, p, &plan.mask), &piece_index(p, idx)?, m.as_deref())?;
    }
    Ok(out)
}
