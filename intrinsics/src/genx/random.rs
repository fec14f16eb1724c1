//! Seeded random region accesses with in-bounds inputs, for the differential
//! tests and the benchmark (a tiny SplitMix64, no dependencies).
use super::elem::ElemType;
use super::legality::Target;
use super::region::{Access, Index, Kind, Mask, Region};
use super::semantics::IndexValue;

/// SplitMix64 (Steele, Lea, Flood 2014).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }

    /// True with probability `pct`%.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }
}

/// One random access with concrete inputs.
#[derive(Clone, Debug)]
pub struct Case {
    pub target: Target,
    pub access: Access,
    pub index: IndexValue,
    /// The source (read) or old value (write).
    pub src: Vec<u64>,
    /// The new value (write; empty for a read).
    pub new: Vec<u64>,
    /// The mask bits: one per element (vector mask), one (scalar) or none.
    pub mask: Vec<bool>,
}

/// Random bits of an element, never a NaN for floats (a NaN's payload may
/// change when a CPU moves it, which would make bit comparison unsound).
pub fn random_lane(rng: &mut Rng, e: ElemType) -> u64 {
    let x = rng.next_u64();
    match e {
        ElemType::I8 => x & 0xff,
        ElemType::I16 => x & 0xffff,
        ElemType::I32 => x & 0xffff_ffff,
        ElemType::I64 => x,
        ElemType::Half => (x & 0xffff) & !0x4000,
        ElemType::Float => (x & 0xffff_ffff) & !0x4000_0000,
        ElemType::Double => x & !0x4000_0000_0000_0000,
    }
}

const EXECS: [u32; 22] = [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 16, 16, 17, 24, 30, 32, 32, 48, 64];
const STRIDES: [u32; 9] = [0, 1, 1, 1, 2, 3, 4, 5, 8];

fn divisors(n: u32) -> Vec<u32> {
    (1..=n).filter(|d| n % d == 0).collect()
}

/// A random valid access and inputs that keep every element in bounds.
pub fn random_case(rng: &mut Rng) -> Case {
    loop {
        if let Some(c) = try_case(rng) {
            return c;
        }
    }
}

fn try_case(rng: &mut Rng) -> Option<Case> {
    let target = Target { grf_bytes: rng.pick(&[32, 64]), max_simd: rng.pick(&[32, 32, 16]) };
    let elem = rng.pick(&ElemType::ALL);
    let eb = elem.bytes() as u64;
    let write = rng.chance(45);
    let mask = if !write {
        Mask::All
    } else {
        *[Mask::All, Mask::All, Mask::Vector, Mask::Vector, Mask::Scalar].get(rng.below(5) as usize)?
    };
    let kind = if write { Kind::Write { mask } } else { Kind::Read };
    let exec = rng.pick(&EXECS);
    let ds = divisors(exec);
    let width = if rng.chance(50) { exec } else { rng.pick(&ds) };
    let mut stride = rng.pick(&STRIDES);
    if write && width > 1 && stride == 0 {
        stride = 1;
    }
    let rows = exec / width;
    let row_extent = (width as u64 - 1) * stride as u64 + 1;
    let index_kind = rng.below(100);
    let slack = rng.below(24);
    let (index, index_value, vec_len);
    if index_kind < 20 && rows >= 1 {
        // Per-row: rows placed in disjoint slots (a destination must not overlap).
        let slot = row_extent + rng.below(3);
        let n = rows as u64 * slot + slack;
        let mut order: Vec<u64> = (0..rows as u64).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let v = order.iter().map(|&k| ((k * slot + rng.below(slot - row_extent + 1)) * eb) as u16).collect();
        index = Index::PerRow { parent_width: None };
        index_value = IndexValue::PerRow(v);
        vec_len = n;
    } else {
        let vstride = if rows > 1 {
            let ws = width as u64 * stride as u64;
            rng.pick(&[0, 1, 2, 4, 7, 8, 15, 16, 24, 32, ws, ws + 1]) as u32
        } else {
            0
        };
        let extent = (rows as u64 - 1) * vstride as u64 + row_extent;
        let n = extent + slack;
        let start = rng.below(n - extent + 1);
        if index_kind < 50 {
            // Scalar variable index; sometimes with a parent width that holds.
            let mut pw = None;
            if rows == 1 && rng.chance(50) {
                let p = (row_extent.next_power_of_two()) << rng.below(2);
                if start % p + row_extent <= p {
                    pw = Some(p as u32);
                }
            }
            index = Index::Scalar { parent_width: pw };
            index_value = IndexValue::Scalar((start * eb) as u16);
        } else {
            index = Index::Const((start * eb) as i64);
            index_value = IndexValue::Const;
        }
        vec_len = n;
        let region = Region::new(exec, vstride as i64, width as i64, stride as i64, index).ok()?;
        let access = Access::new(kind, elem, vec_len as u32, region).ok()?;
        return Some(finish(rng, target, access, index_value, mask));
    }
    let region = Region::new(exec, 0, width as i64, stride as i64, index).ok()?;
    let access = Access::new(kind, elem, vec_len as u32, region).ok()?;
    Some(finish(rng, target, access, index_value, mask))
}

fn finish(rng: &mut Rng, target: Target, access: Access, index: IndexValue, mask: Mask) -> Case {
    let e = access.elem;
    let src = (0..access.vec_len).map(|_| random_lane(rng, e)).collect();
    let exec = access.region.exec;
    let (new, mask) = if access.is_write() {
        let new = (0..exec).map(|_| random_lane(rng, e)).collect();
        let bits = match mask {
            Mask::All => Vec::new(),
            Mask::Scalar => vec![rng.chance(50)],
            Mask::Vector => (0..exec).map(|_| rng.chance(60)).collect(),
        };
        (new, bits)
    } else {
        (Vec::new(), Vec::new())
    };
    Case { target, access, index, src, new, mask }
}
