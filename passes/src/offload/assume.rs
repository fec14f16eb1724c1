//! What the device runtime may assume of a device module, written into
//! its configuration globals (`__omp_rtl_assume_*`; clang writes them 0
//! unless told `-fopenmp-assume-no-thread-state` /
//! `-fopenmp-assume-no-nested-parallelism`). weft knows both from the
//! module itself: no parallel body forks again (no nested parallelism),
//! and nothing in a kernel changes an ICV (`omp_set_*`, a `num_threads`
//! or `proc_bind` push), so no thread keeps a state of its own. With them
//! LLVM's OpenMP optimizations at link time fold the runtime's state
//! lookups out of the kernels (docs/offload-device.md): without them an
//! SPMD loop kernel ran at 0.73 of clang's bandwidth (measured on the
//! H200, triad on 2^26 doubles).
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue};
use weft_intrinsics::ffi;

use super::plan;

/// `__kmpc_parallel_51`, which the kernels' forks became.
const PARALLEL_51: &str = "__kmpc_parallel_51";

/// Calls that give a thread an ICV of its own.
fn sets_icv(callee: &str) -> bool {
    let lock = matches!(callee, "omp_set_lock" | "omp_set_nest_lock");
    (callee.starts_with("omp_set_") && !lock)
        || callee.starts_with("__kmpc_push_num_threads")
        || callee == "__kmpc_push_proc_bind"
}

/// Everything `f` reaches (f included): what it calls, and the functions
/// it hands a fork or any other call.
pub fn reached<'ctx>(dev: &Module<'ctx>, f: FunctionValue<'ctx>) -> Vec<FunctionValue<'ctx>> {
    let mut seen = vec![f];
    let mut at = 0;
    while at < seen.len() {
        let g = seen[at];
        at += 1;
        for i in plan::instructions(g) {
            for o in ffi::operand_values(i).into_iter().flatten() {
                let BasicValueEnum::PointerValue(p) = o else { continue };
                let Some(h) = dev.get_function(&p.get_name().to_string_lossy()) else { continue };
                if h.as_global_value().as_pointer_value() == p && h.count_basic_blocks() > 0 && !seen.contains(&h) {
                    seen.push(h);
                }
            }
        }
    }
    seen
}

/// (no thread state, no nested parallelism) for the device module `dev`,
/// its forks already rewritten; neither when a kernel is in generic mode
/// (measured on the GPU without them: offload-device.md).
pub fn assumptions(dev: &Module<'_>, all_spmd: bool) -> (bool, bool) {
    if !all_spmd {
        return (false, false);
    }
    let mut no_state = true;
    let mut no_nested = true;
    for f in dev.get_functions() {
        for i in plan::instructions(f) {
            let Some(name) = plan::callee(i) else { continue };
            no_state &= !sets_icv(&name);
            if name != PARALLEL_51 {
                continue;
            }
            // (The body is the sixth argument.)
            let body = i.get_operand(5).and_then(|o| o.left()).and_then(|v| {
                let v = v.into_pointer_value();
                dev.get_function(&v.get_name().to_string_lossy())
            });
            let Some(body) = body else {
                no_nested = false;
                continue;
            };
            let forks_again = reached(dev, body)
                .into_iter()
                .any(|g| plan::instructions(g).into_iter().filter_map(plan::callee).any(|n| n == PARALLEL_51));
            no_nested &= !forks_again;
        }
    }
    (no_state && no_nested, no_nested)
}
