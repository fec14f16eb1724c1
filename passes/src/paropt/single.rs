//! `master`, `masked` and `single` (OpenMP 5.1 §2.16, §2.10.2): one thread
//! of the team runs the region, chosen by libomp (`__kmpc_master`,
//! `__kmpc_masked` with its filter, `__kmpc_single`); the others branch past
//! it. `single` ends in a barrier unless it is nowait or broadcasts
//! copyprivate variables (`copyprivate.rs`), whose call synchronizes.
use llvm_plugin::inkwell::IntPredicate;

use super::context::{blocks_between, recompute_after, Lowerer, RegionSite, Res, ESCAPES_ONE_THREAD};
use super::plan::{Construct, Plan, Share, Var};
use super::runtime::{self, Rt};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    pub(super) fn lower_one_thread(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<()> {
        let (reg, shape) = (&at.a.graph.regions[at.r], at.shape);
        // Threads that skip the region must still see values used after it.
        recompute_after(&blocks_between(at.f, shape.first, shape.end), shape, reg, ESCAPES_ONE_THREAD)?;
        let own = one_thread_copies(plan);
        if !own.is_empty() {
            self.privatize_in_place(at.a, at.r, at.f, &own, shape)?;
        }
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let (enter, exit) = match plan.construct {
            Construct::Master => (Rt::Master, Rt::EndMaster),
            Construct::Masked => (Rt::Masked, Rt::EndMasked),
            _ => (Rt::Single, Rt::EndSingle),
        };
        let b = self.before_terminator(shape.s);
        let mut args = vec![ident.into(), gtid.into()];
        if plan.construct == Construct::Masked {
            args.push(match plan.filter {
                Some(fv) => self.int_operand(fv, self.rt.i32).into(),
                None => self.rt.i32.const_zero().into(),
            });
        }
        let got = self.rt.call_i32(b, enter, &args);
        let go = b.build_int_compare(IntPredicate::NE, got, self.rt.i32.const_zero(), "").expect("positioned");
        shape.s.get_terminator().expect("terminator").erase_from_basic_block();
        self.b.position_at_end(shape.s);
        self.b.build_conditional_branch(go, shape.first, shape.end).expect("positioned");
        let b = self.before_terminator(shape.fini);
        self.rt.call(b, exit, &[ident.into(), gtid.into()]);
        let copyprivate: Vec<&Var> = plan.vars.iter().filter(|v| v.share == Share::Copyprivate).collect();
        if !copyprivate.is_empty() {
            // __kmpc_copyprivate broadcasts and synchronizes (it has the
            // barriers), so single needs no barrier of its own.
            self.copyprivate(&copyprivate, shape, at.outer_home, gtid, ident, at.fname, reg.kind.begin_name())?;
        } else if plan.construct == Construct::Single && !plan.nowait {
            let flags = runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_SINGLE;
            let bid = self.rt.ident(at.fname, Some(at.begin), flags);
            let b = self.before_terminator(shape.end);
            self.rt.barrier(b, bid, gtid);
        }
        Ok(())
    }

    /// What the region became, for its remark.
    pub(super) fn one_thread_summary(plan: &Plan) -> String {
        match plan.construct {
            Construct::Master => "lowered in place: __kmpc_master / __kmpc_end_master".to_string(),
            Construct::Masked => "lowered in place: __kmpc_masked / __kmpc_end_masked".to_string(),
            _ => format!(
                "lowered in place: __kmpc_single / __kmpc_end_single{}",
                if plan.nowait { "" } else { ", then a barrier" }
            ),
        }
    }
}

/// The variables a one-thread region privatizes in place: its private and
/// firstprivate ones (copyprivate goes through `copyprivate.rs`).
pub(super) fn one_thread_copies(plan: &Plan) -> Vec<&Var> {
    plan.vars.iter().filter(|v| matches!(v.share, Share::Private | Share::Firstprivate)).collect()
}
