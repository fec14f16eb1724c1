//! Divergence analysis on the VPlan: which values are the same in every
//! lane of a vector iteration (uniform), which step by a constant from lane
//! to lane (linear: the induction variable, addresses of consecutive
//! elements), which vary; and the role of each header phi (induction,
//! reduction by one operator, or something else carried across iterations).
use super::plan::{Bin, Ir, Ix, Kind, Opc, Operand, Recurrence, RedOp, Shape, VPlan};

/// The users of each instruction.
pub(super) fn users<R: Ir>(plan: &VPlan<R>) -> Vec<Vec<Ix>> {
    let mut u = vec![Vec::new(); plan.insts.len()];
    for (i, inst) in plan.insts.iter().enumerate() {
        for o in &inst.ops {
            if let Operand::Inst(d) = o {
                u[*d].push(i);
            }
        }
    }
    u
}

/// The reduction operator of a binary operator, when it is one and the
/// chain value is an operand it may be on (sub and fsub: the left).
pub(super) fn reduction_of(b: Bin, chain_is_left: bool) -> Option<RedOp> {
    Some(match b {
        Bin::Add => RedOp::Add,
        Bin::Sub if chain_is_left => RedOp::Add,
        Bin::Mul => RedOp::Mul,
        Bin::And => RedOp::And,
        Bin::Or => RedOp::Or,
        Bin::Xor => RedOp::Xor,
        Bin::FAdd => RedOp::FAdd,
        Bin::FSub if chain_is_left => RedOp::FAdd,
        Bin::FMul => RedOp::FMul,
        _ => return None,
    })
}

/// Classifies header phi `phi` (ops: start, value from the latch) unless
/// `build` already found it an induction: a reduction when every value
/// computed from it in the loop is one combination by one operator (a
/// min/max is a select on a compare of its two operands, which `build`
/// marks), merged by phis of if-converted paths, and the last of them is
/// what the latch passes back.
pub fn recurrence<R: Ir>(plan: &VPlan<R>, phi: Ix) -> Recurrence {
    if let Some(r @ Recurrence::Induction { .. }) = plan.insts[phi].recurrence {
        return r;
    }
    match reduction_chain(plan, phi) {
        Some((op, _)) => Recurrence::Reduction(op),
        None if is_last_value(plan, phi) => Recurrence::LastValue,
        None => Recurrence::Other,
    }
}

/// Whether header phi `phi` is only passed along by merges of paths (phis
/// of the loop body, outside inner loops) and selects, as one of their
/// values, until it comes back from the latch: every value merged in is
/// then computed without it, and the loop leaves it with the last one.
fn is_last_value<R: Ir>(plan: &VPlan<R>, phi: Ix) -> bool {
    let users = users(plan);
    let Some(Operand::Inst(back)) = plan.insts[phi].ops.get(1).copied() else { return false };
    let mut chain = vec![phi];
    let mut k = 0;
    while k < chain.len() {
        let c = chain[k];
        k += 1;
        for &u in &users[c] {
            if u == phi || chain.contains(&u) {
                continue;
            }
            let inst = &plan.insts[u];
            let passes = match inst.kind {
                Kind::Original(Opc::Phi) => !plan.blocks[0].insts.contains(&u) && !plan.in_inner_loop(u),
                // (As a value, not as the condition.)
                Kind::Original(Opc::Select) => inst.ops.first() != Some(&Operand::Inst(c)),
                _ => false,
            };
            if !passes {
                return false;
            }
            chain.push(u);
        }
    }
    chain.len() > 1 && chain.contains(&back)
}

/// The instructions that combine a value into reduction `phi` (its
/// operator's, the min/max selects, the fused multiply-adds), when it is one.
pub fn combining<R: Ir>(plan: &VPlan<R>, phi: Ix) -> Vec<Ix> {
    reduction_chain(plan, phi).map(|(_, ops)| ops).unwrap_or_default()
}

/// `recurrence`'s walk: the operator and the combining instructions.
fn reduction_chain<R: Ir>(plan: &VPlan<R>, phi: Ix) -> Option<(RedOp, Vec<Ix>)> {
    let mut combining = Vec::new();
    let r = reduction_walk(plan, phi, &mut combining);
    match r {
        Recurrence::Reduction(op) => Some((op, combining)),
        _ => None,
    }
}

fn reduction_walk<R: Ir>(plan: &VPlan<R>, phi: Ix, combining: &mut Vec<Ix>) -> Recurrence {
    let users = users(plan);
    let Some(Operand::Inst(back)) = plan.insts[phi].ops.get(1).copied() else { return Recurrence::Other };
    let mut chain = vec![phi];
    let mut op: Option<RedOp> = None;
    let mut steered = false;
    let mut k = 0;
    while k < chain.len() {
        let c = chain[k];
        k += 1;
        for &u in &users[c] {
            if u == phi || chain.contains(&u) {
                continue;
            }
            let inst = &plan.insts[u];
            let on_chain = |o: &Operand<R::Value>| matches!(o, Operand::Inst(i) if chain.contains(i) || *i == c);
            let this = match inst.kind {
                Kind::Original(Opc::Binary(b)) => {
                    let left = inst.ops.first().is_some_and(on_chain);
                    if inst.ops.iter().filter(|o| on_chain(o)).count() != 1 {
                        return Recurrence::Other;
                    }
                    reduction_of(b, left)
                }
                Kind::Original(Opc::Call { .. }) | Kind::Original(Opc::Select) if is_minmax(plan, u).is_some() => {
                    is_minmax(plan, u)
                }
                // s + x * y, fused: a sum when s is the addend only.
                Kind::Original(Opc::Call { .. }) if inst.muladd => {
                    let on: Vec<usize> = (0..inst.ops.len()).filter(|&k| on_chain(&inst.ops[k])).collect();
                    if on != [2] {
                        return Recurrence::Other;
                    }
                    Some(RedOp::FAdd)
                }
                // A merge of if-converted paths: every incoming is on the chain.
                Kind::Original(Opc::Phi) if plan.blocks[0].insts.contains(&u) => return Recurrence::Other,
                Kind::Original(Opc::Phi) => {
                    // (The ones not yet on the chain must join it later.)
                    if !inst.ops.iter().all(|o| matches!(o, Operand::Inst(_))) {
                        return Recurrence::Other;
                    }
                    None
                }
                // The compare of a min/max, used by nothing else.
                Kind::Original(Opc::Cmp) if users[u].iter().all(|&s| is_minmax(plan, s).is_some()) => continue,
                Kind::Original(Opc::Cmp) if steers_by_iteration(plan, &users, u, c, &chain) => {
                    steered = true;
                    continue;
                }
                _ => return Recurrence::Other,
            };
            if let Some(o) = this {
                if op.is_some_and(|p| p != o) {
                    return Recurrence::Other;
                }
                op = Some(o);
                combining.push(u);
            } else if !matches!(inst.kind, Kind::Original(Opc::Phi)) {
                return Recurrence::Other;
            }
            chain.push(u);
        }
    }
    // Merges must take chain values only.
    for &c in &chain[1..] {
        if plan.insts[c].kind == Kind::Original(Opc::Phi)
            && !plan.insts[c].ops.iter().all(|o| matches!(o, Operand::Inst(i) if chain.contains(i)))
        {
            return Recurrence::Other;
        }
    }
    match op {
        // (A compare that steers other values only by a maximum of iterations.)
        Some(RedOp::SMax | RedOp::UMax) | None if steered => match op {
            Some(o) if chain.contains(&back) => Recurrence::Reduction(o),
            _ => Recurrence::Other,
        },
        _ if steered => Recurrence::Other,
        Some(o) if chain.contains(&back) => Recurrence::Reduction(o),
        _ => Recurrence::Other,
    }
}

/// Whether compare `u` of running value `c` is of the latest iteration
/// kind: `c` against the loop's increasing induction, used only by the
/// maximum of the two and by selects of values off the chain (which it
/// steers: the thread record of a conditional lastprivate keeps the value
/// of the latest iteration so). Every value such a maximum takes in is an
/// earlier iteration, so both in the sequential loop and in any one lane
/// the compare answers as the start compares with the iteration: a lane's
/// partial maximum steers the selects as the loop's would.
fn steers_by_iteration<R: Ir>(plan: &VPlan<R>, users: &[Vec<Ix>], u: Ix, c: Ix, chain: &[Ix]) -> bool {
    let ops = &plan.insts[u].ops;
    let [a, b] = ops[..] else { return false };
    let iv = match (a, b) {
        (Operand::Inst(x), Operand::Inst(y)) if x == c => y,
        (Operand::Inst(x), Operand::Inst(y)) if y == c => x,
        _ => return false,
    };
    if !matches!(plan.insts[iv].recurrence, Some(Recurrence::Induction { step }) if step > 0) {
        return false;
    }
    let on_chain = |o: &Operand<R::Value>| matches!(o, Operand::Inst(i) if *i == c || chain.contains(i));
    users[u].iter().all(|&s| {
        let inst = &plan.insts[s];
        if inst.kind != Kind::Original(Opc::Select) || inst.ops.first() != Some(&Operand::Inst(u)) {
            return false;
        }
        let values = &inst.ops[1..];
        let max_of_iv = matches!(inst.minmax, Some(RedOp::SMax | RedOp::UMax))
            && values.contains(&Operand::Inst(iv))
            && values.iter().any(|o| on_chain(o));
        max_of_iv || !values.iter().any(|o| on_chain(o))
    })
}

/// The min/max instruction `i` computes, as `build` recorded it.
pub fn is_minmax<R: Ir>(plan: &VPlan<R>, i: Ix) -> Option<RedOp> {
    plan.insts[i].minmax
}

/// Sets every instruction's shape (and each header phi's recurrence).
/// Blocks are in reverse post-order, so one pass sees every operand first
/// but the header phis' values from the latch.
pub fn analyze<R: Ir>(plan: &mut VPlan<R>) {
    let header: Vec<Ix> =
        plan.blocks[0].insts.iter().copied().filter(|&i| plan.insts[i].kind == Kind::Original(Opc::Phi)).collect();
    for &p in &header {
        // (Found once, before if-conversion turns merges into blends.)
        let r = match plan.insts[p].recurrence {
            Some(r @ (Recurrence::Reduction(_) | Recurrence::LastValue | Recurrence::Scan(_) | Recurrence::Other)) => r,
            _ => recurrence(plan, p),
        };
        plan.insts[p].recurrence = Some(r);
        plan.insts[p].shape = match r {
            Recurrence::Induction { step } => Shape::Linear(step),
            _ => Shape::Varying,
        };
    }
    // An inner loop's header phis: uniform while every value they take is
    // (the lanes enter together and iterate together; what a lane leaves
    // with is the live-out's business). Optimistic, then to a fixpoint.
    let inner: Vec<Ix> = plan
        .loops
        .iter()
        .flat_map(|l| plan.blocks[l.header].insts.iter().copied())
        .filter(|&i| plan.insts[i].kind == Kind::Original(Opc::Phi))
        .collect();
    for &p in &inner {
        plan.insts[p].shape = Shape::Uniform;
    }
    let order: Vec<Ix> = plan.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    loop {
        for &i in &order {
            if header.contains(&i) || inner.contains(&i) {
                continue;
            }
            let masked = plan.block_of(i).is_some_and(|b| plan.blocks[b].mask.is_some());
            let shape = shape_of(plan, i, masked);
            plan.insts[i].shape = shape;
        }
        let mut changed = false;
        for &p in &inner {
            let uniform = plan.insts[p].ops.iter().all(|o| plan.shape(o) == Shape::Uniform);
            if !uniform && plan.insts[p].shape == Shape::Uniform {
                plan.insts[p].shape = Shape::Varying;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

fn shape_of<R: Ir>(plan: &VPlan<R>, i: Ix, masked: bool) -> Shape {
    let inst = &plan.insts[i];
    let shapes: Vec<Shape> = inst.ops.iter().map(|o| plan.shape(o)).collect();
    let all_uniform = shapes.iter().all(|s| *s == Shape::Uniform);
    let opc = match inst.kind {
        Kind::Original(opc) => opc,
        // What analysis adds is made as vectors (masks, blends, live-outs),
        // whatever its operands.
        Kind::New(_) => return Shape::Varying,
    };
    let lin = |s: Shape| match s {
        Shape::Linear(k) => Some(k),
        Shape::Uniform => Some(0),
        _ => None,
    };
    let linear = |k: i64| if k == 0 { Shape::Uniform } else { Shape::Linear(k) };
    match opc {
        // A value that stays the same when computed the same way in each lane.
        Opc::Binary(Bin::Add) | Opc::Binary(Bin::Sub) if shapes.len() == 2 => match (lin(shapes[0]), lin(shapes[1])) {
            (Some(a), Some(b)) => linear(if opc == Opc::Binary(Bin::Add) { a + b } else { a - b }),
            _ => Shape::Varying,
        },
        Opc::Binary(Bin::Mul) | Opc::Binary(Bin::Shl) if shapes.len() == 2 => {
            // Linear times a constant is linear.
            match (shapes[0], shapes[1], inst.konst) {
                (Shape::Linear(a), Shape::Uniform, Some(f)) => {
                    linear(if opc == Opc::Binary(Bin::Mul) { a.wrapping_mul(f) } else { a.wrapping_shl(f as u32) })
                }
                (Shape::Uniform, Shape::Linear(a), Some(f)) if opc == Opc::Binary(Bin::Mul) => {
                    linear(a.wrapping_mul(f))
                }
                _ if all_uniform => Shape::Uniform,
                _ => Shape::Varying,
            }
        }
        Opc::IntCast if shapes.len() == 1 => shapes[0],
        // An address: base plus indices; only the last may step (over
        // elements of `elem_size` bytes), or the base with uniform indices.
        Opc::Gep { elem_size } if shapes.len() >= 2 && elem_size > 0 => {
            let (last, rest) = shapes.split_last().expect("two or more");
            let middle_uniform = rest[1..].iter().all(|s| *s == Shape::Uniform);
            match (rest[0], lin(*last), middle_uniform) {
                (Shape::Uniform, Some(k), true) => linear(k * elem_size as i64),
                (Shape::Linear(b), Some(0), true) => Shape::Linear(b),
                _ => Shape::Varying,
            }
        }
        // A uniform address is loaded once, if every lane runs the load.
        Opc::Load { .. } if all_uniform && !masked => Shape::Uniform,
        Opc::Load { .. } | Opc::Store { .. } | Opc::Phi | Opc::Other => Shape::Varying,
        Opc::Call { pure: false } => Shape::Varying,
        _ if all_uniform => Shape::Uniform,
        _ => Shape::Varying,
    }
}

#[cfg(test)]
mod tests {
    use super::super::plan::tests::Loop;
    use super::super::plan::Succs;
    use super::*;

    fn o(i: Ix) -> Operand<u32> {
        Operand::Inst(i)
    }
    const A: Operand<u32> = Operand::Outside(100);
    const N: Operand<u32> = Operand::Outside(101);

    /// for (i = 0; i < n; i++) { s += a[i]; }
    #[test]
    fn induction_linear_addresses_and_an_add_reduction() {
        let mut l = Loop::new(&["body"]);
        let i = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(5)], "i");
        l.plan.insts[i].recurrence = Some(Recurrence::Induction { step: 1 });
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(4)], "s");
        let p = l.inst(0, Opc::Gep { elem_size: 4 }, vec![A, o(i)], "p");
        let v = l.inst(0, Opc::Load { size: 4 }, vec![o(p)], "v");
        let s1 = l.inst(0, Opc::Binary(Bin::Add), vec![o(s), o(v)], "s1");
        let i1 = l.inst(0, Opc::Binary(Bin::Add), vec![o(i), Operand::Outside(1)], "i1");
        let n = l.inst(0, Opc::Load { size: 8 }, vec![N], "n");
        assert_eq!((s1, i1), (4, 5));
        analyze(&mut l.plan);
        let sh = |k: Ix| l.plan.insts[k].shape;
        assert_eq!(sh(i), Shape::Linear(1));
        assert_eq!(sh(p), Shape::Linear(4));
        assert_eq!(sh(v), Shape::Varying);
        assert_eq!(sh(n), Shape::Uniform);
        assert_eq!(l.plan.insts[s].recurrence, Some(Recurrence::Reduction(RedOp::Add)));
    }

    /// if (a[i] > m) s = s * x;  (merged by a phi in the latch)
    #[test]
    fn a_reduction_through_a_merge_and_one_that_is_not() {
        let mut l = Loop::new(&["body", "then", "latch"]);
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(4)], "s");
        let c = l.inst(0, Opc::Cmp, vec![A, N], "c");
        l.succ(0, Succs::Cond { cond: o(c), on_true: 1, on_false: 2 });
        let x = l.inst(1, Opc::Load { size: 4 }, vec![A], "x");
        let m = l.inst(1, Opc::Binary(Bin::Mul), vec![o(s), o(x)], "m");
        l.succ(1, Succs::One(2));
        let merged = l.inst(2, Opc::Phi, vec![o(m), o(s)], "merged");
        assert_eq!(merged, 4);
        assert_eq!(recurrence(&l.plan, s), Recurrence::Reduction(RedOp::Mul));
        // s = s * x in one path, s + x in the other: two operators.
        let mut l2 = l;
        l2.plan.insts[3].kind = Kind::Original(Opc::Binary(Bin::Add));
        l2.plan.insts[4].ops = vec![o(3), o(3)];
        let a = l2.inst(2, Opc::Binary(Bin::Mul), vec![o(s), A], "other");
        l2.plan.insts[4].ops = vec![o(3), o(a)];
        assert_eq!(recurrence(&l2.plan, s), Recurrence::Other);
    }

    /// A value the loop also stores is not a reduction.
    #[test]
    fn a_reduction_value_used_elsewhere_is_not_one() {
        let mut l = Loop::new(&["body"]);
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(1)], "s");
        let s1 = l.inst(0, Opc::Binary(Bin::Add), vec![o(s), A], "s1");
        l.inst(0, Opc::Store { size: 4 }, vec![o(s1), A], "st");
        assert_eq!(recurrence(&l.plan, s), Recurrence::Other);
    }

    /// s = fmuladd(x, y, s): a sum; s as a factor: not a reduction.
    #[test]
    fn fused_multiply_add_sums() {
        let mut l = Loop::new(&["body"]);
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(1)], "s");
        let f = l.inst(0, Opc::Call { pure: true }, vec![A, N, o(s)], "s1");
        l.plan.insts[f].muladd = true;
        assert_eq!(recurrence(&l.plan, s), Recurrence::Reduction(RedOp::FAdd));
        l.plan.insts[f].ops = vec![o(s), N, A];
        assert_eq!(recurrence(&l.plan, s), Recurrence::Other);
    }

    /// m = (x > m) ? x : m, with the select marked a maximum by `build`.
    #[test]
    fn min_max_through_a_compare_and_select() {
        let mut l = Loop::new(&["body"]);
        let m = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(2)], "m");
        let c = l.inst(0, Opc::Cmp, vec![A, o(m)], "c");
        let sel = l.inst(0, Opc::Select, vec![o(c), A, o(m)], "m1");
        l.plan.insts[sel].minmax = Some(RedOp::SMax);
        assert_eq!(recurrence(&l.plan, m), Recurrence::Reduction(RedOp::SMax));
    }

    /// Sub is a reduction with the chain on the left only.
    #[test]
    fn sub_reductions() {
        let mut l = Loop::new(&["body"]);
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(1)], "s");
        l.inst(0, Opc::Binary(Bin::Sub), vec![o(s), A], "s1");
        assert_eq!(recurrence(&l.plan, s), Recurrence::Reduction(RedOp::Add));
        let mut l = Loop::new(&["body"]);
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(1)], "s");
        l.inst(0, Opc::Binary(Bin::Sub), vec![A, o(s)], "s1");
        assert_eq!(recurrence(&l.plan, s), Recurrence::Other);
    }

    /// if (a[i] > m) x = i * 3;  (x merged by a phi): the last value; used
    /// in a computation too, it is not.
    #[test]
    fn a_conditional_assignment_is_a_last_value() {
        let mut l = Loop::new(&["body", "then", "latch"]);
        let x = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(4)], "x");
        let c = l.inst(0, Opc::Cmp, vec![A, N], "c");
        l.succ(0, Succs::Cond { cond: o(c), on_true: 1, on_false: 2 });
        let v = l.inst(1, Opc::Binary(Bin::Mul), vec![A, Operand::Outside(3)], "v");
        l.succ(1, Succs::One(2));
        let merged = l.inst(2, Opc::Phi, vec![o(v), o(x)], "merged");
        assert_eq!((v, merged), (2, 3));
        l.plan.insts[x].ops[1] = o(merged);
        assert_eq!(recurrence(&l.plan, x), Recurrence::LastValue);
        l.inst(2, Opc::Store { size: 4 }, vec![o(x), A], "st");
        assert_eq!(recurrence(&l.plan, x), Recurrence::Other);
    }

    /// The thread record of a conditional lastprivate: idx = max(k, idx)
    /// by a select on `k >= idx`, which also picks the value. The maximum
    /// is a reduction the compare may steer with; compared with anything
    /// but the increasing induction, it may not.
    #[test]
    fn a_maximum_of_iterations_may_steer_other_values() {
        let mut l = Loop::new(&["body"]);
        let k = l.inst(0, Opc::Phi, vec![Operand::Outside(0), Operand::Outside(1)], "k");
        l.plan.insts[k].recurrence = Some(Recurrence::Induction { step: 1 });
        let idx = l.inst(0, Opc::Phi, vec![Operand::Outside(2), Operand::Outside(2)], "idx");
        let v = l.inst(0, Opc::Phi, vec![Operand::Outside(3), Operand::Outside(3)], "v");
        let latest = l.inst(0, Opc::Cmp, vec![o(k), o(idx)], "latest");
        let idx1 = l.inst(0, Opc::Select, vec![o(latest), o(k), o(idx)], "idx1");
        l.plan.insts[idx1].minmax = Some(RedOp::SMax);
        let v1 = l.inst(0, Opc::Select, vec![o(latest), A, o(v)], "v1");
        l.plan.insts[idx].ops[1] = o(idx1);
        l.plan.insts[v].ops[1] = o(v1);
        assert_eq!(recurrence(&l.plan, idx), Recurrence::Reduction(RedOp::SMax));
        assert_eq!(recurrence(&l.plan, v), Recurrence::LastValue);
        // Against a value that is not the induction: not a reduction.
        l.plan.insts[latest].ops[0] = A;
        assert_eq!(recurrence(&l.plan, idx), Recurrence::Other);
    }
}
