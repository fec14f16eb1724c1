//! Target tasks (OpenMP 5.1 §2.14.5, §2.14.3, §2.14.4, §2.14.6): a device
//! construct with `nowait` or `depend` is a task whose body is the
//! construct. weft-prepare writes that task around it as icx does
//! (`prepare/target_task.rs`: a `DIR.OMP.TASK` with `QUAL.OMP.TARGET.TASK`,
//! the depend items, `IF(false)` without `nowait`), so the task is lowered
//! by `task.rs` and the construct inside it by `target.rs` and
//! `target_data.rs`; this file holds what differs from a plain task and a
//! plain launch, as clang 16 emits it (docs/offload.md, "Target tasks"):
//! the kernel argument record of a `nowait` target sets the NoWait flag,
//! and a `nowait` data construct calls libomptarget's `*_nowait_mapper`
//! entry point. The task itself is a task like any other, from
//! `__kmpc_omp_task_alloc`: clang 16's `__kmpc_omp_target_task_alloc`
//! makes it a hidden helper task, which LLVM 16's libomp aborts on at the
//! end of a parallel region in some runs (docs/offload.md says why weft
//! does not follow clang there).
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue, IntValue, PointerValue};

use super::context::Lowerer;
use super::offload_entry::MapArrays;
use super::plan::Plan;
use super::runtime::Rt;

/// `__tgt_kernel_arguments.Flags`' NoWait bit (LLVM 16's `omptarget.h`).
const KERNEL_NOWAIT: u64 = 0x1;

/// The kernel argument record's `Flags` for a target region by `plan`. A
/// target with in_reduction launches without NoWait: its task combines
/// the copy it maps right after the launch, from its own frame
/// (target_inred.rs), and libomptarget 16 lets a NoWait launch return
/// before the kernel and its maps complete (the task re-queued until the
/// device is done, its frame gone); the task itself stays deferred.
pub(super) fn kernel_flags(plan: &Plan) -> u64 {
    if plan.nowait && plan.target.in_reductions.is_empty() {
        KERNEL_NOWAIT
    } else {
        0
    }
}

/// A data construct's entry point in a deferred target task (`nowait`).
fn nowait_entry(e: Rt) -> Rt {
    match e {
        Rt::TgtDataBegin => Rt::TgtDataBeginNowait,
        Rt::TgtDataEnd => Rt::TgtDataEndNowait,
        Rt::TgtDataUpdate => Rt::TgtDataUpdateNowait,
        other => other,
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// A data construct's libomptarget call before `at`: with `nowait` (in
    /// its target task) the `*_nowait_mapper` entry point, whose dependence
    /// lists are empty (the task carries the dependences), else
    /// `data_mapper_call`'s.
    pub(super) fn data_call(
        &self,
        plan: &Plan,
        e: Rt,
        ident: PointerValue<'ctx>,
        device: IntValue<'ctx>,
        arrays: MapArrays<'ctx>,
        at: InstructionValue<'ctx>,
    ) -> Rt {
        if !plan.nowait {
            self.data_mapper_call(e, ident, device, arrays, at);
            return e;
        }
        let e = nowait_entry(e);
        // (Then the dependence lists, empty: the task carries them.)
        let (null, zero) = (self.rt.ptr.const_null(), self.rt.i32.const_zero());
        let mut args = self.data_mapper_args(ident, device, arrays);
        let deps: [BasicValueEnum<'ctx>; 4] = [zero.into(), null.into(), zero.into(), null.into()];
        args.extend(deps);
        let b = self.at(at);
        self.rt.call(b, e, &args);
        e
    }
}
