//! A pointer variable that is firstprivate in a target region is passed to
//! the kernel as its value, as clang 16 passes it (OpenMP 5.1 §2.21.7.1:
//! a pointer used in the region is treated as a zero-length array section,
//! its value translated to the device address of the storage it points
//! into): the map entry is the pointer's value (`(p, p, 0, TARGET_PARAM |
//! IMPLICIT)`, or the entry of the map chain whose base it is, as for
//! `map(p[0:n])` and `map(mat->A[:n])`), and the region's copy is
//! initialized from the value the kernel receives. On the host fallback the
//! value is the host's, as before; a device needs the translated one.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{AsValueRef, BasicValue, InstructionOpcode, InstructionValue, PointerValue};
use weft_intrinsics::ffi;

use super::context::Lowerer;
use super::plan::map::MapItem;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The value of firstprivate variable `orig` when it holds a pointer,
    /// read before the region: the load a map entry's base already is (a
    /// directive operand, so nothing writes `orig` between it and the
    /// region), else a new load at the end of `before` (the block of the
    /// directive, outside the body). None for a variable of another type.
    pub(super) fn pointer_value(
        &self,
        orig: PointerValue<'ctx>,
        maps: &[MapItem],
        before: BasicBlock<'ctx>,
    ) -> Option<PointerValue<'ctx>> {
        let ty = ffi::memory_type(orig.as_basic_value_enum())?;
        if !ty.is_pointer_type() {
            return None;
        }
        let loaded_from_orig = |v: PointerValue<'ctx>| {
            v.as_instruction_value().is_some_and(|i| {
                i.get_opcode() == InstructionOpcode::Load
                    && i.get_operand(0).and_then(|o| o.left()).is_some_and(|a| a.as_value_ref() == orig.as_value_ref())
            })
        };
        let reuse = maps
            .iter()
            .map(|m| self.value(m.base))
            .filter_map(|v| v.is_pointer_value().then(|| v.into_pointer_value()));
        if let Some(v) = reuse.into_iter().find(|&v| loaded_from_orig(v)) {
            return Some(v);
        }
        let term = before.get_terminator()?;
        let b = self.at(term);
        let v = b.build_load(ty, orig, &format!("{}.val", orig.get_name().to_string_lossy())).ok()?;
        Some(v.into_pointer_value())
    }
}

/// `p` without the no-op casts outlining puts on a region's inputs (the
/// value a map entry's base names).
pub(super) fn uncast(p: PointerValue<'_>) -> PointerValue<'_> {
    let mut p = p;
    // (A bitcast, or a no-op copy `select i1 true, x, x`: target_globals.rs.)
    while let Some(i) = p.as_instruction_value().filter(|i| is_copy(*i)) {
        let from = if i.get_opcode() == InstructionOpcode::BitCast { 0 } else { 1 };
        match i.get_operand(from).and_then(|o| o.left()) {
            Some(v) if v.is_pointer_value() => p = v.into_pointer_value(),
            _ => break,
        }
    }
    p
}

/// A bitcast, or a select of one value on a constant condition.
fn is_copy(i: InstructionValue<'_>) -> bool {
    match i.get_opcode() {
        InstructionOpcode::BitCast => true,
        InstructionOpcode::Select => {
            let same = i.get_operand(1).and_then(|o| o.left()) == i.get_operand(2).and_then(|o| o.left());
            let constant = i.get_operand(0).and_then(|o| o.left()).is_some_and(|c| {
                c.as_instruction_value().is_none() && c.is_int_value() && c.into_int_value().is_const()
            });
            same && constant
        }
        _ => false,
    }
}
