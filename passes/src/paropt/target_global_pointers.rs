//! A global pointer variable whose pointee a target region maps
//! (`int *b` at file scope, `map(to: b[0:n])`): the map entry's base is the
//! pointer's value, loaded before the region, and libomptarget passes the
//! kernel the section's device address in its place; the region itself
//! reads the variable again (`load ptr, ptr @b`), which a device kernel
//! cannot (the device has no `b`). In a device build, before any region
//! is lowered, such reads in the region read the value the map names
//! instead, as clang's attached pointer does (OpenMP 5.1 §2.21.7.1), when
//! nothing in the region writes the variable and that value dominates the
//! region. The host-only lowering keeps reading the global.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::Value;
use weft_intrinsics::vocab::DirKind;

use super::context::Lowerer;
use crate::wregion::dominators::Dominators;
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Each target region of `a`: its reads of a global pointer whose
    /// loaded value is one of its map bases read that value.
    pub(super) fn read_mapped_global_pointers(&self, a: &Analysis<'ctx>) {
        if !self.device_images {
            return;
        }
        let succs: Vec<Vec<usize>> = a.scan.blocks.iter().map(|b| b.succs.clone()).collect();
        let dom = Dominators::compute(&succs);
        for reg in a.graph.regions.iter().filter(|r| r.kind == DirKind::Target) {
            let Ok(p) = super::plan::plan(reg) else { continue };
            for m in &p.target.maps {
                let BasicValueEnum::PointerValue(v) = self.value(m.base) else { continue };
                let Some(load) = v.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Load) else {
                    continue;
                };
                let Some(BasicValueEnum::PointerValue(g)) = load.get_operand(0).and_then(|o| o.left()) else {
                    continue;
                };
                let global = g.as_instruction_value().is_none()
                    && self
                        .rt
                        .module
                        .get_global(&g.get_name().to_string_lossy())
                        .is_some_and(|x| x.as_pointer_value() == g);
                let at = load.get_parent().and_then(|b| a.scan.handles.iter().position(|&h| h == b));
                let Some(at) = at.filter(|_| global) else { continue };
                if reg.blocks.contains(&at) || !dom.dominates(at, reg.entry.block) {
                    continue;
                }
                // (Read again for each entry: an earlier one's reads are gone.)
                let body: Vec<InstructionValue<'ctx>> =
                    reg.blocks.iter().flat_map(|&b| block_instructions(a.scan.handles[b])).collect();
                let names_g =
                    |i: &InstructionValue<'ctx>, k: u32| i.get_operand(k).and_then(|o| o.left()) == Some(g.into());
                let written = body.iter().any(|i| i.get_opcode() == InstructionOpcode::Store && names_g(i, 1));
                if written {
                    continue;
                }
                for i in body.iter().filter(|i| i.get_opcode() == InstructionOpcode::Load && names_g(i, 0)) {
                    if i.get_type() != load.get_type() {
                        continue;
                    }
                    i.replace_all_uses_with(&load);
                    // (A read the analysis names stays, unused.)
                    if !a.scan.values.knows(Value::of_instruction(*i).id()) {
                        i.erase_from_basic_block();
                    }
                }
            }
        }
    }
}

/// The instructions of `b`.
fn block_instructions(b: BasicBlock<'_>) -> Vec<InstructionValue<'_>> {
    let mut out = Vec::new();
    let mut i = b.get_first_instruction();
    while let Some(x) = i {
        out.push(x);
        i = x.get_next_instruction();
    }
    out
}
