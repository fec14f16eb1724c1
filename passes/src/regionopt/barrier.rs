//! Barrier elimination between the worksharing loops of a merged region.
use weft_intrinsics::model::ValueId;

use super::merge::Chain;
use crate::wregion::Analysis;

/// What happens to the implied barrier after each loop of a chain.
pub struct Decision {
    /// Per member: whether its loop gets `nowait`.
    pub nowait: Vec<bool>,
    /// Entry calls of loops whose barrier goes.
    pub removed: Vec<ValueId>,
    /// Entry calls of loops whose barrier stays, with why.
    pub kept: Vec<(ValueId, String)>,
}

pub fn plan(a: &Analysis<'_>, chain: &Chain<'_>, enabled: bool) -> Decision {
    let _ = (a, enabled);
    Decision { nowait: vec![false; chain.members.len()], removed: Vec::new(), kept: Vec::new() }
}
