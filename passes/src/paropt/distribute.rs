//! `distribute` and `distribute parallel for` (OpenMP 5.1 §2.11.6): a
//! normalized loop's iterations divided among the teams of a league with
//! libomp's distribute schedules through `__kmpc_for_static_init_*`
//! (`kmp_distribute_static` = 92: one block per team;
//! `kmp_distribute_static_chunked` = 91: chunks dealt round-robin), which
//! answers from the team's number in the league whichever of its threads
//! asks. A distribute loop runs in the primary thread of each team, in
//! place, without a barrier at its end. A distribute parallel loop is
//! outlined and forked by each team; each of its threads asks for its
//! team's block, then the team shares that block with the loop's own
//! schedule (paropt::partition), a thread's last-iteration flag and-ed with
//! its team's (docs/threads.md, "Teams and distribute").
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::values::{InstructionValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self};
use weft_intrinsics::model::ValueId;

use super::context::{Lowerer, Shape};
use super::partition::{start_chunk, Ctl, LoopEnds};
use super::plan::teams::dist_sched_type;
use super::runtime::{self, Rt};

/// kmp.h's `KMP_IDENT_WORK_DISTRIBUTE`.
const IDENT_WORK_DISTRIBUTE: i32 = 0x800;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `__kmpc_for_static_init_*` for a distribute schedule at the builder's
    /// place: the team's first block of `[k.start, k.ub0]` into `lo`..`hi`,
    /// its stride into `st`, `last` set when it holds the last iteration.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dist_init(
        &self,
        b: &Builder<'ctx>,
        k: &Ctl<'ctx>,
        ident: PointerValue<'ctx>,
        (lo, hi, st, last): (PointerValue<'ctx>, PointerValue<'ctx>, PointerValue<'ctx>, PointerValue<'ctx>),
        chunk: Option<ValueId>,
    ) {
        let [static_init, ..] = Rt::for_iv(k.t.get_bit_width(), k.unsigned);
        b.build_store(lo, k.start).expect("positioned");
        b.build_store(hi, k.ub0).expect("positioned");
        b.build_store(st, k.one).expect("positioned");
        b.build_store(last, self.rt.i32.const_zero()).expect("positioned");
        let kind = self.rt.i32.const_int(dist_sched_type(chunk) as u64, false);
        let chunk = match chunk {
            Some(c) => self.int_operand(c, k.t),
            None => k.one,
        };
        self.rt.call(
            b,
            static_init,
            &[
                ident.into(),
                k.gtid.into(),
                kind.into(),
                last.into(),
                lo.into(),
                hi.into(),
                st.into(),
                k.one.into(),
                chunk.into(),
            ],
        );
    }

    /// A distribute loop, partitioned in place among the teams (the
    /// builder's `init` is the store that starts the IV).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn distribute(
        &mut self,
        k: &Ctl<'ctx>,
        chunk: Option<ValueId>,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> LoopEnds<'ctx> {
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | IDENT_WORK_DISTRIBUTE);
        self.notes.push(format!(
            "distributed among the teams (sched_type {}) through {}",
            dist_sched_type(chunk),
            Rt::for_iv(k.t.get_bit_width(), k.unsigned)[0].entry().name
        ));
        let b = self.at(init);
        self.dist_init(b, k, ident, (k.lo, k.hi, k.st, k.last), chunk);
        let ends = |fini| LoopEnds::of(k, init, shape, fini);
        if chunk.is_none() {
            start_chunk(b, k, init, ub_copy);
            let b = self.before_terminator(shape.fini);
            self.rt.call(b, Rt::ForStaticFini, &[ident.into(), k.gtid.into()]);
            return ends(shape.fini);
        }
        ends(self.dist_chunks(k, init, ub_copy, shape, ident))
    }

    /// The team's chunks in turn: from `lo`..`hi` (the last one cut at the
    /// loop's end), stepping both by the stride, until `lo` passes the end.
    /// Returns the block after the last chunk.
    pub(super) fn dist_chunks(
        &mut self,
        k: &Ctl<'ctx>,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
        ident: PointerValue<'ctx>,
    ) -> BasicBlock<'ctx> {
        let (le, gt) =
            if k.unsigned { (IntPredicate::ULE, IntPredicate::UGT) } else { (IntPredicate::SLE, IntPredicate::SGT) };
        let head = init.get_parent().expect("in a block");
        let chunk_bb = ffi::split_block_before(init, "omp.dist.chunk");
        let next = self.rt.ctx.insert_basic_block_after(head, "omp.dist.next");
        let done = self.rt.ctx.insert_basic_block_after(shape.fini, "omp.dist.done");
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        let b = &self.b;
        b.position_at_end(head);
        b.build_unconditional_branch(next).expect("positioned");
        b.position_at_end(next);
        let lo = b.build_load(k.t, k.lo, "omp.dist.lo").expect("positioned").into_int_value();
        let hi = b.build_load(k.t, k.hi, "omp.dist.hi").expect("positioned").into_int_value();
        let go = b.build_int_compare(le, lo, k.ub0, "omp.dist.more").expect("positioned");
        let past = b.build_int_compare(gt, hi, k.ub0, "omp.dist.past").expect("positioned");
        let hi = b.build_select(past, k.ub0, hi, "omp.dist.hi.cut").expect("positioned");
        b.build_conditional_branch(go, chunk_bb, done).expect("positioned");
        let b = self.at(init);
        b.build_store(ub_copy, hi).expect("positioned");
        init.set_operand(0, lo);
        // The loop's exit goes on to the next chunk.
        shape.fini.get_terminator().expect("terminator").erase_from_basic_block();
        let b = &self.b;
        b.position_at_end(shape.fini);
        let st = b.build_load(k.t, k.st, "omp.dist.stride").expect("positioned").into_int_value();
        for slot in [k.lo, k.hi] {
            let v = b.build_load(k.t, slot, "").expect("positioned").into_int_value();
            b.build_store(slot, b.build_int_add(v, st, "").expect("positioned")).expect("positioned");
        }
        b.build_unconditional_branch(next).expect("positioned");
        b.position_at_end(done);
        self.rt.call(b, Rt::ForStaticFini, &[ident.into(), k.gtid.into()]);
        b.build_unconditional_branch(shape.end).expect("positioned");
        done
    }

    /// A distribute parallel loop's team block: each thread asks for its
    /// team's block of the loop, which the team's threads then share; the
    /// returned control starts and ends there, with the team's flag.
    pub(super) fn team_chunk(
        &mut self,
        k: &Ctl<'ctx>,
        init: InstructionValue<'ctx>,
        home: BasicBlock<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> Ctl<'ctx> {
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | IDENT_WORK_DISTRIBUTE);
        let lo = self.alloca(home, k.t.into(), "omp.team.lo");
        let hi = self.alloca(home, k.t.into(), "omp.team.hi");
        let st = self.alloca(home, k.t.into(), "omp.team.stride");
        let last = self.alloca(home, self.rt.i32.into(), "omp.team.last");
        self.notes.push("each team's block through sched_type 92 first".into());
        let b = self.at(init);
        self.dist_init(b, k, ident, (lo, hi, st, last), None);
        let start = b.build_load(k.t, lo, "omp.team.first").expect("positioned").into_int_value();
        let ub0 = b.build_load(k.t, hi, "omp.team.ub").expect("positioned").into_int_value();
        Ctl { start, ub0, team_last: Some(last), ..*k }
    }

    /// A thread's last-iteration flag and-ed with its team's.
    pub(super) fn and_team_last(&self, b: &Builder<'ctx>, k: &Ctl<'ctx>) {
        let Some(team) = k.team_last else { return };
        let i32t = self.rt.i32;
        let mine = b.build_load(i32t, k.last, "").expect("positioned").into_int_value();
        let theirs = b.build_load(i32t, team, "").expect("positioned").into_int_value();
        let both = b.build_and(mine, theirs, "omp.last.both").expect("positioned");
        b.build_store(k.last, both).expect("positioned");
    }
}
