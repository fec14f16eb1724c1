//! Parallel region merging (Tian et al. 2016, Figure 2): adjacent parallel
//! regions become one, so the team is forked once. A combined `parallel
//! loop` becomes a worksharing loop that keeps its implied barrier
//! (barrier.rs decides which can go), its private, firstprivate, schedule
//! and normalized-loop clauses; a plain `parallel` region's body stays as
//! it is, its join becomes an explicit barrier and its private lists the
//! merged region's (team.rs); the shared lists meet on the merged region.
//! Code between them is hoisted before the fork when it has no effect
//! seen outside (between.rs), else run under `single` (single.rs). The
//! plan is made on the unchanged IR; `apply` only rewrites directive calls
//! and moves the code between.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::model::Form;
use weft_intrinsics::vocab::DirKind;

use super::access::body;
use super::between;
use super::clauses::{entry_clauses, group_calls, paper_call, RawClause};
use super::legality::{clause_refusal, items, sharing_conflict};
use super::single::{self, Wrapped};
use super::team::{self, Member};
use crate::wregion::{Analysis, WRegion};

/// Regions that become one parallel region, in program order.
pub struct Chain<'ctx> {
    pub members: Vec<usize>,
    /// The union of the members' shared items, in first-seen order.
    pub shared: Vec<BasicValueEnum<'ctx>>,
    /// Code between members, hoisted before the first (between.rs).
    pub hoist: Vec<InstructionValue<'ctx>>,
    /// Per member: whether it is a plain `parallel` region (else a
    /// combined parallel loop).
    pub plain: Vec<bool>,
    /// The plain members' private and firstprivate lists, which the merged
    /// region takes (team.rs).
    pub team: Vec<RawClause<'ctx>>,
    /// Per pair of members k, k+1: the code between them run under `single`.
    pub wrapped: Vec<Wrapped<'ctx>>,
}

impl Chain<'_> {
    /// Whether members k and k+1 are two loops with nothing but a barrier
    /// between them, which barrier elimination and fusion may remove.
    pub fn loops_meet(&self, k: usize) -> bool {
        !self.plain[k] && !self.plain[k + 1] && self.wrapped.get(k).is_some_and(|w| w.code.is_empty())
    }
}

/// What a merge puts between two members.
#[derive(Default)]
struct Gap<'ctx> {
    hoist: Vec<InstructionValue<'ctx>>,
    wrapped: Wrapped<'ctx>,
}

/// The run being built in one scope.
#[derive(Default)]
struct Run<'ctx> {
    members: Vec<usize>,
    hoist: Vec<InstructionValue<'ctx>>,
    wrapped: Vec<Wrapped<'ctx>>,
}

/// Whether region kind `k` may be a member of a merge.
fn mergeable(k: DirKind) -> bool {
    matches!(k, DirKind::ParallelLoop | DirKind::Parallel)
}

/// A transformation not made, and why (a missed remark at `at`).
pub struct Missed<'ctx> {
    pub at: InstructionValue<'ctx>,
    pub why: String,
}

/// The chains of function `a`: runs of adjacent sibling parallel regions
/// (combined loops or plain) each pair of which may merge; and the pairs
/// refused, with why. `wrap`: whether code with side effects between may
/// run under `single`.
pub fn plan<'ctx>(module: &Module<'ctx>, a: &Analysis<'ctx>, wrap: bool) -> (Vec<Chain<'ctx>>, Vec<Missed<'ctx>>) {
    let g = &a.graph;
    let h = &a.scan.values;
    // Only parallel regions are read: the other constructs' groups are
    // never moved.
    let clauses: Vec<Vec<RawClause<'ctx>>> =
        g.regions.iter().map(|r| if mergeable(r.kind) { entry_clauses(r, h) } else { Vec::new() }).collect();
    let mut scopes = vec![g.roots.clone()];
    scopes.extend(g.regions.iter().map(|r| r.children.clone()));
    let (mut chains, mut missed) = (Vec::new(), Vec::new());
    for sibs in scopes {
        let mut run = Run::default();
        for w in sibs.windows(2) {
            let (p, c) = (w[0], w[1]);
            let both = [p, c].iter().all(|&r| mergeable(g.regions[r].kind));
            let why = if both { pair_refusal(module, a, &clauses, &run, p, c, wrap) } else { Err(String::new()) };
            match why {
                Ok(gap) => {
                    if run.members.is_empty() {
                        run.members.push(p);
                    }
                    run.members.push(c);
                    run.hoist.extend(gap.hoist);
                    run.wrapped.push(gap.wrapped);
                }
                Err(why) => {
                    if !why.is_empty() {
                        let at = h.instruction(g.regions[c].entry.span.first);
                        missed.push(Missed { at, why: format!("parallel regions not merged: {why}") });
                    }
                    close(&mut run, a, &clauses, &mut chains);
                }
            }
        }
        close(&mut run, a, &clauses, &mut chains);
    }
    (chains, missed)
}

fn close<'ctx>(
    run: &mut Run<'ctx>,
    a: &Analysis<'ctx>,
    clauses: &[Vec<RawClause<'ctx>>],
    chains: &mut Vec<Chain<'ctx>>,
) {
    let run = std::mem::take(run);
    if run.members.len() < 2 {
        return;
    }
    let mut shared: Vec<BasicValueEnum<'ctx>> = Vec::new();
    let wrapped_locals = run.wrapped.iter().flat_map(|w| w.locals.iter().copied());
    let listed = run.members.iter().flat_map(|&m| items(&clauses[m], &["QUAL.OMP.SHARED"]));
    for v in listed.chain(wrapped_locals) {
        if !shared.iter().any(|&s| Value::of(s) == Value::of(v)) {
            shared.push(v);
        }
    }
    let plain: Vec<bool> = run.members.iter().map(|&m| a.graph.regions[m].kind == DirKind::Parallel).collect();
    let plain_clauses: Vec<&[RawClause<'ctx>]> =
        run.members.iter().zip(&plain).filter(|(_, &p)| p).map(|(&m, _)| clauses[m].as_slice()).collect();
    let team = team::team_clauses(&plain_clauses);
    chains.push(Chain { members: run.members, shared, hoist: run.hoist, plain, team, wrapped: run.wrapped });
}

/// Why region `c` may not join `run` (or `p` alone when `run` is empty),
/// or what goes between them.
fn pair_refusal<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    clauses: &[Vec<RawClause<'ctx>>],
    run: &Run<'ctx>,
    p: usize,
    c: usize,
    wrap: bool,
) -> Result<Gap<'ctx>, String> {
    let g = &a.graph;
    let h = &a.scan.values;
    for r in [p, c] {
        let plain = g.regions[r].kind == DirKind::Parallel;
        let rule = if plain { team::clause_refusal } else { clause_refusal };
        if let Some(why) = clauses[r].iter().find_map(rule) {
            return Err(format!("region {}: {why}", g.regions[r].number));
        }
        if let Some(why) = plain.then(|| team::body_refusal(g, r)).flatten() {
            return Err(why);
        }
    }
    let members: Vec<usize> = if run.members.is_empty() { vec![p] } else { run.members.clone() };
    let before: Vec<RawClause<'_>> = members.iter().flat_map(|&m| clauses[m].clone()).collect();
    if let Some(why) = sharing_conflict(&before, &clauses[c]) {
        return Err(why);
    }
    if g.regions[c].exit.is_none() {
        return Err(format!("region {} has no END directive", g.regions[c].number));
    }
    let Some(exit) = g.regions[p].exit else { return Err(String::new()) };
    let entry = h.instruction(g.regions[c].entry.span.first);
    let code = between::path(h.instruction(exit.span.last), entry)?;
    let regions: Vec<&WRegion> = members.iter().map(|&m| &g.regions[m]).collect();
    let f = entry.get_parent().and_then(|b| b.get_parent()).ok_or_else(String::new)?;
    // Once code runs under single in the run, later code stays in its
    // place too: hoisted before the fork it would run before that code.
    let wrapped_before = run.wrapped.iter().any(|w| !w.code.is_empty());
    let hoist = if wrapped_before && wrap {
        Some("code runs under single earlier in the run".to_string())
    } else {
        between::hoist_refusal(module, f, a, &regions, &code, &run.hoist)
    };
    let gap = match hoist {
        None => Gap { hoist: code, wrapped: Wrapped::default() },
        Some(why) if !wrap => return Err(format!("{why} (running it under single is off: no-single)")),
        Some(_) => {
            let earlier: Vec<InstructionValue<'ctx>> = run.wrapped.iter().flat_map(|w| w.code.clone()).collect();
            let w = single::wrap_refusal(module, a, &regions, &code, &run.hoist, &earlier)?;
            Gap { hoist: Vec::new(), wrapped: w }
        }
    };
    // The private items, against everything merged so far and what runs
    // under single between.
    let bodies: Vec<Vec<InstructionValue<'ctx>>> =
        members.iter().chain([&c]).map(|&m| body(a, &g.regions[m])).collect();
    let view = |k: usize, m: usize| Member {
        plain: g.regions[m].kind == DirKind::Parallel,
        clauses: &clauses[m],
        body: &bodies[k],
    };
    let earlier_members: Vec<Member<'_, 'ctx>> = members.iter().enumerate().map(|(k, &m)| view(k, m)).collect();
    let mut between: Vec<InstructionValue<'ctx>> = run.wrapped.iter().flat_map(|w| w.code.clone()).collect();
    between.extend(gap.wrapped.code.iter().copied());
    if let Some(why) = team::item_refusal(&earlier_members, &view(members.len(), c), &between) {
        return Err(why);
    }
    Ok(gap)
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
/// and closed after the last; each combined member becomes a worksharing
/// loop (without its shared list, with `nowait` where `nowait[k]` says),
/// each plain member loses its directive calls and gets a barrier where
/// its join was; code between runs under `single`. Returns each member's
/// directive calls as they now are (a plain member's: the merged
/// region's, never fused).
pub fn apply<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    nowait: &[bool],
) -> Vec<LoopCalls<'ctx>> {
    let g = &a.graph;
    let h = &a.scan.values;
    let first = h.instruction(g.regions[chain.members[0]].entry.span.first);
    for &i in &chain.hoist {
        ffi::move_before(i, first);
    }
    let form = g.regions[chain.members[0]].form;
    // The code between that runs under single, its values through memory,
    // before any member's directive calls change.
    let mut shared = chain.shared.clone();
    if let Some(f) = first.get_parent().and_then(|b| b.get_parent()) {
        for (k, w) in chain.wrapped.iter().enumerate().filter(|(_, w)| !w.code.is_empty()) {
            single::wrap(module, form, w, h.instruction(g.regions[chain.members[k + 1]].entry.span.first));
            shared.extend(single::demote(module, f, w));
        }
    }
    match form {
        Form::Region => apply_region(a, chain, nowait, first, &shared),
        Form::Paper => apply_paper(module, a, chain, nowait, first, &shared),
    }
}

fn apply_region<'ctx>(
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    nowait: &[bool],
    first: InstructionValue<'ctx>,
    shared: &[BasicValueEnum<'ctx>],
) -> Vec<LoopCalls<'ctx>> {
    let (g, h) = (&a.graph, &a.scan.values);
    let last_member = *chain.members.last().expect("a chain has members");
    let mut bundles = vec![("DIR.OMP.PARALLEL".to_string(), Vec::new())];
    if !shared.is_empty() {
        bundles.push(("QUAL.OMP.SHARED".to_string(), shared.iter().map(|&v| Value::of(v)).collect()));
    }
    for c in &chain.team {
        bundles.push((c.tag.clone(), c.values.iter().flatten().map(|&v| Value::of(v)).collect()));
    }
    let par = ffi::build_region_entry(first, &bundles);
    let mut calls = Vec::new();
    for (k, &m) in chain.members.iter().enumerate() {
        let r = &g.regions[m];
        let exit = r.exit.expect("planned regions have an END");
        if chain.plain[k] {
            let (e, x) = (h.instruction(r.entry.span.first), h.instruction(exit.span.first));
            if m == last_member {
                ffi::build_region_exit(x, par, "DIR.OMP.END.PARALLEL");
            } else {
                single::barrier_region(x);
            }
            ffi::erase_directive_calls(&[x, e]);
            calls.push(LoopCalls { begin: [par, par], end: [par, par] });
            continue;
        }
        let e = ffi::rename_bundle(h.instruction(r.entry.span.first), "DIR.OMP.PARALLEL.LOOP", "DIR.OMP.LOOP");
        let mut e = ffi::drop_bundles(e, "QUAL.OMP.SHARED");
        if nowait.get(k).copied().unwrap_or(false) {
            e = ffi::add_bundle(e, "QUAL.OMP.NOWAIT", &[]);
        }
        let x = ffi::rename_bundle(h.instruction(exit.span.first), "DIR.OMP.END.PARALLEL.LOOP", "DIR.OMP.END.LOOP");
        if m == last_member {
            let next = x.get_next_instruction().expect("a region exit is not a terminator");
            ffi::build_region_exit(next, par, "DIR.OMP.END.PARALLEL");
        }
        calls.push(LoopCalls { begin: [e, e], end: [x, x] });
    }
    calls
}

fn apply_paper<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    nowait: &[bool],
    first: InstructionValue<'ctx>,
    shared: &[BasicValueEnum<'ctx>],
) -> Vec<LoopCalls<'ctx>> {
    let (g, h) = (&a.graph, &a.scan.values);
    let last_member = *chain.members.last().expect("a chain has members");
    paper_call(module, first, "llvm.directive", "DIR.OMP.PARALLEL", &[]);
    if !shared.is_empty() {
        paper_call(module, first, "llvm.directive.qual.opndlist", "QUAL.OMP.SHARED", shared);
    }
    for c in &chain.team {
        let values: Vec<BasicValueEnum<'ctx>> = c.values.iter().flatten().copied().collect();
        paper_call(module, first, "llvm.directive.qual.opndlist", &c.tag, &values);
    }
    paper_call(module, first, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
    let anchor = first.get_previous_instruction().expect("just written");
    let mut calls = Vec::new();
    for (k, &m) in chain.members.iter().enumerate() {
        let r = &g.regions[m];
        let exit = r.exit.expect("planned regions have an END");
        let (e, list_end) = (h.instruction(r.entry.span.first), h.instruction(r.entry.span.last));
        let (x, end) = (h.instruction(exit.span.first), h.instruction(exit.span.last));
        if chain.plain[k] {
            if m == last_member {
                paper_call(module, x, "llvm.directive", "DIR.OMP.END.PARALLEL", &[]);
                paper_call(module, x, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
            } else {
                single::barrier_paper(module, x);
            }
            let mut doomed = group_calls(e, list_end);
            doomed.extend(group_calls(x, end));
            ffi::erase_directive_calls(&doomed);
            calls.push(LoopCalls { begin: [anchor, anchor], end: [anchor, anchor] });
            continue;
        }
        ffi::set_metadata_argument(e, 0, "DIR.OMP.LOOP");
        let doomed: Vec<_> = group_calls(e, list_end).into_iter().filter(|&i| is_shared_qual(i)).collect();
        for i in doomed {
            i.erase_from_basic_block();
        }
        if nowait.get(k).copied().unwrap_or(false) {
            paper_call(module, list_end, "llvm.directive.qual", "QUAL.OMP.NOWAIT", &[]);
        }
        ffi::set_metadata_argument(x, 0, "DIR.OMP.END.LOOP");
        if m == last_member {
            let next = end.get_next_instruction().expect("a directive call is not a terminator");
            paper_call(module, next, "llvm.directive", "DIR.OMP.END.PARALLEL", &[]);
            paper_call(module, next, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
        }
        calls.push(LoopCalls { begin: [e, list_end], end: [x, end] });
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
