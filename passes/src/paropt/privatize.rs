//! Privatization (paper component III): one private copy per data-sharing
//! record, in the entry of the function the region runs in; copy-in,
//! reduction identities, copy-out from the last iteration, reductions
//! through `__kmpc_reduce_nowait`, and SINGLE's copyprivate.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::intrinsics::Intrinsic;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicMetadataValueEnum, BasicValue, BasicValueEnum, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self};
use weft_intrinsics::vocab::{ClauseKind, DirKind, ReductionOp};
use weft_intrinsics::Rule;

use super::allocate::Taken;
use super::array_section;
use super::context::{
    blocks_between, copy, copy_n, err, recompute_after, Helpers, Lowerer, Private, Res, Shape, ESCAPES_LOOP,
};
use super::nonpod;
use super::partition::LoopEnds;
use super::plan::section::{self, Resolved};
use super::plan::{Construct, Plan, Share};
use super::redop::{combine, reduction_identity};
use super::reduction::{element_type, ArrayStep};
use super::runtime::{self, Rt};
use crate::wregion::Analysis;
use weft_intrinsics::model::ValueId;

/// A variable of the plan with what privatizing it needs, checked.
pub(super) struct Typed<'p, 'ctx> {
    pub(super) orig: PointerValue<'ctx>,
    pub(super) ty: BasicTypeEnum<'ctx>,
    pub(super) share: Share,
    /// An array section's first element, with the clause as written.
    pub(super) section: Option<(u64, &'p str)>,
    pub(super) nonpod: Option<Helpers<'ctx>>,
    /// A section known only at run time (a variable-length array is one of
    /// all its elements): its first element and length.
    pub(super) runtime_section: Option<(ValueId, ValueId)>,
    /// A section with strides or several dimensions, resolved, and the
    /// array's innermost element type.
    pub(super) layout: Option<(Vec<Resolved>, BasicTypeEnum<'ctx>)>,
    pub(super) byref: bool,
}

/// A threadprivate variable to copy in: the global, its type, its helpers.
type CopyIn<'ctx> = (PointerValue<'ctx>, BasicTypeEnum<'ctx>, Option<Helpers<'ctx>>);

/// The private copies of a region's variables, as `make_copies` made them.
struct Copies<'ctx> {
    privs: Vec<Private<'ctx>>,
    copyins: Vec<CopyIn<'ctx>>,
    /// Buffers of run-time sections of pointer variables, freed at the end.
    heap: Vec<PointerValue<'ctx>>,
    /// Copies taken from ALLOCATE items' allocators, given back at the end.
    taken: Vec<Taken<'ctx>>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Privatization, and for loops partitioning, of one region.
    pub(super) fn lower_data(
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
        // Types first: nothing changes before every variable is known (the
        // same checks ran before any region was lowered: precheck.rs).
        let typed = self.typed_vars(plan, name)?;
        // (A scan loop's body is split where its phases meet: paropt::scan.)
        let scan = self.scan_shape(a, r, plan, shape).map_err(|e| e.at(reg.entry.span.first))?;
        let body = blocks_between(f, shape.first, shape.end);
        if !plan.vars.is_empty() {
            // A pure computation from before the region that the region and
            // the code after it share (EarlyCSE merges `&st.vals` inside and
            // after): recomputed after the region, where it must not see the
            // private copies the region is about to get.
            ffi::recompute_pure_escaping(&body, shape.end.get_first_instruction().expect("the END group"));
        }
        if plan.construct.is_loop() {
            // Once the loop is partitioned each thread leaves it by its own
            // path (maybe without running an iteration).
            recompute_after(&body, shape, reg, ESCAPES_LOOP)?;
        }
        if !typed.is_empty() {
            let counts = |f: fn(&Share) -> bool| typed.iter().filter(|t| f(&t.share)).count();
            self.notes.push(format!(
                "{} private, {} firstprivate, {} lastprivate, {} linear, {} reduction variable(s)",
                counts(|s| matches!(s, Share::Private | Share::NormIv)),
                counts(|s| matches!(s, Share::Firstprivate | Share::FirstLastprivate | Share::NormUb)),
                counts(|s| matches!(s, Share::Lastprivate | Share::FirstLastprivate | Share::LastprivateConditional)),
                counts(|s| matches!(s, Share::Linear { .. })),
                counts(|s| matches!(s, Share::Reduction { .. })),
            ));
        }
        let Copies { privs, copyins, heap, taken } = self.make_copies(typed, plan, home, &body, shape, fname, name)?;
        let gtid = self.gtid(home, fname);
        let starts = self.initialize_copies(&privs, &copyins, shape, home, gtid, (fname, begin_call));
        // (reduction(task, ...): taskred_mod.rs.)
        let task_mod = match plan.vars.iter().any(|v| v.task) {
            true => Some(self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC)),
            false => None,
        };
        if let Some(ident) = task_mod {
            self.start_task_modifier(plan, reg.kind, &privs, home, shape.first, (ident, gtid), name)?;
        }
        let ends = if plan.construct.is_loop() {
            Some(self.partition(plan, shape, &privs, home, gtid, fname, begin_call, name)?)
        } else {
            None
        };
        let scan_run = match (&scan, &ends) {
            (Some(sc), Some(ends)) => Some(self.lower_scan(sc, &privs, ends, home, gtid, fname, begin_call)?),
            _ => None,
        };
        if !starts.is_empty() {
            self.linear_steps(&starts, &privs, &blocks_between(f, shape.first, shape.end), name)?;
        }
        // (A scan's two passes are one loop run twice: each pass over the
        // chunk is the simd loop, its scan variables private to a lane.)
        // (A scan of an aggregate keeps the chunk scalar: only scalars
        // become a lane's own.)
        let lane_private = |p: &Private<'ctx>| {
            !matches!(p.share, Share::Scan { .. })
                || matches!(p.ty, BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_))
        };
        // (An ordered simd region in it keeps each thread's chunk scalar: paropt::ordered_simd.)
        let simd = matches!(reg.kind, DirKind::LoopSimd | DirKind::ParallelLoopSimd)
            && privs.iter().all(lane_private)
            && !crate::paropt::ordered_simd::holds(a, r);
        if let (Some(ends), true) = (&ends, simd) {
            let end = match &scan_run {
                Some(run) => run.pass_end,
                None => shape.fini.get_terminator().expect("terminator"),
            };
            self.simd_chunk(reg, &privs, ends, end);
        }
        let mut fini = ends.as_ref().map_or(shape.fini, |e| e.fini);
        if let Some(ends) = &ends {
            fini = self.copy_out_last(&privs, ends, fini);
        }
        let conditional = self.lastprivate_conditional(a, r, plan, shape, &privs, home, fini, gtid, fname, name)?;
        if let Some(tail) = conditional {
            fini = tail;
        }
        if let Some(ident) = task_mod {
            self.end_task_modifier(reg.kind, fini, (ident, gtid));
        }
        let fini = self.combine_and_destroy(&privs, heap, home, gtid, fini, (fname, begin_call));
        // (Last: the copies are read up to here, reductions' by other threads
        // until __kmpc_reduce_nowait returns to them.)
        self.free_copies(fini, &taken);
        let barrier = plan.construct == Construct::Loop && (!plan.nowait || conditional.is_some());
        if barrier {
            let bid = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
            let b = self.before_terminator(shape.end);
            self.rt.barrier(b, bid, gtid);
        }
        if let Some(run) = &scan_run {
            self.scan_release(run, barrier, shape, fini, gtid, fname, begin_call);
        }
        Ok(())
    }

    /// Each variable's private copy (or threadprivate instance to copy
    /// into), with the generated functions its section or array reduction
    /// needs; the region's uses of the variable go to its copy.
    #[allow(clippy::too_many_arguments)]
    fn make_copies(
        &mut self,
        typed: Vec<Typed<'_, 'ctx>>,
        plan: &Plan,
        home: BasicBlock<'ctx>,
        body: &[BasicBlock<'ctx>],
        shape: Shape<'ctx>,
        fname: &str,
        name: &str,
    ) -> Res<Copies<'ctx>> {
        let mut privs = Vec::new();
        let mut copyins = Vec::new();
        // Buffers of run-time sections of pointer variables, freed at the end.
        let mut heap = Vec::new();
        // Copies taken from ALLOCATE items' allocators, given back at the end.
        let mut taken = Vec::new();
        for (t, v) in typed.into_iter().zip(&plan.vars) {
            let Typed { orig, ty, share, section, nonpod, runtime_section, layout, byref } = t;
            if share == Share::Copyin {
                // The global itself: each thread reaches its own instance
                // through it (the operand may be the encountering thread's).
                copyins.push((ffi::thread_local_global(orig.into()).unwrap_or(orig), ty, nonpod));
                continue;
            }
            let mut len = None;
            let (orig, copy) = match (section, runtime_section) {
                (_, Some((first, length))) => {
                    let (o, c, n, buffer) =
                        self.privatize_runtime_section(orig, ty, first, length, home, body, shape.first)?;
                    len = Some(n);
                    (o, self.heap_copy(c, buffer, v.alloc, orig, (home, fname), &mut heap, &mut taken))
                }
                (Some((first, clause)), None) => {
                    self.privatize_section(orig, ty, first, home, body, shape.first, clause, name)?
                }
                (None, None) if byref => self.privatize_byref(orig, ty, home, body, shape.first),
                (None, None) => {
                    let name = format!("{}.priv", orig.get_name().to_string_lossy());
                    let copy = self.copy_storage(home, ty, &name, orig, v.alloc, shape.first, fname, &mut taken);
                    let at = shape.first.get_terminator().expect("terminator");
                    (self.privatize_uses(orig, copy, body, at), copy)
                }
            };
            let mut p = Private { orig, copy, ty, share, array_fns: None, nonpod, len, copy_fn: None };
            if let Some((dims, elem)) = layout {
                // Only the section's elements are set, copied and combined.
                let label = format!("{fname}.omp.section");
                p.copy_fn = Some(self.section_fn(&format!("{label}.copy"), 2, elem, &dims, |b, e| {
                    super::context::copy(b, elem, e[0], e[1])
                }));
                if let Share::Reduction { op, unsigned } = share {
                    let id = reduction_identity(elem, op, unsigned).expect("checked above");
                    let init = self.section_fn(&format!("{label}.init"), 1, elem, &dims, |b, e| {
                        b.build_store(e[0], id).expect("positioned");
                    });
                    let combine = self.section_fn(&format!("{label}.combine"), 2, elem, &dims, |b, e| {
                        let x = b.build_load(elem, e[0], "").expect("positioned");
                        let y = b.build_load(elem, e[1], "").expect("positioned");
                        b.build_store(e[0], combine(b, op, unsigned, x, y)).expect("positioned");
                    });
                    p.array_fns = Some((init, combine));
                }
            } else if !matches!(share, Share::Reduction { op: ReductionOp::Udr, .. })
                && (matches!((share, ty), (Share::Reduction { .. }, BasicTypeEnum::ArrayType(_)))
                    || (len.is_some() && matches!(share, Share::Reduction { .. })))
            {
                p.array_fns = Some((
                    self.array_reduction_fn(&p, fname, ArrayStep::Identity),
                    self.array_reduction_fn(&p, fname, ArrayStep::Combine),
                ));
            }
            privs.push(p);
        }
        Ok(Copies { privs, copyins, heap, taken })
    }

    /// Copy-in, constructors and reduction identities, each time the
    /// construct is entered; the starts of linear variables (returned); a
    /// barrier where a variable read at entry is written back at the end.
    fn initialize_copies<'p>(
        &mut self,
        privs: &'p [Private<'ctx>],
        copyins: &[CopyIn<'ctx>],
        shape: Shape<'ctx>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        (fname, begin_call): (&str, InstructionValue<'ctx>),
    ) -> Vec<(&'p Private<'ctx>, PointerValue<'ctx>)> {
        // Copy-in and reduction identities, each time the construct is entered.
        let mut starts = Vec::new();
        for p in privs.iter().filter(|p| matches!(p.share, Share::Linear { .. })) {
            let start =
                self.alloca_for(home, p.ty, &format!("{}.linear.start", p.orig.get_name().to_string_lossy()), p.orig);
            starts.push((p, start));
        }
        let b = self.before_terminator(shape.first);
        for (p, start) in &starts {
            copy(b, p.ty, *start, p.orig);
        }
        for p in privs {
            match p.share {
                Share::Firstprivate | Share::FirstLastprivate if p.len.is_some() => {
                    copy_n(b, p.ty, p.copy, p.orig, p.len.expect("a length"))
                }
                Share::Firstprivate | Share::FirstLastprivate if p.copy_fn.is_some() => {
                    let f = p.copy_fn.expect("a section");
                    b.build_call(f, &[p.copy.into(), p.orig.into()], "").expect("positioned");
                }
                Share::Firstprivate | Share::FirstLastprivate => {
                    nonpod::copy_construct(b, p.nonpod, p.ty, p.copy, p.orig)
                }
                Share::NormUb => copy(b, p.ty, p.copy, p.orig),
                Share::Private | Share::Lastprivate => nonpod::construct(b, p.nonpod, p.copy),
                Share::Reduction { op: ReductionOp::Udr, .. } => nonpod::udr_init(b, p.nonpod, p.ty, p.copy, p.orig),
                Share::Reduction { op, unsigned } => match p.array_fns {
                    Some((init, _)) => {
                        let mut args: Vec<BasicMetadataValueEnum<'ctx>> = vec![p.copy.into()];
                        args.extend(p.len.map(BasicMetadataValueEnum::from));
                        b.build_call(init, &args, "").expect("positioned");
                    }
                    None => {
                        let id = reduction_identity(p.ty, op, unsigned).expect("checked above");
                        b.build_store(p.copy, id).expect("positioned");
                    }
                },
                _ => {}
            }
        }
        if !copyins.is_empty() {
            self.copy_in_threadprivate(copyins, shape, home);
        }
        // A variable read at entry and written back at the end (firstprivate
        // and lastprivate, linear): every thread reads the original before
        // any writes it back.
        if !copyins.is_empty()
            || privs.iter().any(|p| matches!(p.share, Share::FirstLastprivate | Share::Linear { .. }))
        {
            let bid = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
            let b = self.before_terminator(shape.first);
            self.rt.barrier(b, bid, gtid);
        }
        starts
    }

    /// Lastprivate and linear copy-out at the end of the chunk that holds
    /// the sequentially last iteration; returns where the thread's
    /// finalization goes on.
    fn copy_out_last(
        &mut self,
        privs: &[Private<'ctx>],
        ends: &LoopEnds<'ctx>,
        mut fini: BasicBlock<'ctx>,
    ) -> BasicBlock<'ctx> {
        // Copy-out at the end of the chunk that holds the sequentially last
        // iteration (not once per thread: under dynamic schedules the thread
        // that ran it may run another chunk afterwards).
        let outs: Vec<&Private> = privs
            .iter()
            .filter(|p| matches!(p.share, Share::Lastprivate | Share::FirstLastprivate | Share::Linear { .. }))
            .collect();
        if !outs.is_empty() {
            let at = ends.chunk_end;
            let b = self.before_terminator(at);
            let flag = b.build_load(self.rt.i32, ends.last, "omp.is.last").expect("positioned").into_int_value();
            let is_last =
                b.build_int_compare(IntPredicate::NE, flag, self.rt.i32.const_zero(), "").expect("positioned");
            let (then, tail) = self.if_then(is_last, at.get_terminator().expect("terminator"), "lastprivate.copyout");
            let b = self.before_terminator(then);
            for p in outs {
                match (p.len, p.copy_fn) {
                    (Some(n), _) => copy_n(b, p.ty, p.orig, p.copy, n),
                    (None, Some(f)) => {
                        b.build_call(f, &[p.orig.into(), p.copy.into()], "").expect("positioned");
                    }
                    (None, None) => nonpod::copy_assign(b, p.nonpod, p.ty, p.orig, p.copy),
                }
            }
            if fini == at {
                // (One block per thread: what follows comes after the copy-out.)
                fini = tail;
            }
        }
        fini
    }

    /// Each thread's non-POD copies destroyed and its reductions combined
    /// into the originals (run-time sections under a lock of their own, the
    /// others through `__kmpc_reduce_nowait`); run-time sections' buffers
    /// freed. Returns where the thread's finalization goes on.
    fn combine_and_destroy(
        &mut self,
        privs: &[Private<'ctx>],
        heap: Vec<PointerValue<'ctx>>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        mut fini: BasicBlock<'ctx>,
        (fname, begin_call): (&str, InstructionValue<'ctx>),
    ) -> BasicBlock<'ctx> {
        // Each thread's non-POD copies die as it leaves the construct (a
        // reduction's after it is combined, at the end).
        let b = self.before_terminator(fini);
        let is_udr = |p: &&Private| matches!(p.share, Share::Reduction { op: ReductionOp::Udr, .. });
        for p in privs.iter().filter(|p| !is_udr(p)) {
            nonpod::destroy(b, p.nonpod, p.copy);
        }
        // Reductions through the runtime: __kmpc_reduce_nowait returns 1 on the
        // thread(s) that must combine into the originals (all of them in
        // turn under its lock, or one after a tree reduction that calls the
        // generated combiner), 0 elsewhere.
        // Run-time sections: each thread combines its copy into the original
        // under a lock of their own (the runtime's callback has no room for
        // a length), before the other reductions.
        let sections: Vec<&Private> =
            privs.iter().filter(|p| matches!(p.share, Share::Reduction { .. }) && p.len.is_some()).collect();
        if !sections.is_empty() {
            let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC);
            let lock = self.rt.critical_lock(".weft.reduction.section");
            let b = self.before_terminator(fini);
            self.rt.with_critical(b, ident, gtid, lock, |b| {
                for p in &sections {
                    self.combine_into(b, p, p.orig, p.copy);
                }
            });
        }
        if !heap.is_empty() {
            // (After the copy-outs and the combine above; nothing after it
            // reads a section's copy: the runtime's reduction has the others.)
            let b = self.before_terminator(fini);
            for buffer in heap {
                self.rt.call(b, Rt::CFree, &[buffer.into()]);
            }
        }
        let reds: Vec<&Private> =
            privs.iter().filter(|p| matches!(p.share, Share::Reduction { .. }) && p.len.is_none()).collect();
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
                Rt::ReduceNowait,
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
            self.rt.call(b, Rt::EndReduceNowait, &[ident.into(), gtid.into(), lock.into()]);
            // 2: the atomic method (reduction_atomic.rs), which libomp is not
            // asked for (no KMP_IDENT_ATOMIC_REDUCE) and a device kernel
            // takes; what cannot be atomic combines under the same lock.
            let (atomic, tail) = self.if_then(two, tail.get_terminator().expect("terminator"), "omp.reduce.atomic");
            let b = self.before_terminator(atomic);
            let (atomic, locked): (Vec<&Private>, Vec<&Private>) =
                reds.iter().partition(|p| super::reduction_atomic::atomic_item(p));
            if !locked.is_empty() {
                self.rt.with_critical(b, ident, gtid, lock, |b| self.combine_into_originals(b, &locked));
            }
            self.combine_atomically(b, &atomic, fname);
            // (The runtime's tree reduction reads other threads' copies until
            // __kmpc_reduce_nowait returns to them: destroyed only now.)
            let b = self.before_terminator(tail);
            for p in privs.iter().filter(is_udr) {
                nonpod::destroy(b, p.nonpod, p.copy);
            }
            fini = tail;
        }
        fini
    }

    /// Each variable of the plan with its type, checked: the refusals of
    /// privatization that depend on the variables' types, before anything
    /// changes (also run by `precheck` before any region is lowered).
    pub(super) fn typed_vars<'p>(&self, plan: &'p Plan, name: &str) -> Res<Vec<Typed<'p, 'ctx>>> {
        let mut typed = Vec::new();
        for v in &plan.vars {
            let orig = self.value(v.var);
            // A variable-length array: a run-time section of all its elements.
            let vla = match (v.section, v.runtime_section, &v.layout, v.elem) {
                (None, None, None, None) => ffi::vla_length(orig.into_pointer_value()),
                _ => None,
            };
            let whole = matches!(
                v.share,
                Share::Private
                    | Share::Firstprivate
                    | Share::Lastprivate
                    | Share::FirstLastprivate
                    | Share::Reduction { .. }
            );
            if vla.is_some() && !whole {
                return Err(
                    err(Rule::NotYetSupported, &v.clause, "a variable-length array in this clause").on_directive(name)
                );
            }
            if vla.is_some() && v.nonpod.is_some() {
                return Err(err(Rule::NotYetSupported, &v.clause, "a variable-length array of non-POD items")
                    .on_directive(name));
            }
            let runtime_section = match vla {
                Some((n, _)) => Some((self.known(&self.rt.i64.const_zero()), self.known(&n))),
                None => v.runtime_section,
            };
            let ty = vla.map(|(_, elem)| elem).or_else(|| self.var_type(v)).ok_or_else(|| {
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
            // A section with strides or several dimensions: checked against
            // the array it is a section of.
            let layout = section_layout(v, ty, name)?;
            // (A user-defined reduction brings its own initializer and combiner.)
            if let Share::Reduction { op, .. } = v.share {
                if op != ReductionOp::Udr {
                    // (A struct has no identity: reduction_identity refuses it; an
                    // array is reduced element by element.)
                    let elem = layout.as_ref().map_or(element_type(ty), |l| l.1);
                    reduction_identity(elem, op, false).ok_or_else(|| {
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
            }
            if matches!(v.share, Share::Linear { .. }) && !ty.is_int_type() && !ty.is_pointer_type() {
                return Err(not_yet_linear(&v.clause, name, ty));
            }
            if v.share == Share::Copyin && !ffi::is_thread_local(orig) {
                return Err(err(
                    Rule::OperandKind,
                    &v.clause,
                    format!(
                        "{} is not a threadprivate variable (a thread_local global): COPYIN has nothing to copy into",
                        match orig {
                            BasicValueEnum::PointerValue(p) if !p.get_name().to_bytes().is_empty() => format!(
                                "{}{}",
                                if p.as_instruction_value().is_some() { "%" } else { "@" },
                                p.get_name().to_string_lossy()
                            ),
                            _ => orig.print_to_string().to_string_lossy().into_owned(),
                        }
                    ),
                )
                .on_directive(name));
            }
            let helpers = self.nonpod_helpers(v, name)?;
            typed.push(Typed {
                orig: orig.into_pointer_value(),
                ty,
                share: v.share,
                section: v.section.map(|s| (s, v.clause.as_str())),
                nonpod: helpers,
                runtime_section,
                layout,
                byref: v.byref,
            });
        }
        Ok(typed)
    }

    /// The simd part of `for simd`: threads first, then vectors on each
    /// thread's chunk. The chunk's loop becomes a `DIR.OMP.SIMD` region of
    /// its own (with the combined directive's simdlen and safelen), which
    /// weft-vectorize vectorizes later like any simd loop; the thread's
    /// reduction and lastprivate copies are its REDUCTION and LASTPRIVATE
    /// variables, so the vector loop gets copies it can keep in registers.
    fn simd_chunk(
        &self,
        reg: &crate::wregion::WRegion,
        privs: &[Private<'ctx>],
        ends: &LoopEnds<'ctx>,
        end: InstructionValue<'ctx>,
    ) {
        let mut bundles: Vec<(String, Vec<ffi::Value>)> = vec![("DIR.OMP.SIMD".to_string(), vec![])];
        for k in [ClauseKind::Simdlen, ClauseKind::Safelen] {
            if let Some(o) = reg.env.value(k) {
                bundles.push((k.name().to_string(), vec![ffi::Value::of(self.value(o.value))]));
            }
        }
        for p in privs {
            // (Typed: a copy from an allocator, paropt::allocate, is a call,
            // whose type the simd loop could not tell.)
            let tag = match p.share {
                Share::Reduction { op, unsigned } => {
                    format!("{}:TYPED{}", ClauseKind::Reduction(op).name(), if unsigned { ".UNSIGNED" } else { "" })
                }
                Share::Lastprivate | Share::FirstLastprivate | Share::Linear { .. } => {
                    format!("{}:TYPED", ClauseKind::Lastprivate.name())
                }
                // (Each iteration of either pass sets its scan variable
                // before reading it: `scan_passes`.)
                Share::Scan { .. } => format!("{}:TYPED", ClauseKind::Private.name()),
                _ => continue,
            };
            // (Array reductions stay in memory: the vector loop leaves them.
            // A user-defined one is refused on simd constructs by the plan.)
            if matches!(p.ty, BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_)) {
                let one = self.rt.i32.const_int(1, false);
                let ops = vec![ffi::Value::of(p.copy), ffi::Value::of(p.ty.const_zero()), ffi::Value::of(one)];
                bundles.push((tag, ops));
            }
        }
        let Some(after) = ends.start.get_next_instruction() else { return };
        let entry = ffi::build_region_entry(after, &bundles);
        let exit = ffi::build_region_exit(end, entry, "DIR.OMP.END.SIMD");
        ffi::tag_simd_loop(entry, exit);
        let _ = ends.chunk_end;
    }

    /// COPYIN: the encountering thread takes the address of its instance of
    /// each threadprivate variable before the fork; each thread of the team
    /// copies that instance into its own (the encountering thread, whose
    /// instance it is, copies into a scratch copy instead, so that nothing
    /// writes the instance the others read). The barrier that follows is
    /// the caller's.
    fn copy_in_threadprivate(
        &self,
        vars: &[(PointerValue<'ctx>, BasicTypeEnum<'ctx>, Option<super::context::Helpers<'ctx>>)],
        shape: Shape<'ctx>,
        home: BasicBlock<'ctx>,
    ) {
        let ptr = self.rt.ptr;
        let tla = Intrinsic::find("llvm.threadlocal.address")
            .and_then(|i| i.get_declaration(self.rt.module, &[ptr.into()]))
            .expect("LLVM 16 has llvm.threadlocal.address");
        // The running thread's instance of `g`, where `b` stands.
        let instance = |b: &Builder<'ctx>, g: PointerValue<'ctx>, name: &str| {
            let call = b.build_call(tla, &[g.into()], name).expect("positioned");
            call.try_as_basic_value().left().expect("a pointer").into_pointer_value()
        };
        for &(g, ty, helpers) in vars {
            let master = instance(self.before_terminator(shape.s), g, "omp.copyin.from");
            if let Some(assign) = helpers.and_then(|h| h.copy_assign) {
                // A non-POD object: assigned in place, except on the
                // thread whose instance it is (no scratch object to
                // construct).
                let f = self.assign_unless_same(assign);
                let b = self.before_terminator(shape.first);
                let mine = instance(b, g, "omp.copyin.to");
                b.build_call(f, &[mine.into(), master.into()], "").expect("positioned");
                continue;
            }
            // (Before positioning the builder: alloca moves it.)
            let scratch = self.alloca_for(home, ty, "omp.copyin.scratch", g);
            let b = self.before_terminator(shape.first);
            let mine = instance(b, g, "omp.copyin.to");
            let same = b.build_int_compare(IntPredicate::EQ, mine, master, "").expect("positioned");
            let dst = b.build_select(same, scratch, mine, "omp.copyin.dst").expect("positioned").into_pointer_value();
            copy(b, ty, dst, master);
        }
    }
}

fn not_yet_linear(clause: &str, name: &str, ty: BasicTypeEnum<'_>) -> weft_intrinsics::WeftError {
    err(
        Rule::NotYetSupported,
        clause,
        format!("linear variables of type {} (integers only)", ty.print_to_string().to_string_lossy()),
    )
    .on_directive(name)
}

/// A section with strides or several dimensions, checked against the array
/// it is a section of (of type `ty`): its resolved dimensions and element.
#[allow(clippy::type_complexity)]
fn section_layout<'ctx>(
    v: &super::plan::Var,
    ty: BasicTypeEnum<'ctx>,
    name: &str,
) -> Res<Option<(Vec<Resolved>, BasicTypeEnum<'ctx>)>> {
    let Some(dims) = &v.layout else { return Ok(None) };
    let (extents, elem) = array_section::shape(ty);
    if extents.is_empty() {
        return Err(err(
            Rule::NotYetSupported,
            &v.clause,
            "array sections with strides or several dimensions of a pointer variable",
        )
        .on_directive(name));
    }
    let dims = section::resolve(dims, &extents).map_err(|e| {
        err(Rule::OperandKind, &v.clause, format!("the array section does not lie within its array: {e}"))
            .on_directive(name)
    })?;
    Ok(Some((dims, elem)))
}
