//! `#pragma omp declare mapper([name :] type var) map(...) ...` (OpenMP
//! 5.1 §2.21.7.4): a mapper as data, and what mapping one list item
//! through it maps. weft-cc expands a mapper where it is used, at compile
//! time: the item is replaced by the list items of the mapper's map
//! clauses with the mapper's variable read as the item, each with the map
//! type the construct's and the mapper clause's map types combine into
//! (OpenMP 5.1's table of map-type decay), the mapper clause's own
//! modifiers kept. Clang instead emits a mapper function that libomptarget
//! calls; for an item that is one struct variable the entries are the same
//! (docs/offload.md, "User-defined mappers"). Where they are not (a
//! section or array of such structs, which needs a loop over its elements
//! at run time; a mapper whose items have mappers of their own; the
//! invoking clause's own modifiers, which clang's mapper functions drop)
//! mapper_use.rs refuses by name.
use crate::dir_spec::clean;
use crate::lists::{split_list, split_top};

/// A map type (OpenMP 5.1 §2.21.7.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Alloc,
    To,
    From,
    ToFrom,
    Release,
    Delete,
}

impl Kind {
    pub fn parse(w: &str) -> Option<Kind> {
        Some(match w {
            "alloc" => Kind::Alloc,
            "to" => Kind::To,
            "from" => Kind::From,
            "tofrom" => Kind::ToFrom,
            "release" => Kind::Release,
            "delete" => Kind::Delete,
            _ => return None,
        })
    }

    pub fn word(self) -> &'static str {
        match self {
            Kind::Alloc => "alloc",
            Kind::To => "to",
            Kind::From => "from",
            Kind::ToFrom => "tofrom",
            Kind::Release => "release",
            Kind::Delete => "delete",
        }
    }

    /// libomptarget's TO and FROM bits of the kind (docs/offload.md).
    pub fn from_bits(bits: u64) -> Kind {
        match bits & 3 {
            1 => Kind::To,
            2 => Kind::From,
            3 => Kind::ToFrom,
            _ => Kind::Alloc,
        }
    }

    fn copies_to(self) -> bool {
        matches!(self, Kind::To | Kind::ToFrom)
    }

    fn copies_from(self) -> bool {
        matches!(self, Kind::From | Kind::ToFrom)
    }

    /// OpenMP 5.1's map-type decay: the map type of a mapper's clause
    /// (`self`) when the mapper is invoked by a clause of type `outer`:
    /// release and delete stay the construct's; otherwise a copy happens
    /// only in a direction both name (to with from is alloc). `exit`: on
    /// `target exit data`, where no copy is a release.
    pub fn under(self, outer: Kind, exit: bool) -> Kind {
        if matches!(outer, Kind::Release | Kind::Delete) {
            return outer;
        }
        let to = self.copies_to() && outer.copies_to();
        let from = self.copies_from() && outer.copies_from();
        match (to, from) {
            (true, true) => Kind::ToFrom,
            (true, false) => Kind::To,
            (false, true) => Kind::From,
            (false, false) if exit => Kind::Release,
            (false, false) => Kind::Alloc,
        }
    }
}

/// One map clause of a mapper: its modifiers (`always`, `close`,
/// `present`), map type and list items as written.
#[derive(Debug, Clone, PartialEq)]
pub struct MapperClause {
    pub mods: Vec<String>,
    pub kind: Kind,
    pub items: Vec<String>,
}

/// A list item of a mapper's clauses or of a construct's, as clang typed
/// it: its text without blanks, its type's key (type_keys.rs; a section's
/// element type), whether it is an array section.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedItem {
    pub text: String,
    pub key: String,
    pub section: bool,
}

/// One `declare mapper` of the compiled file.
#[derive(Debug, Clone)]
pub struct MapperDecl {
    /// Where its pragma starts.
    pub at: usize,
    /// Its identifier, `default` when it has none.
    pub name: String,
    /// The key of its type.
    pub key: String,
    pub var: String,
    pub var_id: String,
    /// Its map clauses, or why weft-cc cannot read them.
    pub clauses: Result<Vec<MapperClause>, String>,
    /// Its clauses' list items, typed.
    pub items: Vec<TypedItem>,
    /// The names its clauses refer to besides its variable.
    pub free: Vec<String>,
    pub file_scope: bool,
}

/// A clause argument's words before its list (`mapper(m), always, to`),
/// split at top-level commas and blanks, and the list; no words when the
/// part before the first top-level `:` is not all modifiers.
pub fn head_and_list(a: &str) -> (Vec<String>, String) {
    let parts = split_top(a, ':');
    if parts.len() >= 2 {
        let words = words(&parts[0]);
        let modifier = |w: &String| {
            let bare = w.split('(').next().unwrap_or("").trim();
            Kind::parse(bare).is_some()
                || matches!(bare, "always" | "close" | "present" | "mapper" | "iterator" | "ompx_hold")
        };
        if !words.is_empty() && words.iter().all(modifier) {
            return (words, parts[1..].join(":"));
        }
    }
    (Vec::new(), a.to_string())
}

/// Words at top-level commas and blanks (`mapper(m) , to` -> two).
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in split_top(s, ',') {
        let (mut cur, mut depth) = (String::new(), 0i32);
        for c in part.chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                c if c.is_whitespace() && depth == 0 => {
                    if !cur.trim().is_empty() {
                        out.push(cur.trim().to_string());
                    }
                    cur.clear();
                    continue;
                }
                _ => {}
            }
            cur.push(c);
        }
        if !cur.trim().is_empty() {
            out.push(cur.trim().to_string());
        }
    }
    out
}

/// The `name` of `mapper(name)` among head words.
pub fn mapper_word(words: &[String]) -> Option<String> {
    words.iter().find_map(|w| {
        let inner = w.strip_prefix("mapper")?.trim().strip_prefix('(')?.strip_suffix(')')?;
        Some(inner.trim().to_string())
    })
}

/// The mapper's clauses from its pragma's text.
pub fn parse(pragma: &str) -> Result<Vec<MapperClause>, String> {
    let text = clean(pragma);
    let at = text.find("mapper").ok_or("declare mapper: no 'mapper'")?;
    let open = text[at..].find('(').map(|i| at + i).ok_or("declare mapper needs '([name :] type var)'")?;
    let close = closing(&text, open).ok_or("declare mapper: unbalanced parentheses")?;
    let toks = crate::clauses::tokenize(&text[close + 1..])?;
    let mut out = Vec::new();
    for (name, arg) in toks {
        let Some(arg) = arg.filter(|_| name == "map") else {
            return Err(format!("the clause '{name}' on '#pragma omp declare mapper' is not supported by weft yet"));
        };
        let (head, list) = head_and_list(&arg);
        let mut mods = Vec::new();
        let mut kind = Kind::ToFrom;
        for w in head {
            match w.as_str() {
                "always" | "close" | "present" => mods.push(w),
                k if Kind::parse(k).is_some() => kind = Kind::parse(k).unwrap_or(Kind::ToFrom),
                other => {
                    return Err(format!(
                        "the map modifier '{other}' in '#pragma omp declare mapper' is not supported by weft yet"
                    ))
                }
            }
        }
        if matches!(kind, Kind::Release | Kind::Delete) {
            return Err(format!(
                "declare mapper: the map type '{}' (OpenMP 5.1 §2.21.7.4 allows to, from, tofrom and alloc)",
                kind.word()
            ));
        }
        out.push(MapperClause { mods, kind, items: split_list(&list) });
    }
    Ok(out)
}

/// Where the parenthesis opened at `open` closes.
fn closing(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` with the identifier `var` (not a member name after `.` or `->`,
/// not in a string or character literal) read as `item`.
pub fn substitute(text: &str, var: &str, item: &str) -> String {
    crate::idents::replace(text, |w| (w == var).then_some(item))
}

/// A map clause an item becomes: its modifiers, map type and items.
pub type Expanded = (Vec<String>, Kind, Vec<String>);

/// What mapping `item` (a variable) with map type `outer` through the
/// mapper with `clauses` and variable `var` maps.
pub fn expand_map(clauses: &[MapperClause], var: &str, item: &str, outer: Kind, exit: bool) -> Vec<Expanded> {
    clauses
        .iter()
        .map(|c| {
            let items = c.items.iter().map(|i| substitute(i, var, item)).collect();
            (c.mods.clone(), c.kind.under(outer, exit), items)
        })
        .collect()
}

/// What `target update to(mapper(m): item)` (`to`) or `from(...)` moves:
/// the mapper's items whose map type copies that way (OpenMP 5.1 §2.14.6).
pub fn expand_motion(clauses: &[MapperClause], var: &str, item: &str, to: bool) -> Vec<String> {
    clauses
        .iter()
        .filter(|c| if to { c.kind.copies_to() } else { c.kind.copies_from() })
        .flat_map(|c| c.items.iter().map(|i| substitute(i, var, item)))
        .collect()
}

/// A map clause's text: `map([mods, ]kind: items)`.
pub fn map_text(e: &Expanded) -> String {
    let mut head: Vec<&str> = e.0.iter().map(String::as_str).collect();
    head.push(e.1.word());
    format!("map({}: {})", head.join(", "), e.2.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decay_table() {
        use Kind::*;
        // (Rows: the mapper's type; columns: the construct's.)
        let table = [
            (Alloc, [Alloc, Alloc, Alloc, Alloc, Release, Delete]),
            (To, [Alloc, To, Alloc, To, Release, Delete]),
            (From, [Alloc, Alloc, From, From, Release, Delete]),
            (ToFrom, [Alloc, To, From, ToFrom, Release, Delete]),
        ];
        for (inner, row) in table {
            for (outer, want) in [Alloc, To, From, ToFrom, Release, Delete].into_iter().zip(row) {
                assert_eq!(inner.under(outer, false), want, "{inner:?} under {outer:?}");
            }
        }
        assert_eq!(To.under(From, true), Release);
    }

    #[test]
    fn parses_and_expands() {
        let c =
            parse("#pragma omp declare mapper(custom: T S) map(to:S.x) \\\n map(from:S.y) map(alloc: S.z)").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!(c[1], MapperClause { mods: vec![], kind: Kind::From, items: vec!["S.y".into()] });
        let e = expand_map(&c, "S", "s", Kind::ToFrom, false);
        let texts: Vec<String> = e.iter().map(map_text).collect();
        assert_eq!(texts, ["map(to: s.x)", "map(from: s.y)", "map(alloc: s.z)"]);
        assert_eq!(expand_motion(&c, "S", "s", true), ["s.x"]);
        assert_eq!(expand_motion(&c, "S", "s", false), ["s.y"]);
        let d = parse("#pragma omp declare mapper(myvec_t v) map(v, v.data[0:v.len])").unwrap();
        assert_eq!(d[0].kind, Kind::ToFrom);
        let e = expand_map(&d, "v", "s", Kind::To, false);
        assert_eq!(map_text(&e[0]), "map(to: s, s.data[0:s.len])");
        let a = parse("#pragma omp declare mapper(T v) map(always, from: v.y)").unwrap();
        assert_eq!(map_text(&expand_map(&a, "v", "t", Kind::ToFrom, false)[0]), "map(always, from: t.y)");
        assert!(parse("#pragma omp declare mapper(T v) map(iterator(i=0:2), to: v.a[i])").is_err());
    }

    #[test]
    fn heads_and_substitution() {
        let (h, l) = head_and_list("mapper(custom),tofrom: s");
        assert_eq!(h, ["mapper(custom)", "tofrom"]);
        assert_eq!(l.trim(), "s");
        assert_eq!(mapper_word(&h).as_deref(), Some("custom"));
        let (h, l) = head_and_list("a[0:n], b");
        assert!(h.is_empty());
        assert_eq!(l, "a[0:n], b");
        assert_eq!(substitute("v.v[0:v.len] + \"v\"", "v", "s"), "s.v[0:s.len] + \"v\"");
        assert_eq!(substitute("p->v", "v", "s"), "p->v");
    }
}
