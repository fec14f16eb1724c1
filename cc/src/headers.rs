//! OpenMP constructs in included files. A user header (not a system
//! header, by the preprocessor's line markers) that holds an executable
//! construct or a block-scope threadprivate static is rewritten like the
//! compiled file, in a pass of its own over the same AST (`ast::read` for
//! that file), and clang reads the rewritten copy in its place through a
//! file-system overlay (`-ivfsoverlay`) that keeps the header's own name:
//! the copy has the header's lines, so diagnostics and debug lines name
//! the header's file and line. Constructs in system headers (or in files
//! weft-cc cannot read) are refused by name with their file and line.
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::ast::Ast;
use crate::loc::Where;
use crate::preprocess::Preprocessed;

/// The included files to rewrite (as the dump names them), and the
/// refusals of constructs in the others.
pub fn choose(ast: &Ast, pre: &Preprocessed) -> (Vec<String>, Vec<(Where, String)>) {
    let mut files: Vec<String> = Vec::new();
    let mut refused = Vec::new();
    let mut want = |pos_file: &str, at: &Where, what: String, refused: &mut Vec<(Where, String)>| {
        if rewritable(pos_file, pre) {
            if !files.iter().any(|f| f == pos_file) {
                files.push(pos_file.to_string());
            }
        } else {
            refused.push((at.clone(), what));
        }
    };
    for (at, kind) in &ast.elsewhere {
        let name = crate::clauses::spelling(kind).replace("generic loop", "loop");
        let Where::Other(pos) = at else {
            refused.push((
                at.clone(),
                format!("'#pragma omp {name}' where clang gives no file: weft-cc cannot rewrite it"),
            ));
            continue;
        };
        let why = format!(
            "'#pragma omp {name}' in a system header or a file weft-cc cannot rewrite: weft-cc rewrites the file it compiles and the user headers it includes"
        );
        want(&pos.file, at, why, &mut refused);
    }
    for tp in &ast.threadprivate {
        for id in &tp.ids {
            let Some(d) = ast.var_decls.iter().find(|d| &d.id == id) else { continue };
            if let (false, None, Some(pos)) = (d.file_scope, d.begin, &d.pos) {
                // (Refused by the main pass when the file is not rewritten.)
                if rewritable(&pos.file, pre) && !files.iter().any(|f| **f == *pos.file) {
                    files.push(pos.file.to_string());
                }
            }
        }
    }
    (files, refused)
}

/// A user header: one the preprocessor did not flag as a system header,
/// that is a file on disk (not `<scratch space>` or `<built-in>`).
fn rewritable(file: &str, pre: &Preprocessed) -> bool {
    !pre.system.contains(file) && !file.starts_with('<') && Path::new(file).is_file()
}

/// Each directive's pragma text with its macros expanded, from the
/// preprocessed program; `file` is the rewritten file as the dump names it.
pub fn expand(ast: &mut Ast, pre: &mut Preprocessed, file: &str, text: &str) {
    // (A metadirective's variant keeps its text as written: metadirective.rs.)
    for d in ast.directives.iter_mut().filter(|d| d.metadirective.is_none()) {
        let line = crate::lines::line_of(text, d.pragma.start);
        let name = crate::clauses::spelling(&d.kind).replace("generic loop", "loop");
        d.expanded = pre.take(file, line, &name);
    }
}

/// The overlay clang reads files through: each original path (absolute)
/// served from its copy, named as the original (`use-external-names`
/// false), so offsets, lines and quoted includes are the original's.
pub fn write_overlay(roots: &BTreeMap<PathBuf, PathBuf>, file: &Path) -> Result<PathBuf, String> {
    let quote = |p: &Path| format!("\"{}\"", p.to_string_lossy().replace('\\', "\\\\").replace('"', "\\\""));
    let entries: Vec<String> = roots
        .iter()
        .map(|(orig, copy)| {
            format!("{{\"name\": {}, \"type\": \"file\", \"external-contents\": {}}}", quote(orig), quote(copy))
        })
        .collect();
    let yaml = format!("{{\"version\": 0, \"use-external-names\": false, \"roots\": [{}]}}\n", entries.join(", "));
    fs::write(file, yaml).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    Ok(file.to_path_buf())
}

/// The macro a rewritten header's copy defines after its last line, by
/// which the compiled file checks that clang read the copy (through the
/// overlay) and not the original, whose constructs would be lost.
fn seal_name(abs: &Path) -> String {
    // (FNV-1a of the path: a name per header, the same for every source.)
    let hash =
        abs.to_string_lossy().bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3));
    format!("__weft_cc_rewrote_{hash:016x}")
}

/// What a rewritten header's copy ends with.
pub fn seal(abs: &Path) -> String {
    format!("\n#define {} 1\n", seal_name(abs))
}

/// What the compiled file ends with, for each header rewritten for it.
pub fn check_sealed(abs: &Path) -> String {
    let shown = abs.to_string_lossy().replace('\\', "/").replace('"', "'");
    format!(
        "\n#ifndef {}\n#error \"weft-cc: {shown} was read without its rewrite (please report)\"\n#endif\n",
        seal_name(abs)
    )
}

/// `p` made absolute against the working folder, without `.` parts (as
/// the overlay names files).
pub fn absolute(p: &str) -> Result<PathBuf, String> {
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let mut out = PathBuf::new();
    for c in cwd.join(p).components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Ok(out)
}
