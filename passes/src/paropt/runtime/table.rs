//! Every runtime function paropt calls, declared once here with its return
//! type, parameter types and attributes, in the style of the vocabulary's
//! `directives!` table: calls are declared from this table, never from the
//! argument types of their first use. The libomp entries and their ABI are
//! libomp's (`kmp.h`, docs/threads.md); the C library's `malloc`,
//! `aligned_alloc` and `free` hold the buffers of run-time array sections
//! and scan reductions.

/// A parameter or return type, as the runtime's C prototypes have it on
/// the targets weft supports (`ident_t *`, `kmp_int32`, `size_t`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    /// `int8_t` and `bool` (the device runtime's execution mode and flags).
    I8,
    I1,
    I32,
    I64,
    Ptr,
}

/// Where an entry point lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lib {
    Libomp,
    Libc,
    /// libomptarget (`-lomptarget`): the offloading entry points
    /// (docs/offload.md).
    Libomptarget,
    /// The device runtime (`libomptarget-nvptx-<arch>.bc`, linked into a
    /// device image: docs/offload-device.md).
    DeviceRtl,
}

/// One runtime function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryPoint {
    pub name: &'static str,
    pub lib: Lib,
    pub ret: Ty,
    pub params: &'static [Ty],
    /// Takes further arguments after `params` (`__kmpc_fork_call`).
    pub variadic: bool,
    /// Returns new memory that aliases nothing (`noalias`, as clang declares
    /// the allocators).
    pub fresh_memory: bool,
}

macro_rules! entry_points {
    ($($(#[doc = $doc:expr])* $v:ident = $lib:ident $name:literal ($($p:ident),*) $($va:ident)? -> $ret:ident $($attr:ident)?;)*) => {
        /// A runtime function paropt calls (see `EntryPoint`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Rt { $($(#[doc = $doc])* $v,)* }

        impl Rt {
            pub const ALL: &'static [Rt] = &[$(Rt::$v),*];

            pub const fn entry(self) -> EntryPoint {
                match self {
                    $(Rt::$v => EntryPoint {
                        name: $name,
                        lib: Lib::$lib,
                        ret: Ty::$ret,
                        params: &[$(Ty::$p),*],
                        variadic: entry_points!(@flag $($va)?),
                        fresh_memory: entry_points!(@flag $($attr)?),
                    },)*
                }
            }
        }
    };
    (@flag) => { false };
    (@flag $x:ident) => { true };
}

entry_points! {
    /// `kmp_int32 (ident_t *)`.
    GlobalThreadNum = Libomp "__kmpc_global_thread_num" (Ptr) -> I32;
    /// `(ident_t *, gtid, kmp_int32 argc, kmpc_micro, ...)`.
    ForkCall = Libomp "__kmpc_fork_call" (Ptr, I32, Ptr) variadic -> Void;
    PushNumThreads = Libomp "__kmpc_push_num_threads" (Ptr, I32, I32) -> Void;
    PushProcBind = Libomp "__kmpc_push_proc_bind" (Ptr, I32, I32) -> Void;
    /// `(ident_t *, gtid, num_teams, thread_limit)`, 0 for either: the
    /// runtime's choice (host teams, OpenMP 5.0).
    PushNumTeams = Libomp "__kmpc_push_num_teams" (Ptr, I32, I32, I32) -> Void;
    /// `(ident_t *, kmp_int32 argc, kmpc_micro, ...)`: the microtask run by
    /// the primary thread of each team of a league.
    ForkTeams = Libomp "__kmpc_fork_teams" (Ptr, I32, Ptr) variadic -> Void;
    SerializedParallel = Libomp "__kmpc_serialized_parallel" (Ptr, I32) -> Void;
    EndSerializedParallel = Libomp "__kmpc_end_serialized_parallel" (Ptr, I32) -> Void;
    Barrier = Libomp "__kmpc_barrier" (Ptr, I32) -> Void;
    /// `(ident_t *, gtid)`: a barrier that is also a cancellation point;
    /// nonzero when the team's parallel, loop or sections region was
    /// cancelled (kmp_cancel.cpp), which it then resets.
    CancelBarrier = Libomp "__kmpc_cancel_barrier" (Ptr, I32) -> I32;
    /// `(ident_t *, gtid, kmp_int32 cncl_kind)`: kind 1 parallel, 2 loop,
    /// 3 sections, 4 taskgroup; nonzero when the region is cancelled (0
    /// always when OMP_CANCELLATION is off).
    Cancel = Libomp "__kmpc_cancel" (Ptr, I32, I32) -> I32;
    Cancellationpoint = Libomp "__kmpc_cancellationpoint" (Ptr, I32, I32) -> I32;
    Flush = Libomp "__kmpc_flush" (Ptr) -> Void;
    /// `(ident_t *, gtid, kmp_critical_name *)`.
    Critical = Libomp "__kmpc_critical" (Ptr, I32, Ptr) -> Void;
    /// `(ident_t *, gtid, kmp_critical_name *, uintptr_t hint)`; clang
    /// passes the hint as an i32, which the ABI widens.
    CriticalWithHint = Libomp "__kmpc_critical_with_hint" (Ptr, I32, Ptr, I32) -> Void;
    EndCritical = Libomp "__kmpc_end_critical" (Ptr, I32, Ptr) -> Void;
    Master = Libomp "__kmpc_master" (Ptr, I32) -> I32;
    EndMaster = Libomp "__kmpc_end_master" (Ptr, I32) -> Void;
    /// `(ident_t *, gtid, kmp_int32 filter)`.
    Masked = Libomp "__kmpc_masked" (Ptr, I32, I32) -> I32;
    EndMasked = Libomp "__kmpc_end_masked" (Ptr, I32) -> Void;
    Single = Libomp "__kmpc_single" (Ptr, I32) -> I32;
    EndSingle = Libomp "__kmpc_end_single" (Ptr, I32) -> Void;
    /// `(ident_t *, gtid, size_t, void *data, void (*)(void *, void *), kmp_int32 didit)`.
    Copyprivate = Libomp "__kmpc_copyprivate" (Ptr, I32, I64, Ptr, Ptr, I32) -> Void;
    Ordered = Libomp "__kmpc_ordered" (Ptr, I32) -> Void;
    EndOrdered = Libomp "__kmpc_end_ordered" (Ptr, I32) -> Void;
    /// `(ident_t *, gtid, void *reserved)`.
    Scope = Libomp "__kmpc_scope" (Ptr, I32, Ptr) -> Void;
    EndScope = Libomp "__kmpc_end_scope" (Ptr, I32, Ptr) -> Void;
    Taskwait = Libomp "__kmpc_omp_taskwait" (Ptr, I32) -> I32;
    /// `(ident_t *, gtid, int end_part)`.
    Taskyield = Libomp "__kmpc_omp_taskyield" (Ptr, I32, I32) -> I32;
    /// `(ident_t *, gtid, kmp_int32 n, size_t size, void *data, reduce_func, kmp_critical_name *)`.
    /// `kmp_task_t *(ident, gtid, flags, sizeof task+privates, sizeof shareds, entry)`.
    TaskAlloc = Libomp "__kmpc_omp_task_alloc" (Ptr, I32, I32, I64, I64, Ptr) -> Ptr;
    Task = Libomp "__kmpc_omp_task" (Ptr, I32, Ptr) -> I32;
    /// `kmp_event_t *(ident, gtid, task)`: a detachable task's event
    /// handle (OpenMP 5.1's detach), fulfilled by `omp_fulfill_event`.
    TaskAllowCompletionEvent = Libomp "__kmpc_task_allow_completion_event" (Ptr, I32, Ptr) -> Ptr;
    TaskBeginIf0 = Libomp "__kmpc_omp_task_begin_if0" (Ptr, I32, Ptr) -> Void;
    TaskCompleteIf0 = Libomp "__kmpc_omp_task_complete_if0" (Ptr, I32, Ptr) -> Void;
    /// `(ident, gtid, task, ndeps, kmp_depend_info *, ndeps_noalias, noalias list)`.
    TaskWithDeps = Libomp "__kmpc_omp_task_with_deps" (Ptr, I32, Ptr, I32, Ptr, I32, Ptr) -> I32;
    /// `(ident, gtid, ndeps, kmp_depend_info *, ndeps_noalias, noalias list)`.
    WaitDeps = Libomp "__kmpc_omp_wait_deps" (Ptr, I32, I32, Ptr, I32, Ptr) -> Void;
    /// `__kmpc_omp_wait_deps` with OpenMP 5.1's nowait as the last operand.
    TaskwaitDeps51 = Libomp "__kmpc_omp_taskwait_deps_51" (Ptr, I32, I32, Ptr, I32, Ptr, I32) -> Void;
    /// `(ident, gtid, task, if_val, kmp_uint64 *lb, kmp_uint64 *ub, st,
    /// nogroup, sched (0 none, 1 grainsize, 2 num_tasks), grainsize or
    /// num_tasks, task_dup)`; lb and ub point into the task's block.
    Taskloop = Libomp "__kmpc_taskloop" (Ptr, I32, Ptr, I32, Ptr, Ptr, I64, I32, I32, I64, Ptr) -> Void;
    /// `__kmpc_taskloop` with OpenMP 5.1's `strict` modifier (1) before task_dup.
    Taskloop5 = Libomp "__kmpc_taskloop_5" (Ptr, I32, Ptr, I32, Ptr, Ptr, I64, I32, I32, I64, I32, Ptr) -> Void;
    Taskgroup = Libomp "__kmpc_taskgroup" (Ptr, I32) -> Void;
    EndTaskgroup = Libomp "__kmpc_end_taskgroup" (Ptr, I32) -> Void;
    /// `ptr (gtid, n, kmp_taskred_input_t *)`: a taskgroup's task reductions.
    TaskredInit = Libomp "__kmpc_taskred_init" (I32, I32, Ptr) -> Ptr;
    /// `ptr (gtid, taskgroup or null, shared item)`: this thread's copy.
    TaskReductionGetThData = Libomp "__kmpc_task_reduction_get_th_data" (I32, Ptr, Ptr) -> Ptr;
    /// `ptr (ident, gtid, is_ws, n, kmp_taskred_input_t *)`: a parallel or
    /// worksharing construct's `reduction(task, ...)` items, each thread's.
    TaskredModifierInit = Libomp "__kmpc_taskred_modifier_init" (Ptr, I32, I32, I32, Ptr) -> Ptr;
    /// `(ident, gtid, is_ws)`: their tasks' copies combined (the last thread).
    TaskReductionModifierFini = Libomp "__kmpc_task_reduction_modifier_fini" (Ptr, I32, I32) -> Void;
    ReduceNowait = Libomp "__kmpc_reduce_nowait" (Ptr, I32, I32, I64, Ptr, Ptr, Ptr) -> I32;
    EndReduceNowait = Libomp "__kmpc_end_reduce_nowait" (Ptr, I32, Ptr) -> Void;
    /// `(ident_t *, gtid, schedtype, plastiter, plower, pupper, pstride, incr, chunk)`.
    ForStaticInit4 = Libomp "__kmpc_for_static_init_4" (Ptr, I32, I32, Ptr, Ptr, Ptr, Ptr, I32, I32) -> Void;
    ForStaticInit4u = Libomp "__kmpc_for_static_init_4u" (Ptr, I32, I32, Ptr, Ptr, Ptr, Ptr, I32, I32) -> Void;
    ForStaticInit8 = Libomp "__kmpc_for_static_init_8" (Ptr, I32, I32, Ptr, Ptr, Ptr, Ptr, I64, I64) -> Void;
    ForStaticInit8u = Libomp "__kmpc_for_static_init_8u" (Ptr, I32, I32, Ptr, Ptr, Ptr, Ptr, I64, I64) -> Void;
    ForStaticFini = Libomp "__kmpc_for_static_fini" (Ptr, I32) -> Void;
    /// `(ident_t *, gtid, schedtype, lb, ub, st, chunk)`.
    DispatchInit4 = Libomp "__kmpc_dispatch_init_4" (Ptr, I32, I32, I32, I32, I32, I32) -> Void;
    DispatchInit4u = Libomp "__kmpc_dispatch_init_4u" (Ptr, I32, I32, I32, I32, I32, I32) -> Void;
    DispatchInit8 = Libomp "__kmpc_dispatch_init_8" (Ptr, I32, I32, I64, I64, I64, I64) -> Void;
    DispatchInit8u = Libomp "__kmpc_dispatch_init_8u" (Ptr, I32, I32, I64, I64, I64, I64) -> Void;
    /// `(ident_t *, gtid, plastiter, plower, pupper, pstride)`: nonzero while chunks remain.
    DispatchNext4 = Libomp "__kmpc_dispatch_next_4" (Ptr, I32, Ptr, Ptr, Ptr, Ptr) -> I32;
    DispatchNext4u = Libomp "__kmpc_dispatch_next_4u" (Ptr, I32, Ptr, Ptr, Ptr, Ptr) -> I32;
    DispatchNext8 = Libomp "__kmpc_dispatch_next_8" (Ptr, I32, Ptr, Ptr, Ptr, Ptr) -> I32;
    DispatchNext8u = Libomp "__kmpc_dispatch_next_8u" (Ptr, I32, Ptr, Ptr, Ptr, Ptr) -> I32;
    DispatchFini4 = Libomp "__kmpc_dispatch_fini_4" (Ptr, I32) -> Void;
    DispatchFini4u = Libomp "__kmpc_dispatch_fini_4u" (Ptr, I32) -> Void;
    DispatchFini8 = Libomp "__kmpc_dispatch_fini_8" (Ptr, I32) -> Void;
    DispatchFini8u = Libomp "__kmpc_dispatch_fini_8u" (Ptr, I32) -> Void;
    /// `(ident_t *, gtid, kmp_int32 num_dims, const struct kmp_dim *dims)`.
    DoacrossInit = Libomp "__kmpc_doacross_init" (Ptr, I32, I32, Ptr) -> Void;
    /// `(ident_t *, gtid, const kmp_int64 *vec)`.
    DoacrossWait = Libomp "__kmpc_doacross_wait" (Ptr, I32, Ptr) -> Void;
    DoacrossPost = Libomp "__kmpc_doacross_post" (Ptr, I32, Ptr) -> Void;
    DoacrossFini = Libomp "__kmpc_doacross_fini" (Ptr, I32) -> Void;
    /// `void *(gtid, size_t size, omp_allocator_handle_t)`.
    Alloc = Libomp "__kmpc_alloc" (I32, I64, Ptr) -> Ptr noalias;
    /// `void *(gtid, size_t align, size_t size, omp_allocator_handle_t)`.
    AlignedAlloc = Libomp "__kmpc_aligned_alloc" (I32, I64, I64, Ptr) -> Ptr noalias;
    Free = Libomp "__kmpc_free" (I32, Ptr, Ptr) -> Void;
    GetThreadNum = Libomp "omp_get_thread_num" () -> I32;
    /// The team's number in the league (0 outside teams).
    GetTeamNum = Libomp "omp_get_team_num" () -> I32;
    GetNumThreads = Libomp "omp_get_num_threads" () -> I32;
    Malloc = Libc "malloc" (I64) -> Ptr noalias;
    /// `void *(size_t align, size_t size)` (C11).
    CAlignedAlloc = Libc "aligned_alloc" (I64, I64) -> Ptr noalias;
    CFree = Libc "free" (Ptr) -> Void;
    /// `int (ident_t *, int64_t device_id, int32_t num_teams, int32_t
    /// thread_limit, void *host_ptr, __tgt_kernel_arguments *)`: nonzero
    /// when the region did not run on a device (the host fallback runs).
    /// `(ident_t *, int8_t mode, bool use_generic_state_machine)`: -1 for
    /// the threads that run the kernel's body (device runtime, LLVM 16).
    TargetInit = DeviceRtl "__kmpc_target_init" (Ptr, I8, I1) -> I32;
    TargetDeinit = DeviceRtl "__kmpc_target_deinit" (Ptr, I8) -> Void;
    /// `(ident_t *, gtid, if, num_threads, proc_bind, fn, wrapper, void
    /// **args, nargs)`: a parallel region on the device.
    Parallel51 = DeviceRtl "__kmpc_parallel_51" (Ptr, I32, I32, I32, I32, Ptr, Ptr, Ptr, I64) -> Void;
    /// `(void ***)`: in a generic kernel's parallel region, the argument
    /// array `__kmpc_parallel_51` shared with the team (its wrapper reads it).
    GetSharedVariables = DeviceRtl "__kmpc_get_shared_variables" (Ptr) -> Void;
    /// `void *(size_t)`: memory every thread of the team can address, for a
    /// generic kernel's variable shared with a parallel region.
    AllocShared = DeviceRtl "__kmpc_alloc_shared" (I64) -> Ptr;
    /// `(void *, size_t)`: frees `__kmpc_alloc_shared`'s memory, last first.
    FreeShared = DeviceRtl "__kmpc_free_shared" (Ptr, I64) -> Void;
    /// `(const char *format, void *args, int size)`: CUDA's `vprintf` on
    /// a buffer of the promoted arguments, as clang 16 calls it for OpenMP.
    Vprintf = DeviceRtl "__llvm_omp_vprintf" (Ptr, Ptr, I32) -> I32;
    TgtTargetKernel = Libomptarget "__tgt_target_kernel" (Ptr, I64, I32, I32, Ptr, Ptr) -> I32;
    /// `(ident_t *, int64_t device_id, int32_t arg_num, void **base_ptrs,
    /// void **ptrs, int64_t *sizes, int64_t *map_types, map_var_info_t *names,
    /// void **mappers)`.
    TgtDataBegin = Libomptarget "__tgt_target_data_begin_mapper" (Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr) -> Void;
    TgtDataEnd = Libomptarget "__tgt_target_data_end_mapper" (Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr) -> Void;
    TgtDataUpdate = Libomptarget "__tgt_target_data_update_mapper" (Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr) -> Void;
    /// The same in a deferred target task (`nowait`), with the
    /// dependence lists `(int32_t n, void *list, int32_t noalias_n, void
    /// *noalias_list)` after them: 0 and null, the task carries them.
    TgtDataBeginNowait = Libomptarget "__tgt_target_data_begin_nowait_mapper" (Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, I32, Ptr, I32, Ptr) -> Void;
    TgtDataEndNowait = Libomptarget "__tgt_target_data_end_nowait_mapper" (Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, I32, Ptr, I32, Ptr) -> Void;
    TgtDataUpdateNowait = Libomptarget "__tgt_target_data_update_nowait_mapper" (Ptr, I64, I32, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr, I32, Ptr, I32, Ptr) -> Void;
    /// `void (int64_t flags)`: the program's `requires` clauses.
    TgtRegisterRequires = Libomptarget "__tgt_register_requires" (I64) -> Void;
}

impl Rt {
    /// The loop-scheduling entry points for an IV of `bits` (32 or 64),
    /// signed or not: (`for_static_init`, `dispatch_init`, `dispatch_next`,
    /// `dispatch_fini`).
    pub fn for_iv(bits: u32, unsigned: bool) -> [Rt; 4] {
        use Rt::*;
        match (bits == 64, unsigned) {
            (false, false) => [ForStaticInit4, DispatchInit4, DispatchNext4, DispatchFini4],
            (false, true) => [ForStaticInit4u, DispatchInit4u, DispatchNext4u, DispatchFini4u],
            (true, false) => [ForStaticInit8, DispatchInit8, DispatchNext8, DispatchFini8],
            (true, true) => [ForStaticInit8u, DispatchInit8u, DispatchNext8u, DispatchFini8u],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Rt::ALL.iter().map(|r| r.entry().name).collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }

    /// Every libomp entry of the table is exported by the libomp that
    /// weft's programs link (clang-16 -fopenmp's).
    #[test]
    fn libomp_exports_every_entry() {
        let lib = std::process::Command::new("clang-16")
            .arg("-print-file-name=libomp.so")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|p| std::path::Path::new(p).is_absolute())
            .unwrap_or_else(|| "/usr/lib/llvm-16/lib/libomp.so".to_string());
        let out =
            std::process::Command::new("nm").args(["-D", "--defined-only", &lib]).output().expect("nm (binutils) runs");
        assert!(out.status.success(), "nm -D {lib}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        // (Names carry their symbol version: `__kmpc_barrier@@VERSION`.)
        let exported: std::collections::HashSet<&str> =
            text.lines().filter_map(|l| l.split_whitespace().last()).filter_map(|s| s.split('@').next()).collect();
        let missing: Vec<&str> = Rt::ALL
            .iter()
            .map(|r| r.entry())
            .filter(|e| e.lib == Lib::Libomp && !exported.contains(e.name))
            .map(|e| e.name)
            .collect();
        assert!(missing.is_empty(), "{lib} does not export {missing:?}");
    }

    /// Every libomptarget entry of the table is exported by LLVM 16's.
    #[test]
    fn libomptarget_exports_every_entry() {
        let lib = "/usr/lib/llvm-16/lib/libomptarget.so";
        if !std::path::Path::new(lib).exists() {
            return;
        }
        let out = std::process::Command::new("nm").args(["-D", "--defined-only", lib]).output().expect("nm runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let exported: std::collections::HashSet<&str> =
            text.lines().filter_map(|l| l.split_whitespace().last()).filter_map(|s| s.split('@').next()).collect();
        for e in Rt::ALL.iter().map(|r| r.entry()).filter(|e| e.lib == Lib::Libomptarget) {
            assert!(exported.contains(e.name), "{lib} does not export {}", e.name);
        }
    }

    /// Every device runtime entry of the table is defined by LLVM 16's
    /// NVPTX device runtime (what a device image links).
    #[test]
    fn device_runtime_defines_every_entry() {
        let lib = "/usr/lib/llvm-16/lib/libomptarget-nvptx-sm_90.bc";
        if !std::path::Path::new(lib).exists() {
            return;
        }
        let Ok(out) =
            std::process::Command::new("/usr/lib/llvm-16/bin/llvm-nm").args(["--defined-only", "-j", lib]).output()
        else {
            return;
        };
        let text = String::from_utf8_lossy(&out.stdout);
        let defined: std::collections::HashSet<&str> = text.lines().map(str::trim).collect();
        for e in Rt::ALL.iter().map(|r| r.entry()).filter(|e| e.lib == Lib::DeviceRtl) {
            assert!(defined.contains(e.name), "{lib} does not define {}", e.name);
        }
    }

    #[test]
    fn loop_entry_points_match_the_iv() {
        for (bits, unsigned) in [(32, false), (32, true), (64, false), (64, true)] {
            let [init, _, next, _] = Rt::for_iv(bits, unsigned);
            let sfx = format!("_{}{}", bits / 8, if unsigned { "u" } else { "" });
            assert!(init.entry().name.ends_with(&sfx));
            assert!(next.entry().name.ends_with(&sfx));
            let iv = if bits == 64 { Ty::I64 } else { Ty::I32 };
            assert_eq!(init.entry().params[7], iv);
        }
    }
}
