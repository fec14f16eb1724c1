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
use llvm_plugin::inkwell::values::{BasicValue, InstructionOpcode, InstructionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, Lowerer, Private, Res, Shape};
use super::plan::{Construct, Plan, Share};
use super::runtime::{self, Rt};
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
        // (None: an orphaned loop, whose team this function cannot see.)
        let team = match plan.construct {
            Construct::ParallelLoop => Some(r),
            _ => team,
        };
        let stores =
            conditional_stores(&conds, shape, clause, name).map_err(|e| e.at(a.graph.regions[r].entry.span.first))?;
        let iv = privs.iter().find(|p| p.share == Share::NormIv).expect("a loop has its normalized IV");
        let BasicTypeEnum::IntType(ivt) = iv.ty else { unreachable!("partition checked the IV's type") };
        let i64t = self.rt.i64;
        let minus_one = i64t.const_all_ones();
        let (n, team_records) = match team {
            Some(t) => self.team_records(a, t, r, shape, &conds),
            None => self.orphaned_records(shape, home, gtid, fname, &conds),
        };
        let mut records = Vec::new();
        for (&(copy, orig, ty), (rec_seen, rec_iter)) in conds.iter().zip(team_records) {
            let label = orig.get_name().to_string_lossy().into_owned();
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
        self.rt.critical(b, ident, gtid, lock, None);
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
        self.rt.end_critical(b, ident, gtid, lock);
        self.notes.push(format!("{} conditional lastprivate variable(s), through a lock", conds.len()));
        Ok(Some(tail))
    }

    /// The team's record of each conditional variable (encounter, iteration),
    /// in the frame of the thread that forks team region `t`, set before the
    /// fork; and this encounter's number (each thread counts its encounters
    /// of loop `r` from the start of the parallel region).
    fn team_records(
        &mut self,
        a: &Analysis<'ctx>,
        t: usize,
        r: usize,
        shape: Shape<'ctx>,
        conds: &[(PointerValue<'ctx>, PointerValue<'ctx>, BasicTypeEnum<'ctx>)],
    ) -> (IntValue<'ctx>, Vec<(PointerValue<'ctx>, PointerValue<'ctx>)>) {
        let i64t = self.rt.i64;
        let team_reg = &a.graph.regions[t];
        let outer_home = self.home(a, team_reg.parent);
        let fork = a.scan.values.instruction(team_reg.entry.span.first);
        let team_home = if t == r { shape.first } else { self.home(a, Some(t)) };
        let seen = self.alloca(team_home, i64t.into(), "omp.lastprivate.cond.seen");
        let b = self.before_terminator(team_home);
        b.build_store(seen, i64t.const_zero()).expect("positioned");
        let b = self.before_terminator(shape.first);
        let n = b.build_load(i64t, seen, "").expect("positioned").into_int_value();
        let n = b.build_int_add(n, i64t.const_int(1, false), "omp.lastprivate.cond.encounter").expect("positioned");
        b.build_store(seen, n).expect("positioned");
        let mut records = Vec::new();
        for &(_, orig, _) in conds {
            let label = orig.get_name().to_string_lossy().into_owned();
            let rec_seen = self.alloca(outer_home, i64t.into(), &format!("{label}.cond.team.seen"));
            let rec_iter = self.alloca(outer_home, i64t.into(), &format!("{label}.cond.team.iter"));
            let b = self.at(fork);
            b.build_store(rec_seen, i64t.const_zero()).expect("positioned");
            b.build_store(rec_iter, i64t.const_all_ones()).expect("positioned");
            records.push((rec_seen, rec_iter));
        }
        (n, records)
    }

    /// The records of an orphaned loop, whose team forked in another
    /// function: each thread has a block of records in its own frame, and
    /// at each encounter the thread that runs a `single` resets its own and
    /// `__kmpc_copyprivate` hands its address to the team (with a barrier,
    /// so no thread offers before the reset). The loop's closing barrier
    /// keeps the block alive and unchanged until every thread has offered,
    /// so each encounter is number 0 of a fresh record.
    fn orphaned_records(
        &mut self,
        shape: Shape<'ctx>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        fname: &str,
        conds: &[(PointerValue<'ctx>, PointerValue<'ctx>, BasicTypeEnum<'ctx>)],
    ) -> (IntValue<'ctx>, Vec<(PointerValue<'ctx>, PointerValue<'ctx>)>) {
        let (i32t, i64t, ptr) = (self.rt.i32, self.rt.i64, self.rt.ptr);
        let e = "positioned";
        let block_ty = i64t.array_type(2 * conds.len() as u32);
        let block = self.alloca(home, block_ty.into(), "omp.lastprivate.cond.team");
        let slot = self.alloca(home, ptr.into(), "omp.lastprivate.cond.team.addr");
        let list = self.alloca(home, ptr.array_type(1).into(), "omp.lastprivate.cond.team.list");
        let didit = self.alloca(home, i32t.into(), "omp.lastprivate.cond.didit");
        let ident = self.rt.ident(fname, None, runtime::IDENT_KMPC);
        let b = self.before_terminator(shape.first);
        b.build_store(slot, block).expect(e);
        b.build_store(list, slot).expect(e);
        b.build_store(didit, i32t.const_zero()).expect(e);
        let got = self.rt.call_i32(b, Rt::Single, &[ident.into(), gtid.into()]);
        let go = b.build_int_compare(IntPredicate::NE, got, i32t.const_zero(), "").expect(e);
        let (then, rest) =
            self.if_then(go, shape.first.get_terminator().expect("terminator"), "lastprivate.cond.reset");
        let b = self.before_terminator(then);
        for k in 0..2 * conds.len() {
            let idx = [i64t.const_zero(), i64t.const_int(k as u64, false)];
            // SAFETY: in bounds of the [2n x i64] block allocated above.
            let at = unsafe { b.build_gep(block_ty, block, &idx, "") }.expect(e);
            let v = if k % 2 == 0 { i64t.const_zero() } else { i64t.const_all_ones() };
            b.build_store(at, v).expect(e);
        }
        b.build_store(didit, i32t.const_int(1, false)).expect(e);
        self.rt.call(b, Rt::EndSingle, &[ident.into(), gtid.into()]);
        let cpy = self.pairwise_fn(&format!("{fname}.omp.lastprivate.cond.copy"), 1, |b, _, dst, src| {
            let v = b.build_load(ptr, src, "").expect(e);
            b.build_store(dst, v).expect(e);
        });
        let b = self.before_terminator(rest);
        let flag = b.build_load(i32t, didit, "").expect(e);
        let size = i64t.const_int(8, false);
        let fnptr = cpy.as_global_value().as_pointer_value();
        self.rt.copyprivate(b, ident, gtid, size, list, fnptr, flag.into_int_value());
        let shared = b.build_load(ptr, slot, "omp.lastprivate.cond.team").expect(e).into_pointer_value();
        let records = (0..conds.len())
            .map(|k| {
                let at = |j: usize| {
                    let idx = [i64t.const_zero(), i64t.const_int((2 * k + j) as u64, false)];
                    // SAFETY: in bounds of the team's [2n x i64] block.
                    unsafe { b.build_gep(block_ty, shared, &idx, "") }.expect(e)
                };
                (at(0), at(1))
            })
            .collect();
        (i64t.const_zero(), records)
    }
}

/// The stores to the conditional variables' copies in the loop; refused
/// when a copy's address goes anywhere else in it (it could be written
/// where no iteration is recorded).
#[allow(clippy::type_complexity)]
fn conditional_stores<'ctx>(
    conds: &[(PointerValue<'ctx>, PointerValue<'ctx>, BasicTypeEnum<'ctx>)],
    shape: Shape<'ctx>,
    clause: &str,
    name: &str,
) -> Res<Vec<(InstructionValue<'ctx>, PointerValue<'ctx>)>> {
    let f = shape.s.get_parent().expect("in a function");
    let body = blocks_between(f, shape.first, shape.end);
    // Stores to the copies only: a copy whose address goes anywhere else
    // could be written where no iteration is recorded.
    let mut stores = Vec::new();
    for &(copy, _, _) in conds {
        for i in ffi::user_instructions(&copy) {
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
                    .on_directive(name))
                }
            }
        }
    }
    Ok(stores)
}
