//! A map chain's links in libomptarget's map arrays (plan/map_chain.rs,
//! docs/offload.md, "Map chains"): right after their chain's first entry,
//! `MEMBER_OF` naming that entry's position, never `TARGET_PARAM`. What
//! the target construct and the data constructs share.
use super::context::{Lowerer, Res};
use super::offload_entry::MapArg;
use super::plan::map::MapItem;
use super::plan::map_chain::link_bits;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The entries of `head`'s links, `head` being at position `parent`.
    pub(super) fn chain_links(&self, head: &MapItem, parent: usize) -> Res<Vec<MapArg<'ctx>>> {
        let mut out = Vec::new();
        for l in &head.links {
            let base = self.value(l.base).into_pointer_value();
            let begin = self.value(l.begin).into_pointer_value();
            // (A link is always a chain entry with its size: plan/map.rs.)
            let size = match l.size {
                Some(s) => self.int_operand(s, self.rt.i64),
                None => self.rt.i64.const_zero(),
            };
            out.push(MapArg { base, begin, size, bits: link_bits(l.bits, parent) });
        }
        Ok(out)
    }

    /// Whether `p` is a link's base or first byte (not a chain's first
    /// entry's): a pointer into mapped storage that a device translates.
    pub(super) fn is_link_address(
        &self,
        maps: &[MapItem],
        p: llvm_plugin::inkwell::values::PointerValue<'ctx>,
    ) -> bool {
        use llvm_plugin::inkwell::values::AsValueRef;
        let same = |v| {
            use llvm_plugin::inkwell::values::BasicValueEnum;
            let v: BasicValueEnum<'ctx> = self.value(v);
            v.as_value_ref() == p.as_value_ref()
        };
        maps.iter().flat_map(|m| &m.links).any(|l| same(l.base) || same(l.begin))
    }
}
