//! Target tasks: a device construct (`target`, `target enter data`,
//! `target exit data`, `target update`) with `nowait` or `depend` is a
//! task whose body is the construct (OpenMP 5.1 §2.14.5: "the target task"),
//! written here as icx's front end writes it, so that weft-paropt lowers it
//! with the task lowering it has (paropt::task, paropt::target_task):
//!
//! - a `DIR.OMP.TASK` region around the construct, with `QUAL.OMP.TARGET.TASK`;
//! - the construct's depend items (`DEPEND.*`, `DEPARRAY`) moved onto it;
//! - without `nowait`, `QUAL.OMP.IF(false)`: an undeferred task, which
//!   waits for its dependences and runs at once (§2.14.5: "if the nowait
//!   clause is not present, the target task is an included task");
//! - the construct's `FIRSTPRIVATE` items and `IS_DEVICE_PTR` pointers
//!   firstprivate on the task too: their values are captured when the
//!   target task is generated, not when it runs. Mapped items stay shared
//!   (the task reads them through their addresses, as the launch does);
//! - a target's `INREDUCTION.*` items on the task too (OpenMP 5.1
//!   §2.21.5.6: the target task takes part in the reduction, so a target
//!   with one is a target task even without `nowait` or `depend`): the task
//!   makes a copy of each, and the target, which keeps the clause, maps
//!   that copy tofrom (paropt's target_inred.rs, plan/target_inred.rs).
//!
//! `NOWAIT` stays on the construct (paropt then sets the kernel's NoWait
//! flag, or calls the `*_nowait_mapper` entry point). A construct already
//! in such a task (icx's own output) is left as it is. Planned on the
//! W-Region graph first: every refusal before any change.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue};
use weft_intrinsics::ffi::{self, Handles, Value};
use weft_intrinsics::model::{Form, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DirKind};
use weft_intrinsics::{Rule, WeftError};

use super::clause_edit::drop_clauses;
use crate::regionopt::clauses::{entry_clauses, paper_call};
use crate::wregion::graph::WRegion;
use crate::wregion::Analysis;

/// The clause prefixes that move onto the task (`DEPEND.IN`, the paper's
/// `DEPEND_IN`, `DEPARRAY`).
const MOVED: [&str; 2] = ["QUAL.OMP.DEPEND", "QUAL.OMP.DEPARRAY"];

/// One construct's target task, as data.
struct Wrap<'ctx> {
    form: Form,
    /// The construct's BEGIN group (first and last call) and the last call
    /// of its END group (the BEGIN group's last without one).
    entry: (ValueId, ValueId),
    last: ValueId,
    /// `IF(false)` on the task: no `nowait`.
    undeferred: bool,
    /// The task's clauses after `TARGET.TASK` (and `IF`), in order.
    clauses: Vec<(String, Vec<BasicValueEnum<'ctx>>)>,
    region: WRegion,
}

/// Whether region `r` is a device construct that is a target task weft-prepare
/// has not written yet.
fn needs_task(a: &Analysis<'_>, r: &WRegion) -> bool {
    let device = matches!(r.kind, DirKind::Target | DirKind::TargetEnterData | DirKind::TargetExitData)
        || r.kind == DirKind::TargetUpdate;
    let deps = r.directive.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Depend(_) | ClauseKind::DepArray));
    let in_task = r
        .parent
        .map(|p| &a.graph.regions[p])
        .is_some_and(|p| p.kind == DirKind::Task && p.env.has_flag(ClauseKind::TargetTask) && p.children.len() == 1);
    let inred = r.kind == DirKind::Target && !r.env.in_reductions.is_empty();
    device && (deps || inred || r.env.nowait()) && !in_task
}

/// The target task of region `r`, or the refusal naming the clause.
fn plan<'ctx>(a: &Analysis<'ctx>, r: &WRegion) -> Result<Wrap<'ctx>, WeftError> {
    let name = r.kind.begin_name();
    let mut clauses = Vec::new();
    for c in entry_clauses(r, &a.scan.values) {
        let base = c.base().to_string();
        let tag = if MOVED.iter().any(|p| base.starts_with(p)) || base == "QUAL.OMP.FIRSTPRIVATE" {
            c.tag.clone()
        } else if base == "QUAL.OMP.IS_DEVICE_PTR" {
            "QUAL.OMP.FIRSTPRIVATE".to_string()
        } else if base.starts_with("QUAL.OMP.INREDUCTION") {
            // (Copied: the target keeps it, and maps the task's copy.)
            c.tag.clone()
        } else {
            continue;
        };
        let values: Option<Vec<BasicValueEnum<'ctx>>> = c.values.iter().copied().collect();
        let Some(values) = values else {
            return Err(WeftError::new(
                Rule::NotYetSupported,
                &c.tag,
                "an operand that is not a value on a target task's clause".to_string(),
            )
            .on_directive(name)
            .in_function(&a.graph.function)
            .at(r.entry.span.first));
        };
        clauses.push((tag, values));
    }
    let last = r.exit.map_or(r.entry.span.last, |x| x.span.last);
    Ok(Wrap {
        form: r.form,
        entry: (r.entry.span.first, r.entry.span.last),
        last,
        undeferred: !r.env.nowait(),
        clauses,
        region: r.clone(),
    })
}

/// Writes every target task of the module's functions; one flag per
/// analysis: whether its function changed.
pub fn wrap_all<'ctx>(module: &Module<'ctx>, analyses: &[Analysis<'ctx>]) -> Result<Vec<bool>, Vec<WeftError>> {
    let mut wraps = Vec::new();
    let mut errors = Vec::new();
    let mut changed = vec![false; analyses.len()];
    for (i, a) in analyses.iter().enumerate() {
        for r in a.graph.regions.iter().filter(|r| needs_task(a, r)) {
            match plan(a, r) {
                Ok(w) => {
                    wraps.push((w, &a.scan.values));
                    changed[i] = true;
                }
                Err(e) => errors.push(e),
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (w, values) in &wraps {
        rewrite(module, w, values);
    }
    Ok(changed)
}

/// The task's BEGIN before the construct's, its END after the construct's,
/// the depend items off the construct.
fn rewrite<'ctx>(module: &Module<'ctx>, w: &Wrap<'ctx>, values: &Handles<'ctx>) {
    let first = values.instruction(w.entry.0);
    let after = values.instruction(w.last).get_next_instruction().expect("a directive call is not a terminator");
    let falsity: BasicValueEnum<'ctx> = module.get_context().bool_type().const_zero().into();
    let mut clauses: Vec<(String, Vec<BasicValueEnum<'ctx>>)> = vec![("QUAL.OMP.TARGET.TASK".to_string(), vec![])];
    if w.undeferred {
        clauses.push(("QUAL.OMP.IF".to_string(), vec![falsity]));
    }
    clauses.extend(w.clauses.iter().cloned());
    match w.form {
        Form::Region => {
            let mut bundles = vec![("DIR.OMP.TASK".to_string(), Vec::new())];
            bundles.extend(clauses.iter().map(|(t, vs)| (t.clone(), vs.iter().map(|&v| Value::of(v)).collect())));
            let task = ffi::build_region_entry(first, &bundles);
            ffi::build_region_exit(after, task, "DIR.OMP.END.TASK");
        }
        Form::Paper => {
            paper_call(module, first, "llvm.directive", "DIR.OMP.TASK", &[]);
            for (tag, vs) in &clauses {
                match vs.as_slice() {
                    [] => paper_call(module, first, "llvm.directive.qual", tag, vs),
                    // (A one-operand clause through `qual.opnd.<type>`.)
                    [v] if tag == "QUAL.OMP.IF" => paper_opnd(module, first, tag, *v),
                    _ => paper_call(module, first, "llvm.directive.qual.opndlist", tag, vs),
                }
            }
            paper_call(module, first, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
            paper_call(module, after, "llvm.directive", "DIR.OMP.END.TASK", &[]);
            paper_call(module, after, "llvm.directive", "DIR.QUAL.LIST.END", &[]);
        }
    }
    let mut entry: InstructionValue<'ctx> = first;
    for prefix in MOVED {
        entry = drop_clauses(values, &w.region, entry, prefix);
    }
}

/// The paper's `call void @llvm.directive.qual.opnd.i1(metadata !"<tag>", i1 v)`
/// before `before` (`IF(false)`: an i1 constant).
fn paper_opnd<'ctx>(module: &Module<'ctx>, before: InstructionValue<'ctx>, tag: &str, v: BasicValueEnum<'ctx>) {
    let ctx = module.get_context();
    let name = "llvm.directive.qual.opnd.i1";
    let f = module.get_function(name).unwrap_or_else(|| {
        let ty = ctx.void_type().fn_type(&[ctx.metadata_type().into(), ctx.bool_type().into()], false);
        module.add_function(name, ty, None)
    });
    let b = ctx.create_builder();
    b.position_before(&before);
    b.build_call(f, &[ctx.metadata_string(tag).into(), v.into()], "").expect("positioned");
}
