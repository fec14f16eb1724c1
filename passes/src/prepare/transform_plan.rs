//! A loop transformation's plan as plain data (prepare/transform.rs plans,
//! prepare/unroll.rs and prepare/tile.rs take it): what it becomes, the
//! construct that uses the loops it generates, and the loops it applies to.
use weft_intrinsics::ffi::CfgLoop;

/// What a transformation becomes.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Action {
    /// The loops tiled by `sizes`; with `unroll`, each tile loop is also
    /// marked for LLVM's unroller to unroll by that count (unroll partial).
    Tile { sizes: Vec<u64>, unroll: Option<u64> },
    /// The loop left as it is, with a hint for LLVM's unroller: nothing
    /// uses a loop the transformation generates.
    Hint { name: &'static str, value: Option<u32> },
}

/// The construct that uses the loops a transformation generates, and how
/// many of them.
pub(super) struct Use {
    pub user: usize,
    pub name: &'static str,
    pub count: usize,
}

/// The loops a transformation applies to that the CFG has, outermost
/// first (the rest, if any, a transformation directly inside it generates).
pub(super) struct Nest<'ctx> {
    pub real: Vec<CfgLoop<'ctx>>,
}
