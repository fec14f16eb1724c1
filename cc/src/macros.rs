//! Pragmas from macros (`_Pragma` in a macro's expansion). weft-cc cannot
//! put a construct's start inside a macro's expansion, nor tell from the
//! AST which other tokens the expansion holds (the construct's statement,
//! or its start: `#define FILL(v, n) _Pragma("omp parallel for") for (...)
//! ...`; or code after a standalone directive), so the lines of each such
//! invocation are replaced by what the preprocessor printed for them
//! (`preprocess.rs`), on as many lines (each pragma written back as a
//! `_Pragma` operator in the text, where weft-cc lowers it as a pragma
//! whose statement follows), and clang reads that text again in the file's
//! place. Diagnostics keep the file and line; columns on those lines are
//! the expansion's.
use crate::ast::Ast;
use crate::lines::line_of;
use crate::preprocess::Preprocessed;

/// `text` (the file `file` as the dump names it) with the lines of each
/// invocation that holds a pragma expanded; None when it has none, or when
/// none can be (a line continued with a backslash, or lines the
/// preprocessor's output does not show): those constructs are refused by
/// name.
pub fn inline_lines(text: &str, file: &str, ast: &Ast, pre: &Preprocessed) -> Option<String> {
    let mut ranges: Vec<(usize, usize)> = ast
        .directives
        .iter()
        .filter(|d| d.macro_name.is_some())
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
        if comment_crosses(&lines[a - 1..b].join("\n")) {
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

/// Whether a block comment begins before `lines` and ends in them, or
/// begins in them and ends after: the expansion (comments gone) would
/// change what is commented out.
fn comment_crosses(lines: &str) -> bool {
    let (open, close) = (lines.find("/*"), lines.find("*/"));
    let ends_first = matches!((open, close), (None, Some(_))) || matches!((open, close), (Some(o), Some(c)) if c < o);
    let opens_last = match (lines.rfind("/*"), lines.rfind("*/")) {
        (Some(o), Some(c)) => o > c,
        (Some(_), None) => true,
        _ => false,
    };
    ends_first || opens_last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_across_the_lines() {
        assert!(!comment_crosses("  FILL(v, n); /* done */"));
        assert!(comment_crosses("  FILL(v, n); /* begins"));
        assert!(comment_crosses("ends */ FILL(v, n);"));
        assert!(!comment_crosses("  FILL(v, n);"));
    }
}
