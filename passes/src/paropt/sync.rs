//! The synchronization constructs lowered in place (paper component I):
//! `critical` (a named lock shared by every module, with its hint),
//! `ordered` without depend (doacross is `doacross.rs`), and the
//! stand-alone `barrier`, `taskwait`, `taskyield` and `flush`.
use weft_intrinsics::ffi;

use super::context::{Lowerer, RegionSite};
use super::plan::{Construct, Plan};
use super::runtime::{self, Rt};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// A critical construct's name ("" when unnamed): the metadata string, or
    /// the C string the pointer operand names.
    pub(super) fn critical_name(&self, plan: &Plan) -> String {
        match &plan.name {
            None => String::new(),
            Some(n) => match n.md_string() {
                Some(s) => s.to_string(),
                None => ffi::c_string(self.value(n.value)).unwrap_or_else(|| n.text.clone()),
            },
        }
    }

    /// `critical`: the lock of its name around the region.
    pub(super) fn lower_critical(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> String {
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let name = self.critical_name(plan);
        let lock = self.rt.critical_lock(&name);
        let b = self.before_terminator(at.shape.s);
        let hint = plan.hint.map(|h| self.int_operand(h, self.rt.i32));
        self.rt.critical(b, ident, gtid, lock, hint);
        let b = self.before_terminator(at.shape.fini);
        self.rt.end_critical(b, ident, gtid, lock);
        match plan.name {
            None => "lowered in place: __kmpc_critical (unnamed lock)".to_string(),
            Some(_) => format!("lowered in place: __kmpc_critical on the lock of '{name}'"),
        }
    }

    /// `ordered` without depend: the region runs in the loop's iteration
    /// order (`__kmpc_ordered` / `__kmpc_end_ordered`).
    pub(super) fn lower_ordered(&mut self, at: RegionSite<'_, 'ctx>) -> String {
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let b = self.before_terminator(at.shape.s);
        self.rt.call(b, Rt::Ordered, &[ident.into(), gtid.into()]);
        let b = self.before_terminator(at.shape.fini);
        self.rt.call(b, Rt::EndOrdered, &[ident.into(), gtid.into()]);
        "lowered in place: __kmpc_ordered / __kmpc_end_ordered".to_string()
    }

    /// `barrier`, `taskwait`, `taskyield` and `flush`: one call where the
    /// directive was.
    pub(super) fn lower_standalone(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> String {
        if plan.construct == Construct::Flush {
            let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
            let b = self.before_terminator(at.shape.s);
            self.rt.call(b, Rt::Flush, &[ident.into()]);
            return "lowered in place: __kmpc_flush".to_string();
        }
        let gtid = self.gtid(at.outer_home, at.fname);
        let flags = if plan.construct == Construct::Barrier { runtime::IDENT_BARRIER_EXPL } else { 0 };
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC | flags);
        let b = self.before_terminator(at.shape.s);
        match plan.construct {
            Construct::Barrier => {
                self.rt.barrier(b, ident, gtid);
                "lowered in place: __kmpc_barrier".to_string()
            }
            Construct::Taskwait => {
                self.rt.call_i32(b, Rt::Taskwait, &[ident.into(), gtid.into()]);
                "lowered in place: __kmpc_omp_taskwait".to_string()
            }
            _ => {
                let zero = self.rt.i32.const_zero();
                self.rt.call_i32(b, Rt::Taskyield, &[ident.into(), gtid.into(), zero.into()]);
                "lowered in place: __kmpc_omp_taskyield".to_string()
            }
        }
    }
}
