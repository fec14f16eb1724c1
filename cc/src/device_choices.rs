//! The device's choices beside the host's, for a build with offload
//! targets: clang chooses a metadirective's variant and a declare variant's
//! function for the target it compiles for, and weft-cc's one rewritten
//! source feeds the host and the device module alike. Where a selector
//! names the device (`device={...}`, `target_device={...}`), weft-cc reads
//! clang's AST of the device compilation too (`--offload-device-only`) and
//! takes the host's choice where the device's is the same; where it is
//! not, the construct stays refused by name (metadirective.rs,
//! declare_variant.rs).
use std::collections::{HashMap, HashSet};

use crate::ast::Ast;

/// Which device-dependent choices the device makes as the host does.
#[derive(Debug, Clone, Default)]
pub struct DeviceChoices {
    /// The metadirectives (their pragmas' starts) both choose alike.
    agreed: HashSet<usize>,
    /// Whether every call clang makes to a declare variant variant is the
    /// same call on both.
    variants: bool,
}

impl DeviceChoices {
    /// Whether the device chooses the metadirective at `pragma` as the host.
    pub fn metadirective_agrees(&self, pragma: usize) -> bool {
        self.agreed.contains(&pragma)
    }

    /// Whether the device calls the same variants as the host.
    pub fn variants_agree(&self) -> bool {
        self.variants
    }

    /// The two ASTs of one file (`text`) compared.
    pub fn compare(host: &Ast, device: &Ast, text: &str) -> DeviceChoices {
        let chosen = |a: &Ast| -> HashMap<usize, String> {
            let of = a.directives.iter().filter_map(|d| Some((d.pragma.start, d.metadirective.as_ref()?)));
            of.map(|(at, m)| (at, m.pragma_text.clone())).collect()
        };
        let (h, d) = (chosen(host), chosen(device));
        let agreed = metadirective_pragmas(text).into_iter().filter(|at| h.get(at) == d.get(at)).collect();
        let calls = |a: &Ast| -> HashSet<(Option<(usize, usize)>, String)> {
            a.variant_calls.iter().map(|c| (c.callee.as_ref().map(|r| (r.start, r.end)), c.variant.clone())).collect()
        };
        DeviceChoices { agreed, variants: calls(host) == calls(device) }
    }
}

/// Whether a metadirective or declare variant of `text` has a selector
/// that names the device: then the device's choices are read too.
pub fn needed(text: &str) -> bool {
    pragma_lines(text).any(|(_, squeezed)| {
        (squeezed.starts_with("#pragmaompmetadirective") || squeezed.starts_with("#pragmaompdeclarevariant"))
            && squeezed.contains("device={")
    })
}

/// The starts of the metadirective pragmas of `text`.
fn metadirective_pragmas(text: &str) -> Vec<usize> {
    pragma_lines(text).filter(|(_, s)| s.starts_with("#pragmaompmetadirective")).map(|(at, _)| at).collect()
}

/// Each line of `text` that starts with `#` (continuations joined), by
/// the line's start (as `lines::pragma_start` gives it), without blanks.
fn pragma_lines(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || loop {
        if at >= text.len() {
            return None;
        }
        let start = at;
        let end = crate::lines::pragma_end(text, start);
        at = end + 1;
        let line = &text[start..end];
        if line.trim_start().starts_with('#') {
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace() && *c != '\\').collect();
            return Some((start, squeezed));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_sources_need_the_device() {
        assert!(needed("int x;\n  #pragma omp metadirective \\\n when(device = {kind(gpu)}: parallel)\n"));
        assert!(needed("#pragma omp declare variant(f) match(device={arch(nvptx)})\n"));
        assert!(!needed("#pragma omp metadirective when(user={condition(1)}: parallel)\n"));
        assert_eq!(metadirective_pragmas("x;\n  #pragma omp metadirective when(a: b)\n"), vec![3]);
    }
}
