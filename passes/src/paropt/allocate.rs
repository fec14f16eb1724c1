//! The allocate clause (OpenMP 5.1 §2.13.4): the private copies of an
//! ALLOCATE item come from its allocator instead of the stack. Each time a
//! thread enters the construct it takes its copy through libomp's
//! `__kmpc_alloc(gtid, size, allocator)` (`__kmpc_aligned_alloc(gtid, align,
//! size, allocator)` when the copy needs more alignment than libomp's
//! blocks have: the alignment the clause asks for, and never less than the
//! original's, which the region's loads and stores keep claiming), and gives
//! it back through `__kmpc_free` as it leaves, after the copy-out, the
//! reduction's combine and the destructors. No allocator is
//! `omp_null_allocator`: libomp then takes the thread's default allocator
//! (its def-allocator-var ICV), as OpenMP says.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::targets::TargetData;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, IntValue, PointerValue};

use super::context::{copy_align, first_non_alloca, Lowerer};
use super::plan::Alloc;
use super::runtime::Rt;

/// A copy taken from an allocator, to be given back as the thread leaves.
pub(super) struct Taken<'ctx> {
    copy: PointerValue<'ctx>,
    allocator: PointerValue<'ctx>,
    gtid: IntValue<'ctx>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Storage for a private copy of `orig` (of type `ty`): an alloca in
    /// `home`, or for an ALLOCATE item memory from its allocator, taken at
    /// the top of `prologue` (each time the construct is entered, before
    /// anything there may use the copy: its copy-in, and the pointers into
    /// a global a nested region reads that were recomputed there before)
    /// and recorded in `taken` for `free_copies`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn copy_storage(
        &mut self,
        home: BasicBlock<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        name: &str,
        orig: PointerValue<'ctx>,
        alloc: Option<Alloc>,
        prologue: BasicBlock<'ctx>,
        fname: &str,
        taken: &mut Vec<Taken<'ctx>>,
    ) -> PointerValue<'ctx> {
        let Some(alloc) = alloc else { return self.alloca_for(home, ty, name, orig) };
        let gtid = self.gtid(home, fname);
        // (In bytes as the module's data layout has them, as a constant.)
        let size = self.rt.i64.const_int(self.data_layout().get_abi_size(&ty), false);
        // After the thread id and the copies taken before, in order.
        let mine = |i: &InstructionValue<'ctx>| i.get_parent() == Some(prologue);
        let after = taken.iter().rev().filter_map(|t| t.copy.as_instruction_value()).find(mine);
        let after = after.or_else(|| gtid.as_instruction_value().filter(mine));
        let at = match after {
            Some(i) => i.get_next_instruction().expect("not a terminator"),
            None => first_non_alloca(prologue).expect("a block has a terminator"),
        };
        let (copy, allocator) = self.take(alloc, orig, size, at, gtid, name);
        taken.push(Taken { copy, allocator, gtid });
        copy
    }

    /// The copy of a run-time section or variable-length array: `copy`, and
    /// `buffer` (the heap buffer it lives in, if any) to free at the end;
    /// for an ALLOCATE item (a variable-length array, the buffer its copy:
    /// the plan refuses sections) the buffer taken from its allocator.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn heap_copy(
        &mut self,
        copy: PointerValue<'ctx>,
        buffer: Option<PointerValue<'ctx>>,
        alloc: Option<Alloc>,
        orig: PointerValue<'ctx>,
        (home, fname): (BasicBlock<'ctx>, &str),
        heap: &mut Vec<PointerValue<'ctx>>,
        taken: &mut Vec<Taken<'ctx>>,
    ) -> PointerValue<'ctx> {
        match (buffer, alloc) {
            (Some(buf), Some(alloc)) if buf == copy => self.take_heap_buffer(buf, alloc, orig, home, fname, taken),
            _ => {
                heap.extend(buffer);
                copy
            }
        }
    }

    /// A heap buffer privatization made (a variable-length array's, by
    /// `malloc` or `aligned_alloc` of its bytes) taken from the ALLOCATE
    /// item's allocator instead (the call replaced: returns the new one);
    /// recorded in `taken` for `free_copies`.
    fn take_heap_buffer(
        &mut self,
        buffer: PointerValue<'ctx>,
        alloc: Alloc,
        orig: PointerValue<'ctx>,
        home: BasicBlock<'ctx>,
        fname: &str,
        taken: &mut Vec<Taken<'ctx>>,
    ) -> PointerValue<'ctx> {
        let gtid = self.gtid(home, fname);
        let call = buffer.as_instruction_value().expect("a call");
        // (The byte count is the last argument of malloc and aligned_alloc.)
        let args = call.get_num_operands() - 1;
        let size = call.get_operand(args - 1).and_then(|o| o.left()).expect("the size").into_int_value();
        let name = buffer.get_name().to_string_lossy().into_owned();
        let (copy, allocator) = self.take(alloc, orig, size, call, gtid, &name);
        call.replace_all_uses_with(&copy.as_instruction_value().expect("a call"));
        call.erase_from_basic_block();
        taken.push(Taken { copy, allocator, gtid });
        copy
    }

    /// `__kmpc_(aligned_)alloc` of `size` bytes before `at`; returns the
    /// memory and the allocator handle as a pointer.
    fn take(
        &self,
        alloc: Alloc,
        orig: PointerValue<'ctx>,
        size: IntValue<'ctx>,
        at: InstructionValue<'ctx>,
        gtid: IntValue<'ctx>,
        name: &str,
    ) -> (PointerValue<'ctx>, PointerValue<'ctx>) {
        let want = alloc.align.max(u64::from(copy_align(orig)));
        // libomp aligns its blocks to a pointer's size, unless asked for more.
        let given = u64::from(self.data_layout().get_pointer_byte_size(None));
        let aligned = want > given;
        let b = self.at(at);
        let allocator = match alloc.allocator.map(|h| self.value(h)) {
            None => self.rt.ptr.const_null(),
            Some(BasicValueEnum::PointerValue(p)) => p,
            Some(h) => b.build_int_to_ptr(h.into_int_value(), self.rt.ptr, "omp.allocator").expect("positioned"),
        };
        let size = if size.get_type() == self.rt.i64 {
            size
        } else {
            b.build_int_z_extend(size, self.rt.i64, "").expect("positioned")
        };
        let mut args: Vec<BasicValueEnum<'ctx>> = vec![gtid.into()];
        if aligned {
            args.push(self.rt.i64.const_int(want, false).into());
        }
        args.push(size.into());
        args.push(allocator.into());
        let call = self.rt.call(b, if aligned { Rt::AlignedAlloc } else { Rt::Alloc }, &args);
        // (A null copy, an allocator's null fallback, is aligned too.)
        let kind = Attribute::get_named_enum_kind_id("align");
        call.add_attribute(AttributeLoc::Return, self.rt.ctx.create_enum_attribute(kind, want.max(1)));
        let copy = call.try_as_basic_value().left().expect("returns a pointer").into_pointer_value();
        copy.set_name(name);
        (copy, allocator)
    }

    fn data_layout(&self) -> TargetData {
        TargetData::create(&self.rt.module.get_data_layout().as_str().to_string_lossy())
    }

    /// Gives every copy in `taken` back to its allocator, at the end of
    /// `at` (where the thread leaves the construct, after its last use).
    pub(super) fn free_copies(&mut self, at: BasicBlock<'ctx>, taken: &[Taken<'ctx>]) {
        if taken.is_empty() {
            return;
        }
        self.notes.push(format!(
            "{} private copies per thread from allocators (__kmpc_alloc, given back through __kmpc_free)",
            taken.len()
        ));
        let b = self.before_terminator(at);
        for t in taken {
            self.rt.call(b, Rt::Free, &[t.gtid.into(), t.copy.into(), t.allocator.into()]);
        }
    }
}
