//! Worksharing loop fusion in a merged region: adjacent loops with the
//! same iteration space and a schedule that gives each thread the same
//! iterations (plain static, the same chunk) become one loop whose
//! iteration i runs the first body's iteration i, then the second's. Legal
//! when every access of the second loop that meets one of the first (one a
//! write) touches what the same iteration touched or provably nothing the
//! first did (barrier.rs's rule, with LLVM's DependenceAnalysis): a
//! dependence from iteration i of one loop to iteration j != i of the next
//! forbids it, j < i because fused the read would come first, and j > i as
//! well, because another thread may run iteration j first once no barrier
//! separates the loops. The rules on private items are in
//! fusion_legality.rs. Decided on the unchanged IR (`plan`); the rewrite
//! (`apply`) splices the CFG (cpp/fusion.cc) and moves the directive calls:
//! the first loop's BEGIN gets the second's private items, its END moves to
//! where the second's was, and the second's BEGIN goes.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue, InstructionValue};
use weft_intrinsics::ffi::{self, Dependences, FusedPair, Value};
use weft_intrinsics::model::{Form, ValueId};

use super::access::body;
use super::barrier::{why_needed, Decision};
use super::clauses::{entry_clauses, group_calls, paper_call, RawClause};
use super::fusion_legality::{private_refusal, with_o0_hint, LoopText, PRIVATE};
use super::legality::items;
use super::merge::{Chain, LoopCalls};
use crate::wregion::Analysis;

/// Which loops of a chain are fused into the loop before them.
pub struct Plan<'ctx> {
    /// Per member: its clauses, read before any rewrite.
    pub clauses: Vec<Vec<RawClause<'ctx>>>,
    /// Per member: whether its loop joins the previous member's loop.
    pub into_previous: Vec<bool>,
    /// Entry calls of loops fused into the previous one.
    pub fused: Vec<ValueId>,
    /// Entry calls of loops not fused, with why.
    pub missed: Vec<(ValueId, String)>,
}

/// The fusion plan of `chain` (loop k joins the fused loop before it when
/// it may follow every member of that loop on the same iteration).
/// `barriers` is barrier elimination's plan with elimination on: fused, the
/// barrier between loop k-1 and loop k is gone, so it must be one that
/// may go (loop k checked against every loop since the last barrier kept,
/// not only those of its fused loop).
pub fn plan<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    enabled: bool,
    barriers: &Decision,
    deps: Option<&Dependences>,
) -> Plan<'ctx> {
    let n = chain.members.len();
    let clauses = chain.members.iter().map(|&m| entry_clauses(&a.graph.regions[m], &a.scan.values)).collect();
    let mut p = Plan { clauses, into_previous: vec![false; n], fused: Vec::new(), missed: Vec::new() };
    let mut head = 0;
    for k in 1..n {
        let at = a.graph.regions[chain.members[k]].entry.span.first;
        if chain.plain[k - 1] || chain.plain[k] {
            // A plain region is no loop: nothing to fuse, nothing to say.
            head = k;
            continue;
        }
        let why = if !enabled {
            Some("loop fusion is off (no-fuse)".into())
        } else if !barriers.nowait[k - 1] {
            let prev = a.graph.regions[chain.members[k - 1]].entry.span.first;
            let kept = barriers.kept.iter().find(|(at, _)| *at == prev).map(|(_, w)| w.as_str());
            let why = format!("the barrier before it must stay ({})", kept.unwrap_or("barrier elimination keeps it"));
            function_of(a.scan.values.instruction(at)).map(|f| with_o0_hint(f, why))
        } else {
            refusal(module, a, chain, head, k, deps)
        };
        match why {
            None => {
                p.into_previous[k] = true;
                p.fused.push(at);
            }
            Some(why) => {
                p.missed.push((at, format!("loop not fused into the loop before it: {why}")));
                head = k;
            }
        }
    }
    p
}

fn function_of<'ctx>(i: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    i.get_parent()?.get_parent()
}

/// Why member `k` may not join the fused loop of members `head..k`.
fn refusal<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    head: usize,
    k: usize,
    deps: Option<&Dependences>,
) -> Option<String> {
    let h = &a.scan.values;
    let region = |m: usize| &a.graph.regions[chain.members[m]];
    let f = function_of(h.instruction(region(k).entry.span.first))?;
    for j in head..k {
        if let Some(why) = why_needed(module, a, region(j), region(k), deps) {
            return Some(with_o0_hint(f, why));
        }
    }
    let clauses: Vec<Vec<RawClause<'ctx>>> = (head..=k).map(|m| entry_clauses(region(m), h)).collect();
    let bodies: Vec<Vec<InstructionValue<'ctx>>> = (head..=k).map(|m| body(a, region(m))).collect();
    let texts: Vec<LoopText<'_, 'ctx>> =
        clauses.iter().zip(&bodies).map(|(c, b)| LoopText { clauses: c, body: b }).collect();
    let (next, group) = texts.split_last()?;
    if let Some(why) = private_refusal(module, f, group, next) {
        return Some(why);
    }
    let begin_last = |m: usize| h.instruction(region(m).entry.span.last);
    let pair = pair(&clauses[0], clauses.last()?, [begin_last(head), begin_last(k)])?;
    ffi::fusion_shape(&pair).err()
}

fn slot<'ctx>(c: &[RawClause<'ctx>], tag: &str) -> Option<BasicValueEnum<'ctx>> {
    match items(c, &[tag]).as_slice() {
        [v] => Some(*v),
        _ => None,
    }
}

fn pair<'ctx>(
    first: &[RawClause<'ctx>],
    second: &[RawClause<'ctx>],
    begin_last: [InstructionValue<'ctx>; 2],
) -> Option<FusedPair<'ctx>> {
    Some(FusedPair {
        iv: [slot(first, "QUAL.OMP.NORMALIZED.IV")?, slot(second, "QUAL.OMP.NORMALIZED.IV")?],
        ub: [slot(first, "QUAL.OMP.NORMALIZED.UB")?, slot(second, "QUAL.OMP.NORMALIZED.UB")?],
        begin_last,
        privates: items(second, PRIVATE),
    })
}

/// Fuses the loops `plan` chose, after merge::apply made them worksharing
/// loops of one region (`calls`: each member's directive calls now).
pub fn apply<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    plan: &Plan<'ctx>,
    calls: &[LoopCalls<'ctx>],
) {
    let Some(&first) = calls.first() else { return };
    let form = a.graph.regions[chain.members[0]].form;
    let clauses_of = |m: usize| plan.clauses[m].clone();
    let mut head = (clauses_of(0), first);
    for k in 1..calls.len() {
        let next = (clauses_of(k), calls[k]);
        let joined = plan.into_previous[k]
            && pair(&head.0, &next.0, [head.1.begin[1], next.1.begin[1]]).is_some_and(|p| ffi::fuse_loops(&p).is_ok());
        if !joined {
            head = next;
            continue;
        }
        let private = items(&next.0, &["QUAL.OMP.PRIVATE"]);
        let copied = items(&next.0, &["QUAL.OMP.FIRSTPRIVATE"]);
        let (hc, kc) = (head.1, next.1);
        let merged = match form {
            Form::Region => {
                let mut e = hc.begin[0];
                if !private.is_empty() {
                    e = ffi::add_bundle(e, "QUAL.OMP.PRIVATE", &private);
                }
                if !copied.is_empty() {
                    e = ffi::add_bundle(e, "QUAL.OMP.FIRSTPRIVATE", &copied);
                }
                // The second loop's END now closes the first's region.
                ffi::replace_operand(kc.end[0], Value::of_instruction(kc.begin[0]), Value::of_instruction(e));
                ffi::erase_directive_calls(&[hc.end[0], kc.begin[0]]);
                LoopCalls { begin: [e, e], end: kc.end }
            }
            Form::Paper => {
                if !private.is_empty() {
                    paper_call(module, hc.begin[1], "llvm.directive.qual.opndlist", "QUAL.OMP.PRIVATE", &private);
                }
                if !copied.is_empty() {
                    paper_call(module, hc.begin[1], "llvm.directive.qual.opndlist", "QUAL.OMP.FIRSTPRIVATE", &copied);
                }
                let mut doomed = group_calls(hc.end[0], hc.end[1]);
                doomed.extend(group_calls(kc.begin[0], kc.begin[1]));
                ffi::erase_directive_calls(&doomed);
                LoopCalls { begin: hc.begin, end: kc.end }
            }
        };
        let mut c = head.0;
        c.extend(next.0.into_iter().filter(|c| PRIVATE.contains(&c.base())));
        head = (c, merged);
    }
}
