//! What a task shares and what it captures, made explicit for weft.
//!
//! OpenMP 5.1 §2.21.1.1: a variable a task refers to that no clause of the
//! task names (and not declared inside it) is shared when the enclosing
//! context shares it among the team's implicit tasks, and firstprivate
//! otherwise (a task's `default` clause overrides both). In IR weft shares
//! every unlisted variable, so weft-cc lists both kinds: walking out from
//! the task, a local declared inside an enclosing construct, or privatized
//! by one (its clauses, a worksharing loop's variable), is firstprivate; one
//! that reaches the innermost enclosing parallel region unprivatized is
//! shared (so is one an enclosing task lists as shared); one that reaches
//! the function (an orphaned task: the function's locals are private to the
//! implicit task that calls it) is firstprivate. Globals and statics stay
//! shared unless a construct around the task privatizes them (then they
//! are firstprivate); threadprivate variables stay as they are.
use std::collections::HashSet;

use crate::ast::Ast;
use crate::clauses::{self, DirSpec};
use crate::marker_clause::Clause;

/// The directives whose unlisted variables this module lists.
pub fn is_task(dir: &str) -> bool {
    matches!(dir, "DIR.OMP.TASK" | "DIR.OMP.TASKLOOP" | "DIR.OMP.TASKLOOP.SIMD")
}

/// How an enclosing construct treats a variable.
#[derive(PartialEq)]
enum Outer {
    Private,
    Shared,
    /// Not named by it.
    Unnamed,
}

/// What the clauses of directive `p` (re-read from its pragma) say of
/// `name`, and its `default` keyword when it has one.
fn outer_sharing(src: &str, ast: &Ast, p: usize, spec: &DirSpec, name: &str) -> (Outer, Option<String>) {
    let d = &ast.directives[p];
    let Ok((cls, _)) = clauses::parse_with(spec, &src[d.pragma.clone()], &[]) else { return (Outer::Unnamed, None) };
    let default = cls
        .iter()
        .find_map(|c| c.name.strip_prefix("\"QUAL.OMP.DEFAULT.").map(|k| k.trim_end_matches('"').to_string()));
    let addr = format!("&{name}");
    for c in &cls {
        if !c.ops.contains(&addr) {
            continue;
        }
        // (A taskgroup's task_reduction items stay shared in it.)
        if spec.dir == "DIR.OMP.TASKGROUP" {
            continue;
        }
        if c.name.contains("QUAL.OMP.SHARED") {
            return (Outer::Shared, default);
        }
        let privatizing = ["PRIVATE", "LASTPRIVATE", "REDUCTION", "LINEAR"];
        if privatizing.iter().any(|q| c.name.contains(q)) {
            return (Outer::Private, default);
        }
    }
    if spec.is_loop && d.loops.iter().any(|l| l.assigned.as_deref() == Some(name)) {
        return (Outer::Private, default);
    }
    (Outer::Unnamed, default)
}

/// Whether the task (directive `id`) shares `name`, declared at `begin`,
/// by the rules above (false: firstprivate).
fn shared_in_context(src: &str, ast: &Ast, id: usize, name: &str, begin: Option<usize>) -> bool {
    // (`parallel master taskloop`: the team is the construct's own, and
    // shares what it does not privatize.)
    if crate::taskloop_forms::starts_team(&ast.directives[id].kind) {
        return true;
    }
    let mut cur = ast.directives[id].parent;
    while let Some(p) = cur {
        let d = &ast.directives[p];
        let inside = d.stmt.as_ref().is_some_and(|s| begin.is_some_and(|b| s.contains(&b)));
        if inside {
            return false;
        }
        if let Some(spec) = clauses::directive(&d.kind) {
            let (outer, default) = outer_sharing(src, ast, p, &spec, name);
            match outer {
                Outer::Private => return false,
                Outer::Shared => return true,
                Outer::Unnamed => {}
            }
            if crate::sharing::starts_team(spec.dir) {
                return !matches!(default.as_deref(), Some("PRIVATE" | "FIRSTPRIVATE"));
            }
            if is_task(spec.dir) && matches!(default.as_deref(), Some("PRIVATE" | "FIRSTPRIVATE")) {
                return false;
            }
        }
        cur = d.parent;
    }
    false
}

/// Whether a construct around task `id` (up to the innermost parallel
/// region) privatizes the global `name` by a clause.
fn privatized_around(src: &str, ast: &Ast, id: usize, name: &str) -> bool {
    let mut cur = ast.directives[id].parent;
    while let Some(p) = cur {
        let Some(spec) = clauses::directive(&ast.directives[p].kind) else { return false };
        match outer_sharing(src, ast, p, &spec, name).0 {
            Outer::Private => return true,
            Outer::Shared => return false,
            Outer::Unnamed if crate::sharing::starts_team(spec.dir) => return false,
            Outer::Unnamed => {}
        }
        cur = ast.directives[p].parent;
    }
    false
}

/// Rewrites `cls`, the clauses of task `id`: every local variable it refers
/// to that no clause names (`named`) and that is not declared inside it
/// becomes SHARED or FIRSTPRIVATE (PRIVATE under `default(private)`), and
/// the task's DEFAULT goes.
pub fn make_explicit(src: &str, ast: &Ast, id: usize, named: &HashSet<String>, cls: &mut Vec<Clause>) {
    let d = &ast.directives[id];
    let Some(stmt) = &d.stmt else { return };
    let default = cls
        .iter()
        .position(|c| c.name.starts_with("\"QUAL.OMP.DEFAULT."))
        .map(|k| cls.remove(k).name.trim_matches('"').trim_start_matches("QUAL.OMP.DEFAULT.").to_string());
    let file_scope: HashSet<&str> = ast.var_decls.iter().filter(|v| v.file_scope).map(|v| v.id.as_str()).collect();
    let threadprivate: HashSet<&str> =
        ast.threadprivate.iter().flat_map(|t| t.ids.iter().map(String::as_str)).collect();
    let (mut shared, mut first, mut private) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    for (_, vid) in ast.refs.iter().filter(|(at, _)| stmt.contains(at)) {
        let Some((name, begin, storage)) = ast.decls.get(vid) else { continue };
        let global = matches!(storage.as_deref(), Some("static" | "extern"))
            || file_scope.contains(vid.as_str())
            || begin.is_none();
        let inside = begin.is_some_and(|b| stmt.contains(&b));
        let skip = threadprivate.contains(vid.as_str()) || storage.as_deref() == Some("register");
        if skip || inside || named.contains(name) || name.starts_with('.') || !seen.insert(vid.clone()) {
            continue;
        }
        let list = match default.as_deref() {
            Some("SHARED") => &mut shared,
            Some("PRIVATE") => &mut private,
            Some("FIRSTPRIVATE") => &mut first,
            // (A global stays shared unless a construct around privatizes it.)
            _ if global && !privatized_around(src, ast, id, name) => continue,
            _ if global => &mut first,
            _ if shared_in_context(src, ast, id, name, *begin) => &mut shared,
            _ => &mut first,
        };
        list.push(format!("&{name}"));
    }
    for (q, ops) in [("QUAL.OMP.SHARED", shared), ("QUAL.OMP.FIRSTPRIVATE", first), ("QUAL.OMP.PRIVATE", private)] {
        if !ops.is_empty() {
            cls.push(Clause::new(q, ops));
        }
    }
}
