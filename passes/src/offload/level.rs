//! The optimization level the device module is optimized at: the level of
//! the pipeline weft's hooks were added to (clang's -O), which the plugin
//! records when LLVM builds that pipeline. 0 (clang's -O0, and `opt
//! -passes=weft...`, which builds no default pipeline): the device module
//! is left as it is, for clang-linker-wrapper's link-time pipeline alone.
use std::sync::atomic::{AtomicU32, Ordering};

static LEVEL: AtomicU32 = AtomicU32::new(0);

/// Records the level of the pipeline being built (0 to 3; the size levels
/// count as 2).
pub fn set(level: u32) {
    LEVEL.store(level.min(3), Ordering::Relaxed);
}

pub fn get() -> u32 {
    LEVEL.load(Ordering::Relaxed)
}
