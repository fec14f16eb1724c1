//! `#pragma omp threadprivate`, in the main file or in an included one.
//!
//! A variable at file scope is named by a marker function added at the end
//! of the rewritten file, `__weft_cc_threadprivate_list`, whose body calls
//! `__weft_cc_threadprivate("file:line", "x", &x)` once per
//! variable; weft's `weft-markers` pass makes each global so named
//! thread-local and deletes the marker. That reaches a variable whose
//! declaration weft-cc cannot rewrite (it is in a header), and each file
//! scope name means at the end of the file what it meant at the pragma.
//! A static inside a function cannot be named from there: its declaration
//! becomes `_Thread_local` instead (how clang makes it), in the main file
//! or in a header rewritten in a pass of its own (`main.rs`); a declaration
//! that also declares other variables is first split into one declaration
//! per variable (`split_group`), on the same line.
use std::collections::HashSet;
use std::ops::Range;

use crate::ast::{Ast, VarDeclInfo};
use crate::loc::Where;

/// Declaration of the marker the list calls (in the rewrite's prelude).
pub const PRELUDE: &str = "void __weft_cc_threadprivate(const char *, const char *, void *);\n";

/// What the pragmas ask of the rewrite.
#[derive(Debug, Default)]
pub struct Lowering {
    /// Main-file pragmas to delete (their byte ranges).
    pub pragmas: Vec<Range<usize>>,
    /// Main-file declarations to begin with `_Thread_local `.
    pub thread_local_at: Vec<usize>,
    /// Commas between declarators replaced by `; [_Thread_local ]specifiers `
    /// (the comma's offset, the text).
    pub splits: Vec<(usize, String)>,
    /// The declarations split or made thread-local (where each begins).
    handled: Vec<usize>,
    /// The marker function to add at the end of the file ("" when none).
    pub marker: String,
    /// Refusals: where, and why.
    pub refused: Vec<(Where, String)>,
}

/// `path` is the rewritten file's name as messages spell it; `main`
/// whether it is the file compiled (a header rewritten in a pass of its own
/// takes only its own pragmas' block-scope statics); `rewritten` the
/// headers rewritten in passes of their own (their statics are theirs).
pub fn lower(src: &str, path: &str, ast: &Ast, main: bool, rewritten: &[String]) -> Lowering {
    let mut out = Lowering::default();
    // (name, label) of each file-scope variable, once.
    let mut listed: Vec<(String, String)> = Vec::new();
    let all: HashSet<&str> = ast.threadprivate.iter().flat_map(|t| t.ids.iter().map(String::as_str)).collect();
    for tp in &ast.threadprivate {
        if !main && !matches!(tp.at, Where::Main(_)) {
            continue;
        }
        let label = match &tp.at {
            Where::Main(at) => {
                out.pragmas.push(*at..crate::lines::pragma_end(src, *at));
                format!("{path}:{}", crate::lines::line_of(src, *at))
            }
            Where::Other(p) => format!("{}:{}", p.file, p.line),
            Where::Nowhere => path.to_string(),
        };
        for id in &tp.ids {
            let Some(decl) = ast.var_decls.iter().find(|d| &d.id == id) else {
                let why = "threadprivate: weft-cc cannot find the declaration of a variable it names".to_string();
                out.refused.push((tp.at.clone(), why));
                continue;
            };
            let in_rewritten = decl.pos.as_ref().is_some_and(|p| rewritten.iter().any(|h| **h == *p.file));
            if decl.file_scope {
                if !listed.iter().any(|(n, _)| *n == decl.name) {
                    listed.push((decl.name.clone(), label.clone()));
                }
            } else if let Some(begin) = decl.begin {
                local_static(src, ast, decl, begin, &all, &tp.at, &mut out);
            } else if in_rewritten {
                // (Its header's own pass makes it thread-local.)
            } else {
                let at = decl.pos.as_ref().map_or_else(|| "an included file".to_string(), |p| p.to_string());
                out.refused.push((
                    tp.at.clone(),
                    format!(
                        "threadprivate({}): a static inside a function declared in a system header or a file weft-cc cannot rewrite ({at}) is not supported by weft-cc; declare the variable at file scope",
                        decl.name
                    ),
                ));
            }
        }
    }
    if !listed.is_empty() && main {
        out.marker = marker(&listed);
    }
    out
}

/// A static declared inside a function of the rewritten file: its
/// declaration becomes `_Thread_local`; one that declares several
/// variables is split first, each threadprivate one (`all`, of every
/// pragma) made thread-local.
fn local_static(
    src: &str,
    ast: &Ast,
    decl: &VarDeclInfo,
    begin: usize,
    all: &HashSet<&str>,
    at: &Where,
    out: &mut Lowering,
) {
    if out.handled.contains(&begin) {
        return;
    }
    out.handled.push(begin);
    let mut group: Vec<&VarDeclInfo> = ast.var_decls.iter().filter(|o| o.begin == Some(begin)).collect();
    group.sort_by_key(|o| o.name_at);
    if group.iter().all(|o| all.contains(o.id.as_str())) {
        out.thread_local_at.push(begin);
        return;
    }
    match split_group(src, begin, &group, all) {
        Ok(edits) => {
            if all.contains(group[0].id.as_str()) {
                out.thread_local_at.push(begin);
            }
            out.splits.extend(edits);
        }
        Err(why) => out.refused.push((at.clone(), format!("threadprivate({}): {why}", decl.name))),
    }
}

/// `static int a, *b = &a, c[2];` as `static int a; static int *b = &a;
/// static int c[2];` on the same line: each comma between declarators
/// becomes `; ` and the declaration's specifiers (with `_Thread_local` for
/// a threadprivate variable).
fn split_group(
    src: &str,
    begin: usize,
    group: &[&VarDeclInfo],
    all: &HashSet<&str>,
) -> Result<Vec<(usize, String)>, String> {
    let cannot = || "weft-cc cannot split its declaration into one per variable; declare it on its own".to_string();
    let first = group[0].name_at.ok_or_else(cannot)?;
    let specifiers = src.get(begin..declarator_start(src, begin, first)).ok_or_else(cannot)?;
    if specifiers.contains(['{', '#']) || specifiers.trim().is_empty() {
        return Err(cannot());
    }
    let specifiers = specifiers.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut edits = Vec::new();
    for w in group.windows(2) {
        let comma = crate::lines::skip_blanks(src, w[0].end.ok_or_else(cannot)?);
        if src.as_bytes().get(comma) != Some(&b',') || w[1].name_at.is_some_and(|n| n < comma) {
            return Err(cannot());
        }
        let tl = if all.contains(w[1].id.as_str()) { "_Thread_local " } else { "" };
        edits.push((comma, format!("; {tl}{specifiers} ")));
    }
    Ok(edits)
}

/// Where the declarator of the name at `name` starts: before the `*`s,
/// `(`s and pointer qualifiers that precede it (`static int * const p`).
fn declarator_start(src: &str, begin: usize, name: usize) -> usize {
    let b = src.as_bytes();
    if name <= begin || name > b.len() || !b[begin..name].is_ascii() {
        // (Nothing to walk back over that weft-cc can read.)
        return name;
    }
    let mut i = name;
    loop {
        let mut j = i;
        while j > begin && b[j - 1].is_ascii_whitespace() {
            j -= 1;
        }
        if j > begin && matches!(b[j - 1], b'*' | b'(') {
            i = j - 1;
            continue;
        }
        let word_start =
            src[begin..j].rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(begin, |k| begin + k + 1);
        let word = &src[word_start..j];
        let star_before = src[begin..word_start].trim_end().ends_with('*');
        if matches!(word, "const" | "volatile" | "restrict" | "__restrict") && star_before {
            i = word_start;
            continue;
        }
        return i;
    }
}

/// The marker function naming each variable (a macro of the same name
/// defined later would otherwise replace it: nothing follows the marker).
fn marker(listed: &[(String, String)]) -> String {
    let mut text = String::from("\n");
    for (name, _) in listed {
        text.push_str(&format!("#undef {name}\n"));
    }
    text.push_str("void __weft_cc_threadprivate_list(void) {\n");
    for (name, label) in listed {
        let label = label.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("  __weft_cc_threadprivate(\"{label}\", \"{name}\", (void *)&{name});\n"));
    }
    text.push_str("}\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarators() {
        let s = "static int * const p, q;";
        assert_eq!(declarator_start(s, 0, s.find('p').unwrap()), s.find('*').unwrap());
        let s = "static long a = 1, b;";
        assert_eq!(declarator_start(s, 0, s.find('a').unwrap()), s.find('a').unwrap());
    }

    #[test]
    fn marker_names_each_variable() {
        let m = marker(&[("cuf".into(), "h.h:3".into())]);
        assert!(m.contains("#undef cuf\n"));
        assert!(m.contains("__weft_cc_threadprivate(\"h.h:3\", \"cuf\", (void *)&cuf);"));
    }
}
