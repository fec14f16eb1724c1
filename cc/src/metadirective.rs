//! `#pragma omp metadirective` (OpenMP 5.1 §2.3.4): clang chooses the
//! variant by its context selectors when it parses the program and puts
//! the chosen directive in the AST, located at the variant's text inside
//! the metadirective's `when(...: variant)` or `otherwise(variant)`. weft-cc
//! replaces the whole pragma with the chosen directive's marker and reads
//! its clauses from the variant's text.
//!
//! Clang chooses for the host. Where a selector could choose otherwise on
//! the device (`device={...}`, `target_device={...}`), a build with offload
//! targets is refused, since the one rewritten source feeds the host and
//! the device module alike. Refused everywhere: a `construct={...}`
//! selector (clang 16 chooses a metadirective's variant without the
//! enclosing constructs: `construct={parallel}` closely nested in a
//! parallel region takes the otherwise variant), and a
//! `user={condition(e)}` whose `e` is not a literal (OpenMP then chooses
//! while the program runs; clang 16 while it compiles).
use std::ops::Range;

/// A directive clang chose from a metadirective.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The variant's text, as a pragma line: `#pragma omp <variant>`.
    pub pragma_text: String,
    /// Why an offload build is refused (the selector that could choose
    /// otherwise on the device), if one could.
    device_selector: Option<String>,
    /// A condition weft-cc cannot read as clang does.
    dynamic: Option<String>,
    /// A construct selector, which clang 16 does not match.
    construct: Option<String>,
}

impl Chosen {
    /// Why weft-cc refuses this metadirective, if it does.
    pub fn refusal(&self, offload: bool) -> Option<String> {
        if let Some(c) = &self.dynamic {
            return Some(format!(
                "'#pragma omp metadirective' with 'user={{condition({c})}}': a condition that is not a literal constant is not supported by weft-cc yet (OpenMP chooses by it while the program runs; clang 16 while it compiles)"
            ));
        }
        if let Some(c) = &self.construct {
            return Some(format!(
                "'#pragma omp metadirective' with the selector '{c}' is not supported by weft-cc yet: clang 16 chooses the variant without the enclosing constructs"
            ));
        }
        let s = self.device_selector.as_ref().filter(|_| offload)?;
        Some(format!(
            "'#pragma omp metadirective' with the selector '{s}' in a build with offload targets is not supported by weft-cc yet: clang's device compilation chooses another variant than the host's, and weft-cc writes one source for both"
        ))
    }
}

/// The metadirective around `at` (the offset clang gives the chosen
/// directive) in `text`: the pragma's byte range and what was chosen, or
/// None where `at` is not inside one.
pub fn around(text: &str, at: usize) -> Option<(Range<usize>, Chosen)> {
    let start = crate::lines::pragma_start(text, at);
    let end = crate::lines::pragma_end(text, at);
    let pragma = &text[start..end];
    let joined = pragma.replace("\\\r\n", " ").replace("\\\n", " ");
    let words: Vec<&str> = joined.trim_start_matches([' ', '\t', '#']).split_whitespace().take(2).collect();
    let first_is_pragma = joined.trim_start().starts_with('#');
    if !first_is_pragma || words != ["pragma", "omp"] || !joined.contains("metadirective") {
        return None;
    }
    // (None for an offset not in a variant: a metadirective nothing was
    // chosen from, unchosen_refusals.)
    let variant = variant_text(text, at, end).unwrap_or_default();
    let squeezed: String = joined.chars().filter(|c| !c.is_whitespace()).collect();
    Some((
        start..end,
        Chosen {
            pragma_text: format!("#pragma omp {variant}"),
            device_selector: device_selector(&squeezed),
            dynamic: dynamic_condition(&squeezed),
            construct: selector(&squeezed, "construct={"),
        },
    ))
}

/// Why weft-cc refuses each metadirective of `text` that no directive was
/// chosen from (clang chose `nothing`, or no variant): those whose choice
/// is not OpenMP's, as `Chosen::refusal` says, by the pragma's offset;
/// `chosen` holds the offsets of the pragmas that were; `offload` says
/// whether the one at an offset may choose otherwise on the device.
pub fn unchosen_refusals(text: &str, chosen: &[usize], offload: impl Fn(usize) -> bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut line = 0;
    while line < text.len() {
        let end = crate::lines::pragma_end(text, line);
        let t = text[line..end].trim_start();
        if t.starts_with('#') && !chosen.contains(&line) {
            // (The pragma's first word after `omp`: the variant is empty.)
            let at = line + (end - line - t.len()) + t.find("metadirective").unwrap_or(0);
            if let Some((r, c)) = around(text, at).filter(|_| t.contains("metadirective")) {
                if let Some(why) = c.refusal(offload(r.start)) {
                    out.push((r.start, why));
                }
            }
        }
        line = end + 1;
    }
    out
}

/// The variant text from `at` to the parenthesis that closes its
/// `when(...)` or `otherwise(...)`, continuations as blanks.
fn variant_text(text: &str, at: usize, end: usize) -> Option<String> {
    let mut depth = 0i32;
    for (i, ch) in text[at..end].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' if depth == 0 => {
                let v = text[at..at + i].replace("\\\r\n", " ").replace("\\\n", " ");
                return Some(v.split_whitespace().collect::<Vec<_>>().join(" "));
            }
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A selector whose answer may differ between the host and a device.
fn device_selector(squeezed: &str) -> Option<String> {
    selector(squeezed, "target_device={").or_else(|| selector(squeezed, "device={"))
}

/// The first selector set `key` names (`device={`), as written.
fn selector(squeezed: &str, key: &str) -> Option<String> {
    let i = squeezed.find(key)?;
    let close = squeezed[i..].find('}').map_or(squeezed.len(), |j| i + j + 1);
    Some(squeezed[i..close].to_string())
}

/// A `condition(e)` whose `e` is not an integer or boolean literal.
fn dynamic_condition(squeezed: &str) -> Option<String> {
    let i = squeezed.find("condition(")? + "condition(".len();
    let mut depth = 0;
    let close = squeezed[i..].char_indices().find_map(|(j, c)| match c {
        '(' => {
            depth += 1;
            None
        }
        ')' if depth == 0 => Some(i + j),
        ')' => {
            depth -= 1;
            None
        }
        _ => None,
    })?;
    let e = &squeezed[i..close];
    let literal = e.chars().all(|c| c.is_ascii_digit()) && !e.is_empty() || matches!(e, "true" | "false");
    (!literal).then(|| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chosen_variant_and_range() {
        let t = "int x;\n#pragma omp metadirective \\\n  when(device={arch(\"nvptx\")}: teams loop) \\\n  otherwise(parallel loop private(x))\nfor (;;);\n";
        let at = t.find("parallel loop").unwrap();
        let (r, c) = around(t, at).unwrap();
        assert_eq!(&t[r.clone()], &t[7..t.find("\nfor").unwrap()]);
        assert_eq!(c.pragma_text, "#pragma omp parallel loop private(x)");
        assert!(c.refusal(false).is_none());
        assert!(c.refusal(true).unwrap().contains("device={arch(\"nvptx\")}"));
    }

    #[test]
    fn conditions() {
        let t = "#pragma omp metadirective when(user={condition(n > 4)}: parallel)\n{}\n";
        let (_, c) = around(t, t.find("parallel").unwrap()).unwrap();
        assert!(c.refusal(false).unwrap().contains("condition(n>4)"));
        let t =
            "#pragma omp metadirective when(user={condition(1)}: parallel) when(implementation={vendor(llvm)}: for)\n";
        let (_, c) = around(t, t.find("parallel)").unwrap()).unwrap();
        assert!(c.refusal(true).is_none());
        let t = "#pragma omp metadirective when(construct={parallel}: for) otherwise(nothing)\n";
        let (_, c) = around(t, t.find("for)").unwrap()).unwrap();
        assert!(c.refusal(false).unwrap().contains("'construct={parallel}'"));
        assert!(around("#pragma omp parallel\n", 13).is_none());
    }
}
