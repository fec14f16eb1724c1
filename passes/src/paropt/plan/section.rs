//! An array section's shape as plain data (`a[l1:n1:s1][l2:n2]`, constant
//! bounds): its dimensions resolved against the array's extents, checked
//! before any IR changes, and the offsets the generated code visits.

/// One dimension of a section as the clause writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim {
    pub lower: u64,
    pub length: u64,
    pub stride: u64,
}

/// One dimension resolved against the array: `scale` is how many innermost
/// elements one step of its index moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub lower: u64,
    pub length: u64,
    pub stride: u64,
    pub scale: u64,
}

/// The section's dimensions (outermost first) over an array of `extents`
/// (outermost first); dimensions the clause leaves out are whole. Err says
/// which dimension does not fit.
pub fn resolve(dims: &[Dim], extents: &[u64]) -> Result<Vec<Resolved>, String> {
    if dims.len() > extents.len() {
        return Err(format!("a section of {} dimensions of an array of {}", dims.len(), extents.len()));
    }
    let mut out = Vec::new();
    for (k, &extent) in extents.iter().enumerate() {
        let d = dims.get(k).copied().unwrap_or(Dim { lower: 0, length: extent, stride: 1 });
        if d.length == 0 || d.stride == 0 {
            return Err(format!("dimension {} has length {} and stride {}", k + 1, d.length, d.stride));
        }
        let last = (d.length - 1).checked_mul(d.stride).and_then(|x| x.checked_add(d.lower));
        if last.is_none_or(|l| l >= extent) {
            return Err(format!(
                "dimension {} ([{}:{}:{}]) does not lie within its extent {extent}",
                k + 1,
                d.lower,
                d.length,
                d.stride
            ));
        }
        let scale = extents[k + 1..].iter().product();
        out.push(Resolved { lower: d.lower, length: d.length, stride: d.stride, scale });
    }
    Ok(out)
}

/// How many elements the section holds.
pub fn count(dims: &[Resolved]) -> u64 {
    dims.iter().map(|d| d.length).product()
}

/// The offset (in innermost elements from the array's start) of the
/// section's element number `t` (row-major); the generated code computes
/// the same.
pub fn offset(dims: &[Resolved], mut t: u64) -> u64 {
    let mut off = 0;
    for d in dims.iter().rev() {
        off += (d.lower + t % d.length * d.stride) * d.scale;
        t /= d.length;
    }
    off
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(lower: u64, length: u64, stride: u64) -> Dim {
        Dim { lower, length, stride }
    }

    #[test]
    fn strided_one_dimension() {
        let r = resolve(&[d(1, 3, 2)], &[8]).expect("fits");
        let offs: Vec<u64> = (0..count(&r)).map(|t| offset(&r, t)).collect();
        assert_eq!(offs, vec![1, 3, 5]);
        assert!(resolve(&[d(1, 4, 2)], &[8]).is_ok(), "element 7 is the last one");
        assert!(resolve(&[d(2, 4, 2)], &[8]).is_err(), "element 8 is past the end");
        assert!(resolve(&[d(0, 0, 1)], &[8]).is_err());
        assert!(resolve(&[d(0, 2, 0)], &[8]).is_err());
        assert!(resolve(&[d(u64::MAX, 2, u64::MAX)], &[8]).is_err(), "no overflow");
    }

    #[test]
    fn two_dimensions_row_major() {
        // a[1:2][2:3] of int a[4][5]
        let r = resolve(&[d(1, 2, 1), d(2, 3, 1)], &[4, 5]).expect("fits");
        assert_eq!(r[0].scale, 5);
        assert_eq!(r[1].scale, 1);
        let offs: Vec<u64> = (0..count(&r)).map(|t| offset(&r, t)).collect();
        assert_eq!(offs, vec![7, 8, 9, 12, 13, 14]);
        assert!(resolve(&[d(1, 2, 1), d(3, 3, 1)], &[4, 5]).is_err());
    }

    #[test]
    fn left_out_dimensions_are_whole() {
        // a[2:1] of int a[3][2]: row 2.
        let r = resolve(&[d(2, 1, 1)], &[3, 2]).expect("fits");
        let offs: Vec<u64> = (0..count(&r)).map(|t| offset(&r, t)).collect();
        assert_eq!(offs, vec![4, 5]);
        assert!(resolve(&[d(0, 1, 1), d(0, 1, 1)], &[3]).is_err(), "more dimensions than the array");
    }
}
