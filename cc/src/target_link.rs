//! `declare target link(list)` variables mapped as clang 16 maps them
//! (docs/offload.md, "declare target"): through their reference pointer
//! `<var>_decl_tgt_ref_ptr`. A device image has no storage for a link
//! variable, only the pointer; libomptarget allocates the variable when it
//! is mapped and stores the device address in the device's pointer when
//! the map entry's base is the pointer and the entry is `PTR_AND_OBJ`
//! (0x10). So a map clause of a link variable (whole, or a section of an
//! array) gets the pointer as its base and `PTR_AND_OBJ`, and a target
//! region that uses a link variable without one maps it tofrom so,
//! `IMPLICIT` (0x213, clang's). On the host both reach the same storage.
use std::collections::HashSet;

use crate::ast::{Ast, Directive};
use crate::marker_clause::Clause;

/// `PTR_AND_OBJ`, libomptarget's map-type bit.
const PTR_AND_OBJ: u64 = 0x10;

/// The reference pointer's address (declared before the program,
/// `declarations`; weft-cc writes its definition after it).
fn ref_ptr(var: &str) -> String {
    format!("(void *)&{var}_decl_tgt_ref_ptr")
}

/// The reference pointers' declarations, put before the program.
pub fn declarations(ast: &Ast) -> String {
    ast.declare_link.iter().map(|v| format!("extern void *{v}_decl_tgt_ref_ptr;\n")).collect()
}

/// The link variable a map item's base operand names, if any.
fn linked_base<'a>(ast: &'a Ast, base: &str) -> Option<&'a str> {
    ast.declare_link.iter().map(String::as_str).find(|v| {
        base == format!("(void *)&({v})")
            || base.starts_with(&format!("__builtin_choose_expr(__builtin_types_compatible_p(__typeof__({v}),"))
    })
}

/// The map clauses of `cls` that name a link variable made maps through
/// its reference pointer; for target region `d`, a map for each link
/// variable the region uses without one.
pub fn through_ref_ptrs(ast: &Ast, d: Option<&Directive>, cls: &mut Vec<Clause>) {
    if ast.declare_link.is_empty() {
        return;
    }
    let mut mapped = HashSet::new();
    for c in cls.iter_mut().filter(|c| c.qual().starts_with("QUAL.OMP.MAP.") && c.ops.len() == 4) {
        let Some(var) = linked_base(ast, &c.ops[0]).map(str::to_string) else { continue };
        c.ops[0] = ref_ptr(&var);
        c.ops[3] = format!("(long long)(({}) | {PTR_AND_OBJ:#x})", c.ops[3]);
        mapped.insert(var);
    }
    let Some(stmt) = d.and_then(|d| d.stmt.as_ref()) else { return };
    let file_scope: HashSet<&str> = ast.var_decls.iter().filter(|v| v.file_scope).map(|v| v.id.as_str()).collect();
    for (_, vid) in ast.refs.iter().filter(|(at, _)| stmt.contains(at)) {
        let Some((name, _, storage)) = ast.decls.get(vid) else { continue };
        let global = file_scope.contains(vid.as_str()) || storage.as_deref() == Some("extern");
        if !global || !ast.declare_link.contains(name) || !mapped.insert(name.clone()) {
            continue;
        }
        cls.push(Clause::new(
            "QUAL.OMP.MAP.TOFROM",
            vec![
                ref_ptr(name),
                format!("(void *)&({name})"),
                format!("(long long)sizeof({name})"),
                format!("(long long){:#x}", 0x200 | PTR_AND_OBJ | 3),
            ],
        ));
    }
}

/// The variables the file's `declare target link(...)` clauses name
/// (clang's AST does not say which clause named a variable).
pub fn linked(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let words: Vec<&str> = line.trim_start().trim_start_matches('#').split_whitespace().collect();
        if words.len() < 4 || words[..3] != ["pragma", "omp", "declare"] || !words[3].starts_with("target") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("link") {
            rest = &rest[at + 4..];
            let Some(list) = rest.trim_start().strip_prefix('(') else { continue };
            let Some(end) = list.find(')') else { break };
            out.extend(list[..end].split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()));
            rest = &list[end..];
        }
    }
    out
}

/// The declare target variables of `ast` that a `link` clause of `src`
/// (the main file's text) names.
pub fn link_variables(ast: &Ast, src: &str) -> Vec<String> {
    linked(src).into_iter().filter(|v| ast.declare_target.contains(v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_through_the_reference_pointer() {
        let mut ast = Ast::default();
        ast.declare_link = vec!["lnk".into()];
        let whole = "(void *)&(lnk)".to_string();
        let mut cls = vec![Clause::new(
            "QUAL.OMP.MAP.TOFROM",
            vec![whole.clone(), whole.clone(), "(long long)sizeof(lnk)".into(), "(long long)3".into()],
        )];
        through_ref_ptrs(&ast, None, &mut cls);
        assert_eq!(cls[0].ops[0], "(void *)&lnk_decl_tgt_ref_ptr");
        assert_eq!(declarations(&ast), "extern void *lnk_decl_tgt_ref_ptr;\n");
        assert_eq!(cls[0].ops[1], whole);
        assert_eq!(cls[0].ops[3], "(long long)(((long long)3) | 0x10)");
        let mut other = vec![Clause::new("QUAL.OMP.MAP.TO", vec!["(void *)&(x)".into(); 4])];
        through_ref_ptrs(&ast, None, &mut other);
        assert_eq!(other[0].ops[0], "(void *)&(x)");
    }
}
