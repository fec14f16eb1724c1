//! weft-regionopt: transformations on the W-Region graph before
//! weft-paropt outlines (Tian et al. 2016, Figure 2: two adjacent parallel
//! loops, the second reading what the first wrote, forked once). Each
//! transformation has its own file and its own switch:
//! `weft-regionopt<no-merge;no-barrier;no-fuse>`. Every decision is made on
//! the unchanged IR (merge::plan, barrier::plan, fusion::plan) before the
//! first rewrite, and each says what it did or why not in an optimization
//! remark.
pub mod access;
pub mod barrier;
pub mod between;
pub mod clauses;
pub mod fusion;
pub mod fusion_legality;
pub mod legality;
pub mod merge;
pub mod single;
pub mod team;

use llvm_plugin::inkwell::module::Module;
use weft_intrinsics::ffi::{self, Dependences, Remark};
use weft_intrinsics::PassResult;

use crate::wregion;

/// Which transformations run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub merge: bool,
    /// Whether code with side effects between regions may run under
    /// `single` in the merged region (else it keeps them apart).
    pub single: bool,
    pub barrier: bool,
    pub fuse: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { merge: true, single: true, barrier: true, fuse: true }
    }
}

impl Options {
    /// Parses `no-merge;no-single;no-barrier;no-fuse` (any of them, or nothing).
    pub fn parse(text: &str) -> Result<Options, String> {
        let mut o = Options::default();
        for word in text.split(';').filter(|w| !w.is_empty()) {
            match word {
                "no-merge" => o.merge = false,
                "no-single" => o.single = false,
                "no-barrier" => o.barrier = false,
                "no-fuse" => o.fuse = false,
                other => {
                    return Err(format!(
                        "unknown parameter '{other}' (expected no-merge, no-single, no-barrier or no-fuse)"
                    ))
                }
            }
        }
        Ok(o)
    }
}

/// Runs weft-regionopt on every function with regions.
pub fn run(module: &Module<'_>, opts: Options) -> PassResult {
    if !opts.merge {
        return Ok(false);
    }
    let analyses = wregion::analyze_module(module)?;
    let mut changed = false;
    for a in analyses.iter().filter(|a| !a.graph.is_empty()) {
        // The whole plan first: chains, then the barriers inside each.
        let (chains, missed) = merge::plan(module, a, opts.single);
        // LLVM's dependence analysis of the unchanged function, dropped
        // before the first rewrite.
        let deps = chains
            .first()
            .and_then(|c| a.scan.values.instruction(a.graph.regions[c.members[0]].entry.span.first).get_parent())
            .and_then(|b| b.get_parent())
            .map(Dependences::new);
        let barriers: Vec<barrier::Decision> =
            chains.iter().map(|c| barrier::plan(module, a, c, opts.barrier, deps.as_ref())).collect();
        // (Fusion removes the barrier between the loops it fuses, so it asks
        // barrier elimination's rule even where no-barrier keeps the others.)
        let fusions: Vec<fusion::Plan> = chains
            .iter()
            .zip(&barriers)
            .map(|(c, b)| {
                let free = if opts.barrier { None } else { Some(barrier::plan(module, a, c, true, deps.as_ref())) };
                fusion::plan(module, a, c, opts.fuse, free.as_ref().unwrap_or(b), deps.as_ref())
            })
            .collect();
        drop(deps);
        for m in &missed {
            ffi::remark(Remark::Missed, m.at, "RegionsNotMerged", &m.why);
        }
        for (chain, b) in chains.iter().zip(&barriers) {
            let g = &a.graph;
            let first = a.scan.values.instruction(g.regions[chain.members[0]].entry.span.first);
            let n = chain.members.len();
            let plain = chain.plain.iter().filter(|&&p| p).count();
            let with = if plain > 0 { format!("; {plain} plain, a barrier where each joined") } else { String::new() };
            ffi::remark(
                Remark::Passed,
                first,
                "RegionsMerged",
                &format!("{n} adjacent parallel regions merged into one (one fork instead of {n}{with})"),
            );
            for w in chain.wrapped.iter().filter(|w| !w.code.is_empty()) {
                let shared = if w.escaping.is_empty() {
                    String::new()
                } else {
                    format!("; {} value(s) it computes reach the team through memory", w.escaping.len())
                };
                ffi::remark(
                    Remark::Passed,
                    w.code[0],
                    "CodeRunOnce",
                    &format!("code between the regions runs once, under single, in the merged region{shared}"),
                );
            }
            for (at, why) in &b.kept {
                ffi::remark(Remark::Missed, a.scan.values.instruction(*at), "BarrierKept", why);
            }
            for at in &b.removed {
                ffi::remark(
                    Remark::Passed,
                    a.scan.values.instruction(*at),
                    "BarrierRemoved",
                    "implied barrier after this loop removed (nowait): the next loop touches only what the same thread wrote here, or nothing it wrote",
                );
            }
        }
        for (at, why) in fusions.iter().flat_map(|p| &p.missed) {
            ffi::remark(Remark::Missed, a.scan.values.instruction(*at), "LoopsNotFused", why);
        }
        for at in fusions.iter().flat_map(|p| &p.fused) {
            ffi::remark(
                Remark::Passed,
                a.scan.values.instruction(*at),
                "LoopsFused",
                "loop fused into the loop before it (one partition; each iteration runs both bodies)",
            );
        }
        for ((chain, b), f) in chains.iter().zip(&barriers).zip(&fusions) {
            // A fused loop waits (or not) as the last loop fused into it did.
            let mut nowait = b.nowait.clone();
            for k in (1..nowait.len()).rev() {
                if f.into_previous[k] {
                    nowait[k - 1] = nowait[k];
                }
            }
            let calls = merge::apply(module, a, chain, &nowait);
            fusion::apply(module, a, chain, f, &calls);
            changed = true;
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests;
