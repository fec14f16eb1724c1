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
    TaskloopSimd = "DIR.OMP.TASKLOOP.SIMD", Some("DIR.OMP.END.TASKLOOP.SIMD"), "WRNTaskloopSimdNode";
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
    Tile = "DIR.OMP.TILE", Some("DIR.OMP.END.TILE"), "WRNTileNode";
    Unroll = "DIR.OMP.UNROLL", Some("DIR.OMP.END.UNROLL"), "WRNUnrollNode";
    Scan = "DIR.OMP.SCAN", Some("DIR.OMP.END.SCAN"), "WRNScanNode";
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
    /// OpenMP 5.0 `mutexinoutset`: mutually exclusive, in any order.
    Mutexinoutset,
    /// OpenMP 5.1 `inoutset`: concurrent with each other, ordered against in/out.
    Inoutset,
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
    /// Fortran's `.EQV.` and `.NEQV.` on LOGICAL items (docs/vocabulary.md).
    Eqv,
    Neqv,
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
    /// icx's `TARGET.TASK` on a task: the task that a target construct
    /// with `nowait` or `depend` is (OpenMP 5.1 §2.14.5), the target
    /// region its body (docs/offload.md, "Target tasks").
    TargetTask,
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
    /// `has_device_addr(list)` on target (OpenMP 5.1 §2.14.5): the items
    /// are device addresses already; the region uses them as they are.
    HasDeviceAddr,
    /// `use_device_addr(list)` on target data (OpenMP 5.0 §2.14.2).
    UseDeviceAddr,
    Reduction(ReductionOp),
    /// A task's `in_reduction(op: list)` (OpenMP 5.1 §2.21.5.6).
    InReduction(ReductionOp),
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
    /// A task's `detach(event)` (OpenMP 5.1 §2.12.1): the task completes
    /// when its event is fulfilled; the event handle is firstprivate.
    Detach,
    /// A task's `affinity([modifier:] list)` (OpenMP 5.1 §2.12.1): a hint
    /// where the task's data lives; taken, not acted on (docs/threads.md).
    Affinity,
    /// icx's `DEPARRAY(i32 n, ptr list)`: n `kmp_depend_info` entries the
    /// front end built (a `depend(depobj: o)`'s, an iterator's).
    DepArray,
    /// ifx's mark of a construct made from Fortran's `do concurrent` (a
    /// `loop` construct, and the target and teams around it): no meaning of
    /// its own beyond the construct's.
    DoConcurrent,
    /// icx's index of a target region's entry in the offload table.
    OffloadEntryIdx,
    /// How a target region maps the variables it names without a MAP.
    Defaultmap(DefaultmapBehavior),
    /// `tile sizes(...)`: one positive constant per tiled loop.
    Sizes,
    /// `unroll partial[(n)]`: the operand is optional.
    Partial,
    /// `unroll full`.
    Full,
    /// icx's LIVEIN on loop transformations: a variable whose value flows
    /// into the construct (no data-sharing of its own).
    Livein,
    /// `allocate([allocator:] list)` (OpenMP 5.1 §2.13.4): a private copy's
    /// storage comes from an allocator; one item per clause, with its
    /// alignment and allocator handle (`model::Allocation`).
    Allocate,
    /// `scan inclusive(list)`: the scan phase sees each item's value with
    /// the current iteration's input included (OpenMP 5.1 §2.11.8).
    Inclusive,
    /// `scan exclusive(list)`: the scan phase sees the value before it.
    Exclusive,
    /// `nontemporal(list)` on simd (OpenMP 5.0 §2.9.3.1): a hint that the
    /// listed variables' accesses have little temporal locality; taken
    /// and not acted on (no access changes meaning).
    Nontemporal,
    /// icx's `#pragma ivdep array(A)` (FPGA): only A's dependences may be
    /// ignored; refused by name (weft's IVDEP ignores every dependence).
    PragmaArray,
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
        ("QUAL.OMP.TARGET.TASK", C::TargetTask, None),
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
        ("QUAL.EXT.DO.CONCURRENT", C::DoConcurrent, None),
        ("QUAL.OMP.DEFAULTMAP.ALLOC", C::Defaultmap(DefaultmapBehavior::Alloc), None),
        ("QUAL.OMP.DEFAULTMAP.TO", C::Defaultmap(DefaultmapBehavior::To), None),
        ("QUAL.OMP.DEFAULTMAP.FROM", C::Defaultmap(DefaultmapBehavior::From), None),
        ("QUAL.OMP.DEFAULTMAP.TOFROM", C::Defaultmap(DefaultmapBehavior::Tofrom), None),
        ("QUAL.OMP.DEFAULTMAP.FIRSTPRIVATE", C::Defaultmap(DefaultmapBehavior::Firstprivate), None),
        ("QUAL.OMP.DEFAULTMAP.NONE", C::Defaultmap(DefaultmapBehavior::None), None),
        ("QUAL.OMP.DEFAULTMAP.DEFAULT", C::Defaultmap(DefaultmapBehavior::Default), None),
        ("QUAL.OMP.DEFAULTMAP.PRESENT", C::Defaultmap(DefaultmapBehavior::Present), None),
        ("QUAL.OMP.FULL", C::Full, None),
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
        ("QUAL.OMP.PARTIAL", C::Partial, One),
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
        ("QUAL.OMP.DEPEND.MUTEXINOUTSET", C::Depend(DependKind::Mutexinoutset), List),
        ("QUAL.OMP.DEPEND.INOUTSET", C::Depend(DependKind::Inoutset), List),
        ("QUAL.OMP.DEPEND_IN", C::Depend(DependKind::In), List),
        ("QUAL.OMP.DEPEND_OUT", C::Depend(DependKind::Out), List),
        ("QUAL.OMP.DEPEND_INOUT", C::Depend(DependKind::Inout), List),
        ("QUAL.OMP.DEPEND.SINK", C::DependSink, List),
        ("QUAL.OMP.DETACH", C::Detach, List),
        ("QUAL.OMP.AFFINITY", C::Affinity, List),
        ("QUAL.OMP.DEPARRAY", C::DepArray, List),
        ("QUAL.OMP.DEPEND.SOURCE", C::DependSource, List),
        ("QUAL.OMP.MAP.TO", C::Map(MapKind::To), List),
        ("QUAL.OMP.MAP.FROM", C::Map(MapKind::From), List),
        ("QUAL.OMP.MAP.TOFROM", C::Map(MapKind::Tofrom), List),
        ("QUAL.OMP.MAP.ALLOC", C::Map(MapKind::Alloc), List),
        ("QUAL.OMP.MAP.RELEASE", C::Map(MapKind::Release), List),
        ("QUAL.OMP.MAP.DELETE", C::Map(MapKind::Delete), List),
        ("QUAL.OMP.IS_DEVICE_PTR", C::IsDevicePtr, List),
        ("QUAL.OMP.USE_DEVICE_PTR", C::UseDevicePtr, List),
        ("QUAL.OMP.HAS_DEVICE_ADDR", C::HasDeviceAddr, List),
        ("QUAL.OMP.USE_DEVICE_ADDR", C::UseDeviceAddr, List),
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
        ("QUAL.OMP.REDUCTION.EQV", C::Reduction(ReductionOp::Eqv), List),
        ("QUAL.OMP.REDUCTION.NEQV", C::Reduction(ReductionOp::Neqv), List),
        ("QUAL.OMP.REDUCTION.UDR", C::Reduction(ReductionOp::Udr), List),
        // A task's `in_reduction` (icx's spelling): it takes part in the
        // task reduction of an enclosing taskgroup.
        ("QUAL.OMP.INREDUCTION.ADD", C::InReduction(ReductionOp::Add), List),
        ("QUAL.OMP.INREDUCTION.SUB", C::InReduction(ReductionOp::Sub), List),
        ("QUAL.OMP.INREDUCTION.MUL", C::InReduction(ReductionOp::Mul), List),
        ("QUAL.OMP.INREDUCTION.AND", C::InReduction(ReductionOp::And), List),
        ("QUAL.OMP.INREDUCTION.OR", C::InReduction(ReductionOp::Or), List),
        ("QUAL.OMP.INREDUCTION.BAND", C::InReduction(ReductionOp::Band), List),
        ("QUAL.OMP.INREDUCTION.BOR", C::InReduction(ReductionOp::Bor), List),
        ("QUAL.OMP.INREDUCTION.BXOR", C::InReduction(ReductionOp::Bxor), List),
        ("QUAL.OMP.INREDUCTION.MAX", C::InReduction(ReductionOp::Max), List),
        ("QUAL.OMP.INREDUCTION.MIN", C::InReduction(ReductionOp::Min), List),
        ("QUAL.OMP.INREDUCTION.EQV", C::InReduction(ReductionOp::Eqv), List),
        ("QUAL.OMP.INREDUCTION.NEQV", C::InReduction(ReductionOp::Neqv), List),
        ("QUAL.OMP.INREDUCTION.UDR", C::InReduction(ReductionOp::Udr), List),
        ("QUAL.OMP.SCHEDULE.STATIC", C::Schedule(ScheduleKind::Static), List),
        ("QUAL.OMP.SCHEDULE.DYNAMIC", C::Schedule(ScheduleKind::Dynamic), List),
        ("QUAL.OMP.SCHEDULE.GUIDED", C::Schedule(ScheduleKind::Guided), List),
        ("QUAL.OMP.SCHEDULE.AUTO", C::Schedule(ScheduleKind::Auto), List),
        ("QUAL.OMP.SCHEDULE.RUNTIME", C::Schedule(ScheduleKind::Runtime), List),
        ("QUAL.OMP.DIST_SCHEDULE.STATIC", C::DistSchedule, List),
        ("QUAL.OMP.NORMALIZED.IV", C::NormalizedIv, List),
        ("QUAL.OMP.NORMALIZED.UB", C::NormalizedUb, List),
        ("QUAL.OMP.SIZES", C::Sizes, List),
        ("QUAL.OMP.LIVEIN", C::Livein, List),
        ("QUAL.OMP.ALLOCATE", C::Allocate, List),
        ("QUAL.OMP.INCLUSIVE", C::Inclusive, List),
        ("QUAL.OMP.EXCLUSIVE", C::Exclusive, List),
        ("QUAL.OMP.NONTEMPORAL", C::Nontemporal, List),
        ("QUAL.PRAGMA.ARRAY", C::PragmaArray, List),
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
            | Modifiers::F90_DV
            | Modifiers::F90_NONPOD;
        match self {
            C::Reduction(_) => list | Modifiers::UNSIGNED | Modifiers::CMPLX | Modifiers::INSCAN | Modifiers::TASK,
            C::InReduction(_) => list | Modifiers::UNSIGNED | Modifiers::CMPLX,
            C::Lastprivate => list | Modifiers::CONDITIONAL,
            C::Linear => list | Modifiers::IV,
            C::Schedule(_) => Modifiers::MONOTONIC | Modifiers::NONMONOTONIC | Modifiers::SIMD,
            C::Atomic(_) | C::Compare => Modifiers::ORDERS,
            C::NormalizedIv | C::NormalizedUb => Modifiers::TYPED,
            // icx: `(ptr slot, <value of its type>)`, the value in memory.
            C::NumTeams | C::ThreadLimit => Modifiers::TYPED,
            C::Defaultmap(_) => Modifiers::SCALAR | Modifiers::AGGREGATE | Modifiers::POINTER,
            // OpenMP 5.1's order modifiers (§2.11.3).
            C::OrderConcurrent => Modifiers::REPRODUCIBLE | Modifiers::UNCONSTRAINED,
            // icx marks a pointer variable whose pointees are the items.
            // (ifx: F90_DV, a Fortran array named by its dope vector.)
            C::Nontemporal => Modifiers::PTR_TO_PTR | Modifiers::F90_DV,
            C::DistSchedule | C::Sizes | C::Allocate | C::PragmaArray | C::DepArray => Modifiers::empty(),
            // (icx: `INCLUSIVE:TYPED(var, type, count, inscan index)`.)
            C::Inclusive | C::Exclusive => Modifiers::TYPED,
            // OpenMP 5.1's strict division of a taskloop.
            C::Grainsize | C::NumTasks => Modifiers::STRICT,
            // icx's map chains (plan/map.rs).
            C::Map(_) => list | Modifiers::CHAIN | Modifiers::AGGRHEAD | Modifiers::AGGR,
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
        // (A scan directive is inclusive or exclusive, never both.)
        let scan = |k| matches!(k, C::Inclusive | C::Exclusive);
        if scan(self) && scan(other) && self != other {
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
                    | C::Sizes
                    | C::Full
                    | C::Detach
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
            C::InReduction(_) => Family::InReduction,
            C::Schedule(_) => Family::Schedule,
            C::Bind(_) => Family::Bind,
            C::Defaultmap(_) => Family::Defaultmap,
            other => Family::Plain(other),
        }
    }
}

mod allowed;
mod later;
#[cfg(test)]
mod tests;

pub use crate::modifiers::{Modifiers, MODIFIER_NAMES};
use allowed::Family;
pub use later::{later_directive, LATER_DIRECTIVES};
