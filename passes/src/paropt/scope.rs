//! OpenMP 5.1 `scope`: a structured block every thread of the team runs
//! (nothing is divided among them), with the data-sharing of a worksharing
//! construct: private and firstprivate copies per thread, reductions
//! combined into the originals across the team, and an implicit barrier at
//! the end unless `nowait`. Lowered in place in the function the team runs.
use llvm_plugin::inkwell::values::InstructionValue;

use super::context::{Lowerer, Res, Shape};
use super::plan::Plan;
use super::runtime::{self, Rt};
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    pub(super) fn lower_scope(
        &mut self,
        a: &Analysis<'ctx>,
        r: usize,
        plan: &Plan,
        shape: Shape<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> Res<()> {
        let reg = &a.graph.regions[r];
        // Copies, copy-in, identities and the reduction through
        // __kmpc_reduce_nowait, which every thread of the team reaches.
        self.lower_data(a, r, plan, shape, fname, begin_call)?;
        let home = self.home(a, reg.parent);
        let gtid = self.gtid(home, fname);
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC);
        let null = self.rt.ptr.const_null();
        // (The runtime's markers of the construct, for tools; icx calls them too.)
        let b = self.before_terminator(shape.s);
        self.rt.call(b, Rt::Scope, &[ident.into(), gtid.into(), null.into()]);
        let b = self.before_terminator(shape.end);
        self.rt.call(b, Rt::EndScope, &[ident.into(), gtid.into(), null.into()]);
        if !plan.nowait {
            // The originals hold every thread's contribution only once all
            // of them have combined theirs.
            let bid = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
            let b = self.before_terminator(shape.end);
            self.rt.barrier(b, bid, gtid);
        }
        self.notes.push(format!(
            "run by every thread of the team{}",
            if plan.nowait { ", no barrier (nowait)" } else { ", then a barrier" }
        ));
        Ok(())
    }
}
