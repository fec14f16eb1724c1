//! What a target's or a league's body does besides starting its fork
//! (docs/offload-device.md, "Generic mode"): work of its own makes its
//! kernel a generic one, run by each team's main thread; and the cycles of
//! a CFG, which the mode and the globalization of locals both ask about.
//! (A leaf of the offload modules: the plan reads it.)
use std::collections::HashSet;

use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, BlockId, Value};

use crate::paropt::runtime::Rt;

/// Whether `f` (a target's or a league's body) does work of its own
/// besides filling its fork's argument block and its private copies: a
/// loop, a store or memory intrinsic into memory that is neither its own
/// local nor the block it hands the fork, an atomic. Such a body runs once
/// per team, on the main thread: generic mode; an SPMD kernel would run it
/// in every thread.
pub fn needs_main_thread(f: FunctionValue<'_>) -> bool {
    // (The combine's compare-exchange loops are cycles of its own.)
    let combine = reduction_combine(f);
    let own_cycle =
        |b: &BasicBlock<'_>| b.get_first_instruction().is_some_and(|i| !combine.contains(&i)) && in_cycle(*b);
    if f.get_basic_blocks().iter().any(own_cycle) {
        return true;
    }
    let insts = instructions(f);
    let mut blocks_of_fork: Vec<InstructionValue<'_>> = Vec::new();
    for &i in &insts {
        if callee(i).is_some_and(|c| c == Rt::ForkCall.entry().name || c == Rt::ForkTeams.entry().name) {
            for k in 3..i.get_num_operands().saturating_sub(1) {
                blocks_of_fork.extend(i.get_operand(k).and_then(|o| o.left()).and_then(|v| object_of(v)));
            }
        }
    }
    insts.iter().filter(|i| !combine.contains(i)).any(|&i| {
        let dest = match i.get_opcode() {
            InstructionOpcode::Store => i.get_operand(1),
            InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => return true,
            InstructionOpcode::Call if callee(i).is_some_and(|c| c.starts_with("llvm.mem")) => i.get_operand(0),
            _ => return false,
        };
        let Some(obj) = dest.and_then(|o| o.left()).and_then(|v| object_of(v)) else { return true };
        obj.get_opcode() != InstructionOpcode::Alloca && !blocks_of_fork.contains(&obj)
    })
}

/// What follows the body's `__kmpc_reduce_nowait` (the reduction's combine
/// at the region's end, docs/offload-device.md "Reductions"): in an SPMD
/// kernel each thread combines its own copy there, atomically
/// (offload/reduce.rs), which is no work for the main thread alone.
fn reduction_combine(f: FunctionValue<'_>) -> Vec<InstructionValue<'_>> {
    let Some(reduce) =
        instructions(f).into_iter().find(|&i| callee(i).is_some_and(|c| c == Rt::ReduceNowait.entry().name))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = reduce.get_next_instruction();
    while let Some(i) = at {
        out.push(i);
        at = i.get_next_instruction();
    }
    let home = reduce.get_parent().expect("in a block");
    let blocks = f.get_basic_blocks();
    let mut seen = HashSet::new();
    let mut work = ffi::successors(home);
    while let Some(id) = work.pop() {
        if !seen.insert(id) {
            continue;
        }
        if let Some(b) = blocks.iter().copied().find(|b| ffi::block_id(*b) == id) {
            out.extend(b.get_instructions());
            work.extend(ffi::successors(b));
        }
    }
    out
}

/// The instruction a pointer is derived from through address arithmetic
/// and casts (an alloca, a load), if it is one.
fn object_of(v: BasicValueEnum<'_>) -> Option<InstructionValue<'_>> {
    let mut i = v.as_instruction_value()?;
    while matches!(
        i.get_opcode(),
        InstructionOpcode::GetElementPtr | InstructionOpcode::BitCast | InstructionOpcode::AddrSpaceCast
    ) {
        i = i.get_operand(0).and_then(|o| o.left())?.as_instruction_value()?;
    }
    Some(i)
}

/// Whether `bb` can run again after it runs (it is in a cycle of the CFG).
pub fn in_cycle(bb: BasicBlock<'_>) -> bool {
    let f = bb.get_parent().expect("a block of a function");
    let blocks = f.get_basic_blocks();
    let by_id = |id: BlockId| blocks.iter().copied().find(|b| ffi::block_id(*b) == id);
    let mut seen = HashSet::new();
    let mut work = ffi::successors(bb);
    while let Some(id) = work.pop() {
        if id == ffi::block_id(bb) {
            return true;
        }
        if seen.insert(id) {
            work.extend(by_id(id).map(ffi::successors).unwrap_or_default());
        }
    }
    false
}

/// Every instruction of `f`.
fn instructions<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    f.get_basic_blocks().into_iter().flat_map(|b| b.get_instructions()).collect()
}

/// The name of the function `i` calls directly.
fn callee(i: InstructionValue<'_>) -> Option<String> {
    (i.get_opcode() == InstructionOpcode::Call).then(|| ffi::called_function_name(Value::of_instruction(i))).flatten()
}
