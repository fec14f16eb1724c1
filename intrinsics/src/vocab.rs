//! The accepted vocabulary: every directive and clause string weft knows, its
//! END partner, its W-Region node name, and which clauses each directive takes.
//! Spellings follow Intel's public test IR (docs/vocabulary.md).

/// The string that closes every paper-form directive group.
pub const LIST_END: &str = "DIR.QUAL.LIST.END";
pub const NONPOD_MARKER: &str = "QUAL.OPND.NONPOD";
pub const ARRSECT_MARKER: &str = "QUAL.OPND.ARRSECT";

macro_rules! directives {
    ($( $kind:ident = $begin:literal, $end:expr, $node:literal; )*) => {
        /// A directive (construct) kind.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum DirKind { $($kind),* }

        impl DirKind {
            pub const ALL: &'static [DirKind] = &[$(DirKind::$kind),*];

            /// The opening string, e.g. `DIR.OMP.PARALLEL`.
            pub fn begin_name(self) -> &'static str {
                match self { $(DirKind::$kind => $begin),* }
            }

            /// The closing string, e.g. `DIR.OMP.END.PARALLEL`; None for
            /// directives that stand alone (THREADPRIVATE).
            pub fn end_name(self) -> Option<&'static str> {
                match self { $(DirKind::$kind => $end),* }
            }

            /// The W-Region node class printed by `print<wregions>`.
            pub fn node_name(self) -> &'static str {
                match self { $(DirKind::$kind => $node),* }
            }
        }
    };
}

directives! {
    Parallel = "DIR.OMP.PARALLEL", Some("DIR.OMP.END.PARALLEL"), "WRNParallelNode";
    Loop = "DIR.OMP.LOOP", Some("DIR.OMP.END.LOOP"), "WRNWksLoopNode";
    ParallelLoop = "DIR.OMP.PARALLEL.LOOP", Some("DIR.OMP.END.PARALLEL.LOOP"), "WRNParallelLoopNode";
    Simd = "DIR.OMP.SIMD", Some("DIR.OMP.END.SIMD"), "WRNVecLoopNode";
    ParallelLoopSimd = "DIR.OMP.PARALLEL.LOOP.SIMD", Some("DIR.OMP.END.PARALLEL.LOOP.SIMD"), "WRNParallelLoopSimdNode";
    LoopSimd = "DIR.OMP.LOOP.SIMD", Some("DIR.OMP.END.LOOP.SIMD"), "WRNWksLoopSimdNode";
    Sections = "DIR.OMP.SECTIONS", Some("DIR.OMP.END.SECTIONS"), "WRNSectionsNode";
    ParallelSections = "DIR.OMP.PARALLEL.SECTIONS", Some("DIR.OMP.END.PARALLEL.SECTIONS"), "WRNParallelSectionsNode";
    Section = "DIR.OMP.SECTION", Some("DIR.OMP.END.SECTION"), "WRNSectionNode";
    Single = "DIR.OMP.SINGLE", Some("DIR.OMP.END.SINGLE"), "WRNSingleNode";
    Master = "DIR.OMP.MASTER", Some("DIR.OMP.END.MASTER"), "WRNMasterNode";
    Masked = "DIR.OMP.MASKED", Some("DIR.OMP.END.MASKED"), "WRNMaskedNode";
    Critical = "DIR.OMP.CRITICAL", Some("DIR.OMP.END.CRITICAL"), "WRNCriticalNode";
    Barrier = "DIR.OMP.BARRIER", Some("DIR.OMP.END.BARRIER"), "WRNBarrierNode";
    Taskwait = "DIR.OMP.TASKWAIT", Some("DIR.OMP.END.TASKWAIT"), "WRNTaskwaitNode";
    Taskyield = "DIR.OMP.TASKYIELD", Some("DIR.OMP.END.TASKYIELD"), "WRNTaskyieldNode";
    Atomic = "DIR.OMP.ATOMIC", Some("DIR.OMP.END.ATOMIC"), "WRNAtomicNode";
    Flush = "DIR.OMP.FLUSH", Some("DIR.OMP.END.FLUSH"), "WRNFlushNode";
    Ordered = "DIR.OMP.ORDERED", Some("DIR.OMP.END.ORDERED"), "WRNOrderedNode";
    Task = "DIR.OMP.TASK", Some("DIR.OMP.END.TASK"), "WRNTaskNode";
    Taskgroup = "DIR.OMP.TASKGROUP", Some("DIR.OMP.END.TASKGROUP"), "WRNTaskgroupNode";
    Taskloop = "DIR.OMP.TASKLOOP", Some("DIR.OMP.END.TASKLOOP"), "WRNTaskloopNode";
    Target = "DIR.OMP.TARGET", Some("DIR.OMP.END.TARGET"), "WRNTargetNode";
    TargetData = "DIR.OMP.TARGET.DATA", Some("DIR.OMP.END.TARGET.DATA"), "WRNTargetDataNode";
    TargetUpdate = "DIR.OMP.TARGET.UPDATE", Some("DIR.OMP.END.TARGET.UPDATE"), "WRNTargetUpdateNode";
    TargetEnterData = "DIR.OMP.TARGET.ENTER.DATA", Some("DIR.OMP.END.TARGET.ENTER.DATA"), "WRNTargetEnterDataNode";
    TargetExitData = "DIR.OMP.TARGET.EXIT.DATA", Some("DIR.OMP.END.TARGET.EXIT.DATA"), "WRNTargetExitDataNode";
    Teams = "DIR.OMP.TEAMS", Some("DIR.OMP.END.TEAMS"), "WRNTeamsNode";
    Distribute = "DIR.OMP.DISTRIBUTE", Some("DIR.OMP.END.DISTRIBUTE"), "WRNDistributeNode";
    DistributeParLoop = "DIR.OMP.DISTRIBUTE.PARLOOP", Some("DIR.OMP.END.DISTRIBUTE.PARLOOP"), "WRNDistributeParLoopNode";
    Cancel = "DIR.OMP.CANCEL", Some("DIR.OMP.END.CANCEL"), "WRNCancelNode";
    CancellationPoint = "DIR.OMP.CANCELLATION.POINT", Some("DIR.OMP.END.CANCELLATION.POINT"), "WRNCancellationPointNode";
    Workshare = "DIR.OMP.WORKSHARE", Some("DIR.OMP.END.WORKSHARE"), "WRNWorkshareNode";
    ParallelWorkshare = "DIR.OMP.PARALLEL.WORKSHARE", Some("DIR.OMP.END.PARALLEL.WORKSHARE"), "WRNParallelWorkshareNode";
    Threadprivate = "DIR.OMP.THREADPRIVATE", None, "WRNThreadprivateNode";
    AutoVec = "DIR.VPO.AUTO.VEC", Some("DIR.VPO.END.AUTO.VEC"), "WRNAutoVecNode";
    Ivdep = "DIR.PRAGMA.IVDEP", Some("DIR.PRAGMA.END.IVDEP"), "WRNIvdepNode";
    GenericLoop = "DIR.OMP.GENERICLOOP", Some("DIR.OMP.END.GENERICLOOP"), "WRNGenericLoopNode";
    Scope = "DIR.OMP.SCOPE", Some("DIR.OMP.END.SCOPE"), "WRNScopeNode";
}

/// A directive string, classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirString {
    Begin(DirKind),
    End(DirKind),
    ListEnd,
}

impl DirString {
    pub fn parse(s: &str) -> Option<DirString> {
        if s == LIST_END {
            return Some(DirString::ListEnd);
        }
        DirKind::ALL.iter().find_map(|&k| {
            if k.begin_name() == s {
                Some(DirString::Begin(k))
            } else if k.end_name() == Some(s) {
                Some(DirString::End(k))
            } else {
                None
            }
        })
    }
}

/// How a clause's operands are given: which paper-form intrinsic carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// `llvm.directive.qual`
    None,
    /// `llvm.directive.qual.opnd`
    One,
    /// `llvm.directive.qual.opndlist`
    List,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataSharing {
    None,
    Shared,
    Private,
    Firstprivate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Read,
    Write,
    Update,
    Capture,
}

/// The `loop` construct's binding region (`bind(...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binding {
    Thread,
    Parallel,
    Teams,
}
pub use crate::memorder::MemOrder;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProcBind {
    Master,
    Close,
    Spread,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DependKind {
    In,
    Out,
    Inout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapKind {
    To,
    From,
    Tofrom,
    Alloc,
    Release,
    Delete,
}

/// DEFAULTMAP's behavior (OpenMP 5.x `defaultmap(behavior: category)`; the
/// category is a modifier: `:SCALAR`, `:AGGREGATE`, `:POINTER`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefaultmapBehavior {
    Alloc,
    To,
    From,
    Tofrom,
    Firstprivate,
    None,
    Default,
    Present,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReductionOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Band,
    Bor,
    Bxor,
    Max,
    Min,
    Udr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScheduleKind {
    Static,
    Dynamic,
    Guided,
    Auto,
    Runtime,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CancelConstruct {
    Parallel,
    Loop,
    Sections,
    Taskgroup,
}

/// A clause kind; compound clauses carry their operator or sub-kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClauseKind {
    Default(DataSharing),
    Nowait,
    Untied,
    Mergeable,
    Nogroup,
    Atomic(AtomicOp),
    /// OpenMP 5.1 `compare` (alone or with `capture`/`update`).
    Compare,
    /// `fail(order)`: the order of a compare that does not write.
    Fail(MemOrder),
    /// `weak`: the compare-exchange may fail spuriously.
    Weak,
    ProcBind(ProcBind),
    Inbranch,
    Notinbranch,
    CancelConstruct(CancelConstruct),
    If,
    NumThreads,
    Collapse,
    Ordered,
    Safelen,
    Simdlen,
    Final,
    Grainsize,
    NumTasks,
    Priority,
    NumTeams,
    ThreadLimit,
    Device,
    Name,
    Hint,
    Filter,
    Shared,
    Private,
    Firstprivate,
    Lastprivate,
    Copyin,
    Copyprivate,
    Linear,
    Uniform,
    Aligned,
    FlushList,
    ThreadprivateList,
    Depend(DependKind),
    /// `ordered depend(sink: vec)` of a doacross loop: one integer per
    /// ordered loop (icx: iteration numbers; a loop written as a loop: values
    /// of its variable, which weft-prepare turns into iteration numbers).
    DependSink,
    /// `ordered depend(source)`: the current iteration is done.
    DependSource,
    Map(MapKind),
    IsDevicePtr,
    UseDevicePtr,
    Reduction(ReductionOp),
    Schedule(ScheduleKind),
    DistSchedule,
    NormalizedIv,
    NormalizedUb,
    /// `bind(...)` of the `loop` construct.
    Bind(Binding),
    /// `order(concurrent)`: the iterations may run in any order, at once.
    OrderConcurrent,
    /// `ordered threads` (the same as a plain `ordered` region).
    OrderedThreads,
    /// `ordered simd`: in order within a simd loop (not lowered yet).
    OrderedSimd,
    /// A construct the front end added rather than the program wrote (icx:
    /// the taskgroup around a taskloop, the task around a dispatch).
    Implicit,
    /// icx's index of a target region's entry in the offload table.
    OffloadEntryIdx,
    /// How a target region maps the variables it names without a MAP.
    Defaultmap(DefaultmapBehavior),
}

/// The clause table: spelling, kind, arity. Alternate spellings follow the
/// canonical one (the paper writes `QUAL.OMP.DEPEND_IN`).
pub const CLAUSES: &[(&str, ClauseKind, Arity)] = {
    use Arity::*;
    use ClauseKind as C;
    &[
        ("QUAL.OMP.DEFAULT.NONE", C::Default(DataSharing::None), None),
        ("QUAL.OMP.DEFAULT.SHARED", C::Default(DataSharing::Shared), None),
        ("QUAL.OMP.DEFAULT.PRIVATE", C::Default(DataSharing::Private), None),
        ("QUAL.OMP.DEFAULT.FIRSTPRIVATE", C::Default(DataSharing::Firstprivate), None),
        ("QUAL.OMP.NOWAIT", C::Nowait, None),
        ("QUAL.OMP.BIND.THREAD", C::Bind(Binding::Thread), None),
        ("QUAL.OMP.BIND.PARALLEL", C::Bind(Binding::Parallel), None),
        ("QUAL.OMP.BIND.TEAMS", C::Bind(Binding::Teams), None),
        ("QUAL.OMP.ORDER.CONCURRENT", C::OrderConcurrent, None),
        ("QUAL.OMP.UNTIED", C::Untied, None),
        ("QUAL.OMP.MERGEABLE", C::Mergeable, None),
        ("QUAL.OMP.NOGROUP", C::Nogroup, None),
        ("QUAL.OMP.READ", C::Atomic(AtomicOp::Read), None),
        ("QUAL.OMP.WRITE", C::Atomic(AtomicOp::Write), None),
        ("QUAL.OMP.UPDATE", C::Atomic(AtomicOp::Update), None),
        ("QUAL.OMP.CAPTURE", C::Atomic(AtomicOp::Capture), None),
        ("QUAL.OMP.COMPARE", C::Compare, None),
        ("QUAL.OMP.FAIL.SEQ_CST", C::Fail(MemOrder::SeqCst), None),
        ("QUAL.OMP.FAIL.ACQUIRE", C::Fail(MemOrder::Acquire), None),
        ("QUAL.OMP.FAIL.RELAXED", C::Fail(MemOrder::Relaxed), None),
        ("QUAL.OMP.WEAK", C::Weak, None),
        ("QUAL.OMP.PROC.BIND.MASTER", C::ProcBind(ProcBind::Master), None),
        ("QUAL.OMP.PROC.BIND.CLOSE", C::ProcBind(ProcBind::Close), None),
        ("QUAL.OMP.PROC.BIND.SPREAD", C::ProcBind(ProcBind::Spread), None),
        // icx's spellings; `primary` is OpenMP 5.1's name for `master`.
        ("QUAL.OMP.PROC_BIND.MASTER", C::ProcBind(ProcBind::Master), None),
        ("QUAL.OMP.PROC_BIND.PRIMARY", C::ProcBind(ProcBind::Master), None),
        ("QUAL.OMP.PROC.BIND.PRIMARY", C::ProcBind(ProcBind::Master), None),
        ("QUAL.OMP.PROC_BIND.CLOSE", C::ProcBind(ProcBind::Close), None),
        ("QUAL.OMP.PROC_BIND.SPREAD", C::ProcBind(ProcBind::Spread), None),
        ("QUAL.OMP.INBRANCH", C::Inbranch, None),
        ("QUAL.OMP.NOTINBRANCH", C::Notinbranch, None),
        ("QUAL.OMP.CANCEL.PARALLEL", C::CancelConstruct(CancelConstruct::Parallel), None),
        ("QUAL.OMP.CANCEL.LOOP", C::CancelConstruct(CancelConstruct::Loop), None),
        ("QUAL.OMP.CANCEL.SECTIONS", C::CancelConstruct(CancelConstruct::Sections), None),
        ("QUAL.OMP.CANCEL.TASKGROUP", C::CancelConstruct(CancelConstruct::Taskgroup), None),
        ("QUAL.OMP.ORDERED.THREADS", C::OrderedThreads, None),
        ("QUAL.OMP.ORDERED.SIMD", C::OrderedSimd, None),
        ("QUAL.OMP.IMPLICIT", C::Implicit, None),
        ("QUAL.OMP.DEFAULTMAP.ALLOC", C::Defaultmap(DefaultmapBehavior::Alloc), None),
        ("QUAL.OMP.DEFAULTMAP.TO", C::Defaultmap(DefaultmapBehavior::To), None),
        ("QUAL.OMP.DEFAULTMAP.FROM", C::Defaultmap(DefaultmapBehavior::From), None),
        ("QUAL.OMP.DEFAULTMAP.TOFROM", C::Defaultmap(DefaultmapBehavior::Tofrom), None),
        ("QUAL.OMP.DEFAULTMAP.FIRSTPRIVATE", C::Defaultmap(DefaultmapBehavior::Firstprivate), None),
        ("QUAL.OMP.DEFAULTMAP.NONE", C::Defaultmap(DefaultmapBehavior::None), None),
        ("QUAL.OMP.DEFAULTMAP.DEFAULT", C::Defaultmap(DefaultmapBehavior::Default), None),
        ("QUAL.OMP.DEFAULTMAP.PRESENT", C::Defaultmap(DefaultmapBehavior::Present), None),
        ("QUAL.OMP.IF", C::If, One),
        ("QUAL.OMP.NUM_THREADS", C::NumThreads, One),
        ("QUAL.OMP.COLLAPSE", C::Collapse, One),
        ("QUAL.OMP.ORDERED", C::Ordered, One),
        ("QUAL.OMP.SAFELEN", C::Safelen, One),
        ("QUAL.OMP.SIMDLEN", C::Simdlen, One),
        ("QUAL.OMP.FINAL", C::Final, One),
        ("QUAL.OMP.GRAINSIZE", C::Grainsize, One),
        ("QUAL.OMP.NUM_TASKS", C::NumTasks, One),
        ("QUAL.OMP.PRIORITY", C::Priority, One),
        ("QUAL.OMP.NUM_TEAMS", C::NumTeams, One),
        ("QUAL.OMP.THREAD_LIMIT", C::ThreadLimit, One),
        ("QUAL.OMP.DEVICE", C::Device, One),
        ("QUAL.OMP.NAME", C::Name, One),
        ("QUAL.OMP.HINT", C::Hint, One),
        ("QUAL.OMP.FILTER", C::Filter, One),
        ("QUAL.OMP.OFFLOAD.ENTRY.IDX", C::OffloadEntryIdx, One),
        ("QUAL.OMP.SHARED", C::Shared, List),
        ("QUAL.OMP.PRIVATE", C::Private, List),
        ("QUAL.OMP.FIRSTPRIVATE", C::Firstprivate, List),
        ("QUAL.OMP.LASTPRIVATE", C::Lastprivate, List),
        ("QUAL.OMP.COPYIN", C::Copyin, List),
        ("QUAL.OMP.COPYPRIVATE", C::Copyprivate, List),
        ("QUAL.OMP.LINEAR", C::Linear, List),
        ("QUAL.OMP.UNIFORM", C::Uniform, List),
        ("QUAL.OMP.ALIGNED", C::Aligned, List),
        ("QUAL.OMP.FLUSH", C::FlushList, List),
        ("QUAL.OMP.THREADPRIVATE", C::ThreadprivateList, List),
        ("QUAL.OMP.DEPEND.IN", C::Depend(DependKind::In), List),
        ("QUAL.OMP.DEPEND.OUT", C::Depend(DependKind::Out), List),
        ("QUAL.OMP.DEPEND.INOUT", C::Depend(DependKind::Inout), List),
        ("QUAL.OMP.DEPEND_IN", C::Depend(DependKind::In), List),
        ("QUAL.OMP.DEPEND_OUT", C::Depend(DependKind::Out), List),
        ("QUAL.OMP.DEPEND_INOUT", C::Depend(DependKind::Inout), List),
        ("QUAL.OMP.DEPEND.SINK", C::DependSink, List),
        ("QUAL.OMP.DEPEND.SOURCE", C::DependSource, None),
        ("QUAL.OMP.MAP.TO", C::Map(MapKind::To), List),
        ("QUAL.OMP.MAP.FROM", C::Map(MapKind::From), List),
        ("QUAL.OMP.MAP.TOFROM", C::Map(MapKind::Tofrom), List),
        ("QUAL.OMP.MAP.ALLOC", C::Map(MapKind::Alloc), List),
        ("QUAL.OMP.MAP.RELEASE", C::Map(MapKind::Release), List),
        ("QUAL.OMP.MAP.DELETE", C::Map(MapKind::Delete), List),
        ("QUAL.OMP.IS_DEVICE_PTR", C::IsDevicePtr, List),
        ("QUAL.OMP.USE_DEVICE_PTR", C::UseDevicePtr, List),
        ("QUAL.OMP.REDUCTION.ADD", C::Reduction(ReductionOp::Add), List),
        ("QUAL.OMP.REDUCTION.SUB", C::Reduction(ReductionOp::Sub), List),
        ("QUAL.OMP.REDUCTION.MUL", C::Reduction(ReductionOp::Mul), List),
        ("QUAL.OMP.REDUCTION.AND", C::Reduction(ReductionOp::And), List),
        ("QUAL.OMP.REDUCTION.OR", C::Reduction(ReductionOp::Or), List),
        ("QUAL.OMP.REDUCTION.BAND", C::Reduction(ReductionOp::Band), List),
        ("QUAL.OMP.REDUCTION.BOR", C::Reduction(ReductionOp::Bor), List),
        ("QUAL.OMP.REDUCTION.BXOR", C::Reduction(ReductionOp::Bxor), List),
        ("QUAL.OMP.REDUCTION.MAX", C::Reduction(ReductionOp::Max), List),
        ("QUAL.OMP.REDUCTION.MIN", C::Reduction(ReductionOp::Min), List),
        ("QUAL.OMP.REDUCTION.UDR", C::Reduction(ReductionOp::Udr), List),
        ("QUAL.OMP.SCHEDULE.STATIC", C::Schedule(ScheduleKind::Static), List),
        ("QUAL.OMP.SCHEDULE.DYNAMIC", C::Schedule(ScheduleKind::Dynamic), List),
        ("QUAL.OMP.SCHEDULE.GUIDED", C::Schedule(ScheduleKind::Guided), List),
        ("QUAL.OMP.SCHEDULE.AUTO", C::Schedule(ScheduleKind::Auto), List),
        ("QUAL.OMP.SCHEDULE.RUNTIME", C::Schedule(ScheduleKind::Runtime), List),
        ("QUAL.OMP.DIST_SCHEDULE.STATIC", C::DistSchedule, List),
        ("QUAL.OMP.NORMALIZED.IV", C::NormalizedIv, List),
        ("QUAL.OMP.NORMALIZED.UB", C::NormalizedUb, List),
    ]
};

impl ClauseKind {
    /// Looks up a clause name (without `:modifiers`).
    pub fn parse(name: &str) -> Option<(ClauseKind, Arity)> {
        CLAUSES.iter().find(|(s, _, _)| *s == name).map(|&(_, k, a)| (k, a))
    }

    /// The canonical spelling.
    pub fn name(self) -> &'static str {
        CLAUSES.iter().find(|(_, k, _)| *k == self).map(|(s, _, _)| *s).expect("every kind is in CLAUSES")
    }

    pub fn arity(self) -> Arity {
        CLAUSES.iter().find(|(_, k, _)| *k == self).map(|(_, _, a)| *a).expect("every kind is in CLAUSES")
    }

    /// The modifiers this clause may carry.
    pub fn allowed_modifiers(self) -> Modifiers {
        use ClauseKind as C;
        let list = Modifiers::TYPED
            | Modifiers::NONPOD
            | Modifiers::ARRSECT
            | Modifiers::BYREF
            | Modifiers::VARLEN
            | Modifiers::PTR_TO_PTR
            | Modifiers::F90_DV;
        match self {
            C::Reduction(_) => list | Modifiers::UNSIGNED | Modifiers::CMPLX | Modifiers::INSCAN | Modifiers::TASK,
            C::Lastprivate => list | Modifiers::CONDITIONAL,
            C::Linear => list | Modifiers::IV,
            C::Schedule(_) => Modifiers::MONOTONIC | Modifiers::NONMONOTONIC | Modifiers::SIMD,
            C::Atomic(_) | C::Compare => Modifiers::ORDERS,
            C::NormalizedIv | C::NormalizedUb => Modifiers::TYPED,
            // icx: `(ptr slot, <value of its type>)`, the value in memory.
            C::NumTeams | C::ThreadLimit => Modifiers::TYPED,
            C::Defaultmap(_) => Modifiers::SCALAR | Modifiers::AGGREGATE | Modifiers::POINTER,
            C::DistSchedule => Modifiers::empty(),
            k if k.arity() == Arity::List => list,
            _ => Modifiers::empty(),
        }
    }

    /// Whether `self` and `other` cannot both be on one directive: a clause
    /// that is given at most once, or two of one family (DEFAULT.NONE and
    /// DEFAULT.SHARED), or INBRANCH with NOTINBRANCH.
    pub fn conflicts_with(self, other: ClauseKind) -> bool {
        use ClauseKind as C;
        let branch = |k| matches!(k, C::Inbranch | C::Notinbranch);
        if branch(self) && branch(other) {
            return true;
        }
        let once = self.arity() == Arity::One
            || matches!(
                self,
                C::Default(_)
                    | C::ProcBind(_)
                    | C::Schedule(_)
                    | C::DistSchedule
                    | C::Atomic(_)
                    | C::Compare
                    | C::Fail(_)
                    | C::Weak
                    | C::CancelConstruct(_)
            );
        once && self.family() == other.family()
    }

    /// The kind with its sub-kind dropped, for the applicability table.
    fn family(self) -> Family {
        use ClauseKind as C;
        match self {
            C::Default(_) => Family::Default,
            C::Atomic(_) => Family::Atomic,
            C::Fail(_) => Family::Fail,
            C::ProcBind(_) => Family::ProcBind,
            C::CancelConstruct(_) => Family::CancelConstruct,
            C::Depend(_) => Family::Depend,
            C::Map(_) => Family::Map,
            C::Reduction(_) => Family::Reduction,
            C::Schedule(_) => Family::Schedule,
            C::Bind(_) => Family::Bind,
            C::Defaultmap(_) => Family::Defaultmap,
            other => Family::Plain(other),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Default,
    Atomic,
    Fail,
    ProcBind,
    CancelConstruct,
    Depend,
    Map,
    Reduction,
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
    ];
    pub const SECTIONS: &[Family] =
        &[Plain(C::Private), Plain(C::Firstprivate), Plain(C::Lastprivate), Reduction, Plain(C::Nowait)];
    pub const SINGLE: &[Family] = &[Plain(C::Private), Plain(C::Firstprivate), Plain(C::Copyprivate), Plain(C::Nowait)];
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
        Depend,
        Plain(C::Nowait),
        Default,
    ];
    pub const TARGET_DATA: &[Family] = &[Plain(C::If), Plain(C::Device), Map, Plain(C::UseDevicePtr)];
    pub const TARGET_MOTION: &[Family] = &[Plain(C::If), Plain(C::Device), Map, Depend, Plain(C::Nowait)];
    pub const TEAMS: &[Family] = &[
        Plain(C::NumTeams),
        Plain(C::ThreadLimit),
        Default,
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Shared),
        Reduction,
    ];
    pub const DISTRIBUTE: &[Family] = &[
        Plain(C::Private),
        Plain(C::Firstprivate),
        Plain(C::Lastprivate),
        Plain(C::Collapse),
        Plain(C::DistSchedule),
        Plain(C::NormalizedIv),
        Plain(C::NormalizedUb),
    ];
    pub const CANCEL: &[Family] = &[CancelConstruct, Plain(C::If)];
    pub const CANCELLATION_POINT: &[Family] = &[CancelConstruct];
    pub const NOWAIT_ONLY: &[Family] = &[Plain(C::Nowait)];
    pub const MASKED: &[Family] = &[Plain(C::Filter)];
    pub const FLUSH: &[Family] = &[Plain(C::FlushList)];
    pub const ORDERED: &[Family] =
        &[Plain(C::DependSink), Plain(C::DependSource), Plain(C::OrderedThreads), Plain(C::OrderedSimd)];
    pub const TASKGROUP: &[Family] = &[Plain(C::Implicit)];
    pub const SCOPE: &[Family] = &[Plain(C::Private), Plain(C::Firstprivate), Reduction, Plain(C::Nowait)];
    pub const THREADPRIVATE: &[Family] = &[Plain(C::ThreadprivateList)];
    pub const TASKWAIT: &[Family] = &[Depend, Plain(C::Nowait)];
    /// OpenMP 5.0's `loop`, with what icx adds to a loop (the lower bound
    /// FIRSTPRIVATE, SHARED lists, the NORMALIZED slots).
    pub const GENERICLOOP: &[Family] = &[
        Bind,
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
            D::Section | D::Master | D::Barrier | D::Taskyield | D::AutoVec | D::Ivdep => &[NONE],
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
        matches!(self, DirKind::Parallel | DirKind::ParallelLoop | DirKind::ParallelLoopSimd)
    }

    /// Whether it is a worksharing loop (its iterations divided among a team).
    pub fn is_worksharing_loop(self) -> bool {
        matches!(self, DirKind::Loop | DirKind::ParallelLoop | DirKind::LoopSimd | DirKind::ParallelLoopSimd)
    }

    /// Whether vectorization (weft-vectorize) owns it rather than threading (weft-paropt).
    pub fn is_simd_only(self) -> bool {
        matches!(self, DirKind::Simd | DirKind::AutoVec | DirKind::Ivdep)
    }
}

bitflags::bitflags! {
    /// Clause modifiers: the `:MOD.MOD` suffix of a region-form tag, and
    /// `.SEQ_CST` on atomic clauses.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Modifiers: u32 {
        const TYPED = 1 << 0;
        const NONPOD = 1 << 1;
        const ARRSECT = 1 << 2;
        const BYREF = 1 << 3;
        const VARLEN = 1 << 4;
        const UNSIGNED = 1 << 5;
        const CMPLX = 1 << 6;
        const INSCAN = 1 << 7;
        const CONDITIONAL = 1 << 8;
        const IV = 1 << 9;
        const PTR_TO_PTR = 1 << 10;
        const MONOTONIC = 1 << 11;
        const NONMONOTONIC = 1 << 12;
        const SIMD = 1 << 13;
        const SEQ_CST = 1 << 14;
        /// Fortran's dope vector (icx): the item is an array descriptor.
        const F90_DV = 1 << 15;
        /// The task reduction modifier (`reduction(task, +: x)`).
        const TASK = 1 << 16;
        const SCALAR = 1 << 17;
        const AGGREGATE = 1 << 18;
        const POINTER = 1 << 19;
        const ACQ_REL = 1 << 20;
        const ACQUIRE = 1 << 21;
        const RELEASE = 1 << 22;
        const RELAXED = 1 << 23;
        /// The memory orders an atomic clause may carry.
        const ORDERS = Self::SEQ_CST.bits() | Self::ACQ_REL.bits() | Self::ACQUIRE.bits()
            | Self::RELEASE.bits() | Self::RELAXED.bits();
    }
}

pub const MODIFIER_NAMES: &[(&str, Modifiers)] = &[
    ("TYPED", Modifiers::TYPED),
    ("NONPOD", Modifiers::NONPOD),
    ("ARRSECT", Modifiers::ARRSECT),
    ("BYREF", Modifiers::BYREF),
    ("VARLEN", Modifiers::VARLEN),
    ("UNSIGNED", Modifiers::UNSIGNED),
    ("CMPLX", Modifiers::CMPLX),
    ("INSCAN", Modifiers::INSCAN),
    ("CONDITIONAL", Modifiers::CONDITIONAL),
    ("IV", Modifiers::IV),
    ("PTR_TO_PTR", Modifiers::PTR_TO_PTR),
    ("MONOTONIC", Modifiers::MONOTONIC),
    ("NONMONOTONIC", Modifiers::NONMONOTONIC),
    ("SIMD", Modifiers::SIMD),
    ("SEQ_CST", Modifiers::SEQ_CST),
    ("F90_DV", Modifiers::F90_DV),
    ("TASK", Modifiers::TASK),
    ("SCALAR", Modifiers::SCALAR),
    ("AGGREGATE", Modifiers::AGGREGATE),
    ("POINTER", Modifiers::POINTER),
    ("ACQ_REL", Modifiers::ACQ_REL),
    ("ACQUIRE", Modifiers::ACQUIRE),
    ("RELEASE", Modifiers::RELEASE),
    ("RELAXED", Modifiers::RELAXED),
];

impl Modifiers {
    pub fn parse_one(s: &str) -> Option<Modifiers> {
        MODIFIER_NAMES.iter().find(|(n, _)| *n == s).map(|&(_, m)| m)
    }

    /// `TYPED.NONPOD`, in table order.
    pub fn names(self) -> String {
        MODIFIER_NAMES.iter().filter(|(_, m)| self.contains(*m)).map(|(n, _)| *n).collect::<Vec<_>>().join(".")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_directive_round_trips() {
        for &k in DirKind::ALL {
            assert_eq!(DirString::parse(k.begin_name()), Some(DirString::Begin(k)));
            if let Some(e) = k.end_name() {
                assert_eq!(DirString::parse(e), Some(DirString::End(k)));
            }
        }
        assert_eq!(DirString::parse(LIST_END), Some(DirString::ListEnd));
        assert_eq!(DirString::parse("DIR.OMP.PARALLEL.FOR"), None);
        assert_eq!(DirKind::Threadprivate.end_name(), None);
    }

    #[test]
    fn reference_directives_are_all_known() {
        // The reference list of Intel's spellings, verbatim.
        let list = "PARALLEL, LOOP, PARALLEL.LOOP, SIMD, PARALLEL.LOOP.SIMD, LOOP.SIMD, SECTIONS, \
            PARALLEL.SECTIONS, SECTION, SINGLE, MASTER, MASKED, CRITICAL, BARRIER, TASKWAIT, TASKYIELD, \
            ATOMIC, FLUSH, ORDERED, TASK, TASKGROUP, TASKLOOP, TARGET, TARGET.DATA, TARGET.UPDATE, \
            TARGET.ENTER.DATA, TARGET.EXIT.DATA, TEAMS, DISTRIBUTE, DISTRIBUTE.PARLOOP, CANCEL, \
            CANCELLATION.POINT, WORKSHARE, PARALLEL.WORKSHARE, THREADPRIVATE";
        for d in list.split(',').map(str::trim) {
            let b = format!("DIR.OMP.{d}");
            assert!(matches!(DirString::parse(&b), Some(DirString::Begin(_))), "{b}");
            if d != "THREADPRIVATE" {
                let e = format!("DIR.OMP.END.{d}");
                assert!(matches!(DirString::parse(&e), Some(DirString::End(_))), "{e}");
            }
        }
    }

    #[test]
    fn reference_clauses_are_all_known() {
        let none = "DEFAULT.NONE DEFAULT.SHARED DEFAULT.PRIVATE DEFAULT.FIRSTPRIVATE NOWAIT UNTIED MERGEABLE \
            NOGROUP READ WRITE UPDATE CAPTURE PROC.BIND.MASTER PROC.BIND.CLOSE PROC.BIND.SPREAD INBRANCH NOTINBRANCH";
        let one = "IF NUM_THREADS COLLAPSE ORDERED SAFELEN SIMDLEN FINAL GRAINSIZE NUM_TASKS PRIORITY NUM_TEAMS \
            THREAD_LIMIT DEVICE NAME HINT";
        let list = "SHARED PRIVATE FIRSTPRIVATE LASTPRIVATE COPYIN COPYPRIVATE LINEAR UNIFORM ALIGNED FLUSH \
            THREADPRIVATE DEPEND.IN DEPEND.OUT DEPEND.INOUT MAP.TO MAP.FROM MAP.TOFROM MAP.ALLOC MAP.RELEASE \
            MAP.DELETE IS_DEVICE_PTR USE_DEVICE_PTR REDUCTION.ADD REDUCTION.SUB REDUCTION.MUL REDUCTION.AND \
            REDUCTION.OR REDUCTION.BAND REDUCTION.BOR REDUCTION.BXOR REDUCTION.MAX REDUCTION.MIN REDUCTION.UDR \
            SCHEDULE.STATIC SCHEDULE.DYNAMIC SCHEDULE.GUIDED SCHEDULE.AUTO SCHEDULE.RUNTIME DIST_SCHEDULE.STATIC \
            NORMALIZED.IV NORMALIZED.UB";
        for (names, arity) in [(none, Arity::None), (one, Arity::One), (list, Arity::List)] {
            for n in names.split_whitespace() {
                let (_, a) = ClauseKind::parse(&format!("QUAL.OMP.{n}")).unwrap_or_else(|| panic!("{n}"));
                assert_eq!(a, arity, "{n}");
            }
        }
        for m in "TYPED NONPOD ARRSECT BYREF VARLEN UNSIGNED CMPLX INSCAN CONDITIONAL IV PTR_TO_PTR MONOTONIC \
            NONMONOTONIC SIMD"
            .split_whitespace()
        {
            assert!(Modifiers::parse_one(m).is_some(), "{m}");
        }
    }

    #[test]
    fn canonical_names_round_trip() {
        for &(s, k, _) in CLAUSES {
            assert_eq!(ClauseKind::parse(k.name()).map(|p| p.0), Some(k));
            assert!(ClauseKind::parse(s).is_some());
        }
        assert_eq!(ClauseKind::Depend(DependKind::In).name(), "QUAL.OMP.DEPEND.IN");
    }

    #[test]
    fn applicability() {
        use ClauseKind as C;
        assert!(DirKind::Parallel.takes(C::NumThreads));
        assert!(!DirKind::Parallel.takes(C::Schedule(ScheduleKind::Static)));
        assert!(!DirKind::Parallel.takes(C::Nowait));
        assert!(DirKind::Loop.takes(C::Nowait));
        assert!(!DirKind::ParallelLoop.takes(C::Nowait));
        assert!(DirKind::ParallelLoop.takes(C::Schedule(ScheduleKind::Dynamic)));
        assert!(DirKind::ParallelLoopSimd.takes(C::Simdlen));
        assert!(!DirKind::Master.takes(C::Private));
        assert!(DirKind::Simd.takes(C::Reduction(ReductionOp::Max)));
        assert!(!DirKind::Simd.takes(C::Firstprivate));
        assert!(DirKind::Critical.takes(C::Name));
        assert!(DirKind::Atomic.takes(C::Atomic(AtomicOp::Update)));
        assert!(DirKind::Taskwait.takes(C::Depend(DependKind::In)));
        assert!(DirKind::Scope.takes(C::Reduction(ReductionOp::Or)));
        assert!(DirKind::Scope.takes(C::Nowait));
        assert!(!DirKind::Scope.takes(C::Lastprivate));
        assert!(DirKind::Ordered.takes(C::OrderedThreads));
        assert!(DirKind::Taskgroup.takes(C::Implicit));
        assert!(DirKind::Target.takes(C::OffloadEntryIdx));
        assert!(DirKind::Target.takes(C::ThreadLimit));
        assert!(DirKind::Target.takes(C::Defaultmap(DefaultmapBehavior::Tofrom)));
        assert!(!DirKind::Teams.takes(C::Defaultmap(DefaultmapBehavior::Tofrom)));
        assert!(!DirKind::Parallel.takes(C::OffloadEntryIdx));
        let pb = |s| ClauseKind::parse(s).map(|p| p.0);
        assert_eq!(pb("QUAL.OMP.PROC_BIND.MASTER"), Some(C::ProcBind(ProcBind::Master)));
        assert_eq!(pb("QUAL.OMP.PROC_BIND.PRIMARY"), Some(C::ProcBind(ProcBind::Master)));
        assert_eq!(pb("QUAL.OMP.PROC_BIND.SPREAD"), Some(C::ProcBind(ProcBind::Spread)));
        assert_eq!(C::ProcBind(ProcBind::Master).name(), "QUAL.OMP.PROC.BIND.MASTER");
    }

    #[test]
    fn conflicts_and_modifiers() {
        use ClauseKind as C;
        assert!(C::NumThreads.conflicts_with(C::NumThreads));
        assert!(C::Default(DataSharing::None).conflicts_with(C::Default(DataSharing::Shared)));
        assert!(C::Schedule(ScheduleKind::Static).conflicts_with(C::Schedule(ScheduleKind::Dynamic)));
        assert!(C::Inbranch.conflicts_with(C::Notinbranch));
        assert!(!C::Private.conflicts_with(C::Private));
        assert!(!C::Reduction(ReductionOp::Add).conflicts_with(C::Reduction(ReductionOp::Max)));
        assert!(C::Linear.allowed_modifiers().contains(Modifiers::IV));
        assert!(!C::Shared.allowed_modifiers().contains(Modifiers::IV));
        assert!(C::If.allowed_modifiers().is_empty());
    }

    /// The README's vocabulary section lists exactly what the tables accept.
    #[test]
    fn readme_lists_the_vocabulary() {
        let readme = include_str!("../../docs/vocabulary.md");
        for &k in DirKind::ALL {
            assert!(readme.contains(&format!("`{}`", k.begin_name())), "docs/vocabulary.md misses {}", k.begin_name());
            assert!(readme.contains(k.node_name()), "docs/vocabulary.md misses {}", k.node_name());
        }
        for (s, _, _) in CLAUSES {
            let short = s.trim_start_matches("QUAL.OMP.");
            assert!(readme.contains(&format!("`{short}`")), "docs/vocabulary.md misses {s}");
        }
        for (m, _) in MODIFIER_NAMES {
            assert!(readme.contains(&format!("`{m}`")), "docs/vocabulary.md misses modifier {m}");
        }
    }

    #[test]
    fn modifier_names() {
        let m = Modifiers::TYPED | Modifiers::NONPOD;
        assert_eq!(m.names(), "TYPED.NONPOD");
    }
}
