//! The rules that decide, on plain data, whether a worksharing loop may be
//! fused into the loops before it in a merged region (fusion.rs), beyond
//! the dependence rule it shares with barrier elimination: what the loops'
//! private items allow once they are one loop's.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue, InstructionOpcode as Op, InstructionValue};
use weft_intrinsics::ffi::Value;

use super::access::{identified, underlying};
use super::clauses::RawClause;
use super::legality::{items, name_of};

/// Clauses whose items each loop privatizes; fused, the union privatizes
/// them for the one loop.
pub const PRIVATE: &[&str] = &["QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE"];

/// One loop as these rules read it: its clauses and its body.
pub struct LoopText<'a, 'ctx> {
    pub clauses: &'a [RawClause<'ctx>],
    pub body: &'a [InstructionValue<'ctx>],
}

fn uses(body: &[InstructionValue<'_>], v: Value) -> bool {
    body.iter().any(|i| {
        (0..i.get_num_operands()).any(|k| i.get_operand(k).and_then(|o| o.left()).is_some_and(|x| Value::of(x) == v))
    })
}

/// Why loop `next` may not join the fused loops `group`, as far as their
/// private items go, or None. Fused, one privatization serves both bodies:
/// an item private in both would carry a value from one body into the
/// other; an item private in one and used by the other would turn the
/// other's uses private; and a firstprivate item of `next` is copied when
/// the fused loop starts, before the group's bodies ran, so they must not
/// be able to write it.
pub fn private_refusal(
    module: &Module<'_>,
    f: FunctionValue<'_>,
    group: &[LoopText<'_, '_>],
    next: &LoopText<'_, '_>,
) -> Option<String> {
    let mine = items(next.clauses, PRIVATE);
    for l in group {
        let theirs = items(l.clauses, PRIVATE);
        if let Some(v) = mine.iter().find(|&&v| theirs.iter().any(|&t| Value::of(t) == Value::of(v))) {
            return Some(format!("{} is private in both loops", name_of(*v)));
        }
        if let Some(v) = mine.iter().find(|&&v| uses(l.body, Value::of(v))) {
            return Some(format!("{} is private in the second loop and used by the first", name_of(*v)));
        }
        if let Some(v) = theirs.iter().find(|&&v| uses(next.body, Value::of(v))) {
            return Some(format!("{} is private in the first loop and used by the second", name_of(*v)));
        }
    }
    let copied = items(next.clauses, &["QUAL.OMP.FIRSTPRIVATE"]);
    if let Some(&v) = copied.first() {
        let may_write = |i: &InstructionValue<'_>| -> bool {
            let Some(p) = (i.get_opcode() == Op::Store).then(|| i.get_operand(1).and_then(|o| o.left())).flatten()
            else {
                return false;
            };
            let u: BasicValueEnum<'_> = underlying(p);
            !identified(module, f, u) || copied.iter().any(|&c| Value::of(c) == Value::of(u))
        };
        if group.iter().any(|l| l.body.iter().any(may_write)) {
            return Some(format!(
                "{} is firstprivate in the second loop, and the first may write it before the fused loop would copy it",
                name_of(v)
            ));
        }
    }
    None
}

/// Why-not text for a dependence at -O0: the body's index comes from the
/// loop variable's memory there, so no iteration distance is proven.
pub fn with_o0_hint(f: FunctionValue<'_>, why: String) -> String {
    let optnone = Attribute::get_named_enum_kind_id("optnone");
    if f.get_enum_attribute(AttributeLoc::Function, optnone).is_some() {
        format!(
            "{why} (at -O0 the loop body reads its index from the loop variable's memory, not from the normalized induction variable, so the dependence distance is not known)"
        )
    } else {
        why
    }
}
