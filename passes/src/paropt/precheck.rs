//! Refusals decided on the unchanged IR, for every region of the module,
//! before any region is lowered: a refused construct leaves the module as
//! it was (paropt's promise). The plan (`plan.rs`) holds what the clauses
//! alone decide; these are the rules that also read the IR the region
//! holds: that it reaches its END, the types of its variables (what
//! privatizing them needs, `privatize::typed_vars`), values it computes
//! that are used after it where only one thread (or each thread's own
//! iterations) runs it, and the shape of an atomic compare statement.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{AnyValue, BasicValueEnum};
use weft_intrinsics::{ffi, Rule, WeftError};

use super::context::{err, Lowerer, Res, ESCAPES_LOOP, ESCAPES_ONE_THREAD};
use super::plan::{cancel, nesting, plan, scan, target_inred_rules, Construct, Plan, Share, Var};
use super::vector_only;
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Region `r`'s refusals that read the IR, on the unchanged module.
    pub(super) fn precheck(&self, a: &Analysis<'ctx>, r: usize, plan: &Plan) -> Res<()> {
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        if plan.construct == Construct::Scan {
            return Ok(());
        }
        let Some(exit) = reg.exit else {
            return Err(err(
                Rule::NotYetSupported,
                name,
                "a region that never reaches its END (it ends in unreachable or loops forever)",
            ));
        };
        let (begin, end) = (a.scan.values.instruction(reg.entry.span.last), a.scan.values.instruction(exit.span.first));
        let why = match plan.construct {
            Construct::Master | Construct::Masked | Construct::Single => Some(ESCAPES_ONE_THREAD),
            Construct::Loop | Construct::ParallelLoop | Construct::Distribute | Construct::DistributeParLoop => {
                Some(ESCAPES_LOOP)
            }
            Construct::Task | Construct::Taskloop => Some(super::task::ESCAPES_TASK),
            _ => None,
        };
        if let Some(why) = why {
            let blocks: Vec<BasicBlock<'ctx>> = reg.blocks.iter().map(|&b| a.scan.handles[b]).collect();
            if let Some(v) = ffi::unrecomputable_escaping(&blocks, begin, end) {
                return Err(err(
                    Rule::NotYetSupported,
                    name,
                    format!("{} is computed {why}", v.print_to_string().to_string_lossy().trim()),
                ));
            }
        }
        if matches!(
            plan.construct,
            Construct::Parallel
                | Construct::ParallelLoop
                | Construct::Loop
                | Construct::Scope
                | Construct::Task
                | Construct::Taskloop
                | Construct::Teams
                | Construct::Distribute
                | Construct::DistributeParLoop
        ) {
            self.typed_vars(plan, name)?;
        }
        if plan.construct.is_loop() {
            let slot = |share| plan.vars.iter().find(|v| v.share == share).map(|v| self.value(v.var));
            let (iv, ub) = (slot(Share::NormIv), slot(Share::NormUb));
            if let (Some(BasicValueEnum::PointerValue(iv)), Some(BasicValueEnum::PointerValue(ub))) = (iv, ub) {
                if super::partition::reads_bound_before_iv(a.scan.handles[reg.entry.block], iv, ub) {
                    return Err(err(
                        Rule::NotYetSupported,
                        name,
                        "a worksharing loop that reads its upper bound before its IV starts (as icx's prepared \
                         sections loop does: its chunk's bound would not be seen, nor an empty chunk skipped)",
                    ));
                }
            }
        }
        if let Some(iv) = plan.vars.iter().find(|v| v.share == Share::NormIv) {
            if plan.construct == Construct::Taskloop {
                super::taskloop::precheck_taskloop(begin, self.value(iv.var).into_pointer_value(), name)?;
            }
        }
        self.depend_shapes(&plan.task.depends, name)?;
        self.task_red_types(&plan.task.task_reductions, name)?;
        self.task_red_types(&plan.task.in_reductions, name)?;
        self.task_red_types(&super::taskred_mod::modifier_reds(plan), name)?;
        self.target_in_reduction_sizes(a, r, plan)?;
        let in_place: Vec<&Var> = match plan.construct {
            Construct::Simd => {
                super::simd::iv_steps(a, r)?;
                plan.vars.iter().collect()
            }
            Construct::Master | Construct::Masked | Construct::Single => super::single::one_thread_copies(plan),
            _ => Vec::new(),
        };
        if !in_place.is_empty() {
            self.in_place_types(name, &in_place)?;
        }
        if plan.construct == Construct::Atomic && plan.atomic.compare {
            super::atomic_compare::precheck(begin, end)?;
        }
        Ok(())
    }
}

/// Plans and prechecks every region of the module before any IR changes,
/// or reports each function's first region that cannot be lowered. Every
/// region of a function is planned before any is prechecked: a construct
/// weft does not lower yet is reported as that, not as whatever its IR
/// would break later.
pub(super) fn check_all<'ctx>(lowerer: &Lowerer<'_, 'ctx>, analyses: &[Analysis<'ctx>]) -> Result<(), Vec<WeftError>> {
    let mut errors = Vec::new();
    for a in analyses {
        let planned: Result<Vec<(usize, Plan)>, WeftError> = a
            .graph
            .preorder()
            .into_iter()
            .filter(|&r| !vector_only(a, r))
            .map(|r| {
                let at = a.graph.regions[r].entry.span.first;
                plan(&a.graph.regions[r])
                    .and_then(|p| nesting::check(a, r, &p).map(|_| p))
                    .and_then(|p| scan::check_nesting(a, r).map(|_| p))
                    .and_then(|p| cancel::check(a, r, p.cancel).map(|_| p))
                    .and_then(|p| target_inred_rules::check(a, r, &p).map(|_| p))
                    .map(|p| (r, p))
                    .map_err(|e| e.at(at))
            })
            .collect();
        let checked = planned.and_then(|plans| {
            plans.iter().try_for_each(|(r, p)| {
                lowerer.precheck(a, *r, p).map_err(|e| e.at(a.graph.regions[*r].entry.span.first))
            })
        });
        if let Err(e) = checked {
            errors.push(e.in_function(&a.graph.function));
        }
    }
    crate::wregion::locate(&mut errors, analyses);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
