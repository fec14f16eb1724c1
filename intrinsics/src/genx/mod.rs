//! GenX region intrinsics (llvm.genx.rdregion*/wrregion*/rd/wrpredregion):
//! the region model as plain data, the hardware's legality rules, the split
//! planner, reference semantics, intrinsic name mangling, and reading and
//! building the calls in IR.
pub mod elem;
pub mod legality;
pub mod region;
pub mod split;

pub use elem::ElemType;
pub use legality::Target;
pub use region::{Access, Broken, Index, Kind, Mask, PredAccess, Region};
pub mod ir;
pub mod mangle;
pub mod proof;
pub mod random;
pub mod semantics;
