//! weft-paropt (paper components III-V: privatization, loop partitioning,
//! threaded code generation), with the synchronization constructs of
//! component I lowered in place. Every region is planned and prechecked
//! before the IR is touched, and lowered on a copy of the module first
//! (`rehearse.rs`), so a construct weft cannot lower is refused with nothing
//! changed; then every region is lowered from one analysis, children before
//! parents.
pub mod allocate;
pub mod array_section;
pub mod atomic;
pub mod atomic_access;
pub mod atomic_compare;
pub mod byref;
pub mod cancel;
pub mod conditional;
pub mod context;
pub mod copyprivate;
pub mod declare_target;
pub mod depend;
pub mod detach;
pub mod device_schedule;
pub mod distribute;
pub mod doacross;
pub mod linear;
pub mod lower;
pub mod map_links;
pub mod nonpod;
pub mod offload_entry;
pub mod ordered_simd;
pub mod outline;
pub mod partition;
pub mod plan;
pub mod precheck;
pub mod privatize;
pub mod redirect;
pub mod redop;
pub mod reduction;
pub mod reduction_atomic;
pub mod rehearse;
pub mod runtime;
pub mod scan;
pub mod scan_passes;
pub mod scope;
pub mod simd;
pub mod single;
pub mod sync;
pub mod target;
pub mod target_attach;
pub mod target_data;
pub mod target_global_pointers;
pub mod target_globals;
pub mod target_inred;
pub mod target_literal;
pub mod target_pointer;
pub mod target_task;
pub mod target_teams;
pub mod task;
pub mod task_block;
pub mod task_dup;
pub mod taskgroup;
pub mod taskloop;
pub mod taskloop_simd;
pub mod taskred;
pub mod taskred_mod;
pub mod taskred_udr;
pub mod team_chunks;
pub mod teams;
#[cfg(test)]
mod tests;
pub mod trip_count;

use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::{ffi, PassResult, Rule, WeftError};

use crate::prepare;
use crate::wregion::{analyze_module, Analysis};
use context::Lowerer;
use plan::plan;
use runtime::Runtime;

/// An error from lowering a region, with the file and line of the instruction
/// it names (the region's directive, still in place when lowering fails).
fn located(mut e: WeftError, a: &Analysis<'_>) -> Vec<WeftError> {
    // (`at`, when set, is the failing region's directive call, which
    // lowering erases only once it has succeeded.)
    ffi::locate(std::slice::from_mut(&mut e), &a.scan.values);
    vec![e]
}

/// Regions paropt leaves to weft-vectorize (a simd loop with a scan
/// reduction too: its VPlan vectorizes the scan, `vplan/scan.rs`).
pub(crate) fn vector_only(a: &Analysis<'_>, r: usize) -> bool {
    a.graph.regions[r].kind.is_simd_only() || ordered_simd::in_vector_loop(a, r)
}

/// weft-vectorize's first step: every simd loop (`DIR.OMP.SIMD`,
/// `DIR.VPO.AUTO.VEC`, `DIR.PRAGMA.IVDEP`) is lowered in place, innermost
/// first, to a loop the encountering thread runs with its clauses' private
/// copies (`simd.rs`); returns those loops for the VPlan. Planned first, so
/// a clause weft cannot honor is refused with nothing changed.
pub fn lower_simd_in_place<'ctx>(
    module: &Module<'ctx>,
) -> Result<Vec<crate::simd_site::SimdSite<'ctx>>, Vec<WeftError>> {
    let analyses = analyze_module(module)?;
    // (Normally weft-prepare has taken the sandwich clauses on SSA values.)
    let mut errors = prepare::ssa::errors(&analyses);
    if !errors.is_empty() {
        return Err(errors);
    }
    for a in &analyses {
        for r in a.graph.preorder().into_iter().filter(|&r| vector_only(a, r)) {
            let reg = &a.graph.regions[r];
            if let Err(e) = plan(reg).and_then(|_| plan::scan::check_nesting(a, r)) {
                errors.push(e.in_function(&a.graph.function).at(reg.entry.span.first));
                break;
            }
        }
    }
    crate::wregion::locate(&mut errors, &analyses);
    if !errors.is_empty() {
        return Err(errors);
    }
    drop(analyses);
    rehearse::rehearsed(module, lower_simd_regions)
}

/// Every simd-only region of `module` lowered in place, innermost first.
fn lower_simd_regions<'ctx>(
    module: &Module<'ctx>,
    rehearsal: bool,
) -> Result<Vec<crate::simd_site::SimdSite<'ctx>>, Vec<WeftError>> {
    let (_, analyses) = prepare::ssa::erase(module, analyze_module(module)?)?;
    let mut lowerer = Lowerer::new(Runtime::new(module), &analyses);
    lowerer.rehearsal = rehearsal;
    for a in &analyses {
        let mut order = a.graph.preorder();
        order.reverse();
        for r in order.into_iter().filter(|&r| vector_only(a, r)) {
            let p = plan(&a.graph.regions[r]).map_err(|e| vec![e.in_function(&a.graph.function)])?;
            lowerer.lower(a, r, &p).map_err(|e| located(e.in_function(&a.graph.function), a))?;
        }
    }
    Ok(std::mem::take(&mut lowerer.simd_sites))
}

pub fn run(module: &Module<'_>) -> PassResult {
    // (Module metadata, not a region: written whatever the regions are.)
    let declared = declare_target::run(module).map_err(|e| vec![e])?;
    let (changed, analyses) = prepare::prepared(module)?;
    precheck::check_all(&Lowerer::new(Runtime::new(module), &analyses), &analyses)?;
    // (The module's own lowering reuses prepare's analysis; the copy's
    // values are other values, analyzed anew.)
    let reuse = std::cell::Cell::new(Some(analyses));
    let lowered = rehearse::rehearsed(module, |m, rehearsal| {
        let analyses = match if rehearsal { None } else { reuse.take() } {
            Some(a) => a,
            None => analyze_module(m)?,
        };
        lower_regions(m, analyses, rehearsal)
    })?;
    Ok(lowered | changed | declared)
}

/// Every region of `module` paropt lowers, innermost and last first.
fn lower_regions<'ctx>(module: &Module<'ctx>, mut analyses: Vec<Analysis<'ctx>>, rehearsal: bool) -> PassResult {
    // Dead blocks that branch into a region would stop CodeExtractor (a
    // region entered from outside); directives in them are dead code too.
    let mut changed = false;
    for a in analyses.iter().filter(|a| !a.graph.is_empty()) {
        if let Some(f) = a.scan.handles.first().and_then(|b| b.get_parent()) {
            changed |= ffi::remove_unreachable_blocks(f);
        }
    }
    if changed {
        analyses = analyze_module(module)?;
    }
    // One analysis serves every region: lowering a region touches only its
    // own blocks (and its prologue), keeps every directive call and clause
    // operand of the regions around it, and finds its body from the IR, so
    // regions are lowered innermost first (children before parents) without
    // analyzing again (which would make nesting D deep cost D analyses).
    let mut lowerer = Lowerer::new(Runtime::new(module), &analyses);
    lowerer.rehearsal = rehearsal;
    for a in &analyses {
        lowerer.read_mapped_global_pointers(a);
        lowerer.copy_trip_counts(a);
        let mut order = a.graph.preorder();
        order.reverse();
        for r in order.into_iter().filter(|&r| !vector_only(a, r)) {
            let p = plan(&a.graph.regions[r]).map_err(|e| vec![e.in_function(&a.graph.function)])?;
            if !rehearsal {
                log::debug!(target: "weft::paropt", "{}: lowering {} <{}>", a.graph.function, a.graph.regions[r].kind.begin_name(), a.graph.regions[r].number);
            }
            lowerer.lower(a, r, &p).map_err(|e| located(e.in_function(&a.graph.function), a))?;
            changed = true;
        }
    }
    if changed {
        locate_calls(module);
    }
    // Every rename made at pipeline start belongs to a region lowered here:
    // one left over would mean a private copy missed (never silently).
    if let Some(left) =
        module.get_function(crate::prepare::rename::RENAME).map(ffi::calls_to).and_then(|c| c.first().copied())
    {
        let f = left.get_parent().and_then(|b| b.get_parent()).map(|f| f.get_name().to_string_lossy().into_owned());
        return Err(vec![WeftError::new(
            Rule::Internal,
            crate::prepare::rename::RENAME,
            "a private variable's rename was left after its region was lowered (a bug in weft, please report it)",
        )
        .in_function(f.unwrap_or_default())]);
    }
    Ok(changed)
}

/// The calls lowering made (to microtasks, to a non-POD variable's helpers)
/// get debug locations where the module has debug info (`ffi::locate_calls`).
pub fn locate_calls(module: &Module<'_>) {
    let mut f = module.get_first_function();
    while let Some(func) = f {
        if func.count_basic_blocks() > 0 {
            ffi::locate_calls(func);
        }
        f = func.get_next_function();
    }
}
