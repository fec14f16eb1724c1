//! Whether a parallel body's reduction combines into copies of the teams
//! body's own (offload/reduce.rs). In an SPMD kernel every thread runs the
//! teams body, so what the teams body allocates (a teams reduction's or a
//! private clause's copy, a local) is each thread's own and the parallel
//! body's reduction may combine into it without atomics; a variable the
//! teams share (one they do not privatize, mapped by the target) is every
//! thread's of the league, and its combine must be atomic (measured on an
//! H200: DataRaceBench's DRB162, a `distribute parallel for reduction`
//! nested in a `teams` without the reduction, lost all but one thread's
//! part when it was not).
//!
//! The paropt lowering's shape is read back: `__kmpc_reduce_nowait`'s
//! answer 1 branches to a block that combines into each original (a
//! store to it, or a call whose first argument is it); an original is a
//! parameter of the parallel body, or a load from its argument block; the
//! teams body's fork passes that parameter, or stores into that field of
//! the block it passes, a value whose base is an alloca of the teams body.
//! Anything else counts as shared.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{
    AnyValueEnum, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};

use super::plan::{self, END_REDUCE};

/// Whether every original the reduction `reduce` in `body` combines into
/// at answer 1 is a copy of the teams body `teams`, which forks `body`
/// at `fork`.
pub fn into_team_copies<'ctx>(
    body: FunctionValue<'ctx>,
    reduce: InstructionValue<'ctx>,
    teams: FunctionValue<'ctx>,
    fork: InstructionValue<'ctx>,
) -> bool {
    let Some(block) = answer_one_block(reduce) else { return false };
    let dsts = combine_targets(block);
    !dsts.is_empty() && dsts.into_iter().all(|d| team_owned(d, body, teams, fork))
}

/// The block answer 1 branches to: `br (icmp eq r, 1), combine, _`.
fn answer_one_block(reduce: InstructionValue<'_>) -> Option<BasicBlock<'_>> {
    for c in users(reduce) {
        let one = c.get_opcode() == InstructionOpcode::ICmp && operand(c, 1).is_some_and(|o| is_const(o, 1));
        if !one {
            continue;
        }
        // (A conditional branch's operands: condition, false, true.)
        let br = users(c).into_iter().find(|u| u.get_opcode() == InstructionOpcode::Br && u.get_num_operands() == 3);
        if let Some(br) = br {
            return br.get_operand(2).and_then(|o| o.right());
        }
    }
    None
}

/// The instructions that use `i`.
fn users(i: InstructionValue<'_>) -> Vec<InstructionValue<'_>> {
    let mut out = Vec::new();
    let mut u = i.get_first_use();
    while let Some(x) = u {
        match x.get_user() {
            AnyValueEnum::InstructionValue(w) => out.push(w),
            AnyValueEnum::IntValue(w) => out.extend(w.as_instruction()),
            AnyValueEnum::PointerValue(w) => out.extend(w.as_instruction()),
            _ => {}
        }
        u = x.get_next_use();
    }
    out
}

fn operand<'ctx>(i: InstructionValue<'ctx>, k: u32) -> Option<BasicValueEnum<'ctx>> {
    i.get_operand(k).and_then(|o| o.left())
}

fn is_const(v: BasicValueEnum<'_>, n: u64) -> bool {
    matches!(v, BasicValueEnum::IntValue(c) if c.get_zero_extended_constant() == Some(n))
}

/// What the block writes the reduction into: each store's address, each
/// call's first argument (an array's or a declared reduction's combiner).
fn combine_targets(block: BasicBlock<'_>) -> Vec<BasicValueEnum<'_>> {
    let mut out = Vec::new();
    let mut at = block.get_first_instruction();
    while let Some(i) = at {
        match i.get_opcode() {
            InstructionOpcode::Store => out.extend(operand(i, 1)),
            InstructionOpcode::Call => {
                let name = plan::callee(i).unwrap_or_default();
                if name != END_REDUCE && !name.starts_with("llvm.") {
                    out.extend(operand(i, 0));
                }
            }
            _ => {}
        }
        at = i.get_next_instruction();
    }
    out
}

/// `v` without address arithmetic and casts.
fn base(mut v: BasicValueEnum<'_>) -> BasicValueEnum<'_> {
    use InstructionOpcode as O;
    for _ in 0..64 {
        let Some(i) = v.as_instruction_value() else { return v };
        let next = match i.get_opcode() {
            O::GetElementPtr | O::BitCast | O::AddrSpaceCast => operand(i, 0),
            O::Select if operand(i, 1) == operand(i, 2) => operand(i, 1),
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => return v,
        }
    }
    v
}

fn param_index<'ctx>(f: FunctionValue<'ctx>, v: BasicValueEnum<'ctx>) -> Option<u32> {
    (0..f.count_params()).find(|&k| f.get_nth_param(k) == Some(v))
}

fn is_alloca_of(v: BasicValueEnum<'_>, f: FunctionValue<'_>) -> bool {
    v.as_instruction_value().is_some_and(|i| {
        i.get_opcode() == InstructionOpcode::Alloca && i.get_parent().and_then(|b| b.get_parent()) == Some(f)
    })
}

/// Whether `dst`, an address in the parallel body, is the teams body's own.
fn team_owned<'ctx>(
    dst: BasicValueEnum<'ctx>,
    body: FunctionValue<'ctx>,
    teams: FunctionValue<'ctx>,
    fork: InstructionValue<'ctx>,
) -> bool {
    let root = base(dst);
    if is_alloca_of(root, body) {
        return true;
    }
    // (The fork's operands: ident, count, microtask, then the body's
    // parameters from the third on: the first two are thread numbers.)
    let passed = |k: u32| if k >= 2 { operand(fork, k + 1) } else { None };
    if let Some(k) = param_index(body, root) {
        return passed(k).is_some_and(|x| is_alloca_of(base(x), teams));
    }
    // A load from the argument block: the field's store in the teams body.
    let Some(load) = root.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Load) else {
        return false;
    };
    let Some(addr) = operand(load, 0) else { return false };
    let (block_param, field) = match addr.as_instruction_value() {
        Some(g) if g.get_opcode() == InstructionOpcode::GetElementPtr => {
            let field = (g.get_num_operands() == 3).then(|| operand(g, 2)).flatten().and_then(const_index);
            (operand(g, 0), field)
        }
        _ => (Some(addr), Some(0)),
    };
    let (Some(k), Some(field)) = (block_param.and_then(|p| param_index(body, p)), field) else { return false };
    let Some(block) = passed(k).map(base) else { return false };
    let stored: Vec<_> = plan::instructions(teams)
        .into_iter()
        .filter(|s| s.get_opcode() == InstructionOpcode::Store)
        .filter(|s| operand(*s, 1).is_some_and(|p| field_of(p, block) == Some(field)))
        .filter_map(|s| operand(s, 0))
        .collect();
    !stored.is_empty() && stored.into_iter().all(|v| is_alloca_of(base(v), teams))
}

fn const_index(v: BasicValueEnum<'_>) -> Option<u64> {
    match v {
        BasicValueEnum::IntValue(c) => c.get_zero_extended_constant(),
        _ => None,
    }
}

/// The field of `block` that address `p` names (`gep block, 0, j`, or
/// `block` itself: field 0).
fn field_of<'ctx>(p: BasicValueEnum<'ctx>, block: BasicValueEnum<'ctx>) -> Option<u64> {
    if p == block {
        return Some(0);
    }
    let g = p.as_instruction_value().filter(|g| g.get_opcode() == InstructionOpcode::GetElementPtr)?;
    if operand(g, 0) != Some(block) || g.get_num_operands() != 3 || !operand(g, 1).is_some_and(|o| is_const(o, 0)) {
        return None;
    }
    operand(g, 2).and_then(const_index)
}
