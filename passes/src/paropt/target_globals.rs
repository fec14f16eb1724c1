//! A mapped global variable passed to the kernel as an argument, as clang
//! does: the region reads it through a no-op copy of its address made just
//! before the region, which CodeExtractor then makes an argument of the
//! outlined body, so the launch passes the device copy's address
//! libomptarget maps it to (the `map` entry's base). On the host the
//! fallback gets the global's own address; a device kernel (cloned from
//! the fallback, docs/offload-device.md) would otherwise name a global the
//! device module does not have. Only when the module asks for device
//! images: the host-only lowering keeps reading the global directly.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, PointerValue};
use weft_intrinsics::ffi;

use super::context::{Lowerer, Shape};
use super::plan::map::TargetPlan;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Each mapped global of `t` that the body names, named through a
    /// copy of its address made in the region's BEGIN block instead.
    pub(super) fn pass_mapped_globals(&self, t: &TargetPlan, shape: Shape<'ctx>, body: &[BasicBlock<'ctx>]) {
        if !self.device_images {
            return;
        }
        let at: InstructionValue<'ctx> = shape.s.get_first_instruction().expect("the BEGIN group");
        let term = shape.first.get_terminator().expect("terminator");
        let mut done = Vec::new();
        for m in &t.maps {
            let BasicValueEnum::PointerValue(g) = self.value(m.base) else { continue };
            // (A declare target pointer attached in place: target_attach.rs.)
            if !self.is_module_global(g) || done.contains(&g) || self.attached_in_place(&t.maps, g) {
                continue;
            }
            done.push(g);
            let proxy = ffi::no_op_copy(g.into(), at, "omp.mapped.global").into_pointer_value();
            ffi::replace_uses_in_blocks(g, proxy, body);
            ffi::rematerialize_derived(g, proxy, body, term);
        }
    }

    /// The address a firstprivate item's copy is read from: a module
    /// global through a no-op copy of its address made in the region's
    /// BEGIN block (with device images only), which CodeExtractor passes, so
    /// the launch maps it PRIVATE | TO and the kernel does not name the
    /// host's global (OpenMP 5.1 §2.21.7: a variable of static storage is
    /// firstprivate in a target region, as clang 16 makes it). (A scalar is
    /// passed as its value instead: target_literal.rs.)
    pub(super) fn firstprivate_source(&self, orig: PointerValue<'ctx>, shape: Shape<'ctx>) -> PointerValue<'ctx> {
        if !self.device_images || !self.is_module_global(orig) {
            return orig;
        }
        let at: InstructionValue<'ctx> = shape.s.get_first_instruction().expect("the BEGIN group");
        ffi::no_op_copy(orig.into(), at, "omp.firstprivate.global").into_pointer_value()
    }

    /// Whether `p` is a global variable of the module (not an instruction,
    /// a function or a parameter).
    pub(super) fn is_module_global(&self, p: PointerValue<'ctx>) -> bool {
        p.as_instruction_value().is_none()
            && self.rt.module.get_global(&p.get_name().to_string_lossy()).is_some_and(|v| v.as_pointer_value() == p)
    }
}
