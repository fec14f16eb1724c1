//! `lastprivate(conditional:)` on worksharing loops: the original gets the
//! value that the sequentially last iteration assigning the variable
//! assigned, or keeps its own when no iteration did. At every store to its
//! copy a thread keeps the value stored by its latest iteration (the
//! normalized IV) so far, since its chunks need not come in order; when it
//! leaves the loop it offers (iteration, value) to a record the team
//! shares, under a lock, and the later iteration wins. The loop's barrier
//! (kept even under nowait) then makes the original final.
//!
//! The shared record lives in the frame of the thread that forks the team
//! (passed into the microtask like any shared variable) and is set before
//! the fork. A loop met several times in one parallel region needs no reset
//! between encounters: each thread counts its encounters of the loop (all
//! threads meet worksharing loops in the same order), and a record left by
//! an earlier encounter loses to any iteration of a later one.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, InstructionOpcode, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;
use weft_intrinsics::Rule;

use super::lower::{blocks_between, err, Lowerer, Private, Res, Shape};
use super::plan::{Construct, Plan, Share};
use super::runtime;
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Lowers the conditional lastprivate variables of loop region `r`
    /// (partitioned already): `fini` is where each thread leaves the loop.
    /// Returns, when there were any, the block after the lock where the
    /// thread's way out continues (the loop then needs its barrier).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lastprivate_conditional(
        &mut self,
        a: &Analysis<'ctx>,
        r: usize,
        plan: &Plan,
        shape: Shape<'ctx>,
        privs: &[Private<'ctx>],
        home: BasicBlock<'ctx>,
        fini: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        name: &str,
    ) -> Res<Option<BasicBlock<'ctx>>> {
        // (copy, original, type) of each.
        let conds: Vec<(PointerValue<'ctx>, PointerValue<'ctx>, BasicTypeEnum<'ctx>)> =
            privs.iter().filter(|p| p.share == Share::LastprivateConditional).map(|p| (p.copy, p.orig, p.ty)).collect();
        if conds.is_empty() {
            return Ok(None);
        }
        let clause = "QUAL.OMP.LASTPRIVATE:CONDITIONAL";
        // The team: this region when it forks one, else the parallel region
        // around the loop in this function.
        let mut team = Some(r);
        while let Some(t) = team {
            if a.graph.regions[t].kind.is_team_parallel() {
                break;
            }
            team = a.graph.regions[t].parent;
        }
        let team = match (plan.construct, team) {
            (Construct::ParallelLoop, _) => r,
            (_, Some(t)) => t,
            (_, None) => {
                return Err(err(
                    Rule::NotYetSupported,
                    clause,
                    "a conditional lastprivate on a worksharing loop outside any parallel region of its function",
                )
                .on_directive(name)
                .at(a.graph.regions[r].entry.span.first))
            }
        };
        let f = shape.s.get_parent().expect("in a function");
        let body = blocks_between(f, shape.first, shape.end);
        // Stores to the copies only: a copy whose address goes anywhere else
        // could be written where no iteration is recorded.
        let mut stores = Vec::new();
        for &(copy, _, _) in &conds {
            for user in ffi::users(ffi::Value::of(copy)) {
                // SAFETY: a user of an alloca is an instruction of the live function.
                let i = unsafe { ffi::instruction(user.id()) };
                let at_address = |k| i.get_operand(k).and_then(|o| o.left()) == Some(copy.as_basic_value_enum());
                match i.get_opcode() {
                    InstructionOpcode::Load => {}
                    InstructionOpcode::Store if at_address(1) && !at_address(0) => stores.push((i, copy)),
                    _ if i.get_parent().is_some_and(|bb| !body.contains(&bb)) => {}
                    _ => {
                        return Err(err(
                            Rule::NotYetSupported,
                            clause,
                            "a conditional lastprivate variable whose address the loop passes on (only its \
                             loads and stores can be followed)",
                        )
                        .on_directive(name)
                        .at(a.graph.regions[r].entry.span.first))
                    }
                }
            }
        }
        let iv = privs.iter().find(|p| p.share == Share::NormIv).expect("a loop has its normalized IV");
        let BasicTypeEnum::IntType(ivt) = iv.ty else { unreachable!("partition checked the IV's type") };
        let i64t = self.rt.i64;
        let minus_one = i64t.const_all_ones();
        // The team's record, set before the fork: encounter 0, no iteration.
        let team_reg = &a.graph.regions[team];
        let outer_home = self.home(a, team_reg.parent);
        // SAFETY: the team region's BEGIN call, from the analysis being lowered.
        let fork = unsafe { ffi::instruction(team_reg.entry.span.first) };
        // Each thread's encounters of this loop, counted from the start of
        // the parallel region.
        let team_home = if team == r { shape.first } else { self.home(a, Some(team)) };
        let seen = self.alloca(team_home, i64t.into(), "omp.lastprivate.cond.seen");
        let b = self.before_terminator(team_home);
        b.build_store(seen, i64t.const_zero()).expect("positioned");
        let b = self.before_terminator(shape.first);
        let n = b.build_load(i64t, seen, "").expect("positioned").into_int_value();
        let n = b.build_int_add(n, i64t.const_int(1, false), "omp.lastprivate.cond.encounter").expect("positioned");
        b.build_store(seen, n).expect("positioned");
        let mut records = Vec::new();
        for &(copy, orig, ty) in &conds {
            let label = orig.get_name().to_string_lossy().into_owned();
            let rec_seen = self.alloca(outer_home, i64t.into(), &format!("{label}.cond.team.seen"));
            let rec_iter = self.alloca(outer_home, i64t.into(), &format!("{label}.cond.team.iter"));
            let b = self.at(fork);
            b.build_store(rec_seen, i64t.const_zero()).expect("positioned");
            b.build_store(rec_iter, minus_one).expect("positioned");
            let mine = self.alloca(home, i64t.into(), &format!("{label}.cond.iter"));
            let best = self.alloca_for(home, ty, &format!("{label}.cond.value"), orig);
            let b = self.before_terminator(shape.first);
            b.build_store(mine, minus_one).expect("positioned");
            records.push((copy, orig, ty, mine, best, rec_seen, rec_iter));
        }
        // At every store to a copy: the value, if its iteration is the
        // thread's latest so far.
        for (st, copy) in stores {
            let &(_, _, ty, mine, best, _, _) = records.iter().find(|r| r.0 == copy).expect("recorded");
            let v = st.get_operand(0).and_then(|o| o.left()).expect("a store's value");
            let next = st.get_next_instruction().expect("a store is not a terminator");
            let b = self.at(next);
            let k = b.build_load(ivt, iv.copy, "omp.lastprivate.cond.k").expect("positioned").into_int_value();
            let k = if ivt.get_bit_width() == 64 { k } else { b.build_int_z_extend(k, i64t, "").expect("positioned") };
            let old = b.build_load(i64t, mine, "").expect("positioned").into_int_value();
            let latest = b.build_int_compare(IntPredicate::SGE, k, old, "").expect("positioned");
            let k = b.build_select(latest, k, old, "").expect("positioned");
            b.build_store(mine, k).expect("positioned");
            let old = b.build_load(ty, best, "").expect("positioned");
            let v = b.build_select(latest, v, old, "").expect("positioned");
            b.build_store(best, v).expect("positioned");
        }
        // Leaving the loop: the later iteration wins, under one lock.
        let ident = self.rt.ident(fname, None, runtime::IDENT_KMPC);
        let lock = self.rt.critical_lock(".weft.lastprivate.conditional");
        let b = self.before_terminator(fini);
        self.rt.call(b, "__kmpc_critical", None, &[ident.into(), gtid.into(), lock.into()]);
        let mut tail = fini;
        for (_, orig, ty, mine, best, rec_seen, rec_iter) in records {
            let b = self.before_terminator(tail);
            let k = b.build_load(i64t, mine, "").expect("positioned").into_int_value();
            let assigned = b.build_int_compare(IntPredicate::SGE, k, i64t.const_zero(), "").expect("positioned");
            let s = b.build_load(i64t, rec_seen, "").expect("positioned").into_int_value();
            let i = b.build_load(i64t, rec_iter, "").expect("positioned").into_int_value();
            let stale = b.build_int_compare(IntPredicate::NE, s, n, "").expect("positioned");
            let later = b.build_int_compare(IntPredicate::SGT, k, i, "").expect("positioned");
            let wins = b.build_or(stale, later, "").expect("positioned");
            let take = b.build_and(assigned, wins, "omp.lastprivate.cond.wins").expect("positioned");
            let (then, rest) =
                self.if_then(take, tail.get_terminator().expect("terminator"), "lastprivate.cond.copyout");
            let b = self.before_terminator(then);
            b.build_store(rec_seen, n).expect("positioned");
            b.build_store(rec_iter, k).expect("positioned");
            let v = b.build_load(ty, best, "").expect("positioned");
            b.build_store(orig, v).expect("positioned");
            tail = rest;
        }
        let b = self.before_terminator(tail);
        self.rt.call(b, "__kmpc_end_critical", None, &[ident.into(), gtid.into(), lock.into()]);
        self.notes.push(format!("{} conditional lastprivate variable(s), through a lock", conds.len()));
        Ok(Some(tail))
    }
}
