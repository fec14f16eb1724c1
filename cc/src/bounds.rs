//! Loop starts and bounds whose computation branches, computed once before
//! the construct.
//!
//! A loop's test evaluates its bound at every iteration; when the bound is
//! written with `?:`, `&&` or `||` (as loop-nest generators such as PLUTO
//! write `min` and `max`, e.g. in the polybench kernels), clang's code at
//! -O0 computes it in blocks of its own between the loop's header and its
//! test (a start: between the directive and the loop), which no loop form
//! weft recognizes. OpenMP requires the bound of a loop a construct
//! associates to be the same in every iteration (OpenMP 5.1 §2.11.1,
//! canonical loop form; so is an inner loop's start that names no variable
//! of the nest), so, as clang itself does for the loops it lowers (its
//! captured expressions), weft-cc computes such an expression once into a
//! variable declared just before the construct and the loop uses that. One
//! that names the variable of a loop of the same nest (a non-rectangular
//! loop) is left as written.
//!
//! A start or bound that calls a function (`i < omp_get_num_threads()`,
//! `i < strlen(s)`) is computed once the same way: OpenMP leaves how often
//! a loop header's expressions are evaluated unspecified (OpenMP 5.1
//! §2.11.1), clang evaluates them once before the loop, and weft's loop
//! forms could not count a loop whose test calls a function. (On a combined
//! form with `parallel` the value would be computed before the team forms:
//! weft-cc refuses that by name.) This is done here, in the front end, and
//! not in weft-paropt: in IR a call in the loop's test may have effects or
//! return another value each time, and nothing there says OpenMP lets it
//! be evaluated once; the front end knows the expression is a loop header's.
//!
//! The expressions are found in the text of the loop's header (`for (init;
//! test; step)`), since clang's AST gives an expression that a macro
//! expands (`MIN(n, m)`) no range of its own.
use crate::ast::Directive;

/// One hoisted expression: its declaration (to go before the construct's
/// begin marker, on the pragma's line) and the variable's name.
pub struct Hoisted {
    pub decl: String,
    pub name: String,
}

/// The starts and bounds of the `depth` loops of directive `id` to compute
/// before it, with the replacement of each in the source (`(start, end,
/// text)`).
pub fn hoist(src: &str, d: &Directive, id: usize, depth: usize) -> (Vec<Hoisted>, Vec<(usize, usize, String)>) {
    let vars: Vec<&str> = d.loops.iter().take(depth).filter_map(|l| l.var.as_deref()).collect();
    let mut out = Vec::new();
    let mut replace = Vec::new();
    for lp in d.loops.iter().take(depth) {
        let Some(header) = lp.at.and_then(|at| header(src, at)) else { continue };
        let exprs = [(&lp.branchy_start, start_of(src, &header[0])), (&lp.branchy_bound, bound_of(src, &header[1]))];
        for (names, range) in exprs {
            let (Some(names), Some(range)) = (names, range) else { continue };
            let text = &src[range.clone()];
            // (Copied onto the pragma's line: a comment or a literal could
            // not be put on one line safely.)
            if names.iter().any(|n| vars.contains(&n.as_str())) || text.contains("//") || text.contains(['"', '\'']) {
                continue;
            }
            let one_line = text.replace(['\n', '\r'], " ");
            let name = format!("__weft_cc_bound_{id}_{}", out.len());
            out.push(Hoisted { decl: format!("__typeof__(({one_line})) {name} = ({one_line}); "), name: name.clone() });
            // (The lines it took stay, so later lines keep their numbers.)
            replace.push((range.start, range.end, format!("{name}{}", "\n".repeat(text.matches('\n').count()))));
        }
    }
    (out, replace)
}

/// The ranges of the init-statement and the test of the `for` at `at`
/// (None with a comment or literal in the header, which this scan does not
/// follow).
fn header(src: &str, at: usize) -> Option<[std::ops::Range<usize>; 2]> {
    let b = src.as_bytes();
    let open = at + src[at..].find('(')?;
    let (mut depth, mut semis) = (0usize, Vec::new());
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b';' if depth == 1 => semis.push(i),
            b'"' | b'\'' => return None,
            b'/' if matches!(b.get(i + 1), Some(b'/' | b'*')) => return None,
            _ => {}
        }
    }
    let [s1, s2] = semis[..] else { return None };
    Some([open + 1..s1, s1 + 1..s2])
}

/// In an init-statement `[type] v = start`, the range of `start`.
fn start_of(src: &str, init: &std::ops::Range<usize>) -> Option<std::ops::Range<usize>> {
    let text = &src[init.clone()];
    let eq = text.find('=').filter(|&k| text.as_bytes().get(k + 1) != Some(&b'='))?;
    trimmed(src, init.start + eq + 1..init.end)
}

/// In a test `v op bound`, the range of `bound`.
fn bound_of(src: &str, test: &std::ops::Range<usize>) -> Option<std::ops::Range<usize>> {
    let text = &src[test.clone()];
    let k = text.find(['<', '>', '!'])?;
    let len = if text.as_bytes().get(k + 1) == Some(&b'=') { 2 } else { 1 };
    trimmed(src, test.start + k + len..test.end)
}

fn trimmed(src: &str, r: std::ops::Range<usize>) -> Option<std::ops::Range<usize>> {
    let t = &src[r.clone()];
    let lead = t.len() - t.trim_start().len();
    let trail = t.len() - t.trim_end().len();
    if t.trim().is_empty() {
        None
    } else {
        Some(r.start + lead..r.end - trail)
    }
}
