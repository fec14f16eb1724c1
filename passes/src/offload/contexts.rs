//! Who runs each function of a generic kernel (docs/offload-device.md,
//! "Generic mode"): the main thread of each team (the kernel, the target's
//! body, the league's body and what they call) or a team in a parallel
//! region (a fork's microtask and what it calls); and the forks the main
//! threads make, whose arguments `globalize` follows.
use std::collections::HashSet;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{FunctionValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::WeftError;

use super::plan::{self, refuse, FORK_CALL, FORK_TEAMS};

/// Who runs a function of a generic kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Runs {
    /// The main thread of each team, before any league forks (the kernel,
    /// the target's body and what they call): one team, unless the target
    /// region is a league.
    Main,
    /// The main thread of every team of the league (the league's body and
    /// what it calls).
    League,
    /// A team's threads in a parallel region (its microtask and what it
    /// calls); a fork there is nested, run by the thread itself.
    Parallel,
}

/// The functions of one generic kernel by who runs them, and the forks of
/// its sequential part.
pub struct Contexts<'ctx> {
    pub kernel: FunctionValue<'ctx>,
    /// (function, who runs it), each pair once.
    pub functions: Vec<(FunctionValue<'ctx>, Runs)>,
    /// The `__kmpc_fork_call`s a main thread makes: (its function, the call).
    pub forks: Vec<(FunctionValue<'ctx>, InstructionValue<'ctx>)>,
}

impl<'ctx> Contexts<'ctx> {
    /// The functions a main thread runs (its own team's or every team's).
    pub fn sequential(&self) -> Vec<FunctionValue<'ctx>> {
        let mut out: Vec<FunctionValue<'ctx>> = Vec::new();
        for &(f, r) in &self.functions {
            if r != Runs::Parallel && !out.contains(&f) {
                out.push(f);
            }
        }
        out
    }

    /// Whether every team's main thread runs `f`.
    pub fn runs_in_league(&self, f: FunctionValue<'ctx>) -> bool {
        self.functions.contains(&(f, Runs::League))
    }
}

/// Who runs each function the kernel `k` reaches: direct calls keep their
/// caller's context, a league's body is run by each team's main thread, a
/// parallel region's microtask by the team.
pub fn contexts<'ctx>(m: &Module<'ctx>, k: FunctionValue<'ctx>, name: &str) -> Result<Contexts<'ctx>, WeftError> {
    let mut cx = Contexts { kernel: k, functions: vec![(k, Runs::Main)], forks: Vec::new() };
    let mut seen: HashSet<(FunctionValue<'ctx>, Runs)> = cx.functions.iter().copied().collect();
    let mut at = 0;
    while at < cx.functions.len() {
        let (f, runs) = cx.functions[at];
        at += 1;
        for i in plan::instructions(f) {
            if i.get_opcode() != InstructionOpcode::Call {
                continue;
            }
            let next = match plan::callee(i).as_deref() {
                Some(FORK_CALL) => {
                    if runs != Runs::Parallel {
                        cx.forks.push((f, i));
                    }
                    Some((forked(m, i, name)?, Runs::Parallel))
                }
                Some(FORK_TEAMS) => {
                    let teams = forked(m, i, name)?;
                    Some((teams, if runs == Runs::Parallel { Runs::Parallel } else { Runs::League }))
                }
                Some(callee) => m.get_function(callee).filter(|g| g.count_basic_blocks() > 0).map(|g| (g, runs)),
                None if runs != Runs::Parallel => {
                    return Err(refuse(
                        name,
                        "an indirect call in the sequential part of a generic-mode kernel",
                        "the plan cannot see what the called function shares with a parallel region",
                    ));
                }
                None => None,
            };
            if let Some(pair) = next {
                if seen.insert(pair) {
                    cx.functions.push(pair);
                }
            }
        }
    }
    Ok(cx)
}

/// The microtask of a fork, or a refusal when it is not a function.
fn forked<'ctx>(m: &Module<'ctx>, fork: InstructionValue<'ctx>, name: &str) -> Result<FunctionValue<'ctx>, WeftError> {
    plan::forked(m, fork).ok_or_else(|| {
        refuse(name, "a fork whose microtask is not a function", "the device runtime needs the function it runs")
    })
}
