//! OpenMP 5.1's memory orders of an atomic construct, as weft spells them.
use crate::modifiers::Modifiers;

/// An atomic's memory order (OpenMP 5.1), written as a suffix of its
/// clause (`QUAL.OMP.UPDATE.ACQ_REL`, icx's `.SEQ_CST` generalized) or as
/// the sub-kind of `QUAL.OMP.FAIL.<order>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemOrder {
    SeqCst,
    AcqRel,
    Acquire,
    Release,
    Relaxed,
}

impl MemOrder {
    pub const ALL: &'static [(&'static str, MemOrder, Modifiers)] = &[
        ("SEQ_CST", MemOrder::SeqCst, Modifiers::SEQ_CST),
        ("ACQ_REL", MemOrder::AcqRel, Modifiers::ACQ_REL),
        ("ACQUIRE", MemOrder::Acquire, Modifiers::ACQUIRE),
        ("RELEASE", MemOrder::Release, Modifiers::RELEASE),
        ("RELAXED", MemOrder::Relaxed, Modifiers::RELAXED),
    ];

    /// The orders among `m` (an atomic clause's modifiers).
    pub fn from_modifiers(m: Modifiers) -> Vec<MemOrder> {
        MemOrder::ALL.iter().filter(|(_, _, b)| m.contains(*b)).map(|&(_, o, _)| o).collect()
    }

    pub fn name(self) -> &'static str {
        MemOrder::ALL.iter().find(|(_, o, _)| *o == self).map(|(n, _, _)| *n).expect("every order is listed")
    }
}
