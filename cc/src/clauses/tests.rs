use super::*;

fn names(spec_kind: &str, text: &str) -> Vec<String> {
    let s = directive(spec_kind).unwrap();
    parse(&s, text).unwrap().0.into_iter().map(|c| format!("{} {}", c.name, c.ops.join(","))).collect()
}

#[test]
fn parallel_for_clauses() {
    let got = names(
        "OMPParallelForDirective",
        "#pragma omp parallel for reduction(+:s, t) \\\n schedule(dynamic, n/2) private(a) /* c */ num_threads(4)",
    );
    assert_eq!(
        got,
        [
            "\"QUAL.OMP.REDUCTION.ADD\" &s",
            "\"QUAL.OMP.REDUCTION.ADD\" &t",
            "\"QUAL.OMP.SCHEDULE.DYNAMIC\" (int)(n/2)",
            "\"QUAL.OMP.PRIVATE\" &a",
            "\"QUAL.OMP.NUM_THREADS\" (int)(4)",
        ]
    );
}

#[test]
fn directive_arguments_and_atomic() {
    assert_eq!(names("OMPCriticalDirective", "#pragma omp critical(lock)"), ["\"QUAL.OMP.NAME\" \"lock\""]);
    assert_eq!(names("OMPFlushDirective", "#pragma omp flush(a, b)"), ["\"QUAL.OMP.FLUSH\" &a,&b"]);
    assert_eq!(names("OMPAtomicDirective", "#pragma omp atomic capture seq_cst"), ["\"QUAL.OMP.CAPTURE.SEQ_CST\" "]);
    assert!(names("OMPAtomicDirective", "#pragma omp atomic").is_empty());
    assert_eq!(
        names("OMPAtomicDirective", "#pragma omp atomic compare capture acq_rel fail(relaxed) weak"),
        ["\"QUAL.OMP.CAPTURE.ACQ_REL\" ", "\"QUAL.OMP.COMPARE\" ", "\"QUAL.OMP.FAIL.RELAXED\" ", "\"QUAL.OMP.WEAK\" "]
    );
    assert_eq!(names("OMPAtomicDirective", "#pragma omp atomic compare release"), ["\"QUAL.OMP.COMPARE.RELEASE\" "]);
    assert_eq!(names("OMPAtomicDirective", "#pragma omp atomic acquire"), ["\"QUAL.OMP.UPDATE.ACQUIRE\" "]);
    assert_eq!(
        names("OMPForDirective", "#pragma omp for schedule(monotonic: guided) ordered"),
        ["\"QUAL.OMP.SCHEDULE.GUIDED:MONOTONIC\" 0", "\"QUAL.OMP.ORDERED\" 0"]
    );
}

#[test]
fn minmax_signedness_from_c_types() {
    let got = names("OMPForDirective", "#pragma omp for reduction(max: m)");
    assert!(got[0].starts_with("_Generic((m), _Bool: \"QUAL.OMP.REDUCTION.MAX:UNSIGNED\""), "{got:?}");
    assert!(got[0].contains("unsigned int *: \"QUAL.OMP.REDUCTION.MAX:UNSIGNED\""), "{got:?}");
    assert!(got[0].contains("default: \"QUAL.OMP.REDUCTION.MAX\""));
}

#[test]
fn scan_reductions() {
    assert_eq!(
        names("OMPParallelForDirective", "#pragma omp parallel for reduction(inscan, +: s, t)"),
        ["\"QUAL.OMP.REDUCTION.ADD:INSCAN\" &s", "\"QUAL.OMP.REDUCTION.ADD:INSCAN\" &t"]
    );
    let got = names("OMPSimdDirective", "#pragma omp simd reduction(inscan, max: m)");
    assert!(got[0].contains("\"QUAL.OMP.REDUCTION.MAX:INSCAN.UNSIGNED\""), "{got:?}");
    assert!(got[0].contains("default: \"QUAL.OMP.REDUCTION.MAX:INSCAN\""), "{got:?}");
    assert_eq!(names("OMPScanDirective", "#pragma omp scan inclusive(s, t)"), ["\"QUAL.OMP.INCLUSIVE\" &s,&t"]);
    assert_eq!(names("OMPScanDirective", "#pragma omp scan exclusive(s)"), ["\"QUAL.OMP.EXCLUSIVE\" &s"]);
    let s = directive("OMPScanDirective").unwrap();
    assert!(parse(&s, "#pragma omp scan inclusive(a[0:2])").unwrap_err().contains("array sections"));
}

#[test]
fn array_sections() {
    let got = names("OMPForDirective", "#pragma omp for reduction(+: h[0:16]) firstprivate(p[2:n])");
    assert_eq!(got.len(), 2);
    assert!(got[0].starts_with("\"QUAL.OMP.REDUCTION.ADD:ARRSECT.TYPED\" &h,_Generic(((h)[0]), "), "{got:?}");
    assert!(got[0].ends_with(",(long)(16),(long)(0)"), "{got:?}");
    assert!(got[1].ends_with(",(long)(n),(long)(2)"), "{got:?}");
    let got = names("OMPForDirective", "#pragma omp for reduction(min: u[:8])");
    assert!(got[0].contains("\"QUAL.OMP.REDUCTION.MIN:ARRSECT.TYPED.UNSIGNED\""), "{got:?}");
    let s = directive("OMPForDirective").unwrap();
    // Several dimensions, or a stride: `:ARRSECT` with every bound.
    let got = names("OMPForDirective", "#pragma omp for reduction(+: m[1:2][:3]) lastprivate(s[1:4:2])");
    assert_eq!(
        got[0],
        "\"QUAL.OMP.REDUCTION.ADD:ARRSECT\" &m,(long)2,(long)(1),(long)(2),(long)(1),(long)(0),(long)(3),(long)(1)"
    );
    assert_eq!(got[1], "\"QUAL.OMP.LASTPRIVATE:ARRSECT\" &s,(long)1,(long)(1),(long)(4),(long)(2)");
    let got = names("OMPForDirective", "#pragma omp for reduction(max: u[0:2][0:3])");
    assert!(got[0].contains("_Generic(((u)[0][0]), "), "{got:?}");
    assert!(got[0].contains("\"QUAL.OMP.REDUCTION.MAX:ARRSECT.UNSIGNED\""), "{got:?}");
    assert!(parse(&s, "#pragma omp for reduction(+: m[0:2][])").unwrap_err().contains("one per dimension"));
}

#[test]
fn refusals_name_the_clause() {
    let s = directive("OMPForDirective").unwrap();
    let e = |t: &str| parse(&s, t).unwrap_err();
    assert!(e("#pragma omp for reduction(myop: x)").contains("user-defined"));
    assert_eq!(names("OMPForDirective", "#pragma omp for ordered(2)"), ["\"QUAL.OMP.ORDERED\" 2"]);
    assert!(e("#pragma omp for ordered(N)").contains("integer literal"));
    assert_eq!(names("OMPForDirective", "#pragma omp for ordered(1)"), ["\"QUAL.OMP.ORDERED\" 1"]);
    assert_eq!(
        names("OMPOrderedDirective", "#pragma omp ordered depend(sink: i - 1) depend(sink: i-2)"),
        ["\"QUAL.OMP.DEPEND.SINK\" (long)(i - 1)", "\"QUAL.OMP.DEPEND.SINK\" (long)(i-2)"]
    );
    assert_eq!(names("OMPOrderedDirective", "#pragma omp ordered depend(source)"), ["\"QUAL.OMP.DEPEND.SOURCE\" "]);
    assert_eq!(names("OMPOrderedDirective", "#pragma omp ordered threads"), ["\"QUAL.OMP.ORDERED.THREADS\" "]);
    assert!(e("#pragma omp for private(x) allocate(al: x[1:2])").contains("only variables"));
    assert!(e("#pragma omp for uses_allocators(x)").contains("'uses_allocators(x)'"));
    assert!(e("#pragma omp for reduction(bogus, +: x)").contains("'bogus'"));
    assert_eq!(
        names("OMPForDirective", "#pragma omp for reduction(task, +: x)"),
        ["\"QUAL.OMP.REDUCTION.ADD:TASK\" &x"]
    );
    let tl = directive("OMPTaskLoopDirective").unwrap();
    assert!(parse(&tl, "#pragma omp taskloop reduction(task, +: x)").unwrap_err().contains("reduction(task, ...) on"));
    assert!(e("#pragma omp for reduction(inscan, +: h[0:4])").contains("array sections"));
    assert_eq!(spelling("OMPParallelSectionsDirective"), "parallel sections");
}

#[test]
fn order_concurrent_and_its_modifiers() {
    assert_eq!(names("OMPSimdDirective", "#pragma omp simd order(concurrent)"), ["\"QUAL.OMP.ORDER.CONCURRENT\" "]);
    assert_eq!(
        names("OMPForDirective", "#pragma omp for order(reproducible : concurrent)"),
        ["\"QUAL.OMP.ORDER.CONCURRENT:REPRODUCIBLE\" "]
    );
    assert_eq!(
        names("OMPParallelForSimdDirective", "#pragma omp parallel for simd order(unconstrained:concurrent)"),
        ["\"QUAL.OMP.ORDER.CONCURRENT:UNCONSTRAINED\" "]
    );
    let s = directive("OMPForDirective").unwrap();
    assert!(parse(&s, "#pragma omp for order(sometimes: concurrent)").is_err());
}
