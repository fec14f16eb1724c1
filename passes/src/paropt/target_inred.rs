//! A target task's in_reduction items (OpenMP 5.1 §2.21.5.6: the target
//! task gets a private copy of each, mapped into the device data
//! environment). Where a task with in_reduction works on its thread's
//! copy (`taskred.rs`), a target task makes its own: a copy in its frame
//! holding the operator's identity
//! (`init`), which its body's uses get (the target's map entries and the
//! host fallback's argument: plan/target_inred.rs maps the item tofrom),
//! combined at the task's end into the copy of the thread that ran it
//! (`comb`, into what `__kmpc_task_reduction_get_th_data` returns), which
//! `__kmpc_end_taskgroup` (or a reduction modifier's end) combines as
//! before. A copy of its own keeps the device's result apart from the
//! thread's copy, which other tasks on the thread write (and, in a team
//! of one thread, libomp's "copy" is the item itself). The launch waits
//! for the device (no NoWait flag: target_task.rs), so the copy holds the
//! device's result when the task combines it.
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use weft_intrinsics::ffi::memory_type;
use weft_intrinsics::vocab::ClauseKind;
use weft_intrinsics::Rule;

use super::context::{err, Lowerer, RegionSite, Res};
use super::plan::task::TaskRed;
use super::plan::{Construct, Plan};
use super::runtime::Rt;
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The items a target or target task copies whole (on the unchanged
    /// module): the target maps its whole variable's copy, so each
    /// reduction covers the whole variable (its element type, that many),
    /// of a known size.
    pub(super) fn target_in_reduction_sizes(&self, a: &Analysis<'ctx>, r: usize, plan: &Plan) -> Res<()> {
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        let reds = match plan.construct {
            Construct::Target => &plan.target.in_reductions,
            Construct::Task if reg.env.has_flag(ClauseKind::TargetTask) => &plan.task.in_reductions,
            _ => return Ok(()),
        };
        let tys = self.task_red_types(reds, name)?;
        for (red, &(ty, n)) in reds.iter().zip(&tys) {
            let mut whole = memory_type(self.value(red.var));
            let mut count = 1u64;
            while let Some(BasicTypeEnum::ArrayType(at)) = whole {
                count *= u64::from(at.len());
                whole = Some(at.get_element_type());
            }
            if whole != Some(ty) || count != n {
                return Err(err(
                    Rule::NotYetSupported,
                    &red.clause,
                    "in_reduction on a target (task) of storage the reduction does not cover whole (of unknown \
                     size, or a :TYPED count other than the variable's)",
                )
                .on_directive(name));
            }
        }
        Ok(())
    }

    /// A target task's in_reduction items: each its own copy, identity at
    /// the task's start, combined into the running thread's copy at its end.
    pub(super) fn own_in_reduction_copies(&mut self, at: RegionSite<'_, 'ctx>, reds: &[TaskRed]) -> Res<()> {
        if reds.is_empty() {
            return Ok(());
        }
        let super::taskred::InredSite { tys, body, gtid, term } = self.in_reduction_site(at, reds)?;
        let null = self.rt.ptr.const_null();
        for (red, &(ty, n)) in reds.iter().zip(&tys) {
            let orig = self.value(red.var).into_pointer_value();
            // (The variable's own type: target_in_reduction_sizes checked
            // that the reduction covers it whole; through a copy of its
            // address, n elements of the reduction's type.)
            let whole = memory_type(orig.into())
                .or_else(|| u32::try_from(n).ok().filter(|&k| k > 1).map(|k| ty.array_type(k).into()))
                .unwrap_or(ty);
            // (Named after the variable, behind a copy of its address.)
            let label = format!("{}.inred", super::target_pointer::uncast(orig).get_name().to_string_lossy());
            let copy = self.alloca_for(at.shape.first, whole, &label, orig);
            // (The variable as the task sees it from outside: what libomp
            // knows the item by.)
            let seen = self.privatize_uses(orig, copy, &body, term);
            let th =
                self.rt.call_ptr(self.at(term), Rt::TaskReductionGetThData, &[gtid.into(), null.into(), seen.into()]);
            let init = self.taskred_fn(ty, n, red.op, red.unsigned, false);
            self.at(term).build_call(init, &[copy.into(), th.into()], "").expect("positioned");
            let comb = self.taskred_fn(ty, n, red.op, red.unsigned, true);
            self.before_terminator(at.shape.fini).build_call(comb, &[th.into(), copy.into()], "").expect("positioned");
        }
        self.notes.push(format!(
            "{} in_reduction item(s) of a target task: own copies, combined into __kmpc_task_reduction_get_th_data's",
            reds.len()
        ));
        Ok(())
    }
}
