//! The tile construct (OpenMP 5.1 §2.11.9.1) as a rewrite of the loops
//! themselves: `tile sizes(s1, ..., sn)` on a perfect nest of n loops with
//! N1..Nn iterations becomes n floor loops over n tile loops,
//!
//! ```text
//! for (f1 = 0; f1 < ceil(N1 / s1); f1++)        // floor loops: generated,
//!   ...                                          // counted before the nest
//!     for (fn = 0; fn < ceil(Nn / sn); fn++)
//!       for (t1 = f1*s1; t1 < min(f1*s1 + s1, N1); t1++)   // the original
//!         ...                                              // loops, each
//!           for (tn = fn*sn; tn < min(fn*sn + sn, Nn); tn++) // now counting
//!             body with v_k = start_k + t_k * step_k          // its tile
//! ```
//!
//! so a tile at an edge is partial. The floor loops are plain loops with
//! bounds computed before the nest (a construct around the tile finds them
//! as it finds any loop, and collapses them); each original loop keeps its
//! blocks and its body, and counts its tile with a new counter from which
//! its variable is computed, as the normalization of worksharing loops
//! does (`loops.rs`). `unroll partial(u)` is the same rewrite of one loop
//! with size u (`unroll.rs`).
use hashbrown::HashSet;
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::types::AnyType;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue};
use llvm_plugin::inkwell::IntPredicate as P;
use weft_intrinsics::ffi::{self, Affine, CfgLoop};

use super::loop_form::{first_non_phi, level, loop_blocks, value_at, Level};

const E: &str = "positioned";

/// Why weft cannot tile (or unroll by rewriting) loop `lp` of a nest, found
/// with `affine` (its bounds in the loops around it), before anything
/// changes: a loop it cannot count, a non-rectangular one, a value carried
/// from one iteration to the next in a register, or one used after it.
pub(super) fn check_loop(lp: &CfgLoop<'_>, affine: &Affine<'_>) -> Result<(), (bool, String)> {
    let form = |why: &str| Err((false, why.to_string()));
    let not_yet = |why: &str| Err((true, why.to_string()));
    if lp.pred == P::EQ {
        return form("the loop runs while its variable equals the bound");
    }
    let (BasicValueEnum::IntValue(start), BasicValueEnum::IntValue(bound), BasicValueEnum::IntValue(step)) =
        (lp.start, lp.bound, lp.step)
    else {
        return form("the loop variable is not an integer");
    };
    if bound.get_type().get_bit_width() > 64
        || start.get_type().get_bit_width() > 64
        || step.get_type() != start.get_type()
    {
        return form("the loop variable is wider than 64 bits or its step has another type");
    }
    if !affine.is_rectangular() {
        return not_yet("a loop whose bounds change with the loops around it (a non-rectangular nest)");
    }
    let others = lp.header.get_instructions().take_while(|i| i.get_opcode() == InstructionOpcode::Phi);
    if others.filter(|&i| Some(i) != lp.iv.as_instruction_value()).count() > 0 {
        return not_yet("a value the loop carries from one iteration to the next in a register (a phi)");
    }
    if lp.exit.get_first_instruction().is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi) {
        return not_yet("a phi where the loop exits (a value the loop computes used after it)");
    }
    let blocks: Vec<BasicBlock<'_>> = std::iter::once(lp.header).chain(loop_blocks(lp)).collect();
    let inside: HashSet<ffi::BlockId> = blocks.iter().map(|&bb| ffi::block_id(bb)).collect();
    for bb in &blocks {
        for i in bb.get_instructions() {
            let escapes = ffi::user_instructions(&i)
                .into_iter()
                .any(|user| user.get_parent().is_some_and(|p| !inside.contains(&ffi::block_id(p))));
            if escapes {
                return not_yet("a value the loop computes is used after it");
            }
        }
    }
    Ok(())
}

/// What a rewrite leaves: the tile loops' latches (an unrolled loop's hint
/// goes on its latch).
pub(super) struct Tiled<'ctx> {
    pub tile_latches: Vec<BasicBlock<'ctx>>,
}

/// Tiles the perfect nest `loops` (outermost first, each checked by
/// `check_loop`, their starts, bounds and steps computed before the
/// outermost) by `sizes`.
pub(super) fn rewrite<'ctx>(
    ctx: ContextRef<'ctx>,
    loops: &[CfgLoop<'ctx>],
    sizes: &[u64],
) -> Result<Tiled<'ctx>, String> {
    let i64t = ctx.i64_type();
    let b = ctx.create_builder();
    let pre = loops[0].preheader;
    let pre_term = pre.get_terminator().expect("a terminator");
    b.position_before(&pre_term);
    let levels: Vec<Level<'ctx>> = loops.iter().map(|&lp| level(&b, lp)).collect::<Result<_, _>>()?;
    let sizes: Vec<IntValue<'ctx>> = sizes.iter().map(|&s| i64t.const_int(s, false)).collect();
    // ceil(N / s) floors, without the overflow of (N + s - 1) / s.
    let floors: Vec<IntValue<'ctx>> = levels
        .iter()
        .zip(&sizes)
        .map(|(lv, &s)| {
            let q = b.build_int_unsigned_div(lv.n, s, "").expect(E);
            let r = b.build_int_unsigned_rem(lv.n, s, "").expect(E);
            let partial = b.build_int_compare(P::NE, r, i64t.const_zero(), "").expect(E);
            let extra = b.build_int_z_extend(partial, i64t, "").expect(E);
            b.build_int_nuw_add(q, extra, "omp.tile.floors").expect(E)
        })
        .collect();

    // The floor loops: a header and a body block each, latches after.
    let n = loops.len();
    let mut heads = Vec::with_capacity(n);
    let mut bodies = Vec::with_capacity(n);
    let mut after = pre;
    for _ in 0..n {
        let head = ctx.insert_basic_block_after(after, "omp.floor.head");
        let body = ctx.insert_basic_block_after(head, "omp.floor.body");
        heads.push(head);
        bodies.push(body);
        after = body;
    }
    let bounds = ctx.insert_basic_block_after(after, "omp.tile.bounds");
    let mut latches = Vec::with_capacity(n);
    after = bounds;
    for _ in 0..n {
        after = ctx.insert_basic_block_after(after, "omp.floor.latch");
        latches.push(after);
    }
    pre_term.erase_from_basic_block();
    b.position_at_end(pre);
    b.build_unconditional_branch(heads[0]).expect(E);
    let mut floor_ivs = Vec::with_capacity(n);
    for k in 0..n {
        b.position_at_end(heads[k]);
        let f = b.build_phi(i64t, "omp.floor.iv").expect(E);
        let fv = f.as_basic_value().into_int_value();
        let go = b.build_int_compare(P::ULT, fv, floors[k], "omp.floor.cond").expect(E);
        let leave = if k == 0 { loops[0].exit } else { latches[k - 1] };
        b.build_conditional_branch(go, bodies[k], leave).expect(E);
        b.position_at_end(bodies[k]);
        b.build_unconditional_branch(if k + 1 < n { heads[k + 1] } else { bounds }).expect(E);
        b.position_at_end(latches[k]);
        let next = b.build_int_nuw_add(fv, i64t.const_int(1, false), "omp.floor.next").expect(E);
        b.build_unconditional_branch(heads[k]).expect(E);
        let from = if k == 0 { pre } else { bodies[k - 1] };
        f.add_incoming(&[(&i64t.const_zero(), from), (&next, latches[k])]);
        floor_ivs.push(fv);
    }

    // Each tile: [f * s, min(f * s + s, N)).
    b.position_at_end(bounds);
    let mut tiles = Vec::with_capacity(n);
    for k in 0..n {
        let lo = b.build_int_nuw_mul(floor_ivs[k], sizes[k], "omp.tile.lo").expect(E);
        let end = b.build_int_nuw_add(lo, sizes[k], "").expect(E);
        let short = b.build_int_compare(P::ULT, end, levels[k].n, "").expect(E);
        let hi = b.build_select(short, end, levels[k].n, "omp.tile.hi").expect(E).into_int_value();
        tiles.push((lo, hi));
    }
    b.build_unconditional_branch(loops[0].header).expect(E);

    for (k, lv) in levels.iter().enumerate() {
        let (entered_from, leave) = if k == 0 { (bounds, latches[n - 1]) } else { (lv.lp.preheader, lv.lp.exit) };
        count_tile(ctx, lv, tiles[k], entered_from, leave);
    }
    Ok(Tiled { tile_latches: loops.iter().map(|lp| lp.latch).collect() })
}

/// Makes loop `lv` run iterations `lo .. hi` of its own (entered from
/// `entered_from`, leaving to `leave`): a counter in its header tests `t <
/// hi`, its variable is `start + t * step` in each iteration, its latch
/// steps the counter.
fn count_tile<'ctx>(
    ctx: ContextRef<'ctx>,
    lv: &Level<'ctx>,
    (lo, hi): (IntValue<'ctx>, IntValue<'ctx>),
    entered_from: BasicBlock<'ctx>,
    leave: BasicBlock<'ctx>,
) {
    let i64t = ctx.i64_type();
    let lp = &lv.lp;
    let b = ctx.create_builder();
    match lp.header.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(lp.header),
    }
    let t = b.build_phi(i64t, "omp.tile.iv").expect(E);
    let tv = t.as_basic_value().into_int_value();
    let latch_term = lp.latch.get_terminator().expect("a terminator");
    b.position_before(&latch_term);
    let next = b.build_int_nuw_add(tv, i64t.const_int(1, false), "omp.tile.next").expect(E);
    t.add_incoming(&[(&lo, entered_from), (&next, lp.latch)]);
    let term = lp.header.get_terminator().expect("a terminator");
    b.position_before(&term);
    let go = b.build_int_compare(P::ULT, tv, hi, "omp.tile.cond").expect(E);
    b.build_conditional_branch(go, lp.body, leave).expect(E);
    term.erase_from_basic_block();

    if lp.in_memory {
        // The variable is stored at the top of each iteration; a load of it
        // in the header (read before that store) stands for it inside.
        b.position_before(&first_non_phi(lp.body));
        let value = value_at(&b, lv.start, lv.step, tv);
        b.build_store(lp.iv.into_pointer_value(), value).expect(E);
        let inside: Vec<BasicBlock<'ctx>> = loop_blocks(lp);
        let ty = lv.start.get_type().as_any_type_enum();
        let loads: Vec<InstructionValue<'ctx>> = lp
            .header
            .get_instructions()
            .filter(|i| {
                i.get_opcode() == InstructionOpcode::Load
                    && i.get_operand(0).and_then(|o| o.left()) == Some(lp.iv)
                    && i.get_type() == ty
            })
            .collect();
        for l in loads {
            ffi::replace_uses_in_blocks(l, value, &inside);
        }
    } else {
        // The phi's value in each iteration (computed in the header, so what
        // the header derives from it is that iteration's too); the phi goes.
        b.position_before(&first_non_phi(lp.header));
        let value = value_at(&b, lv.start, lv.step, tv);
        let phi = lp.iv.into_int_value();
        phi.replace_all_uses_with(value);
        if let Some(i) = phi.as_instruction() {
            i.erase_from_basic_block();
        }
    }
}
