//! weft-prepare (Component I): validates every function's directives (the
//! W-Region graph build reports malformed input) and restructures the CFG so
//! that each region's BEGIN and END groups sit in blocks of their own: the
//! entry block s holds only the BEGIN group and the exit block e only the END
//! group, as in the paper's Figure (I). Idempotent.
//!
//! It also marks the directive intrinsics `nomerge convergent nounwind`; the plugin
//! does that alone at the start of every default pipeline, before the
//! simplification passes run. Without it SimplifyCFG hoists or sinks
//! identical directive calls out of both arms of a branch (merging two
//! regions' entries into one with two ENDs), jump threading may duplicate
//! a BEGIN without its END, and the inliner turns calls that may unwind into
//! invokes when it inlines at an invoke site.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{AnyValue, BasicValue, BasicValueEnum, PointerValue};
use llvm_plugin::inkwell::values::{InstructionOpcode, InstructionValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::group::{is_directive_intrinsic, Span};
use weft_intrinsics::model::{Form, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DataSharing};
use weft_intrinsics::PassResult;
use weft_intrinsics::Rule;

use weft_intrinsics::WeftError;

mod clause_edit;
mod doacross;
mod generic_loop;
mod loop_form;
mod loops;
mod narrow_iv;
mod nonrect;
pub mod rename;
mod restore;
mod sections;
mod simd_nest;
pub mod ssa;
mod target_task;
mod tile;
mod transform;
mod transform_plan;
mod unroll;

use crate::wregion::{analyze_module, reanalyze, Analysis};

/// Marks every directive intrinsic declaration `nomerge convergent nounwind`.
pub fn protect_directives(module: &Module<'_>) -> bool {
    let ctx = module.get_context();
    let mut changed = false;
    for f in module.get_functions() {
        if f.count_basic_blocks() != 0 || !is_directive_intrinsic(&f.get_name().to_string_lossy()) {
            continue;
        }
        for name in ["nomerge", "convergent", "nounwind"] {
            let kind = Attribute::get_named_enum_kind_id(name);
            if f.get_enum_attribute(AttributeLoc::Function, kind).is_none() {
                f.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(kind, 0));
                changed = true;
            }
        }
    }
    changed
}

/// What the plugin does at pipeline start, before LLVM's passes see the
/// module: marks the directive intrinsics, isolates the directive groups,
/// puts worksharing loops into the normalized form (so no pass folds their
/// trip count; a loop it cannot recognize is left for weft-paropt to
/// report) and makes unlisted locals explicit (after the loops, whose
/// variables become private): a captured alloca cannot be promoted to SSA
/// values by SROA before paropt runs, which would give each thread its own
/// copy of a shared variable. Malformed directives are left alone here; the
/// later passes report them.
pub fn at_pipeline_start(module: &Module<'_>) -> bool {
    // (icx's own prepare clauses undone first; a malformed one is left for
    // weft-prepare to report.)
    let restored = restore::run(module).unwrap_or(false);
    let changed = protect_directives(module) | restored;
    let Ok(analyses) = analyze_module(module) else { return changed };
    let Ok((stepped, analyses)) = steps(module, analyses, false) else { return changed };
    // Once, before any pass forwards a pointer (nothing reads an analysis
    // after it: none is made).
    let renamed = rename::rename_privates(module, &analyses).contains(&true);
    changed | stepped | renamed
}

/// Makes every local variable (alloca) that a parallel region writes and no
/// clause names an explicit `QUAL.OMP.SHARED` operand of the region, as
/// OpenMP's default sharing makes it (or, under DEFAULT(PRIVATE) or
/// DEFAULT(FIRSTPRIVATE), every one it refers to that clause), from an
/// analysis of the module; returns which analyses (their functions) it changed.
fn capture_in<'ctx>(module: &Module<'ctx>, analyses: &[Analysis<'ctx>], resolve_default: bool) -> Vec<bool> {
    let mut changed = vec![false; analyses.len()];
    for (i, a) in analyses.iter().enumerate() {
        let named: hashbrown::HashSet<ValueId> = a.graph.regions.iter().flat_map(clause_vars).collect();
        // The function's address-taken locals, found once (when a region needs them).
        let mut escaped: Option<Vec<PointerValue<'ctx>>> = None;
        for r in &a.graph.regions {
            if !r.kind.is_team_parallel() {
                continue;
            }
            let inside: hashbrown::HashSet<ffi::BlockId> =
                r.blocks.iter().map(|&b| ffi::block_id(a.scan.handles[b])).collect();
            if let Some(tag) = default_list(r) {
                // (At pipeline start, where the region is as the program
                // wrote it: its DEFAULT is then explicit and goes, so code
                // inlined into it later is not taken for its own. One that
                // names a global weft cannot privatize stays, to be refused.)
                let resolve = resolve_default && region_default_globals(a, r, tag).is_empty();
                changed[i] |= make_default_explicit(module, a, r, tag, &inside, resolve);
                continue;
            }
            let mut seen = hashbrown::HashSet::new();
            let mut written = Vec::new();
            let mut through_pointers = false;
            for &b in &r.blocks {
                for i in a.scan.handles[b].get_instructions() {
                    through_pointers |= ffi::writes_through_unknown(i);
                    if let Some(alloca) = ffi::written_alloca(i) {
                        if !named.contains(&Value::of(alloca).id())
                            && seen.insert(alloca)
                            && !defined_in(alloca, &inside)
                            && !declared_inside(alloca, &inside)
                        {
                            written.push(alloca);
                        }
                    }
                }
            }
            if through_pointers {
                // A write through a pointer may reach any local whose address
                // was taken (`p = &u; ... *p += 1`): such locals are shared
                // too, so that SROA, once it has promoted p, cannot promote u
                // into a register across the region.
                for &alloca in escaped.get_or_insert_with(|| escaped_locals(a)).iter() {
                    if !named.contains(&Value::of(alloca).id())
                        && seen.insert(alloca)
                        && !defined_in(alloca, &inside)
                        && !declared_inside(alloca, &inside)
                    {
                        written.push(alloca);
                    }
                }
            }
            if written.is_empty() {
                continue;
            }
            log::debug!(target: "weft::prepare", "{}: {} shares {} unlisted local(s)", a.graph.function, r.kind.begin_name(), written.len());
            // (Each region's calls are touched once.)
            let (first, last) =
                (a.scan.values.instruction(r.entry.span.first), a.scan.values.instruction(r.entry.span.last));
            let written: Vec<BasicValueEnum<'_>> = written.into_iter().map(|p| p.into()).collect();
            match r.form {
                Form::Region => {
                    ffi::add_bundle(first, "QUAL.OMP.SHARED", &written);
                }
                Form::Paper => clause_edit::add_paper_clause(module, last, "QUAL.OMP.SHARED", &written),
            }
            changed[i] = true;
        }
    }
    changed
}

/// The entry block's static allocas whose address may be captured.
fn escaped_locals<'ctx>(a: &Analysis<'ctx>) -> Vec<PointerValue<'ctx>> {
    let Some(entry) = a.scan.handles.first() else { return Vec::new() };
    entry
        .get_instructions()
        .take_while(|i| i.get_opcode() == InstructionOpcode::Alloca)
        .filter(|&i| ffi::may_be_captured(Value::of_instruction(i)))
        .map(|i| i.as_any_value_enum().into_pointer_value())
        .collect()
}

/// The variables and values the region's clauses name.
fn clause_vars(r: &crate::wregion::graph::WRegion) -> impl Iterator<Item = ValueId> + '_ {
    r.directive.clauses.iter().flat_map(|c| c.items().iter().map(|i| i.var().value).chain(c.value().map(|v| v.value)))
}

/// The clause that DEFAULT(PRIVATE) or DEFAULT(FIRSTPRIVATE) makes of every
/// unlisted variable the region refers to.
fn default_list(r: &crate::wregion::graph::WRegion) -> Option<&'static str> {
    match r.env.flag(|k| matches!(k, ClauseKind::Default(_))) {
        Some((ClauseKind::Default(DataSharing::Private), _)) => Some("QUAL.OMP.PRIVATE"),
        Some((ClauseKind::Default(DataSharing::Firstprivate), _)) => Some("QUAL.OMP.FIRSTPRIVATE"),
        _ => None,
    }
}

/// Lists every local variable the region refers to and none of its clauses
/// names (nor declared inside it) in the clause its DEFAULT asks for.
fn make_default_explicit<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    r: &crate::wregion::graph::WRegion,
    tag: &str,
    inside: &hashbrown::HashSet<ffi::BlockId>,
    drop_default: bool,
) -> bool {
    let named: hashbrown::HashSet<ValueId> = clause_vars(r).collect();
    let mut seen = hashbrown::HashSet::new();
    let mut vars = Vec::new();
    for &b in &r.blocks {
        for i in a.scan.handles[b].get_instructions() {
            for (v, is_alloca) in ffi::pointed_variables(i) {
                if is_alloca
                    && !named.contains(&Value::of(v).id())
                    && !defined_in(v, inside)
                    && seen.insert(v)
                    && !declared_inside(v, inside)
                {
                    vars.push(v);
                }
            }
        }
    }
    if vars.is_empty() && !drop_default {
        return false;
    }
    log::debug!(target: "weft::prepare", "{}: {} makes {} unlisted local(s) {tag}", a.graph.function, r.kind.begin_name(), vars.len());
    let (first, last) = (a.scan.values.instruction(r.entry.span.first), a.scan.values.instruction(r.entry.span.last));
    let vars: Vec<BasicValueEnum<'_>> = vars.into_iter().map(|p| p.into()).collect();
    match r.form {
        Form::Region => {
            let call = if vars.is_empty() { first } else { ffi::add_bundle(first, tag, &vars) };
            if drop_default {
                ffi::drop_bundles(call, "QUAL.OMP.DEFAULT");
            }
        }
        Form::Paper => {
            if !vars.is_empty() {
                clause_edit::add_paper_clause(module, last, tag, &vars);
            }
            if drop_default {
                for call in crate::cfg::directive_calls_between(&a.scan.values, r.entry.span.first, r.entry.span.last) {
                    if ffi::directive_call_label(ffi::Value::of_instruction(call)).starts_with("QUAL.OMP.DEFAULT") {
                        call.erase_from_basic_block();
                    }
                }
            }
        }
    }
    true
}

/// What DEFAULT(PRIVATE|FIRSTPRIVATE) cannot make explicit: a global
/// variable the region refers to that no clause names (weft privatizes
/// local variables only); an error for each, rather than leaving it shared.
fn default_globals(a: &Analysis<'_>) -> Vec<WeftError> {
    let mut errors = Vec::new();
    for r in a.graph.regions.iter().filter(|r| r.kind.is_team_parallel()) {
        let Some(tag) = default_list(r) else { continue };
        errors.extend(region_default_globals(a, r, tag));
    }
    errors
}

/// `default_globals` of one region whose DEFAULT lists `tag`.
fn region_default_globals(a: &Analysis<'_>, r: &crate::wregion::graph::WRegion, tag: &str) -> Vec<WeftError> {
    let mut errors = Vec::new();
    {
        let named: hashbrown::HashSet<ValueId> = clause_vars(r).collect();
        let mut seen = hashbrown::HashSet::new();
        for &b in &r.blocks {
            for i in a.scan.handles[b].get_instructions() {
                // (Another construct's directive call in the block, a device
                // construct's map of a reference pointer, is no use.)
                let callee = ffi::called_function_name(Value::of_instruction(i));
                if callee.is_some_and(|n| is_directive_intrinsic(&n)) {
                    continue;
                }
                for (v, is_alloca) in ffi::pointed_variables(i) {
                    if !is_alloca && !named.contains(&Value::of(v).id()) && seen.insert(v) {
                        errors.push(
                            WeftError::new(
                                Rule::NotYetSupported,
                                if tag.ends_with("FIRSTPRIVATE") {
                                    "QUAL.OMP.DEFAULT.FIRSTPRIVATE"
                                } else {
                                    "QUAL.OMP.DEFAULT.PRIVATE"
                                },
                                format!(
                                    "the region refers to the global variable @{} that no clause names; weft makes \
                                     local variables {} by default, not globals: name it in a clause",
                                    v.get_name().to_string_lossy(),
                                    tag.trim_start_matches("QUAL.OMP.").to_lowercase()
                                ),
                            )
                            .on_directive(r.kind.begin_name())
                            .in_function(&a.graph.function)
                            .at(r.entry.span.first),
                        );
                    }
                }
            }
        }
    }
    errors
}

/// Whether `alloca` is itself in one of the blocks `inside` (an alloca the
/// region runs, one per thread already; a clause operand of the region's
/// directive could not even refer to it, not being defined there).
fn defined_in(alloca: PointerValue<'_>, inside: &hashbrown::HashSet<ffi::BlockId>) -> bool {
    alloca.as_instruction_value().and_then(|i| i.get_parent()).is_some_and(|p| inside.contains(&ffi::block_id(p)))
}

/// Whether `alloca` is a variable declared inside the region of blocks
/// `inside`: its lifetime begins and ends there and every use is there (what
/// a front end emits for a block-scoped variable of the region). Such a
/// variable is private to each thread, not shared; outlining moves it into
/// the microtask.
fn declared_inside(alloca: PointerValue<'_>, inside: &hashbrown::HashSet<ffi::BlockId>) -> bool {
    let (mut start, mut end) = (false, false);
    let all_inside = ffi::user_instructions(&alloca).into_iter().all(|i| {
        match ffi::called_function_name(Value::of_instruction(i)).as_deref() {
            Some(n) if n.starts_with("llvm.lifetime.start") => start = true,
            Some(n) if n.starts_with("llvm.lifetime.end") => end = true,
            _ => {}
        }
        i.get_parent().map_or(false, |p| inside.contains(&ffi::block_id(p)))
    });
    all_inside && start && end
}

pub fn run(module: &Module<'_>) -> PassResult {
    prepared(module).map(|(changed, _)| changed)
}

/// Runs weft-prepare and returns whether it changed the module, with an
/// analysis of the module as it leaves it: analyzing scans every block, so a
/// pass that runs prepare first reuses it instead of making another (on an
/// already prepared module, prepare changes nothing and analyzes once).
pub fn prepared<'ctx>(module: &Module<'ctx>) -> Result<(bool, Vec<Analysis<'ctx>>), Vec<WeftError>> {
    // icx's own prepare clauses undone (values for values, nothing else
    // changes: restore.rs), then validate (errors name the input as written).
    let restored = restore::run(module)?;
    let analyses = analyze_module(module)?;
    let mut errors: Vec<WeftError> = analyses.iter().flat_map(default_globals).collect();
    errors.extend(ssa::errors(&analyses));
    if !errors.is_empty() {
        return Err(errors);
    }
    let protected = protect_directives(module);
    let (changed, analyses) = steps(module, analyses, true)?;
    Ok((changed | protected | restored, analyses))
}

/// weft-prepare's changes, in order, each from an analysis of the module as
/// the one before left it: each directive group into a block of its own (so
/// that "in the region" is a set of blocks), worksharing loops into the
/// normalized form, then unlisted locals made explicit (shared, or what
/// DEFAULT says; otherwise CodeExtractor would sink a local that only a
/// parallel region uses into the microtask, making a shared variable
/// private). `strict`: a loop that cannot be normalized is an error (else
/// it is left as it is). After each change only the functions it changed
/// are analyzed anew (`fresh`): the others' analyses stay as they were. A
/// function a step changed is analyzed again even so: each of these steps
/// changes its blocks (splits, new loops) or its directive calls (a new
/// entry call with more bundles, clause calls erased or added), which an
/// analysis holds by handle and index, and the next step reads the clauses
/// the one before added (normalized loops' variables are PRIVATE before
/// locals are captured). The steps after capturing that only erase
/// instructions or add metadata (`tls_direct`, `tag_simd_loops`) share one
/// analysis.
fn steps<'ctx>(
    module: &Module<'ctx>,
    analyses: Vec<Analysis<'ctx>>,
    strict: bool,
) -> Result<(bool, Vec<Analysis<'ctx>>), Vec<WeftError>> {
    // (First: a sandwich call in a loop header is in the way of the loop's
    // normalization; the calls that remain are the ones with errors.)
    let (erased, analyses) = ssa::erase(module, analyses)?;
    let changed = generic_loop::map_all(&analyses)?;
    let (mapped, analyses) = fresh(module, analyses, &changed)?;
    // (Before the groups are isolated and locals captured: the task it
    // writes is a region like any other from here on.)
    let changed = target_task::wrap_all(module, &analyses).map_err(|mut e| {
        crate::wregion::locate(&mut e, &analyses);
        e
    })?;
    let (wrapped, analyses) = fresh(module, analyses, &changed)?;
    let changed = isolate_groups(&analyses);
    let (split, analyses) = fresh(module, analyses, &changed)?;
    // (Before the loops are normalized: a construct applies to the loops a
    // tile or unroll inside it generates.)
    let changed = transform::apply_all(module, &analyses)?;
    let (transformed, analyses) = fresh(module, analyses, &changed)?;
    // (Before the loops are normalized: a sections region becomes a loop
    // already in the normalized form; the loops inside it are normalized.)
    let (changed, mut errors) = sections::to_loops(module, &analyses);
    if strict && !errors.is_empty() {
        crate::wregion::locate(&mut errors, &analyses);
        return Err(errors);
    }
    let (sectioned, analyses) = fresh(module, analyses, &changed)?;
    let (changed, failures) = loops::normalize_all(module, &analyses);
    // (At pipeline start a loop may still take its form later, after
    // simplification; a non-rectangular nest never does.)
    let mut errors: Vec<WeftError> = failures.into_iter().filter(|f| strict || f.definitive).map(|f| f.error).collect();
    if !errors.is_empty() {
        // (Each error is about its region's directive call, which a failed
        // normalization leaves in place.)
        crate::wregion::locate(&mut errors, &analyses);
        return Err(errors);
    }
    let (normalized, analyses) = fresh(module, analyses, &changed)?;
    // (Normalizing a loop rewrites its region's entry call, with the code
    // that sets up the loop's slots before it: the BEGIN group gets its own
    // block again, as lowering expects and as a second run would make it.)
    let changed = if normalized { isolate_groups(&analyses) } else { vec![false; analyses.len()] };
    let (resplit, analyses) = fresh(module, analyses, &changed)?;
    let changed = capture_in(module, &analyses, !strict);
    let (captured, analyses) = fresh(module, analyses, &changed)?;
    // (Erasing calls leaves the blocks and the directive calls as they were.)
    let direct = tls_direct(&analyses);
    let tagged = tag_simd_loops(&analyses);
    Ok((
        erased | mapped | wrapped | split | transformed | sectioned | normalized | resplit | captured | direct | tagged,
        analyses,
    ))
}

/// Whether a step changed any function (`changed`: one flag per analysis),
/// with the analyses of those functions made anew.
fn fresh<'ctx>(
    module: &Module<'ctx>,
    analyses: Vec<Analysis<'ctx>>,
    changed: &[bool],
) -> Result<(bool, Vec<Analysis<'ctx>>), Vec<WeftError>> {
    if !changed.contains(&true) {
        return Ok((false, analyses));
    }
    Ok((true, reanalyze(module, analyses, changed)?))
}

/// Tags the loop of each simd region while it is surely there, before
/// LLVM's loop passes run (they may unroll it completely when its trip count
/// is small): weft-vectorize then takes that loop or none, never an inner
/// loop the unroller left, whose iterations may depend on each other.
/// Changes metadata only.
fn tag_simd_loops(analyses: &[Analysis<'_>]) -> bool {
    let mut changed = false;
    for a in analyses {
        for r in a.graph.regions.iter().filter(|r| r.kind.is_simd_only()) {
            let Some(exit) = &r.exit else { continue };
            let (entry, exit) =
                (a.scan.values.instruction(r.entry.span.first), a.scan.values.instruction(exit.span.first));
            if !ffi::simd_loop_tagged(entry) {
                changed |= ffi::tag_simd_loop(entry, exit);
            }
            // (A scan directive must stay one: `vplan/scan.rs`.)
            if crate::paropt::plan::scan::has_inscan(r) {
                changed |= ffi::simd_loop_keep_whole(entry, exit);
            }
        }
    }
    changed
}

/// Inside a parallel region, a thread-local variable's address is taken
/// directly (`@g`) instead of through `llvm.threadlocal.address`: that
/// intrinsic does not access memory, so EarlyCSE would merge a call inside
/// the region with one before it, and every thread of the team would use
/// the encountering thread's instance. A direct reference is the running
/// thread's instance wherever the body is outlined to.
fn tls_direct(analyses: &[Analysis<'_>]) -> bool {
    let mut changed = false;
    for a in analyses {
        // (A nested region's blocks are its parent's too: each call once.)
        let mut seen = hashbrown::HashSet::new();
        let mut doomed = Vec::new();
        for r in a.graph.regions.iter().filter(|r| r.kind.is_team_parallel()) {
            for &b in &r.blocks {
                if !seen.insert(b) {
                    continue;
                }
                for i in a.scan.handles[b].get_instructions() {
                    if i.get_opcode() == InstructionOpcode::Call
                        && ffi::called_function_name(ffi::Value::of_instruction(i))
                            .is_some_and(|n| n.starts_with("llvm.threadlocal.address"))
                    {
                        doomed.push(i);
                    }
                }
            }
        }
        for i in doomed {
            let Some(BasicValueEnum::PointerValue(g)) = i.get_operand(0).and_then(|o| o.left()) else { continue };
            i.as_any_value_enum().into_pointer_value().replace_all_uses_with(g);
            i.erase_from_basic_block();
            changed = true;
        }
    }
    changed
}

/// Puts each region's BEGIN and END groups into blocks of their own (and
/// the entry block's static allocas first). Returns which analyses'
/// functions it changed.
pub(crate) fn isolate_groups(analyses: &[Analysis<'_>]) -> Vec<bool> {
    let mut split = Vec::with_capacity(analyses.len());
    for a in analyses {
        let mut here = false;
        if !a.graph.is_empty() {
            here |= hoist_static_allocas(a.scan.handles[0]);
        }
        let mut counter = 0usize;
        for r in a.graph.preorder() {
            let region = &a.graph.regions[r];
            let begin = region.kind.begin_name();
            here |= isolate(&a.scan.values, region.entry.span, begin, &mut counter);
            if let Some(exit) = region.exit.filter(|e| e.span != region.entry.span) {
                here |= isolate(&a.scan.values, exit.span, region.kind.end_name().unwrap_or(begin), &mut counter);
            }
        }
        if here {
            log::debug!(target: "weft::prepare", "{}: split blocks around {} region(s)", a.graph.function, a.graph.regions.len());
        }
        split.push(here);
    }
    split
}

/// Moves the entry block's static allocas above everything else in it, so
/// that splitting the block after a directive group does not leave them in a
/// later block (where they would count as dynamic allocas).
fn hoist_static_allocas(entry: BasicBlock<'_>) -> bool {
    let insts: Vec<InstructionValue<'_>> = entry.get_instructions().collect();
    let Some(first_other) = insts.iter().position(|i| i.get_opcode() != InstructionOpcode::Alloca) else {
        return false;
    };
    let is_static = |i: &InstructionValue<'_>| {
        i.get_opcode() == InstructionOpcode::Alloca
            && i.get_operand(0)
                .and_then(|o| o.left())
                .is_some_and(|n| n.is_int_value() && n.into_int_value().is_const())
    };
    let late: Vec<InstructionValue<'_>> = insts[first_other..].iter().copied().filter(is_static).collect();
    for a in &late {
        ffi::move_before(*a, insts[first_other]);
    }
    !late.is_empty()
}

fn is_unconditional_branch(i: InstructionValue<'_>) -> bool {
    i.get_opcode() == InstructionOpcode::Br && i.get_num_operands() == 1
}

/// Gives the group `span` a block of its own: split before its first call
/// (unless nothing precedes it) and after its last (unless only an
/// unconditional branch follows).
fn isolate(values: &ffi::Handles<'_>, span: Span, name: &str, counter: &mut usize) -> bool {
    // (The span's calls were read from this module in this pass run and
    // nothing has erased them.)
    let (first, last) = (values.instruction(span.first), values.instruction(span.last));
    let mut changed = false;
    if first.get_previous_instruction().is_some() {
        *counter += 1;
        ffi::split_block_before(first, &format!("{name}.{counter}"));
        changed = true;
    } else if let Some(bb) = first.get_parent() {
        // A block an earlier split named for the group before it: name it
        // after the directive it now starts with.
        if bb.get_name().to_string_lossy().starts_with("DIR.QUAL.LIST.END.") {
            *counter += 1;
            bb.set_name(&format!("{name}.{counter}"));
            changed = true;
        }
    }
    if let Some(next) = last.get_next_instruction() {
        if !is_unconditional_branch(next) {
            *counter += 1;
            ffi::split_block_before(next, &format!("DIR.QUAL.LIST.END.{counter}"));
            changed = true;
        }
    }
    changed
}
