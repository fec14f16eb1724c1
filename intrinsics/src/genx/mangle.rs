//! llvm.genx intrinsic names: which intrinsic a name is, and the exact
//! overloaded name for given types (result, then overloaded operands, as
//! LLVM's intrinsic mangling spells them: `v8i32`, `f16`, `v16i1`).
use super::elem::ElemType;

/// The llvm.genx intrinsics weft understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    RdRegion {
        float: bool,
    },
    WrRegion {
        float: bool,
    },
    RdPredRegion,
    WrPredRegion,
    /// `llvm.genx.sat`: clamp a float to [0, 1].
    Sat,
    /// `llvm.genx.{ss,su,us,uu}add.sat`: result signedness, operand signedness.
    AddSat {
        result_signed: bool,
        operand_signed: bool,
    },
    /// `llvm.genx.{s,u,f}{min,max}`.
    MinMax {
        kind: MinMaxKind,
        max: bool,
    },
    /// `llvm.genx.any` / `llvm.genx.all` over a predicate.
    Reduce {
        all: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinMaxKind {
    Signed,
    Unsigned,
    Float,
}

impl Op {
    pub fn is_region(self) -> bool {
        matches!(self, Op::RdRegion { .. } | Op::WrRegion { .. } | Op::RdPredRegion | Op::WrPredRegion)
    }
}

const TABLE: &[(&str, Op)] = &[
    ("rdregioni", Op::RdRegion { float: false }),
    ("rdregionf", Op::RdRegion { float: true }),
    ("wrregioni", Op::WrRegion { float: false }),
    ("wrregionf", Op::WrRegion { float: true }),
    ("rdpredregion", Op::RdPredRegion),
    ("wrpredregion", Op::WrPredRegion),
    ("sat", Op::Sat),
    ("ssadd.sat", Op::AddSat { result_signed: true, operand_signed: true }),
    ("suadd.sat", Op::AddSat { result_signed: true, operand_signed: false }),
    ("usadd.sat", Op::AddSat { result_signed: false, operand_signed: true }),
    ("uuadd.sat", Op::AddSat { result_signed: false, operand_signed: false }),
    ("smin", Op::MinMax { kind: MinMaxKind::Signed, max: false }),
    ("smax", Op::MinMax { kind: MinMaxKind::Signed, max: true }),
    ("umin", Op::MinMax { kind: MinMaxKind::Unsigned, max: false }),
    ("umax", Op::MinMax { kind: MinMaxKind::Unsigned, max: true }),
    ("fmin", Op::MinMax { kind: MinMaxKind::Float, max: false }),
    ("fmax", Op::MinMax { kind: MinMaxKind::Float, max: true }),
    ("any", Op::Reduce { all: false }),
    ("all", Op::Reduce { all: true }),
];

pub const PREFIX: &str = "llvm.genx.";

/// Which intrinsic `name` is: the base name must be followed by its type
/// suffixes (`llvm.genx.rdregioni.v4i32...`) or nothing.
pub fn classify(name: &str) -> Option<Op> {
    let rest = name.strip_prefix(PREFIX)?;
    TABLE
        .iter()
        .find(|(base, _)| rest == *base || rest.strip_prefix(base).is_some_and(|t| t.starts_with('.')))
        .map(|&(_, op)| op)
}

/// A type as it appears in a mangled name: a scalar or a vector of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    Elem(ElemType),
    I1,
}

impl Scalar {
    fn mangled(self) -> &'static str {
        match self {
            Scalar::Elem(e) => e.mangled(),
            Scalar::I1 => "i1",
        }
    }
}

/// `v8i32` for `Some(8)`, `i32` for `None`.
pub fn type_name(lanes: Option<u32>, s: Scalar) -> String {
    match lanes {
        Some(n) => format!("v{n}{}", s.mangled()),
        None => s.mangled().to_string(),
    }
}

fn ri(float: bool) -> char {
    if float {
        'f'
    } else {
        'i'
    }
}

/// `llvm.genx.rdregion{i,f}.<result>.<source>.<index>`.
pub fn rdregion(elem: ElemType, result: Option<u32>, src: u32, index_lanes: Option<u32>) -> String {
    let e = Scalar::Elem(elem);
    format!(
        "{PREFIX}rdregion{}.{}.{}.{}",
        ri(elem.is_float()),
        type_name(result, e),
        type_name(Some(src), e),
        type_name(index_lanes, Scalar::Elem(ElemType::I16))
    )
}

/// `llvm.genx.wrregion{i,f}.<result>.<new value>.<index>.<mask>`.
pub fn wrregion(elem: ElemType, dst: u32, new: Option<u32>, index_lanes: Option<u32>, mask: Option<u32>) -> String {
    let e = Scalar::Elem(elem);
    format!(
        "{PREFIX}wrregion{}.{}.{}.{}.{}",
        ri(elem.is_float()),
        type_name(Some(dst), e),
        type_name(new, e),
        type_name(index_lanes, Scalar::Elem(ElemType::I16)),
        type_name(mask, Scalar::I1)
    )
}

/// `llvm.genx.rdpredregion.<result>.<source>`.
pub fn rdpredregion(result: u32, src: u32) -> String {
    format!("{PREFIX}rdpredregion.{}.{}", type_name(Some(result), Scalar::I1), type_name(Some(src), Scalar::I1))
}

/// `llvm.genx.wrpredregion.<result>.<new value>`.
pub fn wrpredregion(dst: u32, new: u32) -> String {
    format!("{PREFIX}wrpredregion.{}.{}", type_name(Some(dst), Scalar::I1), type_name(Some(new), Scalar::I1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_reference() {
        assert_eq!(rdregion(ElemType::I32, Some(4), 8, None), "llvm.genx.rdregioni.v4i32.v8i32.i16");
        assert_eq!(rdregion(ElemType::I32, None, 8, None), "llvm.genx.rdregioni.i32.v8i32.i16");
        assert_eq!(rdregion(ElemType::Float, Some(4), 16, Some(2)), "llvm.genx.rdregionf.v4f32.v16f32.v2i16");
        assert_eq!(wrregion(ElemType::I64, 16, Some(8), None, None), "llvm.genx.wrregioni.v16i64.v8i64.i16.i1");
        assert_eq!(wrregion(ElemType::I64, 16, Some(8), None, Some(8)), "llvm.genx.wrregioni.v16i64.v8i64.i16.v8i1");
        assert_eq!(rdpredregion(16, 32), "llvm.genx.rdpredregion.v16i1.v32i1");
        assert_eq!(wrpredregion(32, 16), "llvm.genx.wrpredregion.v32i1.v16i1");
    }

    #[test]
    fn classify_names() {
        assert_eq!(classify("llvm.genx.rdregioni.v4i32.v8i32.i16"), Some(Op::RdRegion { float: false }));
        assert_eq!(classify("llvm.genx.wrregionf.v8f32.v4f32.i16.i1"), Some(Op::WrRegion { float: true }));
        assert_eq!(classify("llvm.genx.rdpredregion.v16i1.v32i1"), Some(Op::RdPredRegion));
        assert_eq!(
            classify("llvm.genx.uuadd.sat.v8i16.v8i32"),
            Some(Op::AddSat { result_signed: false, operand_signed: false })
        );
        assert_eq!(classify("llvm.genx.all.v16i1"), Some(Op::Reduce { all: true }));
        assert_eq!(classify("llvm.genx.rdregionx.v4i32"), None);
        assert_eq!(classify("llvm.genx.satx"), None);
        assert_eq!(classify("llvm.genx.simdcf.goto"), None);
        assert_eq!(classify("llvm.smin.v4i32"), None);
    }
}
