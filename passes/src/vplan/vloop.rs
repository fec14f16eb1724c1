//! The vector loop of a VPlan (component VII, with `codegen.rs`): its
//! skeleton before the original loop (preheader, vector body, middle block,
//! the scalar loop's resume values; the layout is in `codegen.rs`), the
//! body's instructions emitted in order through the widening there, and the
//! inner loops of an outer-loop plan entered and left.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::{BasicTypeEnum, VectorType};
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, IntValue, PhiValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, widen, SimdLoop};

use super::codegen::{check, identity, vector_type, Gen, Op, Plan, Val};
use super::cost::Choice;
use super::plan::{Ix, Kind, New, Opc, Operand, Recurrence, RedOp, Shape};
use super::scan_gen::{self, Carries};

/// Emits the vector loop for `plan` before `lp`'s loop. Whatever goes wrong
/// on the way (an error, or a panic: a bug in weft) undoes it: the vector
/// blocks are deleted and the preheader enters the scalar loop again, so
/// the loop stays scalar and correct, never half rewritten.
pub fn emit<'ctx>(plan: &Plan<'ctx>, lp: &SimdLoop<'ctx>, choice: Choice) -> Result<(), String> {
    check(plan)?;
    let f = lp.header.get_parent().ok_or("a loop outside any function")?;
    let before = f.get_basic_blocks();
    let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| emit_loop(plan, lp, choice)));
    let why = match attempt {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(why)) => why,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            format!("internal error (a bug in weft): {msg}")
        }
    };
    if let Some(t) = lp.preheader.get_terminator() {
        t.erase_from_basic_block();
    }
    let b = lp.header.get_context().create_builder();
    b.position_at_end(lp.preheader);
    b.build_unconditional_branch(lp.header).expect("positioned");
    let made: Vec<BasicBlock<'ctx>> = f.get_basic_blocks().into_iter().filter(|b| !before.contains(b)).collect();
    widen::delete_blocks(&made);
    Err(why)
}

fn emit_loop<'ctx>(plan: &Plan<'ctx>, lp: &SimdLoop<'ctx>, choice: Choice) -> Result<(), String> {
    let ctx = lp.header.get_context();
    let i64t = ctx.i64_type();
    let b = ctx.create_builder();
    let e = "positioned";
    // The preheader: how many iterations the vector loop runs.
    let pre_term = lp.preheader.get_terminator().ok_or("a preheader without a terminator")?;
    b.position_before(&pre_term);
    let last = b.build_int_sub(lp.trips, i64t.const_int(1, false), "").expect(e);
    let uf = choice.uf.max(1);
    let vfc = i64t.const_int(u64::from(choice.vf * uf), false);
    let nvec = b.build_int_unsigned_div(last, vfc, "").expect(e);
    let nvec = b.build_int_mul(nvec, vfc, "vector.trips").expect(e);
    let none = b.build_int_compare(IntPredicate::EQ, nvec, i64t.const_zero(), "").expect(e);
    let ph = ctx.insert_basic_block_after(lp.preheader, "vector.ph");
    let scalar_ph = ctx.prepend_basic_block(lp.header, "scalar.ph");
    // (Past the vector loop: the scalar loop, or first the masked remainder.)
    let after = if choice.masked_tail { ctx.prepend_basic_block(scalar_ph, "remainder.ph") } else { scalar_ph };
    b.build_conditional_branch(none, after, ph).expect(e);
    pre_term.erase_from_basic_block();
    // (Reductions and last values: what the vector loop hands on.)
    let starts: Vec<(Ix, BasicValueEnum<'ctx>)> = reductions_of(plan)
        .into_iter()
        .map(|(i, _)| i)
        .chain(last_values_of(plan))
        .chain(scans_of(plan))
        .map(|i| (i, start_of(plan, i)))
        .collect();
    let main = vector_loop(plan, choice, uf, ph, i64t.const_zero(), &starts, End::Exact(nvec))?;
    b.position_at_end(main.middle);
    b.build_unconditional_branch(after).expect(e);
    // Where the scalar loop resumes, and with what (reductions; inductions
    // follow from the iteration it resumes at).
    let (resume_at, resumed, from): (IntValue<'ctx>, Vec<(Ix, BasicValueEnum<'ctx>)>, BasicBlock<'ctx>) =
        if choice.masked_tail {
            // remainder.ph: the iterations before the last one that the
            // vector loop left (fewer than VF*UF), as masked vector iterations.
            b.position_at_end(after);
            let base = b.build_phi(i64t, "remainder.base").expect(e);
            base.add_incoming(&[(&i64t.const_zero(), lp.preheader), (&nvec, main.middle)]);
            let mut accs = Vec::new();
            for ((i, start), (_, r)) in starts.iter().zip(&main.reduced) {
                let phi = b.build_phi(start.get_type(), "remainder.acc").expect(e);
                phi.add_incoming(&[(start, lp.preheader), (r, main.middle)]);
                accs.push((*i, phi.as_basic_value()));
            }
            let base = base.as_basic_value().into_int_value();
            let nothing = b.build_int_compare(IntPredicate::EQ, base, last, "").expect(e);
            let rem_ph = ctx.insert_basic_block_after(after, "remainder.vector.ph");
            let done = ctx.insert_basic_block_after(rem_ph, "remainder.done");
            b.build_conditional_branch(nothing, done, rem_ph).expect(e);
            let tail = vector_loop(plan, choice, 1, rem_ph, base, &accs, End::Tail(last))?;
            b.position_at_end(tail.middle);
            b.build_unconditional_branch(done).expect(e);
            b.position_at_end(done);
            let mut resumed = Vec::new();
            for ((i, acc), (_, r)) in accs.iter().zip(&tail.reduced) {
                let phi = b.build_phi(acc.get_type(), "remainder.reduced").expect(e);
                phi.add_incoming(&[(acc, after), (r, tail.middle)]);
                resumed.push((*i, phi.as_basic_value()));
            }
            b.build_unconditional_branch(scalar_ph).expect(e);
            (last, resumed, done)
        } else {
            (nvec, main.reduced.clone(), main.middle)
        };
    b.position_at_end(scalar_ph);
    b.build_unconditional_branch(lp.header).expect(e);
    b.position_before(&from.get_terminator().ok_or("a block without its branch")?);
    let mut resume = resumed;
    for (i, step) in inductions_of(plan) {
        let start = start_of(plan, i).into_int_value();
        let it = start.get_type();
        let k = if it.get_bit_width() == 64 { resume_at } else { b.build_int_truncate(resume_at, it, "").expect(e) };
        let off = b.build_int_mul(k, it.const_int(step as u64, true), "").expect(e);
        resume.push((i, b.build_int_add(start, off, "").expect(e).into()));
    }
    for (i, r) in resume {
        let orig = plan.insts[i].orig.expect("original");
        if choice.masked_tail {
            // (The preheader no longer enters the scalar loop: only scalar.ph.)
            widen::set_incoming(orig, lp.preheader, scalar_ph, r);
        } else {
            widen::resume_phi(orig, lp.preheader, scalar_ph, r, from);
        }
    }
    // The scalar loop now runs the last iterations: not for LoopVectorize either.
    if let Some(t) = lp.latch.get_terminator() {
        ffi::mark_vectorized(t);
    }
    Ok(())
}

/// The start value of header phi `i` (from before the loop).
fn start_of<'ctx>(plan: &Plan<'ctx>, i: Ix) -> BasicValueEnum<'ctx> {
    match plan.insts[i].ops[0] {
        Operand::Outside(v) => v,
        Operand::Inst(_) => unreachable!("a header phi starts with a value from before the loop"),
    }
}

fn reductions_of(plan: &Plan<'_>) -> Vec<(Ix, RedOp)> {
    plan.blocks[0]
        .insts
        .iter()
        .filter_map(|&i| match plan.insts[i].recurrence {
            Some(Recurrence::Reduction(op)) if plan.insts[i].kind == Kind::Original(Opc::Phi) => Some((i, op)),
            _ => None,
        })
        .collect()
}

fn last_values_of(plan: &Plan<'_>) -> Vec<Ix> {
    plan.blocks[0]
        .insts
        .iter()
        .copied()
        .filter(|&i| {
            plan.insts[i].kind == Kind::Original(Opc::Phi) && plan.insts[i].recurrence == Some(Recurrence::LastValue)
        })
        .collect()
}

fn scans_of(plan: &Plan<'_>) -> Vec<Ix> {
    plan.scan.iter().flat_map(|sp| sp.scans.iter().map(|s| s.phi)).collect()
}

fn inductions_of(plan: &Plan<'_>) -> Vec<(Ix, i64)> {
    plan.blocks[0]
        .insts
        .iter()
        .filter_map(|&i| match plan.insts[i].recurrence {
            Some(Recurrence::Induction { step }) if plan.insts[i].kind == Kind::Original(Opc::Phi) => Some((i, step)),
            _ => None,
        })
        .collect()
}

/// Where a vector loop stops.
#[derive(Clone, Copy)]
enum End<'ctx> {
    /// After iteration `n - 1` (a multiple of VF * UF iterations, from 0).
    Exact(IntValue<'ctx>),
    /// Before iteration `last`, the lanes from it on off (a masked remainder).
    Tail(IntValue<'ctx>),
}

/// A vector loop emitted, and its reductions across lanes (in `middle`,
/// which the caller ends).
struct Emitted<'ctx> {
    middle: BasicBlock<'ctx>,
    reduced: Vec<(Ix, BasicValueEnum<'ctx>)>,
}

/// One vector loop, entered from `ph` (which it ends): iterations `first`,
/// `first + VF * uf`, ... until `end`; reductions start from `starts` (in
/// lane 0 of their first part).
fn vector_loop<'ctx>(
    plan: &Plan<'ctx>,
    choice: Choice,
    uf: u32,
    ph: BasicBlock<'ctx>,
    first: IntValue<'ctx>,
    starts: &[(Ix, BasicValueEnum<'ctx>)],
    end: End<'ctx>,
) -> Result<Emitted<'ctx>, String> {
    let ctx = ph.get_context();
    let i64t = ctx.i64_type();
    let vf = choice.vf;
    let e = "positioned";
    let b = ctx.create_builder();
    let prefix = if matches!(end, End::Tail(_)) { "remainder." } else { "" };
    let body = ctx.insert_basic_block_after(ph, &format!("{prefix}vector.body"));
    b.position_at_end(ph);
    let ph_end = b.build_unconditional_branch(body).expect(e);
    b.position_at_end(body);
    let cursor = b.build_unreachable().expect(e);
    let mut g = Gen {
        ctx,
        b,
        plan,
        vf,
        division: choice.division,
        wide_division: choice.wide_division,
        tail: None,
        vals: vec![Val::default(); plan.insts.len()],
        splats: Vec::new(),
        ph_end,
        cursor,
    };
    let vfc = i64t.const_int(u64::from(vf * uf), false);
    // The vector IV, then the header phis: inductions' lane 0, reductions' vectors.
    let vi = g.here().build_phi(i64t, &format!("{prefix}vector.iv")).expect(e);
    let vi_v = vi.as_basic_value().into_int_value();
    // Reductions first (phis lead the block): one accumulator per part, the
    // first starting with its start in lane 0; in-order ones a scalar.
    let (reductions, ordered) = reduction_phis(&mut g, plan, ph, starts, uf);
    let lasts = last_value_phis(&mut g, plan, ph, starts, uf)?;
    // Scan reductions: a scalar carry each.
    let mut carries = scan_gen::carries(&g, plan, ph, starts)?;
    // In a remainder: the lanes before the end.
    if let End::Tail(last) = end {
        let lanes: Vec<IntValue<'ctx>> = (0..vf).map(|l| i64t.const_int(u64::from(l), false)).collect();
        let at = widen::splat(vi_v.into(), vf, g.cursor).into_vector_value();
        let at = g.here().build_int_add(at, VectorType::const_vector(&lanes), "").expect(e);
        let lastv = widen::splat(last.into(), vf, g.cursor).into_vector_value();
        g.tail = Some(g.here().build_int_compare(IntPredicate::ULT, at, lastv, "remainder.lanes").expect(e).into());
    }
    // The body, once per part: part u runs iterations vi + u*VF ...
    let mut back_values: Vec<Vec<Option<BasicValueEnum<'ctx>>>> = Vec::new();
    let mut running: Vec<BasicValueEnum<'ctx>> = ordered.iter().map(|(_, phi, _, _)| phi.as_basic_value()).collect();
    let mut last_backs: Vec<(PhiValue<'ctx>, PhiValue<'ctx>, BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> = Vec::new();
    for u in 0..uf {
        g.vals = vec![Val::default(); plan.insts.len()];
        for (i, phis, _) in &reductions {
            g.vals[*i].vector = Some(phis[u as usize].as_basic_value());
        }
        for (i, _, _, none) in &ordered {
            g.vals[*i].vector = Some(*none);
        }
        for (i, parts) in &lasts {
            g.vals[*i].vector = Some(parts[u as usize].0.as_basic_value());
        }
        set_inductions(&mut g, plan, vi_v, u);
        scan_gen::enter_part(&mut g, &carries);
        emit_body(&mut g, plan, &mut carries)?;
        scan_gen::finish_part(&mut g, plan, &mut carries)?;
        let backs = reduction_backs(&mut g, plan, &reductions, u);
        back_values.push(backs);
        last_backs.extend(last_value_backs(&mut g, plan, &lasts, vi_v, u)?);
        in_order_step(&mut g, plan, &ordered, &mut running)?;
    }
    // The vector latch.
    let latch_bb = g.cursor.get_parent().expect("in a block");
    let next = g.here().build_int_add(vi_v, vfc, &format!("{prefix}vector.iv.next")).expect(e);
    let done = match end {
        End::Exact(n) => g.here().build_int_compare(IntPredicate::EQ, next, n, "").expect(e),
        End::Tail(last) => g.here().build_int_compare(IntPredicate::UGE, next, last, "").expect(e),
    };
    let middle = ctx.insert_basic_block_after(latch_bb, &format!("{prefix}vector.middle"));
    let back = g.close(|b| b.build_conditional_branch(done, middle, body).expect(e));
    ffi::mark_vectorized(back);
    vi.add_incoming(&[(&first, ph), (&next, latch_bb)]);
    g.b.position_at_end(middle);
    g.cursor = g.b.build_unreachable().expect(e);
    let mut reduced = Vec::new();
    for (val, at, v, at_next) in &last_backs {
        val.add_incoming(&[(v, latch_bb)]);
        at.add_incoming(&[(at_next, latch_bb)]);
    }
    // A last value: the lane that assigned last, across the parts; the
    // start if none did.
    for (k, (i, _)) in lasts.iter().enumerate() {
        let parts: Vec<_> =
            (0..uf as usize).map(|u| (last_backs[u * lasts.len() + k].2, last_backs[u * lasts.len() + k].3)).collect();
        let start = starts.iter().find(|(s, _)| s == i).map(|(_, v)| *v).ok_or("a last value without its start")?;
        reduced.push((*i, last_value_out(&g, &parts, start)?));
    }
    for ((i, phi, _, _), r) in ordered.iter().zip(&running) {
        phi.add_incoming(&[(r, latch_bb)]);
        reduced.push((*i, *r));
    }
    reduced.extend(reductions_out(&g, &reductions, &back_values, latch_bb)?);
    reduced.extend(scan_gen::close(&g, &carries, latch_bb));
    // (In the order of `starts`, which the caller pairs them with.)
    reduced.sort_by_key(|(i, _)| starts.iter().position(|(s, _)| s == i));
    // (The caller ends `middle`.)
    g.cursor.erase_from_basic_block();
    Ok(Emitted { middle, reduced })
}

/// Part `u`'s value of each reduction for the latch (lanes past the end
/// keep what they had).
#[allow(clippy::type_complexity)]
fn reduction_backs<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    reductions: &[(Ix, Vec<PhiValue<'ctx>>, RedOp)],
    u: u32,
) -> Vec<Option<BasicValueEnum<'ctx>>> {
    let e = "positioned";
    let mut backs = Vec::new();
    for (i, phis, _) in reductions {
        backs.push(match plan.insts[*i].ops.get(1) {
            Some(o @ Operand::Inst(_)) => {
                let v = g.vector(o);
                Some(match g.tail {
                    Some(t) => {
                        g.here().build_select(t.into_vector_value(), v, phis[u as usize].as_basic_value(), "").expect(e)
                    }
                    None => v,
                })
            }
            _ => None,
        });
    }
    backs
}

/// One part's lanes added, in lane order, to each in-order reduction's
/// running value.
#[allow(clippy::type_complexity)]
fn in_order_step<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    ordered: &[(Ix, PhiValue<'ctx>, RedOp, BasicValueEnum<'ctx>)],
    running: &mut [BasicValueEnum<'ctx>],
) -> Result<(), String> {
    for (k, (i, _, op, none)) in ordered.iter().enumerate() {
        let Some(o @ Operand::Inst(_)) = plan.insts[*i].ops.get(1).copied() else {
            return Err("a reduction without its value from the latch".into());
        };
        let mut v = g.vector(&o);
        if let Some(t) = g.tail {
            v = g.here().build_select(t.into_vector_value(), v, *none, "").expect("positioned");
        }
        let r = widen::reduce_in_order(*op as u32, running[k], v, g.cursor).ok_or("an in-order reduction of no sum")?;
        running[k] = r;
    }
    Ok(())
}

/// The header phis of the reductions: per part an accumulator vector (the
/// first part's starting with the start in lane 0), or, for an in-order
/// one, a scalar running value and the identity vector its parts start from.
#[allow(clippy::type_complexity)]
fn reduction_phis<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    ph: BasicBlock<'ctx>,
    starts: &[(Ix, BasicValueEnum<'ctx>)],
    uf: u32,
) -> (Vec<(Ix, Vec<PhiValue<'ctx>>, RedOp)>, Vec<(Ix, PhiValue<'ctx>, RedOp, BasicValueEnum<'ctx>)>) {
    let (ctx, vf, e) = (g.ctx, g.vf, "positioned");
    let mut reductions: Vec<(Ix, Vec<PhiValue<'ctx>>, RedOp)> = Vec::new();
    // In-order ones: a scalar running value, and each part's lanes (the
    // values it combines, the identity elsewhere) added to it in lane order.
    let mut ordered: Vec<(Ix, PhiValue<'ctx>, RedOp, BasicValueEnum<'ctx>)> = Vec::new();
    for ((i, op), (_, start)) in reductions_of(plan).into_iter().zip(starts) {
        debug_assert_eq!(starts.iter().find(|(s, _)| *s == i).map(|(_, v)| v), Some(start));
        let t = start.get_type();
        g.b.position_before(&g.ph_end);
        let idv = identity(op, t);
        let lanes: Vec<BasicValueEnum<'ctx>> = (0..vf).map(|_| idv).collect();
        let none = const_vector(&lanes);
        if plan.insts[i].in_order {
            let phi = g.here().build_phi(t, "reduction.ordered").expect(e);
            phi.add_incoming(&[(start, ph)]);
            ordered.push((i, phi, op, none.into()));
            continue;
        }
        let init = g.b.build_insert_element(none, *start, ctx.i32_type().const_zero(), "reduction.start").expect(e);
        let mut phis = Vec::new();
        for u in 0..uf {
            let phi = g.here().build_phi(vector_type(t, vf), "reduction.vec").expect(e);
            let first: BasicValueEnum<'ctx> = if u == 0 { init.into() } else { none.into() };
            phi.add_incoming(&[(&first, ph)]);
            phis.push(phi);
        }
        reductions.push((i, phis, op));
    }
    (reductions, ordered)
}

/// The header phis of the last values: per part, the lanes' values and the
/// iteration each lane last assigned (-1: none yet).
#[allow(clippy::type_complexity)]
fn last_value_phis<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    ph: BasicBlock<'ctx>,
    starts: &[(Ix, BasicValueEnum<'ctx>)],
    uf: u32,
) -> Result<Vec<(Ix, Vec<(PhiValue<'ctx>, PhiValue<'ctx>)>)>, String> {
    let (vf, e) = (g.vf, "positioned");
    let i64t = g.ctx.i64_type();
    let minus_one: Vec<IntValue<'ctx>> = (0..vf).map(|_| i64t.const_all_ones()).collect();
    let minus_one = VectorType::const_vector(&minus_one);
    let mut lasts: Vec<(Ix, Vec<(PhiValue<'ctx>, PhiValue<'ctx>)>)> = Vec::new();
    for i in last_values_of(plan) {
        let start = starts.iter().find(|(s, _)| *s == i).map(|(_, v)| *v).ok_or("a last value without its start")?;
        let splat = widen::splat(start, vf, g.ph_end);
        let mut parts = Vec::new();
        for _ in 0..uf {
            let val = g.here().build_phi(splat.get_type(), "last.value").expect(e);
            val.add_incoming(&[(&splat, ph)]);
            let at = g.here().build_phi(minus_one.get_type(), "last.iteration").expect(e);
            at.add_incoming(&[(&minus_one, ph)]);
            parts.push((val, at));
        }
        lasts.push((i, parts));
    }
    Ok(lasts)
}

/// A last value's result: across the parts, the lane that assigned last
/// (`parts`: each part's values and last-assigned iterations); `start` if no
/// lane did.
fn last_value_out<'ctx>(
    g: &Gen<'_, 'ctx>,
    parts: &[(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)],
    start: BasicValueEnum<'ctx>,
) -> Result<BasicValueEnum<'ctx>, String> {
    let (vf, e) = (g.vf, "positioned");
    let i64t = g.ctx.i64_type();
    let mut best: Option<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> = None;
    for &(v, a) in parts {
        best = Some(match best {
            None => (v, a),
            Some((bv, ba)) => {
                let b = g.here();
                let later = b.build_int_compare(IntPredicate::SGT, a.into_vector_value(), ba.into_vector_value(), "");
                let later = later.expect(e);
                (b.build_select(later, v, bv, "").expect(e), b.build_select(later, a, ba, "").expect(e))
            }
        });
    }
    let (v, a) = best.ok_or("a last value without parts")?;
    let m = widen::reduce(RedOp::SMax as u32, a, g.cursor).into_int_value();
    let b = g.here();
    let ms = widen::splat(m.into(), vf, g.cursor).into_vector_value();
    let is = b.build_int_compare(IntPredicate::EQ, a.into_vector_value(), ms, "").expect(e);
    let lanes: Vec<IntValue<'ctx>> = (0..vf).map(|l| i64t.const_int(u64::from(l), false)).collect();
    let beyond: Vec<IntValue<'ctx>> = (0..vf).map(|_| i64t.const_int(u64::from(vf), false)).collect();
    let which = b.build_select(is, VectorType::const_vector(&lanes), VectorType::const_vector(&beyond), "").expect(e);
    let lane = widen::reduce(RedOp::UMin as u32, which, g.cursor).into_int_value();
    let b = g.here();
    let got = b.build_extract_element(v.into_vector_value(), lane, "last.assigned").expect(e);
    let never = b.build_int_compare(IntPredicate::SLT, m, i64t.const_zero(), "").expect(e);
    Ok(b.build_select(never, start, got, "last.value.out").expect(e))
}

/// Each induction's lane 0 in part `u` of the vector iteration at `vi`:
/// its start plus (vi + u * VF) steps.
fn set_inductions<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, vi_v: IntValue<'ctx>, u: u32) {
    let (vf, e) = (g.vf, "positioned");
    let i64t = g.ctx.i64_type();
    for (i, step) in inductions_of(plan) {
        let start = start_of(plan, i).into_int_value();
        let it = start.get_type();
        let b = g.here();
        let base =
            if u == 0 { vi_v } else { b.build_int_add(vi_v, i64t.const_int(u64::from(u * vf), false), "").expect(e) };
        let k = if it.get_bit_width() == 64 { base } else { b.build_int_truncate(base, it, "").expect(e) };
        let off = b.build_int_mul(k, it.const_int(step as u64, true), "").expect(e);
        let lane0 = b.build_int_add(start, off, &plan.insts[i].name.replace('%', "")).expect(e);
        g.vals[i].scalar = Some(lane0.into());
    }
}

/// Part `u`'s values of the last values for the latch: each lane's value
/// (kept past a remainder's end) and the iteration it last assigned at.
#[allow(clippy::type_complexity)]
fn last_value_backs<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    lasts: &[(Ix, Vec<(PhiValue<'ctx>, PhiValue<'ctx>)>)],
    vi_v: IntValue<'ctx>,
    u: u32,
) -> Result<Vec<(PhiValue<'ctx>, PhiValue<'ctx>, BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)>, String> {
    let (vf, e) = (g.vf, "positioned");
    let i64t = g.ctx.i64_type();
    let mut out = Vec::new();
    // This part's iterations, lane by lane, and where each lane assigned.
    let lane_no: Vec<IntValue<'ctx>> = (0..vf).map(|l| i64t.const_int(u64::from(u * vf + l), false)).collect();
    let here = widen::splat(vi_v.into(), vf, g.cursor).into_vector_value();
    let iters = g.here().build_int_add(here, VectorType::const_vector(&lane_no), "").expect(e);
    for (i, parts) in lasts {
        let (val, at) = parts[u as usize];
        let o = *plan.insts[*i].ops.get(1).ok_or("a last value without its value from the latch")?;
        let mut v = g.vector(&o);
        let none = g.ctx.bool_type().vec_type(vf).const_zero();
        let mut assigned = assigned_lanes(g, plan, *i, o).unwrap_or(none.into());
        if let Some(t) = g.tail {
            let t = t.into_vector_value();
            v = g.here().build_select(t, v, val.as_basic_value(), "").expect(e);
            assigned = g.here().build_select(t, assigned, none.into(), "").expect(e);
        }
        let at_next =
            g.here().build_select(assigned.into_vector_value(), iters, at.as_basic_value().into_vector_value(), "");
        out.push((val, at, v, at_next.expect(e)));
    }
    Ok(out)
}

/// Each reduction's parts closed at the latch (`back_values`: per part, each
/// reduction's value from it) and combined across parts and lanes.
#[allow(clippy::type_complexity)]
fn reductions_out<'ctx>(
    g: &Gen<'_, 'ctx>,
    reductions: &[(Ix, Vec<PhiValue<'ctx>>, RedOp)],
    back_values: &[Vec<Option<BasicValueEnum<'ctx>>>],
    latch_bb: BasicBlock<'ctx>,
) -> Result<Vec<(Ix, BasicValueEnum<'ctx>)>, String> {
    let mut out = Vec::new();
    for (k, (i, phis, op)) in reductions.iter().enumerate() {
        let mut acc: Option<BasicValueEnum<'ctx>> = None;
        for (u, phi) in phis.iter().enumerate() {
            let v = back_values[u][k].ok_or("a reduction without its value from the latch")?;
            phi.add_incoming(&[(&v, latch_bb)]);
            acc = Some(match acc {
                None => v,
                Some(a) => widen::combine(*op as u32, a, v, g.cursor),
            });
        }
        let r = widen::reduce(*op as u32, acc.ok_or("a reduction without parts")?, g.cursor);
        out.push((*i, r));
    }
    Ok(out)
}

fn const_vector<'ctx>(lanes: &[BasicValueEnum<'ctx>]) -> llvm_plugin::inkwell::values::VectorValue<'ctx> {
    match lanes[0] {
        BasicValueEnum::IntValue(_) => {
            let v: Vec<IntValue<'ctx>> = lanes.iter().map(|l| l.into_int_value()).collect();
            VectorType::const_vector(&v)
        }
        BasicValueEnum::FloatValue(_) => {
            let v: Vec<llvm_plugin::inkwell::values::FloatValue<'ctx>> =
                lanes.iter().map(|l| l.into_float_value()).collect();
            VectorType::const_vector(&v)
        }
        _ => unreachable!("identities are integers or floating point"),
    }
}

/// The if-converted body, block by block, for one part.
fn emit_body<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, carries: &mut Carries<'ctx>) -> Result<(), String> {
    let ctx = g.ctx;
    let e = "positioned";
    let mut open: Option<Open<'ctx>> = None;
    for (k, blk) in plan.blocks.iter().enumerate() {
        if plan.loop_headed_by(k).is_some() {
            open = Some(enter_loop(g, plan, k)?);
        }
        let mut insts = blk.insts.iter().copied().filter(|&i| !plan.is_header_phi(i));
        if !blk.bypass {
            // (A scan's prefix where its directive was; the exclusive scan
            // phase's instructions that wait for it: `scan_gen`.)
            let scan = plan.scan.as_ref();
            for i in insts {
                if scan.is_some_and(|s| s.prefix_at(k, Some(i))) {
                    scan_gen::prefix(g, carries);
                }
                if !scan.is_some_and(|s| s.is_deferred(i)) {
                    g.emit(i)?;
                }
            }
            if scan.is_some_and(|s| s.prefix_at(k, None)) {
                scan_gen::prefix(g, carries);
            }
            if let Some(l) = plan.loops.iter().find(|l| l.latch == k) {
                leave_loop(g, plan, l, open.take().ok_or("an inner loop's latch before its header")?)?;
            }
            continue;
        }
        // The all-false bypass: the block runs only when some lane is on
        // (its mask first, outside: later blocks' masks read it).
        let mut any_ix = None;
        for i in insts.by_ref() {
            g.emit(i)?;
            if plan.insts[i].kind == Kind::New(New::AnyActive) {
                any_ix = Some(i);
                break;
            }
        }
        let any_ix = any_ix.ok_or("a bypass without its test")?;
        let any = g.vals[any_ix].scalar.expect("a scalar i1").into_int_value();
        let before = g.cursor.get_parent().expect("in a block");
        let then = ctx.insert_basic_block_after(before, &format!("{}.vec", blk.name));
        let join = ctx.insert_basic_block_after(then, &format!("{}.join", blk.name));
        g.close(|b| b.build_conditional_branch(any, then, join).expect(e));
        g.b.position_at_end(then);
        g.cursor = g.b.build_unreachable().expect(e);
        let inside: Vec<Ix> = insts.collect();
        // (Vectors made inside for values from before the block would not
        // reach past it: they are made again after it, if needed.)
        let saved: Vec<Option<BasicValueEnum<'ctx>>> = g.vals.iter().map(|v| v.vector).collect();
        for &i in &inside {
            g.emit(i)?;
        }
        for (k, v) in saved.into_iter().enumerate() {
            if !inside.contains(&k) {
                g.vals[k].vector = v;
            }
        }
        let then_end = g.cursor.get_parent().expect("in a block");
        g.close(|b| b.build_unconditional_branch(join).expect(e));
        g.b.position_at_end(join);
        g.cursor = g.b.build_unreachable().expect(e);
        // What the block computed, where no lane ran it: zero, which the
        // blends after it never pick (every lane's mask is off there) and
        // which keeps the masks of later blocks defined (false & 0).
        for &i in &inside {
            for scalar in [true, false] {
                let v = if scalar { g.vals[i].scalar } else { g.vals[i].vector };
                let Some(v) = v else { continue };
                g.b.position_before(&join.get_first_instruction().expect("the placeholder"));
                let phi = g.b.build_phi(v.get_type(), "bypass").expect(e);
                let zero = match v.get_type() {
                    BasicTypeEnum::VectorType(t) => t.const_zero().as_basic_value_enum(),
                    BasicTypeEnum::IntType(t) => t.const_zero().as_basic_value_enum(),
                    BasicTypeEnum::FloatType(t) => t.const_zero().as_basic_value_enum(),
                    BasicTypeEnum::PointerType(t) => t.const_null().as_basic_value_enum(),
                    _ => unreachable!("no aggregates"),
                };
                phi.add_incoming(&[(&v, then_end), (&zero, before)]);
                if scalar {
                    g.vals[i].scalar = Some(phi.as_basic_value());
                } else {
                    g.vals[i].vector = Some(phi.as_basic_value());
                }
            }
        }
    }
    Ok(())
}

/// The lanes in which `v`, on last value `x`'s way from the header to the
/// latch, holds a value assigned this iteration rather than `x` passed along
/// (None: none of them).
fn assigned_lanes<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, x: Ix, v: Op<'ctx>) -> Option<BasicValueEnum<'ctx>> {
    let e = "positioned";
    let Operand::Inst(k) = v else { return Some(g.all_true()) };
    if k == x {
        return None;
    }
    let none = g.ctx.bool_type().vec_type(g.vf).const_zero().into();
    let ops = plan.insts[k].ops.clone();
    match plan.insts[k].kind {
        Kind::New(New::Blend) => {
            let mut a = assigned_lanes(g, plan, x, ops[0]);
            for pair in ops[2..].chunks(2) {
                let ak = assigned_lanes(g, plan, x, pair[0]).unwrap_or(none);
                let m = g.vector(&pair[1]).into_vector_value();
                a = Some(g.here().build_select(m, ak, a.unwrap_or(none), "").expect(e));
            }
            a
        }
        Kind::Original(Opc::Select) => {
            let c = g.scalar_or_vector(&ops[0]);
            let t = assigned_lanes(g, plan, x, ops[1]).unwrap_or(none);
            let f = assigned_lanes(g, plan, x, ops[2]).unwrap_or(none);
            let c = match c {
                BasicValueEnum::IntValue(c) => c.into(),
                c => c,
            };
            Some(match c {
                BasicValueEnum::IntValue(c) => g.here().build_select(c, t, f, "").expect(e),
                c => g.here().build_select(c.into_vector_value(), t, f, "").expect(e),
            })
        }
        _ => Some(g.all_true()),
    }
}

/// An inner loop's vector header being emitted, and its phis (scalar ones
/// for uniform values).
struct Open<'ctx> {
    header: BasicBlock<'ctx>,
    phis: Vec<(Ix, PhiValue<'ctx>, bool)>,
}

/// The value from the latch of an inner loop's header phi.
fn back_operand<'ctx>(plan: &Plan<'ctx>, i: Ix) -> Op<'ctx> {
    let inst = &plan.insts[i];
    match inst.kind {
        Kind::New(New::LiveOutPhi) => inst.ops[0],
        _ => inst.ops[1],
    }
}

/// Starts inner loop `k`'s vector header (a block of its own, which every
/// lane runs until none stays) with its phis, entered from where the code
/// is now.
fn enter_loop<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, k: usize) -> Result<Open<'ctx>, String> {
    let e = "positioned";
    let ix: Vec<Ix> = plan.blocks[k].insts.iter().copied().filter(|&i| plan.is_header_phi(i)).collect();
    // The values on entry, computed before the loop.
    let mut starts = Vec::new();
    for &i in &ix {
        let inst = &plan.insts[i];
        let scalar = inst.kind == Kind::Original(Opc::Phi) && inst.shape == Shape::Uniform;
        let v = match inst.kind {
            Kind::New(New::LiveOutPhi) => {
                let Operand::Inst(of) = inst.ops[0] else { return Err("a live-out of nothing".into()) };
                let orig = plan.insts[of].orig.ok_or("a live-out without its exit phi")?;
                let t = BasicTypeEnum::try_from(orig.get_type()).map_err(|_| "a live-out of no value type")?;
                // (No lane has left yet: none reads this.)
                vector_type(t, g.vf).const_zero().as_basic_value_enum()
            }
            // (In a masked remainder, lanes past the end do not enter.)
            Kind::New(New::LoopMask) => g.lanes_on(Some(inst.ops[0])).expect("a mask"),
            _ if scalar => g.scalar(&inst.ops[0]),
            _ => g.vector(&inst.ops[0]),
        };
        starts.push((v, scalar));
    }
    let from = g.cursor.get_parent().ok_or("code outside a block")?;
    let header = g.ctx.insert_basic_block_after(from, &format!("{}.vec", plan.blocks[k].name));
    g.close(|b| b.build_unconditional_branch(header).expect(e));
    g.b.position_at_end(header);
    g.cursor = g.b.build_unreachable().expect(e);
    let mut phis = Vec::new();
    for (&i, (start, scalar)) in ix.iter().zip(starts) {
        let name = plan.insts[i].name.trim_start_matches('%').to_string();
        let phi = g.here().build_phi(start.get_type(), &name).expect(e);
        phi.add_incoming(&[(&start, from)]);
        if scalar {
            g.vals[i].scalar = Some(phi.as_basic_value());
        } else {
            g.vals[i].vector = Some(phi.as_basic_value());
        }
        phis.push((i, phi, scalar));
    }
    Ok(Open { header, phis })
}

/// Ends an inner loop's vector iteration: back to its header while any
/// lane stays, else on to its exit.
fn leave_loop<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    l: &super::plan::InnerLoop,
    open: Open<'ctx>,
) -> Result<(), String> {
    let e = "positioned";
    let back: Vec<BasicValueEnum<'ctx>> = open
        .phis
        .iter()
        .map(|&(i, _, scalar)| {
            let o = back_operand(plan, i);
            if scalar {
                g.scalar(&o)
            } else {
                g.vector(&o)
            }
        })
        .collect();
    let more = l.more.and_then(|m| g.vals[m].scalar).ok_or("an inner loop without its test")?;
    let latch_end = g.cursor.get_parent().ok_or("code outside a block")?;
    let exit = g.ctx.insert_basic_block_after(latch_end, &format!("{}.vec", plan.blocks[l.exit].name));
    let br = g.close(|b| b.build_conditional_branch(more.into_int_value(), open.header, exit).expect(e));
    ffi::mark_vectorized(br);
    for ((_, phi, _), v) in open.phis.iter().zip(back) {
        phi.add_incoming(&[(&v, latch_end)]);
    }
    g.b.position_at_end(exit);
    g.cursor = g.b.build_unreachable().expect(e);
    Ok(())
}
