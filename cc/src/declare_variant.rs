//! `#pragma omp declare variant` (OpenMP 5.1 §2.3.5): clang chooses, at
//! each call of the base function, the variant the call's context selects
//! (the enclosing constructs, the device, the implementation) and keeps
//! the call as written beside the call it makes (a `PseudoObjectExpr`).
//! weft-cc writes the chosen variant's name in place of the base's at each
//! such call, and blanks the directive, so that the compile step (which
//! parses with `-fopenmp-simd` and no longer sees the constructs) chooses
//! nothing again.
//!
//! Refused by name: a call whose chosen variant clang made in another file
//! (its text is not the rewrite's), the directive in an included file (the
//! compile step would choose again, without the constructs), `adjust_args`
//! and `append_args` (OpenMP 5.1's dispatch forms), and, in a build with
//! offload targets, a `device` or `target_device` selector: clang chooses
//! for the host, and one rewritten source feeds the device module too.
use std::ops::Range;

use crate::json::Json;

/// A call clang made to a variant in place of the base function.
#[derive(Debug, Clone)]
pub struct VariantCall {
    /// The callee's name as written (the base function's), in the file
    /// rewritten; None where it is elsewhere.
    pub callee: Option<Range<usize>>,
    /// Where the call is, in whichever file.
    pub at: crate::loc::Where,
    pub base: String,
    pub variant: String,
}

/// The callee function a call node names, through implicit casts.
fn callee_name(call: &Json) -> Option<&Json> {
    let mut c = call.inner().first()?;
    while matches!(c.kind(), "ImplicitCastExpr" | "ParenExpr") {
        c = c.inner().first()?;
    }
    (c.kind() == "DeclRefExpr").then_some(c)
}

/// For a `PseudoObjectExpr` whose semantic call names another function
/// than its written call: the written callee's node, the base's name and
/// the variant's.
pub fn variant_call(n: &Json) -> Option<(&Json, String, String)> {
    if n.kind() != "PseudoObjectExpr" {
        return None;
    }
    let (written, made) = (n.inner().first()?, n.inner().last()?);
    if written.kind() != "CallExpr" || made.kind() != "CallExpr" {
        return None;
    }
    let name =
        |r: &Json| r.get("referencedDecl").filter(|d| d.kind() == "FunctionDecl")?.str("name").map(str::to_string);
    let w = callee_name(written)?;
    let (base, variant) = (name(w)?, name(callee_name(made)?)?);
    // (A `begin declare variant` block's function has its selector in its
    // name, `f[device={kind(host)}]`: the compile step chooses it again.)
    let plain = variant.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (base != variant && plain).then_some((w, base, variant))
}

/// Why weft-cc refuses the directive whose text is `pragma`, if it does.
pub fn refusal(pragma: &str, offload: bool) -> Option<String> {
    let squeezed: String = pragma.chars().filter(|c| !c.is_whitespace()).collect();
    for clause in ["adjust_args(", "append_args("] {
        if squeezed.contains(clause) {
            return Some(format!(
                "'#pragma omp declare variant' with '{}' is not supported by weft-cc yet",
                clause.trim_end_matches('(')
            ));
        }
    }
    let device = ["target_device={", "device={"].iter().find_map(|k| squeezed.find(k))?;
    let close = squeezed[device..].find('}').map_or(squeezed.len(), |j| device + j + 1);
    offload.then(|| {
        format!(
            "'#pragma omp declare variant' with the selector '{}' in a build with offload targets is not supported by weft-cc yet: clang's device compilation calls other variants than the host's, and weft-cc writes one source for both",
            &squeezed[device..close]
        )
    })
}

/// The range of a directive's pragma line(s) in `text`, from an offset in
/// its first line, without the final newline.
pub fn pragma_lines(text: &str, at: usize) -> Range<usize> {
    let start = crate::lines::pragma_start(text, at);
    start..crate::lines::pragma_end(text, start)
}

/// The directive's lines as blanks: as many newlines, so that lines keep
/// their numbers.
pub fn blanked(text: &str) -> String {
    "\n".repeat(text.matches('\n').count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals() {
        assert!(refusal("#pragma omp declare variant(v) match(construct={parallel})", true).is_none());
        let d = refusal("#pragma omp declare variant(v) match(device = {arch(nvptx)})", true).unwrap();
        assert!(d.contains("'device={arch(nvptx)}'"));
        assert!(refusal("#pragma omp declare variant(v) match(device={kind(host)})", false).is_none());
        let a = refusal(
            "#pragma omp declare variant(v) match(construct={dispatch}) adjust_args(need_device_ptr: p)",
            false,
        );
        assert!(a.unwrap().contains("adjust_args"));
    }

    #[test]
    fn lines() {
        let t = "int x;\n#pragma omp declare variant(v) \\\n  match(construct={parallel})\nint b(void);\n";
        let r = pragma_lines(t, t.find("#pragma").unwrap() + 3);
        assert_eq!(&t[r.clone()], "#pragma omp declare variant(v) \\\n  match(construct={parallel})");
        assert_eq!(blanked(&t[r]), "\n");
    }
}
