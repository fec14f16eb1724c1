//! `teams`, `distribute` and their combined forms (OpenMP 5.1 §2.7,
//! §2.11.6, §2.16). weft's vocabulary has TEAMS, DISTRIBUTE and
//! DISTRIBUTE.PARLOOP; a combined form that starts with `teams` is written
//! as nested regions the way icx nests them: TEAMS outside, with the
//! clauses that belong to the league (`num_teams`, `thread_limit`, and
//! `default`, `shared`, `reduction`, `firstprivate` as the inner construct
//! leaves them), around the distribute loop, the distribute parallel loop
//! or the `loop`. Any leading construct (a `target` around `teams`) is left
//! to the wrapper of its own, which composes with this one. The simd part
//! of `distribute simd` and `distribute parallel for simd` is not
//! vectorized yet: each team or thread runs its chunk as a plain loop,
//! which simd allows; its own clauses are refused by name.
use crate::dir_spec::DirSpec;
use crate::marker_clause::Clause;

const fn spec(dir: &'static str, words: &'static [&'static str]) -> DirSpec {
    DirSpec { dir, words, privatizes: true, is_loop: true }
}

/// Clang's node kinds of teams and distribute that weft lowers.
pub fn directive(kind: &str) -> Option<DirSpec> {
    Some(match kind {
        // (The league's variables declared inside are each team's own.)
        "OMPTeamsDirective" => DirSpec { dir: "DIR.OMP.TEAMS", words: &["teams"], privatizes: true, is_loop: false },
        "OMPDistributeDirective" => spec("DIR.OMP.DISTRIBUTE", &["distribute"]),
        "OMPDistributeSimdDirective" => spec("DIR.OMP.DISTRIBUTE", &["distribute", "simd"]),
        "OMPDistributeParallelForDirective" => spec("DIR.OMP.DISTRIBUTE.PARLOOP", &["distribute", "parallel", "for"]),
        "OMPDistributeParallelForSimdDirective" => {
            spec("DIR.OMP.DISTRIBUTE.PARLOOP", &["distribute", "parallel", "for", "simd"])
        }
        "OMPTeamsDistributeDirective" => spec("DIR.OMP.DISTRIBUTE", &["teams", "distribute"]),
        "OMPTeamsDistributeSimdDirective" => spec("DIR.OMP.DISTRIBUTE", &["teams", "distribute", "simd"]),
        "OMPTeamsDistributeParallelForDirective" => {
            spec("DIR.OMP.DISTRIBUTE.PARLOOP", &["teams", "distribute", "parallel", "for"])
        }
        "OMPTeamsDistributeParallelForSimdDirective" => {
            spec("DIR.OMP.DISTRIBUTE.PARLOOP", &["teams", "distribute", "parallel", "for", "simd"])
        }
        // (`loop` in teams binds to the teams: weft-prepare.)
        "OMPTeamsGenericLoopDirective" => spec("DIR.OMP.GENERICLOOP", &["teams", "loop"]),
        // (`target teams ...`: target_forms.rs takes the TARGET around them.)
        "OMPTargetTeamsDirective" => {
            DirSpec { dir: "DIR.OMP.TEAMS", words: &["target", "teams"], privatizes: true, is_loop: false }
        }
        "OMPTargetTeamsDistributeDirective" => spec("DIR.OMP.DISTRIBUTE", &["target", "teams", "distribute"]),
        "OMPTargetTeamsDistributeSimdDirective" => {
            spec("DIR.OMP.DISTRIBUTE", &["target", "teams", "distribute", "simd"])
        }
        "OMPTargetTeamsDistributeParallelForDirective" => {
            spec("DIR.OMP.DISTRIBUTE.PARLOOP", &["target", "teams", "distribute", "parallel", "for"])
        }
        "OMPTargetTeamsDistributeParallelForSimdDirective" => {
            spec("DIR.OMP.DISTRIBUTE.PARLOOP", &["target", "teams", "distribute", "parallel", "for", "simd"])
        }
        "OMPTargetTeamsGenericLoopDirective" => spec("DIR.OMP.GENERICLOOP", &["target", "teams", "loop"]),
        _ => return None,
    })
}

/// `num_teams`, `thread_limit`, `dist_schedule`.
pub fn clause(name: &str, arg: &str) -> Result<Clause, String> {
    match name {
        "num_teams" | "thread_limit" => {
            if arg.contains(':') {
                return Err(format!(
                    "{name}({arg}): a lower bound (OpenMP 5.1 teams ranges) is not supported by weft yet"
                ));
            }
            Ok(Clause::new(&format!("QUAL.OMP.{}", name.to_uppercase()), vec![format!("(int)({arg})")]))
        }
        _ => {
            let parts = crate::lists::split_list(arg);
            if parts.first().map(|k| k.trim()) != Some("static") {
                return Err(format!("dist_schedule({arg}): OpenMP has static only"));
            }
            let chunk = parts.get(1).map_or("0".to_string(), |c| format!("(int)({c})"));
            Ok(Clause::new("QUAL.OMP.DIST_SCHEDULE.STATIC", vec![chunk]))
        }
    }
}

/// Whether the combined form `kind` starts with teams (after a `target`,
/// whose TARGET target_forms.rs writes around the TEAMS).
fn with_teams(kind: &str) -> bool {
    let rest = kind.strip_prefix("OMPTarget").or_else(|| kind.strip_prefix("OMP")).unwrap_or(kind);
    rest.starts_with("Teams") && rest != "TeamsDirective"
}

/// Where a clause of a combined teams form goes: onto TEAMS only, onto both
/// TEAMS and the inner construct, or stays inside.
#[derive(PartialEq)]
enum Goes {
    Teams,
    Both,
    Inside,
}

fn goes(inner: &str, n: &str, lastprivate: &[String], ops: &[String]) -> Goes {
    // (Only a distribute parallel loop takes the data clauses of parallel.)
    let team_like = inner == "DIR.OMP.DISTRIBUTE.PARLOOP";
    let is = |p: &str| n.starts_with(p);
    if is("QUAL.OMP.NUM_TEAMS") || is("QUAL.OMP.THREAD_LIMIT") {
        Goes::Teams
    } else if is("QUAL.OMP.DEFAULT") || is("QUAL.OMP.SHARED") {
        // (Nothing runs in the league outside the loop: a distribute
        // parallel loop's sharing, made explicit by weft-cc, is the one
        // that counts; the league shares what it names.)
        if team_like {
            Goes::Inside
        } else {
            Goes::Teams
        }
    } else if is("QUAL.OMP.REDUCTION") {
        // (A distribute loop takes no reduction: the league's.)
        if inner == "DIR.OMP.DISTRIBUTE" {
            Goes::Teams
        } else {
            Goes::Both
        }
    } else if is("QUAL.OMP.FIRSTPRIVATE") {
        // (A variable also lastprivate is the original in the league, where
        // the last iteration's value goes.)
        if inner == "DIR.OMP.GENERICLOOP" {
            Goes::Teams
        } else if ops.iter().any(|o| lastprivate.contains(o)) {
            Goes::Inside
        } else {
            Goes::Both
        }
    } else {
        Goes::Inside
    }
}

/// The marker text that opens and closes the TEAMS region around combined
/// form `kind` (directive `id`), with its clauses taken from `cls`; empty
/// for any other directive. The clauses of a simd part are refused.
pub fn wrap(kind: &str, text: &str, id: usize, cls: &mut Vec<Clause>) -> Result<(String, String), String> {
    if kind.contains("Distribute") && kind.ends_with("SimdDirective") {
        let words = ["safelen", "simdlen", "aligned", "linear", "nontemporal", "order"];
        if let Some(w) = words.iter().find(|w| crate::dir_spec::clean(text).contains(&format!("{w}("))) {
            return Err(format!(
                "'{w}' on '{}': the simd part of a distribute loop is not vectorized by weft yet",
                crate::dir_spec::spelling(kind)
            ));
        }
    }
    if !with_teams(kind) {
        return Ok((String::new(), String::new()));
    }
    let inner = directive(kind).map_or("", |s| s.dir);
    let lastprivate: Vec<String> =
        cls.iter().filter(|c| c.name.starts_with("\"QUAL.OMP.LASTPRIVATE")).flat_map(|c| c.ops.clone()).collect();
    let mut mine = Vec::new();
    cls.retain(|c| match goes(inner, c.qual(), &lastprivate, &c.ops) {
        Goes::Teams => {
            mine.push(c.clone());
            false
        }
        Goes::Both => {
            mine.push(c.clone());
            true
        }
        Goes::Inside => true,
    });
    // (The id of the part around the directive: ids count down from the top
    // of int, as taskloop's combined forms' do, past their parts.)
    let wid = 2_000_000_000 - (id * 4 + 3);
    Ok(crate::marker_clause::region(wid, "DIR.OMP.TEAMS", &mine))
}
