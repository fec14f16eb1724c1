//! What the hardware accepts: the rules a single region access must obey
//! after legalization (from Intel's vc-intrinsics definitions and the GenX
//! backend's legalization in intel-graphics-compiler). Every rule here is checked on one access alone, so
//! the same checker judges the split planner's candidates and the output of
//! the pass.
use super::region::{Access, Broken, Index, PredAccess, Region};

/// The hardware generation's sizes: `weft-genx-legalize<grf=..;simd=..>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// Bytes in a GRF: 32 (Gen8 to XeHPG) or 64 (XeHPC and later).
    pub grf_bytes: u32,
    /// The widest execution size: 32, or 16 where SIMD32 is unavailable.
    pub max_simd: u32,
}

impl Default for Target {
    fn default() -> Self {
        Target { grf_bytes: 32, max_simd: 32 }
    }
}

impl Target {
    /// Parses pass parameters, the text between `<` and `>`: `grf=64;simd=16`.
    pub fn parse(text: &str) -> Result<Target, String> {
        let mut t = Target::default();
        for part in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| format!("expected key=value, got '{part}'"))?;
            let n: u32 = v.trim().parse().map_err(|_| format!("'{v}' is not a number"))?;
            match k.trim() {
                "grf" if n == 32 || n == 64 => t.grf_bytes = n,
                "grf" => return Err(format!("grf must be 32 or 64 bytes, got {n}")),
                "simd" if n == 16 || n == 32 => t.max_simd = n,
                "simd" => return Err(format!("simd must be 16 or 32, got {n}")),
                other => return Err(format!("unknown parameter '{other}' (expected grf, simd)")),
            }
        }
        Ok(t)
    }
}

/// The widest legal vertical stride in a source (the encoding's limit).
pub const MAX_VSTRIDE: u32 = 32;
/// The widest legal width of a 2D source region.
pub const MAX_2D_WIDTH: u32 = 16;
/// The widest legal stride in a destination or a 2D source row.
pub const MAX_DST_STRIDE: u32 = 4;
/// A 1D source with a larger stride is encoded as width-1 rows, so its stride
/// is bounded by the vertical stride encoding.
pub const MAX_1D_SRC_STRIDE: u32 = MAX_VSTRIDE;
/// An address register holds 8 offsets: the most a multi-indirect region reads.
pub const MAX_MULTI_INDIRECT: u32 = 8;
/// The widest predicate one instruction uses.
pub const MAX_PRED: u32 = 32;

fn pow2(n: u32) -> bool {
    n.is_power_of_two()
}

fn pow2_or_zero(n: u32) -> bool {
    n == 0 || n.is_power_of_two()
}

/// The same region in its simplest form, as the backend reads it: a single
/// element or a whole-width region is 1D; a direct 2D region whose rows abut
/// (vstride == width * stride) or whose rows are single elements is 1D.
/// Variable-index regions keep their rows, since the parent width speaks of
/// rows, except a broadcast (vstride 0, width 1), which reads one element.
pub fn canonical(r: &Region) -> Region {
    let mut c = *r;
    if c.exec == 1 {
        c.width = 1;
        c.stride = 1;
        c.vstride = 0;
        return c;
    }
    if let Index::PerRow { .. } = c.index {
        return c;
    }
    if c.width == c.exec {
        c.vstride = 0;
    } else if c.width == 1 && c.vstride == 0 {
        // Every element is the first one: a 1D broadcast, whatever the index.
        c.stride = 0;
        c.width = c.exec;
    } else if let Index::Const(_) = c.index {
        if c.vstride as u64 == c.width as u64 * c.stride as u64 {
            c.width = c.exec;
            c.vstride = 0;
        } else if c.width == 1 {
            c.stride = c.vstride;
            c.width = c.exec;
            c.vstride = 0;
        }
    }
    if c.width == c.exec {
        c.vstride = 0;
    }
    c
}

/// The elements a direct region touches, first and last byte.
fn byte_span(a: &Access, c: &Region, off: i64) -> (i64, i64) {
    let eb = a.elem.bytes() as i64;
    let first = off;
    let last = off + (c.extent() as i64 - 1) * eb + eb - 1;
    (first, last)
}

/// Every rule the access breaks on `t` (empty when legal).
pub fn check(t: &Target, a: &Access) -> Vec<Broken> {
    let mut out = Vec::new();
    let c = canonical(&a.region);
    let eb = a.elem.bytes();
    let g = t.grf_bytes;
    let exec = c.exec;

    // Execution size: a power of two, at most the SIMD width, and the data
    // moved fits two GRFs of the element type.
    if !pow2(exec) || exec > t.max_simd || exec * eb > 2 * g {
        out.push(Broken::new(
            "exec-size",
            format!(
                "execution size {exec} of {}-byte elements is not a power of two of at most {} elements and {} bytes",
                eb,
                t.max_simd,
                2 * g
            ),
        ));
    }

    match (a.is_write(), c.index) {
        (true, Index::PerRow { .. }) => {
            out.push(Broken::new("multi-indirect", "a wrregion cannot take a per-row (multi-indirect) index"));
        }
        (true, _) => {
            if c.is_2d() {
                out.push(Broken::new("dst-2d", format!("a destination region must be 1D, not {} rows", c.rows())));
            }
            if exec > 1 && !(pow2(c.stride) && c.stride <= MAX_DST_STRIDE) {
                out.push(Broken::new("hstride", format!("destination stride {} is not 1, 2 or 4", c.stride)));
            }
        }
        (false, Index::PerRow { .. }) => {
            if exec > MAX_MULTI_INDIRECT {
                out.push(Broken::new(
                    "multi-indirect",
                    format!("a multi-indirect region reads {exec} elements, more than {MAX_MULTI_INDIRECT}"),
                ));
            }
            if c.width > 1 && c.stride != 0 {
                out.push(Broken::new(
                    "multi-indirect",
                    format!(
                        "a multi-indirect region needs width 1 or stride 0, not width {} stride {}",
                        c.width, c.stride
                    ),
                ));
            }
            if c.width > 1 && !(pow2(c.width) && c.width <= MAX_2D_WIDTH) {
                out.push(Broken::new("src-2d", format!("width {} is not a power of two of at most 16", c.width)));
            }
        }
        (false, idx) => {
            if c.is_2d() {
                if let Index::Scalar { .. } = idx {
                    out.push(Broken::new(
                        "indirect-2d",
                        "a variable-index source region must be 1D (a row may cross a GRF)",
                    ));
                }
                if !(pow2(c.width) && c.width <= MAX_2D_WIDTH) {
                    out.push(Broken::new("src-2d", format!("width {} is not a power of two of at most 16", c.width)));
                }
                if !(pow2_or_zero(c.vstride) && c.vstride <= MAX_VSTRIDE) {
                    out.push(Broken::new(
                        "src-2d",
                        format!("vstride {} is not 0 or a power of two of at most {MAX_VSTRIDE}", c.vstride),
                    ));
                }
                if !(pow2_or_zero(c.stride) && c.stride <= MAX_DST_STRIDE) {
                    out.push(Broken::new("hstride", format!("stride {} in a 2D source is not 0, 1, 2 or 4", c.stride)));
                }
            } else if exec > 1 && !(pow2_or_zero(c.stride) && c.stride <= MAX_1D_SRC_STRIDE) {
                out.push(Broken::new(
                    "hstride",
                    format!("stride {} is not 0 or a power of two of at most {MAX_1D_SRC_STRIDE}", c.stride),
                ));
            }
        }
    }

    // At most two GRFs touched.
    match c.index {
        Index::Const(off) => {
            let (first, last) = byte_span(a, &c, off);
            let grfs = last.div_euclid(g as i64) - first.div_euclid(g as i64) + 1;
            if grfs > 2 {
                out.push(Broken::new(
                    "grf-span",
                    format!("bytes {first}..={last} touch {grfs} GRFs of {g} bytes, more than 2"),
                ));
            }
        }
        Index::Scalar { parent_width } => {
            if !indirect_fits(t, a, &c, parent_width) {
                out.push(Broken::new(
                    "grf-span",
                    format!(
                        "a variable-index region spanning {} elements of {eb} bytes may touch more than 2 GRFs",
                        c.extent()
                    ),
                ));
            }
        }
        Index::PerRow { .. } => {} // each row is one element or a splat of one
    }
    out
}

/// Whether a variable-index (1D) region touches at most two GRFs wherever
/// the index puts it: the whole vector is at most two GRFs; or the parent
/// width promises the region stays inside an aligned block of at most two
/// GRFs; or the region is short enough to cross at most one GRF boundary
/// from any element-aligned start.
pub fn indirect_fits(t: &Target, a: &Access, c: &Region, parent_width: Option<u32>) -> bool {
    let eb = a.elem.bytes() as u64;
    let g = t.grf_bytes as u64;
    if a.vec_len as u64 * eb <= 2 * g {
        return true;
    }
    let extent = c.extent();
    if let Some(p) = parent_width {
        if p.is_power_of_two() && p as u64 * eb <= 2 * g && extent <= p as u64 && !c.is_2d() {
            return true;
        }
    }
    extent * eb <= g + eb
}

/// Rules for an rdpredregion / wrpredregion: at most 32 bits, a power of
/// two, starting on a multiple of its size and of 4.
pub fn check_pred(p: &PredAccess) -> Vec<Broken> {
    let mut out = Vec::new();
    if !pow2(p.exec) || p.exec > MAX_PRED {
        out.push(Broken::new("pred-size", format!("{} predicate bits is not a power of two of at most 32", p.exec)));
    } else if p.offset % p.exec.max(4) != 0 {
        out.push(Broken::new(
            "pred-offset",
            format!("predicate offset {} is not a multiple of {}", p.offset, p.exec.max(4)),
        ));
    }
    out
}

/// The boundary a predicate piece of a masked write must start on: 8
/// elements, or 4 for 64-bit elements.
pub fn pred_boundary(elem_bytes: u32) -> u32 {
    if elem_bytes == 8 {
        4
    } else {
        8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genx::elem::ElemType;
    use crate::genx::region::{Kind, Mask};

    fn acc(kind: Kind, e: ElemType, n: u32, exec: u32, v: i64, w: i64, s: i64, idx: Index) -> Access {
        Access::new(kind, e, n, Region::new(exec, v, w, s, idx).unwrap()).unwrap()
    }
    fn rules(t: &Target, a: &Access) -> Vec<&'static str> {
        check(t, a).into_iter().map(|b| b.rule).collect()
    }
    const T32: Target = Target { grf_bytes: 32, max_simd: 32 };
    const T64: Target = Target { grf_bytes: 64, max_simd: 32 };
    const W: Kind = Kind::Write { mask: Mask::All };

    #[test]
    fn exec_size() {
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 0, 16, 1, Index::Const(0));
        assert!(rules(&T32, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I32, 64, 32, 0, 32, 1, Index::Const(0));
        assert_eq!(rules(&T32, &a), ["exec-size", "grf-span"]);
        assert!(rules(&T64, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I32, 64, 12, 0, 12, 1, Index::Const(0));
        assert_eq!(rules(&T32, &a), ["exec-size"]);
        let t16 = Target { grf_bytes: 64, max_simd: 16 };
        let a = acc(Kind::Read, ElemType::I8, 64, 32, 0, 32, 1, Index::Const(0));
        assert_eq!(rules(&t16, &a), ["exec-size"]);
    }

    #[test]
    fn grf_span() {
        // 8 x i32 from element 4: GRFs 0 and 1.
        let a = acc(Kind::Read, ElemType::I32, 32, 8, 0, 8, 1, Index::Const(16));
        assert!(rules(&T32, &a).is_empty());
        // 16 x i32 from element 4: GRFs 0, 1 and 2.
        let a = acc(Kind::Read, ElemType::I32, 32, 16, 0, 16, 1, Index::Const(16));
        assert_eq!(rules(&T32, &a), ["grf-span"]);
        // stride 2: 8 elements span 15 (60 bytes, 2 GRFs); stride 4 spans 29.
        let a = acc(Kind::Read, ElemType::I32, 32, 8, 0, 8, 2, Index::Const(0));
        assert!(rules(&T32, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I32, 32, 8, 0, 8, 4, Index::Const(0));
        assert_eq!(rules(&T32, &a), ["grf-span"]);
    }

    #[test]
    fn strides_and_2d() {
        let a = acc(W, ElemType::I16, 64, 4, 0, 4, 8, Index::Const(0));
        assert_eq!(rules(&T32, &a), ["hstride"]);
        let a = acc(Kind::Read, ElemType::I16, 64, 4, 0, 4, 8, Index::Const(0));
        assert!(rules(&T32, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I16, 64, 4, 0, 4, 3, Index::Const(0));
        assert_eq!(rules(&T32, &a), ["hstride"]);
        let a = acc(Kind::Read, ElemType::I16, 64, 8, 8, 4, 1, Index::Const(0));
        assert!(rules(&T32, &a).is_empty());
        let a = acc(W, ElemType::I16, 64, 8, 8, 4, 1, Index::Const(0));
        assert_eq!(rules(&T32, &a), ["dst-2d"]);
        let a = acc(Kind::Read, ElemType::I16, 64, 6, 8, 3, 1, Index::Const(0));
        assert!(rules(&T32, &a).contains(&"src-2d"));
        // vstride == width * stride is really 1D.
        let a = acc(W, ElemType::I16, 64, 8, 4, 4, 1, Index::Const(0));
        assert!(rules(&T32, &a).is_empty());
    }

    #[test]
    fn indirect() {
        let pw = Index::Scalar { parent_width: None };
        let a = acc(Kind::Read, ElemType::I32, 64, 8, 0, 8, 1, pw);
        assert!(rules(&T32, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 0, 16, 1, pw);
        assert!(rules(&T32, &a).contains(&"grf-span"));
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 0, 16, 1, Index::Scalar { parent_width: Some(16) });
        assert!(rules(&T32, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I32, 64, 8, 8, 4, 1, pw);
        assert_eq!(rules(&T32, &a), ["indirect-2d", "grf-span"]);
        let m = Index::PerRow { parent_width: None };
        let a = acc(Kind::Read, ElemType::I32, 64, 8, 0, 1, 1, m);
        assert!(rules(&T32, &a).is_empty());
        let a = acc(Kind::Read, ElemType::I32, 64, 16, 0, 1, 1, m);
        assert!(rules(&T32, &a).contains(&"multi-indirect"));
        let a = acc(Kind::Read, ElemType::I32, 64, 8, 0, 2, 1, m);
        assert!(rules(&T32, &a).contains(&"multi-indirect"));
        let a = acc(W, ElemType::I32, 64, 1, 0, 1, 1, m);
        assert!(rules(&T32, &a).contains(&"multi-indirect"));
    }

    #[test]
    fn predicates() {
        let p = |exec, off| check_pred(&PredAccess::new(false, 64, exec, off).unwrap());
        assert!(p(16, 16).is_empty());
        assert!(p(4, 8).is_empty());
        assert_eq!(p(8, 4)[0].rule, "pred-offset");
        assert_eq!(p(2, 6)[0].rule, "pred-offset");
        assert_eq!(p(64, 0)[0].rule, "pred-size");
        assert_eq!(p(12, 0)[0].rule, "pred-size");
    }
}
