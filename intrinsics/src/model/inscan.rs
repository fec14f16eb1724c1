//! icx's inscan index: the last operand of a scan reduction's item and of a
//! scan clause's item, which pairs the two (OpenMP 5.1 §2.11.8).
use super::{kind_err, Operand};
use crate::error::WeftError;
use crate::vocab::{ClauseKind, Modifiers};

/// icx's inscan index, the last operand of an INSCAN reduction item and of
/// an INCLUSIVE or EXCLUSIVE item (`REDUCTION.ADD:INSCAN.TYPED(ptr %x, i32 0,
/// i32 1, i64 1)`, `INCLUSIVE(ptr %x, i64 1)`): taken off the operands when
/// present (an integer after everything the item itself takes).
pub(super) fn inscan_index(
    tag: &str,
    kind: ClauseKind,
    mods: Modifiers,
    ops: &mut Vec<Operand>,
) -> Result<Option<Operand>, WeftError> {
    let scan = mods.contains(Modifiers::INSCAN) || matches!(kind, ClauseKind::Inclusive | ClauseKind::Exclusive);
    if !scan || !ops.last().is_some_and(Operand::is_int) {
        return Ok(None);
    }
    let present = if mods.contains(Modifiers::TYPED) {
        // (var, type, count[, offset]), then helpers (never integers).
        ops.len() > 3 + usize::from(mods.contains(Modifiers::ARRSECT))
    } else if mods.contains(Modifiers::ARRSECT) {
        // base, dimensions, (lower, length, stride) per dimension.
        let dims = ops.get(1).and_then(Operand::const_uint).unwrap_or(0) as usize;
        ops.len() == 3 + 3 * dims
    } else {
        ops.len() >= 2 && ops[0].is_pointer()
    };
    if !present {
        return Ok(None);
    }
    let index = ops.pop().expect("checked");
    if index.const_uint().is_none() {
        return Err(kind_err(tag, format!("the inscan index must be an integer constant, got {}", index.text)));
    }
    Ok(Some(index))
}
