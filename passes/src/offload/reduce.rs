//! Reductions in SPMD device kernels (docs/offload-device.md). The host
//! lowering asks `__kmpc_reduce_nowait` how to combine: 1, combine into
//! the original (one thread at a time); 2, combine atomically
//! (paropt/reduction_atomic.rs). On the device every thread runs the
//! teams body (SPMD), so a team's private copy is each thread's own: the
//! loop's reduction into it (in a parallel body the teams body forks)
//! answers 1, no other thread touches that copy; every other reduction
//! (the teams' into the target's variable, `target parallel for`'s into
//! it) answers 2, atomics on device memory. `__kmpc_end_reduce_nowait`
//! has nothing left to end.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{AnyValue, AnyValueEnum, FunctionValue};

use super::plan::{self, DevicePlan, ExecMode, END_REDUCE, FORK_CALL, FORK_TEAMS, REDUCE};

/// The parallel bodies a teams body forks: their reductions combine into
/// the thread's own copy.
fn team_private_bodies<'ctx>(dev: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let mut teams = Vec::new();
    for f in dev.get_functions() {
        for i in plan::instructions(f) {
            if plan::callee(i).as_deref() == Some(FORK_TEAMS) {
                teams.extend(plan::forked(dev, i));
            }
        }
    }
    let mut out = Vec::new();
    for t in teams {
        for i in plan::instructions(t) {
            if plan::callee(i).as_deref() == Some(FORK_CALL) {
                out.extend(plan::forked(dev, i));
            }
        }
    }
    out
}

/// Every reduction's question answered in place (before the forks are
/// rewritten: the teams bodies are found by their fork). A generic
/// kernel's team copy is one per team, which the team's threads share
/// (globalize.rs): what a generic kernel reaches answers 2.
pub fn answer_reductions(dev: &Module<'_>, plan: &DevicePlan) {
    let shared: Vec<FunctionValue<'_>> = plan
        .kernels
        .iter()
        .filter(|k| k.mode == ExecMode::Generic)
        .filter_map(|k| dev.get_function(&k.name))
        .flat_map(|k| super::assume::reached(dev, k))
        .collect();
    let own: Vec<_> = team_private_bodies(dev).into_iter().filter(|f| !shared.contains(f)).collect();
    let i32t = dev.get_context().i32_type();
    for f in dev.get_functions() {
        for i in plan::instructions(f) {
            match plan::callee(i).as_deref() {
                Some(REDUCE) => {
                    let answer = if own.contains(&f) { 1 } else { 2 };
                    if let AnyValueEnum::IntValue(r) = i.as_any_value_enum() {
                        r.replace_all_uses_with(i32t.const_int(answer, false));
                    }
                    i.erase_from_basic_block();
                }
                Some(END_REDUCE) => i.erase_from_basic_block(),
                _ => {}
            }
        }
    }
}
