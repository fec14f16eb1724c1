//! A task's block and entry, as libomp takes them (kmp.h, `kmp_task_t`):
//! what `task.rs` builds a task from, and what a taskloop's lowering can
//! build its tasks from too (docs/threads.md, "Tasks").
//!
//! The block `__kmpc_omp_task_alloc` returns is `{ kmp_task_t, privates }`:
//! `kmp_task_t` is `{ ptr shareds, ptr routine, i32 part_id, data1, data2 }`
//! (data1 and data2 one pointer each; clang puts the priority in data2),
//! and `privates` is a struct of the task's firstprivate copies, captured
//! when the task is created. The runtime allocates the shareds area in the
//! same allocation, after the block, and points `shareds` at it: the task's
//! body reads its inputs (shared variables' addresses, values computed
//! before the task) from there, as the aggregate CodeExtractor made
//! (`outline.rs`). Nothing of a task lives in the frame of the function
//! that created it, which may have returned before the task runs; and a
//! block holds no pointer into itself, so a runtime copy of it (as
//! taskloop's `__kmp_task_dup_alloc` makes) is a valid block.
//!
//! The entry `i32 entry(i32 gtid, ptr task)` calls the outlined body
//! `void body(ptr gtid.addr, ptr task, ptr shareds)`: the microtask shape
//! outlining gives, its second parameter the task's block.
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::{BasicTypeEnum, StructType};
use llvm_plugin::inkwell::values::{FunctionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::AddressSpace;

/// `kmp_tasking_flags_t`'s compiler bits (kmp.h).
pub(super) const TASK_TIED: u64 = 0x1;
pub(super) const TASK_FINAL: u64 = 0x2;
pub(super) const TASK_PRIORITY: u64 = 0x20;
/// A task with `detach` (its completion waits for its event).
pub(super) const TASK_DETACHABLE: u64 = 0x40;

/// The field of `kmp_task_t` that holds the shareds pointer, and the one
/// (data2) that holds the priority.
const SHAREDS: u32 = 0;
const DATA2: u32 = 4;

/// The fields a taskloop's `kmp_task_t` has after the header (as clang
/// lays them out, kmp.h's `kmp_taskloop_bounds_t` reading lb and ub at the
/// offsets of the pointers `__kmpc_taskloop` is given): `i64 lb, i64 ub,
/// i64 st, i32 liter, ptr reductions`. The runtime writes each generated
/// task's bounds into its copy of the block; the task-dup function
/// (`task_dup.rs`) writes `liter`.
#[derive(Clone, Copy)]
pub(super) enum LoopField {
    Lb = 5,
    Ub = 6,
    St = 7,
    Liter = 8,
}

/// The layout of one task's block.
pub(super) struct TaskBlock<'ctx> {
    /// `kmp_task_t`.
    task_ty: StructType<'ctx>,
    /// `{ kmp_task_t, { privates... } }`.
    block_ty: StructType<'ctx>,
    i32: llvm_plugin::inkwell::types::IntType<'ctx>,
}

impl<'ctx> TaskBlock<'ctx> {
    /// The block of a task whose private data has these types, in order.
    pub(super) fn new(ctx: ContextRef<'ctx>, privates: &[BasicTypeEnum<'ctx>]) -> Self {
        let ptr = ctx.ptr_type(AddressSpace::default());
        let task_ty = ctx.struct_type(&[ptr.into(), ptr.into(), ctx.i32_type().into(), ptr.into(), ptr.into()], false);
        let privates = ctx.struct_type(privates, false);
        let block_ty = ctx.struct_type(&[task_ty.into(), privates.into()], false);
        TaskBlock { task_ty, block_ty, i32: ctx.i32_type() }
    }

    /// The block of a taskloop's tasks: the header, the loop fields
    /// (`LoopField`), then the private data.
    pub(super) fn for_taskloop(ctx: ContextRef<'ctx>, privates: &[BasicTypeEnum<'ctx>]) -> Self {
        let ptr = ctx.ptr_type(AddressSpace::default());
        let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
        let fields = [
            ptr.into(),
            ptr.into(),
            i32t.into(),
            ptr.into(),
            ptr.into(),
            i64t.into(),
            i64t.into(),
            i64t.into(),
            i32t.into(),
            ptr.into(),
        ];
        let task_ty = ctx.struct_type(&fields, false);
        let privates = ctx.struct_type(privates, false);
        let block_ty = ctx.struct_type(&[task_ty.into(), privates.into()], false);
        TaskBlock { task_ty, block_ty, i32: i32t }
    }

    /// A taskloop's loop field of the block at `block`.
    pub(super) fn loop_field(&self, b: &Builder<'ctx>, block: PointerValue<'ctx>, f: LoopField) -> PointerValue<'ctx> {
        b.build_struct_gep(self.task_ty, block, f as u32, "omp.taskloop.field").expect("positioned")
    }

    /// The block's size in bytes, `__kmpc_omp_task_alloc`'s `sizeof_kmp_task_t`
    /// (a constant expression: the module's data layout decides it).
    pub(super) fn size(&self) -> IntValue<'ctx> {
        self.block_ty.size_of().expect("a sized type")
    }

    /// Private datum `k` of the block at `block`.
    pub(super) fn private_slot(&self, b: &Builder<'ctx>, block: PointerValue<'ctx>, k: u32) -> PointerValue<'ctx> {
        let zero = self.i32.const_zero();
        let idx = [zero, self.i32.const_int(1, false), self.i32.const_int(u64::from(k), false)];
        // SAFETY: constant indices within the block's struct type: field 1
        // (the privates) and its field k, which `new` was given.
        unsafe { b.build_in_bounds_gep(self.block_ty, block, &idx, "omp.task.private") }.expect("positioned")
    }

    /// The shareds area the runtime gave the block at `block`.
    pub(super) fn shareds(&self, b: &Builder<'ctx>, block: PointerValue<'ctx>) -> PointerValue<'ctx> {
        let ptr = self.block_ty.get_context().ptr_type(AddressSpace::default());
        let slot = b.build_struct_gep(self.task_ty, block, SHAREDS, "omp.task.shareds.addr").expect("positioned");
        b.build_load(ptr, slot, "omp.task.shareds").expect("positioned").into_pointer_value()
    }

    /// Stores the task's priority (an i32) where libomp reads it.
    pub(super) fn set_priority(&self, b: &Builder<'ctx>, block: PointerValue<'ctx>, priority: IntValue<'ctx>) {
        let slot = b.build_struct_gep(self.task_ty, block, DATA2, "omp.task.priority").expect("positioned");
        b.build_store(slot, priority).expect("positioned");
    }
}

/// A task entry `internal i32 name(i32 gtid, ptr noalias task)`, declared
/// only: its address goes to `__kmpc_omp_task_alloc` before the body it
/// calls exists (`define_entry`).
pub(super) fn declare_entry<'ctx>(module: &Module<'ctx>, name: &str) -> FunctionValue<'ctx> {
    let ctx = module.get_context();
    let ptr = ctx.ptr_type(AddressSpace::default());
    let ty = ctx.i32_type().fn_type(&[ctx.i32_type().into(), ptr.into()], false);
    module.add_function(name, ty, Some(Linkage::Internal))
}

/// The entry's body: the thread id into a slot the outlined body reads
/// (outlining turns `__kmpc_global_thread_num` into loads of it), then
/// `body(&gtid, task, task->shareds)`; returns 0, as clang's entries do.
pub(super) fn define_entry<'ctx>(
    block: &TaskBlock<'ctx>,
    entry: FunctionValue<'ctx>,
    body: FunctionValue<'ctx>,
    b: &Builder<'ctx>,
) {
    let ctx = entry.get_type().get_context();
    let bb = ctx.append_basic_block(entry, "entry");
    b.position_at_end(bb);
    let gtid = entry.get_nth_param(0).expect("gtid").into_int_value();
    let task = entry.get_nth_param(1).expect("task").into_pointer_value();
    gtid.set_name("gtid");
    task.set_name("task");
    let slot = b.build_alloca(ctx.i32_type(), "gtid.addr").expect("positioned");
    b.build_store(slot, gtid).expect("positioned");
    let shareds = block.shareds(b, task);
    b.build_call(body, &[slot.into(), task.into(), shareds.into()], "").expect("positioned");
    b.build_return(Some(&ctx.i32_type().const_zero())).expect("positioned");
}
