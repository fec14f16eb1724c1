//! The taskgroup construct (OpenMP 5.1 §2.12.5), lowered in place: the
//! region runs between `__kmpc_taskgroup` and `__kmpc_end_taskgroup`, which
//! waits for every task created in it and for their descendant tasks.
use super::context::{Lowerer, RegionSite, Res};
use super::plan::Plan;
use super::runtime::{self, Rt};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `taskgroup`: the runtime's group around the region.
    /// A taskgroup's task reductions (`taskred.rs`) are registered right
    /// after its start and combined by its end.
    pub(super) fn lower_taskgroup(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<String> {
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let b = self.before_terminator(at.shape.s);
        self.rt.call(b, Rt::Taskgroup, &[ident.into(), gtid.into()]);
        if !plan.task.task_reductions.is_empty() {
            self.register_task_reductions(at, &plan.task.task_reductions, gtid)?;
        }
        let b = self.before_terminator(at.shape.fini);
        self.rt.call(b, Rt::EndTaskgroup, &[ident.into(), gtid.into()]);
        Ok("lowered in place: __kmpc_taskgroup / __kmpc_end_taskgroup".to_string())
    }
}
