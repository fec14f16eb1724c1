//! Gen element types: the only scalar types a region may hold.

/// An element type of a region's vector (the "Types" list of "LLVM IR for the GenX backend", minus i1:
/// predicates are not region data; they move through rd/wrpredregion).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    I8,
    I16,
    I32,
    I64,
    Half,
    Float,
    Double,
}

impl ElemType {
    pub const ALL: [ElemType; 7] =
        [ElemType::I8, ElemType::I16, ElemType::I32, ElemType::I64, ElemType::Half, ElemType::Float, ElemType::Double];

    pub fn bytes(self) -> u32 {
        match self {
            ElemType::I8 => 1,
            ElemType::I16 | ElemType::Half => 2,
            ElemType::I32 | ElemType::Float => 4,
            ElemType::I64 | ElemType::Double => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, ElemType::Half | ElemType::Float | ElemType::Double)
    }

    /// The integer type of the same size, if this is an integer type.
    pub fn from_int_bits(bits: u32) -> Option<ElemType> {
        match bits {
            8 => Some(ElemType::I8),
            16 => Some(ElemType::I16),
            32 => Some(ElemType::I32),
            64 => Some(ElemType::I64),
            _ => None,
        }
    }

    /// The type as intrinsic name mangling spells it (`i32`, `f16`).
    pub fn mangled(self) -> &'static str {
        match self {
            ElemType::I8 => "i8",
            ElemType::I16 => "i16",
            ElemType::I32 => "i32",
            ElemType::I64 => "i64",
            ElemType::Half => "f16",
            ElemType::Float => "f32",
            ElemType::Double => "f64",
        }
    }

    /// The type as LLVM IR text spells it (`i32`, `half`).
    pub fn ir(self) -> &'static str {
        match self {
            ElemType::Half => "half",
            ElemType::Float => "float",
            ElemType::Double => "double",
            other => other.mangled(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_spellings() {
        assert_eq!(ElemType::Half.bytes(), 2);
        assert_eq!(ElemType::Double.mangled(), "f64");
        assert_eq!(ElemType::Half.ir(), "half");
        assert_eq!(ElemType::I64.ir(), "i64");
        assert_eq!(ElemType::from_int_bits(1), None);
        assert!(ElemType::ALL.iter().filter(|e| e.is_float()).count() == 3);
    }
}
