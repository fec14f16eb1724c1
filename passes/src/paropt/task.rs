//! The task construct (OpenMP 5.1 §2.12.1): the body is outlined (by
//! `outline.rs`'s CodeExtractor) into a function the task's entry calls,
//! its data put into the block `__kmpc_omp_task_alloc` returns
//! (`task_block.rs`), and the task handed to the runtime where the
//! directive was: `__kmpc_omp_task` (or `__kmpc_omp_task_with_deps`), or,
//! under a false `if`, run at once between `__kmpc_omp_task_begin_if0` and
//! `__kmpc_omp_task_complete_if0` (an undeferred task).
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{BasicValue, FunctionValue, InstructionOpcode, InstructionValue, PointerValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, recompute_after, Helpers, Lowerer, RegionSite, Res};
use super::depend::DepList;
use super::nonpod::{construct, copy_construct, destroy as nonpod_destroy};
use super::plan::{Plan, Share};
use super::runtime::{self, Rt};
use super::task_block::{
    declare_entry, define_entry, TaskBlock, TASK_DETACHABLE, TASK_FINAL, TASK_PRIORITY, TASK_TIED,
};

/// Why a value computed in a task and used after it is refused.
pub(super) const ESCAPES_TASK: &str =
    "inside the task and used after it, but the task may run later, on another thread: \
     pass it through a shared variable";

/// A variable the task gets its own copy of: the original, its type, its
/// non-POD helpers.
pub(super) type Copy<'ctx> = (PointerValue<'ctx>, BasicTypeEnum<'ctx>, Option<Helpers<'ctx>>);

/// What the creation of one task made: the block, the call to
/// `__kmpc_omp_task_alloc`, the entry.
pub(super) struct Created<'ctx> {
    pub(super) block: PointerValue<'ctx>,
    alloc: PointerValue<'ctx>,
    pub(super) entry: FunctionValue<'ctx>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `task`: its data, its body outlined, its creation where the
    /// directive was.
    pub(super) fn lower_task(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<String> {
        let RegionSite { a, r, f, fname, shape, .. } = at;
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        let typed = self.typed_vars(plan, name)?;
        let body = blocks_between(f, shape.first, shape.end);
        ffi::recompute_pure_escaping(&body, shape.end.get_first_instruction().expect("the END group"));
        recompute_after(&body, shape, reg, ESCAPES_TASK)?;
        let firsts: Vec<Copy<'ctx>> =
            typed.iter().filter(|t| t.share == Share::Firstprivate).map(|t| (t.orig, t.ty, t.nonpod)).collect();
        let privates: Vec<Copy<'ctx>> =
            typed.iter().filter(|t| t.share == Share::Private).map(|t| (t.orig, t.ty, t.nonpod)).collect();
        let tys: Vec<BasicTypeEnum<'ctx>> = firsts.iter().map(|p| p.1).collect();
        let layout = TaskBlock::new(self.rt.ctx, &tys);
        let created = self.create_task(at, plan, &layout, &firsts);
        // (Types checked by precheck: nothing is refused from here on.)
        // (A target task's copies are its own: target_inred.rs.)
        if reg.env.has_flag(weft_intrinsics::vocab::ClauseKind::TargetTask) {
            self.own_in_reduction_copies(at, &plan.task.in_reductions)?;
        } else {
            self.in_reduction_copies(at, &plan.task.in_reductions)?;
        }
        // In the body: the block through a placeholder that becomes the
        // outlined body's task parameter; firstprivate copies in the block,
        // private ones in the frame of the thread that runs the task.
        // Non-POD copies are destroyed as the task ends, by the thread that
        // runs it (the constructors ran at creation, or at the task's start).
        let term = shape.first.get_terminator().expect("terminator");
        let placeholder = self.alloca(shape.first, self.rt.ctx.i8_type().into(), "omp.task.block");
        let mut destroy = Vec::new();
        for (k, &(orig, _, nonpod)) in firsts.iter().enumerate() {
            let slot = layout.private_slot(self.at(term), placeholder, k as u32);
            self.privatize_uses(orig, slot, &body, term);
            destroy.push((slot, nonpod));
        }
        for &(orig, ty, nonpod) in &privates {
            let copy = self.alloca_for(shape.first, ty, &format!("{}.priv", orig.get_name().to_string_lossy()), orig);
            self.privatize_uses(orig, copy, &body, term);
            construct(self.at(term), nonpod, copy);
            destroy.push((copy, nonpod));
        }
        for (copy, nonpod) in destroy {
            nonpod_destroy(self.before_terminator(shape.fini), nonpod, copy);
        }
        let number = reg.number;
        let (body_fn, call) =
            self.outline_task_body(f, shape, &format!("{fname}.omp_task.{number}"), &layout, &created)?;
        let ph = placeholder.as_instruction_value().expect("an alloca");
        let task_param = body_fn.get_nth_param(1).expect("the task").into_pointer_value();
        task_param.set_name("task");
        placeholder.replace_all_uses_with(task_param);
        ph.erase_from_basic_block();
        define_entry(&layout, created.entry, body_fn, &self.b);
        self.notes.push(format!(
            "outlined into @{} run by @{} ({} firstprivate in the task's block, {} private)",
            body_fn.get_name().to_string_lossy(),
            created.entry.get_name().to_string_lossy(),
            firsts.len(),
            privates.len()
        ));
        let spawn = self.spawn_task(at, plan, &created, call);
        Ok(format!("lowered: __kmpc_omp_task_alloc, {spawn}"))
    }

    /// The task's creation, before its BEGIN group's branch: the block
    /// from `__kmpc_omp_task_alloc` (tied unless untied, final when the
    /// final clause holds, with its priority), the firstprivate values
    /// copied into it.
    pub(super) fn create_task(
        &mut self,
        at: RegionSite<'_, 'ctx>,
        plan: &Plan,
        layout: &TaskBlock<'ctx>,
        firsts: &[Copy<'ctx>],
    ) -> Created<'ctx> {
        let number = at.a.graph.regions[at.r].number;
        let entry = declare_entry(self.rt.module, &format!("{}.omp_task_entry.{number}", at.fname));
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let t = &plan.task;
        let i32t = self.rt.i32;
        let mut fixed = if t.untied { 0 } else { TASK_TIED };
        if t.priority.is_some() {
            fixed |= TASK_PRIORITY;
        }
        if t.detach.is_some() {
            fixed |= TASK_DETACHABLE;
        }
        let b = self.before_terminator(at.shape.s);
        let mut flags = i32t.const_int(fixed, false);
        if let Some(c) = t.final_cond {
            let holds = self.truth(c);
            let fin = self
                .b
                .build_select(holds, i32t.const_int(TASK_FINAL, false), i32t.const_zero(), "omp.task.final")
                .expect("positioned")
                .into_int_value();
            flags = self.b.build_or(flags, fin, "omp.task.flags").expect("positioned");
        }
        let entry_ptr = entry.as_global_value().as_pointer_value();
        let args = [
            ident.into(),
            gtid.into(),
            flags.into(),
            layout.size().into(),
            self.rt.i64.const_zero().into(),
            entry_ptr.into(),
        ];
        let block = self.rt.call_ptr(b, Rt::TaskAlloc, &args);
        // (Before the firstprivate copies: the event handle is one of them.)
        if let Some(ev) = t.detach {
            self.completion_event(ident, gtid, block, ev);
        }
        for (k, &(orig, ty, nonpod)) in firsts.iter().enumerate() {
            let slot = layout.private_slot(&self.b, block, k as u32);
            copy_construct(&self.b, nonpod, ty, slot, orig);
        }
        if let Some(p) = t.priority {
            let p = self.int_operand(p, i32t);
            layout.set_priority(&self.b, block, p);
        }
        Created { block, alloc: block, entry }
    }

    /// Outlines the task's body into `void name(ptr gtid.addr, ptr task,
    /// ptr shareds)` and makes the inputs CodeExtractor gathered live in the
    /// task's shareds area (sized now that they are known) rather than in
    /// the creating frame. Returns the body and the call CodeExtractor
    /// left, for `spawn_task` to replace.
    pub(super) fn outline_task_body(
        &mut self,
        f: FunctionValue<'ctx>,
        shape: super::context::Shape<'ctx>,
        name: &str,
        layout: &TaskBlock<'ctx>,
        created: &Created<'ctx>,
    ) -> Res<(FunctionValue<'ctx>, InstructionValue<'ctx>)> {
        let body = blocks_between(f, shape.first, shape.end);
        if !self.outline_cx.as_ref().is_some_and(|c| c.is_for(f)) {
            self.outline_cx = Some(ffi::OutlineContext::new(f));
        }
        let cx = self.outline_cx.as_ref().expect("just made");
        let (body_fn, call) = ffi::outline_microtask(&body, name, cx)
            .ok_or_else(|| err(Rule::Internal, "DIR.OMP.TASK", "LLVM's CodeExtractor could not outline this task"))?;
        let args = call.get_operand(2).and_then(|o| o.left()).expect("the body call's argument").into_pointer_value();
        let alloc_call = created.alloc.as_instruction_value().expect("a call");
        // (The block is the call's result: read the shareds pointer right
        // after it, before the inputs are stored.)
        let next = alloc_call.get_next_instruction().expect("the call is not a terminator");
        let agg = args.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Alloca);
        if let Some(agg) = agg {
            let ty = agg.get_allocated_type().expect("an alloca");
            alloc_call.set_operand(4, ty.size_of().expect("a sized type"));
            let layout_shareds = layout.shareds(self.at(next), created.block);
            for user in ffi::user_instructions(&args) {
                let name = ffi::called_function_name(Value::of_instruction(user)).unwrap_or_default();
                if name.starts_with("llvm.lifetime.") {
                    user.erase_from_basic_block();
                }
            }
            args.replace_all_uses_with(layout_shareds);
            agg.erase_from_basic_block();
        }
        Ok((body_fn, call))
    }

    /// Hands the task to the runtime in place of `call` (the call of the
    /// body CodeExtractor left): deferred through `__kmpc_omp_task` (with
    /// its dependences, `__kmpc_omp_task_with_deps`), or under a false `if`
    /// run at once as an undeferred task, after its dependences are met.
    fn spawn_task(
        &mut self,
        at: RegionSite<'_, 'ctx>,
        plan: &Plan,
        created: &Created<'ctx>,
        call: InstructionValue<'ctx>,
    ) -> String {
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        self.b.position_before(&call);
        let deps = self.depend_array(&plan.task.depends, &plan.task.dep_arrays, at.outer_home, call);
        let task = created.block;
        let deferred = |lw: &Self| match deps.map(|d| (d.n, d.list)) {
            None => {
                lw.rt.call_i32(&lw.b, Rt::Task, &[ident.into(), gtid.into(), task.into()]);
            }
            Some((n, list)) => {
                let zero = lw.rt.i32.const_zero();
                let null = lw.rt.ptr.const_null();
                let args = [ident.into(), gtid.into(), task.into(), n.into(), list.into(), zero.into(), null.into()];
                lw.rt.call_i32(&lw.b, Rt::TaskWithDeps, &args);
            }
        };
        let Some(c) = plan.if_cond else {
            self.b.position_before(&call);
            deferred(self);
            self.restore_stack(&deps);
            call.erase_from_basic_block();
            return if deps.is_some() { "__kmpc_omp_task_with_deps" } else { "__kmpc_omp_task" }.to_string();
        };
        self.b.position_before(&call);
        let cond = self.truth(c);
        let head = call.get_parent().expect("in a block");
        let tail = ffi::split_block_before(call, "omp.task.if.end");
        let then = self.rt.ctx.insert_basic_block_after(head, "omp.task.if.then");
        let els = self.rt.ctx.insert_basic_block_after(then, "omp.task.if.else");
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        self.b.position_at_end(head);
        self.b.build_conditional_branch(cond, then, els).expect("positioned");
        self.b.position_at_end(then);
        deferred(self);
        self.b.build_unconditional_branch(tail).expect("positioned");
        self.b.position_at_end(els);
        if let Some(DepList { n, list, .. }) = deps {
            let zero = self.rt.i32.const_zero();
            let null = self.rt.ptr.const_null();
            let args = [ident.into(), gtid.into(), n.into(), list.into(), zero.into(), null.into()];
            self.rt.call(&self.b, Rt::WaitDeps, &args);
        }
        self.rt.call(&self.b, Rt::TaskBeginIf0, &[ident.into(), gtid.into(), task.into()]);
        self.b.build_call(created.entry, &[gtid.into(), task.into()], "").expect("positioned");
        self.rt.call(&self.b, Rt::TaskCompleteIf0, &[ident.into(), gtid.into(), task.into()]);
        self.b.build_unconditional_branch(tail).expect("positioned");
        call.erase_from_basic_block();
        self.b.position_before(&tail.get_first_instruction().expect("the split call"));
        self.restore_stack(&deps);
        "__kmpc_omp_task, or under a false if __kmpc_omp_task_begin_if0 / the entry / __kmpc_omp_task_complete_if0"
            .to_string()
    }
}
