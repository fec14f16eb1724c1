//! The `task` reduction modifier (OpenMP 5.0 §2.19.5.4), lowered: a
//! parallel or worksharing construct's `reduction(task, op: list)` item is
//! also a task reduction, which the tasks created in the region join with
//! `in_reduction` (taskred.rs's `in_reduction_copies`, unchanged: they find
//! their copy by the item's address, which in the region is the thread's
//! private copy). Each thread, once its private copies are initialized,
//! registers its items with `__kmpc_taskred_modifier_init(loc, gtid, is_ws,
//! n, list)`, one `kmp_taskred_input_t` per item whose shared address is
//! the thread's copy and whose original is the variable (libomp keeps one
//! set of the tasks' copies for the team, kmp_tasking.cpp); before the
//! region's own reduction combines, `__kmpc_task_reduction_modifier_fini`
//! waits for the thread's tasks and, on the last thread to arrive, combines
//! every task copy into that thread's private copy, which the region's
//! reduction then combines as any other.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use weft_intrinsics::vocab::DirKind;
use weft_intrinsics::Rule;

use super::context::{err, Lowerer, Private, Res};
use super::plan::task::TaskRed;
use super::plan::{task_mod, Plan, Share};
use super::runtime::Rt;

/// The plan's `:TASK` reductions as task reduction items.
pub(super) fn modifier_reds(plan: &Plan) -> Vec<TaskRed> {
    plan.vars
        .iter()
        .filter(|v| v.task)
        .filter_map(|v| match v.share {
            Share::Reduction { op, unsigned } => Some(TaskRed {
                var: v.var,
                elem: v.elem,
                count: v.count,
                first: None,
                op,
                unsigned,
                udr: v.nonpod,
                clause: v.clause.clone(),
            }),
            _ => None,
        })
        .collect()
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Each thread's `__kmpc_taskred_modifier_init` for the plan's `:TASK`
    /// items, before `at`'s terminator (after the copies' identities).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn start_task_modifier(
        &mut self,
        plan: &Plan,
        kind: DirKind,
        privs: &[Private<'ctx>],
        home: BasicBlock<'ctx>,
        at: BasicBlock<'ctx>,
        (ident, gtid): (PointerValue<'ctx>, IntValue<'ctx>),
        name: &str,
    ) -> Res<()> {
        let reds = modifier_reds(plan);
        let is_ws =
            task_mod::is_ws(kind).ok_or_else(|| err(Rule::Internal, name, "TASK reduction on this construct"))?;
        let mut items: Vec<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> = Vec::new();
        for r in &reds {
            let orig = self.value(r.var).into_pointer_value();
            let p = privs
                .iter()
                .find(|p| p.orig == orig && matches!(p.share, Share::Reduction { .. }))
                .ok_or_else(|| err(Rule::Internal, &r.clause, "a TASK reduction item without a private copy"))?;
            items.push((p.copy.into(), p.orig.into()));
        }
        let arr = self.taskred_input_list(home, at, &reds, &items, name)?;
        let b = self.before_terminator(at);
        let (i32t, n) = (self.rt.i32, reds.len() as u64);
        let args = [
            ident.into(),
            gtid.into(),
            i32t.const_int(u64::from(is_ws), false).into(),
            i32t.const_int(n, false).into(),
            arr.into(),
        ];
        self.rt.call_ptr(b, Rt::TaskredModifierInit, &args);
        self.notes.push(format!("{n} reduction item(s) with the task modifier through __kmpc_taskred_modifier_init"));
        Ok(())
    }

    /// Each thread's `__kmpc_task_reduction_modifier_fini`, before `at`'s
    /// terminator (before the region's reduction combines).
    pub(super) fn end_task_modifier(
        &mut self,
        kind: DirKind,
        at: BasicBlock<'ctx>,
        (ident, gtid): (PointerValue<'ctx>, IntValue<'ctx>),
    ) {
        let is_ws = task_mod::is_ws(kind).unwrap_or(0);
        let b = self.before_terminator(at);
        let flag = self.rt.i32.const_int(u64::from(is_ws), false);
        self.rt.call(b, Rt::TaskReductionModifierFini, &[ident.into(), gtid.into(), flag.into()]);
    }
}
