//! Non-rectangular collapsed nests (OpenMP 5.0): collapsed loops whose
//! start or bound is affine in the variables of the loops around them, as in
//! `for (i = 0; i < n; i++) for (j = 0; j < i; j++)`, one level or several
//! (`for (j = i; ...) for (k = j; ...)`).
//!
//! The nest still becomes one counter `iv = 0 .. N-1` over exactly its
//! iterations, in the serial order, so every schedule, the partition and
//! lastprivate work as for any loop. Split at the last varying level `d`:
//! each iteration of the levels above it (a block; those levels may vary
//! too) runs `count` iterations of the levels from `d` down (`d`'s trip
//! count there times the rectangular levels below). An odometer walks the
//! blocks in the serial order as the serial nest does: it steps the deepest
//! level above `d`; where a level runs out it steps the one above and enters
//! the levels below it again (each one's start and trip count from the
//! variables above it; a level that runs no iteration there is passed).
//! Before the nest an odometer sums `N` over every block; each iteration of
//! the nest then finds its block and its offset `t` in it with an odometer
//! of its own thread (the cursor, private slots), which moves forward block
//! by block: a thread's chunks come in increasing order, so the cursor walks
//! the blocks once per thread (from the first block again only when an
//! iteration is behind it, as under work stealing), and within a block each
//! iteration costs two comparisons. Nothing divides the blocks' numbers, so
//! each step costs the levels above `d`, not the nest.
//!
//! lastprivate of a loop variable gets what the serial nest leaves in it
//! (OpenMP 5.1 §2.21.4.5, 5.2 §5.4.5: an iteration variable of an
//! associated loop gets the value it would have after sequential execution
//! of the loop nest).
//! In a non-rectangular nest that is not always one step past the
//! sequentially last iteration: `for (i = 0; i < n; i++) for (j = i; j <
//! n - 1; j++)` ends its last iteration at i = j = n - 2 but leaves i = n
//! and j = n - 1, from its last outer iteration, which runs no inner one.
//! So the sum also records, for each level down to `d`, what the last entry
//! of that level's loop leaves in its variable (start + trip count * step);
//! a rectangular level leaves the same every time. The nest's last
//! iteration stores those values into the variables a clause names.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::values::{InstructionOpcode, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate as P;
use weft_intrinsics::ffi::{self, Affine};

use super::loop_form::{level_at, value_at, Level};

const E: &str = "positioned";

/// A non-rectangular nest: how each level's start and bound change with the
/// levels above it, and the slots of its odometer.
pub(super) struct NonRect<'ctx> {
    /// Per level: None for a rectangular one.
    affine: Vec<Option<Affine<'ctx>>>,
    /// The last varying level.
    d: usize,
    cur: Cursor<'ctx>,
    /// For a level from `d` down: the iterations of the levels inside it
    /// (computed before the nest by `total`).
    strides: Vec<IntValue<'ctx>>,
}

/// The odometer's slots (each thread's own: the directive lists them
/// private): the current block's first iteration and length; for each level
/// above `d` its iteration, trip count and variable; for each level down to
/// `d` the value the last entry of its loop leaves.
struct Cursor<'ctx> {
    lo: PointerValue<'ctx>,
    len: PointerValue<'ctx>,
    it: Vec<PointerValue<'ctx>>,
    n: Vec<PointerValue<'ctx>>,
    v: Vec<PointerValue<'ctx>>,
    fin: Vec<PointerValue<'ctx>>,
}

/// Where one iteration of the nest is: the variables and iteration numbers
/// of the levels above `d`, and its offset in their block.
pub(super) struct Located<'ctx> {
    vals: Vec<IntValue<'ctx>>,
    its: Vec<IntValue<'ctx>>,
    t: IntValue<'ctx>,
}

/// A run of a `for simd` nest's innermost level: the iterations of one
/// thread's chunk from one to the end of its innermost row (or of the
/// chunk), whose variables follow from a counter of the run without the
/// cursor, so that the run is a loop weft-vectorize can take. The run's
/// iterations are consecutive iterations of the collapsed space: any such
/// may form one SIMD chunk (OpenMP 5.1 §2.11.5.1).
pub(super) struct Run<'ctx> {
    /// The nest's counter at the run's first iteration.
    iv0: IntValue<'ctx>,
    /// Its offset in its innermost row.
    off: IntValue<'ctx>,
    /// The run's counter (a private slot): the nest's counter of its iteration.
    slot: PointerValue<'ctx>,
}

/// The last level whose start or bound changes with the levels above it
/// (`affine[l]` None for a rectangular level), if any.
pub(super) fn last_varying(affine: &[Option<Affine<'_>>]) -> Option<usize> {
    affine.iter().rposition(Option::is_some)
}

/// `base + sum(coef[m] * outer[m])`, in the type of `base`.
fn affine_at<'ctx>(
    b: &Builder<'ctx>,
    base: IntValue<'ctx>,
    coefs: &[Option<IntValue<'ctx>>],
    outer: &[IntValue<'ctx>],
) -> IntValue<'ctx> {
    let t = base.get_type();
    coefs.iter().zip(outer).fold(base, |acc, (&c, &v)| match c {
        None => acc,
        Some(c) => {
            let v = b.build_int_cast_sign_flag(v, t, true, "").expect(E);
            let c = b.build_int_cast_sign_flag(c, t, true, "").expect(E);
            let term = b.build_int_mul(c, v, "").expect(E);
            b.build_int_add(acc, term, "omp.nonrect.bound").expect(E)
        }
    })
}

impl<'ctx> NonRect<'ctx> {
    /// The nest's odometer, its slots allocated where `b` stands (the
    /// function's entry); None when every level is rectangular.
    pub fn new(b: &Builder<'ctx>, levels: &[Level<'ctx>], affine: Vec<Option<Affine<'ctx>>>) -> Option<Self> {
        let d = last_varying(&affine)?;
        let i64t = levels[0].n.get_type();
        let slot = |name: &str| b.build_alloca(i64t, name).expect(E);
        let var = |l: usize, name: &str| b.build_alloca(levels[l].start.get_type(), name).expect(E);
        let cur = Cursor {
            lo: slot("omp.nonrect.cursor.lo"),
            len: slot("omp.nonrect.cursor.len"),
            it: (0..d).map(|_| slot("omp.nonrect.cursor.it")).collect(),
            n: (0..d).map(|_| slot("omp.nonrect.cursor.n")).collect(),
            v: (0..d).map(|l| var(l, "omp.nonrect.cursor.var")).collect(),
            fin: (0..=d).map(|l| var(l, "omp.nonrect.final")).collect(),
        };
        Some(NonRect { affine, d, cur, strides: Vec::new() })
    }

    /// The slots, for the directive's PRIVATE list.
    pub fn slots(&self) -> Vec<PointerValue<'ctx>> {
        let c = &self.cur;
        [c.lo, c.len].into_iter().chain(c.it.iter().chain(&c.n).chain(&c.v).chain(&c.fin).copied()).collect()
    }

    /// The variables of levels `0..m` in the odometer, read where `b` stands.
    fn outer_vars(&self, b: &Builder<'ctx>, levels: &[Level<'ctx>], m: usize) -> Vec<IntValue<'ctx>> {
        (0..m)
            .map(|l| {
                b.build_load(levels[l].start.get_type(), self.cur.v[l], "omp.nonrect.outer").expect(E).into_int_value()
            })
            .collect()
    }

    /// Level `m`'s start where the levels above it have the variables `outer`.
    fn start_of(
        &self,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        m: usize,
        outer: &[IntValue<'ctx>],
    ) -> IntValue<'ctx> {
        match &self.affine[m] {
            None => levels[m].start,
            Some(a) => affine_at(b, levels[m].lp.start.into_int_value(), &a.start, outer),
        }
    }

    /// Level `m`'s start and trip count (i64) where the levels above it have
    /// the variables `outer`: what entering its loop there gives.
    fn entered(
        &self,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        m: usize,
        outer: &[IntValue<'ctx>],
    ) -> Result<(IntValue<'ctx>, IntValue<'ctx>), String> {
        let Some(a) = &self.affine[m] else { return Ok((levels[m].start, levels[m].n)) };
        let lp = levels[m].lp;
        let start = self.start_of(b, levels, m, outer);
        let bound = affine_at(b, lp.bound.into_int_value(), &a.bound, outer);
        Ok((start, level_at(b, lp, start.into(), bound.into())?.n))
    }

    /// Puts the odometer before the first block: level 0 one step before its
    /// first iteration, the levels below it run out (stepping it then enters
    /// the first block).
    fn init(&self, b: &Builder<'ctx>, levels: &[Level<'ctx>]) {
        let i64t = levels[0].n.get_type();
        let c = &self.cur;
        b.build_store(c.it[0], i64t.const_all_ones()).expect(E);
        let before = b.build_int_sub(levels[0].start, levels[0].step, "").expect(E);
        b.build_store(c.v[0], before).expect(E);
        b.build_store(c.n[0], levels[0].n).expect(E);
        for l in 1..self.d {
            b.build_store(c.it[l], i64t.const_zero()).expect(E);
            b.build_store(c.n[l], i64t.const_zero()).expect(E);
            b.build_store(c.v[l], levels[l].start).expect(E);
        }
    }

    /// Emits the odometer's step after `anchor` and returns its one entry:
    /// it steps level `d - 1`, where a level has run out the one above it
    /// (`up[l]`), then enters the levels below that one again (`down[m]`);
    /// on the next block it goes to `done`, past the last one to `end`. A
    /// level that runs no iteration where it is entered has run out: back to
    /// the entry, through the levels below it, which have run out too. (One
    /// entry, which every cycle passes: the CFG stays reducible, so LLVM's
    /// loop passes see loops.) With `record`, each entry of a level's loop
    /// stores what that loop leaves in its variable.
    #[allow(clippy::too_many_arguments)]
    fn odometer(
        &self,
        ctx: ContextRef<'ctx>,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        anchor: BasicBlock<'ctx>,
        (done, end): (BasicBlock<'ctx>, BasicBlock<'ctx>),
        record: bool,
    ) -> Result<BasicBlock<'ctx>, String> {
        let (d, c) = (self.d, &self.cur);
        let i64t = ctx.i64_type();
        let mut last = anchor;
        let mut block = |name: &str| {
            last = ctx.insert_basic_block_after(last, name);
            last
        };
        let up: Vec<BasicBlock<'ctx>> = (0..d).map(|_| block("omp.nonrect.up")).collect();
        // (down[m - 1] enters level m; level 0 is entered once, by `init`.)
        let down: Vec<BasicBlock<'ctx>> = (1..d).map(|_| block("omp.nonrect.down")).collect();
        let below = |l: usize| if l + 1 < d { down[l] } else { done };
        for l in 0..d {
            b.position_at_end(up[l]);
            let it = b.build_load(i64t, c.it[l], "").expect(E).into_int_value();
            let it1 = b.build_int_add(it, i64t.const_int(1, false), "").expect(E);
            b.build_store(c.it[l], it1).expect(E);
            let ty = levels[l].start.get_type();
            let x = b.build_load(ty, c.v[l], "").expect(E).into_int_value();
            b.build_store(c.v[l], b.build_int_add(x, levels[l].step, "").expect(E)).expect(E);
            let n = b.build_load(i64t, c.n[l], "").expect(E).into_int_value();
            let more = b.build_int_compare(P::ULT, it1, n, "omp.nonrect.more").expect(E);
            b.build_conditional_branch(more, below(l), if l > 0 { up[l - 1] } else { end }).expect(E);
        }
        for m in 1..d {
            b.position_at_end(down[m - 1]);
            let outer = self.outer_vars(b, levels, m);
            let (start, n) = self.entered(b, levels, m, &outer)?;
            b.build_store(c.it[m], i64t.const_zero()).expect(E);
            b.build_store(c.v[m], start).expect(E);
            b.build_store(c.n[m], n).expect(E);
            if record {
                b.build_store(c.fin[m], value_at(b, start, levels[m].step, n)).expect(E);
            }
            let runs = b.build_int_compare(P::NE, n, i64t.const_zero(), "omp.nonrect.runs").expect(E);
            b.build_conditional_branch(runs, below(m), up[d - 1]).expect(E);
        }
        Ok(up[d - 1])
    }

    /// The iterations of the odometer's block (level `d`'s trip count there
    /// times the levels inside it), read where `b` stands.
    fn block_len(&self, b: &Builder<'ctx>, levels: &[Level<'ctx>], record: bool) -> Result<IntValue<'ctx>, String> {
        let d = self.d;
        let outer = self.outer_vars(b, levels, d);
        let (start, n) = self.entered(b, levels, d, &outer)?;
        if record {
            b.build_store(self.cur.fin[d], value_at(b, start, levels[d].step, n)).expect(E);
        }
        Ok(b.build_int_mul(n, self.strides[d], "omp.nonrect.count").expect(E))
    }

    /// Emits, where `b` stands (before the terminator of the nest's
    /// preheader), the strides and a walk over every block summing their
    /// iterations; returns the sum and the block that now holds the
    /// preheader's terminator (the nest's preheader).
    pub fn total(
        &mut self,
        ctx: ContextRef<'ctx>,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
    ) -> Result<(IntValue<'ctx>, BasicBlock<'ctx>), String> {
        let i64t = ctx.i64_type();
        let mut strides = vec![i64t.const_int(1, false); levels.len()];
        for l in (self.d..levels.len() - 1).rev() {
            strides[l] = b.build_int_mul(strides[l + 1], levels[l + 1].n, "omp.nonrect.stride").expect(E);
        }
        self.strides = strides;
        let top = &levels[0];
        let pre = top.lp.preheader;
        let term = pre.get_terminator().expect("a terminator");
        let after = ffi::split_block_before(term, "omp.nonrect.counted");
        pre.get_terminator().expect("the split's branch").erase_from_basic_block();
        // (The slots are written in a block of their own: the preheader may
        // be the block of the directive, where a private variable's uses
        // are not yet the private copy's, prepare/rename.rs.)
        let start = ctx.insert_basic_block_after(pre, "omp.nonrect.sum");
        let done = ctx.insert_basic_block_after(start, "omp.nonrect.sum.block");
        let next = self.odometer(ctx, b, levels, done, (done, after), true)?;
        b.position_at_end(pre);
        b.build_unconditional_branch(start).expect(E);
        b.position_at_end(start);
        b.build_store(self.cur.fin[0], value_at(b, top.start, top.step, top.n)).expect(E);
        self.init(b, levels);
        b.build_store(self.cur.lo, i64t.const_zero()).expect(E);
        b.build_unconditional_branch(next).expect(E);
        b.position_at_end(done);
        let c = self.block_len(b, levels, true)?;
        let acc = b.build_load(i64t, self.cur.lo, "").expect(E).into_int_value();
        b.build_store(self.cur.lo, b.build_int_add(acc, c, "").expect(E)).expect(E);
        b.build_unconditional_branch(next).expect(E);
        b.position_before(&after.get_terminator().expect("the preheader's terminator"));
        let n = b.build_load(i64t, self.cur.lo, "omp.nonrect.n").expect(E).into_int_value();
        Ok((n, after))
    }

    /// No block yet: the first iteration starts from the first block.
    pub fn reset(&self, b: &Builder<'ctx>) {
        let i64t = b.get_insert_block().expect(E).get_context().i64_type();
        b.build_store(self.cur.lo, i64t.const_int(i64::MAX as u64, false)).expect(E);
        b.build_store(self.cur.len, i64t.const_zero()).expect(E);
    }

    /// At the top of the outermost body (its first block, split there): finds
    /// the block of iteration `iv` and its offset in it from the cursor, and
    /// moves the cursor. Returns where it is and the block that now holds
    /// the rest of the body.
    pub fn locate(
        &self,
        ctx: ContextRef<'ctx>,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        iv_slot: PointerValue<'ctx>,
    ) -> Result<(Located<'ctx>, BasicBlock<'ctx>), String> {
        let c = &self.cur;
        let top = levels[0].lp.body;
        let i64t = ctx.i64_type();
        let first = crate::cfg::first_not(top, InstructionOpcode::Phi)
            .unwrap_or_else(|| top.get_terminator().expect("a terminator"));
        let rest = ffi::split_block_before(first, "omp.nonrect.iteration");
        top.get_terminator().expect("the split's branch").erase_from_basic_block();
        let reset = ctx.insert_basic_block_after(top, "omp.nonrect.reset");
        let check = ctx.insert_basic_block_after(reset, "omp.nonrect.seek");
        let advance = ctx.insert_basic_block_after(check, "omp.nonrect.next");
        let done = ctx.insert_basic_block_after(advance, "omp.nonrect.block");
        let found = ctx.insert_basic_block_after(done, "omp.nonrect.found");
        // (Past the last block only for an iteration the nest does not have.)
        let next_block = self.odometer(ctx, b, levels, done, (done, found), false)?;
        b.position_at_end(top);
        let iv = b.build_load(i64t, iv_slot, "omp.norm.k").expect(E).into_int_value();
        let lo0 = b.build_load(i64t, c.lo, "").expect(E).into_int_value();
        // (Behind the cursor: only on a thread's first iteration, as chunks
        // come in increasing order, or one taken back from another thread.)
        let behind = b.build_int_compare(P::SLT, iv, lo0, "").expect(E);
        b.build_conditional_branch(behind, reset, check).expect(E);
        // (From before the first block, of no iterations: the next one.)
        b.position_at_end(reset);
        self.init(b, levels);
        b.build_store(c.lo, i64t.const_zero()).expect(E);
        b.build_store(c.len, i64t.const_zero()).expect(E);
        b.build_unconditional_branch(check).expect(E);
        b.position_at_end(check);
        let lo = b.build_load(i64t, c.lo, "omp.nonrect.lo").expect(E).into_int_value();
        let len = b.build_load(i64t, c.len, "omp.nonrect.len").expect(E).into_int_value();
        let end = b.build_int_add(lo, len, "").expect(E);
        let past = b.build_int_compare(P::SGE, iv, end, "").expect(E);
        b.build_conditional_branch(past, advance, found).expect(E);
        b.position_at_end(advance);
        b.build_store(c.lo, end).expect(E);
        b.build_unconditional_branch(next_block).expect(E);
        b.position_at_end(done);
        let len = self.block_len(b, levels, false)?;
        b.build_store(c.len, len).expect(E);
        b.build_unconditional_branch(check).expect(E);
        b.position_at_end(found);
        let lo = b.build_load(i64t, c.lo, "").expect(E).into_int_value();
        let t = b.build_int_sub(iv, lo, "omp.nonrect.offset").expect(E);
        let vals = self.outer_vars(b, levels, self.d);
        let its = c.it.iter().map(|&p| b.build_load(i64t, p, "omp.nonrect.it").expect(E).into_int_value()).collect();
        b.build_unconditional_branch(rest).expect(E);
        Ok((Located { vals, its, t }, rest))
    }

    /// Level `l`'s variable and iteration number (i64) in the iteration
    /// `at` locates, computed where `b` stands (in that level's body).
    pub fn value(
        &self,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        l: usize,
        at: &Located<'ctx>,
    ) -> (IntValue<'ctx>, IntValue<'ctx>) {
        if l < self.d {
            return (at.vals[l], at.its[l]);
        }
        let q = b.build_int_unsigned_div(at.t, self.strides[l], "").expect(E);
        if l == self.d {
            let start = self.start_of(b, levels, l, &at.vals);
            return (value_at(b, start, levels[l].step, q), q);
        }
        let k = b.build_int_unsigned_rem(q, levels[l].n, "").expect(E);
        (value_at(b, levels[l].start, levels[l].step, k), k)
    }

    /// A run of the innermost level (a `for simd` nest, see `Run`): set up
    /// where `b` stands (the top of the body of the level around the
    /// innermost, after `locate`): the run goes from the iteration `at`
    /// locates to the end of its innermost row or of the thread's chunk
    /// (`ub_slot`), whichever comes first. The innermost header then tests
    /// the run's counter, its latch steps it, and leaving the run sets the
    /// nest's counter to the run's last iteration (the outermost latch
    /// steps it past).
    pub fn run(
        &self,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        at: &Located<'ctx>,
        (iv_slot, ub_slot, run_slot): (PointerValue<'ctx>, PointerValue<'ctx>, PointerValue<'ctx>),
    ) -> Run<'ctx> {
        let m = levels.len() - 1;
        let i64t = levels[0].n.get_type();
        let one = i64t.const_int(1, false);
        let iv0 = b.build_load(i64t, iv_slot, "omp.nonrect.run.first").expect(E).into_int_value();
        let ub = b.build_load(i64t, ub_slot, "omp.nonrect.run.ub").expect(E).into_int_value();
        // (The offset in the row and the row's length: of the innermost
        // level varying, its block is its row; else the rectangular
        // innermost level's trip count.)
        let (off, row) = if m == self.d {
            (at.t, b.build_load(i64t, self.cur.len, "omp.nonrect.run.row").expect(E).into_int_value())
        } else {
            (b.build_int_unsigned_rem(at.t, levels[m].n, "").expect(E), levels[m].n)
        };
        let left = b.build_int_sub(b.build_int_sub(row, off, "").expect(E), one, "").expect(E);
        let row_last = b.build_int_add(iv0, left, "omp.nonrect.run.rowlast").expect(E);
        let chunk_ends = b.build_int_compare(P::SLT, ub, row_last, "").expect(E);
        let last = b.build_select(chunk_ends, ub, row_last, "omp.nonrect.run.last").expect(E).into_int_value();
        // (Tested as k < last + 1, which ScalarEvolution counts: the nest's
        // last iteration, n - 1, is below 2^63 - 1.)
        let end = b.build_int_nsw_add(last, one, "omp.nonrect.run.end").expect(E);
        b.build_store(run_slot, iv0).expect(E);
        let lp = &levels[m].lp;
        let term = lp.header.get_terminator().expect("a terminator");
        b.position_before(&term);
        let k = b.build_load(i64t, run_slot, "omp.nonrect.run.k").expect(E).into_int_value();
        let go = b.build_int_compare(P::SLT, k, end, "omp.nonrect.run.cond").expect(E);
        b.build_conditional_branch(go, lp.body, lp.exit).expect(E);
        term.erase_from_basic_block();
        b.position_before(&lp.latch.get_terminator().expect("a terminator"));
        let k = b.build_load(i64t, run_slot, "").expect(E).into_int_value();
        b.build_store(run_slot, b.build_int_nsw_add(k, one, "omp.nonrect.run.next").expect(E)).expect(E);
        let left = ffi::split_edge(lp.header, lp.exit, "omp.nonrect.run.done");
        b.position_before(&left.get_terminator().expect("the split's branch"));
        let k = b.build_load(i64t, run_slot, "").expect(E).into_int_value();
        b.build_store(iv_slot, b.build_int_sub(k, one, "").expect(E)).expect(E);
        Run { iv0, off, slot: run_slot }
    }

    /// The innermost level's variable and iteration number (i64) in the
    /// run's current iteration, computed where `b` stands (its body).
    pub fn run_value(
        &self,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        at: &Located<'ctx>,
        run: &Run<'ctx>,
    ) -> (IntValue<'ctx>, IntValue<'ctx>) {
        let m = levels.len() - 1;
        let i64t = levels[0].n.get_type();
        let k = b.build_load(i64t, run.slot, "omp.nonrect.run.k").expect(E).into_int_value();
        let delta = b.build_int_sub(k, run.iv0, "").expect(E);
        let q = b.build_int_add(run.off, delta, "omp.nonrect.run.q").expect(E);
        let start = self.start_of(b, levels, m, &at.vals);
        (value_at(b, start, levels[m].step, q), q)
    }

    /// Where `b` stands (the end of the outermost latch, after the counter
    /// stepped): after the nest's last iteration (the counter reached the
    /// nest's `n` iterations), each variable `var(l)` names gets what the
    /// serial nest leaves in it; otherwise it keeps its value.
    pub fn finals(
        &self,
        b: &Builder<'ctx>,
        levels: &[Level<'ctx>],
        (iv_slot, n): (PointerValue<'ctx>, IntValue<'ctx>),
        var: impl Fn(usize) -> Option<PointerValue<'ctx>>,
    ) {
        let vars: Vec<(usize, PointerValue<'ctx>)> = (0..levels.len()).filter_map(|l| var(l).map(|p| (l, p))).collect();
        if vars.is_empty() {
            return;
        }
        let next = b.build_load(n.get_type(), iv_slot, "").expect(E).into_int_value();
        let ended = b.build_int_compare(P::EQ, next, n, "omp.nonrect.ended").expect(E);
        for (l, p) in vars {
            let ty = levels[l].start.get_type();
            let fin = if l <= self.d {
                b.build_load(ty, self.cur.fin[l], "").expect(E).into_int_value()
            } else {
                value_at(b, levels[l].start, levels[l].step, levels[l].n)
            };
            let now = b.build_load(ty, p, "").expect(E).into_int_value();
            let v = b.build_select(ended, fin, now, "omp.nonrect.leaves").expect(E);
            b.build_store(p, v).expect(E);
        }
    }
}
