//! weft-regionopt's switches and clause rules, on plain data.
use super::clauses::RawClause;
use super::legality::clause_refusal;
use super::Options;

fn clause(tag: &str) -> RawClause<'static> {
    RawClause { tag: tag.to_string(), values: Vec::new() }
}

#[test]
fn switches_parse() {
    assert_eq!(Options::parse(""), Ok(Options { merge: true, single: true, barrier: true, fuse: true }));
    assert_eq!(Options::parse("no-barrier"), Ok(Options { merge: true, single: true, barrier: false, fuse: true }));
    assert_eq!(Options::parse("no-fuse"), Ok(Options { merge: true, single: true, barrier: true, fuse: false }));
    assert_eq!(
        Options::parse("no-merge;no-barrier"),
        Ok(Options { merge: false, single: true, barrier: false, fuse: true })
    );
    assert_eq!(Options::parse("no-single"), Ok(Options { merge: true, single: false, barrier: true, fuse: true }));
    assert!(Options::parse("fuse").unwrap_err().contains("unknown parameter 'fuse'"));
}

#[test]
fn clauses_that_keep_regions_apart() {
    for movable in ["QUAL.OMP.SHARED", "QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE:TYPED", "QUAL.OMP.SCHEDULE.STATIC"] {
        assert_eq!(clause_refusal(&clause(movable)), None, "{movable}");
    }
    for (tag, why) in [
        ("QUAL.OMP.NUM_THREADS", "team settings"),
        ("QUAL.OMP.IF", "team settings"),
        ("QUAL.OMP.PROC_BIND.CLOSE", "team settings"),
        ("QUAL.OMP.REDUCTION.ADD", "only complete at the end"),
        ("QUAL.OMP.LASTPRIVATE", "written back at the end"),
        ("QUAL.OMP.ORDERED", "ordered loops"),
        ("QUAL.OMP.SHARED:TYPED", "modifiers"),
        ("QUAL.OMP.COPYIN", "not a clause weft-regionopt moves"),
    ] {
        let got = clause_refusal(&clause(tag)).unwrap_or_default();
        assert!(got.contains(why), "{tag}: {got}");
    }
}
