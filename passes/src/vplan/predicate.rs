//! If-conversion on the VPlan: every block gets the mask of the lanes that
//! run it (the header all of them; a block the OR of its incoming edges'
//! masks, an edge its source's mask AND the branch's condition or its
//! negation), phis where paths meet become blends of their incoming values
//! under those edges' masks, and what must not run in an inactive lane
//! runs under its block's mask: loads and stores become masked, and an
//! integer division gets the paper's safe divisor (1 in inactive lanes).
//! A block with a division may also be skipped when no lane runs it (the
//! all-false bypass), as the cost model decides.
use super::plan::{Bin, Inst, Ir, Ix, Kind, New, Opc, Operand, Succs, VPlan};

/// Why a loop cannot be vectorized, found while if-converting.
pub type Refusal = String;

/// The mask of an edge `(from, to, mask)`; None: every lane of `from`.
type Edge<V> = (usize, usize, Option<Operand<V>>);

/// If-converts `plan` (in place). `bypass(block)` says whether a masked
/// block with divisions gets the all-false bypass.
pub fn if_convert<R: Ir>(plan: &mut VPlan<R>, bypass: impl Fn(&VPlan<R>, usize) -> bool) -> Result<(), Refusal> {
    let n = plan.blocks.len();
    // masks[b]: None for every lane.
    let mut masks: Vec<Option<Operand<R::Value>>> = vec![None; n];
    // edge[(p, b)]: the mask of the edge p -> b (None: every lane in p).
    let mut edges: Vec<Edge<R::Value>> = Vec::new();
    for b in 1..n {
        let mut head: Vec<Ix> = Vec::new();
        // An inner loop's header: the lanes still in the loop, starting
        // with those that entered it; its exit: the lanes that entered it
        // (every one of them leaves in some iteration).
        if let Some(k) = plan.loops.iter().position(|l| l.header == b) {
            let pre = plan.loops[k].preheader;
            let entry = match masks[pre] {
                Some(m) => m,
                None => {
                    let t = plan.add(New::AllTrue, vec![], "%true");
                    plan.blocks[pre].insts.push(t);
                    Operand::Inst(t)
                }
            };
            // (What stays is known at the latch: patched in then.)
            let lm = plan.add(New::LoopMask, vec![entry, entry], format!("%{}.active", plan.blocks[b].name));
            plan.loops[k].mask = Some(lm);
            masks[b] = Some(Operand::Inst(lm));
            plan.blocks[b].mask = masks[b];
            plan.blocks[b].insts.insert(0, lm);
            continue;
        }
        if let Some(l) = plan.loops.iter().find(|l| l.exit == b) {
            masks[b] = masks[l.preheader];
            plan.blocks[b].mask = masks[b];
            continue;
        }
        let mut incoming = Vec::new();
        for p in plan.preds(b) {
            let m = match plan.blocks[p].succs.clone() {
                Succs::One(_) | Succs::Latch => masks[p],
                Succs::Cond { on_true, on_false, .. } if on_true == on_false => masks[p],
                Succs::Cond { cond, on_true, .. } => {
                    let c = if on_true == b {
                        cond
                    } else {
                        let not = plan.add(New::MaskNot, vec![cond], format!("%{}.not", plan.blocks[p].name));
                        head.push(not);
                        Operand::Inst(not)
                    };
                    match masks[p] {
                        None => Some(c),
                        Some(mp) => {
                            let and = plan.add(
                                New::MaskAnd,
                                vec![mp, c],
                                format!("%edge.{}.{}", plan.blocks[p].name, plan.blocks[b].name),
                            );
                            head.push(and);
                            Some(Operand::Inst(and))
                        }
                    }
                }
            };
            edges.push((p, b, m));
            incoming.push(m);
        }
        let (start, end, whole) = match plan.loop_of(b) {
            Some(l) => (l.header, l.latch, masks[l.header]),
            None => (0, n - 1, None),
        };
        masks[b] = if on_every_path(plan, start, end, b) || incoming.is_empty() {
            whole
        } else if incoming.iter().any(Option::is_none) {
            None
        } else {
            let mut acc = incoming[0].expect("checked");
            for m in &incoming[1..] {
                let or =
                    plan.add(New::MaskOr, vec![acc, m.expect("checked")], format!("%mask.{}", plan.blocks[b].name));
                head.push(or);
                acc = Operand::Inst(or);
            }
            Some(acc)
        };
        plan.blocks[b].mask = masks[b];
        let mut insts = head;
        insts.extend(plan.blocks[b].insts.iter().copied());
        plan.blocks[b].insts = insts;
    }
    for k in 0..plan.loops.len() {
        leave_in_the_latch(plan, k, masks[plan.loops[k].latch])?;
    }
    // Phis where paths meet: blends of their incoming values.
    blend_phis(plan, &edges)?;
    // What must not run in inactive lanes.
    guard_inactive_lanes(plan, &masks, bypass)?;
    plan.analyzed = true;
    Ok(())
}

/// The phis where paths meet (not loop headers') become blends of their
/// incoming values under their edges' masks.
fn blend_phis<R: Ir>(plan: &mut VPlan<R>, edges: &[Edge<R::Value>]) -> Result<(), Refusal> {
    let n = plan.blocks.len();
    for b in 1..n {
        for i in plan.blocks[b].insts.clone() {
            if plan.insts[i].kind != Kind::Original(Opc::Phi) || plan.is_header_phi(i) {
                continue;
            }
            let mut ops = Vec::new();
            for (k, v) in plan.insts[i].ops.clone().into_iter().enumerate() {
                let p = *plan.insts[i].incoming.get(k).ok_or("a phi without its incoming blocks")?;
                let m = edges.iter().find(|e| e.0 == p && e.1 == b).map(|e| e.2).ok_or("a phi's edge is unknown")?;
                let m = match m {
                    Some(m) => m,
                    None => {
                        let t = plan.add(New::AllTrue, vec![], "%true");
                        let at = plan.blocks[b].insts.iter().position(|&x| x == i).expect("in its block");
                        plan.blocks[b].insts.insert(at, t);
                        Operand::Inst(t)
                    }
                };
                ops.push(v);
                ops.push(m);
            }
            let inst = &mut plan.insts[i];
            inst.kind = Kind::New(New::Blend);
            inst.ops = ops;
        }
    }
    Ok(())
}

/// What must not run in a masked block's inactive lanes: memory accesses
/// and calls that may trap run under the mask, divisions by a safe divisor
/// (and, where `bypass` says, the block is skipped when no lane is active);
/// a call with side effects is refused.
fn guard_inactive_lanes<R: Ir>(
    plan: &mut VPlan<R>,
    masks: &[Option<Operand<R::Value>>],
    bypass: impl Fn(&VPlan<R>, usize) -> bool,
) -> Result<(), Refusal> {
    for (b, mask) in masks.iter().enumerate().skip(1) {
        let Some(mask) = *mask else { continue };
        let mut has_div = false;
        for i in plan.blocks[b].insts.clone() {
            match plan.insts[i].kind {
                Kind::Original(Opc::Load { .. } | Opc::Store { .. }) => plan.insts[i].mask = Some(mask),
                // (A pure call may still trap on what an inactive lane holds.)
                Kind::Original(Opc::Call { pure: true }) if !plan.insts[i].speculatable => {
                    plan.insts[i].mask = Some(mask)
                }
                // (By a constant other than 0 and -1 a division traps in no lane.)
                Kind::Original(Opc::Binary(Bin::IntDiv)) if plan.insts[i].konst.is_some_and(|c| c != 0 && c != -1) => {}
                Kind::Original(Opc::Binary(Bin::IntDiv)) => {
                    has_div = true;
                    let d = plan.insts[i].ops[1];
                    let safe =
                        plan.add(New::SafeDivisor, vec![d, mask], format!("{}.safe.divisor", plan.insts[i].name));
                    let at = plan.blocks[b].insts.iter().position(|&x| x == i).expect("in its block");
                    plan.blocks[b].insts.insert(at, safe);
                    plan.insts[i].ops[1] = Operand::Inst(safe);
                    plan.insts[i].mask = Some(mask);
                }
                Kind::Original(Opc::Call { pure: false }) => {
                    return Err(format!("a call with side effects runs in only some lanes ({})", plan.insts[i].name))
                }
                _ => {}
            }
        }
        // (Some lane always runs a block every iteration of an inner loop runs.)
        let loop_wide = plan.loop_of(b).and_then(|l| l.mask).map(Operand::Inst) == Some(mask);
        if has_div && !loop_wide && bypass(plan, b) {
            // After the block's own mask is computed, before anything else.
            let any = plan.add(New::AnyActive, vec![mask], format!("%{}.any", plan.blocks[b].name));
            let at = plan.blocks[b]
                .insts
                .iter()
                .position(|&x| {
                    !matches!(plan.insts[x].kind, Kind::New(New::MaskAnd | New::MaskOr | New::MaskNot | New::AllTrue))
                })
                .unwrap_or(plan.blocks[b].insts.len());
            plan.blocks[b].insts.insert(at, any);
            plan.blocks[b].bypass = true;
        }
    }
    Ok(())
}

/// The first instruction the vectorizer cannot widen, named, if any.
pub fn refusal<R: Ir>(plan: &VPlan<R>) -> Option<String> {
    for b in &plan.blocks {
        for &i in &b.insts {
            let Inst { kind, name, .. } = &plan.insts[i];
            let why = match kind {
                Kind::Original(Opc::Other) => "an instruction that has no vector form",
                Kind::Original(Opc::Call { pure: false }) => "a call with side effects",
                _ => continue,
            };
            return Some(format!("{why} ({name})"));
        }
    }
    None
}

/// The end of inner loop `k`'s iteration, in its latch (whose mask is
/// `mask`): the lanes that stay and those that leave, whether any stays,
/// and the exit's phis made live-outs: each lane keeps the value of the
/// iteration it leaves in.
fn leave_in_the_latch<R: Ir>(plan: &mut VPlan<R>, k: usize, mask: Option<Operand<R::Value>>) -> Result<(), Refusal> {
    let l = plan.loops[k].clone();
    let mask = mask.ok_or("an inner loop's latch runs in every lane")?;
    let Succs::Cond { cond, on_true, .. } = plan.blocks[l.latch].succs.clone() else {
        return Err("an inner loop's latch without its test".into());
    };
    let name = plan.blocks[l.latch].name.clone();
    let not = plan.add(New::MaskNot, vec![cond], format!("%{name}.not"));
    let (stay_if, leave_if) = if on_true == l.header { (cond, Operand::Inst(not)) } else { (Operand::Inst(not), cond) };
    let stay = plan.add(New::MaskAnd, vec![mask, stay_if], format!("%{name}.stay"));
    let leave = plan.add(New::MaskAnd, vec![mask, leave_if], format!("%{name}.leave"));
    plan.blocks[l.latch].insts.extend([not, stay, leave]);
    for phi in plan.blocks[l.exit].insts.clone() {
        if plan.insts[phi].kind != Kind::Original(Opc::Phi) {
            continue;
        }
        let v = *plan.insts[phi].ops.first().ok_or("an exit phi without a value")?;
        let from_loop = matches!(v, Operand::Inst(d) if plan.block_of(d).is_some_and(|b| l.contains(b)));
        if !from_loop {
            // The same whichever iteration a lane leaves in.
            plan.insts[phi].kind = Kind::New(New::Blend);
            plan.insts[phi].ops = vec![v, Operand::Inst(leave)];
            continue;
        }
        let name = format!("{}.liveout", plan.insts[phi].name);
        let so_far = plan.add(New::LiveOutPhi, vec![Operand::Inst(phi)], name);
        plan.blocks[l.header].insts.insert(1, so_far);
        plan.insts[phi].kind = Kind::New(New::LiveOut);
        plan.insts[phi].ops = vec![Operand::Inst(so_far), v, Operand::Inst(leave)];
        plan.blocks[l.exit].insts.retain(|&x| x != phi);
        plan.blocks[l.latch].insts.push(phi);
    }
    let more = plan.add(New::AnyActive, vec![Operand::Inst(stay)], format!("%{name}.more"));
    plan.blocks[l.latch].insts.push(more);
    let lm = l.mask.ok_or("an inner loop without its mask")?;
    plan.insts[lm].ops[1] = Operand::Inst(stay);
    plan.loops[k].stay = Some(stay);
    plan.loops[k].more = Some(more);
    Ok(())
}

/// Whether every path from `start` to `end` passes block `b` (it then runs
/// in every lane that runs `start`, whatever its predecessors' masks).
fn on_every_path<R: Ir>(plan: &VPlan<R>, start: usize, end: usize, b: usize) -> bool {
    let last = end;
    if b == start || b == last {
        return true;
    }
    let mut seen = vec![false; plan.blocks.len()];
    let mut work = vec![start];
    seen[start] = true;
    while let Some(x) = work.pop() {
        let next: Vec<usize> = match &plan.blocks[x].succs {
            Succs::One(s) => vec![*s],
            Succs::Cond { on_true, on_false, .. } => vec![*on_true, *on_false],
            Succs::Latch => vec![],
        };
        for s in next {
            if s == last {
                return false;
            }
            if s != b && !seen[s] {
                seen[s] = true;
                work.push(s);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::divergence;
    use super::super::plan::tests::Loop;
    use super::super::plan::Recurrence;
    use super::*;

    fn o(i: Ix) -> Operand<u32> {
        Operand::Inst(i)
    }
    const A: Operand<u32> = Operand::Outside(100);
    const M: Operand<u32> = Operand::Outside(101);

    /// The paper's loop: y = a[k]; if (y > m) y = m / y; a[k] = k + y.
    fn paper() -> (Loop, Ix, Ix) {
        let mut l = Loop::new(&["for.body", "if.then", "if.end"]);
        let k = l.inst(0, Opc::Phi, vec![Operand::Outside(3), o(9)], "k");
        l.plan.insts[k].recurrence = Some(Recurrence::Induction { step: 1 });
        l.plan.insts[k].incoming = vec![usize::MAX, 2];
        let p = l.inst(0, Opc::Gep { elem_size: 4 }, vec![A, o(k)], "arrayidx");
        let y = l.inst(0, Opc::Load { size: 4 }, vec![o(p)], "y");
        let c = l.inst(0, Opc::Cmp, vec![o(y), M], "cmp2");
        l.succ(0, Succs::Cond { cond: o(c), on_true: 1, on_false: 2 });
        let div = l.inst(1, Opc::Binary(Bin::IntDiv), vec![M, o(y)], "div");
        l.succ(1, Succs::One(2));
        let y2 = l.inst(2, Opc::Phi, vec![o(div), o(y)], "y2");
        l.plan.insts[y2].incoming = vec![1, 0];
        let _sum = l.inst(2, Opc::Binary(Bin::Add), vec![o(k), o(y2)], "add");
        l.inst(2, Opc::Store { size: 4 }, vec![o(7), o(p)], "st");
        let _k1 = l.inst(2, Opc::Binary(Bin::Add), vec![o(k), Operand::Outside(1)], "k1");
        (l, div, y2)
    }

    #[test]
    fn the_papers_loop_gets_a_safe_divisor_a_bypass_and_a_blend() {
        let (mut l, div, y2) = paper();
        divergence::analyze(&mut l.plan);
        if_convert(&mut l.plan, |_, _| true).unwrap();
        let plan = &l.plan;
        // if.then runs under cmp2; if.end under every lane.
        assert_eq!(plan.blocks[1].mask, Some(o(3)));
        assert_eq!(plan.blocks[2].mask, None);
        assert!(plan.blocks[1].bypass);
        assert!(!plan.blocks[2].bypass);
        // The divisor is the safe one, under the mask.
        let Operand::Inst(safe) = plan.insts[div].ops[1] else { panic!("a safe divisor") };
        assert_eq!(plan.insts[safe].kind, Kind::New(New::SafeDivisor));
        assert_eq!(plan.insts[safe].ops, vec![o(2), o(3)]);
        // y2 = blend(div under cmp2, y under !cmp2).
        assert_eq!(plan.insts[y2].kind, Kind::New(New::Blend));
        let Operand::Inst(not) = plan.insts[y2].ops[3] else { panic!("an edge mask") };
        assert_eq!(plan.insts[not].kind, Kind::New(New::MaskNot));
        assert_eq!(plan.insts[y2].ops[..3], [o(div), o(3), o(2)]);
        // The store after the merge is not masked.
        assert_eq!(plan.insts[8].mask, None);
    }

    #[test]
    fn no_bypass_when_the_cost_model_says_so() {
        let (mut l, _, _) = paper();
        if_convert(&mut l.plan, |_, _| false).unwrap();
        assert!(!l.plan.blocks[1].bypass);
    }

    #[test]
    fn nested_conditions_and_their_masks() {
        // body: br c1, then, latch; then: br c2, inner, latch; inner: store.
        let mut l = Loop::new(&["body", "then", "inner", "latch"]);
        let c1 = l.inst(0, Opc::Cmp, vec![A, M], "c1");
        l.succ(0, Succs::Cond { cond: o(c1), on_true: 1, on_false: 3 });
        let c2 = l.inst(1, Opc::Cmp, vec![A, M], "c2");
        l.succ(1, Succs::Cond { cond: o(c2), on_true: 2, on_false: 3 });
        let st = l.inst(2, Opc::Store { size: 4 }, vec![A, A], "st");
        l.succ(2, Succs::One(3));
        if_convert(&mut l.plan, |_, _| false).unwrap();
        let plan = &l.plan;
        assert_eq!(plan.blocks[1].mask, Some(o(c1)));
        let Some(Operand::Inst(m2)) = plan.blocks[2].mask else { panic!("inner is masked") };
        assert_eq!(plan.insts[m2].kind, Kind::New(New::MaskAnd));
        assert_eq!(plan.insts[m2].ops, vec![o(c1), o(c2)]);
        assert_eq!(plan.insts[st].mask, Some(o(m2)));
        // The latch joins every path: all lanes.
        assert_eq!(plan.blocks[3].mask, None);
    }

    /// for i: if (c) { x = a; do { x = x + 1; n = n + 1 } while (x != m) } ; store blend
    #[test]
    fn an_inner_loop_runs_under_the_mask_of_the_lanes_still_in_it() {
        let mut l = Loop::new(&["body", "pre", "inner", "exit", "latch"]);
        let i = l.inst(0, Opc::Phi, vec![Operand::Outside(3), Operand::Outside(3)], "i");
        l.plan.insts[i].recurrence = Some(Recurrence::Induction { step: 1 });
        let c = l.inst(0, Opc::Cmp, vec![o(i), M], "c");
        l.succ(0, Succs::Cond { cond: o(c), on_true: 1, on_false: 4 });
        l.succ(1, Succs::One(2));
        let x = l.inst(2, Opc::Phi, vec![o(i), o(i)], "x");
        l.plan.insts[x].incoming = vec![1, 2];
        let n = l.inst(2, Opc::Phi, vec![Operand::Outside(0), Operand::Outside(0)], "n");
        l.plan.insts[n].incoming = vec![1, 2];
        let x1 = l.inst(2, Opc::Binary(Bin::Add), vec![o(x), Operand::Outside(1)], "x1");
        let n1 = l.inst(2, Opc::Binary(Bin::Add), vec![o(n), Operand::Outside(1)], "n1");
        l.plan.insts[x].ops[1] = o(x1);
        l.plan.insts[n].ops[1] = o(n1);
        let d = l.inst(2, Opc::Cmp, vec![o(x1), M], "d");
        l.succ(2, Succs::Cond { cond: o(d), on_true: 3, on_false: 2 });
        let lcssa = l.inst(3, Opc::Phi, vec![o(n1)], "n.lcssa");
        l.plan.insts[lcssa].incoming = vec![2];
        l.succ(3, Succs::One(4));
        let st = l.inst(4, Opc::Store { size: 4 }, vec![A, A], "st");
        super::super::loops::find(&mut l.plan).unwrap();
        divergence::analyze(&mut l.plan);
        if_convert(&mut l.plan, |_, _| true).unwrap();
        divergence::analyze(&mut l.plan);
        let plan = &l.plan;
        let lp = plan.loops[0].clone();
        // The header's mask: a phi of the lanes that entered (c) and those that stay.
        assert_eq!(plan.insts[c].shape, super::super::plan::Shape::Varying);
        let lm = lp.mask.unwrap();
        assert_eq!(plan.blocks[2].mask, Some(o(lm)));
        assert_eq!(plan.insts[lm].kind, Kind::New(New::LoopMask));
        let stay = lp.stay.unwrap();
        assert_eq!(plan.insts[lm].ops, vec![o(c), o(stay)]);
        // Stay: the active lanes whose test says again (d false).
        let Operand::Inst(not_d) = plan.insts[stay].ops[1] else { panic!("a mask") };
        assert_eq!(plan.insts[stay].ops[0], o(lm));
        assert_eq!(plan.insts[not_d].kind, Kind::New(New::MaskNot));
        // The exit runs under the lanes that entered; the latch under all.
        assert_eq!(plan.blocks[3].mask, Some(o(c)));
        assert_eq!(plan.blocks[4].mask, None);
        // The exit phi became a live-out select in the latch of the inner loop.
        assert_eq!(plan.insts[lcssa].kind, Kind::New(New::LiveOut));
        assert_eq!(plan.block_of(lcssa), Some(2));
        assert_eq!(plan.insts[lcssa].ops[1], o(n1));
        assert!(plan.insts[st].mask.is_none());
        // The counter is the same in every lane; x is not.
        assert_eq!(plan.insts[n].shape, super::super::plan::Shape::Uniform);
        assert_eq!(plan.insts[n1].shape, super::super::plan::Shape::Uniform);
        assert_eq!(plan.insts[x].shape, super::super::plan::Shape::Varying);
        assert_eq!(plan.insts[lcssa].shape, super::super::plan::Shape::Varying);
        assert!(plan.insts[lp.more.unwrap()].kind == Kind::New(New::AnyActive));
    }
}
