//! The two passes of a worksharing loop with scan reductions (OpenMP 5.1
//! §2.11.8; the loop's blocks are `paropt::scan`'s `P X SCAN Y L`). The
//! iterations' input phases all run before any scan phase may read a
//! prefix, so each thread runs its (static) block of iterations twice:
//!
//! 1. the input pass: each iteration's input phase starts from the
//!    operator's identity, and what it leaves is stored at the iteration's
//!    index in a buffer the team shares (one element per iteration); the
//!    scan phase is skipped;
//! 2. between the passes, each thread combines its block of the buffer in
//!    place into running values (a local inclusive scan) and publishes its
//!    block's total; after a barrier, each thread's offset is the
//!    original's value combined with the totals of the threads before it
//!    (a static schedule gives blocks in thread order, OpenMP 5.1 §2.11.4);
//!    the thread with the last iteration stores the offset combined with
//!    its own total into the original;
//! 3. the scan pass: the input phase is skipped, and the scan phase starts
//!    with the reduction variable holding the offset combined with the
//!    running value of its iteration (inclusive) or of the one before it
//!    (exclusive; the offset alone at the block's first iteration).
//!
//! The buffer (n iterations, then one total per thread) comes from `malloc`
//! on one thread (`__kmpc_single`) and reaches the others through
//! `__kmpc_copyprivate`, which works for an orphaned loop too; it is freed
//! after the loop's barrier.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;
use weft_intrinsics::vocab::ReductionOp;

use super::context::{Lowerer, Private, Res, Shape};
use super::partition::LoopEnds;
use super::plan::Share;
use super::redop::{combine, reduction_identity};
use super::runtime::{self, Rt};
use super::scan::{drop_lifetimes, ScanShape};

/// One scan reduction variable as the passes see it.
struct Item<'ctx> {
    /// The thread's copy the loop's body uses, and the original.
    copy: PointerValue<'ctx>,
    orig: PointerValue<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    op: ReductionOp,
    unsigned: bool,
    /// The buffer: one element per iteration, then one total per thread.
    buf: PointerValue<'ctx>,
    tot: PointerValue<'ctx>,
    /// The original's value on entry (read before any thread can write it).
    entry: BasicValueEnum<'ctx>,
    /// The thread's offset: the entry value combined with the totals of
    /// the threads before it.
    off: PointerValue<'ctx>,
}

impl<'ctx> Item<'ctx> {
    fn identity(&self) -> BasicValueEnum<'ctx> {
        reduction_identity(self.ty, self.op, self.unsigned).expect("checked by scan_types")
    }
}

/// What the passes leave for the end of the construct: the buffers, and
/// whether this thread allocated them.
pub(super) struct ScanRun<'ctx> {
    didit: PointerValue<'ctx>,
    slots: Vec<PointerValue<'ctx>>,
    /// Where each pass leaves the loop (before it picks the next step):
    /// the end of a `for simd`'s vector loop (`privatize::simd_chunk`).
    pub(super) pass_end: InstructionValue<'ctx>,
}

/// The iteration space as the passes index it (i64, from the loop's first
/// iteration): the thread's block `[lo, hi]`, empty unless `mine`.
struct Space<'ctx> {
    iv: PointerValue<'ctx>,
    iv_ty: IntType<'ctx>,
    unsigned: bool,
    start: IntValue<'ctx>,
    lo: IntValue<'ctx>,
    hi: IntValue<'ctx>,
    mine: IntValue<'ctx>,
}

fn at_elem<'ctx>(
    b: &Builder<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    base: PointerValue<'ctx>,
    k: IntValue<'ctx>,
) -> PointerValue<'ctx> {
    // SAFETY: k indexes the buffer's n iterations or its totals, both
    // inside the (n + team size) elements allocated.
    unsafe { b.build_in_bounds_gep(ty, base, &[k], "omp.scan.elem") }.expect("positioned")
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    fn widen(&self, b: &Builder<'ctx>, v: IntValue<'ctx>, unsigned: bool) -> IntValue<'ctx> {
        if v.get_type().get_bit_width() >= 64 {
            v
        } else if unsigned {
            b.build_int_z_extend(v, self.rt.i64, "").expect("positioned")
        } else {
            b.build_int_s_extend(v, self.rt.i64, "").expect("positioned")
        }
    }

    /// The current iteration's index (from the loop's first), where `b` is.
    fn index(&self, b: &Builder<'ctx>, sp: &Space<'ctx>) -> IntValue<'ctx> {
        let iv = b.build_load(sp.iv_ty, sp.iv, "omp.scan.iv").expect("positioned").into_int_value();
        b.build_int_sub(self.widen(b, iv, sp.unsigned), sp.start, "omp.scan.k").expect("positioned")
    }

    /// Lowers the scan of a partitioned worksharing loop (static schedule:
    /// one block per thread): the buffer, the pass around the loop, the
    /// work between the passes and each iteration's dispatch by pass.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_scan(
        &mut self,
        sc: &ScanShape<'ctx>,
        privs: &[Private<'ctx>],
        ends: &LoopEnds<'ctx>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> Res<ScanRun<'ctx>> {
        let iv = privs.iter().find(|p| p.share == Share::NormIv).expect("planned");
        let ub = privs.iter().find(|p| p.share == Share::NormUb).expect("planned");
        let iv_ty = iv.ty.into_int_type();
        let phase = self.alloca(home, self.rt.ctx.bool_type().into(), "omp.scan.phase");
        let didit = self.alloca(home, self.rt.i32.into(), "omp.scan.didit");
        let scans: Vec<&Private<'ctx>> = privs.iter().filter(|p| matches!(p.share, Share::Scan { .. })).collect();
        let list_ty = self.rt.ptr.array_type(scans.len() as u32);
        let list = self.alloca(home, list_ty.into(), "omp.scan.list");
        let mut locals = Vec::new();
        for p in &scans {
            let slot = self.alloca(home, self.rt.ptr.into(), "omp.scan.buf");
            let off = self.alloca_for(home, p.ty, "omp.scan.off", p.orig);
            locals.push((slot, off));
        }
        let init = ends.start;
        // The iteration space, and this thread's block of it.
        let b = self.at(init);
        let unsigned = ends.unsigned;
        let start = self.widen(b, ends.first_iter, unsigned);
        let pred = if unsigned { IntPredicate::ULE } else { IntPredicate::SLE };
        let any = b.build_int_compare(pred, ends.first_iter, ends.last_iter, "").expect("positioned");
        let span = b.build_int_sub(self.widen(b, ends.last_iter, unsigned), start, "").expect("positioned");
        let count = b.build_int_add(span, self.rt.i64.const_int(1, false), "").expect("positioned");
        let n =
            b.build_select(any, count, self.rt.i64.const_zero(), "omp.scan.n").expect("positioned").into_int_value();
        let nlo = init.get_operand(0).and_then(|o| o.left()).expect("a store's value").into_int_value();
        let nhi = b.build_load(iv_ty, ub.copy, "omp.scan.hi").expect("positioned").into_int_value();
        let lo = b.build_int_sub(self.widen(b, nlo, unsigned), start, "omp.scan.lo").expect("positioned");
        let hi = b.build_int_sub(self.widen(b, nhi, unsigned), start, "omp.scan.hi").expect("positioned");
        let mine = b.build_int_compare(pred, nlo, nhi, "omp.scan.mine").expect("positioned");
        let nth = self.rt.call_i32(b, Rt::GetNumThreads, &[]);
        let nth = self.widen(b, nth, false);
        let sp = Space { iv: iv.copy, iv_ty, unsigned, start, lo, hi, mine };
        let slots: Vec<PointerValue<'ctx>> = locals.iter().map(|l| l.0).collect();
        let bufs = self.scan_buffers(&scans, &slots, list, didit, n, nth, init, gtid, fname, begin_call);
        let b = self.at(init);
        let mut items = Vec::new();
        for ((p, (_, off)), buf) in scans.iter().zip(locals).zip(bufs) {
            let Share::Scan { op, unsigned } = p.share else { unreachable!("scan variables only") };
            let tot = at_elem(b, p.ty, buf, n);
            let entry = b.build_load(p.ty, p.orig, "omp.scan.entry").expect("positioned");
            items.push(Item { copy: p.copy, orig: p.orig, ty: p.ty, op, unsigned, buf, tot, entry, off });
        }
        b.build_store(phase, self.rt.ctx.bool_type().const_zero()).expect("positioned");
        // The pass: the loop from its IV's start; after the input pass the
        // loop's exit goes to the work between the passes, then back.
        let pass = ffi::split_block_before(init, "omp.scan.pass");
        let next = ffi::split_edge(sc.header, sc.exit, "omp.scan.next");
        let f = next.get_parent().expect("in a function");
        let mid = self.rt.ctx.insert_basic_block_after(next, "omp.scan.between");
        next.get_terminator().expect("split_edge leaves a branch").erase_from_basic_block();
        self.b.position_at_end(next);
        let second = self.b.build_load(self.rt.ctx.bool_type(), phase, "omp.scan.second").expect("positioned");
        self.b.build_conditional_branch(second.into_int_value(), sc.exit, mid).expect("positioned");
        self.b.position_at_end(mid);
        self.scan_between(f, &items, &sp, ends.last, gtid, fname, begin_call);
        self.b.build_store(phase, self.rt.ctx.bool_type().const_all_ones()).expect("positioned");
        self.b.build_unconditional_branch(pass).expect("positioned");
        self.scan_dispatch(sc, &items, &sp, phase);
        drop_lifetimes(&sc.x_blocks);
        drop_lifetimes(&sc.y_blocks);
        ffi::erase_directive_calls(&sc.calls);
        self.notes.push(format!(
            "{} scan of {} variable(s): an input pass and a scan pass over each thread's block, the \
             contributions in a buffer the team shares (malloc), block totals combined after a barrier",
            if sc.inclusive { "inclusive" } else { "exclusive" },
            items.len()
        ));
        let pass_end = second.as_instruction_value().expect("a load");
        Ok(ScanRun { didit, slots, pass_end })
    }

    /// One thread allocates each variable's buffer (`n` iterations, then
    /// `nth` totals) and the team gets the pointers through
    /// `__kmpc_copyprivate` (whose barriers also order the allocation
    /// before any use); returns each thread's pointers, loaded before `at`.
    #[allow(clippy::too_many_arguments)]
    fn scan_buffers(
        &mut self,
        scans: &[&Private<'ctx>],
        slots: &[PointerValue<'ctx>],
        list: PointerValue<'ctx>,
        didit: PointerValue<'ctx>,
        n: IntValue<'ctx>,
        nth: IntValue<'ctx>,
        at: InstructionValue<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> Vec<PointerValue<'ctx>> {
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC);
        let ptr = self.rt.ptr;
        let b = self.at(at);
        b.build_store(didit, self.rt.i32.const_zero()).expect("positioned");
        let elems = b.build_int_add(n, nth, "omp.scan.elems").expect("positioned");
        let got = self.rt.call_i32(b, Rt::Single, &[ident.into(), gtid.into()]);
        let go = b.build_int_compare(IntPredicate::NE, got, self.rt.i32.const_zero(), "").expect("positioned");
        let (then, _) = self.if_then(go, at, "omp.scan.alloc");
        let b = self.before_terminator(then);
        for (p, &slot) in scans.iter().zip(slots) {
            let size = p.ty.size_of().expect("a scalar has a size");
            let bytes = b.build_int_mul(elems, size, "omp.scan.bytes").expect("positioned");
            let buf = self.rt.call_ptr(b, Rt::Malloc, &[bytes.into()]);
            buf.set_name("omp.scan.alloc");
            b.build_store(slot, buf).expect("positioned");
        }
        b.build_store(didit, self.rt.i32.const_int(1, false)).expect("positioned");
        self.rt.call(b, Rt::EndSingle, &[ident.into(), gtid.into()]);
        let copy = self.pairwise_fn(&format!("{fname}.omp.scan.copy"), slots.len(), |b, _, dst, src| {
            let v = b.build_load(ptr, src, "").expect("positioned");
            b.build_store(dst, v).expect("positioned");
        });
        let b = self.at(at);
        let list_ty = ptr.array_type(slots.len() as u32);
        for (k, &slot) in slots.iter().enumerate() {
            let idx = [self.rt.i64.const_zero(), self.rt.i64.const_int(k as u64, false)];
            // SAFETY: in bounds of the [n x ptr] list allocated for them.
            let at_k = unsafe { b.build_gep(list_ty, list, &idx, "") }.expect("positioned");
            b.build_store(at_k, slot).expect("positioned");
        }
        let flag = b.build_load(self.rt.i32, didit, "omp.scan.didit").expect("positioned");
        let size = self.rt.i64.const_int(8 * slots.len() as u64, false);
        let fnptr = copy.as_global_value().as_pointer_value();
        self.rt.copyprivate(b, ident, gtid, size, list, fnptr, flag.into_int_value());
        slots.iter().map(|&s| b.build_load(ptr, s, "omp.scan.buf").expect("positioned").into_pointer_value()).collect()
    }

    /// `for (j = from; j < to; j++) body(j)` (when `enter` too), from the
    /// end of the builder's block; leaves the builder at the end of the
    /// block after the loop. `body` adds straight-line code only.
    fn counted_loop(
        &self,
        f: FunctionValue<'ctx>,
        from: IntValue<'ctx>,
        to: IntValue<'ctx>,
        enter: Option<IntValue<'ctx>>,
        name: &str,
        body: impl Fn(&Builder<'ctx>, IntValue<'ctx>),
    ) {
        let b = &self.b;
        let before = b.get_insert_block().expect("positioned");
        let lp = self.rt.ctx.append_basic_block(f, name);
        let done = self.rt.ctx.append_basic_block(f, &format!("{name}.done"));
        let go = b.build_int_compare(IntPredicate::SLT, from, to, "").expect("positioned");
        let go = match enter {
            Some(e) => b.build_and(e, go, "").expect("positioned"),
            None => go,
        };
        b.build_conditional_branch(go, lp, done).expect("positioned");
        b.position_at_end(lp);
        let j = b.build_phi(self.rt.i64, "omp.scan.j").expect("positioned");
        let jv = j.as_basic_value().into_int_value();
        body(b, jv);
        let next = b.build_int_add(jv, self.rt.i64.const_int(1, false), "").expect("positioned");
        let more = b.build_int_compare(IntPredicate::SLT, next, to, "").expect("positioned");
        let end = b.get_insert_block().expect("positioned");
        b.build_conditional_branch(more, lp, done).expect("positioned");
        j.add_incoming(&[(&from, before), (&next, end)]);
        b.position_at_end(done);
    }

    /// Between the passes (the builder at the end of an empty block): each
    /// thread's block of the buffer becomes running values, its total is
    /// published, and after a barrier each thread computes its offset; the
    /// thread with the last iteration stores the final value.
    #[allow(clippy::too_many_arguments)]
    fn scan_between(
        &mut self,
        f: FunctionValue<'ctx>,
        items: &[Item<'ctx>],
        sp: &Space<'ctx>,
        last: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) {
        let one = self.rt.i64.const_int(1, false);
        let b = &self.b;
        let from = b.build_int_add(sp.lo, one, "").expect("positioned");
        let to = b.build_int_add(sp.hi, one, "").expect("positioned");
        self.counted_loop(f, from, to, Some(sp.mine), "omp.scan.local", |b, j| {
            let prev = b.build_int_sub(j, one, "").expect("positioned");
            for it in items {
                let x = b.build_load(it.ty, at_elem(b, it.ty, it.buf, prev), "").expect("positioned");
                let here = at_elem(b, it.ty, it.buf, j);
                let y = b.build_load(it.ty, here, "").expect("positioned");
                b.build_store(here, combine(b, it.op, it.unsigned, x, y)).expect("positioned");
            }
        });
        let b = &self.b;
        let tid = self.rt.call_i32(b, Rt::GetThreadNum, &[]);
        let tid = self.widen(b, tid, false);
        // (An empty block's total is the identity; index 0 is always inside
        // the buffer, which holds the totals even when n is 0.)
        let at_hi = b.build_select(sp.mine, sp.hi, self.rt.i64.const_zero(), "").expect("positioned").into_int_value();
        let mut totals = Vec::new();
        for it in items {
            let v = b.build_load(it.ty, at_elem(b, it.ty, it.buf, at_hi), "").expect("positioned");
            let t = b.build_select(sp.mine, v, it.identity(), "omp.scan.total").expect("positioned");
            b.build_store(at_elem(b, it.ty, it.tot, tid), t).expect("positioned");
            b.build_store(it.off, it.entry).expect("positioned");
            totals.push(t);
        }
        let bid = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
        self.rt.barrier(&self.b, bid, gtid);
        self.counted_loop(f, self.rt.i64.const_zero(), tid, None, "omp.scan.offset", |b, s| {
            for it in items {
                let x = b.build_load(it.ty, it.off, "").expect("positioned");
                let y = b.build_load(it.ty, at_elem(b, it.ty, it.tot, s), "").expect("positioned");
                b.build_store(it.off, combine(b, it.op, it.unsigned, x, y)).expect("positioned");
            }
        });
        // The final value: the last block's offset and total (every later
        // block is empty).
        let b = &self.b;
        let flag = b.build_load(self.rt.i32, last, "omp.is.last").expect("positioned").into_int_value();
        let is_last = b.build_int_compare(IntPredicate::NE, flag, self.rt.i32.const_zero(), "").expect("positioned");
        let store_out = self.rt.ctx.append_basic_block(f, "omp.scan.out");
        let cont = self.rt.ctx.append_basic_block(f, "omp.scan.out.done");
        b.build_conditional_branch(is_last, store_out, cont).expect("positioned");
        b.position_at_end(store_out);
        for (it, &t) in items.iter().zip(&totals) {
            let x = b.build_load(it.ty, it.off, "").expect("positioned");
            b.build_store(it.orig, combine(b, it.op, it.unsigned, x, t)).expect("positioned");
        }
        b.build_unconditional_branch(cont).expect("positioned");
        b.position_at_end(cont);
    }

    /// Replaces `blk`'s terminator by a branch on the pass, through a new
    /// block for each pass's own code: `(first, second)`, branching to
    /// `to.0` and `to.1`.
    fn phase_branch(
        &self,
        blk: BasicBlock<'ctx>,
        phase: PointerValue<'ctx>,
        to: (BasicBlock<'ctx>, BasicBlock<'ctx>),
        name: &str,
    ) -> (BasicBlock<'ctx>, BasicBlock<'ctx>) {
        blk.get_terminator().expect("a split block ends in a branch").erase_from_basic_block();
        let b = &self.b;
        b.position_at_end(blk);
        let second = b.build_load(self.rt.ctx.bool_type(), phase, "omp.scan.second").expect("positioned");
        let p1 = self.rt.ctx.insert_basic_block_after(blk, &format!("{name}.input.pass"));
        let p2 = self.rt.ctx.insert_basic_block_after(p1, &format!("{name}.scan.pass"));
        b.build_conditional_branch(second.into_int_value(), p2, p1).expect("positioned");
        b.position_at_end(p1);
        b.build_unconditional_branch(to.0).expect("positioned");
        b.position_at_end(p2);
        b.build_unconditional_branch(to.1).expect("positioned");
        (p1, p2)
    }

    /// Each iteration's dispatch by pass, where P ends, after the scan
    /// directive and (exclusive) before the IV's step.
    fn scan_dispatch(&self, sc: &ScanShape<'ctx>, items: &[Item<'ctx>], sp: &Space<'ctx>, phase: PointerValue<'ctx>) {
        let identity = |b: &Builder<'ctx>| {
            for it in items {
                b.build_store(it.copy, it.identity()).expect("positioned");
            }
        };
        let contribute = |b: &Builder<'ctx>| {
            let k = self.index(b, sp);
            for it in items {
                let v = b.build_load(it.ty, it.copy, "omp.scan.input").expect("positioned");
                b.build_store(at_elem(b, it.ty, it.buf, k), v).expect("positioned");
            }
        };
        // The scan phase's value: the offset combined with the running value
        // of this iteration (inclusive) or of the one before it.
        let prefix = |b: &Builder<'ctx>, inclusive: bool| {
            let k = self.index(b, sp);
            let first = b.build_int_compare(IntPredicate::EQ, k, sp.lo, "").expect("positioned");
            let before = b.build_int_sub(k, self.rt.i64.const_int(1, false), "").expect("positioned");
            let at =
                if inclusive { k } else { b.build_select(first, k, before, "").expect("positioned").into_int_value() };
            for it in items {
                let off = b.build_load(it.ty, it.off, "omp.scan.off").expect("positioned");
                let run = b.build_load(it.ty, at_elem(b, it.ty, it.buf, at), "").expect("positioned");
                let v = combine(b, it.op, it.unsigned, off, run);
                let v = if inclusive { v } else { b.build_select(first, off, v, "").expect("positioned") };
                b.build_store(it.copy, v).expect("positioned");
            }
        };
        if sc.inclusive {
            // P; input pass: X from the identity, its value stored, Y skipped;
            // scan pass: X skipped, Y from the prefix.
            let (p1, _) = self.phase_branch(sc.pre, phase, (sc.x, sc.s), "omp.scan.pre");
            identity(self.before_terminator(p1));
            let (p1, p2) = self.phase_branch(sc.s_last, phase, (sc.l, sc.y), "omp.scan.at");
            contribute(self.before_terminator(p1));
            prefix(self.before_terminator(p2), true);
        } else {
            // P; input pass: X skipped, Y from the identity, its value stored
            // before the step; scan pass: X from the prefix, Y skipped.
            let (_, p2) = self.phase_branch(sc.pre, phase, (sc.s, sc.x), "omp.scan.pre");
            prefix(self.before_terminator(p2), false);
            let (p1, _) = self.phase_branch(sc.s_last, phase, (sc.y, sc.l), "omp.scan.at");
            identity(self.before_terminator(p1));
            let first = sc.l.get_first_instruction().expect("the IV's step");
            let step = ffi::split_block_before(first, "omp.scan.step.next");
            let (p1, _) = self.phase_branch(sc.l, phase, (step, step), "omp.scan.end");
            contribute(self.before_terminator(p1));
        }
    }

    /// After the loop: once every thread is past its scan pass (the loop's
    /// barrier, or one of its own), the thread that allocated the buffers
    /// frees them.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn scan_release(
        &mut self,
        run: &ScanRun<'ctx>,
        barrier: bool,
        shape: Shape<'ctx>,
        fini: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) {
        let at = if barrier { shape.end } else { fini };
        if !barrier {
            let bid = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
            let b = self.before_terminator(fini);
            self.rt.barrier(b, bid, gtid);
        }
        let b = self.before_terminator(at);
        let flag = b.build_load(self.rt.i32, run.didit, "omp.scan.didit").expect("positioned").into_int_value();
        let mine = b.build_int_compare(IntPredicate::NE, flag, self.rt.i32.const_zero(), "").expect("positioned");
        let (then, _) = self.if_then(mine, at.get_terminator().expect("terminator"), "omp.scan.free");
        let b = self.before_terminator(then);
        for &slot in &run.slots {
            let p = b.build_load(self.rt.ptr, slot, "").expect("positioned");
            self.rt.call(b, Rt::CFree, &[p]);
        }
    }
}
