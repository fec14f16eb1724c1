//! `distribute parallel for dist_schedule(static, chunk)` (OpenMP 5.1
//! §2.11.6.1): the loop's iterations dealt to the teams in chunks,
//! round-robin (libomp's `kmp_distribute_static_chunked`, 91), and each of
//! a team's chunks in turn shared by the team's threads with the loop's
//! own schedule (paropt::partition). Every thread of a team asks for the
//! team's chunks itself (the distribute schedule answers from the team's
//! number), so the team needs no barrier between its chunks; a dynamic
//! inner schedule starts a dispatch per chunk, as consecutive nowait loops
//! do. A chunk's last-iteration flag is its own (the chunk reaches the
//! loop's end), not the runtime's "this team has the last chunk", so that
//! lastprivate is copied out by the chunk that ends the loop only
//! (docs/threads.md, "Teams and distribute").
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{InstructionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;
use weft_intrinsics::model::ValueId;

use super::context::{Lowerer, Shape};
use super::partition::{Ctl, LoopEnds};
use super::runtime;

/// kmp.h's `KMP_IDENT_WORK_DISTRIBUTE`.
const IDENT_WORK_DISTRIBUTE: i32 = 0x800;

/// The team's chunk loop around the inner loop: where it steps to the
/// next chunk and where it ends.
pub(super) struct TeamChunks<'ctx> {
    next: BasicBlock<'ctx>,
    done: BasicBlock<'ctx>,
    lo: PointerValue<'ctx>,
    hi: PointerValue<'ctx>,
    st: PointerValue<'ctx>,
    t: llvm_plugin::inkwell::types::IntType<'ctx>,
    first_iter: IntValue<'ctx>,
    last_iter: IntValue<'ctx>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Starts the team's chunk loop before `init` (the store that starts
    /// the IV): the returned control covers one team chunk, `start`..`ub0`,
    /// with the chunk's own last flag; the builder is left before `init`
    /// for the inner schedule's code.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn team_chunks_begin(
        &mut self,
        k: &Ctl<'ctx>,
        chunk: ValueId,
        init: InstructionValue<'ctx>,
        home: BasicBlock<'ctx>,
        shape: Shape<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
    ) -> (Ctl<'ctx>, TeamChunks<'ctx>) {
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | IDENT_WORK_DISTRIBUTE);
        let i32t = self.rt.i32;
        let lo = self.alloca(home, k.t.into(), "omp.team.lo");
        let hi = self.alloca(home, k.t.into(), "omp.team.hi");
        let st = self.alloca(home, k.t.into(), "omp.team.stride");
        let last = self.alloca(home, i32t.into(), "omp.team.last");
        self.notes.push("each team's chunks through sched_type 91, the loop's schedule inside each".into());
        let b = self.at(init);
        self.dist_init(b, k, ident, (lo, hi, st, last), Some(chunk));
        let (le, ge) =
            if k.unsigned { (IntPredicate::ULE, IntPredicate::UGE) } else { (IntPredicate::SLE, IntPredicate::SGE) };
        let head = init.get_parent().expect("in a block");
        let body = ffi::split_block_before(init, "omp.team.chunk");
        let next = self.rt.ctx.insert_basic_block_after(head, "omp.team.next");
        let done = self.rt.ctx.insert_basic_block_after(shape.fini, "omp.team.done");
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        let b = &self.b;
        b.position_at_end(head);
        b.build_unconditional_branch(next).expect("positioned");
        b.position_at_end(done);
        b.build_unconditional_branch(shape.end).expect("positioned");
        b.position_at_end(next);
        let first = b.build_load(k.t, lo, "omp.team.first").expect("positioned").into_int_value();
        let upper = b.build_load(k.t, hi, "omp.team.upper").expect("positioned").into_int_value();
        let more = b.build_int_compare(le, first, k.ub0, "omp.team.more").expect("positioned");
        // (The chunk that reaches the loop's end holds its last iteration.)
        let ends = b.build_int_compare(ge, upper, k.ub0, "omp.team.ends").expect("positioned");
        let flag = b.build_int_z_extend(ends, i32t, "").expect("positioned");
        b.build_store(last, flag).expect("positioned");
        let ub = b.build_select(ends, k.ub0, upper, "omp.team.ub").expect("positioned").into_int_value();
        b.build_conditional_branch(more, body, done).expect("positioned");
        self.b.position_before(&init);
        let team = TeamChunks { next, done, lo, hi, st, t: k.t, first_iter: k.start, last_iter: k.ub0 };
        (Ctl { start: first, ub0: ub, team_last: Some(last), ..*k }, team)
    }

    /// Closes the team's chunk loop around the inner loop `inner`: after a
    /// thread's last inner chunk the team's next chunk; the thread's
    /// finalization after the team's last.
    pub(super) fn team_chunks_end(&mut self, team: TeamChunks<'ctx>, inner: LoopEnds<'ctx>) -> LoopEnds<'ctx> {
        inner.fini.get_terminator().expect("terminator").erase_from_basic_block();
        let b = &self.b;
        b.position_at_end(inner.fini);
        let st = b.build_load(team.t, team.st, "omp.team.step").expect("positioned").into_int_value();
        for slot in [team.lo, team.hi] {
            let v = b.build_load(team.t, slot, "").expect("positioned").into_int_value();
            b.build_store(slot, b.build_int_add(v, st, "").expect("positioned")).expect("positioned");
        }
        b.build_unconditional_branch(team.next).expect("positioned");
        LoopEnds { fini: team.done, first_iter: team.first_iter, last_iter: team.last_iter, ..inner }
    }
}
