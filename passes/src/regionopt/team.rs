//! Plain `parallel` regions in a merge: their clauses move onto the merged
//! region (shared lists meet, private and firstprivate items are the merged
//! region's), their bodies follow one another with an explicit barrier
//! where each region's join was. The rules, on plain data: which clauses a
//! plain region may carry into a merge, and which private items stay what
//! they were once one fork makes every copy.
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode as Op, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::vocab::DirKind;

use super::access::underlying;
use super::clauses::RawClause;
use super::legality::{items, name_of, team_clause_refusal};
use super::single::value_operands;
use crate::wregion::WRegionGraph;

/// Why a plain parallel region's clause keeps it apart, or None.
pub fn clause_refusal(c: &RawClause<'_>) -> Option<String> {
    if let Some(why) = team_clause_refusal(c) {
        return Some(why);
    }
    let base = c.base();
    if base == "QUAL.OMP.COPYIN" {
        return Some(format!("{base}: threadprivate copies are set from the encountering thread's at each fork"));
    }
    if base == "QUAL.OMP.SHARED" && c.tag != base {
        return Some(format!("{}: shared items with modifiers are not merged", c.tag));
    }
    if [
        "QUAL.OMP.SHARED",
        "QUAL.OMP.PRIVATE",
        "QUAL.OMP.FIRSTPRIVATE",
        "QUAL.OMP.DEFAULT.SHARED",
        "QUAL.OMP.DEFAULT.NONE",
    ]
    .contains(&base)
    {
        return None;
    }
    Some(format!("{base} is not a clause weft-regionopt moves"))
}

/// Why region `r` (plain) may not be merged for what it holds: a
/// cancellation would then cancel the merged region.
pub fn body_refusal(g: &WRegionGraph, r: usize) -> Option<String> {
    let mut stack = g.regions[r].children.clone();
    while let Some(k) = stack.pop() {
        if matches!(g.regions[k].kind, DirKind::Cancel | DirKind::CancellationPoint) {
            return Some(format!(
                "region {} holds a cancellation, which would cancel the merged region",
                g.regions[r].number
            ));
        }
        stack.extend(g.regions[k].children.iter().copied());
    }
    None
}

/// What the merge of one plain member sees of the others, for the item rules.
pub struct Member<'a, 'ctx> {
    pub plain: bool,
    pub clauses: &'a [RawClause<'ctx>],
    pub body: &'a [InstructionValue<'ctx>],
}

fn names(insts: &[InstructionValue<'_>], v: BasicValueEnum<'_>) -> bool {
    let id = Value::of(v);
    insts.iter().any(|&i| {
        // (A directive call's operands include tokens, which are no basic
        // values: its items are asked for by identity.)
        let call = i.get_opcode() == Op::Call;
        let name =
            if call { ffi::called_function_name(Value::of_instruction(i)).unwrap_or_default() } else { String::new() };
        if name.starts_with("llvm.directive") {
            return ffi::has_operand(i, id);
        }
        value_operands(i).into_iter().any(|o| {
            Value::of(o) == id || matches!(o, BasicValueEnum::PointerValue(_)) && Value::of(underlying(o)) == id
        })
    })
}

/// Whether anything but directive calls and lifetime markers may write
/// local `v` other than by naming it: its address is stored, converted
/// or passed to a call.
fn captured(v: BasicValueEnum<'_>) -> bool {
    let Some(alloca) = v.as_instruction_value().filter(|i| i.get_opcode() == Op::Alloca) else { return true };
    let mut addrs = vec![alloca];
    let mut k = 0;
    while k < addrs.len() && addrs.len() < 64 {
        for u in ffi::user_instructions(&addrs[k]) {
            match u.get_opcode() {
                Op::GetElementPtr | Op::BitCast | Op::AddrSpaceCast => addrs.push(u),
                Op::Load => {}
                Op::Store
                    if u.get_operand(0).and_then(|o| o.left()).map(Value::of)
                        != Some(Value::of_instruction(addrs[k])) => {}
                Op::Call => {
                    let n = ffi::called_function_name(Value::of_instruction(u)).unwrap_or_default();
                    let known = n.starts_with("llvm.directive")
                        || n.starts_with("llvm.lifetime.")
                        || n.starts_with("llvm.dbg.");
                    if !known && n != super::super::prepare::rename::RENAME {
                        return true;
                    }
                }
                _ => return true,
            }
        }
        k += 1;
    }
    false
}

/// Why member `c` may not follow `before` (the members already merged)
/// for its own private items or theirs, with `between`: the code wrapped
/// in `single` between any of them (hoisted code runs before the fork and
/// is no concern). A plain member's private or firstprivate item becomes
/// the merged region's, so no other member or code between may name it
/// (not even as a private item of its own: weft-prepare renamed each
/// region's uses of it apart, prepare/rename.rs); a firstprivate item of a
/// later member is copied at the merged fork, so nothing before it may
/// write it.
pub fn item_refusal<'ctx>(
    before: &[Member<'_, 'ctx>],
    c: &Member<'_, 'ctx>,
    between: &[InstructionValue<'ctx>],
) -> Option<String> {
    const PRIVATE: &[&str] = &["QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE"];
    let check = |owner: &Member<'_, 'ctx>, others: &[&Member<'_, 'ctx>]| -> Option<String> {
        for v in items(owner.clauses, PRIVATE) {
            for o in others {
                let in_clauses =
                    o.clauses.iter().any(|k| k.values.iter().flatten().any(|&x| Value::of(x) == Value::of(v)));
                if in_clauses || names(o.body, v) {
                    return Some(format!(
                        "{} is private in a plain parallel region and used by another region merged with it",
                        name_of(v)
                    ));
                }
            }
            if names(between, v) {
                return Some(format!(
                    "{} is private in a plain parallel region and used between the regions",
                    name_of(v)
                ));
            }
        }
        None
    };
    let others: Vec<&Member<'_, 'ctx>> = before.iter().collect();
    if c.plain {
        if let Some(why) = check(c, &others) {
            return Some(why);
        }
        for v in items(c.clauses, &["QUAL.OMP.FIRSTPRIVATE"]) {
            if captured(v) || names(between, v) || before.iter().any(|m| names(m.body, v)) {
                return Some(format!(
                    "{} is firstprivate in a later region: merged, its copy would be taken at the first region's fork, before what runs between may write it",
                    name_of(v)
                ));
            }
        }
    }
    for m in before.iter().filter(|m| m.plain) {
        if let Some(why) = check(m, &[c]) {
            return Some(why);
        }
    }
    None
}

/// The clauses of plain members that go onto the merged region: private
/// and firstprivate lists as written (modifiers kept), each once.
pub fn team_clauses<'ctx>(plain: &[&[RawClause<'ctx>]]) -> Vec<RawClause<'ctx>> {
    let mut out: Vec<RawClause<'ctx>> = Vec::new();
    for c in plain.iter().flat_map(|cs| cs.iter()) {
        if !["QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE"].contains(&c.base()) {
            continue;
        }
        let same = |o: &RawClause<'ctx>| {
            o.tag == c.tag
                && o.values.len() == c.values.len()
                && o.values.iter().zip(&c.values).all(|(a, b)| a.map(Value::of) == b.map(Value::of))
        };
        if !out.iter().any(same) {
            out.push(c.clone());
        }
    }
    out
}
