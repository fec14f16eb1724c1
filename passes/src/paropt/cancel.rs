//! Cancellation (OpenMP 5.1 §2.20): `cancel` and `cancellation point`
//! lowered in place, and the barriers of cancellable regions.
//!
//! A cancel asks libomp to cancel (`__kmpc_cancel`), a cancellation point
//! asks whether that happened (`__kmpc_cancellationpoint`); on a nonzero
//! answer the thread branches to the END of the region it names (the region
//! it is closely nested in: `plan/cancel.rs`), where the region's own
//! finalization still runs: a loop's `__kmpc_for_static_fini`, its
//! copy-out and reductions, then its closing barrier. With OMP_CANCELLATION
//! off the runtime answers 0 and the program runs on as if neither were
//! there. In a cancellable parallel region every barrier is
//! `__kmpc_cancel_barrier`, whose nonzero answer leaves the region too; a
//! cancellable loop or sections region closes with one (which resets the
//! request, so a later loop of the team is not cancelled by it).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValue, InstructionOpcode, InstructionValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::vocab::CancelConstruct;

use super::context::{blocks_between, Lowerer, RegionSite, Res, Shape};
use super::plan::cancel::{kmp_kind, target};
use super::plan::{Construct, Plan};
use super::runtime::{self, Rt};
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The block a cancelled thread goes to in region `t`: the one that
    /// starts with its END group (split off if anything precedes it).
    fn cancel_exit(&self, a: &Analysis<'ctx>, t: usize) -> BasicBlock<'ctx> {
        let exit = a.graph.regions[t].exit.expect("prechecked: the region reaches its END");
        let call = a.scan.values.instruction(exit.span.first);
        match call.get_previous_instruction() {
            Some(_) => ffi::split_block_before(call, "omp.cancel.end"),
            None => call.get_parent().expect("in a block"),
        }
    }

    /// `cancel` or `cancellation point`: the runtime's answer, and on a
    /// nonzero one the branch to the END of the region it names (a
    /// cancelled parallel region's thread first meets the others at a
    /// cancel barrier, as clang has it). A cancel whose IF is false does
    /// nothing.
    pub(super) fn lower_cancel(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<String> {
        let c = plan.cancel.expect("planned");
        let t = target(at.a, at.r, c).map_err(|e| e.at(at.a.graph.regions[at.r].entry.span.first))?;
        let leave_to = self.cancel_exit(at.a, t);
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let s = at.shape.s;
        let term = s.get_terminator().expect("a terminator");
        let next = crate::cfg::unique_successor(s).expect("a directive group's block ends in a branch");
        let ctx = self.rt.ctx;
        let ask = ctx.insert_basic_block_after(s, "omp.cancel.ask");
        let leave = ctx.insert_basic_block_after(ask, "omp.cancel.leave");
        self.b.position_before(&term);
        match plan.if_cond {
            Some(cond) => {
                let go = self.truth(cond);
                self.b.build_conditional_branch(go, ask, next).expect("positioned");
            }
            None => {
                self.b.build_unconditional_branch(ask).expect("positioned");
            }
        }
        term.erase_from_basic_block();
        self.b.position_at_end(ask);
        let kind = self.rt.i32.const_int(kmp_kind(c) as u64, false);
        let (entry, what) = match plan.construct {
            Construct::Cancel => (Rt::Cancel, "__kmpc_cancel"),
            _ => (Rt::Cancellationpoint, "__kmpc_cancellationpoint"),
        };
        let answer = self.rt.call_i32(&self.b, entry, &[ident.into(), gtid.into(), kind.into()]);
        let zero = self.rt.i32.const_zero();
        let cancelled = self.b.build_int_compare(IntPredicate::NE, answer, zero, "omp.cancelled").expect("positioned");
        self.b.build_conditional_branch(cancelled, leave, next).expect("positioned");
        self.b.position_at_end(leave);
        if c == CancelConstruct::Parallel {
            let bid = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR);
            self.rt.call_i32(&self.b, Rt::CancelBarrier, &[bid.into(), gtid.into()]);
        }
        self.b.build_unconditional_branch(leave_to).expect("positioned");
        Ok(format!(
            "lowered in place: {what} (kind {}), leaving {} when cancelled",
            kmp_kind(c),
            at.a.graph.regions[t].kind.begin_name()
        ))
    }

    /// Every `__kmpc_barrier` in `blocks` becomes `__kmpc_cancel_barrier`;
    /// with `leave_to`, a nonzero answer branches there.
    pub(super) fn cancel_barriers(&mut self, blocks: &[BasicBlock<'ctx>], leave_to: Option<BasicBlock<'ctx>>) -> usize {
        let barriers: Vec<InstructionValue<'ctx>> = blocks
            .iter()
            .flat_map(|bb| bb.get_instructions())
            .filter(|i| {
                i.get_opcode() == InstructionOpcode::Call
                    && ffi::called_function_name(Value::of_instruction(*i)).as_deref() == Some(Rt::Barrier.entry().name)
            })
            .collect();
        for &old in &barriers {
            let args: Vec<_> = (0..2).filter_map(|k| old.get_operand(k).and_then(|o| o.left())).collect();
            self.b.position_before(&old);
            let answer = self.rt.call_i32(&self.b, Rt::CancelBarrier, &args);
            old.erase_from_basic_block();
            let Some(to) = leave_to else { continue };
            let call = answer.as_instruction_value().expect("a call");
            let rest = call.get_next_instruction().expect("a terminator follows");
            let cont = ffi::split_block_before(rest, "omp.cancel.cont");
            let bb = call.get_parent().expect("in a block");
            bb.get_terminator().expect("the split's branch").erase_from_basic_block();
            self.b.position_at_end(bb);
            let zero = self.rt.i32.const_zero();
            let cancelled =
                self.b.build_int_compare(IntPredicate::NE, answer, zero, "omp.cancelled").expect("positioned");
            self.b.build_conditional_branch(cancelled, to, cont).expect("positioned");
        }
        barriers.len()
    }

    /// A cancellable parallel region's barriers (its children's, already
    /// lowered) before its own data environment is: a nonzero answer goes to
    /// its END, where the thread's finalization runs.
    pub(super) fn cancellable_parallel(&mut self, a: &Analysis<'ctx>, r: usize, shape: Shape<'ctx>) {
        if !super::plan::cancel::cancels(a, r, CancelConstruct::Parallel) {
            return;
        }
        let f = shape.s.get_parent().expect("in a function");
        let body = blocks_between(f, shape.first, shape.end);
        let n = self.cancel_barriers(&body, Some(shape.fini));
        self.notes.push(format!("cancellable: {n} barrier(s) are __kmpc_cancel_barrier"));
    }

    /// A cancellable loop or sections region closes with a cancel barrier
    /// (its own, or one added to a combined parallel one, which has none):
    /// the runtime resets the request there.
    pub(super) fn cancellable_worksharing(&mut self, a: &Analysis<'ctx>, r: usize, plan: &Plan, shape: Shape<'ctx>) {
        let c = [CancelConstruct::Loop, CancelConstruct::Sections];
        if !c.iter().any(|&c| super::plan::cancel::cancels(a, r, c)) {
            return;
        }
        if self.cancel_barriers(&[shape.end], None) == 0 && plan.construct == Construct::ParallelLoop {
            // (In the microtask: where its body branches to the END.)
            let f = shape.s.get_parent().expect("in a function");
            let gtid = self.gtid(shape.first, &a.graph.function);
            let begin = a.scan.values.instruction(a.graph.regions[r].entry.span.first);
            let flags = runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_FOR;
            let bid = self.rt.ident(&a.graph.function, Some(begin), flags);
            let last: Vec<BasicBlock<'ctx>> = blocks_between(f, shape.first, shape.end)
                .into_iter()
                .filter(|&bb| crate::cfg::unique_successor(bb) == Some(shape.end))
                .collect();
            for bb in last {
                let b = self.before_terminator(bb);
                self.rt.call_i32(b, Rt::CancelBarrier, &[bid.into(), gtid.into()]);
            }
        }
        self.notes.push("cancellable: closes with __kmpc_cancel_barrier".to_string());
    }
}
