//! What a team construct shares, made explicit for weft.
//!
//! Clang's code for a construct uses storage that no declaration names: a
//! struct returned or passed by value, a compound literal. Those
//! temporaries are locals of the function, so weft, which shares every
//! unlisted local a parallel region writes (OpenMP's rule for variables
//! declared outside the construct), would share them, and the threads would
//! race on them. weft-cc knows which variables the program declared: it
//! names as SHARED every one the construct refers to that no clause names,
//! and asks DEFAULT(PRIVATE) for the rest, which are then exactly the
//! temporaries (and the variables declared inside, private anyway).
use std::collections::HashSet;
use std::ops::Range;

use crate::ast::{Ast, Directive};
use crate::marker_clause::Clause;

/// The directives that start a team (whose unlisted locals weft shares).
pub fn starts_team(dir: &str) -> bool {
    dir.starts_with("DIR.OMP.PARALLEL") || matches!(dir, "DIR.OMP.TEAMS" | "DIR.OMP.DISTRIBUTE.PARLOOP")
}

fn quoted(name: &str) -> String {
    format!("\"{name}\"")
}

/// Rewrites `cls`, the clauses of team construct `d`: the variables it
/// refers to that no clause names (`named`) become SHARED, and its DEFAULT
/// becomes PRIVATE. Leaves them as they are when the construct's own
/// DEFAULT already privatizes, or when it refers to a `register` variable
/// or to a static declared inside it (neither can be named at the pragma),
/// or to a variable from code `#include`d into it (from another file, out
/// of the references weft-cc sees by byte range).
pub fn make_explicit(ast: &Ast, d: &Directive, named: &HashSet<String>, cls: &mut Vec<Clause>) {
    let Some(stmt) = d.stmt.as_ref().filter(|_| !d.foreign_refs) else { return };
    let default = cls.iter().position(|c| c.name.starts_with("\"QUAL.OMP.DEFAULT."));
    if default.is_some_and(|k| cls[k].name.contains("PRIVATE")) {
        return;
    }
    let inside = |at: Option<usize>| at.is_some_and(|b| (stmt.start..stmt.end).contains(&b));
    let threadprivate: HashSet<&str> =
        ast.threadprivate.iter().flat_map(|t| t.ids.iter().map(String::as_str)).collect();
    let mut shared: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for (_, id) in ast.refs.iter().filter(|(at, _)| in_range(stmt, *at)) {
        // (A declaration the dump does not show: nothing is listed, rather
        // than a variable left out.)
        let Some((name, begin, storage)) = ast.decls.get(id) else { return };
        let automatic = !matches!(storage.as_deref(), Some("static" | "extern"));
        // (A static declared inside is shared, but cannot be named at the
        // pragma; a register variable has no address to list.)
        if (inside(*begin) && !automatic) || storage.as_deref() == Some("register") {
            return;
        }
        if inside(*begin) || named.contains(name) || threadprivate.contains(id.as_str()) || name.starts_with('.') {
            continue;
        }
        if seen.insert(id.clone()) {
            shared.push(format!("&{name}"));
        }
    }
    if let Some(k) = default {
        cls.remove(k);
    }
    if !shared.is_empty() {
        cls.push(Clause { name: quoted("QUAL.OMP.SHARED"), ops: shared });
    }
    cls.push(Clause { name: quoted("QUAL.OMP.DEFAULT.PRIVATE"), ops: Vec::new() });
}

fn in_range(r: &Range<usize>, at: usize) -> bool {
    r.start <= at && at < r.end
}

/// The variables clauses name: their listed names and every `&name` operand.
pub fn named(listed: &[String], cls: &[Clause]) -> HashSet<String> {
    let mut out: HashSet<String> = listed.iter().cloned().collect();
    for c in cls {
        for o in &c.ops {
            if let Some(n) = o.strip_prefix('&').filter(|n| n.chars().all(|c| c.is_alphanumeric() || c == '_')) {
                out.insert(n.to_string());
            }
        }
    }
    out
}
