//! The sections construct (OpenMP 5.1 §2.10.1) as a worksharing loop over
//! the section index, as clang lowers it and as icx's prepare pass does
//! (Tian et al. 2016, component I): a `DIR.OMP.SECTIONS` (or
//! `DIR.OMP.PARALLEL.SECTIONS`) region whose body is a sequence of
//! `DIR.OMP.SECTION` regions becomes a loop `iv = 0 .. n-1` in the
//! normalized form (`QUAL.OMP.NORMALIZED.IV/UB` slots) whose body switches
//! on `iv` to the sections, in their order; the section directives go.
//! weft-paropt then lowers the region as any worksharing loop with the
//! static schedule (privatization, lastprivate from the iteration of the
//! lexically last section, reductions, nowait: `paropt/plan/construct.rs`).
//!
//! Each region is planned on plain data first (its sections in order, or
//! the reason it cannot be one), and a function is rewritten only when all
//! of its sections regions can be.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{AnyValue, BasicValueEnum, InstructionOpcode};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;
use weft_intrinsics::vocab::DirKind;
use weft_intrinsics::{Rule, WeftError};

use super::clause_edit::add_clause;
use crate::wregion::Analysis;

fn is_sections(k: DirKind) -> bool {
    matches!(k, DirKind::Sections | DirKind::ParallelSections)
}

/// A sections region's plan: the region and its section regions, in the
/// order the body runs them.
struct SectionsPlan<'ctx> {
    region: usize,
    sections: Vec<usize>,
    /// The first section when no directive marks it (OpenMP allows that):
    /// its first block, and the blocks that leave it for what follows.
    implicit: Option<(BasicBlock<'ctx>, Vec<BasicBlock<'ctx>>)>,
}

/// The one block an unconditional branch ends `bb` in.
fn only_successor(bb: BasicBlock<'_>) -> Option<BasicBlock<'_>> {
    crate::cfg::unique_successor(bb)
}

/// Whether `bb` holds nothing but its unconditional branch.
fn is_glue(bb: BasicBlock<'_>) -> bool {
    bb.get_first_instruction().is_some_and(|i| i == bb.get_terminator().expect("a terminator"))
        && only_successor(bb).is_some()
}

/// The section regions of sections region `r`, in the order its body runs
/// them: from its BEGIN, straight through each section to its END, with
/// nothing between them but branches.
fn plan_one<'ctx>(a: &Analysis<'ctx>, r: usize) -> Result<SectionsPlan<'ctx>, WeftError> {
    let reg = &a.graph.regions[r];
    let name = reg.kind.begin_name();
    let refuse = |why: &str| WeftError::new(Rule::NotYetSupported, name, why.to_string());
    let exit = reg.exit.ok_or_else(|| refuse("a sections region that never reaches its END"))?;
    // (Other constructs closely nested in the region are in its first
    // section when no directive marks it; anywhere else the walk below
    // finds them between sections.)
    let sections: Vec<usize> =
        reg.children.iter().copied().filter(|&c| a.graph.regions[c].kind == DirKind::Section).collect();
    for &c in &sections {
        if a.graph.regions[c].exit.is_none() {
            return Err(refuse("a section that never reaches its END (it ends in unreachable or loops forever)"));
        }
    }
    let (s, e) = (a.scan.handles[reg.entry.block], a.scan.handles[exit.block]);
    if e.get_first_instruction().is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi) {
        return Err(refuse("a value merged where the sections end (a phi in the END block)"));
    }
    let mut order = Vec::new();
    let mut seen = hashbrown::HashSet::new();
    let looping = || refuse("a sections region whose body loops outside its sections");
    // (Each block the walk enters is entered from the block before it
    // only: anything else would jump into a section, or to the END, from
    // outside the path the loop over the sections replaces.)
    let entered = |b: BasicBlock<'ctx>, from: BasicBlock<'ctx>| {
        if ffi::has_only_predecessor(b, from) {
            Ok(())
        } else {
            Err(refuse("a sections region whose sections or END are entered from elsewhere than the one before"))
        }
    };
    let mut prev = s;
    let mut cur = only_successor(s).ok_or_else(|| refuse("a sections region whose BEGIN block branches"))?;
    while is_glue(cur) && cur != e {
        if !seen.insert(ffi::block_id(cur)) {
            return Err(looping());
        }
        prev = cur;
        cur = only_successor(cur).expect("glue");
    }
    let first_marked = sections.first().map_or(e, |&c| a.scan.handles[a.graph.regions[c].entry.block]);
    let mut implicit = None;
    if cur != first_marked {
        // Code before the first section directive: the first section (all
        // of the body when no directive marks any). It may leave through
        // several branches (a loop's exit test), each into the first marked
        // section (or into the END); nothing else enters that block.
        let part = crate::cfg::reachable_before(cur, first_marked);
        let into: Vec<BasicBlock<'ctx>> =
            part.iter().copied().filter(|&b| ffi::successors(b).contains(&ffi::block_id(first_marked))).collect();
        let preds = ffi::predecessor_count(first_marked);
        if into.is_empty() || into.len() != preds || part.iter().any(|&b| b == s || b == e) {
            return Err(refuse(
                "code in a sections region before its first section directive that does not lead only into that \
                 section",
            ));
        }
        implicit = Some((cur, into));
        cur = first_marked;
    }
    let mut first = implicit.is_some();
    loop {
        if !std::mem::take(&mut first) {
            entered(cur, prev)?;
        }
        if cur == e {
            break;
        }
        if !seen.insert(ffi::block_id(cur)) {
            return Err(looping());
        }
        let child = sections.iter().copied().find(|&c| a.scan.handles[a.graph.regions[c].entry.block] == cur);
        (prev, cur) = match child {
            Some(c) => {
                order.push(c);
                let end = a.scan.handles[a.graph.regions[c].exit.expect("checked above").block];
                (end, only_successor(end).ok_or_else(|| refuse("a section whose END block branches"))?)
            }
            None if is_glue(cur) => (cur, only_successor(cur).expect("glue")),
            None => {
                return Err(refuse(
                    "code in a sections region between its section regions (every structured block of the \
                     construct but the first must be in a DIR.OMP.SECTION region)",
                ))
            }
        };
    }
    if order.len() != sections.len() {
        return Err(refuse("a section region off the straight path through the sections region"));
    }
    // A value a section computes and the code after the region uses would
    // no longer dominate that use once the switch may skip its section: a
    // pure one is computed again at the END (in `rewrite`), any other refused.
    let (begin, end) = (a.scan.values.instruction(reg.entry.span.last), a.scan.values.instruction(exit.span.first));
    if let Some(v) = ffi::unrecomputable_escaping(&region_blocks(a, r), begin, end) {
        return Err(refuse(&format!(
            "{} is computed in a section and used after the sections region (it reads memory or has effects)",
            v.print_to_string().to_string_lossy().trim()
        )));
    }
    Ok(SectionsPlan { region: r, sections: order, implicit })
}

/// Every block of region `r`, as handles.
fn region_blocks<'ctx>(a: &Analysis<'ctx>, r: usize) -> Vec<BasicBlock<'ctx>> {
    a.graph.regions[r].blocks.iter().map(|&b| a.scan.handles[b]).collect()
}

/// A section region outside any sections region.
fn orphaned_section(a: &Analysis<'_>) -> Option<WeftError> {
    let reg = a.graph.regions.iter().find(|reg| {
        reg.kind == DirKind::Section && !reg.parent.is_some_and(|p| is_sections(a.graph.regions[p].kind))
    })?;
    Some(
        WeftError::new(
            Rule::ClauseNotAllowed,
            reg.kind.begin_name(),
            "a section region must be closely nested in a sections region (OpenMP 5.1 §2.10.1)",
        )
        .at(reg.entry.span.first),
    )
}

/// Makes a loop over the section index of every sections region of the
/// module that has none yet. Returns which analyses' functions it changed,
/// and every region it could not (with its function then unchanged).
pub fn to_loops<'ctx>(module: &Module<'ctx>, analyses: &[Analysis<'ctx>]) -> (Vec<bool>, Vec<WeftError>) {
    let mut changed = vec![false; analyses.len()];
    let mut errors = Vec::new();
    for (i, a) in analyses.iter().enumerate() {
        let todo: Vec<usize> = (0..a.graph.regions.len())
            .filter(|&r| is_sections(a.graph.regions[r].kind) && a.graph.regions[r].env.normalized_iv.is_empty())
            .collect();
        let planned: Result<Vec<SectionsPlan<'ctx>>, WeftError> = orphaned_section(a).map_or_else(
            || todo.iter().map(|&r| plan_one(a, r).map_err(|e| e.at(a.graph.regions[r].entry.span.first))).collect(),
            Err,
        );
        match planned {
            Ok(plans) if plans.is_empty() => {}
            Ok(plans) => {
                for p in &plans {
                    rewrite(module, a, p);
                }
                let f = a.scan.handles[0].get_parent().expect("in a function");
                ffi::remove_unreachable_blocks(f);
                changed[i] = true;
            }
            Err(e) => errors.push(e.in_function(&a.graph.function)),
        }
    }
    (changed, errors)
}

/// The loop over the section index, in place of the section directives.
fn rewrite<'ctx>(module: &Module<'ctx>, a: &Analysis<'ctx>, p: &SectionsPlan<'ctx>) {
    let reg = &a.graph.regions[p.region];
    // (Planned: every value used after the region is pure. The BEGIN and
    // END blocks are left out: what they compute dominates what follows.)
    let exit = reg.exit.expect("planned");
    let at = a.scan.values.instruction(exit.span.first);
    let body: Vec<BasicBlock<'ctx>> =
        reg.blocks.iter().filter(|&&b| b != reg.entry.block && b != exit.block).map(|&b| a.scan.handles[b]).collect();
    ffi::recompute_pure_escaping(&body, at);
    let ctx = module.get_context();
    let i32t = ctx.i32_type();
    let b = ctx.create_builder();
    let e = "positioned";
    let entry = a.scan.handles[0];
    match entry.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(entry),
    }
    let iv = b.build_alloca(i32t, "omp.sect.iv").expect(e);
    let ub = b.build_alloca(i32t, "omp.sect.ub").expect(e);
    let s = a.scan.handles[reg.entry.block];
    let end = a.scan.handles[reg.exit.expect("planned").block];
    let init = ctx.insert_basic_block_after(s, "omp.sect.init");
    let cond = ctx.insert_basic_block_after(init, "omp.sect.cond");
    let switch = ctx.insert_basic_block_after(cond, "omp.sect.switch");
    let next = ctx.insert_basic_block_after(switch, "omp.sect.next");
    let redirect = |bb: BasicBlock<'ctx>, to: BasicBlock<'ctx>| {
        bb.get_terminator().expect("a terminator").erase_from_basic_block();
        b.position_at_end(bb);
        b.build_unconditional_branch(to).expect(e);
    };
    redirect(s, init);
    // (The upper bound is stored in the region, as a normalized loop's is:
    // the loop's private copy of the slot is the one that holds it.)
    b.position_at_end(init);
    let count = p.sections.len() + p.implicit.is_some() as usize;
    b.build_store(ub, i32t.const_int((count as u64).wrapping_sub(1), true)).expect(e);
    b.build_store(iv, i32t.const_zero()).expect(e);
    b.build_unconditional_branch(cond).expect(e);
    b.position_at_end(cond);
    let k = b.build_load(i32t, iv, "omp.sect.iv.cur").expect(e).into_int_value();
    let n = b.build_load(i32t, ub, "omp.sect.ub.cur").expect(e).into_int_value();
    let go = b.build_int_compare(IntPredicate::SLE, k, n, "omp.sect.more").expect(e);
    b.build_conditional_branch(go, switch, end).expect(e);
    b.position_at_end(next);
    let k = b.build_load(i32t, iv, "omp.sect.iv.last").expect(e).into_int_value();
    let k1 = b.build_int_nsw_add(k, i32t.const_int(1, false), "omp.sect.iv.next").expect(e);
    b.build_store(iv, k1).expect(e);
    b.build_unconditional_branch(cond).expect(e);
    b.position_at_end(switch);
    let k = b.build_load(i32t, iv, "omp.sect.index").expect(e).into_int_value();
    let mut cases = Vec::new();
    let mut calls = Vec::new();
    if let Some((first, _)) = &p.implicit {
        let first = *first;
        cases.push((i32t.const_zero(), first));
    }
    let skip = cases.len();
    for (n, &c) in p.sections.iter().enumerate() {
        let n = n + skip;
        let sec = &a.graph.regions[c];
        let exit = sec.exit.expect("planned");
        cases.push((i32t.const_int(n as u64, false), a.scan.handles[sec.entry.block]));
        calls.extend(crate::cfg::directive_calls_between(&a.scan.values, sec.entry.span.first, sec.entry.span.last));
        if exit.span != sec.entry.span {
            calls.extend(crate::cfg::directive_calls_between(&a.scan.values, exit.span.first, exit.span.last));
        }
    }
    b.build_switch(k, next, &cases).expect(e);
    if let Some((_, leaving)) = &p.implicit {
        let leave_to = p.sections.first().map_or(end, |&c| a.scan.handles[a.graph.regions[c].entry.block]);
        for &bb in leaving {
            ffi::retarget_successor(bb, leave_to, next);
        }
    }
    for &c in &p.sections {
        redirect(a.scan.handles[a.graph.regions[c].exit.expect("planned").block], next);
    }
    ffi::erase_directive_calls(&calls);
    let call = a.scan.values.instruction(reg.entry.span.first);
    let slots: [(&str, BasicValueEnum<'ctx>); 2] =
        [("QUAL.OMP.NORMALIZED.IV", iv.into()), ("QUAL.OMP.NORMALIZED.UB", ub.into())];
    let mut call = call;
    for (tag, slot) in slots {
        call = add_clause(module, &a.scan.values, reg, call, tag, &[slot]);
    }
    log::debug!(target: "weft::prepare", "{}: {} became a loop over {} section(s)", a.graph.function, reg.kind.begin_name(), p.sections.len());
}
