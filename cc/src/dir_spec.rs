//! A directive as weft-cc lowers it (`DirSpec`), and the pragma text helpers
//! every clause parser shares: the C spelling of clang's node kind and the
//! pragma's text without continuations and comments. Below `clauses` and
//! the construct-specific clause parsers it calls, so none of them imports
//! `clauses` back.

/// A directive as weft-cc lowers it: the directive string, whether it has an
/// associated statement, and the words of its C spelling.
pub struct DirSpec {
    pub dir: &'static str,
    pub words: &'static [&'static str],
    /// Takes private copies of variables declared inside it.
    pub privatizes: bool,
    pub is_loop: bool,
}

pub const fn spec(dir: &'static str, words: &'static [&'static str], privatizes: bool, is_loop: bool) -> DirSpec {
    DirSpec { dir, words, privatizes, is_loop }
}

/// `OMPParallelSectionsDirective` -> `parallel sections`, for messages.
pub fn spelling(kind: &str) -> String {
    let core = kind.strip_prefix("OMP").unwrap_or(kind);
    let core = core.strip_suffix("Directive").unwrap_or(core);
    let mut out = String::new();
    for (i, c) in core.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    // (OpenMP spells these as one word; clang's node names do not.)
    out.replace("task loop", "taskloop")
}

/// The pragma's text with line continuations and comments removed.
pub fn clean(pragma: &str) -> String {
    let s = pragma.replace("\\\r\n", " ").replace("\\\n", " ");
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            i = s[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            out.push(' ');
        } else if b[i..].starts_with(b"//") {
            break;
        } else if b[i] == b'"' || b[i] == b'\'' {
            let q = b[i];
            let start = i;
            i += 1;
            while i < b.len() && b[i] != q {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push_str(&s[start..i]);
        } else {
            let c = s[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}
