//! Task reductions (OpenMP 5.1 §2.21.5.5 and §2.21.5.6): a taskgroup's
//! `task_reduction` items (icx: REDUCTION on the taskgroup) are registered
//! with libomp right after `__kmpc_taskgroup` through `__kmpc_taskred_init`
//! and one `kmp_taskred_input_t` per item, `{ ptr shared, ptr orig, i64
//! size, ptr init, ptr fini, ptr comb, i32 flags }` (kmp.h); each task
//! with `in_reduction` on an item works on its thread's copy, which
//! `__kmpc_task_reduction_get_th_data` finds (from the task's taskgroup
//! outwards, by the item's address) and makes with `init(copy, orig)`;
//! `__kmpc_end_taskgroup` combines every thread's copy into the item with
//! `comb(item, copy)`.
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{AnyValue, BasicValueEnum, FunctionValue};
use weft_intrinsics::vocab::ReductionOp;
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, Lowerer, RegionSite, Res};
use super::plan::task::TaskRed;
use super::redop::{combine, reduction_identity};
use super::runtime::Rt;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Each item's type, checked: known, and one its operator applies to
    /// (run by precheck before any IR changes).
    pub(super) fn task_red_types(&self, reds: &[TaskRed], on: &str) -> Res<Vec<BasicTypeEnum<'ctx>>> {
        let mut out = Vec::new();
        for r in reds {
            let var = self.value(r.var);
            let ty = match r.elem {
                Some(e) => Some(self.value(e).get_type()),
                None => weft_intrinsics::ffi::memory_type(var),
            };
            let Some(ty) = ty.filter(|t| reduction_identity(*t, r.op, r.unsigned).is_some()) else {
                return Err(err(
                    Rule::OperandKind,
                    &r.clause,
                    format!(
                        "{} is not a variable of a type this reduction applies to (integer or floating point)",
                        var.print_to_string().to_string_lossy().trim()
                    ),
                )
                .on_directive(on));
            };
            out.push(ty);
        }
        Ok(out)
    }

    /// A taskgroup's task reductions, registered right after its
    /// `__kmpc_taskgroup` (before `at`'s BEGIN block ends).
    pub(super) fn register_task_reductions(
        &mut self,
        at: RegionSite<'_, 'ctx>,
        reds: &[TaskRed],
        gtid: llvm_plugin::inkwell::values::IntValue<'ctx>,
    ) -> Res<()> {
        let name = at.a.graph.regions[at.r].kind.begin_name();
        let tys = self.task_red_types(reds, name)?;
        let ctx = self.rt.ctx;
        let (ptr, i64t, i32t) = (self.rt.ptr, self.rt.i64, self.rt.i32);
        let input = ctx.struct_type(
            &[ptr.into(), ptr.into(), i64t.into(), ptr.into(), ptr.into(), ptr.into(), i32t.into()],
            false,
        );
        let arr_ty = input.array_type(reds.len() as u32);
        let arr = self.alloca(at.outer_home, arr_ty.into(), "omp.taskred.list");
        let fns: Vec<(FunctionValue<'ctx>, FunctionValue<'ctx>)> = reds
            .iter()
            .zip(&tys)
            .map(|(r, &ty)| (self.taskred_fn(ty, r.op, r.unsigned, false), self.taskred_fn(ty, r.op, r.unsigned, true)))
            .collect();
        let b = self.before_terminator(at.shape.s);
        for (k, ((r, ty), (init, comb))) in reds.iter().zip(&tys).zip(&fns).enumerate() {
            let var = self.value(r.var);
            let idx = [i64t.const_zero(), i64t.const_int(k as u64, false)];
            // SAFETY: constant indices within the array of `reds.len()` items.
            let item = unsafe { b.build_in_bounds_gep(arr_ty, arr, &idx, "omp.taskred") }.expect("positioned");
            let fields: [BasicValueEnum<'ctx>; 7] = [
                var,
                var,
                ty.size_of().expect("a sized type").into(),
                init.as_global_value().as_pointer_value().into(),
                ptr.const_null().into(),
                comb.as_global_value().as_pointer_value().into(),
                i32t.const_zero().into(),
            ];
            for (f, v) in fields.into_iter().enumerate() {
                let slot = b.build_struct_gep(input, item, f as u32, "").expect("positioned");
                b.build_store(slot, v).expect("positioned");
            }
        }
        let n = i32t.const_int(reds.len() as u64, false);
        self.rt.call_ptr(b, Rt::TaskredInit, &[gtid.into(), n.into(), arr.into()]);
        self.notes.push(format!("{} task reduction item(s) registered through __kmpc_taskred_init", reds.len()));
        Ok(())
    }

    /// A task's in_reduction items: its body's uses of each go to the
    /// running thread's copy, found as the task starts.
    pub(super) fn in_reduction_copies(&mut self, at: RegionSite<'_, 'ctx>, reds: &[TaskRed]) -> Res<()> {
        if reds.is_empty() {
            return Ok(());
        }
        let name = at.a.graph.regions[at.r].kind.begin_name();
        self.task_red_types(reds, name)?;
        let body = blocks_between(at.f, at.shape.first, at.shape.end);
        // (The thread id in the task's own first block: the thread that
        // runs the task.)
        let gtid = self.gtid(at.shape.first, at.fname);
        let term = at.shape.first.get_terminator().expect("terminator");
        for r in reds {
            let orig = self.value(r.var).into_pointer_value();
            let null = self.rt.ptr.const_null();
            let copy =
                self.rt.call_ptr(self.at(term), Rt::TaskReductionGetThData, &[gtid.into(), null.into(), orig.into()]);
            self.privatize_uses(orig, copy, &body, term);
        }
        self.notes.push(format!("{} in_reduction item(s) through __kmpc_task_reduction_get_th_data", reds.len()));
        Ok(())
    }

    /// `void (ptr copy, ptr orig)` storing `op`'s identity (`comb` false),
    /// or `void (ptr item, ptr copy)` combining the copy into the item;
    /// one per type and operator.
    fn taskred_fn(&self, ty: BasicTypeEnum<'ctx>, op: ReductionOp, unsigned: bool, comb: bool) -> FunctionValue<'ctx> {
        let tyname = ty.print_to_string().to_string().replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let name = format!(
            "weft.taskred.{}.{op:?}{}.{tyname}",
            if comb { "comb" } else { "init" },
            if unsigned { ".u" } else { "" }
        );
        if let Some(f) = self.rt.module.get_function(&name) {
            return f;
        }
        let ctx = self.rt.ctx;
        let fty = ctx.void_type().fn_type(&[self.rt.ptr.into(), self.rt.ptr.into()], false);
        let f = self.rt.module.add_function(&name, fty, Some(Linkage::Internal));
        let b = ctx.create_builder();
        b.position_at_end(ctx.append_basic_block(f, "entry"));
        let p0 = f.get_nth_param(0).expect("a parameter").into_pointer_value();
        let p1 = f.get_nth_param(1).expect("a parameter").into_pointer_value();
        if comb {
            let x = b.build_load(ty, p0, "").expect("positioned");
            let y = b.build_load(ty, p1, "").expect("positioned");
            b.build_store(p0, combine(&b, op, unsigned, x, y)).expect("positioned");
        } else {
            let id = reduction_identity(ty, op, unsigned).expect("checked by task_red_types");
            b.build_store(p0, id).expect("positioned");
        }
        b.build_return(None).expect("positioned");
        f
    }
}
