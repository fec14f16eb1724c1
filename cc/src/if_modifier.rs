//! The `if` clause's directive-name modifier (OpenMP 5.1 §3.4): on a
//! combined form, `if(parallel: c)` belongs to the parallel part,
//! `if(taskloop: c)` to the taskloop, and an `if` without a modifier to
//! every part that takes one. weft-cc writes one directive for most
//! combined forms (their `if` goes to it); the forms it writes as nested
//! regions (taskloop_forms.rs) take the parallel part's `if` from the
//! clause named here.
use crate::dir_spec::DirSpec;
use crate::marker_clause::Clause;

/// The name, inside weft-cc, of an `if` for the PARALLEL region around a
/// combined taskloop form (taskloop_forms.rs writes it as QUAL.OMP.IF).
pub const PARALLEL_PART: &str = "QUAL.OMP.IF.PARALLEL_PART";
/// The name of an `if` for the taskloop of such a form alone (written as QUAL.OMP.IF on it).
pub const TASKLOOP_PART: &str = "QUAL.OMP.IF.TASKLOOP_PART";

/// The name of an `if(target: c)` on a combined target form: TARGET's
/// alone (target_forms.rs writes it as QUAL.OMP.IF there).
pub const TARGET_PART: &str = "QUAL.OMP.IF.TARGET_PART";
/// The name of an `if` without a modifier on a combined target form: the
/// TARGET's and, where the rest has a parallel part, that part's too.
pub const EVERY_PART: &str = "QUAL.OMP.IF.EVERY_PART";

/// The clause for `if([mods:] cond)` on the directive `spec`.
pub fn clause(spec: &DirSpec, mods: &[&str], cond: &str) -> Result<Clause, String> {
    let op = vec![format!("(int)!!({cond})")];
    let named = |m: &str| spec.words.contains(&m) || (m == "cancel" && spec.dir == "DIR.OMP.CANCEL");
    // (A combined target form; `target data`, `target enter data`, ... are
    // one construct: their `if` is theirs.)
    let target_form = spec.words.len() > 1
        && spec.words[0] == "target"
        && !matches!(spec.words[1], "data" | "enter" | "exit" | "update");
    match mods {
        [] if target_form => Ok(Clause::new(EVERY_PART, op)),
        [] => Ok(Clause::new("QUAL.OMP.IF", op)),
        ["target"] if target_form => Ok(Clause::new(TARGET_PART, op)),
        [m] if !named(m) => Err(format!(
            "'if({m}: ...)' on '{}': the modifier names no construct of this directive (OpenMP 5.1 §3.4)",
            spec.words.join(" ")
        )),
        ["simd"] if spec.dir != "DIR.OMP.SIMD" => Err(format!(
            "'if(simd: ...)' on '{}' is not supported by weft yet (the simd part of a combined form)",
            spec.words.join(" ")
        )),
        ["parallel"] if spec.dir.starts_with("DIR.OMP.TASKLOOP") => Ok(Clause::new(PARALLEL_PART, op)),
        ["taskloop"] if spec.words.contains(&"parallel") => Ok(Clause::new(TASKLOOP_PART, op)),
        [_] => Ok(Clause::new("QUAL.OMP.IF", op)),
        _ => Err(format!("'if' on '{}' takes one directive-name modifier", spec.words.join(" "))),
    }
}
