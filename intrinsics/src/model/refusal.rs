//! The two refusals of a clause's operands: the wrong number of them
//! (`Rule::ClauseArity`) and an operand of the wrong kind (`Rule::OperandKind`).
use crate::error::{Rule, WeftError};

pub(super) fn arity_err(tag: &str, detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::ClauseArity, tag, detail)
}

pub(super) fn kind_err(tag: &str, detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::OperandKind, tag, detail)
}
