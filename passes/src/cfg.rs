//! Small walks over a function's blocks that several passes share.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi;

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
