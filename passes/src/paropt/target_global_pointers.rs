//! A global pointer variable whose pointee a target region maps
//! (`int *b` at file scope, `map(to: b[0:n])`): the map entry's base is the
//! pointer's value, loaded before the region, and libomptarget passes the
//! kernel the section's device address in its place; the region itself
//! reads the variable again (`load ptr, ptr @b`), which a device kernel
//! cannot (the device has no `b`). In a device build, before any region
//! is lowered, such reads in the region read the value the map names
//! instead, as clang's attached pointer does (OpenMP 5.1 §2.21.7.1), when
//! nothing in the region writes the variable and that value dominates the
//! region. The host-only lowering keeps reading the global. A declare
//! target pointer is not one of these: the device image has it, and its
//! section's entry attaches it (target_attach.rs).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, PointerValue};
use weft_intrinsics::ffi::Value;
use weft_intrinsics::vocab::DirKind;

use super::context::Lowerer;
use crate::wregion::dominators::Dominators;
use crate::wregion::graph::WRegion;
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Each target region of `a`: its reads of a global pointer whose
    /// loaded value is one of its map bases read that value.
    pub(super) fn read_mapped_global_pointers(&self, a: &Analysis<'ctx>) {
        let targets: Vec<_> = a.graph.regions.iter().filter(|r| r.kind == DirKind::Target).collect();
        if !self.device_images || targets.is_empty() {
            return;
        }
        let succs: Vec<Vec<usize>> = a.scan.blocks.iter().map(|b| b.succs.clone()).collect();
        let dom = Dominators::compute(&succs);
        for reg in targets {
            let attached = self.attached_pointers(a, reg, &dom);
            if attached.is_empty() {
                continue;
            }
            let body: Vec<InstructionValue<'ctx>> =
                reg.blocks.iter().flat_map(|&b| block_instructions(a.scan.handles[b])).collect();
            let operand = |i: &InstructionValue<'ctx>, k: u32| i.get_operand(k).and_then(|o| o.left());
            let written: Vec<_> = body
                .iter()
                .filter(|i| i.get_opcode() == InstructionOpcode::Store)
                .filter_map(|i| operand(i, 1))
                .collect();
            for i in body.iter().filter(|i| i.get_opcode() == InstructionOpcode::Load) {
                let Some(p) = operand(i, 0) else { continue };
                let Some(&(_, value)) = attached.iter().find(|(g, _)| BasicValueEnum::from(*g) == p) else { continue };
                if written.contains(&p) || i.get_type() != value.get_type() {
                    continue;
                }
                i.replace_all_uses_with(&value);
                // (A read the analysis names stays, unused.)
                if !a.scan.values.knows(Value::of_instruction(*i).id()) {
                    i.erase_from_basic_block();
                }
            }
        }
    }

    /// The region's map bases that are a global pointer's value, loaded
    /// outside the region where it dominates the region: (the global, the
    /// load).
    fn attached_pointers(
        &self,
        a: &Analysis<'ctx>,
        reg: &WRegion,
        dom: &Dominators,
    ) -> Vec<(PointerValue<'ctx>, InstructionValue<'ctx>)> {
        let Ok(p) = super::plan::plan(reg) else { return Vec::new() };
        let mut out = Vec::new();
        for m in &p.target.maps {
            let BasicValueEnum::PointerValue(v) = self.value(m.base) else { continue };
            let Some(load) = v.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Load) else {
                continue;
            };
            let Some(BasicValueEnum::PointerValue(g)) = load.get_operand(0).and_then(|o| o.left()) else { continue };
            let at = load.get_parent().and_then(|b| a.scan.handles.iter().position(|&h| h == b));
            // (A declare target pointer is attached in place instead:
            // target_attach.rs.)
            let Some(at) = at.filter(|_| self.is_module_global(g) && !self.is_declare_target_var(g)) else { continue };
            if !reg.blocks.contains(&at) && dom.dominates(at, reg.entry.block) && !out.iter().any(|&(x, _)| x == g) {
                out.push((g, load));
            }
        }
        out
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
