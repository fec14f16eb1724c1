//! Where each node of clang's JSON AST is: its file, line and column, in
//! any file (for messages), and its byte range when it is in the main file
//! (for rewriting). The dumper prints a location's `file` and `line` only
//! when they differ from the location printed before it, so the dump is
//! followed in the order it was printed, keeping the current file and line.
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::rc::Rc;

use crate::json::Json;

/// A position as clang's diagnostics print it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pos {
    pub file: Rc<str>,
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Where a problem is: a byte offset of the main file, a position in
/// another file, or nowhere clang knows (an implicit declaration).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Where {
    Main(usize),
    Other(Pos),
    Nowhere,
}

/// One node's place: its first position, and its main-file byte range
/// (begin, end after its last token) when the whole node is in that file;
/// whether it begins in a macro's expansion (its range then starts at the
/// macro's name).
#[derive(Debug, Clone, Default)]
pub struct Place {
    pub pos: Option<Pos>,
    pub main: Option<Range<usize>>,
    pub macro_begin: bool,
    /// The main-file offset of its `loc` (a declaration's name).
    pub name_at: Option<usize>,
}

impl Place {
    /// The main-file offset where it can be, else its position.
    pub fn at(&self) -> Where {
        match (&self.main, &self.pos) {
            (Some(r), _) => Where::Main(r.start),
            (None, Some(p)) => Where::Other(p.clone()),
            (None, None) => Where::Nowhere,
        }
    }
}

pub type Places = HashMap<*const Json, Place>;

/// The place of every node of `root`, in the dump's file `main_file` (the
/// path as clang spells it: the file compiled, or a header being rewritten)
/// whose text is `text`.
pub fn resolve(root: &Json, main_file: &str, text: &str) -> Places {
    let mut r = Resolver { main: main_file, text, file: None, line: 0, places: HashMap::new() };
    r.visit(root);
    r.places
}

struct Resolver<'a> {
    main: &'a str,
    text: &'a str,
    file: Option<Rc<str>>,
    line: usize,
    places: Places,
}

/// One location: its position, (offset, token length) in the main file,
/// and whether it is in a macro's expansion.
type Loc = (Pos, Option<(usize, usize)>, bool);

fn is_location(v: &Json) -> bool {
    v.get("offset").is_some() || v.get("spellingLoc").is_some() || v.get("expansionLoc").is_some()
}

impl Resolver<'_> {
    /// Follows a location as the dumper printed it (a macro's spelling
    /// first, then its expansion, which is where the node is).
    fn loc(&mut self, l: &Json) -> Option<Loc> {
        if let Some(s) = l.get("spellingLoc") {
            self.loc(s);
        }
        if let Some(e) = l.get("expansionLoc") {
            return self.loc(e).map(|(p, m, _)| (p, m, true));
        }
        if let Some(f) = l.str("file") {
            if self.file.as_deref() != Some(f) {
                self.file = Some(Rc::from(f));
            }
        }
        if let Some(n) = l.num("line") {
            self.line = n;
        }
        let off = l.num("offset")?;
        let file = self.file.clone()?;
        let main = (&*file == self.main).then(|| (off, l.num("tokLen").unwrap_or(0)));
        Some((Pos { file, line: self.line, col: l.num("col").unwrap_or(0) }, main, false))
    }

    fn visit(&mut self, n: &Json) {
        let fields = match n {
            Json::Obj(fields) => fields,
            Json::Arr(items) => {
                items.iter().for_each(|i| self.visit(i));
                return;
            }
            _ => return,
        };
        let mut place = Place::default();
        for (k, v) in fields {
            match k.as_str() {
                "loc" => {
                    if let Some((pos, main, _)) = self.loc(v) {
                        place.pos.get_or_insert(pos);
                        place.name_at = main.map(|(o, _)| o);
                    }
                }
                "range" => {
                    let b = v.get("begin").and_then(|b| self.loc(b));
                    let e = v.get("end").and_then(|e| self.loc(e));
                    if let Some((pos, _, in_macro)) = &b {
                        // (The range's begin is where the node starts.)
                        place.pos = Some(pos.clone());
                        place.macro_begin = *in_macro;
                    }
                    if let (Some((_, Some((b, _)), _)), Some((_, Some((e, len)), e_macro))) = (b, e) {
                        // A last token from a macro's expansion: the end of
                        // the invocation, its arguments included.
                        let end = if e_macro { crate::lines::past_invocation(self.text, e + len) } else { e + len };
                        place.main = Some(b..end.max(b));
                    }
                }
                // Any other location the dumper printed moves the state too.
                _ if is_location(v) => {
                    self.loc(v);
                }
                _ => self.visit(v),
            }
        }
        self.places.insert(n as *const Json, place);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_and_line_carry_over() {
        let dump = r#"{"kind":"TranslationUnitDecl","inner":[
            {"kind":"VarDecl","loc":{"offset":4,"file":"h.h","line":2,"col":5,"tokLen":1},
             "range":{"begin":{"offset":0,"col":1,"tokLen":3},"end":{"offset":4,"col":5,"tokLen":1}}},
            {"kind":"VarDecl","loc":{"offset":10,"line":3,"col":2,"tokLen":1},
             "range":{"begin":{"offset":9,"col":1,"tokLen":1},"end":{"offset":10,"col":2,"tokLen":1}}},
            {"kind":"VarDecl","loc":{"offset":7,"file":"m.c","line":1,"col":8,"tokLen":1},
             "range":{"begin":{"offset":0,"col":1,"tokLen":6},"end":{"offset":7,"col":8,"tokLen":1}}}]}"#;
        let root = crate::json::parse(dump).unwrap();
        let places = resolve(&root, "m.c", "int x;\n");
        let p = |i: usize| places[&(&root.inner()[i] as *const Json)].clone();
        assert_eq!(p(0).pos.unwrap().to_string(), "h.h:2:1");
        assert_eq!(p(0).main, None);
        assert_eq!(p(1).pos.unwrap().to_string(), "h.h:3:1");
        assert_eq!(p(2).pos.unwrap().to_string(), "m.c:1:1");
        assert_eq!(p(2).main, Some(0..8));
    }
}
