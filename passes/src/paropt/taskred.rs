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
use llvm_plugin::inkwell::values::{AnyValue, BasicValue, BasicValueEnum, FunctionValue};
use weft_intrinsics::vocab::ReductionOp;
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, Lowerer, RegionSite, Res};
use super::plan::task::TaskRed;
use super::redop::{combine, reduction_identity};
use super::runtime::Rt;

/// A task's in_reduction lowering site (`Lowerer::in_reduction_site`).
pub(super) struct InredSite<'ctx> {
    pub tys: Vec<(BasicTypeEnum<'ctx>, u64)>,
    pub body: Vec<llvm_plugin::inkwell::basic_block::BasicBlock<'ctx>>,
    pub gtid: llvm_plugin::inkwell::values::IntValue<'ctx>,
    pub term: llvm_plugin::inkwell::values::InstructionValue<'ctx>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Each item's element type and element count (an array variable, or
    /// a `:TYPED` count, is that many elements), checked: known, and one its
    /// operator applies to (run by precheck before any IR changes).
    pub(super) fn task_red_types(&self, reds: &[TaskRed], on: &str) -> Res<Vec<(BasicTypeEnum<'ctx>, u64)>> {
        let mut out = Vec::new();
        for r in reds {
            let var = self.value(r.var);
            // (A declared reduction's: a taskgroup's item by its helpers, a
            // task's in_reduction item by its address only.)
            if r.udr.is_some() || r.op == ReductionOp::Udr {
                out.push(self.udr_task_red_type(r, on)?);
                continue;
            }
            let mut ty = match r.elem {
                Some(e) => Some(self.value(e).get_type()),
                None => weft_intrinsics::ffi::memory_type(var),
            };
            let mut count = u64::from(r.count);
            if r.first.is_some() && matches!(ty, Some(BasicTypeEnum::ArrayType(_))) {
                return Err(err(
                    Rule::NotYetSupported,
                    &r.clause,
                    "task reductions of sections of arrays of several dimensions",
                )
                .on_directive(on));
            }
            while let Some(BasicTypeEnum::ArrayType(at)) = ty {
                count *= u64::from(at.len());
                ty = Some(at.get_element_type());
            }
            let Some(ty) = ty.filter(|t| reduction_identity(*t, r.op, r.unsigned).is_some() && count > 0) else {
                return Err(err(
                    Rule::OperandKind,
                    &r.clause,
                    format!(
                        "{} is not a variable (or array) of a type this reduction applies to (integer or floating point)",
                        var.print_to_string().to_string_lossy().trim()
                    ),
                )
                .on_directive(on));
            };
            if let Some(first) = r.first {
                self.check_task_red_section(r, ty, first, count, on)?;
            }
            out.push((ty, count));
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
        let mut items = Vec::new();
        for (r, &(ty, _)) in reds.iter().zip(&tys) {
            let b = self.before_terminator(at.shape.s);
            let item = self.task_red_item(b, r, ty).as_basic_value_enum();
            items.push((item, item));
        }
        let arr = self.taskred_input_list(at.outer_home, at.shape.s, reds, &items, name)?;
        let b = self.before_terminator(at.shape.s);
        let n = self.rt.i32.const_int(reds.len() as u64, false);
        self.rt.call_ptr(b, Rt::TaskredInit, &[gtid.into(), n.into(), arr.into()]);
        self.notes.push(format!("{} task reduction item(s) registered through __kmpc_taskred_init", reds.len()));
        Ok(())
    }

    /// The `kmp_taskred_input_t` list of `reds` (allocated in `home`, filled
    /// before `at`'s terminator), item k's `(shared, orig)` from `items`: a
    /// taskgroup's item both, a reduction modifier's the thread's copy and
    /// the original (taskred_mod.rs).
    pub(super) fn taskred_input_list(
        &mut self,
        home: llvm_plugin::inkwell::basic_block::BasicBlock<'ctx>,
        at: llvm_plugin::inkwell::basic_block::BasicBlock<'ctx>,
        reds: &[TaskRed],
        items: &[(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)],
        name: &str,
    ) -> Res<llvm_plugin::inkwell::values::PointerValue<'ctx>> {
        let tys = self.task_red_types(reds, name)?;
        let ctx = self.rt.ctx;
        let (ptr, i64t, i32t) = (self.rt.ptr, self.rt.i64, self.rt.i32);
        let input = ctx.struct_type(
            &[ptr.into(), ptr.into(), i64t.into(), ptr.into(), ptr.into(), ptr.into(), i32t.into()],
            false,
        );
        let arr_ty = input.array_type(reds.len() as u32);
        let arr = self.alloca(home, arr_ty.into(), "omp.taskred.list");
        let mut fns: Vec<(FunctionValue<'ctx>, FunctionValue<'ctx>, Option<FunctionValue<'ctx>>)> = Vec::new();
        for (r, &(ty, n)) in reds.iter().zip(&tys) {
            fns.push(match r.udr {
                Some(_) => self.udr_task_red_fns(r, ty, name)?,
                None => (
                    self.taskred_fn(ty, n, r.op, r.unsigned, false),
                    self.taskred_fn(ty, n, r.op, r.unsigned, true),
                    None,
                ),
            });
        }
        let b = self.before_terminator(at);
        for (k, ((&(ty, n), &(shared, orig)), (init, comb, fini))) in tys.iter().zip(items).zip(&fns).enumerate() {
            let idx = [i64t.const_zero(), i64t.const_int(k as u64, false)];
            // SAFETY: constant indices within the array of `reds.len()` items.
            let item = unsafe { b.build_in_bounds_gep(arr_ty, arr, &idx, "omp.taskred") }.expect("positioned");
            let fields: [BasicValueEnum<'ctx>; 7] = [
                shared,
                orig,
                ty.size_of().expect("a sized type").const_mul(i64t.const_int(n, false)).into(),
                init.as_global_value().as_pointer_value().into(),
                fini.map_or(ptr.const_null(), |f| f.as_global_value().as_pointer_value()).into(),
                comb.as_global_value().as_pointer_value().into(),
                i32t.const_zero().into(),
            ];
            for (f, v) in fields.into_iter().enumerate() {
                let slot = b.build_struct_gep(input, item, f as u32, "").expect("positioned");
                b.build_store(slot, v).expect("positioned");
            }
        }
        Ok(arr)
    }

    /// What a task's in_reduction items are lowered with: each item's
    /// reduction type and count, the task body's blocks, the id of the
    /// thread that runs the task (read in the task's own first block) and
    /// that block's terminator, before which the copies are found.
    pub(super) fn in_reduction_site(&mut self, at: RegionSite<'_, 'ctx>, reds: &[TaskRed]) -> Res<InredSite<'ctx>> {
        let name = at.a.graph.regions[at.r].kind.begin_name();
        let tys = self.task_red_types(reds, name)?;
        let body = blocks_between(at.f, at.shape.first, at.shape.end);
        let gtid = self.gtid(at.shape.first, at.fname);
        let term = at.shape.first.get_terminator().expect("terminator");
        Ok(InredSite { tys, body, gtid, term })
    }

    /// A task's in_reduction items: its body's uses of each go to the
    /// running thread's copy, found as the task starts.
    pub(super) fn in_reduction_copies(&mut self, at: RegionSite<'_, 'ctx>, reds: &[TaskRed]) -> Res<()> {
        if reds.is_empty() {
            return Ok(());
        }
        let InredSite { tys, body, gtid, term } = self.in_reduction_site(at, reds)?;
        for (r, &(ty, _)) in reds.iter().zip(&tys) {
            let orig = self.value(r.var).into_pointer_value();
            let null = self.rt.ptr.const_null();
            let copy =
                self.rt.call_ptr(self.at(term), Rt::TaskReductionGetThData, &[gtid.into(), null.into(), orig.into()]);
            let Some(first) = r.first else {
                self.privatize_uses(orig, copy, &body, term);
                continue;
            };
            // A section's copy holds its elements only: the body's `a` is
            // the copy `first` elements back, so that `a[i]` of the
            // section is the copy's element i - first.
            let back = self.rt.i64.const_int(first.wrapping_neg(), true);
            // SAFETY: only the section's elements are addressed through it.
            let base = unsafe { self.at(term).build_gep(ty, copy, &[back], "omp.inred.base") }.expect("positioned");
            self.privatize_uses(orig, base, &body, term);
            // The item's address, the section's first element, made only
            // now: the body's uses of the variable are the copy's already.
            let call = copy.as_instruction_value().expect("a call");
            let item = self.task_red_item(self.at(call), r, ty);
            call.set_operand(2, item);
        }
        self.notes.push(format!("{} in_reduction item(s) through __kmpc_task_reduction_get_th_data", reds.len()));
        Ok(())
    }

    /// The address libomp knows item `r` by: the variable, or its
    /// section's first element.
    fn task_red_item(
        &self,
        b: &llvm_plugin::inkwell::builder::Builder<'ctx>,
        r: &TaskRed,
        ty: BasicTypeEnum<'ctx>,
    ) -> llvm_plugin::inkwell::values::PointerValue<'ctx> {
        let var = self.value(r.var).into_pointer_value();
        match r.first {
            None => var,
            Some(first) => {
                let k = self.rt.i64.const_int(first, false);
                // SAFETY: first + count is within the array (check_task_red_section).
                unsafe { b.build_in_bounds_gep(ty, var, &[k], "omp.taskred.sect") }.expect("positioned")
            }
        }
    }

    /// A section's variable is an array of `ty` holding it (not a pointer:
    /// a section through one is refused by name).
    fn check_task_red_section(
        &self,
        r: &TaskRed,
        ty: BasicTypeEnum<'ctx>,
        first: u64,
        count: u64,
        on: &str,
    ) -> Res<()> {
        let mut total = 1u64;
        let mut at = weft_intrinsics::ffi::memory_type(self.value(r.var));
        while let Some(BasicTypeEnum::ArrayType(a)) = at {
            total = total.saturating_mul(u64::from(a.len()));
            at = Some(a.get_element_type());
        }
        match at {
            Some(e) if e == ty && total > 1 && first.checked_add(count).is_some_and(|end| end <= total) => Ok(()),
            Some(e) if e == ty && total > 1 => Err(err(
                Rule::OperandKind,
                &r.clause,
                format!("the section [{first}:{count}] is outside the array's {total} elements"),
            )
            .on_directive(on)),
            _ => Err(err(
                Rule::NotYetSupported,
                &r.clause,
                "task reductions of array sections through a pointer (or of another element type): sections of array variables only",
            )
            .on_directive(on)),
        }
    }

    /// `void (ptr copy, ptr orig)` storing `op`'s identity (`comb` false),
    /// or `void (ptr item, ptr copy)` combining the copy into the item, for
    /// `n` elements of `ty`; one per type, count and operator.
    pub(super) fn taskred_fn(
        &self,
        ty: BasicTypeEnum<'ctx>,
        n: u64,
        op: ReductionOp,
        unsigned: bool,
        comb: bool,
    ) -> FunctionValue<'ctx> {
        let tyname = ty.print_to_string().to_string().replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let name = format!(
            "weft.taskred.{}.{op:?}{}.{tyname}{}",
            if comb { "comb" } else { "init" },
            if unsigned { ".u" } else { "" },
            if n > 1 { format!(".x{n}") } else { String::new() }
        );
        if let Some(f) = self.rt.module.get_function(&name) {
            return f;
        }
        let ctx = self.rt.ctx;
        let fty = ctx.void_type().fn_type(&[self.rt.ptr.into(), self.rt.ptr.into()], false);
        let f = self.rt.module.add_function(&name, fty, Some(Linkage::Internal));
        let b = ctx.create_builder();
        let entry = ctx.append_basic_block(f, "entry");
        b.position_at_end(entry);
        let p0 = f.get_nth_param(0).expect("a parameter").into_pointer_value();
        let p1 = f.get_nth_param(1).expect("a parameter").into_pointer_value();
        // One element at index k, in a loop over the n elements.
        let i64t = self.rt.i64;
        let (body, done) = (ctx.append_basic_block(f, "elem"), ctx.append_basic_block(f, "done"));
        b.build_unconditional_branch(body).expect("positioned");
        b.position_at_end(body);
        let k = b.build_phi(i64t, "k").expect("positioned");
        let kv = k.as_basic_value().into_int_value();
        // SAFETY: k < n, within the item's n elements (and its copy's).
        let (e0, e1) = unsafe {
            (
                b.build_in_bounds_gep(ty, p0, &[kv], "").expect("positioned"),
                b.build_in_bounds_gep(ty, p1, &[kv], "").expect("positioned"),
            )
        };
        if comb {
            let x = b.build_load(ty, e0, "").expect("positioned");
            let y = b.build_load(ty, e1, "").expect("positioned");
            b.build_store(e0, combine(&b, op, unsigned, x, y)).expect("positioned");
        } else {
            let id = reduction_identity(ty, op, unsigned).expect("checked by task_red_types");
            b.build_store(e0, id).expect("positioned");
        }
        let next = b.build_int_add(kv, i64t.const_int(1, false), "").expect("positioned");
        let more = b
            .build_int_compare(llvm_plugin::inkwell::IntPredicate::ULT, next, i64t.const_int(n, false), "")
            .expect("positioned");
        b.build_conditional_branch(more, body, done).expect("positioned");
        k.add_incoming(&[(&i64t.const_zero(), entry), (&next, body)]);
        b.position_at_end(done);
        b.build_return(None).expect("positioned");
        f
    }
}
