//! Clause modifiers: the `:MOD.MOD` suffix of a region-form tag. Below both
//! the vocabulary and the memory orders (`memorder.rs`), which name them.

bitflags::bitflags! {
    /// Clause modifiers: the `:MOD.MOD` suffix of a region-form tag, and
    /// `.SEQ_CST` on atomic clauses.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Modifiers: u32 {
        const TYPED = 1 << 0;
        const NONPOD = 1 << 1;
        const ARRSECT = 1 << 2;
        const BYREF = 1 << 3;
        const VARLEN = 1 << 4;
        const UNSIGNED = 1 << 5;
        const CMPLX = 1 << 6;
        const INSCAN = 1 << 7;
        const CONDITIONAL = 1 << 8;
        const IV = 1 << 9;
        const PTR_TO_PTR = 1 << 10;
        const MONOTONIC = 1 << 11;
        const NONMONOTONIC = 1 << 12;
        const SIMD = 1 << 13;
        const SEQ_CST = 1 << 14;
        /// Fortran's dope vector (icx): the item is an array descriptor.
        const F90_DV = 1 << 15;
        /// The task reduction modifier (`reduction(task, +: x)`).
        const TASK = 1 << 16;
        const SCALAR = 1 << 17;
        const AGGREGATE = 1 << 18;
        const POINTER = 1 << 19;
        const ACQ_REL = 1 << 20;
        const ACQUIRE = 1 << 21;
        const RELEASE = 1 << 22;
        const RELAXED = 1 << 23;
        /// `order(reproducible: concurrent)` (OpenMP 5.1 §2.11.3).
        const REPRODUCIBLE = 1 << 24;
        /// `order(unconstrained: concurrent)`.
        const UNCONSTRAINED = 1 << 25;
        /// ifx's Fortran non-POD item (a derived type with finalizers or
        /// allocatable components): refused by name.
        const F90_NONPOD = 1 << 26;
        /// OpenMP 5.1's `strict` on a taskloop's GRAINSIZE and NUM_TASKS.
        const STRICT = 1 << 27;
        /// icx's map chains: a MAP link after the chain's first entry (a
        /// struct member or a pointee, `MEMBER_OF`/`PTR_AND_OBJ` in its bits).
        const CHAIN = 1 << 28;
        /// icx's older map chains without map-type bits: the first link
        /// (`AGGRHEAD`) and the links after it (`AGGR`); refused by name.
        const AGGRHEAD = 1 << 29;
        const AGGR = 1 << 30;
        /// The memory orders an atomic clause may carry.
        const ORDERS = Self::SEQ_CST.bits() | Self::ACQ_REL.bits() | Self::ACQUIRE.bits()
            | Self::RELEASE.bits() | Self::RELAXED.bits();
    }
}

pub const MODIFIER_NAMES: &[(&str, Modifiers)] = &[
    ("TYPED", Modifiers::TYPED),
    ("NONPOD", Modifiers::NONPOD),
    ("ARRSECT", Modifiers::ARRSECT),
    ("BYREF", Modifiers::BYREF),
    ("VARLEN", Modifiers::VARLEN),
    ("UNSIGNED", Modifiers::UNSIGNED),
    ("CMPLX", Modifiers::CMPLX),
    ("INSCAN", Modifiers::INSCAN),
    ("CONDITIONAL", Modifiers::CONDITIONAL),
    ("IV", Modifiers::IV),
    ("PTR_TO_PTR", Modifiers::PTR_TO_PTR),
    ("MONOTONIC", Modifiers::MONOTONIC),
    ("NONMONOTONIC", Modifiers::NONMONOTONIC),
    ("SIMD", Modifiers::SIMD),
    ("SEQ_CST", Modifiers::SEQ_CST),
    ("F90_DV", Modifiers::F90_DV),
    ("F90_NONPOD", Modifiers::F90_NONPOD),
    ("TASK", Modifiers::TASK),
    ("SCALAR", Modifiers::SCALAR),
    ("AGGREGATE", Modifiers::AGGREGATE),
    ("POINTER", Modifiers::POINTER),
    ("ACQ_REL", Modifiers::ACQ_REL),
    ("ACQUIRE", Modifiers::ACQUIRE),
    ("RELEASE", Modifiers::RELEASE),
    ("RELAXED", Modifiers::RELAXED),
    ("REPRODUCIBLE", Modifiers::REPRODUCIBLE),
    ("UNCONSTRAINED", Modifiers::UNCONSTRAINED),
    ("STRICT", Modifiers::STRICT),
    ("CHAIN", Modifiers::CHAIN),
    ("AGGRHEAD", Modifiers::AGGRHEAD),
    ("AGGR", Modifiers::AGGR),
];

impl Modifiers {
    pub fn parse_one(s: &str) -> Option<Modifiers> {
        MODIFIER_NAMES.iter().find(|(n, _)| *n == s).map(|&(_, m)| m)
    }

    /// `TYPED.NONPOD`, in table order.
    pub fn names(self) -> String {
        MODIFIER_NAMES.iter().filter(|(_, m)| self.contains(*m)).map(|(n, _)| *n).collect::<Vec<_>>().join(".")
    }
}
