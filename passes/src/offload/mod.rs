//! weft-offload-device: the device image of a module's target regions
//! (docs/offload-device.md). After weft-paropt, each host fallback and what
//! it reaches is cloned into a device module for `nvptx64-nvidia-cuda`,
//! the clone of the fallback made a kernel of the same name and
//! parameters, and the module packed into the host module's
//! `.llvm.offloading` section for clang-linker-wrapper. A module asks for
//! it with the constant `.omp.offload.targets` ("triple:arch").
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::targets::{TargetData, TargetTriple};
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, BasicValue, GlobalValue};
use llvm_plugin::inkwell::GlobalVisibility;
use weft_intrinsics::ffi;
use weft_intrinsics::{PassResult, Rule, WeftError};

use crate::paropt::runtime::Runtime;

pub mod assume;
pub mod body;
pub mod contexts;
pub mod declare_attribute;
pub mod generic;
pub mod globalize;
pub mod globals;
pub mod host_variants;
pub mod kernel;
pub mod level;
pub mod libm;
pub mod locks;
pub mod plan;
pub mod printf;
pub mod reduce;
pub mod request;
pub mod target_functions;
pub mod team_block;
pub mod team_copies;
pub mod undefined;
pub mod walk;
pub mod warp_reduce;

/// The data layout clang 16 gives `nvptx64-nvidia-cuda`.
const NVPTX_LAYOUT: &str = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64";

/// The device runtime's configuration globals clang 16 writes into each
/// device module (0: debugging off, no oversubscription assumed; the
/// thread-state and nested-parallelism ones from assume.rs).
const RTL_CONFIG: &[&str] = &[
    "__omp_rtl_debug_kind",
    "__omp_rtl_assume_teams_oversubscription",
    "__omp_rtl_assume_threads_oversubscription",
    "__omp_rtl_assume_no_thread_state",
    "__omp_rtl_assume_no_nested_parallelism",
];

/// Builds and embeds the device image when the module asks for one.
pub fn run(m: &Module<'_>) -> PassResult {
    let Some(req) = request::read(m).map_err(|e| vec![e])? else { return Ok(false) };
    let mut plan = plan::plan(m)?;
    target_functions::plan(m, &mut plan.functions, &plan.globals)?;
    let generic = generic::plan(m, &plan)?;
    // (A module of declare target variables or functions alone contributes
    // them to the program's image: libomptarget looks up every entry.)
    if plan.kernels.is_empty() && plan.globals.is_empty() && plan.functions.is_empty() {
        request::remove(m);
        return Ok(true);
    }
    let keep: Vec<String> = plan.functions.iter().cloned().collect();
    let math = libm::plan(m, &plan.functions, &req).map_err(|e| vec![e])?;
    printf::plan(m, &plan.functions).map_err(|e| vec![e])?;
    let variants = host_variants::plan(&plan.functions).map_err(|e| vec![e])?;
    let dev = ffi::clone_for_device(m, &keep, &plan.globals.kept());
    host_variants::build(&dev, &variants);
    locks::define_locks(&dev);
    locks::own_locks(&dev);
    dev.set_triple(&TargetTriple::create(&req.triple));
    dev.set_data_layout(&TargetData::create(NVPTX_LAYOUT).get_data_layout());
    let features = req.features();
    for f in dev.get_functions() {
        if f.count_basic_blocks() > 0 {
            kernel::device_attributes(f, &req.arch, &features);
        }
    }
    let mut rt = Runtime::new(&dev);
    // (Before the kernels change: the plan counts the clone's instructions.)
    generic::rewrite_memory(&rt, &dev, &generic).map_err(|e| vec![e])?;
    // A simd loop left for weft-vectorize runs as a plain loop in each
    // device thread: its markers go (no vectorizer runs on the clone).
    crate::cleanup::strip_directives(&dev);
    let mut used = Vec::new();
    for k in &plan.kernels {
        let f = dev.get_function(&k.name).expect("the clone keeps every kernel");
        used.push(kernel::build_kernel(&mut rt, f, k.mode));
    }
    reduce::answer_reductions(&dev, &plan);
    warp_reduce::warp_combines(&dev);
    for f in dev.get_functions() {
        if f.count_basic_blocks() > 0 {
            kernel::retarget_forks(&rt, f);
        }
    }
    generic::wrap_parallel_regions(&rt, &generic, &req.arch, &features);
    globals::build(&dev, &plan.globals)?;
    printf::build(&rt);
    // The host's forks, now unused, are not the device's.
    for f in dev.get_functions() {
        if f.count_basic_blocks() == 0 && f.as_global_value().as_pointer_value().get_first_use().is_none() {
            // SAFETY: a declaration nothing uses.
            unsafe { f.delete() };
        }
    }
    // (A reduction's lock, say, once its calls are answered: reduce.rs.)
    let globals: Vec<_> = dev.get_globals().collect();
    for g in globals {
        if g.get_initializer().is_none() && g.as_pointer_value().get_first_use().is_none() {
            // SAFETY: a declaration nothing uses.
            unsafe { g.delete() };
        }
    }
    libm::build(&dev, &math, &req.arch, &features).map_err(|e| vec![e])?;
    undefined::check(m, &dev, &plan.globals)?;
    module_globals(&dev, &plan, &used);
    dev.verify().map_err(|msg| {
        vec![WeftError::new(Rule::Internal, "the device module", format!("fails LLVM's verifier: {msg}"))]
    })?;
    let at = level::get();
    if at > 0 && !ffi::optimize_device(&dev, &req.arch, &features, at) {
        log::debug!(target: "weft::offload", "no NVPTX target in this process: the device module is left to link time");
    }
    ffi::embed_device_image(m, &dev, &req.triple, &req.arch, &features);
    request::remove(m);
    Ok(true)
}

/// What clang writes into every device module: the runtime's
/// configuration, the kernels' annotations and exec modes, the OpenMP
/// module flags.
fn module_globals(dev: &Module<'_>, plan: &plan::DevicePlan, modes: &[GlobalValue<'_>]) {
    let ctx = dev.get_context();
    let i32t = ctx.i32_type();
    let all_spmd = plan.kernels.iter().all(|k| k.mode == plan::ExecMode::Spmd);
    let (no_state, no_nested) = assume::assumptions(dev, all_spmd);
    for name in RTL_CONFIG {
        let g = dev.add_global(i32t, None, name);
        let yes = match *name {
            "__omp_rtl_assume_no_thread_state" => no_state,
            "__omp_rtl_assume_no_nested_parallelism" => no_nested,
            _ => false,
        };
        g.set_initializer(&i32t.const_int(u64::from(yes), false));
        g.set_constant(true);
        g.set_linkage(Linkage::WeakODR);
        g.set_visibility(GlobalVisibility::Hidden);
    }
    // The exec modes must survive until the CUDA plugin reads them.
    let ptr = ctx.ptr_type(Default::default());
    let list: Vec<_> = modes.iter().map(|g| g.as_pointer_value()).collect();
    if !list.is_empty() {
        let used = dev.add_global(ptr.array_type(list.len() as u32), None, "llvm.compiler.used");
        used.set_initializer(&ptr.const_array(&list));
        used.set_linkage(Linkage::Appending);
        used.set_section(Some("llvm.metadata"));
    }
    for k in &plan.kernels {
        let f = dev.get_function(&k.name).expect("a kernel");
        let md: [BasicMetadataValueEnum<'_>; 3] = [
            f.as_global_value().as_pointer_value().into(),
            ctx.metadata_string("kernel").into(),
            i32t.const_int(1, false).into(),
        ];
        dev.add_global_metadata("nvvm.annotations", &ctx.metadata_node(&md)).expect("a named node");
    }
    // (7: LLVM's Max behavior, as clang writes these two.)
    for flag in ["openmp", "openmp-device"] {
        let md: [BasicMetadataValueEnum<'_>; 3] =
            [i32t.const_int(7, false).into(), ctx.metadata_string(flag).into(), i32t.const_int(50, false).into()];
        dev.add_global_metadata("llvm.module.flags", &ctx.metadata_node(&md)).expect("a named node");
    }
}
