//! GenX: legalize, verify and emulate llvm.genx region intrinsics (issue 3).
pub mod emulate;
pub mod legalize;
mod rewrite;
pub mod verify;

#[cfg(test)]
mod difftest;
