//! The device image's plan, as plain data, read from the lowered host
//! module before anything is built (docs/offload-device.md): which host
//! fallbacks become kernels, every function the device module needs, and
//! each refusal, decided before the first change.
use std::collections::BTreeSet;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue};
use weft_intrinsics::{Rule, WeftError};

use super::globals::DeviceGlobals;
pub use super::walk::{callee, instructions, referenced_functions};

/// The prefix of every host fallback (and of the kernel of the same name).
pub const KERNEL_PREFIX: &str = "__omp_offloading_";

/// The host runtime's entry points a device kernel may call: the device
/// runtime has the same ones with the same ABI (worksharing loops, thread
/// ids, barriers, the OpenMP API), or the kernel rewrite replaces them
/// (the forks, `__kmpc_push_num_teams`).
const DEVICE_CALLS: &[&str] = &[
    "__kmpc_for_static_init_4",
    "__kmpc_for_static_init_4u",
    "__kmpc_for_static_init_8",
    "__kmpc_for_static_init_8u",
    "__kmpc_for_static_fini",
    "__kmpc_global_thread_num",
    "__kmpc_barrier",
    "__kmpc_fork_call",
    "__kmpc_fork_teams",
    "__kmpc_push_num_teams",
    "omp_get_thread_num",
    "omp_get_num_threads",
    "omp_get_team_num",
    "omp_get_num_teams",
    "omp_is_initial_device",
    "omp_get_level",
    "omp_get_active_level",
    "omp_get_max_threads",
    "omp_get_thread_limit",
    "omp_get_team_size",
    "omp_get_ancestor_thread_num",
    "omp_get_num_devices",
    "omp_get_device_num",
    "omp_get_default_device",
    "omp_get_initial_device",
    "omp_get_wtime",
    "omp_get_wtick",
    "omp_init_lock",
    "omp_destroy_lock",
    "omp_set_lock",
    "omp_unset_lock",
    "omp_test_lock",
    "__kmpc_critical",
    "__kmpc_end_critical",
    "__kmpc_master",
    "__kmpc_end_master",
    "__kmpc_single",
    "__kmpc_end_single",
    "__kmpc_ordered",
    "__kmpc_end_ordered",
    "__kmpc_flush",
    // (Explicit tasks: the device runtime runs each where it is made, as
    // OpenMP allows, with the host's task layout: shareds pointer, then
    // the routine, which it calls with (0, task).)
    "__kmpc_omp_task_alloc",
    "__kmpc_omp_task",
    "__kmpc_omp_task_with_deps",
    "__kmpc_omp_task_begin_if0",
    "__kmpc_omp_task_complete_if0",
    "__kmpc_omp_taskwait",
    "__kmpc_omp_taskyield",
    "__kmpc_taskgroup",
    "__kmpc_end_taskgroup",
    // (The CUDA driver's device-side heap.)
    "malloc",
    "free",
    // (Answered in the kernel itself: reduce.rs.)
    REDUCE,
    END_REDUCE,
];

/// The reduction's runtime calls, answered in the kernel (reduce.rs).
pub const REDUCE: &str = "__kmpc_reduce_nowait";
pub const END_REDUCE: &str = "__kmpc_end_reduce_nowait";

/// The forks the kernel rewrite replaces.
pub const FORK_TEAMS: &str = "__kmpc_fork_teams";
pub const FORK_CALL: &str = "__kmpc_fork_call";
pub const PUSH_NUM_TEAMS: &str = "__kmpc_push_num_teams";

/// How a kernel's threads run it (the device runtime's
/// `OMP_TGT_EXEC_MODE_*`, the kernel's `_exec_mode` global).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecMode {
    /// The main thread of each team runs the body, the others wait in the
    /// runtime's state machine for parallel regions (offload/generic.rs).
    Generic = 1,
    /// Every thread runs the body.
    Spmd = 2,
}

/// One kernel: the host fallback of that name and its execution mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelPlan {
    pub name: String,
    pub mode: ExecMode,
}

/// The device image of one module.
#[derive(Debug, Default)]
pub struct DevicePlan {
    pub kernels: Vec<KernelPlan>,
    /// Every function whose body the device module keeps (the kernels and
    /// what they reach).
    pub functions: BTreeSet<String>,
    /// The declare target variables the device module defines (globals.rs).
    pub globals: DeviceGlobals,
}

pub fn refuse(kernel: &str, what: impl Into<String>, detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::NotYetSupported, what, detail).on_directive("DIR.OMP.TARGET").in_function(kernel)
}

/// The plan for every host fallback of `m`, or every reason one cannot be
/// a device kernel.
pub fn plan(m: &Module<'_>) -> Result<DevicePlan, Vec<WeftError>> {
    let mut out = DevicePlan { globals: super::globals::declared(m)?, ..DevicePlan::default() };
    let mut errors = Vec::new();
    for f in m.get_functions() {
        let name = f.get_name().to_string_lossy().into_owned();
        if !name.starts_with(KERNEL_PREFIX) || f.count_basic_blocks() == 0 {
            continue;
        }
        if m.get_global(&format!(".{name}.region_id")).is_none() {
            continue;
        }
        match plan_kernel(m, f, &name, &mut out.functions, &out.globals) {
            Ok(k) => out.kernels.push(k),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// One kernel: what it reaches, checked, and its mode.
fn plan_kernel<'ctx>(
    m: &Module<'ctx>,
    k: FunctionValue<'ctx>,
    name: &str,
    all: &mut BTreeSet<String>,
    globals: &DeviceGlobals,
) -> Result<KernelPlan, WeftError> {
    let mut seen: Vec<FunctionValue<'ctx>> = vec![k];
    let mut at = 0;
    while at < seen.len() {
        let f = seen[at];
        at += 1;
        for i in instructions(f) {
            for g in referenced_functions(m, i) {
                if g.count_basic_blocks() > 0 {
                    if !seen.contains(&g) {
                        seen.push(g);
                    }
                    continue;
                }
                check_callee(g, name)?;
            }
        }
        super::globals::check_function(f, name, globals)?;
    }
    let mode = if is_spmd(m, k) { ExecMode::Spmd } else { ExecMode::Generic };
    all.extend(seen.iter().map(|f| f.get_name().to_string_lossy().into_owned()));
    Ok(KernelPlan { name: name.to_string(), mode })
}

/// A function without a body that device code calls (or names) must be
/// one the device has: an intrinsic NVPTX selects, the device runtime's,
/// C's math (libm.rs), `printf` (printf.rs), or a declare target function
/// another file's image defines (declare_attribute.rs).
pub fn check_callee(g: FunctionValue<'_>, kernel: &str) -> Result<(), WeftError> {
    let callee = g.get_name().to_string_lossy().into_owned();
    let intrinsic = callee.starts_with("llvm.") && !super::libm::unselectable(&callee);
    if intrinsic
        || DEVICE_CALLS.contains(&callee.as_str())
        || super::libm::device_name(&callee).is_some()
        || super::printf::is_printf(&callee)
        || super::declare_attribute::is_declared(g)
    {
        return Ok(());
    }
    if callee.starts_with("__kmpc_dispatch_") {
        return Err(refuse(
            kernel,
            "a loop the runtime's dispatch loops schedule (an ordered or dynamic loop outside the target region)",
            "such loops need the device runtime's dispatch loops, which LLVM 16's device runtime links into an image ptxas refuses (a thread-local variable)",
        ));
    }
    Err(refuse(
        kernel,
        format!("a call to '{callee}'"),
        "the device image has no such function (a runtime call weft cannot offload yet, or a function without declare target)",
    ))
}

/// The function a fork call hands its microtask (operand 2).
pub fn forked<'ctx>(m: &Module<'ctx>, fork: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    let Some(BasicValueEnum::PointerValue(p)) = fork.get_operand(2).and_then(|o| o.left()) else { return None };
    m.get_function(&p.get_name().to_string_lossy()).filter(|f| f.as_global_value().as_pointer_value() == p)
}

/// SPMD: the fallback calls the target's outlined body, which forks a
/// league whose body forks a team (`target teams distribute parallel
/// for`), or forks a team itself (`target parallel for`); and those bodies
/// do nothing else than fill the fork's argument block and copy their
/// firstprivate items: each thread may run them.
fn is_spmd<'ctx>(m: &Module<'ctx>, fallback: FunctionValue<'ctx>) -> bool {
    let Some(body) = only_callee_with_body(m, fallback) else { return false };
    match only_fork(m, body) {
        Some((fork, teams)) if fork == FORK_TEAMS => {
            matches!(only_fork(m, teams), Some((inner, team)) if inner == FORK_CALL && has_loop_call(team))
        }
        Some((fork, team)) if fork == FORK_CALL => has_loop_call(team),
        _ => false,
    }
}

/// The one defined function `f` calls (the fallback's outlined body).
fn only_callee_with_body<'ctx>(m: &Module<'ctx>, f: FunctionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    let called: Vec<_> = instructions(f)
        .into_iter()
        .filter_map(callee)
        .filter_map(|n| m.get_function(&n))
        .filter(|g| g.count_basic_blocks() > 0)
        .collect();
    (called.len() == 1).then(|| called[0])
}

/// The one fork in `f` and its microtask, when `f` calls nothing else but
/// intrinsics, `__kmpc_push_num_teams` and thread ids.
fn only_fork<'ctx>(m: &Module<'ctx>, f: FunctionValue<'ctx>) -> Option<(String, FunctionValue<'ctx>)> {
    if super::body::needs_main_thread(f) {
        return None;
    }
    let mut fork = None;
    for i in instructions(f) {
        let Some(name) = callee(i) else {
            if i.get_opcode() == InstructionOpcode::Call {
                return None;
            }
            continue;
        };
        match name.as_str() {
            FORK_TEAMS | FORK_CALL if fork.is_none() => fork = Some((name, forked(m, i)?)),
            PUSH_NUM_TEAMS | "__kmpc_global_thread_num" | REDUCE | END_REDUCE => {}
            n if n.starts_with("llvm.") => {}
            _ => return None,
        }
    }
    fork
}

/// Whether a team's microtask partitions a loop (the worksharing loop the
/// SPMD form is about), rather than run its body once per thread.
fn has_loop_call(f: FunctionValue<'_>) -> bool {
    instructions(f).into_iter().filter_map(callee).any(|n| n.starts_with("__kmpc_for_static_init_"))
}
