//! The inner loops of a simd loop's VPlan, found from its back edges, and
//! the one form the vectorizer masks (Tian et al. 2016, V.B: an outer loop is
//! vectorized by running its inner loop in every lane until all lanes are
//! done). `simd.cc` rotates inner loops and gives them a preheader, a
//! dedicated exit and LCSSA phis; this checks that they came out so:
//!
//! ```text
//! preheader -> header .. latch      (no edge in from elsewhere)
//! latch: br c, header, exit         (the only way out, and the only way into exit)
//! ```
//!
//! Blocks are in reverse post-order, so such a loop's blocks are the
//! consecutive `header..=latch`, and a back edge is an edge to an earlier block.
use super::plan::{InnerLoop, Ir, Kind, Opc, Succs, VPlan};

fn successors<R: Ir>(plan: &VPlan<R>, b: usize) -> Vec<usize> {
    match &plan.blocks[b].succs {
        Succs::Latch => vec![],
        Succs::One(s) => vec![*s],
        Succs::Cond { on_true, on_false, .. } => vec![*on_true, *on_false],
    }
}

/// Finds `plan`'s inner loops (into `plan.loops`) and puts each header
/// phi's value from the preheader first. Err says why a loop has another form.
pub fn find<R: Ir>(plan: &mut VPlan<R>) -> Result<(), String> {
    let n = plan.blocks.len();
    let mut loops: Vec<InnerLoop> = Vec::new();
    for latch in 0..n {
        for header in successors(plan, latch).into_iter().filter(|&s| s <= latch) {
            if header == 0 {
                return Err("a second back edge to the loop's header (a continue the optimizer kept)".into());
            }
            let exit = match plan.blocks[latch].succs {
                Succs::Cond { on_true, on_false, .. } if on_true == header && on_false > latch => on_false,
                Succs::Cond { on_true, on_false, .. } if on_false == header && on_true > latch => on_true,
                _ => return Err("an inner loop not tested in its latch".into()),
            };
            if loops.iter().any(|l| l.contains(header) || (header..=latch).contains(&l.header)) {
                return Err("a loop nest deeper than two (only one level of inner loops is vectorized)".into());
            }
            let inside = |b: usize| (header..=latch).contains(&b);
            for b in header..=latch {
                for s in successors(plan, b) {
                    if !inside(s) && !(b == latch && s == exit) {
                        return Err("an inner loop with more than one exit (a break or a return)".into());
                    }
                }
                if b != header && plan.preds(b).iter().any(|&p| !inside(p)) {
                    return Err("an inner loop entered other than through its header".into());
                }
            }
            let preheader = match plan.preds(header)[..] {
                [p] if successors(plan, p) == [header] => p,
                _ => return Err("an inner loop without a preheader".into()),
            };
            if plan.preds(exit) != [latch] {
                return Err("an inner loop whose exit is reached from elsewhere too".into());
            }
            loops.push(InnerLoop { preheader, header, latch, exit, mask: None, stay: None, more: None });
        }
    }
    for l in &loops {
        for i in plan.blocks[l.header].insts.clone() {
            if plan.insts[i].kind != Kind::Original(Opc::Phi) {
                continue;
            }
            let inst = &mut plan.insts[i];
            match inst.incoming[..] {
                [p, b] if p == l.preheader && b == l.latch => {}
                [b, p] if p == l.preheader && b == l.latch => {
                    inst.ops.swap(0, 1);
                    inst.incoming.swap(0, 1);
                }
                _ => return Err(format!("{} is an inner loop's phi of other than two incoming values", inst.name)),
            }
        }
    }
    loops.sort_by_key(|l| l.header);
    plan.loops = loops;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::plan::tests::Loop;
    use super::super::plan::{Operand, Succs};
    use super::*;

    /// body -> pre -> inner (self loop) -> exit -> latch; body -> latch.
    fn nest() -> Loop {
        let mut l = Loop::new(&["body", "pre", "inner", "exit", "latch"]);
        let c = l.inst(0, Opc::Cmp, vec![Operand::Outside(1), Operand::Outside(2)], "c");
        l.succ(0, Succs::Cond { cond: Operand::Inst(c), on_true: 1, on_false: 4 });
        l.succ(1, Succs::One(2));
        let x = l.inst(2, Opc::Phi, vec![Operand::Inst(3), Operand::Outside(7)], "x");
        l.plan.insts[x].incoming = vec![2, 1];
        let x1 =
            l.inst(2, Opc::Binary(super::super::plan::Bin::Add), vec![Operand::Inst(x), Operand::Outside(1)], "x1");
        let d = l.inst(2, Opc::Cmp, vec![Operand::Inst(x1), Operand::Outside(9)], "d");
        l.succ(2, Succs::Cond { cond: Operand::Inst(d), on_true: 3, on_false: 2 });
        l.succ(3, Succs::One(4));
        l
    }

    #[test]
    fn a_rotated_inner_loop_and_its_phis() {
        let mut l = nest();
        find(&mut l.plan).unwrap();
        assert_eq!(
            l.plan.loops,
            vec![InnerLoop { preheader: 1, header: 2, latch: 2, exit: 3, mask: None, stay: None, more: None }]
        );
        // The phi's start (from the preheader) first.
        assert_eq!(l.plan.insts[1].ops, vec![Operand::Outside(7), Operand::Inst(3)]);
        assert_eq!(l.plan.insts[1].incoming, vec![1, 2]);
        assert!(l.plan.is_header_phi(1));
        assert_eq!(l.plan.loop_of(2).map(|x| x.header), Some(2));
        assert_eq!(l.plan.loop_of(3), None);
    }

    #[test]
    fn other_forms_are_refused() {
        // A break: the inner loop's header also leaves, to the outer latch.
        let mut l = Loop::new(&["body", "pre", "head", "latch", "exit", "outer.latch"]);
        let c = Operand::Outside(1);
        l.succ(0, Succs::Cond { cond: c, on_true: 1, on_false: 5 });
        l.succ(1, Succs::One(2));
        l.succ(2, Succs::Cond { cond: c, on_true: 3, on_false: 5 });
        l.succ(3, Succs::Cond { cond: c, on_true: 4, on_false: 2 });
        l.succ(4, Succs::One(5));
        let e = find(&mut l.plan).unwrap_err();
        assert!(e.contains("more than one exit"), "{e}");
        // Two levels of inner loops.
        l.succ(2, Succs::Cond { cond: c, on_true: 3, on_false: 2 });
        let e = find(&mut l.plan).unwrap_err();
        assert!(e.contains("deeper than two"), "{e}");
        // Tested in its header, not its latch.
        let mut l = nest();
        l.succ(2, Succs::One(2));
        assert!(find(&mut l.plan).unwrap_err().contains("not tested in its latch"));
        // A back edge to the simd loop's own header.
        let mut l = nest();
        l.succ(3, Succs::One(0));
        assert!(find(&mut l.plan).unwrap_err().contains("second back edge"));
    }
}
