//! A section through a declare target pointer (docs/offload.md, "declare
//! target pointers"): for `map(p[0:n])` of a declare target `int *p` clang
//! 16 writes one entry `(&p, &p[0], n * size, bits | PTR_AND_OBJ)`, not a
//! kernel argument; libomptarget maps the section and writes its device
//! address into the device image's own `p` (OpenMP 5.1 §2.21.7.1, pointer
//! attachment), which the kernel and every device function then read where
//! it is. weft-cc writes that entry (`cc/src/target_attach.rs`); a front
//! end that gives the pointer's value as the base instead
//! (`QUAL.OMP.MAP.TOFROM(%v, %begin, size, bits)`, `%v = load ptr, ptr
//! @p`) gets the same entry here, on every device construct. Either way the
//! region reads `@p` itself: not through a copy of its address
//! (target_globals.rs: the launch would pass the section's device address
//! in its place) nor as the mapped value (target_global_pointers.rs, for
//! pointers the device image does not have).
use llvm_plugin::inkwell::values::{AsValueRef, BasicValue, BasicValueEnum, InstructionOpcode, PointerValue};

use super::context::Lowerer;
use super::offload_entry::MapArg;
use super::plan::map::{MapItem, MEMBER_OF, PTR_AND_OBJ};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Whether `g` is a declare target variable of the module (`to` or
    /// `enter`, not `link`): one its offload entries name
    /// (offload/globals.rs; weft-paropt writes those of `!omp_offload.info`
    /// before lowering, declare_target.rs).
    pub(super) fn is_declare_target_var(&self, g: PointerValue<'ctx>) -> bool {
        if !self.is_module_global(g) {
            return false;
        }
        let name = g.get_name().to_string_lossy();
        let Ok(vars) = crate::offload::globals::declared(self.rt.module) else { return false };
        vars.vars.get(name.as_ref()).is_some_and(|v| !v.link)
    }

    /// The declare target pointer whose section `m` maps with the
    /// pointer's value as the base (a load of the pointer), when `m` is a
    /// plain entry (no `PTR_AND_OBJ`, not a member, no links).
    fn attached_through(&self, m: &MapItem) -> Option<PointerValue<'ctx>> {
        if m.bits & (PTR_AND_OBJ | MEMBER_OF) != 0 || !m.links.is_empty() || m.size.is_none() {
            return None;
        }
        let BasicValueEnum::PointerValue(v) = self.value(m.base) else { return None };
        let load = v.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Load)?;
        let Some(BasicValueEnum::PointerValue(g)) = load.get_operand(0).and_then(|o| o.left()) else { return None };
        self.is_declare_target_var(g).then_some(g)
    }

    /// The base and bits of `m`'s entry: clang's for a section through a
    /// declare target pointer given by the pointer's value (the pointer's
    /// address, `PTR_AND_OBJ`), else `m`'s own.
    pub(super) fn entry_base_bits(&self, m: &MapItem) -> (PointerValue<'ctx>, u64) {
        match self.attached_through(m) {
            Some(g) => (g, m.bits | PTR_AND_OBJ),
            None => (self.value(m.base).into_pointer_value(), m.bits),
        }
    }

    /// For a kernel argument that is the value a section through a declare
    /// target pointer is mapped by (the region reads the value it loaded
    /// before the region, besides the pointer): the attaching entry to add
    /// after the argument's own, so the device's pointer is attached too.
    pub(super) fn attach_entry(&self, m: &MapItem) -> Option<MapArg<'ctx>> {
        let g = self.attached_through(m)?;
        let begin = self.value(m.begin).into_pointer_value();
        let size = self.int_operand(m.size?, self.rt.i64);
        Some(MapArg { base: g, begin, size, bits: m.bits | PTR_AND_OBJ })
    }

    /// Whether the global `g` is, among `maps`, only the base of
    /// `PTR_AND_OBJ` entries (a pointer attached in place): the region then
    /// reads it where it is, on a device the image's own copy, which a
    /// kernel argument cannot stand for (libomptarget passes a
    /// `PTR_AND_OBJ` entry's pointee, not the pointer's address).
    pub(super) fn attached_in_place(&self, maps: &[MapItem], g: PointerValue<'ctx>) -> bool {
        let mut named = maps.iter().filter(|m| self.value(m.base).as_value_ref() == g.as_value_ref()).peekable();
        named.peek().is_some() && named.all(|m| m.bits & PTR_AND_OBJ != 0)
    }
}
