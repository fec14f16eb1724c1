//! `in_reduction` on a target construct as data (OpenMP 5.1 §2.21.5.6):
//! the target task takes part in the enclosing task reduction with a
//! private copy of each item, which is mapped into the device data
//! environment for the region (tofrom), so the device's updates reach the
//! copy the task combines into the reduction.
//!
//! weft-prepare writes the target task around the construct with the
//! `INREDUCTION.*` items copied onto it (prepare/target_task.rs); the
//! target, lowered first (children before parents), maps each item
//! tofrom | IMPLICIT (its entry and the host fallback's argument name the
//! variable); then the task makes its copy and hands its body's uses of
//! the item, those among them, to it (paropt::target_inred). Here: the
//! items, their map entries, and the rules, all before any IR changes.
use weft_intrinsics::model::{Item, Operand};
use weft_intrinsics::vocab::{ClauseKind, Modifiers, ReductionOp};
use weft_intrinsics::{Rule, WeftError};

use super::map_item::{MapItem, FROM, IMPLICIT, TO};
use super::task_red::TaskRed;
use crate::wregion::WRegion;

fn not_yet(clause: &str, what: &str, on: &str) -> WeftError {
    WeftError::new(Rule::NotYetSupported, clause, what.to_string()).on_directive(on)
}

/// Target region `r`'s in_reduction items, or the refusal naming the
/// clause: whole variables (a `:TYPED` count too: a whole array) of a
/// predefined operator. A section would map the copy's elements at the
/// variable's offsets, and a declared reduction's copy may need its
/// initializer and combiner on the device: refused by name.
fn items(r: &WRegion, on: &str) -> Result<Vec<TaskRed>, WeftError> {
    let mut out = Vec::new();
    for red in &r.env.in_reductions {
        let kind = ClauseKind::InReduction(red.op);
        let clause = r.directive.clauses.iter().find(|c| c.kind == kind).map_or(kind.name(), |c| c.spelling.as_str());
        if red.op == ReductionOp::Udr {
            return Err(not_yet(clause, "in_reduction of a declared reduction on target", on));
        }
        if red.modifiers.contains(Modifiers::CMPLX) {
            return Err(not_yet(clause, "complex task reductions (CMPLX)", on));
        }
        let (var, typed) = match &red.item {
            Item::Var { var, typed } if var.is_pointer() => (var, typed),
            _ => return Err(not_yet(clause, "in_reduction items on target other than whole variables", on)),
        };
        let (elem, count) = match typed {
            None => (None, 1),
            Some(t) if t.offset.is_some() => {
                return Err(not_yet(clause, "in_reduction of an array section on target", on));
            }
            Some(t) => match t.count.as_ref().map(Operand::const_uint) {
                None => (Some(t.ty.value), 1),
                Some(Some(n)) if (1..=u32::MAX as u64).contains(&n) => (Some(t.ty.value), n as u32),
                Some(_) => return Err(not_yet(clause, "in_reduction on target of a count known only at run time", on)),
            },
        };
        let unsigned = red.modifiers.contains(Modifiers::UNSIGNED);
        let (op, clause) = (red.op, clause.to_string());
        out.push(TaskRed { var: var.value, elem, count, first: None, op, unsigned, udr: None, clause });
    }
    Ok(out)
}

/// Target region `r`'s in_reduction items, each with its map
/// entry pushed onto `maps`: the whole variable, tofrom | IMPLICIT (its size from its type:
/// `paropt::target`'s `map_size`). An item also in a map or a
/// privatizing clause of the same construct is an error (OpenMP 5.1
/// §2.21.7.1: a list item may not be in a map clause and a data-sharing
/// attribute clause of one construct, and in_reduction is one).
pub fn add(r: &WRegion, maps: &mut Vec<MapItem>, on: &str) -> Result<Vec<TaskRed>, WeftError> {
    let reds = items(r, on)?;
    let env = &r.env;
    let privatized = env.private.iter().chain(&env.firstprivate).chain(&env.is_device_ptr).chain(&env.has_device_addr);
    let others: Vec<_> = maps.iter().map(|m| m.base).chain(privatized.map(|i| i.var().value)).collect();
    for red in &reds {
        if others.contains(&red.var) {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                &red.clause,
                "this item is also in a map or data-sharing clause of the target (OpenMP 5.1 §2.21.7.1); \
                 in_reduction maps it tofrom itself",
            )
            .on_directive(on));
        }
        maps.push(MapItem {
            base: red.var,
            begin: red.var,
            size: None,
            bits: TO | FROM | IMPLICIT,
            clause: red.clause.clone(),
            links: Vec::new(),
        });
    }
    Ok(reds)
}
