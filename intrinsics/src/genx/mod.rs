//! GenX region intrinsics (llvm.genx.rdregion*/wrregion*): the region model.
//! (Issue 3; filled in by the GenX work.)
