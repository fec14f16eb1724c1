//! The weft LLVM pass plugin: registers the passes and pipeline hooks of
//! weft's pass table (`weft_passes::registry`) and is the boundary where
//! errors and panics become LLVM diagnostics. Thin by design; the work is in
//! `weft-passes`.
mod boundary;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::{
    LlvmModulePass, ModuleAnalysisManager, ModulePassManager, OptimizationLevel, PassBuilder, PipelineParsing,
    PreservedAnalyses,
};
use weft_passes::registry::{self, Entry, Hook, HookPoint, Invocation, Params};

/// One pass of the table (or a hook) as LLVM's pass manager holds it.
#[derive(Clone, Copy)]
struct Pass {
    name: &'static str,
    run: Entry,
    params: Params,
}

impl Pass {
    fn hook(hook: &'static Hook) -> Pass {
        Pass { name: hook.name, run: hook.run, params: Params::None }
    }
}

impl LlvmModulePass for Pass {
    fn run_pass(&self, module: &mut Module<'_>, manager: &ModuleAnalysisManager) -> PreservedAnalyses {
        let pass = *self;
        log::debug!(target: "weft", "{} on module {}", pass.name, module.get_name().to_string_lossy());
        let inv = Invocation { params: pass.params, manager: Some(manager) };
        boundary::run_guarded(module, pass.name, |m| (pass.run)(m, &inv))
    }
}

fn add_hook(manager: &mut ModulePassManager, hook: &'static Hook, level: OptimizationLevel) {
    log::debug!(target: "weft", "{} at {level:?}", hook.name);
    // (The device module is optimized at the host pipeline's level.)
    weft_passes::offload::level::set(match level {
        OptimizationLevel::O0 => 0,
        OptimizationLevel::O1 => 1,
        OptimizationLevel::O3 => 3,
        _ => 2,
    });
    manager.add_pass(Pass::hook(hook));
}

#[llvm_plugin::plugin(name = "weft", version = "0.1")]
fn plugin_registrar(builder: &mut PassBuilder) {
    let _ = env_logger::Builder::from_env(env_logger::Env::default().filter("RUST_LOG")).try_init();
    boundary::install_panic_hook();

    builder.add_module_pipeline_parsing_callback(|name, manager| match registry::parse(name) {
        Ok(Some((pass, params))) => {
            manager.add_pass(Pass { name: pass.name, run: pass.run, params });
            PipelineParsing::Parsed
        }
        Ok(None) => PipelineParsing::NotParsed,
        Err(msg) => {
            eprintln!("weft: invalid parameters in '{name}': {msg}");
            PipelineParsing::NotParsed
        }
    });

    // Every extension point weft uses, from the table (README: "Where weft runs").
    for hook in registry::HOOKS {
        match hook.point {
            HookPoint::PipelineStart => builder.add_pipeline_start_ep_callback(move |m, l| add_hook(m, hook, l)),
            HookPoint::EarlySimplification => {
                builder.add_pipeline_early_simplification_ep_callback(move |m, l| add_hook(m, hook, l))
            }
            HookPoint::OptimizerEarly => builder.add_optimizer_early_ep_callback(move |m, l| add_hook(m, hook, l)),
            HookPoint::OptimizerLast => builder.add_optimizer_last_ep_callback(move |m, l| add_hook(m, hook, l)),
        }
    }
}
