//! The taskloop construct (OpenMP 5.1 §2.12.2), built on the task's block
//! and entry (`task_block.rs`, `task.rs`): the code before the normalized
//! loop (the trip count, the loop's first value) runs where the directive
//! was, in the creating thread; the loop itself is outlined into a task
//! body whose IV runs from the block's `lb` to its `ub`; one pattern task
//! is made and `__kmpc_taskloop` (with `strict`, `__kmpc_taskloop_5`)
//! divides the iterations into copies of it, each told by the task-dup
//! function (`task_dup.rs`) whether it holds the last iteration. Without
//! `nogroup` the tasks run in an implicit taskgroup, which also holds the
//! taskloop's reductions (registered as the task reductions of a
//! taskgroup, each task an in_reduction of them, `taskred.rs`).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::{BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{BasicValue, InstructionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;
use weft_intrinsics::Rule;

use super::context::{blocks_between, copy, err, recompute_after, Lowerer, RegionSite, Res, Shape};
use super::partition::compares_unsigned;
use super::plan::{Plan, Share};
use super::privatize::Typed;
use super::runtime::{self, Rt};
use super::task::ESCAPES_TASK;
use super::task_block::{LoopField, TaskBlock};
use super::task_dup::define_task_dup;

/// Why a taskloop whose IV starts off the straight path is refused.
const NO_START: &str = "cannot find the store that starts the normalized IV on the straight path after the directive \
     (the code before the loop runs in the creating thread, the loop in the tasks)";

/// Precheck (on the unchanged IR): the loop's IV must start on the
/// straight path after the directive (`begin`, its BEGIN call).
pub(super) fn precheck_taskloop(begin: InstructionValue<'_>, iv: PointerValue<'_>, name: &str) -> Res<()> {
    let bb = begin.get_parent().expect("in a block");
    taskloop_iv_init(bb, iv).map(|_| ()).ok_or_else(|| err(Rule::NotYetSupported, name, NO_START))
}

/// The store that starts the IV slot `iv`: the first one on the straight
/// path from `first` (normalized loops compute their bounds before it).
pub(super) fn taskloop_iv_init<'ctx>(
    first: BasicBlock<'ctx>,
    iv: PointerValue<'ctx>,
) -> Option<InstructionValue<'ctx>> {
    match super::partition::iv_init_on_path(first, iv) {
        super::partition::OnPath::Store(i) => Some(i),
        _ => None,
    }
}

/// The allocas and thread ids that the constructs inside the loop put in
/// the region's first block (the taskloop is their home, `Lowerer::home`)
/// belong to the tasks: moved from the code before the loop to the loop's
/// start, when only the loop uses them.
fn move_into_tasks<'ctx>(prefix: &[BasicBlock<'ctx>], loop_blocks: &[BasicBlock<'ctx>], init: InstructionValue<'ctx>) {
    let inside: hashbrown::HashSet<ffi::BlockId> = loop_blocks.iter().map(|&b| ffi::block_id(b)).collect();
    let mut moving = Vec::new();
    for &bb in prefix {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            cur = i.get_next_instruction();
            let what = i.get_opcode() == llvm_plugin::inkwell::values::InstructionOpcode::Alloca
                || ffi::called_function_name(ffi::Value::of_instruction(i)).as_deref()
                    == Some("__kmpc_global_thread_num");
            let users = ffi::user_instructions(&i);
            let only_loop = !users.is_empty()
                && users.iter().all(|u| u.get_parent().is_some_and(|b| inside.contains(&ffi::block_id(b))));
            if what && only_loop {
                moving.push(i);
            }
        }
    }
    for i in moving {
        ffi::move_before(i, init);
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `taskloop`: the pattern task made, the code before the loop run in
    /// place, the loop outlined into the tasks' body, the iterations handed
    /// to `__kmpc_taskloop`.
    pub(super) fn lower_taskloop(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<String> {
        let RegionSite { a, r, f, fname, shape, .. } = at;
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        let typed = self.typed_vars(plan, name)?;
        let slot = |s: Share| typed.iter().find(|t| t.share == s).expect("planned");
        let iv = slot(Share::NormIv);
        let BasicTypeEnum::IntType(ivt) = iv.ty else {
            return Err(err(Rule::OperandKind, "QUAL.OMP.NORMALIZED.IV", "the normalized IV must be an integer")
                .on_directive(name));
        };
        let init = taskloop_iv_init(shape.first, iv.orig).ok_or_else(|| err(Rule::NotYetSupported, name, NO_START))?;
        let body = blocks_between(f, shape.first, shape.end);
        let unsigned = compares_unsigned(&body, iv.orig);
        ffi::recompute_pure_escaping(&body, shape.end.get_first_instruction().expect("the END group"));
        recompute_after(&body, shape, reg, ESCAPES_TASK)?;
        let t = &plan.task;
        // The implicit taskgroup and its reductions come first, then the
        // pattern task (before the code that computes the bounds).
        let gtid = self.gtid(at.outer_home, fname);
        let ident = self.rt.ident(fname, Some(at.begin), runtime::IDENT_KMPC);
        if !t.taskloop.nogroup {
            self.rt.call(self.before_terminator(shape.s), Rt::Taskgroup, &[ident.into(), gtid.into()]);
        }
        if !t.task_reductions.is_empty() {
            self.register_task_reductions(at, &t.task_reductions, gtid)?;
        }
        let firsts: Vec<_> = typed
            .iter()
            .filter(|v| matches!(v.share, Share::Firstprivate | Share::FirstLastprivate))
            .map(|v| (v.orig, v.ty, v.nonpod))
            .collect();
        let tys: Vec<BasicTypeEnum<'ctx>> = firsts.iter().map(|p| p.1).collect();
        let layout = TaskBlock::for_taskloop(self.rt.ctx, &tys);
        let created = self.create_task(at, plan, &layout, &firsts);
        // The code before the loop stays with the creating thread; its
        // private variables get a scratch copy there (never the original).
        let lb0 = init.get_operand(0).and_then(|o| o.left()).expect("a store's value").into_int_value();
        let loop_first = ffi::split_block_before(init, "omp.taskloop.body");
        let prefix: Vec<BasicBlock<'ctx>> = body.iter().copied().filter(|&b| b != loop_first).collect();
        let loop_blocks = blocks_between(f, loop_first, shape.end);
        let prefix: Vec<BasicBlock<'ctx>> = prefix.into_iter().filter(|b| !loop_blocks.contains(b)).collect();
        move_into_tasks(&prefix, &loop_blocks, init);
        let scratch_at = prefix.last().copied().unwrap_or(shape.first).get_terminator().expect("terminator");
        for v in typed.iter().filter(|v| matches!(v.share, Share::Private | Share::Lastprivate)) {
            let scratch = self.alloca_for(at.outer_home, v.ty, "omp.taskloop.scratch", v.orig);
            self.privatize_uses(v.orig, scratch, &prefix, scratch_at);
        }
        let loop_shape = Shape { first: loop_first, ..shape };
        let lat = RegionSite { shape: loop_shape, ..at };
        self.in_reduction_copies(lat, &t.task_reductions)?;
        self.in_reduction_copies(lat, &t.in_reductions)?;
        let (placeholder, out) = self.taskloop_body_data(&typed, &layout, (loop_first, &loop_blocks), init, ivt);
        if reg.kind == weft_intrinsics::vocab::DirKind::TaskloopSimd {
            let tl = super::taskloop_simd::TaskLoop { loop_first, fini: shape.fini };
            self.taskloop_simd_region(reg, plan, &typed, &out, tl)?;
        }
        // The task holding the last iteration copies the lastprivate items out.
        let lasts: Vec<_> = typed
            .iter()
            .filter(|v| matches!(v.share, Share::Lastprivate | Share::FirstLastprivate))
            .map(|v| (v.orig, v.ty))
            .collect();
        if !lasts.is_empty() {
            self.taskloop_copy_out(&layout, placeholder, shape.fini, &lasts, &out);
        }
        let number = reg.number;
        let (body_fn, call) =
            self.outline_task_body(f, loop_shape, &format!("{fname}.omp_taskloop.{number}"), &layout, &created)?;
        let task_param = body_fn.get_nth_param(1).expect("the task").into_pointer_value();
        task_param.set_name("task");
        let ph = placeholder.as_instruction_value().expect("an alloca");
        placeholder.replace_all_uses_with(task_param);
        ph.erase_from_basic_block();
        super::task_block::define_entry(&layout, created.entry, body_fn, &self.b);
        let dup = define_task_dup(self.rt.module, &layout, &format!("{fname}.omp_task_dup.{number}"));
        let entry = self.spawn_taskloop(plan, &layout, created.block, call, (lb0, unsigned), dup, (ident, gtid))?;
        self.notes.push(format!(
            "loop outlined into @{} run by @{} ({} firstprivate in the block, {} lastprivate)",
            body_fn.get_name().to_string_lossy(),
            created.entry.get_name().to_string_lossy(),
            firsts.len(),
            lasts.len()
        ));
        Ok(format!("lowered: __kmpc_omp_task_alloc, {entry}"))
    }

    /// The tasks' data in the loop: the block through a placeholder (the
    /// body's task parameter once outlined), firstprivate items in its
    /// slots, private and lastprivate copies and the loop's slots in the
    /// frame of the thread that runs the task; the IV starts at the
    /// block's `lb` and the upper-bound slot holds its `ub`. Returns the
    /// placeholder and each item's copy in the task.
    #[allow(clippy::type_complexity)]
    fn taskloop_body_data(
        &mut self,
        typed: &[Typed<'_, 'ctx>],
        layout: &TaskBlock<'ctx>,
        (loop_first, loop_blocks): (BasicBlock<'ctx>, &[BasicBlock<'ctx>]),
        init: InstructionValue<'ctx>,
        ivt: IntType<'ctx>,
    ) -> (PointerValue<'ctx>, Vec<(PointerValue<'ctx>, PointerValue<'ctx>)>) {
        let firsts = typed.iter().filter(|v| matches!(v.share, Share::Firstprivate | Share::FirstLastprivate));
        let term = loop_first.get_first_instruction().expect("the IV's start");
        let placeholder = self.alloca(loop_first, self.rt.ctx.i8_type().into(), "omp.task.block");
        let mut out = Vec::new();
        for (k, v) in firsts.enumerate() {
            let orig = v.orig;
            let s = layout.private_slot(self.at(term), placeholder, k as u32);
            self.privatize_uses(orig, s, loop_blocks, term);
            out.push((orig, s));
        }
        let mut ub_copy = None;
        for v in typed
            .iter()
            .filter(|v| matches!(v.share, Share::Private | Share::Lastprivate | Share::NormIv | Share::NormUb))
        {
            let c = self.alloca_for(loop_first, v.ty, &format!("{}.priv", v.orig.get_name().to_string_lossy()), v.orig);
            self.privatize_uses(v.orig, c, loop_blocks, term);
            match v.share {
                Share::NormIv => {}
                Share::NormUb => ub_copy = Some(c),
                _ => out.push((v.orig, c)),
            }
        }
        // Each task's bounds, from its block.
        let b = self.at(init);
        let lo = b
            .build_load(self.rt.i64, layout.loop_field(b, placeholder, LoopField::Lb), "omp.taskloop.lb")
            .expect("positioned");
        let hi = b
            .build_load(self.rt.i64, layout.loop_field(b, placeholder, LoopField::Ub), "omp.taskloop.ub")
            .expect("positioned");
        let lo = b.build_int_truncate_or_bit_cast(lo.into_int_value(), ivt, "").expect("positioned");
        let hi = b.build_int_truncate_or_bit_cast(hi.into_int_value(), ivt, "").expect("positioned");
        b.build_store(ub_copy.expect("planned"), hi).expect("positioned");
        init.set_operand(0, lo);
        (placeholder, out)
    }

    /// At the end of the tasks' body: when this task held the last
    /// iteration (`liter`), each lastprivate copy goes to its original.
    fn taskloop_copy_out(
        &self,
        layout: &TaskBlock<'ctx>,
        task: PointerValue<'ctx>,
        fini: BasicBlock<'ctx>,
        lasts: &[(PointerValue<'ctx>, BasicTypeEnum<'ctx>)],
        copies: &[(PointerValue<'ctx>, PointerValue<'ctx>)],
    ) {
        let term = fini.get_terminator().expect("terminator");
        let b = self.at(term);
        let liter = b
            .build_load(self.rt.i32, layout.loop_field(b, task, LoopField::Liter), "omp.taskloop.liter")
            .expect("positioned");
        let last = b
            .build_int_compare(IntPredicate::NE, liter.into_int_value(), self.rt.i32.const_zero(), "")
            .expect("positioned");
        let (then, _) = self.if_then(last, term, "omp.taskloop.lastprivate");
        let at = then.get_terminator().expect("a branch");
        for &(orig, ty) in lasts {
            let src = copies.iter().find(|c| c.0 == orig).expect("a copy for every lastprivate item").1;
            copy(self.at(at), ty, orig, src);
        }
    }

    /// Replaces `call` (the body call CodeExtractor left, after the code
    /// before the loop) by the pattern task's bounds and `__kmpc_taskloop`,
    /// then the end of the implicit taskgroup.
    #[allow(clippy::too_many_arguments)]
    fn spawn_taskloop(
        &mut self,
        plan: &Plan,
        layout: &TaskBlock<'ctx>,
        block: PointerValue<'ctx>,
        call: InstructionValue<'ctx>,
        (lb0, unsigned): (IntValue<'ctx>, bool),
        dup: llvm_plugin::inkwell::values::FunctionValue<'ctx>,
        (ident, gtid): (PointerValue<'ctx>, IntValue<'ctx>),
    ) -> Res<String> {
        let tl = &plan.task.taskloop;
        let (i32t, i64t) = (self.rt.i32, self.rt.i64);
        let ub_slot = plan.vars.iter().find(|v| v.share == Share::NormUb).expect("planned");
        let ub_orig = self.value(ub_slot.var).into_pointer_value();
        self.b.position_before(&call);
        let b = &self.b;
        let widen = |v: IntValue<'ctx>, n: &str| {
            if unsigned {
                b.build_int_z_extend_or_bit_cast(v, i64t, n).expect("positioned")
            } else {
                b.build_int_s_extend_or_bit_cast(v, i64t, n).expect("positioned")
            }
        };
        let ub0 = b.build_load(lb0.get_type(), ub_orig, "omp.taskloop.last").expect("positioned").into_int_value();
        let (lo, hi) = (widen(lb0, "omp.taskloop.first"), widen(ub0, "omp.taskloop.last64"));
        let lb_field = layout.loop_field(b, block, LoopField::Lb);
        let ub_field = layout.loop_field(b, block, LoopField::Ub);
        b.build_store(lb_field, lo).expect("positioned");
        b.build_store(ub_field, hi).expect("positioned");
        b.build_store(layout.loop_field(b, block, LoopField::St), i64t.const_int(1, false)).expect("positioned");
        b.build_store(layout.loop_field(b, block, LoopField::Liter), i32t.const_zero()).expect("positioned");
        let if_val = match plan.if_cond {
            Some(c) => {
                let t = self.truth(c);
                self.b.build_int_z_extend(t, i32t, "omp.taskloop.if").expect("positioned")
            }
            None => i32t.const_int(1, false),
        };
        let amount = match tl.amount {
            Some(v) => self.int_operand(v, i64t),
            None => i64t.const_zero(),
        };
        let sched = i32t.const_int(tl.division.sched(), false);
        // (The implicit taskgroup is weft's own, as it also holds the
        // reductions: the runtime is told nogroup.)
        let one = i32t.const_int(1, false);
        let mut args = vec![
            ident.into(),
            gtid.into(),
            block.into(),
            if_val.into(),
            lb_field.into(),
            ub_field.into(),
            i64t.const_int(1, false).into(),
            one.into(),
            sched.into(),
            amount.into(),
        ];
        let dup_ptr = dup.as_global_value().as_pointer_value();
        let entry = if tl.strict {
            args.push(one.into());
            args.push(dup_ptr.into());
            self.rt.call(&self.b, Rt::Taskloop5, &args);
            "__kmpc_taskloop_5 (strict)"
        } else {
            args.push(dup_ptr.into());
            self.rt.call(&self.b, Rt::Taskloop, &args);
            "__kmpc_taskloop"
        };
        if !tl.nogroup {
            self.rt.call(&self.b, Rt::EndTaskgroup, &[ident.into(), gtid.into()]);
        }
        call.erase_from_basic_block();
        Ok(format!("{entry}{}", if tl.nogroup { " (nogroup)" } else { " in a taskgroup" }))
    }
}
