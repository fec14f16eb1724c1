//! Parallel region merging (Tian et al. 2016, Figure 2): adjacent combined
//! `parallel loop` regions become one parallel region around their
//! worksharing loops, so the team is forked once. Each loop keeps its
//! implied barrier (barrier.rs decides which can go), its private,
//! firstprivate, schedule and normalized-loop clauses; the shared lists
//! meet on the parallel region. The plan is made on the unchanged IR;
//! `apply` only rewrites directive calls.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::model::Form;
use weft_intrinsics::vocab::DirKind;

use super::between;
use super::clauses::{entry_clauses, group_calls, paper_call, RawClause};
use super::legality::{clause_refusal, items, sharing_conflict};
use crate::wregion::{Analysis, WRegion};

/// Regions that become one parallel region, in program order.
pub struct Chain<'ctx> {
    pub members: Vec<usize>,
    /// The union of the members' shared items, in first-seen order.
    pub shared: Vec<BasicValueEnum<'ctx>>,
    /// Code between members, hoisted before the first (between.rs).
    pub hoist: Vec<InstructionValue<'ctx>>,
}

/// A transformation not made, and why (a missed remark at `at`).
pub struct Missed<'ctx> {
    pub at: InstructionValue<'ctx>,
    pub why: String,
}

/// The chains of function `a`: runs of adjacent sibling `parallel loop`
/// regions each pair of which may merge; and the pairs refused, with why.
pub fn plan<'ctx>(module: &Module<'ctx>, a: &Analysis<'ctx>) -> (Vec<Chain<'ctx>>, Vec<Missed<'ctx>>) {
    let g = &a.graph;
    let h = &a.scan.values;
    // Only combined parallel loops are read: the other constructs' groups
    // are never moved.
    let clauses: Vec<Vec<RawClause<'ctx>>> = g
        .regions
        .iter()
        .map(|r| if r.kind == DirKind::ParallelLoop { entry_clauses(r, h) } else { Vec::new() })
        .collect();
    let mut scopes = vec![g.roots.clone()];
    scopes.extend(g.regions.iter().map(|r| r.children.clone()));
    let (mut chains, mut missed) = (Vec::new(), Vec::new());
    for sibs in scopes {
        let mut run: Vec<usize> = Vec::new();
        let mut hoist = Vec::new();
        for w in sibs.windows(2) {
            let (p, c) = (w[0], w[1]);
            let both = [p, c].iter().all(|&r| g.regions[r].kind == DirKind::ParallelLoop);
            let why = if both { pair_refusal(module, a, &clauses, &run, &hoist, p, c) } else { Err(String::new()) };
            match why {
                Ok(code) => {
                    if run.is_empty() {
                        run.push(p);
                    }
                    run.push(c);
                    hoist.extend(code);
                }
                Err(why) => {
                    if !why.is_empty() {
                        let at = h.instruction(g.regions[c].entry.span.first);
                        missed.push(Missed { at, why: format!("parallel regions not merged: {why}") });
                    }
                    close(&mut run, &mut hoist, &clauses, &mut chains);
                }
            }
        }
        close(&mut run, &mut hoist, &clauses, &mut chains);
    }
    (chains, missed)
}

fn close<'ctx>(
    run: &mut Vec<usize>,
    hoist: &mut Vec<InstructionValue<'ctx>>,
    clauses: &[Vec<RawClause<'ctx>>],
    chains: &mut Vec<Chain<'ctx>>,
) {
    if run.len() > 1 {
        let mut shared: Vec<BasicValueEnum<'ctx>> = Vec::new();
        for &m in run.iter() {
            for v in items(&clauses[m], &["QUAL.OMP.SHARED"]) {
                if !shared.iter().any(|&s| Value::of(s) == Value::of(v)) {
                    shared.push(v);
                }
            }
        }
        chains.push(Chain { members: std::mem::take(run), shared, hoist: std::mem::take(hoist) });
    }
    run.clear();
    hoist.clear();
}

/// Why region `c` may not join the run ending in `p` (or `p` alone), or
/// the code between them to hoist before the run (`hoisted`: the code
/// hoisted from earlier in the run).
fn pair_refusal<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    clauses: &[Vec<RawClause<'ctx>>],
    run: &[usize],
    hoisted: &[InstructionValue<'ctx>],
    p: usize,
    c: usize,
) -> Result<Vec<InstructionValue<'ctx>>, String> {
    let g = &a.graph;
    let h = &a.scan.values;
    for r in [p, c] {
        if let Some(why) = clauses[r].iter().find_map(clause_refusal) {
            return Err(format!("region {}: {why}", g.regions[r].number));
        }
    }
    let before: Vec<RawClause<'_>> =
        if run.is_empty() { clauses[p].clone() } else { run.iter().flat_map(|&m| clauses[m].clone()).collect() };
    if let Some(why) = sharing_conflict(&before, &clauses[c]) {
        return Err(why);
    }
    if g.regions[c].exit.is_none() {
        return Err(format!("region {} has no END directive", g.regions[c].number));
    }
    let Some(exit) = g.regions[p].exit else { return Err(String::new()) };
    let entry = h.instruction(g.regions[c].entry.span.first);
    let code = between::path(h.instruction(exit.span.last), entry)?;
    let members: Vec<&WRegion> =
        if run.is_empty() { vec![&g.regions[p]] } else { run.iter().map(|&m| &g.regions[m]).collect() };
    let f = entry.get_parent().and_then(|b| b.get_parent()).ok_or_else(String::new)?;
    match between::hoist_refusal(module, f, a, &members, &code, hoisted) {
        Some(why) => Err(why),
        None => Ok(code),
    }
}

/// A worksharing loop's directive calls after the rewrite: its BEGIN
/// group's first and last calls, its END group's (one call each in the
/// region form). Loop fusion (fusion.rs) edits them further.
#[derive(Clone, Copy)]
pub struct LoopCalls<'ctx> {
    pub begin: [InstructionValue<'ctx>; 2],
    pub end: [InstructionValue<'ctx>; 2],
}

/// Rewrites one chain: a parallel region opened before the first member
/// and closed after the last; each member becomes a worksharing loop
/// (without its shared list, with `nowait` where `nowait[k]` says).
/// Returns each member's directive calls as they now are.
pub fn apply<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    nowait: &[bool],
) -> Vec<LoopCalls<'ctx>> {
    let mut calls = Vec::new();
    let g = &a.graph;
    let h = &a.scan.values;
    let first = h.instruction(g.regions[chain.members[0]].entry.span.first);
    for &i in &chain.hoist {
        ffi::move_before(i, first);
    }
    let last_member = *chain.members.last().expect("a chain has members");
    match g.regions[chain.members[0]].form {
        Form::Region => {
            let mut bundles = vec![("DIR.OMP.PARALLEL".to_string(), Vec::new())];
            if !chain.shared.is_empty() {
                bundles.push(("QUAL.OMP.SHARED".to_string(), chain.shared.iter().map(|&v| Value::of(v)).collect()));
            }
            let par = ffi::build_region_entry(first, &bundles);
            for (k, &m) in chain.members.iter().enumerate() {
                let r = &g.regions[m];
                let e = ffi::rename_bundle(h.instruction(r.entry.span.first), "DIR.OMP.PARALLEL.LOOP", "DIR.OMP.LOOP");
                let mut e = ffi::drop_bundles(e, "QUAL.OMP.SHARED");
                if nowait.get(k).copied().unwrap_or(false) {
                    e = ffi::add_bundle(e, "QUAL.OMP.NOWAIT", &[]);
                }
                let exit = r.exit.expect("planned regions have an END");
                let x =
                    ffi::rename_bundle(h.instruction(exit.span.first), "DIR.OMP.END.PARALLEL.LOOP", "DIR.OMP.END.LOOP");
                if m == last_member {
                    let next = x.get_next_instruction().expect("a region exit is not a terminator");
                    ffi::build_region_exit(next, par, "DIR.OMP.END.PARALLEL");
                }
                calls.push(LoopCalls { begin: [e, e], end: [x, x] });
            }
        }
        Form::Paper => {
            paper_call(module, first, "llvm.directive", "DIR.OMP.PARALLEL", &[]);
            if !chain.shared.is_empty() {
                paper_call(module, first, "llvm.directive.qual.opndlist", "QUAL.OMP.SHARED", &chain.shared);
            }
            paper_call(module, first, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
            for (k, &m) in chain.members.iter().enumerate() {
                let r = &g.regions[m];
                let (e, list_end) = (h.instruction(r.entry.span.first), h.instruction(r.entry.span.last));
                ffi::set_metadata_argument(e, 0, "DIR.OMP.LOOP");
                let doomed: Vec<_> = group_calls(e, list_end).into_iter().filter(|&i| is_shared_qual(i)).collect();
                for i in doomed {
                    i.erase_from_basic_block();
                }
                if nowait.get(k).copied().unwrap_or(false) {
                    paper_call(module, list_end, "llvm.directive.qual", "QUAL.OMP.NOWAIT", &[]);
                }
                let exit = r.exit.expect("planned regions have an END");
                ffi::set_metadata_argument(h.instruction(exit.span.first), 0, "DIR.OMP.END.LOOP");
                let end = h.instruction(exit.span.last);
                if m == last_member {
                    let next = end.get_next_instruction().expect("a directive call is not a terminator");
                    paper_call(module, next, "llvm.directive", "DIR.OMP.END.PARALLEL", &[]);
                    paper_call(module, next, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
                }
                calls.push(LoopCalls { begin: [e, list_end], end: [h.instruction(exit.span.first), end] });
            }
        }
    }
    calls
}

fn is_shared_qual(i: InstructionValue<'_>) -> bool {
    if i.get_opcode() != llvm_plugin::inkwell::values::InstructionOpcode::Call {
        return false;
    }
    let args = ffi::call_arguments(Value::of_instruction(i));
    let tag = args.first().and_then(|&a| ffi::metadata_string(a));
    tag.is_some_and(|t| t.split(':').next() == Some("QUAL.OMP.SHARED"))
}
