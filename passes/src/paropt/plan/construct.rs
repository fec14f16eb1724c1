//! The constructs paropt lowers, one per directive kind it takes.
use weft_intrinsics::vocab::DirKind;

/// The constructs paropt lowers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    /// Outlined into a microtask run by a team.
    Parallel,
    /// Partitioned in place among the threads of the enclosing team.
    Loop,
    /// A loop partitioned inside its own outlined parallel region.
    ParallelLoop,
    Master,
    Masked,
    Critical,
    Single,
    Barrier,
    Flush,
    Taskwait,
    Taskyield,
    /// An explicit task: its body outlined into a task entry, its data in
    /// the block `__kmpc_omp_task_alloc` returns (paropt::task).
    Task,
    /// A taskloop: its loop's iterations divided into tasks by libomp's
    /// `__kmpc_taskloop` (paropt::taskloop).
    Taskloop,
    /// A taskgroup: its tasks and their descendants waited for at its end.
    Taskgroup,
    Atomic,
    /// An `ordered` region inside a loop with the ORDERED clause.
    Ordered,
    /// A simd loop (weft-vectorize's): run by the encountering thread with
    /// its clauses' private copies.
    Simd,
    /// OpenMP 5.1 `scope`: every thread of the team runs it, with its own
    /// copies; reductions combined, a barrier at the end (paropt::scope).
    Scope,
    /// OpenMP 5.1 `scan`: where its loop's body splits into the input and
    /// the scan phase; the loop's own lowering takes it (paropt::scan).
    Scan,
    /// `cancel` and `cancellation point` (OpenMP 5.1 §2.20), lowered in
    /// place (paropt::cancel).
    Cancel,
    CancellationPoint,
    /// `target`: its body outlined into the host fallback, launched through
    /// `__tgt_target_kernel` (paropt::target, docs/offload.md).
    Target,
    /// `target data`: its maps around its body (paropt::target_data).
    TargetData,
    /// `target enter data`, `target exit data`, `target update`: one
    /// libomptarget call each (paropt::target_data).
    TargetEnterData,
    TargetExitData,
    TargetUpdate,
    /// Host `teams` (OpenMP 5.0): outlined like a parallel region and forked
    /// for a league of teams through `__kmpc_fork_teams` (paropt::teams).
    Teams,
    /// `distribute`: the loop partitioned in place among the league's teams
    /// with libomp's distribute schedules (paropt::distribute).
    Distribute,
    /// `distribute parallel for`: a parallel loop outlined for each team,
    /// over the chunk its team is distributed (paropt::distribute).
    DistributeParLoop,
}

impl Construct {
    pub fn of(kind: DirKind) -> Option<Construct> {
        Some(match kind {
            DirKind::Parallel => Construct::Parallel,
            // The simd part of a combined construct: each thread's chunk stays
            // a scalar loop until weft-vectorize's VPlan is built.
            DirKind::Loop | DirKind::LoopSimd => Construct::Loop,
            DirKind::ParallelLoop | DirKind::ParallelLoopSimd => Construct::ParallelLoop,
            // weft-prepare made each a worksharing loop over the section
            // index (prepare/sections.rs), lowered as any loop.
            DirKind::Sections => Construct::Loop,
            DirKind::ParallelSections => Construct::ParallelLoop,
            DirKind::Simd | DirKind::AutoVec | DirKind::Ivdep => Construct::Simd,
            DirKind::Master => Construct::Master,
            DirKind::Masked => Construct::Masked,
            DirKind::Critical => Construct::Critical,
            DirKind::Single => Construct::Single,
            DirKind::Barrier => Construct::Barrier,
            DirKind::Flush => Construct::Flush,
            DirKind::Taskwait => Construct::Taskwait,
            DirKind::Ordered => Construct::Ordered,
            DirKind::Taskyield => Construct::Taskyield,
            DirKind::Task => Construct::Task,
            DirKind::Taskgroup => Construct::Taskgroup,
            DirKind::Taskloop | DirKind::TaskloopSimd => Construct::Taskloop,
            DirKind::Atomic => Construct::Atomic,
            DirKind::Scope => Construct::Scope,
            DirKind::Scan => Construct::Scan,
            DirKind::Cancel => Construct::Cancel,
            DirKind::CancellationPoint => Construct::CancellationPoint,
            DirKind::Target => Construct::Target,
            DirKind::TargetData => Construct::TargetData,
            DirKind::TargetEnterData => Construct::TargetEnterData,
            DirKind::TargetExitData => Construct::TargetExitData,
            DirKind::TargetUpdate => Construct::TargetUpdate,
            DirKind::Teams => Construct::Teams,
            DirKind::Distribute => Construct::Distribute,
            DirKind::DistributeParLoop => Construct::DistributeParLoop,
            _ => return None,
        })
    }

    pub fn is_parallel(self) -> bool {
        matches!(self, Construct::Parallel | Construct::ParallelLoop | Construct::Teams | Construct::DistributeParLoop)
    }

    /// The device constructs (paropt::target, paropt::target_data).
    pub fn is_target(self) -> bool {
        matches!(
            self,
            Construct::Target
                | Construct::TargetData
                | Construct::TargetEnterData
                | Construct::TargetExitData
                | Construct::TargetUpdate
        )
    }

    pub fn is_loop(self) -> bool {
        matches!(self, Construct::Loop | Construct::ParallelLoop | Construct::Distribute | Construct::DistributeParLoop)
    }
}
