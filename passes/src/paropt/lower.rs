//! Lowers one W-Region by its plan: synchronization constructs in place
//! (component I), privatization (III), loop partitioning (IV) and outlining
//! into a microtask forked through libomp (V). Callers lower innermost
//! regions first and re-analyze between rounds, so a region's blocks and
//! directive calls are those of a fresh analysis.
use hashbrown::HashMap;
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::{FloatPredicate, IntPredicate};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::group::is_directive_intrinsic;
use weft_intrinsics::model::ValueId;
use weft_intrinsics::vocab::{DirKind, ProcBind, ReductionOp};
use weft_intrinsics::{Rule, WeftError};

use super::plan::{Construct, Plan, Share};
use super::runtime::{self, Runtime};
use crate::wregion::{Analysis, WRegion};

type Res<T> = Result<T, WeftError>;

/// The name of a region's prologue block (see `first_block`).
const PROLOGUE: &str = "omp.region.entry";

pub struct Lowerer<'a, 'ctx> {
    pub rt: Runtime<'a, 'ctx>,
    pub b: Builder<'ctx>,
    /// What the region being lowered became, for its remark.
    notes: Vec<String>,
}

/// The blocks of a region after `normalize`: `s` holds the BEGIN group and
/// branches to `first` (whose only predecessor it is); every path through
/// the body reaches `fini`, which branches to `end`, which holds the END group.
#[derive(Clone, Copy)]
struct Shape<'ctx> {
    s: BasicBlock<'ctx>,
    first: BasicBlock<'ctx>,
    fini: BasicBlock<'ctx>,
    end: BasicBlock<'ctx>,
}

/// Where a partitioned loop ends: `chunk_end` runs after each chunk, with
/// `last` (an i32) nonzero when that chunk held the sequentially last
/// iteration; `fini` runs once per thread after its last chunk.
struct LoopEnds<'ctx> {
    chunk_end: BasicBlock<'ctx>,
    last: PointerValue<'ctx>,
    fini: BasicBlock<'ctx>,
}

/// A private copy made for one variable.
struct Private<'ctx> {
    orig: PointerValue<'ctx>,
    copy: PointerValue<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    share: Share,
}

fn err(rule: Rule, construct: &str, detail: impl Into<String>) -> WeftError {
    WeftError::new(rule, construct, detail.into())
}

fn directive_calls_between<'ctx>(first: ValueId, last: ValueId) -> Vec<InstructionValue<'ctx>> {
    // SAFETY: the span's calls come from a fresh analysis of this function.
    let (mut cur, last) = unsafe { (Some(ffi::instruction(first)), ffi::instruction(last)) };
    let mut out = Vec::new();
    while let Some(i) = cur {
        if ffi::called_function_name(Value::of_instruction(i)).is_some_and(|n| is_directive_intrinsic(&n)) {
            out.push(i);
        }
        if i == last {
            break;
        }
        cur = i.get_next_instruction();
    }
    out
}

/// Blocks reachable from `from` without entering `stop`, `from` first.
fn blocks_between<'ctx>(
    f: FunctionValue<'ctx>,
    from: BasicBlock<'ctx>,
    stop: BasicBlock<'ctx>,
) -> Vec<BasicBlock<'ctx>> {
    let by_id: HashMap<ffi::BlockId, BasicBlock<'ctx>> =
        f.get_basic_blocks().into_iter().map(|b| (ffi::block_id(b), b)).collect();
    let mut seen = hashbrown::HashSet::new();
    seen.insert(ffi::block_id(from));
    seen.insert(ffi::block_id(stop));
    let mut out = vec![from];
    let mut i = 0;
    while i < out.len() {
        for s in ffi::successors(out[i]) {
            if seen.insert(s) {
                out.push(by_id[&s]);
            }
        }
        i += 1;
    }
    out
}

fn first_non_alloca(bb: BasicBlock<'_>) -> Option<InstructionValue<'_>> {
    let mut cur = bb.get_first_instruction();
    while let Some(i) = cur {
        if i.get_opcode() != InstructionOpcode::Alloca {
            return Some(i);
        }
        cur = i.get_next_instruction();
    }
    None
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    pub fn new(rt: Runtime<'a, 'ctx>) -> Self {
        let b = rt.ctx.create_builder();
        Lowerer { rt, b, notes: Vec::new() }
    }

    fn at(&self, i: InstructionValue<'ctx>) -> &Builder<'ctx> {
        self.b.position_before(&i);
        &self.b
    }

    fn before_terminator(&self, bb: BasicBlock<'ctx>) -> &Builder<'ctx> {
        self.at(bb.get_terminator().expect("a block of a verified function has a terminator"))
    }

    /// The region's prologue block right after its BEGIN group: `s` is its
    /// only predecessor and it holds nothing of the body, so code placed
    /// before its terminator runs once per encounter, before the body.
    /// Created once (named `omp.region.entry`), then found again.
    fn first_block(&self, s: BasicBlock<'ctx>) -> BasicBlock<'ctx> {
        let term = s.get_terminator().expect("terminator");
        if term.get_opcode() == InstructionOpcode::Br && term.get_num_operands() == 1 {
            if let Some(next) = term.get_operand(0).and_then(|o| o.right()) {
                if ffi::has_only_predecessor(next, s) && next.get_name().to_string_lossy().starts_with(PROLOGUE) {
                    return next;
                }
            }
        }
        ffi::split_block_before(term, PROLOGUE)
    }

    /// Where allocas and the thread id of code in region `r` live: the first
    /// block of the innermost enclosing parallel region (the entry of the
    /// microtask it becomes), else the function's entry.
    fn home(&self, a: &Analysis<'ctx>, r: Option<usize>) -> BasicBlock<'ctx> {
        let mut cur = r;
        while let Some(i) = cur {
            let reg = &a.graph.regions[i];
            if matches!(reg.kind, DirKind::Parallel | DirKind::ParallelLoop) {
                let s = a.scan.handles[reg.entry.block];
                return self.first_block(s);
            }
            cur = reg.parent;
        }
        a.scan.handles[0]
    }

    /// The thread id in `home`: one `__kmpc_global_thread_num` call after its
    /// allocas (inside an outlined body it becomes a load of the gtid argument).
    fn gtid(&mut self, home: BasicBlock<'ctx>, fname: &str) -> IntValue<'ctx> {
        let mut cur = home.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::Call
                && ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some("__kmpc_global_thread_num")
            {
                return i.as_any_value_enum().into_int_value();
            }
            if i.get_opcode() != InstructionOpcode::Alloca {
                break;
            }
            cur = i.get_next_instruction();
        }
        let ident = self.rt.ident(fname, home.get_first_instruction(), runtime::IDENT_KMPC);
        let pos = first_non_alloca(home).expect("a block has a terminator");
        let b = self.at(pos);
        self.rt.call_i32(b, "__kmpc_global_thread_num", &[ident.into()])
    }

    fn alloca(&self, home: BasicBlock<'ctx>, ty: BasicTypeEnum<'ctx>, name: &str) -> PointerValue<'ctx> {
        match home.get_first_instruction() {
            Some(i) => self.b.position_before(&i),
            None => self.b.position_at_end(home),
        }
        self.b.build_alloca(ty, name).expect("positioned")
    }

    /// Splits `at`'s block before `at` and runs a new `then` block between
    /// the two halves only when `cond` (computed before `at`) holds. Returns
    /// `then` (ending in a branch to the tail) and the tail, which starts with `at`.
    fn if_then(
        &self,
        cond: IntValue<'ctx>,
        at: InstructionValue<'ctx>,
        name: &str,
    ) -> (BasicBlock<'ctx>, BasicBlock<'ctx>) {
        let head = at.get_parent().expect("in a block");
        let tail = ffi::split_block_before(at, &format!("{name}.done"));
        let then = self.rt.ctx.insert_basic_block_after(head, name);
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        self.b.position_at_end(head);
        self.b.build_conditional_branch(cond, then, tail).expect("positioned");
        self.b.position_at_end(then);
        self.b.build_unconditional_branch(tail).expect("positioned");
        (then, tail)
    }

    /// Gives the region the shape of `Shape`.
    fn normalize(&self, a: &Analysis<'ctx>, r: &WRegion) -> Res<Shape<'ctx>> {
        let name = r.kind.begin_name();
        let exit = r.exit.ok_or_else(|| {
            err(
                Rule::NotYetSupported,
                name,
                "a region that never reaches its END (it ends in unreachable or loops forever)",
            )
        })?;
        let s = a.scan.handles[r.entry.block];
        let first = self.first_block(s);
        // SAFETY: the END group's first call, from a fresh analysis.
        let end_first = unsafe { ffi::instruction(exit.span.first) };
        let e = end_first.get_parent().expect("in a block");
        let end = ffi::split_block_before(end_first, &format!("{}", r.kind.end_name().unwrap_or("END")));
        Ok(Shape { s, first, fini: e, end })
    }

    /// A critical construct's name ("" when unnamed): the metadata string, or
    /// the C string the pointer operand names.
    fn critical_name(&self, plan: &Plan) -> String {
        match &plan.name {
            None => String::new(),
            Some(n) => match n.md_string() {
                Some(s) => s.to_string(),
                None => ffi::c_string(self.value(n.value)).unwrap_or_else(|| n.text.clone()),
            },
        }
    }

    /// The type of a data-sharing record's variable: `:TYPED`'s element type
    /// (an array of `count` of them), else the alloca's or global's own type.
    fn var_type(&self, v: &super::plan::Var) -> Option<BasicTypeEnum<'ctx>> {
        match v.elem {
            Some(e) if v.count > 1 => Some(self.value(e).get_type().array_type(v.count).into()),
            Some(e) => Some(self.value(e).get_type()),
            None => ffi::memory_type(self.value(v.var)),
        }
    }

    fn value(&self, id: ValueId) -> BasicValueEnum<'ctx> {
        // SAFETY: operands of a directive from a fresh analysis of this function.
        unsafe { ffi::basic_value(id) }
    }

    fn int_operand(&self, id: ValueId, to: IntType<'ctx>) -> IntValue<'ctx> {
        let v = self.value(id).into_int_value();
        if v.get_type() == to {
            v
        } else {
            self.b.build_int_cast_sign_flag(v, to, v.get_type().get_bit_width() > 1, "").expect("positioned")
        }
    }

    fn truth(&self, id: ValueId) -> IntValue<'ctx> {
        let v = self.value(id).into_int_value();
        if v.get_type().get_bit_width() == 1 {
            return v;
        }
        self.b.build_int_compare(IntPredicate::NE, v, v.get_type().const_zero(), "if.cond").expect("positioned")
    }

    /// Lowers region `r` of analysis `a` by `plan`.
    pub fn lower(&mut self, a: &Analysis<'ctx>, r: usize, plan: &Plan) -> Res<()> {
        let reg = &a.graph.regions[r];
        let fname = a.graph.function.clone();
        let f = a.scan.handles[0].get_parent().expect("in a function");
        let mut calls = directive_calls_between(reg.entry.span.first, reg.entry.span.last);
        if let Some(x) = reg.exit.filter(|x| x.span != reg.entry.span) {
            calls.extend(directive_calls_between(x.span.first, x.span.last));
        }
        let begin_call = calls[0];
        self.notes.clear();
        let shape = self.normalize(a, reg)?;
        let outer_home = self.home(a, reg.parent);
        let outer_gtid = |me: &mut Self| me.gtid(outer_home, &fname);
        match plan.construct {
            Construct::Master | Construct::Masked | Construct::Single => {
                // Threads that skip the region must still see values used after it.
                let body = blocks_between(f, shape.first, shape.end);
                let at = shape.end.get_first_instruction().expect("the END group");
                if let Some(v) = ffi::recompute_escaping(&body, at) {
                    return Err(err(
                        Rule::NotYetSupported,
                        reg.kind.begin_name(),
                        format!(
                            "{} is computed inside the region and used after it, but only one thread runs the \
                             region: pass it through a shared variable",
                            v.print_to_string().to_string_lossy().trim()
                        ),
                    )
                    .at(reg.entry.span.first));
                }
                let gtid = outer_gtid(self);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let (enter, exit) = match plan.construct {
                    Construct::Master => ("__kmpc_master", "__kmpc_end_master"),
                    Construct::Masked => ("__kmpc_masked", "__kmpc_end_masked"),
                    _ => ("__kmpc_single", "__kmpc_end_single"),
                };
                let b = self.before_terminator(shape.s);
                let mut args = vec![ident.into(), gtid.into()];
                if plan.construct == Construct::Masked {
                    args.push(match plan.filter {
                        Some(fv) => self.int_operand(fv, self.rt.i32).into(),
                        None => self.rt.i32.const_zero().into(),
                    });
                }
                let b = &*b;
                let got = self.rt.call_i32(b, enter, &args);
                let go = b.build_int_compare(IntPredicate::NE, got, self.rt.i32.const_zero(), "").expect("positioned");
                shape.s.get_terminator().expect("terminator").erase_from_basic_block();
                self.b.position_at_end(shape.s);
                self.b.build_conditional_branch(go, shape.first, shape.end).expect("positioned");
                let b = self.before_terminator(shape.fini);
                self.rt.call(b, exit, None, &[ident.into(), gtid.into()]);
                let copyprivate: Vec<&super::plan::Var> =
                    plan.vars.iter().filter(|v| v.share == Share::Copyprivate).collect();
                if !copyprivate.is_empty() {
                    // __kmpc_copyprivate broadcasts and synchronizes (it has
                    // the barriers), so single needs no barrier of its own.
                    self.copyprivate(&copyprivate, shape, outer_home, gtid, ident, &fname, reg.kind.begin_name())?;
                } else if plan.construct == Construct::Single && !plan.nowait {
                    let bid = self.rt.ident(
                        &fname,
                        Some(begin_call),
                        runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_SINGLE,
                    );
                    let b = self.before_terminator(shape.end);
                    self.rt.call(b, "__kmpc_barrier", None, &[bid.into(), gtid.into()]);
                }
            }
            Construct::Critical => {
                let gtid = outer_gtid(self);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let name = self.critical_name(plan);
                let lock = self.rt.critical_lock(&name);
                let b = self.before_terminator(shape.s);
                match plan.hint {
                    Some(h) => {
                        let h = self.int_operand(h, self.rt.i32);
                        self.rt.call(
                            b,
                            "__kmpc_critical_with_hint",
                            None,
                            &[ident.into(), gtid.into(), lock.into(), h.into()],
                        );
                    }
                    None => {
                        self.rt.call(b, "__kmpc_critical", None, &[ident.into(), gtid.into(), lock.into()]);
                    }
                }
                let b = self.before_terminator(shape.fini);
                self.rt.call(b, "__kmpc_end_critical", None, &[ident.into(), gtid.into(), lock.into()]);
            }
            Construct::Barrier | Construct::Taskwait | Construct::Taskyield => {
                let gtid = outer_gtid(self);
                let flags = if plan.construct == Construct::Barrier { runtime::IDENT_BARRIER_EXPL } else { 0 };
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC | flags);
                let b = self.before_terminator(shape.s);
                match plan.construct {
                    Construct::Barrier => {
                        self.rt.call(b, "__kmpc_barrier", None, &[ident.into(), gtid.into()]);
                    }
                    Construct::Taskwait => {
                        self.rt.call_i32(b, "__kmpc_omp_taskwait", &[ident.into(), gtid.into()]);
                    }
                    _ => {
                        let zero = self.rt.i32.const_zero();
                        self.rt.call_i32(b, "__kmpc_omp_taskyield", &[ident.into(), gtid.into(), zero.into()]);
                    }
                }
            }
            Construct::Flush => {
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let b = self.before_terminator(shape.s);
                self.rt.call(b, "__kmpc_flush", None, &[ident.into()]);
            }
            Construct::Atomic => {
                let (op, seq_cst) = plan.atomic;
                let note =
                    self.lower_atomic(op, seq_cst, shape.first, shape.fini).map_err(|e| e.at(reg.entry.span.first))?;
                self.notes.push(note);
            }
            Construct::Loop | Construct::ParallelLoop | Construct::Parallel => {
                self.lower_data(a, r, plan, shape, &fname, begin_call)?;
                if plan.construct.is_parallel() {
                    self.outline(f, plan, shape, outer_home, &fname, begin_call, reg.number)?;
                }
            }
        }
        let what = match plan.construct {
            Construct::Master => "lowered in place: __kmpc_master / __kmpc_end_master".to_string(),
            Construct::Masked => "lowered in place: __kmpc_masked / __kmpc_end_masked".to_string(),
            Construct::Single => format!(
                "lowered in place: __kmpc_single / __kmpc_end_single{}",
                if plan.nowait { "" } else { ", then a barrier" }
            ),
            Construct::Critical if plan.name.is_none() => {
                "lowered in place: __kmpc_critical (unnamed lock)".to_string()
            }
            Construct::Critical => {
                format!("lowered in place: __kmpc_critical on the lock of '{}'", self.critical_name(plan))
            }
            Construct::Barrier => "lowered in place: __kmpc_barrier".to_string(),
            Construct::Flush => "lowered in place: __kmpc_flush".to_string(),
            Construct::Taskwait => "lowered in place: __kmpc_omp_taskwait".to_string(),
            Construct::Taskyield => "lowered in place: __kmpc_omp_taskyield".to_string(),
            _ => String::from("lowered"),
        };
        let mut msg = format!("{} (region {}) {what}", reg.kind.begin_name(), reg.number);
        for n in self.notes.drain(..) {
            msg.push_str("; ");
            msg.push_str(&n);
        }
        ffi::remark(ffi::Remark::Passed, begin_call, "Lowered", &msg);
        if plan.vars.iter().any(|v| matches!(v.share, Share::Reduction { .. })) {
            ffi::remark(
                ffi::Remark::Missed,
                begin_call,
                "ReductionPath",
                &format!(
                    "{}: reductions combine through __kmpc_reduce_nowait without the atomic method \
                     (the runtime picks a tree or its lock)",
                    reg.kind.begin_name()
                ),
            );
        }
        ffi::erase_directive_calls(&calls);
        Ok(())
    }

    /// Privatization, and for loops partitioning, of one region.
    fn lower_data(
        &mut self,
        a: &Analysis<'ctx>,
        r: usize,
        plan: &Plan,
        shape: Shape<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> Res<()> {
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        let home = if plan.construct.is_parallel() { shape.first } else { self.home(a, reg.parent) };
        let f = shape.s.get_parent().expect("in a function");
        // Types first: nothing changes before every variable is known.
        let mut typed = Vec::new();
        for v in &plan.vars {
            let orig = self.value(v.var);
            let ty = self.var_type(v).ok_or_else(|| {
                err(
                    Rule::OperandKind,
                    &v.clause,
                    format!(
                        "cannot tell the type of {}: give it as `{}:TYPED`",
                        orig.print_to_string().to_string_lossy(),
                        v.clause.split(':').next().unwrap_or(&v.clause)
                    ),
                )
                .on_directive(name)
            })?;
            if let Share::Reduction { op, .. } = v.share {
                // (An array or struct has no identity: reduction_identity refuses it.)
                reduction_identity(ty, op, false).ok_or_else(|| {
                    err(
                        Rule::OperandKind,
                        &v.clause,
                        format!(
                            "this reduction operator does not apply to type {}",
                            ty.print_to_string().to_string_lossy()
                        ),
                    )
                    .on_directive(name)
                })?;
            }
            typed.push((orig.into_pointer_value(), ty, v.share));
        }
        let body = blocks_between(f, shape.first, shape.end);
        if !typed.is_empty() {
            let counts = |f: fn(&Share) -> bool| typed.iter().filter(|t| f(&t.2)).count();
            self.notes.push(format!(
                "{} private, {} firstprivate, {} lastprivate, {} reduction variable(s)",
                counts(|s| matches!(s, Share::Private | Share::NormIv)),
                counts(|s| matches!(s, Share::Firstprivate | Share::FirstLastprivate | Share::NormUb)),
                counts(|s| matches!(s, Share::Lastprivate | Share::FirstLastprivate)),
                counts(|s| matches!(s, Share::Reduction { .. })),
            ));
        }
        let mut privs = Vec::new();
        for (orig, ty, share) in typed {
            let copy = self.alloca(home, ty, &format!("{}.priv", orig.get_name().to_string_lossy()));
            ffi::replace_uses_in_blocks(orig, copy, &body);
            let at = shape.first.get_terminator().expect("terminator");
            ffi::rematerialize_derived(orig, copy, &body, at);
            privs.push(Private { orig, copy, ty, share });
        }
        // Copy-in and reduction identities, each time the construct is entered.
        let b = self.before_terminator(shape.first);
        for p in &privs {
            match p.share {
                Share::Firstprivate | Share::FirstLastprivate | Share::NormUb => copy(b, p.ty, p.copy, p.orig),
                Share::Reduction { op, unsigned } => {
                    let id = reduction_identity(p.ty, op, unsigned).expect("checked above");
                    b.build_store(p.copy, id).expect("positioned");
                }
                _ => {}
            }
        }
        let gtid = self.gtid(home, fname);
        let ends = if plan.construct.is_loop() {
            Some(self.partition(plan, shape, &privs, home, gtid, fname, begin_call, name)?)
        } else {
            None
        };
        // Copy-out at the end of the chunk that holds the sequentially last
        // iteration (not once per thread: under dynamic schedules the thread
        // that ran it may run another chunk afterwards).
        let outs: Vec<&Private> =
            privs.iter().filter(|p| matches!(p.share, Share::Lastprivate | Share::FirstLastprivate)).collect();
        if let (Some(ends), false) = (&ends, outs.is_empty()) {
            let at = ends.chunk_end;
            let b = self.before_terminator(at);
            let flag = b.build_load(self.rt.i32, ends.last, "omp.is.last").expect("positioned").into_int_value();
            let is_last =
                b.build_int_compare(IntPredicate::NE, flag, self.rt.i32.const_zero(), "").expect("positioned");
            let (then, _) = self.if_then(is_last, at.get_terminator().expect("terminator"), "lastprivate.copyout");
            let b = self.before_terminator(then);
            for p in outs {
                copy(b, p.ty, p.orig, p.copy);
            }
        }
        let fini = ends.map_or(shape.fini, |e| e.fini);
        // Reductions through the runtime: __kmpc_reduce_nowait returns 1 on the
        // thread(s) that must combine into the originals (all of them in
        // turn under its lock, or one after a tree reduction that calls the
        // generated combiner), 0 elsewhere.
        let reds: Vec<&Private> = privs.iter().filter(|p| matches!(p.share, Share::Reduction { .. })).collect();
        if !reds.is_empty() {
            let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC);
            let lock = self.rt.critical_lock(".weft.reduction");
            let ptr = self.rt.ptr;
            let list_ty = ptr.array_type(reds.len() as u32);
            let list = self.alloca(home, list_ty.into(), "omp.reduction.list");
            let combiner = self.reduce_fn(&reds, fname);
            let b = self.before_terminator(fini);
            for (k, p) in reds.iter().enumerate() {
                let i = self.rt.i64.const_int(k as u64, false);
                // SAFETY: in bounds of the [n x ptr] list just allocated.
                let slot =
                    unsafe { b.build_gep(list_ty, list, &[self.rt.i64.const_zero(), i], "") }.expect("positioned");
                b.build_store(slot, p.copy).expect("positioned");
            }
            let n = self.rt.i32.const_int(reds.len() as u64, false);
            let size = self.rt.i64.const_int(8 * reds.len() as u64, false);
            let fnptr = combiner.as_global_value().as_pointer_value();
            let r = self.rt.call_i32(
                b,
                "__kmpc_reduce_nowait",
                &[ident.into(), gtid.into(), n.into(), size.into(), list.into(), fnptr.into(), lock.into()],
            );
            let one = b
                .build_int_compare(IntPredicate::EQ, r, self.rt.i32.const_int(1, false), "omp.reduce.mine")
                .expect("positioned");
            let two = b
                .build_int_compare(IntPredicate::EQ, r, self.rt.i32.const_int(2, false), "omp.reduce.atomic")
                .expect("positioned");
            let (then, tail) = self.if_then(one, fini.get_terminator().expect("terminator"), "omp.reduce.combine");
            let b = self.before_terminator(then);
            self.combine_into_originals(b, &reds);
            self.rt.call(b, "__kmpc_end_reduce_nowait", None, &[ident.into(), gtid.into(), lock.into()]);
            // 2 (the atomic method) is not asked for (no KMP_IDENT_ATOMIC_REDUCE);
            // should a runtime answer it anyway, combine under the same lock.
            let (atomic, _) = self.if_then(two, tail.get_terminator().expect("terminator"), "omp.reduce.atomic");
            let b = self.before_terminator(atomic);
            self.rt.call(b, "__kmpc_critical", None, &[ident.into(), gtid.into(), lock.into()]);
            self.combine_into_originals(b, &reds);
            self.rt.call(b, "__kmpc_end_critical", None, &[ident.into(), gtid.into(), lock.into()]);
        }
        if plan.construct == Construct::Loop && !plan.nowait {
            let bid = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
            let b = self.before_terminator(shape.end);
            self.rt.call(b, "__kmpc_barrier", None, &[bid.into(), gtid.into()]);
        }
        Ok(())
    }
}

/// `*dst = *src` for a variable of type `ty`: a load and a store for a
/// scalar, a memcpy for an array or struct.
fn copy<'ctx>(b: &Builder<'ctx>, ty: BasicTypeEnum<'ctx>, dst: PointerValue<'ctx>, src: PointerValue<'ctx>) {
    if matches!(ty, BasicTypeEnum::ArrayType(_) | BasicTypeEnum::StructType(_) | BasicTypeEnum::VectorType(_)) {
        let size = ty.size_of().expect("a sized type");
        b.build_memcpy(dst, 1, src, 1, size).expect("positioned");
    } else {
        let v = b.build_load(ty, src, "copy").expect("positioned");
        b.build_store(dst, v).expect("positioned");
    }
}

/// The identity of `op` on `ty` (None if `op` does not apply to `ty`).
fn reduction_identity<'ctx>(ty: BasicTypeEnum<'ctx>, op: ReductionOp, unsigned: bool) -> Option<BasicValueEnum<'ctx>> {
    use ReductionOp as R;
    match ty {
        BasicTypeEnum::IntType(t) => {
            let bits = t.get_bit_width();
            let v = match op {
                R::Add | R::Sub | R::Or | R::Bor | R::Bxor => t.const_zero(),
                R::Mul | R::And => t.const_int(1, false),
                R::Band => t.const_all_ones(),
                R::Max if unsigned => t.const_zero(),
                R::Max => t.const_int(1u64 << (bits - 1), false),
                R::Min if unsigned => t.const_all_ones(),
                R::Min => t.const_int(if bits >= 64 { i64::MAX as u64 } else { (1u64 << (bits - 1)) - 1 }, false),
                R::Udr => return None,
            };
            Some(v.into())
        }
        BasicTypeEnum::FloatType(t) => Some(
            match op {
                R::Add | R::Sub => t.const_float(0.0),
                R::Mul => t.const_float(1.0),
                R::Max => t.const_float(f64::NEG_INFINITY),
                R::Min => t.const_float(f64::INFINITY),
                _ => return None,
            }
            .into(),
        ),
        _ => None,
    }
}

/// `x op y`.
fn combine<'ctx>(
    b: &Builder<'ctx>,
    op: ReductionOp,
    unsigned: bool,
    x: BasicValueEnum<'ctx>,
    y: BasicValueEnum<'ctx>,
) -> BasicValueEnum<'ctx> {
    use ReductionOp as R;
    let ok = "positioned";
    match (x, y) {
        (BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            let t = x.get_type();
            let v = match op {
                R::Add | R::Sub => b.build_int_add(x, y, "red").expect(ok),
                R::Mul => b.build_int_mul(x, y, "red").expect(ok),
                R::Band => b.build_and(x, y, "red").expect(ok),
                R::Bor => b.build_or(x, y, "red").expect(ok),
                R::Bxor => b.build_xor(x, y, "red").expect(ok),
                R::And | R::Or => {
                    let zx = b.build_int_compare(IntPredicate::NE, x, t.const_zero(), "").expect(ok);
                    let zy = b.build_int_compare(IntPredicate::NE, y, t.const_zero(), "").expect(ok);
                    let c = if op == R::And {
                        b.build_and(zx, zy, "").expect(ok)
                    } else {
                        b.build_or(zx, zy, "").expect(ok)
                    };
                    b.build_int_z_extend(c, t, "red").expect(ok)
                }
                R::Max | R::Min => {
                    let pred = match (op, unsigned) {
                        (R::Max, false) => IntPredicate::SGT,
                        (R::Max, true) => IntPredicate::UGT,
                        (_, false) => IntPredicate::SLT,
                        (_, true) => IntPredicate::ULT,
                    };
                    let c = b.build_int_compare(pred, x, y, "").expect(ok);
                    b.build_select(c, x, y, "red").expect(ok).into_int_value()
                }
                R::Udr => unreachable!("refused by the plan"),
            };
            v.into()
        }
        (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => match op {
            R::Add | R::Sub => b.build_float_add(x, y, "red").expect(ok).into(),
            R::Mul => b.build_float_mul(x, y, "red").expect(ok).into(),
            R::Max | R::Min => {
                let pred = if op == R::Max { FloatPredicate::OGT } else { FloatPredicate::OLT };
                let c = b.build_float_compare(pred, x, y, "").expect(ok);
                b.build_select(c, x, y, "red").expect(ok)
            }
            _ => unreachable!("refused by reduction_identity"),
        },
        _ => unreachable!("reduction types are checked"),
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Partitions the normalized loop of a worksharing region among the
    /// team's threads: the loop's own code is kept; its IV starts at each
    /// chunk's lower bound and its (private) upper-bound slot holds each
    /// chunk's upper bound. Returns where finalization code goes and how to
    /// read the last-iteration flag there.
    #[allow(clippy::too_many_arguments)]
    fn partition(
        &mut self,
        plan: &Plan,
        shape: Shape<'ctx>,
        privs: &[Private<'ctx>],
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
        name: &str,
    ) -> Res<LoopEnds<'ctx>> {
        let iv = privs.iter().find(|p| p.share == Share::NormIv).expect("planned");
        let ub = privs.iter().find(|p| p.share == Share::NormUb).expect("planned");
        let BasicTypeEnum::IntType(t) = iv.ty else {
            return Err(err(Rule::OperandKind, "QUAL.OMP.NORMALIZED.IV", "the normalized IV must be an integer")
                .on_directive(name));
        };
        if ub.ty != iv.ty || !matches!(t.get_bit_width(), 32 | 64) {
            return Err(err(
                Rule::OperandKind,
                "QUAL.OMP.NORMALIZED.UB",
                "the normalized IV and upper bound must both be i32 or both i64",
            )
            .on_directive(name));
        }
        let init = find_iv_init(shape.first, iv.copy).ok_or_else(|| {
            err(
                Rule::NotYetSupported,
                name,
                "cannot find the store that starts the normalized IV before the loop (the trip count cannot be computed)",
            )
        })?;
        let f = shape.s.get_parent().expect("in a function");
        let unsigned = compares_unsigned(&blocks_between(f, shape.first, shape.end), iv.copy);
        let sfx = format!("_{}{}", if t.get_bit_width() == 32 { 4 } else { 8 }, if unsigned { "u" } else { "" });
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_WORK_LOOP);
        let i32t = self.rt.i32;
        let lo = self.alloca(home, t.into(), "omp.lo");
        let hi = self.alloca(home, t.into(), "omp.hi");
        let st = self.alloca(home, t.into(), "omp.stride");
        let last = self.alloca(home, i32t.into(), "omp.last");
        let one = t.const_int(1, false);
        let start = init.get_operand(0).and_then(|o| o.left()).expect("a store's value").into_int_value();
        let sched = plan.schedule;
        self.notes.push(format!(
            "loop partitioned, schedule {:?}{} (sched_type {}), {}{} IV, through {}",
            sched.kind,
            if sched.chunk.is_some() { " with a chunk" } else { "" },
            sched.sched_type(),
            if unsigned { "unsigned " } else { "signed " },
            iv.ty.print_to_string().to_string_lossy(),
            if sched.is_plain_static() {
                format!("__kmpc_for_static_init{sfx}")
            } else {
                format!("__kmpc_dispatch_init{sfx}/__kmpc_dispatch_next{sfx}")
            }
        ));
        let b = self.at(init);
        let ub0 = b.build_load(t, ub.copy, "omp.ub0").expect("positioned").into_int_value();
        b.build_store(last, i32t.const_zero()).expect("positioned");
        if sched.is_plain_static() {
            b.build_store(lo, start).expect("positioned");
            b.build_store(hi, ub0).expect("positioned");
            b.build_store(st, one).expect("positioned");
            let kind = i32t.const_int(sched.sched_type() as u64, false);
            self.rt.call(
                b,
                &format!("__kmpc_for_static_init{sfx}"),
                None,
                &[
                    ident.into(),
                    gtid.into(),
                    kind.into(),
                    last.into(),
                    lo.into(),
                    hi.into(),
                    st.into(),
                    one.into(),
                    one.into(),
                ],
            );
            let nlo = b.build_load(t, lo, "omp.chunk.lo").expect("positioned");
            let nhi = b.build_load(t, hi, "omp.chunk.hi").expect("positioned");
            b.build_store(ub.copy, nhi).expect("positioned");
            init.set_operand(0, nlo);
            let b = self.before_terminator(shape.fini);
            self.rt.call(b, "__kmpc_for_static_fini", None, &[ident.into(), gtid.into()]);
            return Ok(LoopEnds { chunk_end: shape.fini, last, fini: shape.fini });
        }
        // A chunk loop around the loop: dispatch_next hands out chunks until none is left.
        let chunk = match sched.chunk {
            Some(c) => self.int_operand(c, t),
            None => one,
        };
        let b = &self.b;
        let kind = i32t.const_int(sched.sched_type() as u64, false);
        self.rt.call(
            b,
            &format!("__kmpc_dispatch_init{sfx}"),
            None,
            &[ident.into(), gtid.into(), kind.into(), start.into(), ub0.into(), one.into(), chunk.into()],
        );
        let head = init.get_parent().expect("in a block");
        let chunk_bb = ffi::split_block_before(init, "omp.chunk");
        let dispatch = self.rt.ctx.insert_basic_block_after(head, "omp.dispatch");
        let done = self.rt.ctx.insert_basic_block_after(shape.fini, "omp.loop.done");
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        self.b.position_at_end(head);
        self.b.build_unconditional_branch(dispatch).expect("positioned");
        self.b.position_at_end(dispatch);
        let b = &self.b;
        b.build_store(last, i32t.const_zero()).expect("positioned");
        let more = self.rt.call_i32(
            b,
            &format!("__kmpc_dispatch_next{sfx}"),
            &[ident.into(), gtid.into(), last.into(), lo.into(), hi.into(), st.into()],
        );
        let go = b.build_int_compare(IntPredicate::NE, more, i32t.const_zero(), "omp.more").expect("positioned");
        b.build_conditional_branch(go, chunk_bb, done).expect("positioned");
        let b = self.at(init);
        let nlo = b.build_load(t, lo, "omp.chunk.lo").expect("positioned");
        let nhi = b.build_load(t, hi, "omp.chunk.hi").expect("positioned");
        b.build_store(ub.copy, nhi).expect("positioned");
        init.set_operand(0, nlo);
        // The loop's exit goes back for the next chunk.
        let end = shape.fini.get_terminator().expect("terminator");
        end.erase_from_basic_block();
        self.b.position_at_end(shape.fini);
        self.b.build_unconditional_branch(dispatch).expect("positioned");
        self.b.position_at_end(done);
        self.b.build_unconditional_branch(shape.end).expect("positioned");
        Ok(LoopEnds { chunk_end: shape.fini, last, fini: done })
    }

    /// SINGLE's copyprivate: a `didit` flag set by the thread that ran the
    /// region, then `__kmpc_copyprivate` with the list of this thread's
    /// variables and a generated copy function.
    #[allow(clippy::too_many_arguments)]
    fn copyprivate(
        &mut self,
        vars: &[&super::plan::Var],
        shape: Shape<'ctx>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        ident: PointerValue<'ctx>,
        fname: &str,
        name: &str,
    ) -> Res<()> {
        let mut items = Vec::new();
        for v in vars {
            let orig = self.value(v.var).into_pointer_value();
            let ty = self.var_type(v).ok_or_else(|| {
                err(Rule::OperandKind, &v.clause, "cannot tell the type of this variable: give it as `:TYPED`")
                    .on_directive(name)
            })?;
            items.push((orig, ty));
        }
        let i32t = self.rt.i32;
        let didit = self.alloca(home, i32t.into(), "omp.single.didit");
        let first_call = {
            let mut cur = shape.s.get_first_instruction();
            let mut found = None;
            while let Some(i) = cur {
                if ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some("__kmpc_single") {
                    found = Some(i);
                    break;
                }
                cur = i.get_next_instruction();
            }
            found.expect("the __kmpc_single call was just made")
        };
        self.at(first_call).build_store(didit, i32t.const_zero()).expect("positioned");
        self.before_terminator(shape.fini).build_store(didit, i32t.const_int(1, false)).expect("positioned");
        let ptr = self.rt.ptr;
        let list_ty = ptr.array_type(items.len() as u32);
        let list = self.alloca(home, list_ty.into(), "omp.copyprivate.list");
        let cpy = {
            let fty = self.rt.ctx.void_type().fn_type(&[ptr.into(), ptr.into()], false);
            let f = self.rt.module.add_function(&format!("{fname}.omp.copyprivate"), fty, Some(Linkage::Internal));
            let b = self.rt.ctx.create_builder();
            b.position_at_end(self.rt.ctx.append_basic_block(f, "entry"));
            let (dst, src) = (
                f.get_nth_param(0).expect("dst").into_pointer_value(),
                f.get_nth_param(1).expect("src").into_pointer_value(),
            );
            for (k, (_, ty)) in items.iter().enumerate() {
                let idx = [self.rt.i64.const_zero(), self.rt.i64.const_int(k as u64, false)];
                // SAFETY: in bounds of the [n x ptr] lists the runtime passes back.
                let (dp, sp) = unsafe {
                    (
                        b.build_gep(list_ty, dst, &idx, "").expect("positioned"),
                        b.build_gep(list_ty, src, &idx, "").expect("positioned"),
                    )
                };
                let d = b.build_load(ptr, dp, "").expect("positioned").into_pointer_value();
                let s = b.build_load(ptr, sp, "").expect("positioned").into_pointer_value();
                copy(&b, *ty, d, s);
            }
            b.build_return(None).expect("positioned");
            f
        };
        let b = self.before_terminator(shape.end);
        for (k, (orig, _)) in items.iter().enumerate() {
            let idx = [self.rt.i64.const_zero(), self.rt.i64.const_int(k as u64, false)];
            // SAFETY: in bounds of the [n x ptr] list just allocated.
            let slot = unsafe { b.build_gep(list_ty, list, &idx, "") }.expect("positioned");
            b.build_store(slot, *orig).expect("positioned");
        }
        let flag = b.build_load(i32t, didit, "omp.single.didit").expect("positioned");
        let size = self.rt.i64.const_int(8 * items.len() as u64, false);
        let fnptr = cpy.as_global_value().as_pointer_value();
        self.rt.call(
            b,
            "__kmpc_copyprivate",
            None,
            &[ident.into(), gtid.into(), size.into(), list.into(), fnptr.into(), flag],
        );
        self.notes.push(format!("copyprivate of {} variable(s) through __kmpc_copyprivate", items.len()));
        Ok(())
    }

    /// `orig = orig op copy` for each reduction variable, at `b`.
    fn combine_into_originals(&self, b: &Builder<'ctx>, reds: &[&Private<'ctx>]) {
        for p in reds {
            let Share::Reduction { op, unsigned } = p.share else { unreachable!("reductions only") };
            let x = b.build_load(p.ty, p.orig, "red.orig").expect("positioned");
            let y = b.build_load(p.ty, p.copy, "red.priv").expect("positioned");
            let z = combine(b, op, unsigned, x, y);
            b.build_store(p.orig, z).expect("positioned");
        }
    }

    /// The combiner the runtime calls in a tree reduction:
    /// `void (ptr lhs, ptr rhs)`, both `[n x ptr]` lists of the reduction
    /// variables' copies, combining each rhs into its lhs.
    fn reduce_fn(&self, reds: &[&Private<'ctx>], fname: &str) -> FunctionValue<'ctx> {
        let ptr = self.rt.ptr;
        let ty = self.rt.ctx.void_type().fn_type(&[ptr.into(), ptr.into()], false);
        let f = self.rt.module.add_function(&format!("{fname}.omp.reduce"), ty, Some(Linkage::Internal));
        let entry = self.rt.ctx.append_basic_block(f, "entry");
        let b = self.rt.ctx.create_builder();
        b.position_at_end(entry);
        let list_ty = ptr.array_type(reds.len() as u32);
        let (lhs, rhs) = (
            f.get_nth_param(0).expect("lhs").into_pointer_value(),
            f.get_nth_param(1).expect("rhs").into_pointer_value(),
        );
        for (k, p) in reds.iter().enumerate() {
            let Share::Reduction { op, unsigned } = p.share else { unreachable!() };
            let idx = [self.rt.i64.const_zero(), self.rt.i64.const_int(k as u64, false)];
            // SAFETY: in bounds of the [n x ptr] lists the runtime passes back.
            let (lp, rp) = unsafe {
                (
                    b.build_gep(list_ty, lhs, &idx, "").expect("positioned"),
                    b.build_gep(list_ty, rhs, &idx, "").expect("positioned"),
                )
            };
            let l = b.build_load(ptr, lp, "").expect("positioned").into_pointer_value();
            let r = b.build_load(ptr, rp, "").expect("positioned").into_pointer_value();
            let x = b.build_load(p.ty, l, "").expect("positioned");
            let y = b.build_load(p.ty, r, "").expect("positioned");
            let z = combine(&b, op, unsigned, x, y);
            b.build_store(l, z).expect("positioned");
        }
        b.build_return(None).expect("positioned");
        f
    }

    /// Outlines a parallel region's body into a microtask and forks it.
    #[allow(clippy::too_many_arguments)]
    fn outline(
        &mut self,
        f: FunctionValue<'ctx>,
        plan: &Plan,
        shape: Shape<'ctx>,
        outer_home: BasicBlock<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
        number: usize,
    ) -> Res<()> {
        self.demote_outputs(&blocks_between(f, shape.first, shape.end), shape, outer_home);
        let body = blocks_between(f, shape.first, shape.end);
        let mt_name = format!("{fname}.omp_outlined.{number}");
        let (mt, call) = ffi::outline_microtask(&body, &mt_name).ok_or_else(|| {
            err(Rule::Internal, "DIR.OMP.PARALLEL", "LLVM's CodeExtractor could not outline this region")
        })?;
        let args = call.get_operand(2).and_then(|o| o.left()).expect("the microtask call's argument");
        self.notes.push(format!("outlined into @{mt_name} and forked through __kmpc_fork_call"));
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC);
        let needs_gtid = plan.num_threads.is_some() || plan.proc_bind.is_some() || plan.if_cond.is_some();
        let gtid = if needs_gtid { Some(self.gtid(outer_home, fname)) } else { None };
        let b = self.at(call);
        if let (Some(n), Some(g)) = (plan.num_threads, gtid) {
            let n = self.int_operand(n, self.rt.i32);
            self.rt.call(b, "__kmpc_push_num_threads", None, &[ident.into(), g.into(), n.into()]);
        }
        if let (Some(pb), Some(g)) = (plan.proc_bind, gtid) {
            let kind = match pb {
                ProcBind::Master => 2,
                ProcBind::Close => 3,
                ProcBind::Spread => 4,
            };
            let k = self.rt.i32.const_int(kind, false);
            self.rt.call(b, "__kmpc_push_proc_bind", None, &[ident.into(), g.into(), k.into()]);
        }
        let fork =
            self.rt.func("__kmpc_fork_call", None, &[self.rt.ptr.into(), self.rt.i32.into(), self.rt.ptr.into()], true);
        let mt_ptr = mt.as_global_value().as_pointer_value();
        let one = self.rt.i32.const_int(1, false);
        match (plan.if_cond, gtid) {
            (Some(c), Some(g)) => {
                // if(false): run the microtask on this thread, serialized.
                let head = call.get_parent().expect("in a block");
                let tail = ffi::split_block_before(call, "omp.if.end");
                let then = self.rt.ctx.insert_basic_block_after(head, "omp.if.then");
                let els = self.rt.ctx.insert_basic_block_after(then, "omp.if.else");
                head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
                self.b.position_at_end(head);
                let cond = self.truth(c);
                self.b.build_conditional_branch(cond, then, els).expect("positioned");
                self.b.position_at_end(then);
                self.b
                    .build_call(fork, &[ident.into(), one.into(), mt_ptr.into(), args.into()], "")
                    .expect("positioned");
                self.b.build_unconditional_branch(tail).expect("positioned");
                let gaddr = self.alloca(outer_home, self.rt.i32.into(), "omp.serial.gtid");
                let zaddr = self.alloca(outer_home, self.rt.i32.into(), "omp.serial.btid");
                self.b.position_at_end(els);
                self.rt.call(&self.b, "__kmpc_serialized_parallel", None, &[ident.into(), g.into()]);
                self.b.build_store(gaddr, g).expect("positioned");
                self.b.build_store(zaddr, self.rt.i32.const_zero()).expect("positioned");
                self.b.build_call(mt, &[gaddr.into(), zaddr.into(), args.into()], "").expect("positioned");
                self.rt.call(&self.b, "__kmpc_end_serialized_parallel", None, &[ident.into(), g.into()]);
                self.b.build_unconditional_branch(tail).expect("positioned");
            }
            _ => {
                let b = self.at(call);
                b.build_call(fork, &[ident.into(), one.into(), mt_ptr.into(), args.into()], "").expect("positioned");
            }
        }
        call.erase_from_basic_block();
        Ok(())
    }

    /// A value computed in the body and used after the region: the primary
    /// thread (thread 0 of the team) stores it into a slot of the encountering
    /// context, read back after the region, so it leaves the region once, not
    /// as a race between threads.
    fn demote_outputs(&mut self, body: &[BasicBlock<'ctx>], shape: Shape<'ctx>, outer_home: BasicBlock<'ctx>) {
        let inside: hashbrown::HashSet<ffi::BlockId> = body.iter().map(|&b| ffi::block_id(b)).collect();
        let mut outputs = Vec::new();
        for &bb in body {
            let mut cur = bb.get_first_instruction();
            while let Some(i) = cur {
                let escapes = ffi::users(Value::of_instruction(i)).into_iter().any(|u| {
                    // SAFETY: users of a live instruction are live instructions.
                    let ui = unsafe { ffi::instruction(u.id()) };
                    ui.get_parent().map_or(false, |p| !inside.contains(&ffi::block_id(p)))
                });
                if escapes {
                    outputs.push(i);
                }
                cur = i.get_next_instruction();
            }
        }
        if outputs.is_empty() {
            return;
        }
        let b = self.before_terminator(shape.fini);
        let tid = self.rt.call_i32(b, "omp_get_thread_num", &[]);
        let primary =
            self.b.build_int_compare(IntPredicate::EQ, tid, self.rt.i32.const_zero(), "primary").expect("positioned");
        let (then, _) = self.if_then(primary, shape.fini.get_terminator().expect("terminator"), "omp.output");
        let f = shape.s.get_parent().expect("in a function");
        let outside: Vec<BasicBlock<'ctx>> =
            f.get_basic_blocks().into_iter().filter(|b| !inside.contains(&ffi::block_id(*b)) && *b != then).collect();
        for i in outputs {
            let Ok(v) = BasicValueEnum::try_from(i.as_any_value_enum()) else { continue };
            let slot = self.alloca(outer_home, v.get_type(), "omp.output.slot");
            self.before_terminator(then).build_store(slot, v).expect("positioned");
            let first = shape.end.get_first_instruction().expect("END group");
            let back = self.at(first).build_load(v.get_type(), slot, "omp.output").expect("positioned");
            ffi::replace_uses_in_blocks(v, back, &outside);
        }
    }
}

/// The store that starts the IV: the first store to `iv` on the straight
/// path from `first` (before the loop, as normalized loops are emitted).
fn find_iv_init<'ctx>(first: BasicBlock<'ctx>, iv: PointerValue<'ctx>) -> Option<InstructionValue<'ctx>> {
    let mut seen = hashbrown::HashSet::new();
    let mut bb = first;
    loop {
        if !seen.insert(ffi::block_id(bb)) {
            return None;
        }
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::Store
                && i.get_operand(1).and_then(|o| o.left()).is_some_and(|p| p == iv.as_basic_value_enum())
            {
                return Some(i);
            }
            cur = i.get_next_instruction();
        }
        let term = bb.get_terminator()?;
        if term.get_opcode() != InstructionOpcode::Br || term.get_num_operands() != 1 {
            return None;
        }
        bb = term.get_operand(0)?.right()?;
    }
}

/// Whether the loop compares its IV unsigned (`icmp ule/ult` on a load of it).
fn compares_unsigned(body: &[BasicBlock<'_>], iv: PointerValue<'_>) -> bool {
    for &bb in body {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::ICmp {
                let loads_iv = (0..2).any(|k| {
                    i.get_operand(k).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()).is_some_and(|l| {
                        l.get_opcode() == InstructionOpcode::Load
                            && l.get_operand(0).and_then(|o| o.left()).is_some_and(|p| p == iv.as_basic_value_enum())
                    })
                });
                if loads_iv {
                    return matches!(
                        i.get_icmp_predicate(),
                        Some(IntPredicate::ULT | IntPredicate::ULE | IntPredicate::UGT | IntPredicate::UGE)
                    );
                }
            }
            cur = i.get_next_instruction();
        }
    }
    false
}
