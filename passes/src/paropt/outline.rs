//! Outlining (paper component V): a parallel region's body becomes a libomp
//! microtask through LLVM's CodeExtractor and is forked with
//! `__kmpc_fork_call` (num_threads, proc_bind, if(false) serialized).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self};
use weft_intrinsics::vocab::ProcBind;
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, Lowerer, Res, Shape};
use super::plan::{Construct, Plan};
use super::runtime::{self, Rt};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Outlines a parallel region's body into a microtask and forks it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn outline(
        &mut self,
        f: FunctionValue<'ctx>,
        plan: &Plan,
        shape: Shape<'ctx>,
        outer_home: BasicBlock<'ctx>,
        fname: &str,
        begin_call: InstructionValue<'ctx>,
        number: usize,
    ) -> Res<()> {
        let teams = plan.construct == Construct::Teams;
        self.demote_outputs(&blocks_between(f, shape.first, shape.end), shape, outer_home, teams);
        let body = blocks_between(f, shape.first, shape.end);
        let mt_name = format!("{fname}.omp_outlined.{number}");
        if !self.outline_cx.as_ref().map_or(false, |c| c.is_for(f)) {
            self.outline_cx = Some(ffi::OutlineContext::new(f));
        }
        let cx = self.outline_cx.as_ref().expect("just made");
        let (mt, call) = ffi::outline_microtask(&body, &mt_name, cx).ok_or_else(|| {
            err(Rule::Internal, "DIR.OMP.PARALLEL", "LLVM's CodeExtractor could not outline this region")
        })?;
        let args = call.get_operand(2).and_then(|o| o.left()).expect("the microtask call's argument");
        // CodeExtractor allocates the argument aggregate in the function's
        // entry block; inside an enclosing parallel region that would be one
        // aggregate for the whole outer team, whose threads then overwrite
        // each other's arguments before forking. It belongs to the frame of
        // the thread that forks: the enclosing region's home.
        if let Some(agg) = args.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Alloca) {
            if let Some(first) = outer_home.get_first_instruction().filter(|&i| i != agg) {
                ffi::move_before(agg, first);
            }
        }
        let fork = if teams { "__kmpc_fork_teams" } else { "__kmpc_fork_call" };
        self.notes.push(format!("outlined into @{mt_name} and forked through {fork}"));
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC);
        if teams {
            let mt_ptr = mt.as_global_value().as_pointer_value();
            self.fork_teams(call, ident, mt_ptr, args, plan, outer_home, fname);
            call.erase_from_basic_block();
            return Ok(());
        }
        let needs_gtid = plan.num_threads.is_some() || plan.proc_bind.is_some() || plan.if_cond.is_some();
        let gtid = if needs_gtid { Some(self.gtid(outer_home, fname)) } else { None };
        let b = self.at(call);
        if let (Some(n), Some(g)) = (plan.num_threads, gtid) {
            let n = self.int_operand(n, self.rt.i32);
            self.rt.call(b, Rt::PushNumThreads, &[ident.into(), g.into(), n.into()]);
        }
        if let (Some(pb), Some(g)) = (plan.proc_bind, gtid) {
            let kind = match pb {
                ProcBind::Master => 2,
                ProcBind::Close => 3,
                ProcBind::Spread => 4,
            };
            let k = self.rt.i32.const_int(kind, false);
            self.rt.call(b, Rt::PushProcBind, &[ident.into(), g.into(), k.into()]);
        }
        let mt_ptr = mt.as_global_value().as_pointer_value();
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
                self.rt.fork_call(&self.b, ident, mt_ptr, &[args.into()]);
                self.b.build_unconditional_branch(tail).expect("positioned");
                let gaddr = self.alloca(outer_home, self.rt.i32.into(), "omp.serial.gtid");
                let zaddr = self.alloca(outer_home, self.rt.i32.into(), "omp.serial.btid");
                self.b.position_at_end(els);
                self.rt.call(&self.b, Rt::SerializedParallel, &[ident.into(), g.into()]);
                self.b.build_store(gaddr, g).expect("positioned");
                self.b.build_store(zaddr, self.rt.i32.const_zero()).expect("positioned");
                self.b.build_call(mt, &[gaddr.into(), zaddr.into(), args.into()], "").expect("positioned");
                self.rt.call(&self.b, Rt::EndSerializedParallel, &[ident.into(), g.into()]);
                self.b.build_unconditional_branch(tail).expect("positioned");
            }
            _ => {
                let b = self.at(call);
                self.rt.fork_call(b, ident, mt_ptr, &[args.into()]);
            }
        }
        call.erase_from_basic_block();
        Ok(())
    }

    /// A value computed in the body and used after the region: the primary
    /// thread (thread 0 of the team) stores it into a slot of the encountering
    /// context, read back after the region, so it leaves the region once, not
    /// as a race between threads.
    pub(super) fn demote_outputs(
        &mut self,
        body: &[BasicBlock<'ctx>],
        shape: Shape<'ctx>,
        outer_home: BasicBlock<'ctx>,
        teams: bool,
    ) {
        let inside: hashbrown::HashSet<ffi::BlockId> = body.iter().map(|&b| ffi::block_id(b)).collect();
        let mut outputs = Vec::new();
        for &bb in body {
            let mut cur = bb.get_first_instruction();
            while let Some(i) = cur {
                let escapes = ffi::user_instructions(&i)
                    .into_iter()
                    .any(|ui| ui.get_parent().map_or(false, |p| !inside.contains(&ffi::block_id(p))));
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
        // (In a league every team's primary thread is thread 0: there the
        // primary thread of team 0 stores them.)
        let tid = self.rt.call_i32(b, if teams { Rt::GetTeamNum } else { Rt::GetThreadNum }, &[]);
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
