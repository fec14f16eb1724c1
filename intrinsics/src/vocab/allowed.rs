//! Which clauses each directive takes: clause families and the sets of them
//! each construct accepts (docs/vocabulary.md).

use super::{ClauseKind, DirKind};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Family {
    Default,
    Atomic,
    Fail,
    ProcBind,
    CancelConstruct,
    Depend,
    Map,
    Reduction,
    InReduction,
    Schedule,
    Bind,
    Defaultmap,
    Plain(ClauseKind),
}

mod sets {
    use super::ClauseKind as C;
    use super::Family::{self, *};

    pub const PARALLEL: &[Family] = &[
        Plain(C::If),
        Plain(C::NumThreads),
        Default,
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Shared),
        Plain(C::Copyin),
        Reduction,
        ProcBind,
        Plain(C::Allocate),
    ];
    pub const LOOP: &[Family] = &[
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Lastprivate),
        Plain(C::Linear),
        Reduction,
        Schedule,
        Plain(C::Collapse),
        Plain(C::Ordered),
        Plain(C::Nowait),
        Plain(C::OrderConcurrent),
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
        Plain(C::Allocate),
        // (icx's LIVEIN on a loop around a loop transformation.)
        Plain(C::Livein),
    ];
    pub const SIMD: &[Family] = &[
        Plain(C::Safelen),
        Plain(C::Simdlen),
        Plain(C::Linear),
        // (On a value, by the sandwich scheme: the same in every lane.)
        Plain(C::Uniform),
        Plain(C::Aligned),
        Plain(C::Private),
        Plain(C::Lastprivate),
        Reduction,
        Plain(C::Collapse),
        Plain(C::If),
        Plain(C::OrderConcurrent),
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
        Plain(C::Nontemporal),
        // (ifx's LIVEIN on a simd loop: the variables read in it.)
        Plain(C::Livein),
    ];
    pub const SECTIONS: &[Family] = &[
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Lastprivate),
        Reduction,
        Plain(C::Nowait),
        Plain(C::Allocate),
        // (The loop over the section index that weft-prepare makes of a
        // sections construct, and icx's prepared form, name its slots.)
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
    ];
    pub const SINGLE: &[Family] =
        &[Plain(C::Private), Plain(C::Firstprivate), Plain(C::Copyprivate), Plain(C::Nowait), Plain(C::Allocate)];
    pub const CRITICAL: &[Family] = &[Plain(C::Name), Plain(C::Hint)];
    pub const ATOMIC: &[Family] = &[Atomic, Plain(C::Compare), Fail, Plain(C::Weak), Plain(C::Hint)];
    pub const TASK: &[Family] = &[
        Plain(C::If),
        Plain(C::Final),
        Plain(C::Untied),
        Default,
        Plain(C::Mergeable),
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Shared),
        Depend,
        Plain(C::Priority),
        Plain(C::Implicit),
        Plain(C::Allocate),
        InReduction,
        Plain(C::Detach),
        Plain(C::Affinity),
        Plain(C::DepArray),
        Plain(C::TargetTask),
    ];
    pub const TASKLOOP: &[Family] = &[
        Plain(C::If),
        Plain(C::Shared),
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Lastprivate),
        Reduction,
        Default,
        Plain(C::Grainsize),
        Plain(C::NumTasks),
        Plain(C::Collapse),
        Plain(C::Final),
        Plain(C::Priority),
        Plain(C::Untied),
        Plain(C::Mergeable),
        Plain(C::Nogroup),
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
        Plain(C::Allocate),
        InReduction,
    ];
    pub const TARGET: &[Family] = &[
        Plain(C::If),
        Defaultmap,
        Plain(C::OffloadEntryIdx),
        Plain(C::ThreadLimit),
        Plain(C::Device),
        Plain(C::Private),
        Plain(C::Firstprivate),
        Map,
        Plain(C::IsDevicePtr),
        Plain(C::HasDeviceAddr),
        Depend,
        Plain(C::DepArray),
        Plain(C::Nowait),
        Default,
        Plain(C::Allocate),
        // (OpenMP 5.1 §2.21.5.6: its target task takes part in a task
        // reduction; prepare/target_task.rs.)
        InReduction,
    ];
    pub const TARGET_DATA: &[Family] =
        &[Plain(C::If), Plain(C::Device), Map, Plain(C::UseDevicePtr), Plain(C::UseDeviceAddr)];
    pub const TARGET_MOTION: &[Family] =
        &[Plain(C::If), Plain(C::Device), Map, Depend, Plain(C::DepArray), Plain(C::Nowait)];
    pub const TEAMS: &[Family] = &[
        Plain(C::NumTeams),
        Plain(C::ThreadLimit),
        Default,
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Shared),
        Reduction,
        Plain(C::Allocate),
    ];
    pub const DISTRIBUTE: &[Family] = &[
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Lastprivate),
        Plain(C::Collapse),
        Plain(C::DistSchedule),
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
        Plain(C::Allocate),
    ];
    pub const CANCEL: &[Family] = &[CancelConstruct, Plain(C::If)];
    pub const CANCELLATION_POINT: &[Family] = &[CancelConstruct];
    pub const NOWAIT_ONLY: &[Family] = &[Plain(C::Nowait)];
    pub const MASKED: &[Family] = &[Plain(C::Filter)];
    pub const FLUSH: &[Family] = &[Plain(C::FlushList)];
    pub const ORDERED: &[Family] =
        &[Plain(C::DependSink), Plain(C::DependSource), Plain(C::OrderedThreads), Plain(C::OrderedSimd)];
    /// (icx spells `task_reduction` as a REDUCTION on the taskgroup.)
    pub const TASKGROUP: &[Family] = &[Plain(C::Implicit), Reduction, Plain(C::Allocate)];
    pub const IVDEP: &[Family] = &[Plain(C::PragmaArray)];
    pub const SCOPE: &[Family] =
        &[Plain(C::Private), Plain(C::Firstprivate), Reduction, Plain(C::Nowait), Plain(C::Allocate)];
    pub const THREADPRIVATE: &[Family] = &[Plain(C::ThreadprivateList)];
    pub const TASKWAIT: &[Family] = &[Depend, Plain(C::Nowait), Plain(C::DepArray)];
    /// OpenMP 5.0's `loop`, with what icx adds to a loop (the lower bound
    /// FIRSTPRIVATE, SHARED lists, the NORMALIZED slots).
    pub const GENERICLOOP: &[Family] = &[
        Bind,
        Plain(C::DoConcurrent),
        Plain(C::OrderConcurrent),
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Shared),
        Plain(C::Lastprivate),
        Reduction,
        Plain(C::Collapse),
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
    ];
    /// OpenMP 5.1's loop transformations, with the slots and LIVEIN
    /// variables icx adds to them.
    pub const TILE: &[Family] = &[Plain(C::Sizes), Plain(C::NormalizedIv), Plain(C::NormalizedUb), Plain(C::Livein)];
    pub const UNROLL: &[Family] =
        &[Plain(C::Partial), Plain(C::Full), Plain(C::NormalizedIv), Plain(C::NormalizedUb), Plain(C::Livein)];
    /// OpenMP 5.1's `scan` (§2.11.8): one of inclusive or exclusive.
    pub const SCAN: &[Family] = &[Plain(C::Inclusive), Plain(C::Exclusive)];
    pub const NONE: &[Family] = &[];
}

impl DirKind {
    /// The clause families this directive takes; combined constructs take
    /// the union of their parts (less `nowait` on a combined parallel).
    fn clause_sets(self) -> &'static [&'static [Family]] {
        use sets::*;
        use DirKind as D;
        match self {
            D::Parallel => &[PARALLEL],
            D::Loop => &[LOOP],
            D::ParallelLoop => &[PARALLEL, LOOP],
            D::Simd => &[SIMD],
            D::ParallelLoopSimd => &[PARALLEL, LOOP, SIMD],
            D::LoopSimd => &[LOOP, SIMD],
            D::Sections => &[SECTIONS],
            D::ParallelSections => &[PARALLEL, SECTIONS],
            D::Single => &[SINGLE],
            D::Masked => &[MASKED],
            D::Critical => &[CRITICAL],
            D::Atomic => &[ATOMIC],
            D::Flush => &[FLUSH],
            D::Ordered => &[ORDERED],
            D::Task => &[TASK],
            D::Taskloop => &[TASKLOOP],
            D::TaskloopSimd => &[TASKLOOP, SIMD],
            D::Target => &[TARGET],
            D::TargetData => &[TARGET_DATA],
            D::TargetUpdate | D::TargetEnterData | D::TargetExitData => &[TARGET_MOTION],
            D::Teams => &[TEAMS],
            D::Distribute => &[DISTRIBUTE],
            D::DistributeParLoop => &[DISTRIBUTE, PARALLEL, LOOP],
            D::Cancel => &[CANCEL],
            D::CancellationPoint => &[CANCELLATION_POINT],
            D::Workshare => &[NOWAIT_ONLY],
            D::ParallelWorkshare => &[PARALLEL],
            D::Threadprivate => &[THREADPRIVATE],
            D::Taskwait => &[TASKWAIT],
            D::GenericLoop => &[GENERICLOOP],
            D::Taskgroup => &[TASKGROUP],
            D::Scope => &[SCOPE],
            D::Tile => &[TILE],
            D::Unroll => &[UNROLL],
            D::Scan => &[SCAN],
            D::Ivdep => &[IVDEP],
            D::Section | D::Master | D::Barrier | D::Taskyield | D::AutoVec => &[NONE],
        }
    }

    /// Whether this directive takes clause `c`.
    pub fn takes(self, c: ClauseKind) -> bool {
        let combined_parallel = matches!(
            self,
            DirKind::ParallelLoop
                | DirKind::ParallelLoopSimd
                | DirKind::ParallelSections
                | DirKind::DistributeParLoop
                | DirKind::ParallelWorkshare
        );
        if combined_parallel && c == ClauseKind::Nowait {
            return false;
        }
        let f = c.family();
        self.clause_sets().iter().any(|set| set.contains(&f))
    }

    /// Whether it starts a team of threads (an outlined parallel region).
    pub fn is_team_parallel(self) -> bool {
        matches!(
            self,
            DirKind::Parallel | DirKind::ParallelLoop | DirKind::ParallelLoopSimd | DirKind::ParallelSections
        ) || self.is_league()
    }

    /// Whether it is outlined and forked on its own for a league of teams
    /// (`teams`) or for each team (`distribute parallel for`).
    pub fn is_league(self) -> bool {
        matches!(self, DirKind::Teams | DirKind::DistributeParLoop)
    }

    /// Whether it is a taskloop (`taskloop` or `taskloop simd`, whose simd
    /// part is each task's loop: paropt::taskloop_simd).
    pub fn is_taskloop(self) -> bool {
        matches!(self, DirKind::Taskloop | DirKind::TaskloopSimd)
    }

    /// Whether it is a worksharing loop (its iterations divided among a team).
    pub fn is_worksharing_loop(self) -> bool {
        matches!(self, DirKind::Loop | DirKind::ParallelLoop | DirKind::LoopSimd | DirKind::ParallelLoopSimd)
            || matches!(self, DirKind::Distribute | DirKind::DistributeParLoop)
    }

    /// Whether it is one of OpenMP 5.1's loop transformations (tile,
    /// unroll), which weft-prepare carries out before anything else uses
    /// the loops.
    pub fn is_loop_transform(self) -> bool {
        matches!(self, DirKind::Tile | DirKind::Unroll)
    }

    /// Whether vectorization (weft-vectorize) owns it rather than threading (weft-paropt).
    pub fn is_simd_only(self) -> bool {
        matches!(self, DirKind::Simd | DirKind::AutoVec | DirKind::Ivdep)
    }
}
