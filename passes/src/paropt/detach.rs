//! `detach(event)` on a task (OpenMP 5.1 §2.12.1): the task is created
//! detachable (flag 0x40) and `__kmpc_task_allow_completion_event` gives its
//! event handle, stored into the event variable where the task is created
//! (so the creating code can fulfill it) and, as that variable is
//! firstprivate in the task, into the task's copy. The task completes when
//! its body has ended and `omp_fulfill_event` has been called on the handle;
//! dependent tasks, taskwait and taskgroup wait for that completion (libomp
//! does, `__kmp_task_finish`).
use llvm_plugin::inkwell::values::{IntValue, PointerValue};
use weft_intrinsics::model::ValueId;

use super::context::Lowerer;
use super::runtime::Rt;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// At the builder, right after `__kmpc_omp_task_alloc`: the task's event
    /// handle into the event variable `ev` (an `omp_event_handle_t`, an
    /// integer as wide as a pointer).
    pub(super) fn completion_event(
        &mut self,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        task: PointerValue<'ctx>,
        ev: ValueId,
    ) {
        let handle = self.rt.call_ptr(&self.b, Rt::TaskAllowCompletionEvent, &[ident.into(), gtid.into(), task.into()]);
        let as_int = self.b.build_ptr_to_int(handle, self.rt.i64, "omp.event").expect("positioned");
        let var = self.value(ev).into_pointer_value();
        self.b.build_store(var, as_int).expect("positioned");
    }
}
