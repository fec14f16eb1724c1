//! Loop partitioning (paper component IV, LPARTITION): a normalized
//! worksharing loop's IV starts at each chunk's lower bound and its private
//! upper-bound slot holds the chunk's upper bound; plain static schedules
//! take one block per thread, every other schedule a chunk loop through
//! `__kmpc_dispatch_next`.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::{BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{BasicValue, InstructionOpcode, InstructionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self};
use weft_intrinsics::Rule;

use super::context::{blocks_between, err, Lowerer, Private, Res, Shape};
use super::plan::{Plan, Schedule, Share};
use super::runtime::{self, Rt};

/// Where a partitioned loop ends: `chunk_end` runs after each chunk, with
/// `last` (an i32) nonzero when that chunk held the sequentially last
/// iteration; `fini` runs once per thread after its last chunk.
pub(super) struct LoopEnds<'ctx> {
    /// The store that starts each chunk's IV: the chunk's loop follows it.
    pub(super) start: InstructionValue<'ctx>,
    pub(super) chunk_end: BasicBlock<'ctx>,
    pub(super) last: PointerValue<'ctx>,
    pub(super) fini: BasicBlock<'ctx>,
    /// The whole loop's first and last normalized iterations (before the
    /// chunk's), and whether the IV compares unsigned (paropt::scan).
    pub(super) first_iter: IntValue<'ctx>,
    pub(super) last_iter: IntValue<'ctx>,
    pub(super) unsigned: bool,
}

impl<'ctx> LoopEnds<'ctx> {
    /// A loop started by `init` whose chunks end at `shape.fini` and whose
    /// thread leaves after its last chunk at `fini`, with `k`'s flag and
    /// first and last iterations.
    pub(super) fn of(k: &Ctl<'ctx>, init: InstructionValue<'ctx>, shape: Shape<'ctx>, fini: BasicBlock<'ctx>) -> Self {
        LoopEnds {
            start: init,
            chunk_end: shape.fini,
            last: k.last,
            fini,
            first_iter: k.start,
            last_iter: k.ub0,
            unsigned: k.unsigned,
        }
    }
}

/// What both ways of partitioning a loop work with: the loop's ident and
/// the thread id, the IV's type, the runtime's bound and stride slots and
/// last-iteration flag, and the whole loop's first and last iterations.
#[derive(Clone, Copy)]
pub(super) struct Ctl<'ctx> {
    pub(super) ident: PointerValue<'ctx>,
    pub(super) gtid: IntValue<'ctx>,
    pub(super) t: IntType<'ctx>,
    pub(super) lo: PointerValue<'ctx>,
    pub(super) hi: PointerValue<'ctx>,
    pub(super) st: PointerValue<'ctx>,
    pub(super) last: PointerValue<'ctx>,
    pub(super) one: IntValue<'ctx>,
    pub(super) start: IntValue<'ctx>,
    pub(super) ub0: IntValue<'ctx>,
    pub(super) unsigned: bool,
    /// A distribute parallel loop's: its team's last-chunk flag, which
    /// the thread's own flag is and-ed with (paropt::distribute).
    pub(super) team_last: Option<PointerValue<'ctx>>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Partitions the normalized loop of a worksharing region among the
    /// team's threads: the loop's own code is kept; its IV starts at each
    /// chunk's lower bound and its (private) upper-bound slot holds each
    /// chunk's upper bound. Returns where finalization code goes and how to
    /// read the last-iteration flag there.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn partition(
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
        // Each iteration of an ordered loop tells the runtime it ended (before
        // the IV steps), so the next one's ordered region may run. Found
        // before anything changes.
        let ordered_steps: Vec<InstructionValue<'ctx>> = if plan.schedule.ordered {
            let steps: Vec<_> = iv_stores(&blocks_between(f, shape.first, shape.end), iv.copy)
                .into_iter()
                .filter(|&s| s != init)
                .collect();
            if steps.is_empty() {
                return Err(err(Rule::LoopForm, name, "cannot find where the ordered loop's IV steps"));
            }
            steps
        } else {
            Vec::new()
        };
        let [static_init, dispatch_init, dispatch_next, dispatch_fini] = Rt::for_iv(t.get_bit_width(), unsigned);
        // (A sections construct is a loop over the section index: prepare/sections.rs.)
        let work = if name.ends_with("SECTIONS") { runtime::IDENT_WORK_SECTIONS } else { runtime::IDENT_WORK_LOOP };
        let ident = self.rt.ident(fname, Some(begin_call), runtime::IDENT_KMPC | work);
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
                static_init.entry().name.to_string()
            } else {
                format!("{}/{}", dispatch_init.entry().name, dispatch_next.entry().name)
            }
        ));
        let dims = sched.doacross.then(|| self.doacross_dims(home, plan));
        if dims.is_some() {
            self.notes.push("doacross: __kmpc_doacross_init/fini around it".into());
        }
        let b = self.at(init);
        let ub0 = b.build_load(t, ub.copy, "omp.ub0").expect("positioned").into_int_value();
        b.build_store(last, i32t.const_zero()).expect("positioned");
        if let Some(dims) = dims {
            self.doacross_init(b, plan, privs, dims, ident, gtid, (start, ub0, unsigned), name)?;
        }
        let mut k = Ctl { ident, gtid, t, lo, hi, st, last, one, start, ub0, unsigned, team_last: None };
        let mut team = None;
        match plan.teams.dist {
            Some(chunk) if !plan.construct.is_parallel() => {
                return Ok(self.distribute(&k, chunk, init, ub.copy, shape, fname, begin_call));
            }
            // (A distribute chunk: the inner loop once per team chunk, paropt::team_chunks.)
            Some(Some(chunk)) => {
                let (inner, chunks) = self.team_chunks_begin(&k, chunk, init, home, shape, fname, begin_call);
                (k, team) = (inner, Some(chunks));
            }
            Some(None) => k = self.team_chunk(&k, init, home, fname, begin_call),
            None => {}
        }
        let device_cyclic =
            self.in_target && !sched.ordered && !sched.doacross && !(sched.is_plain_static() && !sched.default);
        let ends = if self.in_target && sched.ordered && !sched.doacross {
            self.ordered_one_thread(&k, init, ub.copy, shape)
        } else if device_cyclic {
            self.static_cyclic(&k, sched.chunk, init, ub.copy, shape)
        } else if sched.is_plain_static() {
            self.static_block(&k, sched, init, ub.copy, shape)
        } else {
            let dispatch = [dispatch_init, dispatch_next, dispatch_fini];
            self.chunk_loop(&k, sched, init, ub.copy, shape, &ordered_steps, dispatch)
        };
        Ok(match team {
            Some(team) => self.team_chunks_end(team, ends),
            None => ends,
        })
    }

    /// A plain static schedule: one block of iterations per thread.
    fn static_block(
        &mut self,
        k: &Ctl<'ctx>,
        sched: Schedule,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
    ) -> LoopEnds<'ctx> {
        let Ctl { ident, gtid, t, lo, hi, st, last, one, start, ub0, unsigned, .. } = *k;
        let i32t = self.rt.i32;
        let [static_init, ..] = Rt::for_iv(t.get_bit_width(), unsigned);
        let b = self.at(init);
        b.build_store(lo, start).expect("positioned");
        b.build_store(hi, ub0).expect("positioned");
        b.build_store(st, one).expect("positioned");
        let kind = i32t.const_int(sched.sched_type() as u64, false);
        self.rt.call(
            b,
            static_init,
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
        self.and_team_last(b, k);
        start_chunk(b, k, init, ub_copy);
        let b = self.before_terminator(shape.fini);
        self.rt.call(b, Rt::ForStaticFini, &[ident.into(), gtid.into()]);
        if sched.doacross {
            self.doacross_fini(b, ident, gtid);
        }
        LoopEnds {
            start: init,
            chunk_end: shape.fini,
            last,
            fini: shape.fini,
            first_iter: start,
            last_iter: ub0,
            unsigned,
        }
    }

    /// Every other schedule: a chunk loop around the loop, through
    /// `dispatch_next` until no chunk is left.
    #[allow(clippy::too_many_arguments)]
    fn chunk_loop(
        &mut self,
        k: &Ctl<'ctx>,
        sched: Schedule,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
        ordered_steps: &[InstructionValue<'ctx>],
        [dispatch_init, dispatch_next, dispatch_fini]: [Rt; 3],
    ) -> LoopEnds<'ctx> {
        let Ctl { ident, gtid, t, lo, hi, st, last, one, start, ub0, unsigned, .. } = *k;
        let i32t = self.rt.i32;
        // A chunk loop around the loop: dispatch_next hands out chunks until none is left.
        let chunk = match sched.chunk {
            Some(c) => self.int_operand(c, t),
            None => one,
        };
        let b = &self.b;
        let kind = i32t.const_int(sched.sched_type() as u64, false);
        self.rt.call(
            b,
            dispatch_init,
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
            dispatch_next,
            &[ident.into(), gtid.into(), last.into(), lo.into(), hi.into(), st.into()],
        );
        self.and_team_last(b, k);
        let go = b.build_int_compare(IntPredicate::NE, more, i32t.const_zero(), "omp.more").expect("positioned");
        b.build_conditional_branch(go, chunk_bb, done).expect("positioned");
        start_chunk(self.at(init), k, init, ub_copy);
        for &s in ordered_steps {
            let b = self.at(s);
            self.rt.call(b, dispatch_fini, &[ident.into(), gtid.into()]);
        }
        // The loop's exit goes back for the next chunk.
        let end = shape.fini.get_terminator().expect("terminator");
        end.erase_from_basic_block();
        self.b.position_at_end(shape.fini);
        self.b.build_unconditional_branch(dispatch).expect("positioned");
        self.b.position_at_end(done);
        if sched.doacross {
            self.doacross_fini(&self.b, ident, gtid);
        }
        self.b.build_unconditional_branch(shape.end).expect("positioned");
        LoopEnds { start: init, chunk_end: shape.fini, last, fini: done, first_iter: start, last_iter: ub0, unsigned }
    }
}

/// The chunk the runtime handed out (`lo`..`hi`) becomes the loop's: its IV
/// starts at `lo` (the store `init`) and its upper-bound slot holds `hi`.
pub(super) fn start_chunk<'ctx>(
    b: &Builder<'ctx>,
    k: &Ctl<'ctx>,
    init: InstructionValue<'ctx>,
    ub_copy: PointerValue<'ctx>,
) {
    let lo = b.build_load(k.t, k.lo, "omp.chunk.lo").expect("positioned");
    let hi = b.build_load(k.t, k.hi, "omp.chunk.hi").expect("positioned");
    b.build_store(ub_copy, hi).expect("positioned");
    init.set_operand(0, lo);
}

/// The store that starts the IV: the first store to `iv` on the straight
/// path from `first` (before the loop, as normalized loops are emitted).
/// Where that path branches in a way it cannot follow (the odometer of a
/// non-rectangular nest's count, prepare/nonrect.rs), the first store in
/// breadth-first order from `first`: the loop's own stores come after its
/// header, which the store before it precedes on every path.
fn find_iv_init<'ctx>(first: BasicBlock<'ctx>, iv: PointerValue<'ctx>) -> Option<InstructionValue<'ctx>> {
    match iv_init_on_path(first, iv) {
        OnPath::Store(i) => Some(i),
        OnPath::Cycle => None,
        OnPath::Branch => iv_stores(&crate::cfg::reachable_before(first, first), iv).first().copied(),
    }
}

/// How the straight path from a block ends, looking for a store to an IV
/// slot: at the first such store, back where it was, or at a branch.
pub(super) enum OnPath<'ctx> {
    Store(InstructionValue<'ctx>),
    Cycle,
    Branch,
}

/// The first store to `iv` on the straight path from `first`.
pub(super) fn iv_init_on_path<'ctx>(first: BasicBlock<'ctx>, iv: PointerValue<'ctx>) -> OnPath<'ctx> {
    let mut seen = hashbrown::HashSet::new();
    let mut bb = first;
    loop {
        if !seen.insert(ffi::block_id(bb)) {
            return OnPath::Cycle;
        }
        if let Some(i) = iv_stores(&[bb], iv).first() {
            return OnPath::Store(*i);
        }
        match crate::cfg::next_on_path(bb) {
            Some(next) => bb = next,
            None => return OnPath::Branch,
        }
    }
}

/// Whether the loop from `first` reads its upper-bound slot `ub` before
/// the store that starts its IV `iv` on the straight path (icx's prepared
/// sections loop: `%n = load %ub` in the preheader, `store 0, %iv`, then a
/// body tested at the bottom against `%n`). Such a loop would run to the
/// whole loop's bound, not its chunk's, which is stored just before that
/// store, and would run an empty chunk's first iteration: refused
/// (precheck.rs) until partitioning guards it.
pub(super) fn reads_bound_before_iv<'ctx>(
    first: BasicBlock<'ctx>,
    iv: PointerValue<'ctx>,
    ub: PointerValue<'ctx>,
) -> bool {
    let is = |i: InstructionValue<'ctx>, op, p: PointerValue<'ctx>| {
        i.get_opcode() == op && crate::cfg::pointer_operand(i) == Some(p.as_basic_value_enum())
    };
    let mut seen = hashbrown::HashSet::new();
    let mut bb = Some(first);
    while let Some(b) = bb.filter(|b| seen.insert(ffi::block_id(*b))) {
        for i in b.get_instructions() {
            if is(i, InstructionOpcode::Store, iv) {
                return false;
            }
            if is(i, InstructionOpcode::Load, ub) {
                return true;
            }
        }
        bb = crate::cfg::next_on_path(b);
    }
    false
}

/// The stores to the IV slot `iv` in `body`.
pub(super) fn iv_stores<'ctx>(body: &[BasicBlock<'ctx>], iv: PointerValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut out = Vec::new();
    for &bb in body {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::Store
                && i.get_operand(1).and_then(|o| o.left()).is_some_and(|p| p == iv.as_basic_value_enum())
            {
                out.push(i);
            }
            cur = i.get_next_instruction();
        }
    }
    out
}

/// Whether the loop compares its IV unsigned (`icmp ule/ult` on a load of it).
pub(super) fn compares_unsigned(body: &[BasicBlock<'_>], iv: PointerValue<'_>) -> bool {
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
