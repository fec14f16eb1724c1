//! The mappers of the compiled file applied where a device construct maps
//! (mapper.rs expands them): each item of a `map` clause, of `target
//! update`'s `to` and `from`, and each struct a target region maps without
//! a clause (target_forms.rs), is mapped through the mapper its clause
//! names (`mapper(m)`) or through its type's default mapper (OpenMP 5.1
//! §2.21.7.1: no mapper modifier is `mapper(default)`). What an expansion
//! would map differently from clang's mapper functions is refused by name
//! here, before anything is rewritten: an array or array section whose
//! element type has a mapper (a loop over its elements at run time); a
//! mapper applied to an item that is not a variable; a struct that holds a
//! member whose type has a default mapper (clang applies that mapper to the
//! member too), in a mapper's items or in a mapped item; a mapper whose
//! clauses name a variable a local of the construct's function may hide;
//! a modifier (`always`, `close`, `present`) on the clause that invokes a
//! mapper (clang 16's mapper functions drop it: which of the two OpenMP
//! means weft does not decide).
use std::collections::HashSet;

use crate::ast::{Ast, Directive};
use crate::dir_spec::{clean, DirSpec};
use crate::lists::split_list;
use crate::mapper::{expand_map, expand_motion, head_and_list, map_text, mapper_word, Kind, MapperDecl, TypedItem};
use crate::marker_clause::Clause;

/// The mappers a construct sees (file-scope mappers declared before it)
/// and what deciding where they apply needs.
struct Scope<'a> {
    ast: &'a Ast,
    mappers: Vec<&'a MapperDecl>,
    /// The names of the variables and parameters declared inside functions.
    locals: HashSet<&'a str>,
}

/// How one list item is mapped.
enum Plan<'a> {
    Plain,
    Through(&'a MapperDecl),
}

impl<'a> Scope<'a> {
    fn at(ast: &'a Ast, at: usize) -> Scope<'a> {
        let mappers = ast.mappers.iter().filter(|m| m.file_scope && m.at < at).collect();
        let file_scope: HashSet<&str> = ast.var_decls.iter().filter(|v| v.file_scope).map(|v| v.id.as_str()).collect();
        let mapper_vars: HashSet<&str> = ast.mappers.iter().map(|m| m.var_id.as_str()).collect();
        let locals = ast
            .decls
            .iter()
            .filter(|(id, _)| !file_scope.contains(id.as_str()) && !mapper_vars.contains(id.as_str()))
            .map(|(_, (name, _, _))| name.as_str())
            .collect();
        Scope { ast, mappers, locals }
    }

    /// The mapper `name` for type `key` (the last declared, as a later
    /// declaration is the one in scope).
    fn find(&self, name: &str, key: &str) -> Option<&'a MapperDecl> {
        self.mappers.iter().rev().find(|m| m.name == name && m.key == key).copied()
    }

    /// A member type of `key` (held in place, at any depth) with a
    /// default mapper.
    fn holds_default(&self, key: &str) -> Option<String> {
        let has = |k: &str| self.find("default", k).is_some();
        self.ast.records.holds(key, &has)
    }

    /// How `item` (of type `ty`, when clang's dump says) is mapped, with
    /// the mapper its clause names (`named`).
    fn plan(&self, item: &str, ty: Option<&TypedItem>, named: Option<&str>) -> Result<Plan<'a>, String> {
        let item = item.trim();
        if self.ast.mapper_elsewhere {
            return Err(format!(
                "the map item '{item}' in a program that declares a mapper in another file is not supported by weft-cc yet: it expands the mappers of the file it compiles, in that file"
            ));
        }
        if self.mappers.is_empty() && named.is_none() {
            return Ok(Plan::Plain);
        }
        let Some(ty) = ty else {
            return Err(format!(
                "weft-cc cannot tell the type of the map item '{item}' (written through a macro?), and a declared mapper may apply to it"
            ));
        };
        let name = named.unwrap_or("default");
        let element = if ty.section {
            Some(ty.key.clone())
        } else {
            crate::type_keys::element(&ty.key).filter(|_| ty.key.ends_with(']'))
        };
        if let Some(e) = element {
            if self.find(name, &e).is_some() {
                return Err(format!(
                    "the map item '{item}' (an array of '{e}', which has a mapper: a loop over its elements at run time) is not supported by weft yet"
                ));
            }
            self.check_holds(item, &e)?;
            return self.missing(item, named, &ty.key).map(|_| Plan::Plain);
        }
        match self.find(name, &ty.key) {
            Some(m) => {
                self.check(m, item)?;
                Ok(Plan::Through(m))
            }
            None => {
                self.check_holds(item, &ty.key)?;
                self.missing(item, named, &ty.key).map(|_| Plan::Plain)
            }
        }
    }

    /// A mapper named by a clause that weft-cc does not find (clang found
    /// it, so weft-cc's reading differs: refused rather than guessed).
    fn missing(&self, item: &str, named: Option<&str>, key: &str) -> Result<(), String> {
        match named {
            Some(n) if n != "default" => Err(format!(
                "weft-cc finds no mapper '{n}' for the map item '{item}' (of type '{key}') declared at file scope before the construct"
            )),
            _ => Ok(()),
        }
    }

    fn check_holds(&self, item: &str, key: &str) -> Result<(), String> {
        match self.holds_default(key) {
            Some(m) => Err(format!(
                "the map item '{item}' (a '{key}' holding a member of type '{m}', which has a default mapper applied to the member: nested mappers) is not supported by weft yet"
            )),
            None => Ok(()),
        }
    }

    /// Whether mapper `m` expands for `item` as clang's mapper function maps.
    fn check(&self, m: &MapperDecl, item: &str) -> Result<(), String> {
        let what = format!("the mapper '{}' for '{}'", m.name, m.key);
        if let Err(e) = &m.clauses {
            return Err(format!("{what}: {e}"));
        }
        let variable = !item.is_empty()
            && !item.starts_with(|c: char| c.is_ascii_digit())
            && item.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !variable {
            return Err(format!(
                "{what} applied to the map item '{item}' (not a variable: a pointer's pointee or a member) is not supported by weft yet"
            ));
        }
        for it in &m.items {
            if it.text == m.var {
                self.check_holds(&m.var, &it.key).map_err(|e| format!("{what}: {e}"))?;
                continue;
            }
            let k = if it.section || it.key.ends_with(']') {
                crate::type_keys::element(&it.key).unwrap_or_else(|| it.key.clone())
            } else {
                it.key.clone()
            };
            if self.find("default", &k).is_some() {
                return Err(format!(
                    "{what}: its map item '{}' (of type '{k}', which has a default mapper of its own: nested mappers) is not supported by weft yet",
                    it.text
                ));
            }
            self.check_holds(&it.text, &k).map_err(|e| format!("{what}: {e}"))?;
        }
        if let Some(f) = m.free.iter().find(|f| self.locals.contains(f.as_str())) {
            return Err(format!(
                "{what} names '{f}', which a local variable of the same name may hide where the mapper is used: weft-cc expands a mapper in place; rename one of them"
            ));
        }
        Ok(())
    }
}

/// The pragma's text with each mapped item that a mapper applies to
/// written as what the mapper maps; None when no item has one.
pub fn expand_pragma(ast: &Ast, d: &Directive, spec: &DirSpec, text: &str) -> Result<Option<String>, String> {
    if (ast.mappers.is_empty() && !ast.mapper_elsewhere) || !crate::target_clauses::takes(spec.dir, spec.words) {
        return Ok(None);
    }
    let scope = Scope::at(ast, d.pragma.start);
    let cleaned = clean(text);
    let body = cleaned.trim_start().strip_prefix('#').unwrap_or(&cleaned).trim_start();
    let Some(body) = body.strip_prefix("pragma").map(str::trim_start).and_then(|b| b.strip_prefix("omp")) else {
        return Ok(None);
    };
    let mut out = String::from("#pragma omp");
    let mut changed = false;
    let mut moves = 0;
    for (k, (name, arg)) in crate::clauses::tokenize(body)?.into_iter().enumerate() {
        let motion = spec.dir == "DIR.OMP.TARGET.UPDATE" && matches!(name.as_str(), "to" | "from");
        let written = match &arg {
            Some(a) if k >= spec.words.len() && (name == "map" || motion) => {
                let new =
                    if motion { motion_clause(&scope, d, &name, a)? } else { map_clause(&scope, d, spec.dir, a)? };
                match new {
                    Some(t) => {
                        changed = true;
                        t
                    }
                    None => format!("{name}({a})"),
                }
            }
            Some(a) => format!("{name}({a})"),
            None => name.clone(),
        };
        moves += usize::from(motion && !written.is_empty());
        out.push(' ');
        out.push_str(&written);
    }
    if changed && spec.dir == "DIR.OMP.TARGET.UPDATE" && moves == 0 {
        return Err(
            "a 'target update' whose mappers move nothing (no item of theirs is mapped that way) is not supported by weft yet"
                .into(),
        );
    }
    Ok(changed.then_some(out))
}

/// The typed item of directive `d` written `item`: the clause item of
/// that text, else (a pragma from a macro, whose text clang's dump does not
/// show) a variable of that name the pragma refers to.
fn typed(ast: &Ast, d: &Directive, item: &str) -> Option<TypedItem> {
    let squeezed: String = item.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(t) = d.items.iter().find(|t| t.text == squeezed) {
        return Some(t.clone());
    }
    let named = |(at, id): &(usize, String)| {
        let is = d.pragma.contains(at) && ast.decls.get(id).is_some_and(|(n, _, _)| *n == squeezed);
        let key = ast.decl_types.get(id).filter(|_| is)?.clone();
        Some(TypedItem { text: squeezed.clone(), key, section: false })
    };
    ast.refs.iter().find_map(named)
}

/// One `map(...)` clause as the clauses its items become; None when no
/// mapper applies to any of them.
fn map_clause(scope: &Scope, d: &Directive, dir: &str, a: &str) -> Result<Option<String>, String> {
    let (head, list) = head_and_list(a);
    let named = mapper_word(&head);
    let known = |w: &String| {
        matches!(w.as_str(), "always" | "close" | "present") || Kind::parse(w).is_some() || w.starts_with("mapper")
    };
    if !head.iter().all(known) {
        // (target_clauses.rs refuses the modifier by name.)
        return Ok(None);
    }
    let modifier = head.iter().find(|w| matches!(w.as_str(), "always" | "close" | "present"));
    // OpenMP 5.1 §2.21.7.1: tofrom by default; to on enter data, from on exit data.
    let outer = head.iter().find_map(|w| Kind::parse(w)).unwrap_or(match dir {
        "DIR.OMP.TARGET.ENTER.DATA" => Kind::To,
        "DIR.OMP.TARGET.EXIT.DATA" => Kind::From,
        _ => Kind::ToFrom,
    });
    let exit = dir == "DIR.OMP.TARGET.EXIT.DATA";
    let (mut plain, mut through) = (Vec::new(), Vec::new());
    for item in split_list(&list) {
        match scope.plan(&item, typed(scope.ast, d, &item).as_ref(), named.as_deref())? {
            Plan::Plain => plain.push(item),
            Plan::Through(m) => {
                if let Some(w) = modifier {
                    return Err(modifier_refused(w, &item));
                }
                let clauses = m.clauses.as_deref().unwrap_or(&[]);
                let e = expand_map(clauses, &m.var, item.trim(), outer, exit);
                through.extend(e.iter().filter(|e| !e.2.is_empty()).map(map_text));
            }
        }
    }
    if through.is_empty() && named.is_none() {
        return Ok(None);
    }
    let rest: Vec<&str> = head.iter().filter(|w| !w.starts_with("mapper")).map(String::as_str).collect();
    let mut out = Vec::new();
    if !plain.is_empty() {
        let list = plain.join(", ");
        out.push(if rest.is_empty() { format!("map({list})") } else { format!("map({}: {list})", rest.join(", ")) });
    }
    out.extend(through);
    Ok(Some(out.join(" ")))
}

fn modifier_refused(w: &str, item: &str) -> String {
    format!(
        "the modifier '{w}' on the map item '{}', which a mapper maps, is not supported by weft yet: clang 16's mapper functions drop it, and weft does not choose between that and applying it to the mapper's items",
        item.trim()
    )
}

/// One `to(...)` or `from(...)` of `target update` as what it moves.
fn motion_clause(scope: &Scope, d: &Directive, name: &str, a: &str) -> Result<Option<String>, String> {
    let (head, list) = head_and_list(a);
    let named = mapper_word(&head);
    if !head.iter().all(|w| w == "present" || w.starts_with("mapper")) {
        return Ok(None);
    }
    let mut items = Vec::new();
    let mut expanded = named.is_some();
    for item in split_list(&list) {
        match scope.plan(&item, typed(scope.ast, d, &item).as_ref(), named.as_deref())? {
            Plan::Plain => items.push(item),
            Plan::Through(m) => {
                if head.iter().any(|w| w == "present") {
                    return Err(modifier_refused("present", &item));
                }
                expanded = true;
                let clauses = m.clauses.as_deref().unwrap_or(&[]);
                items.extend(expand_motion(clauses, &m.var, item.trim(), name == "to"));
            }
        }
    }
    if !expanded {
        return Ok(None);
    }
    if items.is_empty() {
        // (The mapper moves nothing this way: the clause moves nothing.)
        return Ok(Some(String::new()));
    }
    let present = if head.iter().any(|w| w == "present") { "present: " } else { "" };
    Ok(Some(format!("{name}({present}{})", items.join(", "))))
}

/// What a target region maps for variable `name` (declaration `vid`),
/// used without a clause and mapped with map-type bits `bits`: the clauses
/// of its type's default mapper (None: mapped as it is).
pub fn implicit(ast: &Ast, d: &Directive, name: &str, vid: &str, bits: u64) -> Result<Option<Vec<Clause>>, String> {
    if ast.mappers.is_empty() && !ast.mapper_elsewhere {
        return Ok(None);
    }
    let scope = Scope::at(ast, d.pragma.start);
    let key = ast.decl_types.get(vid).cloned().unwrap_or_default();
    let ty = TypedItem { text: name.to_string(), key, section: false };
    let Plan::Through(m) = scope.plan(name, Some(&ty), None)? else { return Ok(None) };
    let clauses = m.clauses.as_deref().unwrap_or(&[]);
    let mut out = Vec::new();
    for e in expand_map(clauses, &m.var, name, Kind::from_bits(bits), false).iter().filter(|e| !e.2.is_empty()) {
        let text = map_text(e);
        let arg = text.strip_prefix("map(").and_then(|t| t.strip_suffix(')')).unwrap_or(&text);
        out.extend(crate::target_clauses::clause("DIR.OMP.TARGET", "map", arg)?.0);
    }
    Ok(Some(crate::map_items::chains(out)))
}

/// A file-scope variable a target region uses without a clause: weft
/// does not map those (the host fallback reads the program's own), so
/// one that a default mapper would map is refused (a `declare target`
/// variable is the device's already: no mapper maps it).
pub fn global_used(ast: &Ast, d: &Directive, name: &str, vid: &str) -> Result<(), String> {
    if ast.mappers.is_empty() || ast.declare_target.iter().any(|v| v == name) {
        return Ok(());
    }
    let scope = Scope::at(ast, d.pragma.start);
    let key = ast.decl_types.get(vid).cloned().unwrap_or_default();
    let k = crate::type_keys::element(&key).filter(|_| key.ends_with(']')).unwrap_or(key);
    if scope.find("default", &k).is_some() || scope.holds_default(&k).is_some() {
        return Err(format!(
            "the file-scope variable '{name}' used in a target region without a map clause, whose type has a default mapper, is not supported by weft yet: map it explicitly"
        ));
    }
    Ok(())
}
