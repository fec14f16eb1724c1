//! Small walks over a function's blocks that several passes share.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::group::is_directive_intrinsic;
use weft_intrinsics::model::ValueId;

/// The blocks reachable from `from` without entering `stop`, `from` first.
/// Costs the blocks it returns, not the function: many regions per function.
pub fn reachable_before<'ctx>(from: BasicBlock<'ctx>, stop: BasicBlock<'ctx>) -> Vec<BasicBlock<'ctx>> {
    let mut seen = hashbrown::HashSet::new();
    seen.insert(ffi::block_id(from));
    seen.insert(ffi::block_id(stop));
    let mut out = vec![from];
    let mut i = 0;
    while i < out.len() {
        if let Some(term) = out[i].get_terminator() {
            for k in 0..term.get_num_operands() {
                if let Some(s) = term.get_operand(k).and_then(|o| o.right()) {
                    if seen.insert(ffi::block_id(s)) {
                        out.push(s);
                    }
                }
            }
        }
        i += 1;
    }
    out
}

/// `bb`'s only successor through an unconditional branch.
pub fn unique_successor(bb: BasicBlock<'_>) -> Option<BasicBlock<'_>> {
    let term = bb.get_terminator()?;
    if term.get_opcode() != InstructionOpcode::Br || term.get_num_operands() != 1 {
        return None;
    }
    term.get_operand(0)?.right()
}

/// The next block on the path every execution from `bb` takes: its only
/// successor, or where the two sides of its conditional branch (each a
/// straight path of a few blocks) meet again, as the loop finder
/// (intrinsics/cpp/loops.h, `diamondJoin`) walks before a worksharing loop;
/// or, for the header of a small loop (one side comes back to it), the
/// other side: the loop's exit (a non-rectangular nest's count before it).
pub fn next_on_path(bb: BasicBlock<'_>) -> Option<BasicBlock<'_>> {
    if let Some(s) = unique_successor(bb) {
        return Some(s);
    }
    let term = bb.get_terminator()?;
    if term.get_opcode() != InstructionOpcode::Br || term.get_num_operands() != 3 {
        return None;
    }
    // (A conditional br's operands: condition, false successor, true successor.)
    let side = |k: u32| {
        let mut path = Vec::new();
        let mut cur = term.get_operand(k).and_then(|o| o.right());
        while let Some(b) = cur.filter(|_| path.len() < 8) {
            path.push(b);
            cur = unique_successor(b);
        }
        path
    };
    let (left, right) = (side(2), side(1));
    if left.contains(&bb) {
        return right.first().copied();
    }
    if right.contains(&bb) {
        return left.first().copied();
    }
    right.into_iter().find(|b| left.contains(b))
}

/// The first instruction of `bb` that is not a `skip` (an alloca, a phi).
pub fn first_not(bb: BasicBlock<'_>, skip: InstructionOpcode) -> Option<InstructionValue<'_>> {
    let mut cur = bb.get_first_instruction();
    while let Some(i) = cur {
        if i.get_opcode() != skip {
            return Some(i);
        }
        cur = i.get_next_instruction();
    }
    None
}

/// Integer arithmetic, casts, address arithmetic, compares and selects: no
/// memory access and no side effect. Divisions are among them and may trap:
/// a caller that moves code decides about those.
pub fn is_pure_arith(op: llvm_plugin::inkwell::values::InstructionOpcode) -> bool {
    use llvm_plugin::inkwell::values::InstructionOpcode as O;
    matches!(
        op,
        O::Add
            | O::Sub
            | O::Mul
            | O::And
            | O::Or
            | O::Xor
            | O::Shl
            | O::LShr
            | O::AShr
            | O::SDiv
            | O::UDiv
            | O::SRem
            | O::URem
            | O::SExt
            | O::ZExt
            | O::Trunc
            | O::GetElementPtr
            | O::ICmp
            | O::Select
    )
}

/// The instruction a use belongs to (inkwell hands users out by value kind).
pub fn user_instruction(v: llvm_plugin::inkwell::values::AnyValueEnum<'_>) -> Option<InstructionValue<'_>> {
    use llvm_plugin::inkwell::values::{AnyValueEnum, BasicValue};
    match v {
        AnyValueEnum::InstructionValue(i) => Some(i),
        AnyValueEnum::IntValue(x) => x.as_instruction_value(),
        AnyValueEnum::FloatValue(x) => x.as_instruction_value(),
        AnyValueEnum::VectorValue(x) => x.as_instruction_value(),
        AnyValueEnum::PointerValue(x) => x.as_instruction_value(),
        AnyValueEnum::ArrayValue(x) => x.as_instruction_value(),
        AnyValueEnum::StructValue(x) => x.as_instruction_value(),
        AnyValueEnum::PhiValue(x) => Some(x.as_instruction()),
        AnyValueEnum::FunctionValue(_) | AnyValueEnum::MetadataValue(_) => None,
    }
}

/// The directive intrinsic calls from `first` to `last` (one directive's
/// span, both ends included), in order.
pub fn directive_calls_between<'ctx>(
    values: &ffi::Handles<'ctx>,
    first: ValueId,
    last: ValueId,
) -> Vec<InstructionValue<'ctx>> {
    let (mut cur, last) = (Some(values.instruction(first)), values.instruction(last));
    let mut out = Vec::new();
    while let Some(i) = cur {
        if ffi::called_function_name(Value::of_instruction(i)).is_some_and(|n| is_directive_intrinsic(&n)) {
            out.push(i);
        }
        if i == last {
            break;
        }
        cur = i.get_next_instruction();
    }
    out
}

/// The address a load reads or a store writes.
pub fn pointer_operand(i: InstructionValue<'_>) -> Option<BasicValueEnum<'_>> {
    let k = match i.get_opcode() {
        InstructionOpcode::Load => 0,
        InstructionOpcode::Store => 1,
        _ => return None,
    };
    i.get_operand(k).and_then(|o| o.left())
}
