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
        REDUCTION.EQV REDUCTION.NEQV \
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
    // allocate: where OpenMP 5.1 puts it (constructs that make private copies), never on simd.
    for d in [DirKind::Parallel, DirKind::Loop, DirKind::LoopSimd, DirKind::Single, DirKind::Scope, DirKind::Sections] {
        assert!(d.takes(C::Allocate), "{d:?}");
    }
    assert!(!DirKind::Simd.takes(C::Allocate));
    assert!(!DirKind::Master.takes(C::Allocate));
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
    let readme = include_str!("../../../docs/vocabulary.md");
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

#[test]
fn loop_transformations_take_their_clauses() {
    use ClauseKind as C;
    assert!(DirKind::Tile.takes(C::Sizes) && DirKind::Tile.takes(C::Livein) && DirKind::Tile.takes(C::NormalizedIv));
    assert!(!DirKind::Tile.takes(C::Private) && !DirKind::Tile.takes(C::Partial));
    assert!(DirKind::Unroll.takes(C::Partial) && DirKind::Unroll.takes(C::Full) && !DirKind::Unroll.takes(C::Sizes));
    assert!(!DirKind::Loop.takes(C::Sizes) && !DirKind::Loop.takes(C::Full));
    assert!(DirKind::Tile.is_loop_transform() && DirKind::Unroll.is_loop_transform());
    assert!(!DirKind::Loop.is_loop_transform());
    // Each given once.
    assert!(C::Sizes.conflicts_with(C::Sizes) && C::Full.conflicts_with(C::Full));
    assert!(C::Partial.conflicts_with(C::Partial));
    assert_eq!(ClauseKind::parse("QUAL.OMP.PARTIAL"), Some((C::Partial, Arity::One)));
    assert_eq!(ClauseKind::parse("QUAL.OMP.SIZES"), Some((C::Sizes, Arity::List)));
}

#[test]
fn scan_vocabulary() {
    use ClauseKind as C;
    assert_eq!(DirString::parse("DIR.OMP.SCAN"), Some(DirString::Begin(DirKind::Scan)));
    assert_eq!(DirString::parse("DIR.OMP.END.SCAN"), Some(DirString::End(DirKind::Scan)));
    assert!(DirKind::Scan.takes(C::Inclusive) && DirKind::Scan.takes(C::Exclusive));
    assert!(!DirKind::Scan.takes(C::Private));
    assert!(!DirKind::Loop.takes(C::Inclusive));
    // One kind per scan directive; icx gives each item a bundle of its own.
    assert!(C::Inclusive.conflicts_with(C::Exclusive));
    assert!(!C::Inclusive.conflicts_with(C::Inclusive));
    assert_eq!(C::Inclusive.allowed_modifiers(), Modifiers::TYPED);
    assert!(C::Reduction(ReductionOp::Add).allowed_modifiers().contains(Modifiers::INSCAN));
}
