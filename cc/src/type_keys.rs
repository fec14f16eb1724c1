//! C types as clang's dump prints them, made keys that compare equal when
//! the types are the same: the canonical (desugared) spelling without its
//! qualifiers (`myvec_t` and `struct myvec` are both `struct myvec`; an
//! unnamed struct declared by a typedef `T` prints as `T` everywhere). What
//! a map item's type is decides which `declare mapper` applies to it
//! (mapper.rs), and which types are structs decides what a target region
//! maps when it uses a variable without a clause (target_forms.rs).
use std::collections::HashMap;

use crate::json::Json;

/// A dump's `"type"` object as a key.
pub fn key_of(ty: &Json) -> String {
    let t = ty.str("desugaredQualType").or_else(|| ty.str("qualType")).unwrap_or("");
    unqualified(t)
}

/// A type's spelling without the qualifiers in front of it.
pub fn unqualified(t: &str) -> String {
    let mut t = t.trim();
    loop {
        let before = t;
        for q in ["const ", "volatile ", "restrict ", "_Atomic "] {
            t = t.strip_prefix(q).unwrap_or(t).trim_start();
        }
        if t == before {
            return t.to_string();
        }
    }
}

/// A clause's list item: its type's key and whether it is an array
/// section (then the key is its element type's: every dimension's).
pub fn item_key(e: &Json) -> (String, bool) {
    if e.kind() != "OMPArraySectionExpr" {
        return (e.get("type").map(key_of).unwrap_or_default(), false);
    }
    let mut base = e;
    while matches!(base.kind(), "OMPArraySectionExpr" | "ImplicitCastExpr" | "ParenExpr") {
        match base.inner().first() {
            Some(b) => base = b,
            None => break,
        }
    }
    let k = base.get("type").map(key_of).unwrap_or_default();
    (element(&k).unwrap_or(k), true)
}

/// The element type of an array (`struct s[4]`, `T[2][3]`: every
/// dimension) or a pointer (`struct s *`), None for any other type.
pub fn element(key: &str) -> Option<String> {
    if let Some(open) = key.find('[').filter(|_| key.ends_with(']')) {
        return Some(unqualified(&key[..open]));
    }
    let t = key.trim_end();
    let t = t.strip_suffix("restrict").unwrap_or(t).trim_end();
    let t = t.strip_suffix("const").unwrap_or(t).trim_end();
    t.strip_suffix('*').filter(|inner| !inner.ends_with('(')).map(unqualified)
}

/// The struct and union types of a dump, by key: each one's members'
/// types (a member of an unnamed struct or union nested in it counted as
/// its own).
#[derive(Debug, Default, Clone)]
pub struct Records {
    pub members: HashMap<String, Vec<String>>,
}

impl Records {
    /// Every record of the dump (the typedef that names an unnamed one
    /// gives its key).
    pub fn read(root: &Json) -> Records {
        let mut named_by: HashMap<String, String> = HashMap::new();
        collect_typedefs(root, &mut named_by);
        let mut out = Records::default();
        collect_records(root, &named_by, &mut out);
        out
    }

    pub fn is_record(&self, key: &str) -> bool {
        self.members.contains_key(key) || key.starts_with("struct ") || key.starts_with("union ")
    }

    /// Whether a value of type `key` holds, in place (not through a
    /// pointer), a member whose type `pred` picks, at any depth; the path
    /// of member types to it.
    pub fn holds(&self, key: &str, pred: &dyn Fn(&str) -> bool) -> Option<String> {
        self.holds_depth(key, pred, 0)
    }

    fn holds_depth(&self, key: &str, pred: &dyn Fn(&str) -> bool, depth: usize) -> Option<String> {
        let members = self.members.get(key)?;
        if depth > 64 {
            return None;
        }
        for m in members {
            let m = element(m).filter(|_| m.ends_with(']')).unwrap_or_else(|| m.clone());
            if pred(&m) {
                return Some(m);
            }
            if let Some(deeper) = self.holds_depth(&m, pred, depth + 1) {
                return Some(deeper);
            }
        }
        None
    }
}

/// The unnamed records a typedef names: record id -> the typedef's name.
fn collect_typedefs(n: &Json, out: &mut HashMap<String, String>) {
    if n.kind() == "TypedefDecl" {
        if let (Some(name), Some(id)) = (n.str("name"), record_named(n)) {
            out.entry(id).or_insert_with(|| name.to_string());
        }
        return;
    }
    n.inner().iter().for_each(|c| collect_typedefs(c, out));
}

/// The id of the unnamed record a typedef's type names directly.
fn record_named(n: &Json) -> Option<String> {
    let elab = n.inner().first()?;
    let decl = elab.get("ownedTagDecl").or_else(|| elab.inner().first().and_then(|r| r.get("decl")))?;
    (decl.kind() == "RecordDecl" && decl.str("name").unwrap_or("").is_empty())
        .then(|| decl.str("id"))?
        .map(str::to_string)
}

fn collect_records(n: &Json, named_by: &HashMap<String, String>, out: &mut Records) {
    if n.kind() == "RecordDecl" && n.get("completeDefinition").is_some() {
        let name = n.str("name").unwrap_or("");
        let key = if name.is_empty() {
            n.str("id").and_then(|id| named_by.get(id)).cloned()
        } else {
            Some(format!("{} {name}", n.str("tagUsed").unwrap_or("struct")))
        };
        let mut members = Vec::new();
        fields(n, &mut members);
        if let Some(k) = key {
            out.members.insert(k, members);
        }
    }
    n.inner().iter().for_each(|c| collect_records(c, named_by, out));
}

/// A record's members' types, those of unnamed records inside it too.
fn fields(n: &Json, out: &mut Vec<String>) {
    for c in n.inner() {
        match c.kind() {
            "FieldDecl" => out.extend(c.get("type").map(key_of)),
            "RecordDecl" if c.str("name").unwrap_or("").is_empty() => fields(c, out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_elements() {
        assert_eq!(unqualified("const volatile struct s"), "struct s");
        assert_eq!(element("struct s[4]").as_deref(), Some("struct s"));
        assert_eq!(element("T[2][3]").as_deref(), Some("T"));
        assert_eq!(element("struct s *").as_deref(), Some("struct s"));
        assert_eq!(element("const struct s *const").as_deref(), Some("struct s"));
        assert_eq!(element("int (*)(int)"), None);
        assert_eq!(element("struct s"), None);
        let ty = crate::json::parse(r#"{"desugaredQualType":"struct myvec","qualType":"myvec_t"}"#).unwrap();
        assert_eq!(key_of(&ty), "struct myvec");
    }

    #[test]
    fn records_and_what_they_hold() {
        let dump = r#"{"kind":"TranslationUnitDecl","inner":[
          {"id":"0x1","kind":"RecordDecl","tagUsed":"struct","completeDefinition":true,"inner":[
            {"kind":"FieldDecl","name":"x","type":{"qualType":"int"}}]},
          {"id":"0x2","kind":"TypedefDecl","name":"T","type":{"qualType":"struct T"},"inner":[
            {"kind":"ElaboratedType","ownedTagDecl":{"id":"0x1","kind":"RecordDecl","name":""}}]},
          {"id":"0x3","kind":"RecordDecl","name":"A","tagUsed":"struct","completeDefinition":true,"inner":[
            {"kind":"FieldDecl","name":"t","type":{"qualType":"T[2]"}},
            {"kind":"FieldDecl","name":"p","type":{"qualType":"T *"}}]},
          {"id":"0x4","kind":"RecordDecl","name":"B","tagUsed":"struct","completeDefinition":true,"inner":[
            {"kind":"FieldDecl","name":"a","type":{"desugaredQualType":"struct A","qualType":"AA"}}]}]}"#;
        let r = Records::read(&crate::json::parse(dump).unwrap());
        assert!(r.is_record("T") && r.is_record("struct A"));
        assert!(!r.is_record("int"));
        let is_t = |k: &str| k == "T";
        assert_eq!(r.holds("struct B", &is_t).as_deref(), Some("T"));
        assert_eq!(r.holds("T", &is_t), None);
        assert_eq!(r.holds("struct A", &is_t).as_deref(), Some("T"));
        // (A pointer member does not hold what it points to.)
        let is_a = |k: &str| k == "struct A";
        assert_eq!(r.holds("struct B", &is_a).as_deref(), Some("struct A"));
        assert_eq!(r.holds("struct A", &|k: &str| k == "struct T"), None);
    }
}
