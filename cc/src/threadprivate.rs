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
//! in the main file becomes `_Thread_local` instead (how clang makes it).
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
    /// The marker function to add at the end of the file ("" when none).
    pub marker: String,
    /// Refusals: where, and why.
    pub refused: Vec<(Where, String)>,
}

/// `path` is the main file's name as messages spell it.
pub fn lower(src: &str, path: &str, ast: &Ast) -> Lowering {
    let mut out = Lowering::default();
    // (name, label) of each file-scope variable, once.
    let mut listed: Vec<(String, String)> = Vec::new();
    for tp in &ast.threadprivate {
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
            if decl.file_scope {
                if !listed.iter().any(|(n, _)| *n == decl.name) {
                    listed.push((decl.name.clone(), label.clone()));
                }
            } else if let Some(begin) = decl.begin {
                local_static(ast, decl, begin, &tp.ids, &tp.at, &mut out);
            } else {
                let at = decl.pos.as_ref().map_or_else(|| "an included file".to_string(), |p| p.to_string());
                out.refused.push((
                    tp.at.clone(),
                    format!(
                        "threadprivate({}): a static inside a function declared in an included file ({at}) is not supported by weft-cc: it rewrites only the file it compiles; declare the variable at file scope",
                        decl.name
                    ),
                ));
            }
        }
    }
    if !listed.is_empty() {
        out.marker = marker(&listed);
    }
    out
}

/// A static declared inside a function of the main file: its declaration
/// becomes `_Thread_local`, unless it declares other variables too.
fn local_static(ast: &Ast, decl: &VarDeclInfo, begin: usize, ids: &[String], at: &Where, out: &mut Lowering) {
    let shared_decl =
        ast.var_decls.iter().any(|o| o.begin == Some(begin) && o.name != decl.name && !ids.iter().any(|i| *i == o.id));
    if shared_decl {
        let why = format!(
            "threadprivate({}): its declaration also declares other variables; declare it on its own",
            decl.name
        );
        out.refused.push((at.clone(), why));
    } else if !out.thread_local_at.contains(&begin) {
        out.thread_local_at.push(begin);
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
    fn marker_names_each_variable() {
        let m = marker(&[("cuf".into(), "h.h:3".into())]);
        assert!(m.contains("#undef cuf\n"));
        assert!(m.contains("__weft_cc_threadprivate(\"h.h:3\", \"cuf\", (void *)&cuf);"));
    }
}
