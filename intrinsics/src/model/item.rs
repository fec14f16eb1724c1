//! One list item of a clause: a variable, a non-POD variable with its
//! helpers, an array section, or icx's MAP chain link.
use crate::operand::Operand;

/// One list item of a clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A plain (POD) variable; `:TYPED` adds its element type and count.
    Var { var: Operand, typed: Option<Typed> },
    /// A non-POD variable with its helper functions, in the clause's order
    /// (see `nonpod_helpers`).
    NonPod { var: Operand, typed: Option<Typed>, helpers: Vec<Operand> },
    /// An array section: base and (lower, length, stride) per dimension.
    ArrSect { base: Operand, dims: Vec<[Operand; 3]> },
    /// icx's MAP chain link: `(base, begin, size, map-type bits[, name[, mapper]])`.
    MapChain { base: Operand, begin: Operand, size: Operand, map_type: Operand, rest: Vec<Operand> },
}

/// The element type (a value of that type) and element count of a `:TYPED` item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub ty: Operand,
    pub count: Option<Operand>,
    /// `:ARRSECT.TYPED`: the section's first element.
    pub offset: Option<Operand>,
}

impl Item {
    /// The variable (or array-section base) the item names.
    pub fn var(&self) -> &Operand {
        match self {
            Item::Var { var, .. } | Item::NonPod { var, .. } => var,
            Item::ArrSect { base, .. } | Item::MapChain { base, .. } => base,
        }
    }
}
