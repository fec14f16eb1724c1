use super::*;
use crate::vocab::{DependKind, MapKind, ReductionOp, ScheduleKind};

fn ptr(n: usize, name: &str) -> Operand {
    Operand {
        value: ValueId(n),
        kind: OperandKind::Pointer { null: false },
        text: format!("ptr %{name}"),
        ty: "ptr".into(),
    }
}
fn int(n: i64) -> Operand {
    Operand {
        value: ValueId(1000 + n as usize),
        kind: OperandKind::Int { bits: 32, value: Some(n) },
        text: format!("i32 {n}"),
        ty: "i32".into(),
    }
}
fn var_int(name: &str) -> Operand {
    Operand {
        value: ValueId(77),
        kind: OperandKind::Int { bits: 32, value: None },
        text: format!("i32 %{name}"),
        ty: "i32".into(),
    }
}
fn md(s: &str) -> Operand {
    Operand {
        value: ValueId(0),
        kind: OperandKind::MdString(s.into()),
        text: format!("metadata !\"{s}\""),
        ty: "metadata".into(),
    }
}
fn func(name: &str) -> Operand {
    Operand { value: ValueId(500), kind: OperandKind::Function, text: format!("ptr @{name}"), ty: "ptr".into() }
}
const LIST: Carrier = Carrier::Paper(Arity::List);

#[test]
fn tags_split_into_kind_and_modifiers() {
    let (k, a, m) = parse_clause_tag("QUAL.OMP.REDUCTION.ADD:TYPED").unwrap();
    assert_eq!(k, ClauseKind::Reduction(ReductionOp::Add));
    assert_eq!(a, Arity::List);
    assert_eq!(m, Modifiers::TYPED);
    let (_, _, m) = parse_clause_tag("QUAL.OMP.LINEAR:IV.TYPED").unwrap();
    assert_eq!(m, Modifiers::IV | Modifiers::TYPED);
    let (k, _, m) = parse_clause_tag("QUAL.OMP.UPDATE.SEQ_CST").unwrap();
    assert_eq!(k, ClauseKind::Atomic(crate::vocab::AtomicOp::Update));
    assert!(m.contains(Modifiers::SEQ_CST));
    assert_eq!(parse_clause_tag("QUAL.OMP.DEPEND_IN").unwrap().0, ClauseKind::Depend(DependKind::In));
    assert_eq!(parse_clause_tag("QUAL.OMP.BOGUS").unwrap_err().rule, Rule::UnknownClause);
    assert_eq!(parse_clause_tag("QUAL.OMP.PRIVATE:SHINY").unwrap_err().rule, Rule::UnknownModifier);
    assert_eq!(parse_clause_tag("QUAL.OMP.NOWAIT.SEQ_CST").unwrap_err().rule, Rule::UnknownClause);
    // OpenMP 5.1: every memory order as a suffix; FAIL.<order> is a clause itself.
    let (k, _, m) = parse_clause_tag("QUAL.OMP.COMPARE.ACQ_REL").unwrap();
    assert_eq!((k, m), (ClauseKind::Compare, Modifiers::ACQ_REL));
    let (k, _, m) = parse_clause_tag("QUAL.OMP.FAIL.SEQ_CST").unwrap();
    assert_eq!((k, m), (ClauseKind::Fail(crate::vocab::MemOrder::SeqCst), Modifiers::empty()));
    assert_eq!(parse_clause_tag("QUAL.OMP.FAIL.RELEASE").unwrap_err().rule, Rule::UnknownClause);
    assert_eq!(parse_clause_tag("QUAL.OMP.WEAK.RELAXED").unwrap_err().rule, Rule::UnknownClause);
}

#[test]
fn paper_private_with_nonpod() {
    // private(x, y, z) with z non-POD: %x, %y, !"QUAL.OPND.NONPOD", %z, %ctor, %dtor
    let ops = vec![ptr(1, "x"), ptr(2, "y"), md(NONPOD_MARKER), ptr(3, "z"), func("ctor"), func("dtor")];
    let c = parse_clause("QUAL.OMP.PRIVATE", ops, LIST).unwrap();
    assert_eq!(c.items().len(), 3);
    match &c.items()[2] {
        Item::NonPod { var, helpers, .. } => {
            assert_eq!(var.text, "ptr %z");
            assert_eq!(helpers.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    // A NONPOD lastprivate needs three helpers, each a function (or null).
    let ops = vec![md(NONPOD_MARKER), ptr(3, "z"), func("ctor"), ptr(4, "notfn"), func("dtor")];
    assert_eq!(parse_clause("QUAL.OMP.LASTPRIVATE", ops, LIST).unwrap_err().rule, Rule::OperandKind);
    let ops = vec![md(NONPOD_MARKER), ptr(3, "z"), func("ctor")];
    assert_eq!(parse_clause("QUAL.OMP.LASTPRIVATE", ops, LIST).unwrap_err().rule, Rule::ClauseArity);
}

#[test]
fn paper_array_sections() {
    // depend(in: a, b[1:n][1:m], c)
    let n = var_int("n");
    let m = var_int("m");
    let ops =
        vec![ptr(1, "a"), md(ARRSECT_MARKER), ptr(2, "b"), int(2), int(1), n, int(1), int(1), m, int(1), ptr(3, "c")];
    let c = parse_clause("QUAL.OMP.DEPEND_IN", ops, LIST).unwrap();
    assert_eq!(c.items().len(), 3);
    match &c.items()[1] {
        Item::ArrSect { base, dims } => {
            assert_eq!(base.text, "ptr %b");
            assert_eq!(dims.len(), 2);
            assert_eq!(dims[1][1].text, "i32 %m");
        }
        other => panic!("{other:?}"),
    }
    // map(tofrom: x, y[5:100])
    let ops = vec![ptr(1, "x"), md(ARRSECT_MARKER), ptr(2, "y"), int(1), int(5), int(100), int(1)];
    let c = parse_clause("QUAL.OMP.MAP.TOFROM", ops, LIST).unwrap();
    assert_eq!(c.kind, ClauseKind::Map(MapKind::Tofrom));
    assert_eq!(c.items().len(), 2);
    let short = vec![md(ARRSECT_MARKER), ptr(2, "y"), int(1), int(5)];
    assert_eq!(parse_clause("QUAL.OMP.MAP.TO", short, LIST).unwrap_err().rule, Rule::ClauseArity);
}

#[test]
fn region_typed_items() {
    let c = parse_clause("QUAL.OMP.PRIVATE:TYPED", vec![ptr(1, "x"), int(0), int(1)], Carrier::Bundle).unwrap();
    match &c.items()[0] {
        Item::Var { typed: Some(t), .. } => assert_eq!(t.count.as_ref().unwrap().const_int(), Some(1)),
        other => panic!("{other:?}"),
    }
    let lin =
        parse_clause("QUAL.OMP.LINEAR:IV.TYPED", vec![ptr(1, "i"), int(0), int(1), int(2)], Carrier::Bundle).unwrap();
    assert_eq!(lin.extra().unwrap().const_int(), Some(2));
    assert!(lin.modifiers.contains(Modifiers::IV));
    let bad = parse_clause("QUAL.OMP.PRIVATE:TYPED", vec![ptr(1, "x"), int(0)], Carrier::Bundle);
    assert_eq!(bad.unwrap_err().rule, Rule::ClauseArity);
    let np = parse_clause(
        "QUAL.OMP.FIRSTPRIVATE:NONPOD.TYPED",
        vec![ptr(1, "s"), int(0), int(1), func("cctor"), func("dtor")],
        Carrier::Bundle,
    )
    .unwrap();
    assert!(matches!(np.items()[0], Item::NonPod { .. }));
}

#[test]
fn linear_step_and_schedule_chunk() {
    let c = parse_clause("QUAL.OMP.LINEAR", vec![ptr(1, "k")], LIST).unwrap();
    assert_eq!(c.extra(), None);
    let c = parse_clause("QUAL.OMP.LINEAR", vec![ptr(1, "k"), ptr(2, "j"), int(4)], LIST).unwrap();
    assert_eq!(c.items().len(), 2);
    assert_eq!(c.extra().unwrap().const_int(), Some(4));
    let s = parse_clause("QUAL.OMP.SCHEDULE.DYNAMIC", vec![int(8)], LIST).unwrap();
    assert_eq!(s.kind, ClauseKind::Schedule(ScheduleKind::Dynamic));
    assert_eq!(s.extra().unwrap().const_int(), Some(8));
    let s = parse_clause("QUAL.OMP.SCHEDULE.STATIC", vec![int(0)], LIST).unwrap();
    assert_eq!(s.extra(), None);
}

#[test]
fn wrong_operands_are_rejected() {
    // firstprivate of a non-pointer
    let e = parse_clause("QUAL.OMP.FIRSTPRIVATE", vec![int(3)], LIST).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    // num_threads of a pointer
    let e = parse_clause("QUAL.OMP.NUM_THREADS", vec![ptr(1, "p")], Carrier::Paper(Arity::One)).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    // collapse(0)
    let e = parse_clause("QUAL.OMP.COLLAPSE", vec![int(0)], Carrier::Paper(Arity::One)).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    // simdlen given a variable
    let e = parse_clause("QUAL.OMP.SIMDLEN", vec![var_int("n")], Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    // nowait through qual.opnd
    let e = parse_clause("QUAL.OMP.NOWAIT", vec![int(1)], Carrier::Paper(Arity::One)).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    // private through qual.opnd
    let e = parse_clause("QUAL.OMP.PRIVATE", vec![ptr(1, "x")], Carrier::Paper(Arity::One)).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    // (an SSA value through qual.opnd, as the sandwich scheme writes it, is a list of it)
    let c = parse_clause("QUAL.OMP.LINEAR", vec![var_int("k"), int(2)], Carrier::Paper(Arity::One)).unwrap();
    assert_eq!(c.items().len(), 1);
    let e = parse_clause("QUAL.OMP.SHARED", vec![var_int("k")], Carrier::Paper(Arity::One)).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    // empty shared list
    let e = parse_clause("QUAL.OMP.SHARED", vec![], LIST).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    // unknown marker
    let e = parse_clause("QUAL.OMP.SHARED", vec![md("QUAL.OPND.WEIRD"), ptr(1, "x")], LIST).unwrap_err();
    assert_eq!(e.rule, Rule::UnknownClause);
}

#[test]
fn narrow_counts_are_unsigned() {
    // i8 128 is -128 sign-extended; a count or alignment reads it as 128.
    let i8_128 = Operand {
        value: ValueId(9),
        kind: OperandKind::Int { bits: 8, value: Some(-128) },
        text: "i8 128".into(),
        ty: "i8".into(),
    };
    assert_eq!(i8_128.const_uint(), Some(128));
    assert_eq!(i8_128.const_int(), Some(-128));
    let c = parse_clause("QUAL.OMP.SIMDLEN", vec![i8_128.clone()], Carrier::Bundle).unwrap();
    assert_eq!(c.value().unwrap().const_uint(), Some(128));
    assert!(parse_clause("QUAL.OMP.SAFELEN", vec![i8_128], Carrier::Paper(Arity::One)).is_ok());
    let i1_true = Operand {
        value: ValueId(9),
        kind: OperandKind::Int { bits: 1, value: Some(-1) },
        text: "i1 true".into(),
        ty: "i1".into(),
    };
    assert_eq!(i1_true.const_uint(), Some(1));
    let i64_max = Operand { kind: OperandKind::Int { bits: 64, value: Some(-1) }, ..i1_true };
    assert_eq!(i64_max.const_uint(), Some(u64::MAX));
}

fn null() -> Operand {
    Operand { value: ValueId(0), kind: OperandKind::Pointer { null: true }, text: "ptr null".into(), ty: "ptr".into() }
}

#[test]
fn icx_udr_layouts() {
    // Typed, the helpers without NONPOD, null ctor and dtor.
    let ops = vec![ptr(1, "x"), int(0), int(1), null(), null(), func("comb"), func("init")];
    let c = parse_clause("QUAL.OMP.REDUCTION.UDR:TYPED", ops, Carrier::Bundle).unwrap();
    match &c.items()[0] {
        Item::NonPod { helpers, typed: Some(_), .. } => assert_eq!(helpers[2].text, "ptr @comb"),
        other => panic!("{other:?}"),
    }
    // Untyped: one item of a variable and four helpers.
    let ops = vec![ptr(1, "x"), null(), null(), func("comb"), null()];
    let c = parse_clause("QUAL.OMP.REDUCTION.UDR", ops, Carrier::Bundle).unwrap();
    assert_eq!(c.items().len(), 1);
    assert!(matches!(c.items()[0], Item::NonPod { .. }));
    // Three helpers are not a UDR item, nor a list of variables.
    let ops = vec![ptr(1, "x"), int(0), int(1), null(), func("comb"), null()];
    let e = parse_clause("QUAL.OMP.REDUCTION.UDR:TYPED", ops, Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    // A typed predefined reduction keeps exactly three operands.
    let ops = vec![ptr(1, "x"), int(0), int(1), null()];
    let e = parse_clause("QUAL.OMP.REDUCTION.ADD:TYPED", ops, Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
}

#[test]
fn typed_values_and_offload_index() {
    let c = parse_clause("QUAL.OMP.NUM_TEAMS:TYPED", vec![ptr(1, "n"), int(0)], Carrier::Bundle).unwrap();
    assert_eq!(c.value().unwrap().text, "ptr %n");
    assert!(matches!(c.args, Args::TypedValue { .. }));
    assert!(parse_clause("QUAL.OMP.THREAD_LIMIT:TYPED", vec![int(33), int(0)], Carrier::Bundle).is_ok());
    let e = parse_clause("QUAL.OMP.THREAD_LIMIT:TYPED", vec![ptr(1, "n")], Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    let e = parse_clause("QUAL.OMP.NUM_TEAMS:TYPED", vec![null(), int(0)], Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    let e = parse_clause("QUAL.OMP.NUM_TEAMS:TYPED", vec![ptr(1, "n"), ptr(2, "t")], Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    assert_eq!(parse_clause_tag("QUAL.OMP.NUM_THREADS:TYPED").unwrap_err().rule, Rule::UnknownModifier);
    assert!(parse_clause("QUAL.OMP.OFFLOAD.ENTRY.IDX", vec![int(3)], Carrier::Bundle).is_ok());
    let e = parse_clause("QUAL.OMP.OFFLOAD.ENTRY.IDX", vec![int(-1)], Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::OperandKind);
    let e = parse_clause("QUAL.OMP.IMPLICIT", vec![int(1)], Carrier::Bundle).unwrap_err();
    assert_eq!(e.rule, Rule::ClauseArity);
    use crate::vocab::DefaultmapBehavior as B;
    let (k, _, m) = parse_clause_tag("QUAL.OMP.DEFAULTMAP.TOFROM:SCALAR").unwrap();
    assert_eq!((k, m), (ClauseKind::Defaultmap(B::Tofrom), Modifiers::SCALAR));
    let (k, _, m) = parse_clause_tag("QUAL.OMP.DEFAULTMAP.TOFROM.SCALAR").unwrap();
    assert_eq!((k, m), (ClauseKind::Defaultmap(B::Tofrom), Modifiers::SCALAR));
    assert_eq!(parse_clause_tag("QUAL.OMP.DEFAULTMAP.TO:AGGREGATE").unwrap().2, Modifiers::AGGREGATE);
    assert_eq!(parse_clause_tag("QUAL.OMP.PRIVATE:SCALAR").unwrap_err().rule, Rule::UnknownModifier);
    let two = parse_clause_tag("QUAL.OMP.DEFAULTMAP.TOFROM.SCALAR:POINTER").unwrap_err();
    assert_eq!(two.rule, Rule::UnknownModifier);
    assert_eq!(parse_clause_tag("QUAL.OMP.DEFAULTMAP.SHARED:SCALAR").unwrap_err().rule, Rule::UnknownClause);
}

#[test]
fn private_may_name_ssa_values() {
    let f = Operand { value: ValueId(9), kind: OperandKind::Float, text: "float %y".into(), ty: String::new() };
    let c = parse_clause("QUAL.OMP.PRIVATE", vec![f], LIST).unwrap();
    assert_eq!(c.items()[0].var().text, "float %y");
}
