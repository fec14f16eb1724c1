//! The one table of weft's passes: each pass's name, kind, parameters, a
//! one-line description and its entry point, declared once. The plugin
//! registers `-passes=` names and pipeline hooks from it, the `weft`
//! pipeline is a list of its entries, and a unit test checks that the
//! README's table of pass names lists exactly its names.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::ModuleAnalysisManager;
use weft_intrinsics::ffi::FunctionAnalyses;
use weft_intrinsics::PassResult;

use crate::genx::legalize::Params as LegalizeParams;
use crate::markers::{self, Form};
use crate::{cleanup, genx, offload, paropt, pipeline, prepare, regionopt, vectorize, wregion};

/// What a pass does to a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Rewrites the module.
    Transform,
    /// Prints to stderr, as LLVM's `print<...>` passes do.
    Printer,
    /// Checks the module and reports errors; changes nothing.
    Analysis,
    /// Tests weft itself; registered only with `WEFT_ENABLE_TEST_PASSES=1`.
    Test,
}

impl Kind {
    /// The word the README's table uses.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Transform => "transform",
            Kind::Printer => "printer",
            Kind::Analysis => "analysis",
            Kind::Test => "test",
        }
    }
}

/// A pass's parameters, parsed from the text between `<` and `>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Params {
    None,
    Form(Form),
    Legalize(LegalizeParams),
    RegionOpt(regionopt::Options),
}

/// The parameters a pass accepts: their syntax (as the README shows it),
/// what the pass takes without them, and their parser.
pub struct ParamSpec {
    pub syntax: &'static str,
    pub default: Params,
    pub parse: fn(&str) -> Result<Params, String>,
}

/// What a pass's entry point gets besides the module.
#[derive(Clone, Copy)]
pub struct Invocation<'a> {
    pub params: Params,
    /// The pass pipeline's analyses, when run by one.
    pub manager: Option<&'a ModuleAnalysisManager>,
}

impl<'a> Invocation<'a> {
    /// The pipeline's function analyses (for TargetTransformInfo), or the
    /// helper's own without a pipeline.
    pub fn analyses(&self, module: &Module<'_>) -> FunctionAnalyses<'a> {
        match self.manager {
            Some(m) => FunctionAnalyses::of_pipeline(m, module),
            None => FunctionAnalyses::none(),
        }
    }
}

/// A pass's entry point.
pub type Entry = fn(&Module<'_>, &Invocation<'_>) -> PassResult;

/// One pass of the table.
pub struct PassInfo {
    /// The `-passes=` name (without parameters).
    pub name: &'static str,
    pub kind: Kind,
    pub params: Option<ParamSpec>,
    pub description: &'static str,
    pub run: Entry,
}

impl PassInfo {
    /// The parameters a pass runs with when none are written.
    pub fn default_params(&self) -> Params {
        self.params.as_ref().map_or(Params::None, |p| p.default)
    }
}

pub static PRINT_WREGIONS: PassInfo = PassInfo {
    name: "print<wregions>",
    kind: Kind::Printer,
    params: None,
    description: "prints each function's W-Region graph to stderr",
    run: |m, _| print_wregions(m),
};

pub static PRINT_VPLAN: PassInfo = PassInfo {
    name: "print<vplan>",
    kind: Kind::Printer,
    params: None,
    description: "lowers simd regions in place and prints each loop's VPlan",
    run: |m, i| vectorize::print(m, i.analyses(m)),
};

pub static MARKERS: PassInfo = PassInfo {
    name: "weft-markers",
    kind: Kind::Transform,
    params: Some(ParamSpec { syntax: "<paper>", default: Params::Form(Form::Region), parse: parse_form }),
    description: "weft-cc's marker calls into directive intrinsics",
    run: |m, i| markers::run(m, if i.params == Params::Form(Form::Paper) { Form::Paper } else { Form::Region }),
};

pub static PREPARE: PassInfo = PassInfo {
    name: "weft-prepare",
    kind: Kind::Transform,
    params: None,
    description: "validates directives and puts regions and loops into the form paropt lowers",
    run: |m, _| prepare::run(m),
};

pub static REGIONOPT: PassInfo = PassInfo {
    name: "weft-regionopt",
    kind: Kind::Transform,
    params: Some(ParamSpec {
        syntax: "<no-merge;no-single;no-barrier;no-fuse>",
        default: Params::RegionOpt(regionopt::Options { merge: true, single: true, barrier: true, fuse: true }),
        parse: |text| regionopt::Options::parse(text).map(Params::RegionOpt),
    }),
    description: "merges adjacent parallel regions, removes the barriers between their loops and fuses their loops, before outlining",
    run: |m, i| regionopt::run(m, if let Params::RegionOpt(o) = i.params { o } else { regionopt::Options::default() }),
};

pub static PAROPT: PassInfo = PassInfo {
    name: "weft-paropt",
    kind: Kind::Transform,
    params: None,
    description: "privatization, loop partitioning and threaded code generation",
    run: |m, _| paropt::run(m),
};

pub static OFFLOAD_DEVICE: PassInfo = PassInfo {
    name: "weft-offload-device",
    kind: Kind::Transform,
    params: None,
    description: "the device image of the module's target regions",
    run: |m, _| offload::run(m),
};

pub static VECTORIZE: PassInfo = PassInfo {
    name: "weft-vectorize",
    kind: Kind::Transform,
    params: None,
    description: "VPlan vectorization of simd regions",
    run: |m, i| vectorize::run(m, i.analyses(m)),
};

pub static GENX_LEGALIZE: PassInfo = PassInfo {
    name: "weft-genx-legalize",
    kind: Kind::Transform,
    params: Some(ParamSpec {
        syntax: "<grf=32;simd=32>",
        default: Params::Legalize(LegalizeParams { grf_bytes: 32, max_simd: 32 }),
        parse: |text| LegalizeParams::parse(text).map(Params::Legalize),
    }),
    description: "splits GenX region accesses into legal ones",
    run: |m, i| genx::legalize::run(m, if let Params::Legalize(p) = i.params { p } else { LegalizeParams::default() }),
};

pub static GENX_VERIFY: PassInfo = PassInfo {
    name: "weft-genx-verify",
    kind: Kind::Analysis,
    params: None,
    description: "checks the GenX backend's IR rules",
    run: |m, _| genx::verify::run(m),
};

pub static GENX_EMULATE: PassInfo = PassInfo {
    name: "weft-genx-emulate",
    kind: Kind::Transform,
    params: None,
    description: "rewrites GenX intrinsics into portable LLVM IR",
    run: |m, _| genx::emulate::run(m),
};

pub static CLEANUP: PassInfo = PassInfo {
    name: "weft-cleanup",
    kind: Kind::Transform,
    params: None,
    description: "reports any directive left and removes the directive declarations",
    run: |m, _| cleanup::run(m),
};

pub static STRIP: PassInfo = PassInfo {
    name: "weft-strip",
    kind: Kind::Transform,
    params: None,
    description: "removes every directive without lowering it",
    run: |m, _| Ok(cleanup::strip_directives(m)),
};

pub static WEFT: PassInfo = PassInfo {
    name: "weft",
    kind: Kind::Transform,
    params: None,
    description: "the whole pipeline, in order",
    run: |m, i| run_weft(m, i),
};

pub static TEST_PANIC: PassInfo = PassInfo {
    name: "weft-test-panic",
    kind: Kind::Test,
    params: None,
    description: "panics, to test the plugin's boundary",
    // A deliberate panic: the boundary must turn it into a diagnostic.
    run: |_, _| panic!("deliberate panic from weft-test-panic"),
};

/// Every pass weft registers with `-passes=`, in the README's order.
pub static PASSES: &[&PassInfo] = &[
    &PRINT_WREGIONS,
    &MARKERS,
    &PREPARE,
    &REGIONOPT,
    &PAROPT,
    &OFFLOAD_DEVICE,
    &VECTORIZE,
    &PRINT_VPLAN,
    &GENX_LEGALIZE,
    &GENX_VERIFY,
    &GENX_EMULATE,
    &CLEANUP,
    &STRIP,
    &WEFT,
    &TEST_PANIC,
];

/// Where in LLVM's pass pipeline a hook adds a pass (README: "Where weft runs").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookPoint {
    PipelineStart,
    EarlySimplification,
    OptimizerEarly,
    OptimizerLast,
}

/// A pass the plugin adds to LLVM's own pipelines at one extension point.
pub struct Hook {
    pub point: HookPoint,
    /// The name diagnostics and traces give it.
    pub name: &'static str,
    pub run: Entry,
}

/// weft's pipeline hooks, in the order LLVM's pipeline reaches them.
pub static HOOKS: &[Hook] = &[
    // Before any simplification: weft-cc's markers into directives, then
    // directive calls protected from the simplification passes that follow.
    Hook {
        point: HookPoint::PipelineStart,
        name: "weft (pipeline-start hook)",
        run: |m, _| {
            let made = markers::run(m, Form::Region)?;
            Ok(prepare::at_pipeline_start(m) | made)
        },
    },
    // Threads are outlined after the early function simplification and
    // before the inliner, which then optimizes the microtasks like any function.
    Hook {
        point: HookPoint::EarlySimplification,
        name: "weft (early-simplification hook)",
        run: |m, _| {
            if !pipeline::has_directives(m) {
                return Ok(false);
            }
            let merged = regionopt::run(m, regionopt::Options::default())?;
            let lowered = paropt::run(m)?;
            Ok(offload::run(m)? | lowered | merged)
        },
    },
    // The rest (simd regions, GenX, the cleanup guard) before the loop vectorizer.
    Hook { point: HookPoint::OptimizerEarly, name: "weft (optimizer-early hook)", run: run_weft_if_work },
    // Normally idle: catches pipelines that skip the early extension point
    // (ThinLTO pre-link), so no directive reaches code generation.
    Hook { point: HookPoint::OptimizerLast, name: "weft (optimizer-last hook)", run: run_weft_if_work },
];

/// Whether test passes are registered.
fn test_passes_enabled() -> bool {
    std::env::var_os("WEFT_ENABLE_TEST_PASSES").is_some()
}

/// The pass a `-passes=` element names, with its parameters: `Ok(None)` if
/// it is not weft's, an error if it is but its parameters are not valid.
pub fn parse(text: &str) -> Result<Option<(&'static PassInfo, Params)>, String> {
    for &pass in PASSES {
        if pass.kind == Kind::Test && !test_passes_enabled() {
            continue;
        }
        if text == pass.name {
            return Ok(Some((pass, pass.default_params())));
        }
        let inner = text.strip_prefix(pass.name).and_then(|r| r.strip_prefix('<')).and_then(|r| r.strip_suffix('>'));
        if let (Some(inner), Some(spec)) = (inner, &pass.params) {
            return (spec.parse)(inner).map(|p| Some((pass, p)));
        }
    }
    Ok(None)
}

fn parse_form(text: &str) -> Result<Params, String> {
    match text {
        "" => Ok(Params::Form(Form::Region)),
        "paper" => Ok(Params::Form(Form::Paper)),
        other => Err(format!("unknown parameter '{other}' (expected paper)")),
    }
}

/// `print<wregions>`: prints every defined function's graph to stderr, as
/// LLVM's own printers do. Malformed directives are reported as errors.
fn print_wregions(module: &Module<'_>) -> PassResult {
    let analyses = wregion::analyze_module(module)?;
    let slots = weft_intrinsics::ffi::Slots::for_module(module);
    let text: String = analyses.iter().map(|a| a.print(&slots)).collect();
    eprint!("{text}");
    Ok(false)
}

fn run_weft_if_work(module: &Module<'_>, inv: &Invocation<'_>) -> PassResult {
    if pipeline::has_weft_work(module) {
        run_weft(module, inv)
    } else {
        Ok(false)
    }
}

#[cfg(test)]
mod tests;

/// The stages of `weft`, in order (after weft-cc's markers, when the module
/// has them).
pub static WEFT_PIPELINE: &[&PassInfo] =
    &[&PREPARE, &REGIONOPT, &PAROPT, &OFFLOAD_DEVICE, &VECTORIZE, &GENX_LEGALIZE, &CLEANUP];

/// Runs the whole pipeline, stopping at the first stage that fails; each
/// stage runs with its default parameters and `inv`'s analyses.
pub fn run_weft(module: &Module<'_>, inv: &Invocation<'_>) -> PassResult {
    // weft-cc's markers first, when the module has them (a no-op otherwise).
    let mut changed = markers::run(module, markers::Form::Region)?;
    for stage in WEFT_PIPELINE {
        log::debug!(target: "weft::pipeline", "running {}", stage.name);
        let at = Invocation { params: stage.default_params(), ..*inv };
        changed |= (stage.run)(module, &at)?;
    }
    Ok(changed)
}
