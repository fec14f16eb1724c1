//! OpenMP 5.0's `loop` construct (`DIR.OMP.GENERICLOOP`) as the construct
//! its binding makes it, before anything else looks at the region:
//! `bind(thread)` runs the iterations on the encountering thread, any order
//! or at once (a simd loop); `bind(parallel)` shares them among the team of
//! the binding parallel region (a worksharing loop, with its barrier).
//! Without `bind`, a loop closely nested in a parallel region binds to it,
//! one closely nested in teams to the teams, any other to the thread (OpenMP
//! leaves that binding to the implementation). `bind(teams)` shares them
//! among the teams and each team's threads: a distribute parallel loop
//! (which must then be strictly nested in teams or orphaned, paropt's
//! nesting rules).
//!
//! Planned on the W-Region graph first (every refusal before any change),
//! then the directive and END are renamed and the clauses the new construct
//! does not take (BIND; on a simd loop the SHARED lists and the FIRSTPRIVATE
//! lower bound icx adds, when nothing in the loop writes them) dropped.
use llvm_plugin::inkwell::values::{BasicValue, InstructionValue};
use weft_intrinsics::ffi;
use weft_intrinsics::model::{Form, ValueId};
use weft_intrinsics::vocab::{Binding, ClauseKind, DirKind};
use weft_intrinsics::{Rule, WeftError};

use crate::cfg::directive_calls_between;
use crate::wregion::graph::WRegion;
use crate::wregion::Analysis;

/// One `loop` region's lowering: its directive calls and what it becomes.
struct Mapping {
    entry: (ValueId, ValueId),
    exit: (ValueId, ValueId),
    form: Form,
    to: DirKind,
    /// Clause tags (without modifiers) to drop.
    drop: Vec<&'static str>,
}

/// The construct a `loop` region `r` becomes, or why it cannot.
fn binding(a: &Analysis<'_>, r: &WRegion) -> Result<DirKind, WeftError> {
    let bound = r.env.flag(|k| matches!(k, ClauseKind::Bind(_))).map(|(k, _)| k);
    let parent = r.parent.map(|p| a.graph.regions[p].kind);
    // ifx's Fortran `do concurrent` (Fortran 2018 §11.1.7): each thread that
    // reaches it runs every iteration, in any order, whatever BIND ifx wrote
    // (it writes bind(teams) inside a parallel region, too), unless it is
    // offloaded to teams.
    let do_concurrent = r.env.has_flag(ClauseKind::DoConcurrent) && parent != Some(DirKind::Teams);
    let b = match (bound, parent) {
        _ if do_concurrent => Binding::Thread,
        (Some(ClauseKind::Bind(b)), _) => b,
        (_, Some(DirKind::Parallel)) => Binding::Parallel,
        (_, Some(DirKind::Teams)) => Binding::Teams,
        _ => Binding::Thread,
    };
    match b {
        Binding::Thread => Ok(DirKind::Simd),
        Binding::Parallel => Ok(DirKind::Loop),
        // (Orphaned, in a function of its own: it binds to the calling
        // league, as an orphaned distribute loop does, paropt/plan/teams.rs.)
        Binding::Teams if parent.is_none() || parent == Some(DirKind::Teams) => Ok(DirKind::DistributeParLoop),
        Binding::Teams => Err(WeftError::new(
            Rule::ClauseNotAllowed,
            r.kind.begin_name(),
            "a loop construct bound to teams must be strictly nested in a teams region or orphaned (OpenMP's nesting rules)",
        )
        .in_function(&a.graph.function)
        .at(r.entry.span.first)),
    }
}

/// Whether `v` may be written in region `r`: it is not a local variable
/// (a global may be written anywhere), or an instruction of `r` writes it.
fn written_in(a: &Analysis<'_>, r: &WRegion, v: ValueId) -> bool {
    let local = a
        .scan
        .values
        .basic_value(v)
        .as_instruction_value()
        .is_some_and(|i| i.get_opcode() == llvm_plugin::inkwell::values::InstructionOpcode::Alloca);
    if !local {
        return true;
    }
    let writes = |i: InstructionValue<'_>| ffi::written_alloca(i).is_some_and(|w| ffi::Value::of(w).id() == v);
    // (The entry and exit blocks hold code before and after the region too.)
    let values = &a.scan.values;
    let (first, last) = (values.instruction(r.entry.span.last), r.exit.map(|e| values.instruction(e.span.first)));
    let mut cur = first.get_next_instruction();
    let mut bodies = r.blocks.iter().filter(|&&b| b != r.entry.block).map(|&b| a.scan.handles[b]);
    loop {
        while let Some(i) = cur {
            if Some(i) == last {
                return false;
            }
            if writes(i) {
                return true;
            }
            cur = i.get_next_instruction();
        }
        match bodies.next() {
            Some(bb) => cur = bb.get_first_instruction(),
            None => return false,
        }
    }
}

fn plan(a: &Analysis<'_>, r: &WRegion) -> Result<Mapping, WeftError> {
    // (No inscan reduction on `loop`: refused before it becomes another construct.)
    crate::paropt::plan::scan::check_clauses(r, crate::paropt::plan::Construct::Loop)
        .map_err(|e| e.in_function(&a.graph.function).at(r.entry.span.first))?;
    let to = binding(a, r)?;
    let mut drop = vec!["QUAL.OMP.BIND", "QUAL.EXT.DO.CONCURRENT"];
    if to == DirKind::Simd {
        // (Every thread runs its own simd loop: SHARED says nothing there.)
        drop.push("QUAL.OMP.SHARED");
        let written = r.env.firstprivate.iter().find(|i| written_in(a, r, i.var().value));
        if let Some(item) = written {
            return Err(WeftError::new(
                Rule::NotYetSupported,
                "QUAL.OMP.FIRSTPRIVATE",
                format!(
                    "{} is written in a loop construct bound to the thread (a simd loop takes no firstprivate)",
                    item.var().text
                ),
            )
            .on_directive(r.kind.begin_name())
            .in_function(&a.graph.function)
            .at(r.entry.span.first));
        }
        drop.push("QUAL.OMP.FIRSTPRIVATE");
    }
    let exit = r.exit.ok_or_else(|| {
        WeftError::new(
            Rule::NotYetSupported,
            r.kind.begin_name(),
            "a region that never reaches its END (it ends in unreachable or loops forever)",
        )
        .in_function(&a.graph.function)
        .at(r.entry.span.first)
    })?;
    Ok(Mapping {
        entry: (r.entry.span.first, r.entry.span.last),
        exit: (exit.span.first, exit.span.last),
        form: r.form,
        to,
        drop,
    })
}

fn rewrite(m: &Mapping, values: &ffi::Handles<'_>) {
    let from = DirKind::GenericLoop;
    let (begin, end) = (m.to.begin_name(), m.to.end_name().expect("a loop has an END"));
    let entry = directive_calls_between(values, m.entry.0, m.entry.1);
    let exit = directive_calls_between(values, m.exit.0, m.exit.1);
    match m.form {
        Form::Region => {
            let mut call = ffi::rename_bundle(entry[0], from.begin_name(), begin);
            for tag in &m.drop {
                call = ffi::drop_bundles(call, tag);
            }
            ffi::rename_bundle(exit[0], from.end_name().expect("an END"), end);
        }
        Form::Paper => {
            for call in entry.iter().chain(&exit) {
                let tag = ffi::directive_call_label(ffi::Value::of_instruction(*call));
                let base = tag.split(':').next().unwrap_or(&tag);
                if tag == from.begin_name() {
                    ffi::set_metadata_argument(*call, 0, begin);
                } else if Some(tag.as_str()) == from.end_name() {
                    ffi::set_metadata_argument(*call, 0, end);
                } else if m.drop.iter().any(|d| base.starts_with(d)) {
                    call.erase_from_basic_block();
                }
            }
        }
    }
}

/// Makes every `loop` region of the module the construct its binding asks
/// for. Returns which analyses' functions it changed, or every region it
/// refuses.
pub fn map_all(analyses: &[Analysis<'_>]) -> Result<Vec<bool>, Vec<WeftError>> {
    let mut mappings = Vec::new();
    let mut errors = Vec::new();
    let mut changed = vec![false; analyses.len()];
    for (i, a) in analyses.iter().enumerate() {
        for r in a.graph.regions.iter().filter(|r| r.kind == DirKind::GenericLoop) {
            match plan(a, r) {
                Ok(m) => {
                    mappings.push((m, &a.scan.values));
                    changed[i] = true;
                }
                Err(e) => errors.push(e),
            }
        }
    }
    if !errors.is_empty() {
        // (Each error is about a live directive call; nothing changed yet.)
        crate::wregion::locate(&mut errors, analyses);
        return Err(errors);
    }
    for (m, values) in &mappings {
        rewrite(m, values);
    }
    Ok(changed)
}
