//! Task reductions of declared reductions (OpenMP 5.1 §2.21.5.7 with
//! §2.21.5.5): a taskgroup's `task_reduction` item of a `declare
//! reduction`'s identifier is registered with libomp as a predefined one is
//! (`taskred.rs`), its `kmp_taskred_input_t` naming functions made from the
//! reduction's helpers: `init(copy, orig)` runs the initializer (else the
//! constructor, else zeros: `nonpod::udr_init`), `comb(item, copy)` the
//! combiner, and `fini(copy)` the destructor, when there is one.
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::FunctionValue;
use weft_intrinsics::Rule;

use super::context::{err, Lowerer, Res};
use super::nonpod::{udr_combine, udr_init};
use super::plan::task::TaskRed;
use super::plan::{Share, Var};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The item as a data-sharing record, for its helpers and its type.
    fn udr_var(r: &TaskRed) -> Var {
        let share = Share::Reduction { op: r.op, unsigned: r.unsigned };
        Var { elem: r.elem, count: r.count, nonpod: r.udr, ..Var::new(r.var, share, &r.clause) }
    }

    /// A declared reduction's item: its whole type (an array's helpers run
    /// on each element, `nonpod.rs`) and count 1; its helpers checked.
    pub(super) fn udr_task_red_type(&self, r: &TaskRed, on: &str) -> Res<(BasicTypeEnum<'ctx>, u64)> {
        let v = Self::udr_var(r);
        self.nonpod_helpers(&v, on)?;
        let ty = self.var_type(&v).ok_or_else(|| {
            err(Rule::OperandKind, &r.clause, "a declared reduction's item has no type weft can tell: give it (:TYPED)")
                .on_directive(on)
        })?;
        Ok((ty, 1))
    }

    /// `init`, `comb` and `fini` for a declared reduction's item.
    pub(super) fn udr_task_red_fns(
        &self,
        r: &TaskRed,
        ty: BasicTypeEnum<'ctx>,
        on: &str,
    ) -> Res<(FunctionValue<'ctx>, FunctionValue<'ctx>, Option<FunctionValue<'ctx>>)> {
        let h = self.nonpod_helpers(&Self::udr_var(r), on)?;
        let comb_name = h.and_then(|h| h.combiner).map(|f| f.get_name().to_string_lossy().into_owned());
        let tyname = ty.print_to_string().to_string().replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let base = format!("weft.taskred.udr.{}.{tyname}", comb_name.unwrap_or_default());
        let ctx = self.rt.ctx;
        let fty = ctx.void_type().fn_type(&[self.rt.ptr.into(), self.rt.ptr.into()], false);
        let make = |suffix: &str, body: &dyn Fn(&llvm_plugin::inkwell::builder::Builder<'ctx>, FunctionValue<'ctx>)| {
            let name = format!("{base}.{suffix}");
            if let Some(f) = self.rt.module.get_function(&name) {
                return f;
            }
            let f = self.rt.module.add_function(&name, fty, Some(Linkage::Internal));
            let b = ctx.create_builder();
            b.position_at_end(ctx.append_basic_block(f, "entry"));
            body(&b, f);
            b.build_return(None).expect("positioned");
            f
        };
        let param = |f: FunctionValue<'ctx>, k| f.get_nth_param(k).expect("a parameter").into_pointer_value();
        let init = make("init", &|b, f| udr_init(b, h, ty, param(f, 0), param(f, 1)));
        let comb = make("comb", &|b, f| udr_combine(b, h, param(f, 0), param(f, 1)));
        Ok((init, comb, h.and_then(|h| h.dtor)))
    }
}
