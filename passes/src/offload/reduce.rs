//! Reductions in SPMD device kernels (docs/offload-device.md). The host
//! lowering asks `__kmpc_reduce_nowait` how to combine: 1, combine into
//! the original (one thread at a time); 2, combine atomically
//! (paropt/reduction_atomic.rs). On the device every thread runs the
//! teams body (SPMD), so a team's private copy is each thread's own: the
//! loop's reduction into it (in a parallel body the teams body forks,
//! when what it combines into is the teams body's own: team_copies.rs)
//! answers 1, no other thread touches that copy; every other reduction
//! (the teams' into the target's variable, `target parallel for`'s into
//! it) answers 2, atomics on device memory. `__kmpc_end_reduce_nowait`
//! has nothing left to end.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{AnyValue, AnyValueEnum, FunctionValue, InstructionValue};

use super::plan::{self, DevicePlan, ExecMode, END_REDUCE, FORK_CALL, FORK_TEAMS, REDUCE};

/// The parallel bodies a teams body forks, each with the teams body and
/// its fork: their reductions may combine into the thread's own copy.
type Forked<'ctx> = (FunctionValue<'ctx>, FunctionValue<'ctx>, InstructionValue<'ctx>);

fn team_private_bodies<'ctx>(dev: &Module<'ctx>) -> Vec<Forked<'ctx>> {
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
                out.extend(plan::forked(dev, i).map(|f| (f, t, i)));
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
    let own: Vec<_> = team_private_bodies(dev).into_iter().filter(|(f, _, _)| !shared.contains(f)).collect();
    let i32t = dev.get_context().i32_type();
    for f in dev.get_functions() {
        for i in plan::instructions(f) {
            match plan::callee(i).as_deref() {
                Some(REDUCE) => {
                    // (Each fork of the body passes the teams body's own
                    // copies: team_copies.rs.)
                    let forks: Vec<_> = own.iter().filter(|(b, _, _)| *b == f).collect();
                    let mine = !forks.is_empty()
                        && forks.iter().all(|&&(b, t, fork)| super::team_copies::into_team_copies(b, i, t, fork));
                    let answer = if mine { 1 } else { 2 };
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
