//! icx's BYREF items (C++ references, Fortran dummy arguments): the
//! operand holds the variable's address; the region gets a copy.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, InstructionOpcode, PointerValue};
use weft_intrinsics::ffi::{self};

use super::context::Lowerer;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// A BYREF item: `reference` holds the variable's address (a C++
    /// reference, a Fortran dummy argument). The region gets a copy of the
    /// variable and a reference of its own to it, so its loads of the
    /// address find the copy. Returns the variable (its address read from
    /// the reference in the prologue, for copy-in and copy-out) and the copy.
    pub(super) fn privatize_byref(
        &self,
        reference: PointerValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        home: BasicBlock<'ctx>,
        body: &[BasicBlock<'ctx>],
        prologue: BasicBlock<'ctx>,
    ) -> (PointerValue<'ctx>, PointerValue<'ctx>) {
        let label = reference.get_name().to_string_lossy().into_owned();
        let copy = self.alloca(home, ty, &format!("{label}.priv"));
        let own = self.alloca_for(home, self.rt.ptr.into(), &format!("{label}.ref.priv"), reference);
        let at = prologue.get_terminator().expect("terminator");
        let seen = self.privatize_uses(reference, own, body, at);
        // A reference is never made to refer elsewhere: the region's loads
        // of it are the copy's address (so a simd loop sees a private
        // variable it can widen, not a pointer it must not).
        let users = ffi::user_instructions(&own);
        let b = self.before_terminator(prologue);
        if users.iter().all(|u| u.get_opcode() == InstructionOpcode::Load) {
            for u in users {
                u.replace_all_uses_with(&copy.as_instruction_value().expect("an alloca"));
                u.erase_from_basic_block();
            }
            own.as_instruction_value().expect("an alloca").erase_from_basic_block();
        } else {
            b.build_store(own, copy).expect("positioned");
        }
        let var = b.build_load(self.rt.ptr, seen, &format!("{label}.ref")).expect("positioned").into_pointer_value();
        (var, copy)
    }
}
