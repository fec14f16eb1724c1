//! A section through a `declare target` pointer (`int *p` in a declare
//! target block, `map(p[0:n])`) mapped as clang 16 maps it: the entry's
//! base is the pointer's own address, its bits `PTR_AND_OBJ`, the section
//! its begin and size (docs/offload.md, "declare target pointers"). The
//! device image has a `p` of its own, bound to the host's by the offload
//! entry; with this entry libomptarget maps the section and writes its
//! device address into the device's `p` (OpenMP 5.1 §2.21.7.1, pointer
//! attachment), which every device function reading `p` then sees. With
//! the pointer's value as the base (a local pointer's map,
//! `target_clauses.rs`) the device's `p` would keep pointing at nothing.
//! The same on every construct that maps (`target`, its combined forms,
//! `target data`, `target enter data`, `target exit data`) and on `target
//! update`'s `to`/`from`, as clang writes them. An array declared target
//! keeps its own address as the base and no `PTR_AND_OBJ` (the bit is
//! chosen by the item's type in C); a `link` variable is `target_link.rs`'s.
use std::collections::HashSet;

use crate::ast::{Ast, Directive};
use crate::marker_clause::Clause;

/// `PTR_AND_OBJ`, libomptarget's map-type bit.
const PTR_AND_OBJ: u64 = 0x10;

/// The variable whose section a map item's base operand names (the base
/// `target_clauses.rs` and `map_items.rs` write for a section: the
/// pointer's value, or the array's address).
fn section_base(base: &str) -> Option<&str> {
    let rest = base.strip_prefix("__builtin_choose_expr(__builtin_types_compatible_p(__typeof__(")?;
    let name = &rest[..rest.find(')')?];
    let whole = format!(
        "__builtin_choose_expr(__builtin_types_compatible_p(__typeof__({name}), __typeof__(&({name})[0])), \
         (void *)({name}), (void *)&({name}))"
    );
    (base == whole).then_some(name)
}

/// Whether every reference to a variable named `v` in `d`'s pragma is to
/// a variable of static storage declared at file scope (or `extern`): the
/// declare target variable, not a local of the same name hiding it.
fn names_the_global(ast: &Ast, d: &Directive, v: &str) -> bool {
    let file_scope: HashSet<&str> = ast.var_decls.iter().filter(|x| x.file_scope).map(|x| x.id.as_str()).collect();
    ast.refs.iter().filter(|(at, _)| d.pragma.contains(at)).all(|(_, id)| match ast.decls.get(id) {
        Some((name, _, storage)) if name == v => {
            file_scope.contains(id.as_str()) || storage.as_deref() == Some("extern")
        }
        _ => true,
    })
}

/// The map (and motion) clauses of `cls`, on directive `d`, whose item is
/// a section through a declare target pointer, made clang's entry: the
/// pointer's address as the base, `PTR_AND_OBJ` added when the variable is
/// a pointer.
pub fn attach_sections(ast: &Ast, d: &Directive, cls: &mut [Clause]) {
    if ast.declare_target.is_empty() {
        return;
    }
    for c in cls.iter_mut().filter(|c| c.qual().starts_with("QUAL.OMP.MAP.") && c.ops.len() == 4) {
        let Some(v) = section_base(&c.ops[0]).map(str::to_string) else { continue };
        if !ast.declare_target.contains(&v) || ast.declare_link.contains(&v) || !names_the_global(ast, d, &v) {
            continue;
        }
        c.ops[0] = format!("(void *)&({v})");
        c.ops[3] = format!(
            "(long long)(({}) | (__builtin_types_compatible_p(__typeof__({v}), __typeof__(&({v})[0])) ? {PTR_AND_OBJ:#x} : 0))",
            c.ops[3]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directive() -> Directive {
        Directive {
            kind: "OMPTargetDirective".into(),
            pragma: 0..10,
            stmt: None,
            loops: Vec::new(),
            transformed: 0,
            parent: None,
            atomic_update: None,
            macro_name: None,
            expanded: None,
            metadirective: None,
            foreign_refs: false,
            stmt_elsewhere: false,
            items: Vec::new(),
        }
    }

    fn section(name: &str) -> Clause {
        let (cls, _) = crate::target_clauses::clause("DIR.OMP.TARGET", "map", &format!("to: {name}[2:5]")).unwrap();
        cls.into_iter().next().unwrap()
    }

    #[test]
    fn a_declare_target_pointer_is_the_base_of_its_section() {
        let mut ast = Ast::default();
        ast.declare_target = vec!["p".into(), "lnk".into()];
        ast.declare_link = vec!["lnk".into()];
        let mut cls = vec![section("p"), section("q"), section("lnk")];
        let (q, lnk) = (cls[1].clone(), cls[2].clone());
        attach_sections(&ast, &directive(), &mut cls);
        assert_eq!(cls[0].ops[0], "(void *)&(p)");
        assert_eq!(cls[0].ops[1], "(void *)&(p)[2]");
        assert!(cls[0].ops[3].starts_with("(long long)(((long long)1) | (__builtin_types_compatible_p(__typeof__(p)"));
        assert!(cls[0].ops[3].ends_with("? 0x10 : 0))"));
        // (Not declare target; link: through its reference pointer.)
        assert_eq!(cls[1], q);
        assert_eq!(cls[2], lnk);
    }

    #[test]
    fn a_local_of_the_same_name_keeps_its_value_as_the_base() {
        let mut ast = Ast::default();
        ast.declare_target = vec!["p".into()];
        ast.decls.insert("0x1".into(), ("p".into(), Some(3), None));
        ast.refs.push((5, "0x1".into()));
        let mut cls = vec![section("p")];
        let before = cls[0].clone();
        attach_sections(&ast, &directive(), &mut cls);
        assert_eq!(cls[0], before);
        ast.decls.insert("0x1".into(), ("p".into(), Some(3), Some("extern".into())));
        attach_sections(&ast, &directive(), &mut cls);
        assert_eq!(cls[0].ops[0], "(void *)&(p)");
    }
}
