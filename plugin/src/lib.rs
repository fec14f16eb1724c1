//! The weft LLVM pass plugin: pass names, pipeline hooks, and the boundary
//! where errors and panics become LLVM diagnostics. Thin by design; the work
//! is in `weft-passes`.
mod boundary;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::{
    LlvmModulePass, ModuleAnalysisManager, ModulePassManager, OptimizationLevel, PassBuilder, PipelineParsing,
    PreservedAnalyses,
};
use weft_intrinsics::ffi::FunctionAnalyses;
use weft_intrinsics::PassResult;
use weft_passes::genx::legalize::Params as LegalizeParams;
use weft_passes::markers::{self, Form};
use weft_passes::{cleanup, genx, paropt, pipeline, prepare, vectorize, wregion};

/// Every pass name weft registers with `-passes=`.
pub const PASS_NAMES: &[&str] = &[
    "print<wregions>",
    "print<vplan>",
    "weft-markers",
    "weft-markers<paper>",
    "weft-prepare",
    "weft-paropt",
    "weft-vectorize",
    "weft-genx-legalize",
    "weft-genx-verify",
    "weft-genx-emulate",
    "weft-cleanup",
    "weft-strip",
    "weft",
];

#[derive(Clone, Copy, Debug)]
enum Pass {
    PrintWRegions,
    PrintVPlan,
    /// weft-cc's marker calls into directive intrinsics of one form.
    Markers(Form),
    Prepare,
    Paropt,
    Vectorize,
    GenxLegalize(LegalizeParams),
    GenxVerify,
    GenxEmulate,
    Cleanup,
    /// Removes every directive without lowering it: the program's serial meaning.
    Strip,
    /// The whole pipeline, always.
    Weft,
    /// The whole pipeline from a pipeline hook: only on modules that have weft work.
    Auto(&'static str),
    /// Threaded code generation from the early-simplification hook: only on
    /// modules with directives.
    Threads(&'static str),
    /// From the pipeline-start hook: protect directive calls from the
    /// simplification passes that follow.
    Protect,
    /// Test only (WEFT_ENABLE_TEST_PASSES=1): panics, to test the boundary.
    TestPanic,
}

impl Pass {
    fn parse(name: &str) -> Result<Option<Pass>, String> {
        Ok(Some(match name {
            "print<wregions>" => Pass::PrintWRegions,
            "print<vplan>" => Pass::PrintVPlan,
            "weft-markers" => Pass::Markers(Form::Region),
            "weft-markers<paper>" => Pass::Markers(Form::Paper),
            "weft-prepare" => Pass::Prepare,
            "weft-paropt" => Pass::Paropt,
            "weft-vectorize" => Pass::Vectorize,
            "weft-genx-legalize" => Pass::GenxLegalize(LegalizeParams::default()),
            "weft-genx-verify" => Pass::GenxVerify,
            "weft-genx-emulate" => Pass::GenxEmulate,
            "weft-cleanup" => Pass::Cleanup,
            "weft-strip" => Pass::Strip,
            "weft" => Pass::Weft,
            "weft-test-panic" if std::env::var_os("WEFT_ENABLE_TEST_PASSES").is_some() => Pass::TestPanic,
            _ => match name.strip_prefix("weft-genx-legalize<").and_then(|r| r.strip_suffix('>')) {
                Some(params) => Pass::GenxLegalize(LegalizeParams::parse(params)?),
                None => return Ok(None),
            },
        }))
    }

    fn name(self) -> &'static str {
        match self {
            Pass::PrintWRegions => "print<wregions>",
            Pass::PrintVPlan => "print<vplan>",
            Pass::Markers(Form::Region) => "weft-markers",
            Pass::Markers(Form::Paper) => "weft-markers<paper>",
            Pass::Prepare => "weft-prepare",
            Pass::Paropt => "weft-paropt",
            Pass::Vectorize => "weft-vectorize",
            Pass::GenxLegalize(_) => "weft-genx-legalize",
            Pass::GenxVerify => "weft-genx-verify",
            Pass::GenxEmulate => "weft-genx-emulate",
            Pass::Cleanup => "weft-cleanup",
            Pass::Strip => "weft-strip",
            Pass::Weft => "weft",
            Pass::Auto(hook) | Pass::Threads(hook) => hook,
            Pass::TestPanic => "weft-test-panic",
            Pass::Protect => "weft (pipeline-start hook)",
        }
    }

    /// The pass's work on `module`; `manager` is the pipeline's, whose
    /// TargetTransformInfo weft-vectorize's cost model takes.
    fn body(self, module: &Module<'_>, manager: &ModuleAnalysisManager) -> PassResult {
        let analyses = || FunctionAnalyses::of_pipeline(manager, module);
        match self {
            Pass::PrintWRegions => print_wregions(module),
            Pass::PrintVPlan => vectorize::print(module, analyses()),
            Pass::Markers(form) => markers::run(module, form),
            Pass::Prepare => prepare::run(module),
            Pass::Paropt => paropt::run(module),
            Pass::Vectorize => vectorize::run(module, analyses()),
            Pass::GenxLegalize(p) => genx::legalize::run(module, p),
            Pass::GenxVerify => genx::verify::run(module),
            Pass::GenxEmulate => genx::emulate::run(module),
            Pass::Cleanup => cleanup::run(module),
            Pass::Strip => Ok(cleanup::strip_directives(module)),
            Pass::Weft => pipeline::run_weft(module, analyses()),
            Pass::Auto(_) if !pipeline::has_weft_work(module) => Ok(false),
            Pass::Auto(_) => pipeline::run_weft(module, analyses()),
            Pass::Threads(_) if !pipeline::has_directives(module) => Ok(false),
            Pass::Threads(_) => paropt::run(module),
            Pass::TestPanic => panic!("deliberate panic from weft-test-panic"),
            Pass::Protect => {
                // weft-cc's markers become directives before anything else runs.
                let made = markers::run(module, Form::Region)?;
                Ok(prepare::at_pipeline_start(module) | made)
            }
        }
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

impl LlvmModulePass for Pass {
    fn run_pass(&self, module: &mut Module<'_>, manager: &ModuleAnalysisManager) -> PreservedAnalyses {
        let pass = *self;
        log::debug!(target: "weft", "{} on module {}", pass.name(), module.get_name().to_string_lossy());
        boundary::run_guarded(module, pass.name(), |m| pass.body(m, manager))
    }
}

fn add_hook(manager: &mut ModulePassManager, hook: &'static str, level: OptimizationLevel) {
    log::debug!(target: "weft", "{hook} at {level:?}: adding the weft pipeline");
    manager.add_pass(Pass::Auto(hook));
}

#[llvm_plugin::plugin(name = "weft", version = "0.1")]
fn plugin_registrar(builder: &mut PassBuilder) {
    let _ = env_logger::Builder::from_env(env_logger::Env::default().filter("RUST_LOG")).try_init();
    boundary::install_panic_hook();

    builder.add_module_pipeline_parsing_callback(|name, manager| match Pass::parse(name) {
        Ok(Some(pass)) => {
            manager.add_pass(pass);
            PipelineParsing::Parsed
        }
        Ok(None) => PipelineParsing::NotParsed,
        Err(msg) => {
            eprintln!("weft: invalid parameters in '{name}': {msg}");
            PipelineParsing::NotParsed
        }
    });

    // Before any simplification: weft-cc's markers into directives; then mark
    // directive calls nomerge/convergent so
    // CFG passes cannot merge, hoist, sink or duplicate them (prepare.rs).
    builder.add_pipeline_start_ep_callback(|manager, _| manager.add_pass(Pass::Protect));
    // Threads are outlined early, after the early function simplification
    // (SROA, EarlyCSE, SimplifyCFG) and before the inliner and the CGSCC
    // simplification pipeline, which then optimize the outlined microtasks
    // like any function (README: "Where weft runs").
    builder.add_pipeline_early_simplification_ep_callback(|manager, level| {
        log::debug!(target: "weft", "early-simplification hook at {level:?}: adding weft-paropt");
        manager.add_pass(Pass::Threads("weft (early-simplification hook)"));
    });
    // The rest (simd regions, GenX, the cleanup guard) after the
    // simplification pipeline and before the loop vectorizer.
    builder.add_optimizer_early_ep_callback(|manager, level| add_hook(manager, "weft (optimizer-early hook)", level));
    // A second, normally idle, run at the end catches pipelines that skip the
    // early extension point (ThinLTO pre-link), so no directive reaches codegen.
    builder.add_optimizer_last_ep_callback(|manager, level| add_hook(manager, "weft (optimizer-last hook)", level));
}
