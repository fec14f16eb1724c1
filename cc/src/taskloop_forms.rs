//! The combined forms of taskloop (OpenMP 5.1 §2.16): `master taskloop`,
//! `masked taskloop`, `parallel master taskloop`, `parallel masked
//! taskloop`, each also with `simd`, and `taskloop simd`. weft's
//! vocabulary has no combined taskloop directive (icx splits them too), so
//! weft-cc writes each as nested regions: PARALLEL around MASTER or MASKED
//! around TASKLOOP, with the clauses that belong to the outer constructs
//! (`num_threads`, `proc_bind`, `copyin`; `filter`) moved onto them. The
//! simd forms are TASKLOOP.SIMD, whose simd part (each task's loop) weft
//! vectorizes, with `simdlen` and `safelen`; its other clauses are refused
//! by name.
use crate::marker_clause::Clause;

/// The directives around the taskloop of a combined form, outermost first.
fn outer(kind: &str) -> &'static [&'static str] {
    let core = kind.strip_suffix("SimdDirective").or_else(|| kind.strip_suffix("Directive")).unwrap_or(kind);
    match core {
        "OMPMasterTaskLoop" => &["DIR.OMP.MASTER"],
        "OMPMaskedTaskLoop" => &["DIR.OMP.MASKED"],
        "OMPParallelMasterTaskLoop" => &["DIR.OMP.PARALLEL", "DIR.OMP.MASTER"],
        "OMPParallelMaskedTaskLoop" => &["DIR.OMP.PARALLEL", "DIR.OMP.MASKED"],
        _ => &[],
    }
}

/// Whether clang's node kind is a combined form whose outermost part
/// starts a team (its unnamed variables are shared in the taskloop).
pub fn starts_team(kind: &str) -> bool {
    outer(kind).first() == Some(&"DIR.OMP.PARALLEL")
}

/// Which outer directive a clause (by its QUAL name) belongs to.
fn belongs(dir: &str, name: &str) -> bool {
    let n = name.trim_matches('"');
    match dir {
        "DIR.OMP.PARALLEL" => {
            n.starts_with("QUAL.OMP.NUM_THREADS")
                || n.starts_with("QUAL.OMP.PROC.BIND")
                || n.starts_with("QUAL.OMP.COPYIN")
        }
        "DIR.OMP.MASKED" => n.starts_with("QUAL.OMP.FILTER"),
        _ => false,
    }
}

/// The marker text that opens and closes the outer regions of combined
/// form `kind` (directive `id`), with their clauses taken from `cls`;
/// empty for a plain directive. The clauses of a simd part are refused.
pub fn wrap(kind: &str, text: &str, id: usize, cls: &mut Vec<Clause>) -> Result<(String, String), String> {
    let simd = kind.ends_with("SimdDirective") && kind.contains("TaskLoop");
    if simd {
        let words = ["aligned", "linear", "nontemporal", "order"];
        if let Some(w) = words.iter().find(|w| crate::clauses::clean(text).contains(&format!("{w}("))) {
            return Err(format!(
                "'{w}' on '{}': not supported by weft yet on the simd part of a taskloop",
                crate::clauses::spelling(kind)
            ));
        }
    }
    let dirs = outer(kind);
    let (mut open, mut close) = (String::new(), String::new());
    for (k, dir) in dirs.iter().enumerate() {
        let mut mine: Vec<Clause> = cls.iter().filter(|c| belongs(dir, &c.name)).cloned().collect();
        cls.retain(|c| !belongs(dir, &c.name));
        if *dir == "DIR.OMP.PARALLEL" {
            // `if(parallel: c)` is the parallel part's alone; an `if`
            // without a modifier is both parts' (if_modifier.rs).
            let plain = cls.iter().filter(|c| c.name == "\"QUAL.OMP.IF\"").cloned();
            let part = format!("\"{}\"", crate::if_modifier::PARALLEL_PART);
            let own = cls.iter().filter(|c| c.name == part).map(|c| Clause::new("QUAL.OMP.IF", c.ops.clone()));
            mine.extend(plain.chain(own).collect::<Vec<_>>());
            cls.retain(|c| c.name != part);
        }
        // (Ids counting down from the top of int, one per part: the
        // file's directives count up from 0, each header's from a million
        // times its number.)
        let wid = 2_000_000_000 - (id * 4 + k);
        let (o, c) = crate::marker_clause::region(wid, dir, &mine);
        open.push_str(&o);
        close = c + &close;
    }
    let own = format!("\"{}\"", crate::if_modifier::TASKLOOP_PART);
    for c in cls.iter_mut().filter(|c| c.name == own) {
        *c = Clause::new("QUAL.OMP.IF", c.ops.clone());
    }
    Ok((open, close))
}
