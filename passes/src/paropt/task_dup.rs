//! A taskloop's task-dup function, `void dup(ptr dst, ptr src, i32
//! lastpriv)`, which libomp calls for each task it generates from the
//! pattern task (`__kmp_task_dup_alloc` has already copied the whole
//! block, the firstprivate values captured at creation and the shareds
//! area included): it records in the new task's `liter` whether that task
//! holds the sequentially last iteration, which decides who copies the
//! lastprivate items out (OpenMP 5.1 §2.21.4.5).
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::values::FunctionValue;
use llvm_plugin::inkwell::AddressSpace;

use super::task_block::{LoopField, TaskBlock};

/// Defines `name`, the task-dup function of taskloop tasks laid out as `block`.
pub(super) fn define_task_dup<'ctx>(module: &Module<'ctx>, block: &TaskBlock<'ctx>, name: &str) -> FunctionValue<'ctx> {
    let ctx = module.get_context();
    let ptr = ctx.ptr_type(AddressSpace::default());
    let ty = ctx.void_type().fn_type(&[ptr.into(), ptr.into(), ctx.i32_type().into()], false);
    let f = module.add_function(name, ty, Some(Linkage::Internal));
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    let dst = f.get_nth_param(0).expect("dst").into_pointer_value();
    let last = f.get_nth_param(2).expect("lastpriv").into_int_value();
    dst.set_name("dst");
    f.get_nth_param(1).expect("src").set_name("src");
    last.set_name("lastpriv");
    let liter = block.loop_field(&b, dst, LoopField::Liter);
    b.build_store(liter, last).expect("positioned");
    b.build_return(None).expect("positioned");
    f
}
