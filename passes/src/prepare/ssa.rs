//! Clause items that are SSA values (Tian et al. 2016, III.F and the sandwich
//! scheme of III.G, Figure 5): a registerized variable has no memory to copy
//! in or out.
//!
//! - PRIVATE on a value: private by construction, each thread and each lane
//!   computes its own; nothing to do.
//! - UNIFORM on a value: the same in every lane; nothing to do (the
//!   vectorizer finds the shape of each value itself).
//! - LINEAR on a value: the induction variable of the region's loop, named
//!   right after its phi, which the loop itself steps: normalization
//!   computes it from each thread's iterations, the vectorizer widens it.
//!   Any other value is refused, naming the clause.
//!
//! A sandwich call naming only such values is checked, then erased before
//! anything else changes the function: it sits in the loop header, where it
//! would keep the loop's dead phi alive, keep LoopRotate off the loop (it is
//! a convergent call), and reach code generation, since lowering a region
//! erases only its own directive groups.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue};
use weft_intrinsics::group::Event;
use weft_intrinsics::model::{Clause, Item, Operand};
use weft_intrinsics::vocab::ClauseKind;
use weft_intrinsics::{ffi, Rule, WeftError};

use crate::wregion::{reanalyze, Analysis};

/// Whether a clause item is an SSA value rather than a variable in memory:
/// not a pointer, or a phi (a registerized pointer variable).
fn is_value(values: &ffi::Handles<'_>, op: &Operand) -> bool {
    if !op.is_pointer() {
        return true;
    }
    let v = values.basic_value(op.value);
    v.as_instruction_value().is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi)
}

/// The sandwich calls of one function that name only SSA values in PRIVATE,
/// LINEAR or UNIFORM, each checked: the calls that may go, and the errors.
fn check<'ctx>(a: &Analysis<'ctx>) -> (Vec<InstructionValue<'ctx>>, Vec<WeftError>) {
    let (mut calls, mut errors) = (Vec::new(), Vec::new());
    let mut forest: Option<ffi::LoopForest> = None;
    for (b, info) in a.scan.blocks.iter().enumerate() {
        for e in &info.events {
            let Event::Sandwich { clause, inst, .. } = e else { continue };
            if !matches!(clause.kind, ClauseKind::Private | ClauseKind::Linear | ClauseKind::Uniform) {
                continue;
            }
            let values: Vec<&Operand> = clause
                .items()
                .iter()
                .filter_map(|i| match i {
                    Item::Var { var, typed: None } if is_value(&a.scan.values, var) => Some(var),
                    _ => None,
                })
                .collect();
            if values.is_empty() {
                continue;
            }
            // The innermost region around the call owns it (wregion::build).
            let Some(owner) = a.graph.regions.iter().filter(|r| r.blocks.contains(&b)).max_by_key(|r| r.depth) else {
                continue;
            };
            let mut ok = values.len() == clause.items().len();
            if clause.kind == ClauseKind::Linear {
                let f = a.scan.handles[b].get_parent().expect("in a function");
                let forest = forest.get_or_insert_with(|| ffi::LoopForest::new(f));
                // (A normalized loop's second induction is rewritten only in
                // a loop in phi form that is not collapsed: loops::other_inductions.)
                let collapsed =
                    owner.env.value(ClauseKind::Collapse).and_then(Operand::const_uint).is_some_and(|n| n > 1);
                let normalized = owner.kind.is_worksharing_loop() || owner.kind.is_simd_only() && collapsed;
                for v in values {
                    let checked = induction(&a.scan.values, forest, a.scan.handles[owner.entry.block], clause, v)
                        .and_then(|tested| match normalized && (tested == 0 || tested == 2 && collapsed) {
                            true => Err((
                                Rule::NotYetSupported,
                                format!(
                                    "{} is a second induction of a loop whose variable is in memory or that is \
                                     collapsed, not built yet",
                                    v.text
                                ),
                            )),
                            false => Ok(()),
                        });
                    if let Err((rule, why)) = checked {
                        ok = false;
                        errors.push(
                            WeftError::new(rule, clause.spelling.as_str(), why)
                                .on_directive(owner.kind.begin_name())
                                .in_function(&a.graph.function)
                                .at(*inst),
                        );
                    }
                }
            }
            if ok {
                // (Erased once.)
                calls.push(a.scan.values.instruction(*inst));
            }
        }
    }
    (calls, errors)
}

/// Checks that `v`, named by a LINEAR clause, is an induction variable of
/// the loop whose region's directive is in `first`, stepped as the clause
/// says; returns what the loop's exit test compares (`ffi::region_induction`).
fn induction<'ctx>(
    values: &ffi::Handles<'ctx>,
    forest: &ffi::LoopForest,
    first: BasicBlock<'ctx>,
    clause: &Clause,
    v: &Operand,
) -> Result<u8, (Rule, String)> {
    let value: BasicValueEnum<'ctx> = values.basic_value(v.value);
    let (step, tested) = ffi::region_induction(forest, first, value).map_err(|why| {
        let why = format!(
            "{} is a value, not a variable in memory: LINEAR on a value names the induction variable of the \
             region's loop, right after its phi (the sandwich scheme), but {why}",
            v.text
        );
        (Rule::OperandKind, why)
    })?;
    let given = match &clause.args {
        weft_intrinsics::model::Args::List { extra: Some(s), .. } => s.const_int(),
        _ => Some(1),
    };
    match (given, step) {
        (Some(g), Some(s)) if g != s => {
            Err((Rule::OperandKind, format!("the step {g} is not the loop's: the loop steps {} by {s}", v.text)))
        }
        _ => Ok(tested),
    }
}

/// Every function's checked SSA-value sandwich calls; errors for those
/// that cannot be lowered (reported before anything changes).
pub fn errors(analyses: &[Analysis<'_>]) -> Vec<WeftError> {
    let mut errors: Vec<WeftError> = analyses.iter().flat_map(|a| check(a).1).collect();
    crate::wregion::locate(&mut errors, analyses);
    errors
}

/// Erases the sandwich calls that name only accepted SSA values; returns
/// whether it erased any (the analyses are then stale: a new one comes back).
pub fn erase<'ctx>(
    module: &Module<'ctx>,
    analyses: Vec<Analysis<'ctx>>,
) -> Result<(bool, Vec<Analysis<'ctx>>), Vec<WeftError>> {
    let calls: Vec<Vec<InstructionValue<'ctx>>> = analyses.iter().map(|a| check(a).0).collect();
    let changed: Vec<bool> = calls.iter().map(|c| !c.is_empty()).collect();
    if !changed.contains(&true) {
        return Ok((false, analyses));
    }
    log::debug!(target: "weft::prepare", "erasing {} sandwich clause(s) on SSA values", calls.iter().map(Vec::len).sum::<usize>());
    for c in calls.into_iter().flatten() {
        c.erase_from_basic_block();
    }
    Ok((true, reanalyze(module, analyses, &changed)?))
}
