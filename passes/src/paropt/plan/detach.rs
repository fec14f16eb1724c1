//! A task's OpenMP 5.x clauses beyond `depend` as data: `detach(event)`
//! (OpenMP 5.1 §2.12.1: the task completes when its event is fulfilled;
//! the event handle is firstprivate in the task), `affinity(list)` (a hint,
//! taken and not acted on) and icx's `DEPARRAY(i32 n, ptr list)` (n
//! `kmp_depend_info` entries the front end built: a `depend(depobj: o)`'s,
//! an iterator's).
use weft_intrinsics::model::{Item, ValueId};
use weft_intrinsics::vocab::{ClauseKind, Modifiers};
use weft_intrinsics::{Rule, WeftError};

use super::var::{Share, Var};
use crate::wregion::WRegion;

fn clause_of(r: &WRegion, kind: ClauseKind) -> String {
    r.directive.clauses.iter().find(|c| c.kind == kind).map_or(kind.name().to_string(), |c| c.spelling.clone())
}

/// The event handle variable of a task's DETACH: a whole variable (icx's
/// `:BYREF`, through a reference, is refused by name).
pub fn detach_var(r: &WRegion, on: &str) -> Result<Option<ValueId>, WeftError> {
    let clause = clause_of(r, ClauseKind::Detach);
    let byref =
        r.directive.clauses.iter().any(|c| c.kind == ClauseKind::Detach && c.modifiers.contains(Modifiers::BYREF));
    match r.env.detach.as_slice() {
        [] => Ok(None),
        _ if byref => {
            Err(WeftError::new(Rule::NotYetSupported, &clause, "a detach event handle through a reference (BYREF)")
                .on_directive(on))
        }
        [Item::Var { var, typed }] if var.is_pointer() && typed.as_ref().is_none_or(|t| t.offset.is_none()) => {
            Ok(Some(var.value))
        }
        [Item::Var { var, .. }] if !var.is_pointer() => Err(WeftError::new(
            Rule::OperandKind,
            &clause,
            format!("the event handle is a variable (a pointer), got {}", var.text),
        )
        .on_directive(on)),
        _ => {
            Err(WeftError::new(Rule::OperandKind, &clause, "detach names one whole event handle variable")
                .on_directive(on))
        }
    }
}

/// A task's event handle is firstprivate in it (OpenMP 5.1 §2.12.1):
/// added to the data-sharing records unless a clause already makes it
/// firstprivate; any other data-sharing clause on it is an error.
pub fn add_detach_firstprivate(
    r: &WRegion,
    vars: &mut Vec<Var>,
    make: impl Fn(&Item, &str) -> Result<Var, WeftError>,
    on: &str,
) -> Result<(), WeftError> {
    for item in &r.env.detach {
        let var = item.var().value;
        match vars.iter().find(|v| v.var == var) {
            Some(v) if v.share == Share::Firstprivate => {}
            Some(v) => {
                return Err(WeftError::new(
                    Rule::OperandKind,
                    &v.clause,
                    "a detach clause's event handle is firstprivate in the task and in no other data-sharing clause",
                )
                .on_directive(on))
            }
            None => vars.push(make(item, &clause_of(r, ClauseKind::Detach))?),
        }
    }
    Ok(())
}

/// icx's DEPARRAY clauses: (entry count, array) each, after the task's
/// DEPEND items.
pub fn dep_arrays(r: &WRegion, on: &str) -> Result<Vec<(ValueId, ValueId)>, WeftError> {
    let clause = clause_of(r, ClauseKind::DepArray);
    r.env
        .dep_arrays
        .iter()
        .map(|items| match items.as_slice() {
            [Item::Var { var: n, typed: None }, Item::Var { var: list, typed: None }]
                if n.is_int() && list.is_pointer() =>
            {
                Ok((n.value, list.value))
            }
            _ => {
                Err(WeftError::new(Rule::OperandKind, &clause, "DEPARRAY takes (i32 count, ptr kmp_depend_info array)")
                    .on_directive(on))
            }
        })
        .collect()
}
