//! Non-rectangular collapsed nests (OpenMP 5.0): a collapsed loop whose
//! start or bound is affine in the variables of the loops around it, as in
//! `for (i = 0; i < n; i++) for (j = 0; j < i; j++)`.
//!
//! The nest still becomes one counter `iv = 0 .. N-1` over exactly its
//! iterations, in the serial order, so every schedule, the partition and
//! lastprivate work as for any loop. Split at the varying level `d`: the
//! levels above it (rectangular) number their iterations `K`; iteration `K`
//! runs `count(K)` iterations of the levels from `d` down (`d`'s trip count
//! there times the rectangular levels below). Before the nest a loop sums
//! `N`; each iteration of the nest finds its `K` and its offset `t` in `K`'s
//! block from `iv` with a cursor of its own (the block it found last), which
//! moves forward block by block: a thread's chunks come in increasing order,
//! so the cursor walks the outer levels once per thread, and within a chunk
//! each step costs two comparisons.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::values::{IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate as P;
use weft_intrinsics::ffi;

use super::loops::{level_at, Level};

const E: &str = "positioned";

/// The varying level and how its start and bound change with each level
/// above it (what one more of that level's variable adds).
pub(super) struct Varying<'ctx> {
    pub d: usize,
    pub start: Vec<Option<IntValue<'ctx>>>,
    pub bound: Vec<Option<IntValue<'ctx>>>,
}

/// The shape of the iteration space, computed before the nest (i64).
pub(super) struct Space<'ctx> {
    /// Iterations of the levels above `d` (the blocks).
    pub blocks: IntValue<'ctx>,
    /// For a level above `d`: the iterations of the levels between it and `d`.
    pub outer_strides: Vec<IntValue<'ctx>>,
    /// For a level from `d` down: the iterations of the levels inside it.
    pub inner_strides: Vec<IntValue<'ctx>>,
}

impl<'ctx> Space<'ctx> {
    pub fn new(b: &Builder<'ctx>, levels: &[Level<'ctx>], d: usize) -> Self {
        let i64t = levels[0].n.get_type();
        let one = i64t.const_int(1, false);
        let mut outer_strides = vec![one; d];
        for m in (0..d.saturating_sub(1)).rev() {
            outer_strides[m] = b.build_int_mul(outer_strides[m + 1], levels[m + 1].n, "omp.nonrect.ostride").expect(E);
        }
        let blocks = b.build_int_mul(outer_strides[0], levels[0].n, "omp.nonrect.blocks").expect(E);
        let mut inner_strides = vec![one; levels.len()];
        for l in (d..levels.len() - 1).rev() {
            inner_strides[l] = b.build_int_mul(inner_strides[l + 1], levels[l + 1].n, "omp.nonrect.stride").expect(E);
        }
        Space { blocks, outer_strides, inner_strides }
    }
}

/// A loop's variable in its iteration `k` (i64): `start + k * step`.
pub(super) fn value_at<'ctx>(
    b: &Builder<'ctx>,
    start: IntValue<'ctx>,
    step: IntValue<'ctx>,
    k: IntValue<'ctx>,
) -> IntValue<'ctx> {
    let t = start.get_type();
    let k = if t.get_bit_width() == 64 { k } else { b.build_int_truncate(k, t, "").expect(E) };
    let off = b.build_int_mul(k, step, "").expect(E);
    b.build_int_add(start, off, "omp.norm.var").expect(E)
}

/// The variables of the levels above `d` in block `k`.
pub(super) fn outer_values<'ctx>(
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    sp: &Space<'ctx>,
    k: IntValue<'ctx>,
) -> Vec<IntValue<'ctx>> {
    (0..sp.outer_strides.len())
        .map(|m| {
            let q = b.build_int_unsigned_div(k, sp.outer_strides[m], "").expect(E);
            let q = if m == 0 { q } else { b.build_int_unsigned_rem(q, levels[m].n, "").expect(E) };
            value_at(b, levels[m].start, levels[m].step, q)
        })
        .collect()
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

/// Level `d`'s start where the levels above it have the variables `outer`.
pub(super) fn start_at<'ctx>(
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    v: &Varying<'ctx>,
    outer: &[IntValue<'ctx>],
) -> IntValue<'ctx> {
    affine_at(b, levels[v.d].lp.start.into_int_value(), &v.start, outer)
}

/// Iterations of block `k`: level `d`'s trip count there times the levels
/// inside it.
fn count_at<'ctx>(
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    v: &Varying<'ctx>,
    sp: &Space<'ctx>,
    k: IntValue<'ctx>,
) -> Result<IntValue<'ctx>, String> {
    let outer = outer_values(b, levels, sp, k);
    let lp = levels[v.d].lp;
    let start = start_at(b, levels, v, &outer);
    let bound = affine_at(b, lp.bound.into_int_value(), &v.bound, &outer);
    let n = level_at(b, lp, start.into(), bound.into())?.n;
    Ok(b.build_int_mul(n, sp.inner_strides[v.d], "omp.nonrect.count").expect(E))
}

/// Emits, where `b` stands (before the terminator of the nest's preheader),
/// a loop summing every block's iterations; returns the sum and the block
/// that now holds the preheader's terminator (the nest's preheader).
pub(super) fn total<'ctx>(
    ctx: ContextRef<'ctx>,
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    v: &Varying<'ctx>,
    sp: &Space<'ctx>,
) -> Result<(IntValue<'ctx>, BasicBlock<'ctx>), String> {
    let pre = levels[0].lp.preheader;
    let i64t = ctx.i64_type();
    let term = pre.get_terminator().expect("a terminator");
    let after = ffi::split_block_before(term, "omp.nonrect.counted");
    pre.get_terminator().expect("the split's branch").erase_from_basic_block();
    let head = ctx.insert_basic_block_after(pre, "omp.nonrect.sum");
    let body = ctx.insert_basic_block_after(head, "omp.nonrect.sum.block");
    b.position_at_end(pre);
    b.build_unconditional_branch(head).expect(E);
    b.position_at_end(head);
    let k = b.build_phi(i64t, "omp.nonrect.k").expect(E);
    let acc = b.build_phi(i64t, "omp.nonrect.n").expect(E);
    let kv = k.as_basic_value().into_int_value();
    let accv = acc.as_basic_value().into_int_value();
    let go = b.build_int_compare(P::ULT, kv, sp.blocks, "").expect(E);
    b.build_conditional_branch(go, body, after).expect(E);
    b.position_at_end(body);
    let c = count_at(b, levels, v, sp, kv)?;
    let acc1 = b.build_int_add(accv, c, "").expect(E);
    let k1 = b.build_int_add(kv, i64t.const_int(1, false), "").expect(E);
    b.build_unconditional_branch(head).expect(E);
    let zero = i64t.const_zero();
    k.add_incoming(&[(&zero, pre), (&k1, body)]);
    acc.add_incoming(&[(&zero, pre), (&acc1, body)]);
    b.position_before(&after.get_terminator().expect("the preheader's terminator"));
    Ok((accv, after))
}

/// The cursor's slots (each thread's own: the directive lists them private
/// and the preheader sets them): the block, where it starts, its length.
pub(super) struct Cursor<'ctx> {
    pub k: PointerValue<'ctx>,
    pub lo: PointerValue<'ctx>,
    pub len: PointerValue<'ctx>,
}

impl<'ctx> Cursor<'ctx> {
    /// No block yet: the first iteration starts from block 0.
    pub fn reset(&self, b: &Builder<'ctx>) {
        let i64t = b.get_insert_block().expect(E).get_context().i64_type();
        b.build_store(self.k, i64t.const_zero()).expect(E);
        b.build_store(self.lo, i64t.const_int(i64::MAX as u64, false)).expect(E);
        b.build_store(self.len, i64t.const_zero()).expect(E);
    }
}

/// At the top of the outermost body (its first block, split there): finds
/// the block of iteration `iv` and its offset in it from the cursor, and
/// moves the cursor. Returns (block, offset) and the block that now holds
/// the rest of the body.
pub(super) fn locate<'ctx>(
    ctx: ContextRef<'ctx>,
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    v: &Varying<'ctx>,
    sp: &Space<'ctx>,
    cur: &Cursor<'ctx>,
    iv_slot: PointerValue<'ctx>,
) -> Result<(IntValue<'ctx>, IntValue<'ctx>, BasicBlock<'ctx>), String> {
    let top = levels[0].lp.body;
    let i64t = ctx.i64_type();
    let first = crate::cfg::first_not(top, llvm_plugin::inkwell::values::InstructionOpcode::Phi)
        .unwrap_or_else(|| top.get_terminator().expect("a terminator"));
    let rest = ffi::split_block_before(first, "omp.nonrect.iteration");
    top.get_terminator().expect("the split's branch").erase_from_basic_block();
    let reset = ctx.insert_basic_block_after(top, "omp.nonrect.reset");
    let seek = ctx.insert_basic_block_after(reset, "omp.nonrect.seek");
    let next = ctx.insert_basic_block_after(seek, "omp.nonrect.next");
    let found = ctx.insert_basic_block_after(next, "omp.nonrect.found");
    b.position_at_end(top);
    let iv = b.build_load(i64t, iv_slot, "omp.norm.k").expect(E).into_int_value();
    let k0 = b.build_load(i64t, cur.k, "").expect(E).into_int_value();
    let lo0 = b.build_load(i64t, cur.lo, "").expect(E).into_int_value();
    let len0 = b.build_load(i64t, cur.len, "").expect(E).into_int_value();
    // (Behind the cursor: only on a thread's first iteration, as chunks come
    // in increasing order; then from block 0.)
    let behind = b.build_int_compare(P::SLT, iv, lo0, "").expect(E);
    b.build_conditional_branch(behind, reset, seek).expect(E);
    b.position_at_end(reset);
    let zero = i64t.const_zero();
    let len_r = count_at(b, levels, v, sp, zero)?;
    b.build_unconditional_branch(seek).expect(E);
    b.position_at_end(seek);
    let k = b.build_phi(i64t, "omp.nonrect.block").expect(E);
    let lo = b.build_phi(i64t, "omp.nonrect.lo").expect(E);
    let len = b.build_phi(i64t, "omp.nonrect.len").expect(E);
    let (kv, lov, lenv) = (
        k.as_basic_value().into_int_value(),
        lo.as_basic_value().into_int_value(),
        len.as_basic_value().into_int_value(),
    );
    let end = b.build_int_add(lov, lenv, "").expect(E);
    let past = b.build_int_compare(P::SGE, iv, end, "").expect(E);
    let k1 = b.build_int_add(kv, i64t.const_int(1, false), "").expect(E);
    let more = b.build_int_compare(P::ULT, k1, sp.blocks, "").expect(E);
    let go = b.build_and(past, more, "").expect(E);
    b.build_conditional_branch(go, next, found).expect(E);
    b.position_at_end(next);
    let len_n = count_at(b, levels, v, sp, k1)?;
    b.build_unconditional_branch(seek).expect(E);
    k.add_incoming(&[(&k0, top), (&zero, reset), (&k1, next)]);
    lo.add_incoming(&[(&lo0, top), (&zero, reset), (&end, next)]);
    len.add_incoming(&[(&len0, top), (&len_r, reset), (&len_n, next)]);
    b.position_at_end(found);
    b.build_store(cur.k, kv).expect(E);
    b.build_store(cur.lo, lov).expect(E);
    b.build_store(cur.len, lenv).expect(E);
    let t = b.build_int_sub(iv, lov, "omp.nonrect.offset").expect(E);
    b.build_unconditional_branch(rest).expect(E);
    Ok((kv, t, rest))
}

/// Level `l`'s iteration number (i64) for the nest's iteration in block `k`
/// at offset `t`: above `d` from the block, from `d` down from the offset.
pub(super) fn iteration<'ctx>(
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    v: &Varying<'ctx>,
    sp: &Space<'ctx>,
    l: usize,
    (k, t): (IntValue<'ctx>, IntValue<'ctx>),
) -> IntValue<'ctx> {
    if l < v.d {
        let q = b.build_int_unsigned_div(k, sp.outer_strides[l], "").expect(E);
        return if l == 0 { q } else { b.build_int_unsigned_rem(q, levels[l].n, "").expect(E) };
    }
    let q = b.build_int_unsigned_div(t, sp.inner_strides[l], "").expect(E);
    if l == v.d {
        q
    } else {
        b.build_int_unsigned_rem(q, levels[l].n, "").expect(E)
    }
}
