//! An operand of a directive call as plain data: the identity of its IR
//! value and what kind of value it is. Below both the directive model and
//! the typed error (which records the instruction an error is about).

/// Identity of an IR value (its address while the module lives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub usize);

/// What an operand is, as far as clause checking cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperandKind {
    Pointer { null: bool },
    Int { bits: u32, value: Option<i64> },
    Float,
    Function,
    MdString(String),
    Metadata,
    Token,
    Other,
}

/// One operand of a directive call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    pub value: ValueId,
    pub kind: OperandKind,
    /// As printed in IR, with its type (`ptr %a`).
    pub text: String,
    /// Its type as printed in IR (`ptr`, `[2 x i32]`).
    pub ty: String,
}

impl Operand {
    pub fn is_pointer(&self) -> bool {
        matches!(self.kind, OperandKind::Pointer { .. })
    }
    pub fn is_int(&self) -> bool {
        matches!(self.kind, OperandKind::Int { .. })
    }
    /// The constant read as signed (sign-extended from its width).
    pub fn const_int(&self) -> Option<i64> {
        match self.kind {
            OperandKind::Int { value, .. } => value,
            _ => None,
        }
    }
    /// The constant read as unsigned (zero-extended from its width): counts
    /// and alignments, where `i8 128` means 128, not -128.
    pub fn const_uint(&self) -> Option<u64> {
        match self.kind {
            OperandKind::Int { bits, value: Some(v) } if bits < 64 => Some(v as u64 & ((1u64 << bits) - 1)),
            OperandKind::Int { value: Some(v), .. } => Some(v as u64),
            _ => None,
        }
    }
    pub fn md_string(&self) -> Option<&str> {
        match &self.kind {
            OperandKind::MdString(s) => Some(s),
            _ => None,
        }
    }
    /// A value that may stand for a variable in a clause list.
    pub(crate) fn is_value(&self) -> bool {
        !matches!(self.kind, OperandKind::MdString(_) | OperandKind::Metadata | OperandKind::Token)
    }
}
