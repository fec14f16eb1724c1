//! GenX: legalize, verify and emulate llvm.genx region intrinsics.
pub mod emulate;
pub mod legalize;
mod rewrite;
pub mod verify;

#[cfg(test)]
mod difftest;
