//! The region model: what one rdregion/wrregion (or rd/wrpredregion) call
//! accesses, as plain data, and the checks that make it well defined
//! (bounds, width, strides). Hardware legality is `legality.rs`.
use std::fmt;

use super::elem::ElemType;

/// A broken rule: a stable name (tests and diagnostics match on it) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub rule: &'static str,
    pub detail: String,
}

impl Broken {
    pub fn new(rule: &'static str, detail: impl Into<String>) -> Broken {
        Broken { rule, detail: detail.into() }
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.detail)
    }
}

/// How the start of a region is given. Offsets are in bytes, as in the IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index {
    /// A constant `i16` byte offset.
    Const(i64),
    /// A variable `i16` byte offset; `parent_width` (elements) promises that
    /// no row crosses a multiple of it.
    Scalar { parent_width: Option<u32> },
    /// A variable `<rows x i16>` byte offset per row (multi-indirect): row r
    /// starts at its own offset and vstride is not used.
    PerRow { parent_width: Option<u32> },
}

impl Index {
    pub fn is_variable(self) -> bool {
        !matches!(self, Index::Const(_))
    }

    pub fn parent_width(self) -> Option<u32> {
        match self {
            Index::Const(_) => None,
            Index::Scalar { parent_width } | Index::PerRow { parent_width } => parent_width,
        }
    }
}

/// The region parameters, in elements (the index is in bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Execution size: the number of elements accessed.
    pub exec: u32,
    pub vstride: u32,
    pub width: u32,
    pub stride: u32,
    pub index: Index,
}

impl Region {
    /// Checks the raw operands (as the IR gives them, sign-extended) and
    /// builds a region: width non-zero and dividing the execution size, no
    /// negative strides.
    pub fn new(exec: u32, vstride: i64, width: i64, stride: i64, index: Index) -> Result<Region, Broken> {
        if exec == 0 {
            return Err(Broken::new("exec-size", "a region of zero elements"));
        }
        if width <= 0 {
            return Err(Broken::new("width", format!("width {width} must be at least 1")));
        }
        if vstride < 0 || stride < 0 || vstride > i32::MAX as i64 || stride > i32::MAX as i64 {
            return Err(Broken::new("stride", format!("vstride {vstride} and stride {stride} must be non-negative")));
        }
        if width > exec as i64 || exec as i64 % width != 0 {
            return Err(Broken::new("width", format!("width {width} does not divide the execution size {exec}")));
        }
        Ok(Region { exec, vstride: vstride as u32, width: width as u32, stride: stride as u32, index })
    }

    pub fn rows(&self) -> u32 {
        self.exec / self.width
    }

    pub fn is_2d(&self) -> bool {
        self.rows() > 1
    }

    /// Elements from a row's first to its last element, inclusive.
    pub fn row_extent(&self) -> u64 {
        (self.width as u64 - 1) * self.stride as u64 + 1
    }

    /// Elements from the first to the last element, inclusive (vstride and
    /// stride are non-negative, so the first element is the lowest).
    /// For a per-row index this is one row's extent.
    pub fn extent(&self) -> u64 {
        match self.index {
            Index::PerRow { .. } => self.row_extent(),
            _ => (self.rows() as u64 - 1) * self.vstride as u64 + self.row_extent(),
        }
    }

    /// Element `i`'s distance in elements from its row's start (per-row
    /// index) or from the region's start (otherwise).
    pub fn rel(&self, i: u32) -> u64 {
        let (r, c) = ((i / self.width) as u64, (i % self.width) as u64);
        match self.index {
            Index::PerRow { .. } => c * self.stride as u64,
            _ => r * self.vstride as u64 + c * self.stride as u64,
        }
    }
}

/// What a region call does with its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// rdregion: the region of the source vector becomes the result.
    Read,
    /// wrregion: the new value goes into the region of the old vector.
    Write { mask: Mask },
}

/// A wrregion's mask operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mask {
    /// `i1 1`: write every element.
    All,
    /// A scalar `i1` that is not the constant 1: all elements or none.
    Scalar,
    /// `<exec x i1>`: one bit per element.
    Vector,
}

/// One region access: an rdregion or wrregion call as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub kind: Kind,
    pub elem: ElemType,
    /// Elements in the vector read from or written into.
    pub vec_len: u32,
    pub region: Region,
}

impl Access {
    /// Checks what makes the access well defined and builds it: a constant
    /// offset is element aligned and the region lies inside the vector; a
    /// variable region at least fits; a destination never names an element
    /// twice.
    pub fn new(kind: Kind, elem: ElemType, vec_len: u32, region: Region) -> Result<Access, Broken> {
        let a = Access { kind, elem, vec_len, region };
        let eb = elem.bytes() as i64;
        match region.index {
            Index::Const(off) => {
                if off % eb != 0 {
                    return Err(Broken::new(
                        "offset-alignment",
                        format!("byte offset {off} is not a multiple of the {eb}-byte element size"),
                    ));
                }
                let first = off / eb;
                let last = first + region.extent() as i64 - 1;
                if first < 0 || last >= vec_len as i64 {
                    return Err(Broken::new(
                        "region-bounds",
                        format!("the region covers elements {first}..={last} of a {vec_len}-element vector"),
                    ));
                }
            }
            Index::Scalar { .. } | Index::PerRow { .. } => {
                if region.extent() > vec_len as u64 {
                    return Err(Broken::new(
                        "region-bounds",
                        format!(
                            "the region spans {} elements, more than the {vec_len}-element vector holds at any index",
                            region.extent()
                        ),
                    ));
                }
            }
        }
        if let Kind::Write { .. } = kind {
            a.check_destination_distinct()?;
        }
        Ok(a)
    }

    /// A destination that names one element twice (a zero stride or vstride,
    /// or overlapping rows) has no defined result on the hardware.
    fn check_destination_distinct(&self) -> Result<(), Broken> {
        let r = &self.region;
        if r.width > 1 && r.stride == 0 {
            return Err(Broken::new("dst-stride", "a wrregion with stride 0 writes one element several times"));
        }
        if let Index::PerRow { .. } = r.index {
            return Ok(()); // rows are placed at run time
        }
        if r.is_2d() {
            let mut seen: Vec<u64> = (0..r.exec).map(|i| r.rel(i)).collect();
            seen.sort_unstable();
            if seen.windows(2).any(|w| w[0] == w[1]) {
                return Err(Broken::new(
                    "dst-overlap",
                    format!(
                        "a wrregion with vstride {} and width {} writes one element several times",
                        r.vstride, r.width
                    ),
                ));
            }
        }
        Ok(())
    }

    pub fn is_write(&self) -> bool {
        matches!(self.kind, Kind::Write { .. })
    }

    pub fn mask(&self) -> Mask {
        match self.kind {
            Kind::Read => Mask::All,
            Kind::Write { mask } => mask,
        }
    }
}

/// An rdpredregion / wrpredregion: `exec` predicate bits at element `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PredAccess {
    pub write: bool,
    pub vec_len: u32,
    pub exec: u32,
    pub offset: u32,
}

impl PredAccess {
    pub fn new(write: bool, vec_len: u32, exec: u32, offset: i64) -> Result<PredAccess, Broken> {
        if exec == 0 || offset < 0 || offset + exec as i64 > vec_len as i64 {
            return Err(Broken::new(
                "region-bounds",
                format!("{exec} predicate bits at offset {offset} do not fit a {vec_len}-bit predicate"),
            ));
        }
        Ok(PredAccess { write, vec_len, exec, offset: offset as u32 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(exec: u32, v: i64, w: i64, s: i64, off: i64) -> Result<Region, Broken> {
        Region::new(exec, v, w, s, Index::Const(off))
    }

    #[test]
    fn width_must_divide_exec_and_be_nonzero() {
        assert_eq!(r(8, 4, 3, 1, 0).unwrap_err().rule, "width");
        assert_eq!(r(8, 4, 0, 1, 0).unwrap_err().rule, "width");
        assert_eq!(r(8, -1, 4, 1, 0).unwrap_err().rule, "stride");
        assert!(r(8, 4, 4, 1, 0).is_ok());
    }

    #[test]
    fn bounds_and_alignment() {
        // The example of "LLVM IR for the GenX backend": 9 elements, vstride 7, width 3, stride 2, start 8 in 30.
        let reg = r(9, 7, 3, 2, 32).unwrap();
        assert_eq!(reg.extent(), 2 * 7 + 5);
        assert!(Access::new(Kind::Read, ElemType::I32, 30, reg).is_ok());
        assert_eq!(Access::new(Kind::Read, ElemType::I32, 26, reg).unwrap_err().rule, "region-bounds");
        let odd = r(4, 0, 4, 1, 6).unwrap();
        assert_eq!(Access::new(Kind::Read, ElemType::I32, 8, odd).unwrap_err().rule, "offset-alignment");
        let neg = r(4, 0, 4, 1, -4).unwrap();
        assert_eq!(Access::new(Kind::Read, ElemType::I32, 8, neg).unwrap_err().rule, "region-bounds");
        let var = Region::new(8, 0, 8, 2, Index::Scalar { parent_width: None }).unwrap();
        assert_eq!(Access::new(Kind::Read, ElemType::I32, 8, var).unwrap_err().rule, "region-bounds");
        assert!(Access::new(Kind::Read, ElemType::I32, 15, var).is_ok());
    }

    #[test]
    fn destinations_are_distinct() {
        let w = Kind::Write { mask: Mask::All };
        let splat = r(4, 0, 4, 0, 0).unwrap();
        assert!(Access::new(Kind::Read, ElemType::I16, 8, splat).is_ok());
        assert_eq!(Access::new(w, ElemType::I16, 8, splat).unwrap_err().rule, "dst-stride");
        let rows = r(8, 0, 4, 1, 0).unwrap();
        assert_eq!(Access::new(w, ElemType::I16, 8, rows).unwrap_err().rule, "dst-overlap");
        let interleaved = r(4, 1, 2, 2, 0).unwrap();
        assert!(Access::new(w, ElemType::I16, 8, interleaved).is_ok());
    }

    #[test]
    fn pred_bounds() {
        assert!(PredAccess::new(false, 32, 16, 16).is_ok());
        assert_eq!(PredAccess::new(false, 32, 16, 24).unwrap_err().rule, "region-bounds");
    }
}
