//! What weft-cc needs from clang's AST (`-ast-dump=json` of the program
//! parsed with `-fopenmp`): each OpenMP directive of the main file with the
//! source range of its pragma and of the statement it applies to, the loops
//! a loop directive applies to, and the local variables declared inside each
//! construct. Clang decided all of this; weft-cc only reads it.
use std::collections::HashMap;
use std::ops::Range;

use crate::json::Json;

/// One OpenMP executable directive of the main file.
#[derive(Debug, Clone)]
pub struct Directive {
    /// Clang's node kind, e.g. `OMPParallelForDirective`.
    pub kind: String,
    /// Byte range of the `#pragma omp ...` line(s).
    pub pragma: Range<usize>,
    /// Byte range of the associated statement (up to the end of its last
    /// token: a trailing `;` is not included).
    pub stmt: Option<Range<usize>>,
    /// The loops a loop directive applies to, outermost first (every loop of
    /// a perfect nest; the clause says how many count).
    pub loops: Vec<ForLoop>,
    /// The innermost enclosing directive.
    pub parent: Option<usize>,
    /// An atomic `x = x op expr` (or `x = expr op x`, op commutative): the
    /// statement's range, x's, the operator and expr's, so it can be
    /// written `x op= (expr)`, which OpenMP makes the same update.
    pub atomic_update: Option<AtomicUpdate>,
}

#[derive(Debug, Clone)]
pub struct AtomicUpdate {
    pub whole: Range<usize>,
    pub x: Range<usize>,
    pub op: String,
    /// (the other occurrence of x, expr): the left operand first, then for
    /// a commutative operator the right; the one whose x reads as the
    /// assigned x's text is the update.
    pub candidates: Vec<(Range<usize>, Range<usize>)>,
}

#[derive(Debug, Clone, Default)]
pub struct ForLoop {
    /// The variable the init-statement assigns (`i = 0`), if it declares none.
    pub assigned: Option<String>,
}

/// Variables declared inside a construct (and so private to it).
#[derive(Debug, Clone)]
pub struct Locals {
    pub names: Vec<String>,
    pub at: Insert,
    /// The innermost directive whose statement declares them.
    pub owner: usize,
}

/// Where a statement naming the variables can go once they are in scope.
#[derive(Debug, Clone, PartialEq)]
pub enum Insert {
    /// After the declaration, which ends at this offset.
    After(usize),
    /// At the start of the body of the `for` whose init declares them.
    LoopBody(Range<usize>),
}

#[derive(Debug, Default)]
pub struct Ast {
    pub directives: Vec<Directive>,
    pub locals: Vec<Locals>,
    /// Declarative OpenMP constructs weft-cc does not support: (name, offset).
    pub unsupported: Vec<(String, usize)>,
    /// Directives outside the main file (in a header): (kind, file).
    pub elsewhere: Vec<(String, String)>,
    /// Every variable declaration of the main file.
    pub var_decls: Vec<VarDeclInfo>,
    /// `#pragma omp threadprivate(...)`: where, and the declarations named.
    pub threadprivate: Vec<(usize, Vec<String>)>,
    /// `#pragma omp declare reduction`: an offset inside each pragma (clang
    /// makes one declaration per type), and whether it is at file scope.
    pub declare_reductions: Vec<(usize, bool)>,
    udr_ids: Vec<String>,
}

/// A variable declaration: clang's node id, its name, where it begins, and
/// whether it is at file scope.
#[derive(Debug, Clone)]
pub struct VarDeclInfo {
    pub id: String,
    pub name: String,
    pub begin: usize,
    pub file_scope: bool,
}

/// Declarative directives and the attributes they leave on declarations.
const DECLARATIVE: &[(&str, &str)] = &[
    ("OMPDeclareReductionDecl", "declare reduction"),
    ("OMPDeclareMapperDecl", "declare mapper"),
    ("OMPRequiresDecl", "requires"),
    ("OMPAllocateDecl", "allocate"),
    ("OMPDeclareSimdDeclAttr", "declare simd"),
    ("OMPDeclareTargetDeclAttr", "declare target"),
    ("OMPDeclareVariantAttr", "declare variant"),
];

/// A node's range resolved to the main file: (begin, end after last token).
type Spans = HashMap<*const Json, Option<Range<usize>>>;

/// Reads the dump of `main_file` (the path as given to clang).
pub fn read(root: &Json, main_file: &str) -> Ast {
    let mut r = Resolver { main: main_file, cur: None, spans: HashMap::new() };
    r.visit(root);
    let mut w = Walker { spans: &r.spans, ast: Ast::default() };
    w.walk(root, None);
    let top: Vec<&str> = root.inner().iter().filter_map(|n| n.str("id")).collect();
    for d in &mut w.ast.var_decls {
        d.file_scope = top.contains(&d.id.as_str());
    }
    let ids = std::mem::take(&mut w.ast.udr_ids);
    for (d, id) in w.ast.declare_reductions.iter_mut().zip(&ids) {
        d.1 = top.contains(&id.as_str());
    }
    w.ast
}

struct Resolver<'a> {
    main: &'a str,
    cur: Option<String>,
    spans: Spans,
}

impl Resolver<'_> {
    /// Follows a location (as the dumper printed it, in order) and returns its
    /// main-file offset and token length.
    fn loc(&mut self, l: &Json) -> Option<(usize, usize)> {
        if let Some(s) = l.get("spellingLoc") {
            self.loc(s);
        }
        if let Some(e) = l.get("expansionLoc") {
            return self.loc(e);
        }
        if let Some(f) = l.str("file") {
            self.cur = Some(f.to_string());
        }
        let off = l.num("offset")?;
        (self.cur.as_deref() == Some(self.main)).then(|| (off, l.num("tokLen").unwrap_or(0)))
    }

    fn visit(&mut self, n: &Json) {
        let Json::Obj(fields) = n else {
            if let Json::Arr(items) = n {
                items.iter().for_each(|i| self.visit(i));
            }
            return;
        };
        let mut span = None;
        for (k, v) in fields {
            match k.as_str() {
                "loc" => {
                    self.loc(v);
                }
                "range" => {
                    let b = v.get("begin").and_then(|b| self.loc(b));
                    let e = v.get("end").and_then(|e| self.loc(e));
                    if let (Some((b, _)), Some((e, len))) = (b, e) {
                        span = Some(b..(e + len).max(b));
                    }
                }
                "inner" => self.visit(v),
                _ => {}
            }
        }
        self.spans.insert(n as *const Json, span);
    }
}

struct Walker<'a> {
    spans: &'a Spans,
    ast: Ast,
}

/// The statement a directive applies to: the first child that is a node
/// (clauses print as empty objects), looking through a CapturedStmt.
fn associated(d: &Json) -> Option<&Json> {
    let s = d.inner().iter().find(|c| !c.kind().is_empty())?;
    if s.kind() == "CapturedStmt" {
        return s.inner().first().and_then(|cd| cd.inner().first());
    }
    Some(s)
}

fn is_directive(kind: &str) -> bool {
    kind.starts_with("OMP") && kind.ends_with("Directive")
}

/// A variable weft can be told about: automatic, of a size known when the
/// function is entered (a VLA's storage is made inside the construct).
fn private_local(v: &Json) -> Option<String> {
    if v.kind() != "VarDecl" || v.get("storageClass").is_some() {
        return None;
    }
    let ty = v.get("type").and_then(|t| t.str("qualType")).unwrap_or("");
    let vla = ty.split('[').skip(1).any(|dim| !dim.trim_start().starts_with(|c: char| c.is_ascii_digit() || c == ']'));
    let name = v.str("name")?;
    (!vla && !name.is_empty()).then(|| name.to_string())
}

impl Walker<'_> {
    fn span(&self, n: &Json) -> Option<Range<usize>> {
        self.spans.get(&(n as *const Json)).cloned().flatten()
    }

    /// A statement's range including a directive it ends with: clang's
    /// range of a directive is its pragma line only, so `for (...) #pragma
    /// omp ordered ...` or `#pragma omp parallel` over `#pragma omp atomic`
    /// would otherwise end before the inner statement.
    fn full_span(&self, n: &Json) -> Option<Range<usize>> {
        let s = self.span(n)?;
        let kind = n.kind();
        let last = if is_directive(kind) {
            associated(n)
        } else if matches!(
            kind,
            "ForStmt"
                | "WhileStmt"
                | "IfStmt"
                | "SwitchStmt"
                | "LabelStmt"
                | "CaseStmt"
                | "DefaultStmt"
                | "AttributedStmt"
                | "CapturedStmt"
                | "CapturedDecl"
        ) {
            let inner = if kind == "CapturedDecl" { &n.inner()[..n.inner().len().min(1)] } else { n.inner() };
            inner.iter().rev().find(|c| !c.kind().is_empty())
        } else {
            None
        };
        let end = last.and_then(|c| self.full_span(c)).map_or(s.end, |r| r.end.max(s.end));
        Some(s.start..end)
    }

    fn walk(&mut self, n: &Json, owner: Option<usize>) {
        let kind = n.kind();
        if kind == "OMPDeclareReductionDecl" {
            if let (Some(s), Some(id)) = (self.span(n), n.str("id")) {
                // (Scope decided in `read`, from the top-level ids.)
                self.ast.declare_reductions.push((s.start, false));
                self.ast.udr_ids.push(id.to_string());
            }
        } else if let Some((_, name)) = DECLARATIVE.iter().find(|(k, _)| *k == kind) {
            if let Some(s) = self.span(n) {
                self.ast.unsupported.push((name.to_string(), s.start));
            }
        }
        if kind == "VarDecl" {
            if let (Some(s), Some(id), Some(name)) = (self.span(n), n.str("id"), n.str("name")) {
                let info = VarDeclInfo { id: id.into(), name: name.into(), begin: s.start, file_scope: false };
                self.ast.var_decls.push(info);
            }
        }
        if kind == "OMPThreadPrivateDecl" {
            if let Some(s) = self.span(n) {
                let ids = n
                    .inner()
                    .iter()
                    .filter_map(|r| r.get("referencedDecl").and_then(|d| d.str("id")).map(str::to_string))
                    .collect();
                self.ast.threadprivate.push((s.start, ids));
            }
            return;
        }
        if is_directive(kind) {
            let Some(pragma) = self.span(n) else {
                self.ast.elsewhere.push((kind.to_string(), String::new()));
                return;
            };
            let stmt = associated(n);
            let idx = self.ast.directives.len();
            self.ast.directives.push(Directive {
                kind: kind.to_string(),
                pragma,
                stmt: stmt.and_then(|s| self.full_span(s)),
                loops: stmt.map(|s| self.loop_nest(s)).unwrap_or_default(),
                parent: owner,
                atomic_update: if kind == "OMPAtomicDirective" {
                    stmt.and_then(|s| self.atomic_update(s))
                } else {
                    None
                },
            });
            if let Some(s) = stmt {
                self.walk(s, Some(idx));
            }
            return;
        }
        match (kind, owner) {
            ("CapturedDecl", _) => {
                // Only the statement: the rest are clang's helper declarations.
                if let Some(s) = n.inner().first() {
                    self.walk(s, owner);
                }
                return;
            }
            ("DeclStmt", Some(o)) => {
                let names: Vec<String> = n.inner().iter().filter_map(private_local).collect();
                if let (false, Some(s)) = (names.is_empty(), self.span(n)) {
                    self.ast.locals.push(Locals { names, at: Insert::After(s.end), owner: o });
                }
            }
            ("ForStmt", Some(o)) => {
                let kids = n.inner();
                if let (Some(init), Some(body)) = (kids.first(), kids.get(4)) {
                    if init.kind() == "DeclStmt" {
                        let names: Vec<String> = init.inner().iter().filter_map(private_local).collect();
                        if let (false, Some(b)) = (names.is_empty(), self.full_span(body)) {
                            self.ast.locals.push(Locals { names, at: Insert::LoopBody(b), owner: o });
                        }
                        for k in &kids[1..] {
                            self.walk(k, owner);
                        }
                        return;
                    }
                }
            }
            _ => {}
        }
        for c in n.inner() {
            self.walk(c, owner);
        }
    }

    fn atomic_update(&self, s: &Json) -> Option<AtomicUpdate> {
        fn strip(mut n: &Json) -> &Json {
            while matches!(n.kind(), "ImplicitCastExpr" | "ParenExpr") && n.inner().len() == 1 {
                n = &n.inner()[0];
            }
            n
        }
        if s.kind() != "BinaryOperator" || s.str("opcode") != Some("=") {
            return None;
        }
        let (lhs, rhs) = (s.inner().first()?, strip(s.inner().get(1)?));
        let op = rhs.str("opcode")?;
        if rhs.kind() != "BinaryOperator" || !matches!(op, "+" | "-" | "*" | "/" | "&" | "|" | "^" | "<<" | ">>") {
            return None;
        }
        let (a, b) = (rhs.inner().first()?, rhs.inner().get(1)?);
        let mut candidates = vec![(self.full_span(strip(a))?, self.full_span(b)?)];
        if matches!(op, "+" | "*" | "&" | "|" | "^") {
            candidates.push((self.full_span(strip(b))?, self.full_span(a)?));
        }
        Some(AtomicUpdate { whole: self.full_span(s)?, x: self.full_span(lhs)?, op: op.to_string(), candidates })
    }

    /// The perfect nest of `for` loops starting at `s`.
    fn loop_nest(&self, mut s: &Json) -> Vec<ForLoop> {
        let mut out = Vec::new();
        while s.kind() == "ForStmt" && out.len() < 16 {
            let kids = s.inner();
            let assigned = kids
                .first()
                .filter(|i| i.kind() == "BinaryOperator" && i.str("opcode") == Some("="))
                .and_then(|i| i.inner().first().and_then(|lhs| lhs.get("referencedDecl")).and_then(|d| d.str("name")));
            out.push(ForLoop { assigned: assigned.map(str::to_string) });
            let Some(mut body) = kids.get(4) else { break };
            // `{ for ... }`: a compound body holding only the next loop.
            while body.kind() == "CompoundStmt" && body.inner().len() == 1 {
                body = &body.inner()[0];
            }
            s = body;
        }
        out
    }
}
