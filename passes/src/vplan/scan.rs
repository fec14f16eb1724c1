//! Scan reductions in a simd loop's VPlan (`reduction(inscan, op: x)` with
//! `scan inclusive(x)` or `exclusive(x)`, OpenMP 5.1 §2.11.8), as plain data.
//!
//! When weft-vectorize lowers a simd region with a scan in place, the scan
//! directive becomes a marker call (`scan_marker.rs`, its argument:
//! inclusive) at the same place, so the loop is still the serial program (one lane runs
//! the iterations in order) and the VPlan knows where the body splits. The
//! input phase is the part before the marker (inclusive) or after it
//! (exclusive); the scan phase is the other part. After promotion to SSA, x
//! is a header phi whose value from the latch is combined from it in the
//! input phase by one associative operator, and which the scan phase reads
//! (the phi: the prefix before the iteration; the value from the latch:
//! the prefix through it).
//!
//! A vector iteration runs the input phase of its VF lanes with x set to
//! the identity (each lane's private copy, as the construct defines it),
//! which leaves each lane's own contribution; an in-register prefix across
//! the lanes, combined with the running value of the iterations before,
//! gives each lane its inclusive and exclusive prefix, which the scan phase
//! reads (`scan_gen.rs`). The order in which the lanes' values combine is
//! not the serial one: OpenMP leaves it unspecified for a scan, so a
//! floating-point sum is reassociated as for any reduction.
//!
//! With `exclusive`, the scan phase comes first in the body: whatever in it
//! depends on x, and any memory access after such a store or call, is
//! emitted after the input phase of the vector iteration (`deferred`), as
//! the worksharing scheme's two passes run every input phase before any
//! scan phase (`docs/threads.md`, "Scan reductions").
use super::divergence::{is_minmax, reduction_of, users};
use super::plan::{Ir, Ix, Kind, Opc, Operand, Recurrence, RedOp, ScanVar, VPlan};

/// Finds the scan reductions' running values among the header phis (before
/// if-conversion, after divergence analysis): each phi carried across
/// iterations that is no reduction must be one, or the loop stays scalar
/// with the reason. `reassociate`: floating-point sums may be reassociated.
pub fn analyze<R: Ir>(plan: &mut VPlan<R>, reassociate: bool) -> Result<(), String> {
    let Some(sp) = plan.scan.clone() else { return Ok(()) };
    let users = users(plan);
    let phis: Vec<Ix> = plan.blocks[0].insts.iter().copied().filter(|&i| plan.is_header_phi(i)).collect();
    let mut scans = Vec::new();
    for p in phis {
        if plan.insts[p].recurrence != Some(Recurrence::Other) {
            continue;
        }
        let (op, back) = walk(plan, &users, p, &|i| sp.input(i)).map_err(|why| {
            format!(
                "{} is carried across iterations and is not a scan reduction's running value: {why}",
                plan.insts[p].name
            )
        })?;
        if matches!(op, RedOp::FAdd | RedOp::FMul) && !reassociate && !plan.insts[p].reassoc {
            return Err(format!("{}'s floating-point scan keeps its order (no OpenMP simd loop)", plan.insts[p].name));
        }
        plan.insts[p].recurrence = Some(Recurrence::Scan(op));
        scans.push(ScanVar { phi: p, back, op });
    }
    if let Some(sp) = plan.scan.as_mut() {
        sp.scans = scans;
    }
    Ok(())
}

/// Scan variable `phi`'s walk through the input phase: every value computed
/// from it there combines one value into it by one operator (merged by the
/// phis of if-converted paths, as a reduction's), and the scan phase reads
/// only the phi and its value from the latch. Returns the operator and that
/// value.
fn walk<R: Ir>(plan: &VPlan<R>, users: &[Vec<Ix>], phi: Ix, input: &dyn Fn(Ix) -> bool) -> Result<(RedOp, Ix), String> {
    let name = |i: Ix| plan.insts[i].name.clone();
    let Some(Operand::Inst(back)) = plan.insts[phi].ops.get(1).copied() else {
        return Err("it has no value from the latch".into());
    };
    let mut chain = vec![phi];
    let mut op: Option<RedOp> = None;
    let mut k = 0;
    while k < chain.len() {
        let c = chain[k];
        k += 1;
        for &u in &users[c] {
            if u == phi || chain.contains(&u) {
                continue;
            }
            if !input(u) {
                // (The scan phase reads a prefix: before or through the iteration.)
                if c == phi || c == back {
                    continue;
                }
                return Err(format!("{} reads {}, a partial value of it, in the scan phase", name(u), name(c)));
            }
            if plan.in_inner_loop(u) {
                return Err(format!("{} combines a value into it inside an inner loop", name(u)));
            }
            let inst = &plan.insts[u];
            let on_chain = |o: &Operand<R::Value>| matches!(o, Operand::Inst(i) if chain.contains(i) || *i == c);
            let this = match inst.kind {
                Kind::Original(Opc::Binary(b)) => {
                    if inst.ops.iter().filter(|o| on_chain(o)).count() != 1 {
                        return Err(format!("{} combines it with itself", name(u)));
                    }
                    let left = inst.ops.first().is_some_and(on_chain);
                    Some(reduction_of(b, left).ok_or_else(|| format!("{} is no reduction operator on it", name(u)))?)
                }
                Kind::Original(Opc::Call { .. }) | Kind::Original(Opc::Select) if is_minmax(plan, u).is_some() => {
                    is_minmax(plan, u)
                }
                Kind::Original(Opc::Call { .. }) if inst.muladd => {
                    let on: Vec<usize> = (0..inst.ops.len()).filter(|&k| on_chain(&inst.ops[k])).collect();
                    if on != [2] {
                        return Err(format!("{} multiplies it", name(u)));
                    }
                    Some(RedOp::FAdd)
                }
                Kind::Original(Opc::Phi) if !plan.is_header_phi(u) => {
                    if !inst.ops.iter().all(|o| matches!(o, Operand::Inst(_))) {
                        return Err(format!("{} merges it with a value from before the loop", name(u)));
                    }
                    None
                }
                // The compare of a min/max, used by nothing else.
                Kind::Original(Opc::Cmp) if users[u].iter().all(|&s| is_minmax(plan, s).is_some()) => continue,
                _ => {
                    return Err(format!("{} uses it in the input phase other than to combine a value into it", name(u)))
                }
            };
            if let Some(o) = this {
                if op.is_some_and(|p| p != o) {
                    return Err("two operators combine values into it".into());
                }
                op = Some(o);
            }
            chain.push(u);
        }
    }
    for &c in &chain[1..] {
        if plan.insts[c].kind == Kind::Original(Opc::Phi)
            && !plan.insts[c].ops.iter().all(|o| matches!(o, Operand::Inst(i) if chain.contains(i)))
        {
            return Err(format!("{} merges it with another value", name(c)));
        }
    }
    if !chain.contains(&back) || !input(back) {
        return Err("the value it passes to the next iteration is not what the input phase combines".into());
    }
    Ok((op.ok_or("nothing is combined into it")?, back))
}

/// Checks where the prefix goes (after if-conversion): the scan directive
/// on every path through the body, outside inner loops; and, for an
/// exclusive scan, which of the scan phase's instructions wait for the
/// input phase (`ScanPlan::deferred`).
pub fn place<R: Ir>(plan: &mut VPlan<R>) -> Result<(), String> {
    let Some(sp) = plan.scan.clone() else { return Ok(()) };
    if sp.scans.is_empty() {
        return Ok(());
    }
    let b = sp.block;
    if plan.blocks[b].mask.is_some() || plan.loop_of(b).is_some() || plan.blocks[b].bypass {
        return Err("the scan directive is not on every path through the loop's body".into());
    }
    if sp.inclusive {
        return Ok(());
    }
    let phis: Vec<Ix> = sp.scans.iter().map(|s| s.phi).collect();
    let mut deferred = vec![false; plan.insts.len()];
    let mut order = Vec::new();
    let mut before = true;
    let mut effect = false;
    for (k, blk) in plan.blocks.iter().enumerate() {
        for &i in &blk.insts {
            if k == b && Some(i) == sp.before {
                before = false;
            }
            if plan.is_header_phi(i) {
                continue;
            }
            let inst = &plan.insts[i];
            let reads = |deferred: &[bool]| {
                inst.ops
                    .iter()
                    .chain(inst.mask.iter())
                    .any(|o| matches!(o, Operand::Inst(d) if phis.contains(d) || deferred[*d]))
            };
            if before {
                let memory =
                    matches!(inst.kind, Kind::Original(Opc::Load { .. } | Opc::Store { .. } | Opc::Call { .. }));
                if reads(&deferred) || (effect && memory) {
                    if blk.bypass || plan.loop_of(k).is_some() {
                        return Err(format!(
                            "{} reads the scan variable before the exclusive scan directive inside an inner loop or a \
                             bypassed block",
                            inst.name
                        ));
                    }
                    deferred[i] = true;
                    order.push(i);
                    effect |= matches!(inst.kind, Kind::Original(Opc::Store { .. } | Opc::Call { pure: false }));
                }
            } else if inst.ops.iter().chain(inst.mask.iter()).any(|o| matches!(o, Operand::Inst(d) if deferred[*d])) {
                return Err(format!(
                    "{} uses a value the scan phase computes from the scan variable (the input phase runs first)",
                    inst.name
                ));
            }
        }
        if k == b && sp.before.is_none() {
            before = false;
        }
    }
    if let Some(sp) = plan.scan.as_mut() {
        sp.deferred = order;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::divergence;
    use super::super::plan::tests::Loop;
    use super::super::plan::{Bin, ScanPlan, Succs};
    use super::*;

    fn o(i: Ix) -> Operand<u32> {
        Operand::Inst(i)
    }

    /// `x += a[k]; scan; b[k] = x` (inclusive) or `b[k] = x; scan; x += a[k]`
    /// (exclusive), promoted: the phi, the sum, the store of the prefix.
    fn sum(inclusive: bool) -> (Loop, Ix, Ix) {
        let mut l = Loop::new(&["body"]);
        let k = l.inst(0, Opc::Phi, vec![Operand::Outside(0), o(4)], "%k");
        let x = l.inst(0, Opc::Phi, vec![Operand::Outside(1), o(if inclusive { 3 } else { 4 })], "%x");
        let (s, k1);
        if inclusive {
            let a = l.inst(0, Opc::Load { size: 4 }, vec![Operand::Outside(2)], "%a");
            s = l.inst(0, Opc::Binary(Bin::Add), vec![o(x), o(a)], "%s");
            k1 = l.inst(0, Opc::Binary(Bin::Add), vec![o(k), Operand::Outside(3)], "%k1");
            l.inst(0, Opc::Store { size: 4 }, vec![o(s), Operand::Outside(4)], "store");
            l.plan.scan = Some(ScanPlan::new(true, 0, Some(k1), k1));
        } else {
            l.inst(0, Opc::Store { size: 4 }, vec![o(x), Operand::Outside(4)], "store");
            let a = l.inst(0, Opc::Load { size: 4 }, vec![Operand::Outside(2)], "%a");
            s = l.inst(0, Opc::Binary(Bin::Add), vec![o(x), o(a)], "%s");
            k1 = l.inst(0, Opc::Binary(Bin::Add), vec![o(k), Operand::Outside(3)], "%k1");
            l.plan.scan = Some(ScanPlan::new(false, 0, Some(a), a));
        }
        // (The phis' values from the latch, numbered as made.)
        l.plan.insts[k].ops[1] = o(k1);
        l.plan.insts[x].ops[1] = o(s);
        l.plan.insts[k].recurrence = Some(Recurrence::Induction { step: 1 });
        l.succ(0, Succs::Latch);
        (l, x, s)
    }

    #[test]
    fn inclusive_and_exclusive_sums_are_scans() {
        for inclusive in [true, false] {
            let (mut l, x, s) = sum(inclusive);
            divergence::analyze(&mut l.plan);
            assert_eq!(l.plan.insts[x].recurrence, Some(Recurrence::Other));
            analyze(&mut l.plan, true).expect("a scan");
            assert_eq!(l.plan.insts[x].recurrence, Some(Recurrence::Scan(RedOp::Add)));
            let sp = l.plan.scan.clone().expect("a scan plan");
            assert_eq!(sp.scans, vec![ScanVar { phi: x, back: s, op: RedOp::Add }]);
            place(&mut l.plan).expect("placed");
            let sp = l.plan.scan.clone().expect("a scan plan");
            // (Exclusive: the store of the prefix waits for the input phase.)
            assert_eq!(sp.deferred.len(), usize::from(!inclusive));
        }
    }

    #[test]
    fn a_partial_value_read_in_the_scan_phase_is_refused() {
        // x += a; t = x + a; scan; b = t: t is computed from x but is not
        // what the next iteration gets.
        let mut l = Loop::new(&["body"]);
        let x = l.inst(0, Opc::Phi, vec![Operand::Outside(1), o(2)], "%x");
        let a = l.inst(0, Opc::Load { size: 4 }, vec![Operand::Outside(2)], "%a");
        let s = l.inst(0, Opc::Binary(Bin::Add), vec![o(x), o(a)], "%s");
        let t = l.inst(0, Opc::Binary(Bin::Add), vec![o(s), o(a)], "%t");
        l.inst(0, Opc::Store { size: 4 }, vec![o(t), Operand::Outside(4)], "store");
        l.plan.scan = Some(ScanPlan::new(true, 0, Some(4), 4));
        divergence::analyze(&mut l.plan);
        let why = analyze(&mut l.plan, true).expect_err("refused");
        assert!(why.contains("%store") || why.contains("store reads %t"), "{why}");
        let _ = (s, t);
    }

    #[test]
    fn a_floating_point_scan_without_reassociation_is_refused() {
        let mut l = Loop::new(&["body"]);
        let x = l.inst(0, Opc::Phi, vec![Operand::Outside(1), o(2)], "%x");
        let a = l.inst(0, Opc::Load { size: 8 }, vec![Operand::Outside(2)], "%a");
        let s = l.inst(0, Opc::Binary(Bin::FAdd), vec![o(x), o(a)], "%s");
        l.inst(0, Opc::Store { size: 8 }, vec![o(s), Operand::Outside(4)], "store");
        l.plan.scan = Some(ScanPlan::new(true, 0, Some(3), 3));
        divergence::analyze(&mut l.plan);
        assert!(analyze(&mut l.plan.clone(), false).is_err());
        analyze(&mut l.plan, true).expect("reassociated");
        assert_eq!(l.plan.insts[x].recurrence, Some(Recurrence::Scan(RedOp::FAdd)));
    }
}
