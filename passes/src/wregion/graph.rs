//! The W-Region graph (paper IV.A): per function, a forest of regions
//! W(alpha, s, e, d) with entry and exit positions, static nesting depth,
//! construct kind and data environment. Plain data, built by `build.rs`.
use weft_intrinsics::group::Span;
use weft_intrinsics::model::{Directive, Form, ValueId};
use weft_intrinsics::vocab::DirKind;

use super::env::DataEnv;

/// Where a directive group sits: block index and its span of instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    pub block: usize,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct WRegion {
    /// 1-based, in pre-order of the tree (program order among siblings).
    pub number: usize,
    pub kind: DirKind,
    pub form: Form,
    pub directive: Directive,
    /// The BEGIN group (the entry block s is `entry.block`).
    pub entry: Pos,
    /// The END group (exit block e); None for directives with no END.
    pub exit: Option<Pos>,
    /// Region-form token (the entry call).
    pub token: Option<ValueId>,
    pub depth: usize,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    /// Blocks from entry to exit, inclusive, in layout order.
    pub blocks: Vec<usize>,
    pub env: DataEnv,
}

/// The W-Region forest of one function; regions indexed by `number - 1`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WRegionGraph {
    pub function: String,
    pub regions: Vec<WRegion>,
    pub roots: Vec<usize>,
}

impl WRegionGraph {
    pub fn is_empty(&self) -> bool {
        self.regions.is_empty()
    }

    /// Regions in pre-order (parents before children, program order).
    pub fn preorder(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.regions.len());
        let mut stack: Vec<usize> = self.roots.iter().rev().copied().collect();
        while let Some(r) = stack.pop() {
            out.push(r);
            stack.extend(self.regions[r].children.iter().rev().copied());
        }
        out
    }
}
