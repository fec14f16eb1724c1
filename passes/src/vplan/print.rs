//! `print<vplan>`: a VPlan in the paper's notation (Tian et al. 2016, V.B):
//! `VPBlock<n>:`, `OriginalBB:`, the instructions, and
//! `VPBlockSuccessors <m> @%cond, <k> @!%cond`. After analysis each
//! instruction also shows its divergence (and a header phi its role), each
//! block the mask it runs under; blocks follow one another in their
//! if-converted order, and an all-false bypass shows as a block of its own
//! (`OriginalBB: none`) that skips the block it guards.
use std::fmt::Write;

use super::plan::{Inst, Ir, Kind, New, Operand, Recurrence, Shape, Succs, VPlan};

/// How the printer shows what only the IR knows.
pub struct Names<'f, R: Ir> {
    /// A value from outside the loop, as an operand.
    pub outside: &'f dyn Fn(&R::Value) -> String,
    /// An original instruction, whole.
    pub inst: &'f dyn Fn(&Inst<R>) -> String,
}

fn operand<R: Ir>(plan: &VPlan<R>, o: &Operand<R::Value>, n: &Names<'_, R>) -> String {
    match o {
        Operand::Inst(i) => plan.insts[*i].name.clone(),
        Operand::Outside(v) => (n.outside)(v),
    }
}

fn new_inst<R: Ir>(plan: &VPlan<R>, i: &Inst<R>, k: New, n: &Names<'_, R>) -> String {
    let ops: Vec<String> = i.ops.iter().map(|o| operand(plan, o, n)).collect();
    let body = match k {
        New::MaskAnd => format!("and {}, {}", ops[0], ops[1]),
        New::MaskOr => format!("or {}, {}", ops[0], ops[1]),
        New::MaskNot => format!("not {}", ops[0]),
        New::AllTrue => "true".to_string(),
        New::SafeDivisor => format!("select {}, {}, 1 ; safe divisor", ops[1], ops[0]),
        New::AnyActive => format!("vector_mask_to_int {} ; any lane active", ops[0]),
        New::LoopMask => format!("loop_mask [{}, entry], [{}, latch] ; lanes still in the loop", ops[0], ops[1]),
        New::LiveOutPhi => format!("phi [none, entry], [{}, latch] ; live-out so far", ops[0]),
        New::LiveOut => format!("select {}, {}, {} ; live-out", ops[2], ops[1], ops[0]),
        New::Blend => {
            let pairs: Vec<String> = ops.chunks(2).map(|p| format!("{} @{}", p[0], p[1])).collect();
            format!("blend {}", pairs.join(", "))
        }
    };
    format!("{} = {body}", i.name)
}

fn shape(s: Shape) -> String {
    match s {
        Shape::Unknown => String::new(),
        Shape::Uniform => "uniform".into(),
        Shape::Linear(k) => format!("linear {k}"),
        Shape::Varying => "varying".into(),
    }
}

/// The plan, titled.
pub fn print<R: Ir>(plan: &VPlan<R>, title: &str, n: &Names<'_, R>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{title}");
    // Numbers: the blocks 1.., then the bypass blocks after them.
    let count = plan.blocks.len();
    let mut bypass_no = count;
    let numbers: Vec<Option<usize>> = plan
        .blocks
        .iter()
        .map(|b| {
            b.bypass.then(|| {
                bypass_no += 1;
                bypass_no
            })
        })
        .collect();
    for (k, b) in plan.blocks.iter().enumerate() {
        let mut insts = b.insts.as_slice();
        if let (true, Some(no)) = (plan.analyzed, numbers[k]) {
            // The bypass: the any-lane test, then the guarded block or past it.
            let any = insts[0];
            insts = &insts[1..];
            let _ = writeln!(out, "VPBlock<{no}>:");
            let _ = writeln!(out, "  OriginalBB: none");
            let _ = writeln!(out, "  {}", new_inst(plan, &plan.insts[any], New::AnyActive, n));
            let name = &plan.insts[any].name;
            let _ = writeln!(out, "  VPBlockSuccessors <{}> @{name}, <{}> @!{name}", k + 1, k + 2);
        }
        let _ = writeln!(out, "VPBlock<{}>:", k + 1);
        let orig = if b.orig.is_some() { b.name.clone() } else { "none".to_string() };
        let _ = writeln!(out, "  OriginalBB: {orig}");
        if plan.analyzed {
            match &b.mask {
                Some(m) => {
                    let _ = writeln!(out, "  Mask: {}", operand(plan, m, n));
                }
                None => {
                    let _ = writeln!(out, "  Mask: all lanes");
                }
            }
        }
        let scan_line = |sp: &super::plan::ScanPlan| {
            let kind = if sp.inclusive { "inclusive" } else { "exclusive" };
            format!("  scan {kind} ; the scan directive's place (vplan/scan.rs)")
        };
        for &i in insts {
            if let Some(sp) = plan.scan.as_ref().filter(|sp| sp.block == k && sp.before == Some(i)) {
                let _ = writeln!(out, "{}", scan_line(sp));
            }
            let inst = &plan.insts[i];
            let text = match inst.kind {
                Kind::New(k) => new_inst(plan, inst, k, n),
                Kind::Original(_) => (n.inst)(inst),
            };
            let mut notes = Vec::new();
            if plan.analyzed {
                notes.push(shape(inst.shape));
                match inst.recurrence {
                    Some(Recurrence::Induction { step }) => notes.push(format!("induction step {step}")),
                    Some(Recurrence::Reduction(op)) => {
                        let order = if inst.in_order { ", in order" } else { "" };
                        notes.push(format!("reduction {op:?}{order}").to_lowercase())
                    }
                    Some(Recurrence::LastValue) => notes.push("last value".into()),
                    Some(Recurrence::Scan(op)) => notes.push(format!("scan {op:?}").to_lowercase()),
                    Some(Recurrence::Other) => notes.push("carried".into()),
                    None => {}
                }
                if let Some(m) = &inst.mask {
                    notes.push(format!("masked by {}", operand(plan, m, n)));
                }
                if plan.scan.as_ref().is_some_and(|sp| sp.is_deferred(i)) {
                    notes.push("after the input phase".into());
                }
            }
            notes.retain(|s| !s.is_empty());
            if notes.is_empty() {
                let _ = writeln!(out, "  {text}");
            } else {
                let _ = writeln!(out, "  {text}    ; {}", notes.join(", "));
            }
        }
        let succ = if plan.analyzed {
            // If-converted: the blocks run one after another, an inner
            // loop's latch back to its header while a lane stays.
            let more = plan.loops.iter().find(|l| l.latch == k).and_then(|l| l.more.map(|m| (l.header, m)));
            if let Some((h, m)) = more {
                let m = &plan.insts[m].name;
                let next = numbers.get(k + 1).copied().flatten().unwrap_or(k + 2);
                format!("<{}> @{m}, <{next}> @!{m}", h + 1)
            } else if k + 1 < count {
                match numbers[k + 1] {
                    Some(no) => format!("<{no}>"),
                    None => format!("<{}>", k + 2),
                }
            } else {
                "latch".to_string()
            }
        } else {
            match &b.succs {
                Succs::Latch => "latch".to_string(),
                Succs::One(s) => format!("<{}>", s + 1),
                Succs::Cond { cond, on_true, on_false } => {
                    let c = operand(plan, cond, n);
                    format!("<{}> @{c}, <{}> @!{c}", on_true + 1, on_false + 1)
                }
            }
        };
        if let Some(sp) = plan.scan.as_ref().filter(|sp| sp.block == k && sp.before.is_none()) {
            let _ = writeln!(out, "{}", scan_line(sp));
        }
        let _ = writeln!(out, "  VPBlockSuccessors {succ}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::plan::tests::{Loop, T};
    use super::super::plan::{Opc, Operand};
    use super::*;

    #[test]
    fn the_papers_notation() {
        let mut l = Loop::new(&["for.body", "if.then", "if.end"]);
        let c = l.inst(0, Opc::Cmp, vec![Operand::Outside(1), Operand::Outside(2)], "%cmp2");
        l.succ(0, Succs::Cond { cond: Operand::Inst(c), on_true: 1, on_false: 2 });
        l.inst(1, Opc::Binary(super::super::plan::Bin::IntDiv), vec![Operand::Outside(2), Operand::Outside(1)], "%div");
        l.succ(1, Succs::One(2));
        let outside = |v: &u32| format!("%v{v}");
        let inst = |i: &Inst<T>| format!("{} = ...", i.name);
        let names = Names::<T> { outside: &outside, inst: &inst };
        let text = print(&l.plan, "VPlan", &names);
        assert!(
            text.contains(
                "VPBlock<1>:\n  OriginalBB: for.body\n  %cmp2 = ...\n  VPBlockSuccessors <2> @%cmp2, <3> @!%cmp2\n"
            ),
            "{text}"
        );
        assert!(text.contains("VPBlock<2>:\n  OriginalBB: if.then\n  %div = ...\n  VPBlockSuccessors <3>\n"), "{text}");
        assert!(text.contains("VPBlock<3>:\n  OriginalBB: if.end\n  VPBlockSuccessors latch\n"), "{text}");
    }
}
