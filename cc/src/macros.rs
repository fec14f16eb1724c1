//! Pragmas from macros whose construct's statement comes from the macro
//! too (`#define FILL(v, n) _Pragma("omp parallel for") for (...) ...`):
//! weft-cc cannot put the construct's start inside a macro's expansion, so
//! the lines of such an invocation are replaced by what the preprocessor
//! printed for them (`preprocess.rs`), on as many lines (the pragma written
//! back as a `_Pragma` operator in the text, where weft-cc lowers it as a
//! pragma whose statement follows), and clang reads that text again in the
//! file's place. Diagnostics keep the file and line; columns on those
//! lines are the expansion's.
use crate::ast::Ast;
use crate::lines::line_of;
use crate::preprocess::Preprocessed;

/// `text` (the file `file` as the dump names it) with the lines of each
/// such invocation expanded; None when it has none, or when the
/// preprocessor printed none of their lines (the construct is then
/// refused by name).
pub fn inline_lines(text: &str, file: &str, ast: &Ast, pre: &Preprocessed) -> Option<String> {
    let mut ranges: Vec<(usize, usize)> = ast
        .directives
        .iter()
        .filter(|d| d.macro_name.is_some() && d.stmt.as_ref().is_some_and(|s| s.start < d.pragma.end))
        .map(|d| (line_of(text, d.pragma.start), line_of(text, d.pragma.end.max(d.pragma.start + 1) - 1)))
        .collect();
    if ranges.is_empty() {
        return None;
    }
    ranges.sort();
    // (Overlapping ranges merged: one replacement per line.)
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in ranges {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let mut changed = false;
    for (a, b) in merged {
        let Some(expanded) = pre.expanded_lines(file, a, b) else { continue };
        if lines.get(b - 1).is_none() || lines[a - 1..b].iter().any(|l| l.ends_with('\\')) {
            continue;
        }
        lines[a - 1] = expanded;
        for l in &mut lines[a..b] {
            l.clear();
        }
        changed = true;
    }
    changed.then(|| lines.join("\n"))
}
