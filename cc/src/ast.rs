//! What weft-cc needs from clang's AST (`-ast-dump=json` of the program
//! parsed with `-fopenmp`): each OpenMP directive of the main file with the
//! source range of its pragma and of the statement it applies to, the loops
//! a loop directive applies to, and the local variables declared inside each
//! construct; the threadprivate and declarative directives of every file,
//! and what it refuses, with where it is (`loc.rs`). Clang decided all of
//! this; weft-cc only reads it.
use std::collections::HashMap;
use std::ops::Range;

use crate::json::Json;
use crate::loc::{self, Place, Places, Pos, Where};
use crate::mapper::{MapperDecl, TypedItem};
use crate::type_keys::Records;

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
    /// How many of `loops` a loop transformation (tile, unroll) in the
    /// nest applies to: their variables are private to the loop construct
    /// whatever its collapse (each thread runs whole tiles of them).
    pub transformed: usize,
    /// The innermost enclosing directive.
    pub parent: Option<usize>,
    /// An atomic `x = x op expr` (or `x = expr op x`, op commutative): the
    /// statement's range, x's, the operator and expr's, so it can be
    /// written `x op= (expr)`, which OpenMP makes the same update.
    pub atomic_update: Option<AtomicUpdate>,
    /// The macro whose expansion holds the pragma (`_Pragma`), when it
    /// comes from one: `pragma` is then the macro's invocation.
    pub macro_name: Option<String>,
    /// The pragma with its macros expanded, as the preprocessor printed it
    /// (`preprocess.rs`), when found: its clauses are read from this.
    pub expanded: Option<String>,
    /// The metadirective the directive was chosen from (clang locates it at
    /// the variant's text): `pragma` is then the metadirective's lines and
    /// `expanded` the variant as a pragma (`metadirective.rs`).
    pub metadirective: Option<crate::metadirective::Chosen>,
    /// Whether its statement refers to a variable from code in another
    /// file (`#include`d into the statement), whose references the
    /// rewrite's byte ranges do not see.
    pub foreign_refs: bool,
    /// Whether it has a statement that is not all in this file (a
    /// statement `#include`d after the pragma): refused.
    pub stmt_elsewhere: bool,
    /// Its clauses' list items as clang typed them (which mapper applies:
    /// mapper_use.rs).
    pub items: Vec<TypedItem>,
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
    /// The loop's variable, assigned or declared by the init-statement.
    pub var: Option<String>,
    /// Where the `for` statement starts in the main file.
    pub at: Option<usize>,
    /// The start (`i = start`) and the test's bound (`i < bound`), each
    /// when computing it takes branches (`?:`, `&&`, `||`): the variables
    /// it names.
    pub branchy_start: Option<Vec<String>>,
    pub branchy_bound: Option<Vec<String>>,
    /// Whether the start or the bound calls a function (then it is in
    /// `branchy_start` or `branchy_bound` too: computed once, bounds.rs).
    pub calls: bool,
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
    /// What weft-cc refuses before rewriting (declarative directives it
    /// does not lower): where, and why.
    pub refused: Vec<(Where, String)>,
    /// Executable directives in other files (rewritten in a pass of their
    /// own, or refused): where, and clang's node kind.
    pub elsewhere: Vec<(Where, String)>,
    /// Every variable declaration, in any file.
    pub var_decls: Vec<VarDeclInfo>,
    /// `#pragma omp threadprivate(...)`, in any file.
    pub threadprivate: Vec<ThreadPrivate>,
    /// `#pragma omp declare reduction`: an offset inside each pragma (clang
    /// makes one declaration per type), and whether it is at file scope.
    pub declare_reductions: Vec<(usize, bool)>,
    udr_ids: Vec<String>,
    /// Every reference to a variable or parameter in the main file: where,
    /// and the declaration's id.
    pub refs: Vec<(usize, String)>,
    /// Every variable and parameter declaration of the dump, by id: its
    /// name, where it begins in the main file, and its storage class.
    pub decls: HashMap<String, (String, Option<usize>, Option<String>)>,
    /// Each variable's and parameter's type as a key (type_keys.rs: the
    /// canonical spelling, typedefs resolved), by id (what a target region
    /// maps or copies: `target_forms.rs`).
    pub decl_types: HashMap<String, String>,
    /// The variables `declare target` names (`target_forms::declare_target`).
    pub declare_target: Vec<String>,
    /// The functions it names (`target_forms::declare_target_functions`).
    pub declare_target_functions: Vec<String>,
    /// Those of them a `link` clause names (mapped through their reference
    /// pointers: `target_link.rs`; set for the compiled file).
    pub declare_link: Vec<String>,
    /// The flags of the file's `#pragma omp requires` (`requires.rs`).
    pub requires: Option<u64>,
    /// Its `atomic_default_mem_order`, and where the directive stating it is.
    pub atomic_default: Option<(&'static str, usize)>,
    /// The calls clang makes to a `declare variant` variant in place of
    /// the base function, and the directives' lines in this file
    /// (`declare_variant.rs`).
    pub variant_calls: Vec<crate::declare_variant::VariantCall>,
    pub declare_variants: Vec<Range<usize>>,
    /// The file's `#pragma omp declare mapper`s (mapper.rs).
    pub mappers: Vec<MapperDecl>,
    mapper_ids: Vec<String>,
    /// Whether another file declares one (mapper_use.rs refuses the maps
    /// it could apply to).
    pub mapper_elsewhere: bool,
    /// The structs and unions of the dump (type_keys.rs).
    pub records: Records,
}

/// A variable declaration: clang's node id, its name, where it begins in
/// the main file (None in another file), its position, and whether it is
/// at file scope.
#[derive(Debug, Clone)]
pub struct VarDeclInfo {
    pub id: String,
    pub name: String,
    pub begin: Option<usize>,
    /// Where its declarator (and initializer) ends, and its name, in the
    /// main file.
    pub end: Option<usize>,
    pub name_at: Option<usize>,
    pub pos: Option<Pos>,
    pub file_scope: bool,
}

/// One `#pragma omp threadprivate`: where it is, and the ids of the
/// declarations it names.
#[derive(Debug, Clone)]
pub struct ThreadPrivate {
    pub at: Where,
    pub ids: Vec<String>,
}

/// Declarative directives weft-cc does not lower, and the attributes they
/// leave on declarations. (`declare simd` and a `begin declare variant`
/// block are clang's: the compile step's `-fopenmp-simd` applies them as
/// `-fopenmp` does.)
const DECLARATIVE: &[(&str, &str)] = &[("OMPAllocateDecl", "allocate"), ("OMPDeclareVariantAttr", "declare variant")];

/// Reads the dump for `main_file` (the path as clang spells it: the file
/// compiled, or a header rewritten in a pass of its own), whose text is
/// `text`.
pub fn read(root: &Json, main_file: &str, text: &str) -> Ast {
    let places = loc::resolve(root, main_file, text);
    let mut w =
        Walker { places: &places, text, ast: Ast::default(), functions: HashMap::new(), at_function: Vec::new() };
    w.walk(root, None);
    for (k, id) in std::mem::take(&mut w.at_function) {
        if let Some(at) = w.functions.get(&id) {
            w.ast.refused[k].0 = at.clone();
        }
    }
    let top: Vec<&str> = root.inner().iter().filter_map(|n| n.str("id")).collect();
    for d in &mut w.ast.var_decls {
        d.file_scope = top.contains(&d.id.as_str());
    }
    scan_names(root, &places, &mut w.ast);
    let ids = std::mem::take(&mut w.ast.udr_ids);
    for (d, id) in w.ast.declare_reductions.iter_mut().zip(&ids) {
        d.1 = top.contains(&id.as_str());
    }
    let ids = std::mem::take(&mut w.ast.mapper_ids);
    for (m, id) in w.ast.mappers.iter_mut().zip(&ids) {
        m.file_scope = top.contains(&id.as_str());
        if !m.file_scope {
            let why =
                "'#pragma omp declare mapper' inside a function is not supported by weft yet: declare it at file scope";
            w.ast.refused.push((Where::Main(m.at), why.into()));
        }
    }
    w.ast.records = Records::read(root);
    w.ast
}

/// Every variable reference and declaration of the whole dump, whatever
/// the walk skips (a loop's init, clauses, clang's helpers): what a
/// construct refers to must be complete, or a variable weft-cc does not list
/// as shared would be made private.
fn scan_names(n: &Json, places: &Places, ast: &mut Ast) {
    match n {
        Json::Arr(items) => items.iter().for_each(|i| scan_names(i, places, ast)),
        Json::Obj(_) => {
            let main = || places.get(&(n as *const Json)).and_then(|p| p.main.clone());
            match n.kind() {
                "DeclRefExpr" => {
                    let decl = n.get("referencedDecl").filter(|d| matches!(d.kind(), "VarDecl" | "ParmVarDecl"));
                    if let (Some(s), Some(id)) = (main(), decl.and_then(|d| d.str("id"))) {
                        ast.refs.push((s.start, id.to_string()));
                    }
                }
                "VarDecl" | "ParmVarDecl" => {
                    if let (Some(id), Some(name)) = (n.str("id"), n.str("name")) {
                        let storage = n.str("storageClass").map(str::to_string);
                        ast.decls.insert(id.to_string(), (name.to_string(), main().map(|s| s.start), storage));
                        let ty = n.get("type").map(crate::type_keys::key_of).unwrap_or_default();
                        ast.decl_types.insert(id.to_string(), ty);
                    }
                }
                _ => {}
            }
            if let Some(inner) = n.get("inner") {
                scan_names(inner, places, ast);
            }
        }
        _ => {}
    }
}

struct Walker<'a> {
    places: &'a Places,
    text: &'a str,
    ast: Ast,
    /// Where each function is declared, by node id, and the refusals to
    /// place at a function's declaration once all are known.
    functions: HashMap<String, Where>,
    at_function: Vec<(usize, String)>,
}

/// The statement a directive applies to: the first child that is a node
/// (clauses print as empty objects), looking through a CapturedStmt.
fn associated(d: &Json) -> Option<&Json> {
    // (Clang gives the stand-alone device directives a captured statement
    // of their own, which is not in the program.)
    if matches!(d.kind(), "OMPTargetEnterDataDirective" | "OMPTargetExitDataDirective" | "OMPTargetUpdateDirective") {
        return None;
    }
    let mut s = d.inner().iter().find(|c| !c.kind().is_empty())?;
    // (A device construct's statement is captured once per region clang
    // outlines it into, `target teams` three times: the statement is the
    // innermost; an outer CapturedStmt ends at its last captured variable.)
    while s.kind() == "CapturedStmt" {
        s = s.inner().first().and_then(|cd| cd.inner().first())?;
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
        self.places.get(&(n as *const Json)).and_then(|p| p.main.clone())
    }

    /// Whether a variable reference inside `n` is in another file.
    fn refers_elsewhere(&self, n: &Json) -> bool {
        if n.kind() == "DeclRefExpr"
            && n.get("referencedDecl").is_some_and(|d| matches!(d.kind(), "VarDecl" | "ParmVarDecl"))
            && self.span(n).is_none()
        {
            return true;
        }
        n.inner().iter().any(|c| self.refers_elsewhere(c))
    }

    /// The identifier at a main-file offset (a macro's name).
    fn ident_at(&self, at: usize) -> String {
        let t = self.text.get(at..).unwrap_or("");
        t.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
    }

    /// Where a node is, in whichever file.
    fn at(&self, n: &Json) -> Where {
        self.places.get(&(n as *const Json)).map_or(Where::Nowhere, Place::at)
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

    /// An executable directive of this file: its pragma (the whole
    /// metadirective it was chosen from, metadirective.rs), statement,
    /// loops; then what is inside it.
    fn directive(&mut self, n: &Json, owner: Option<usize>) {
        let kind = n.kind();
        let Some(pragma) = self.span(n) else {
            self.ast.elsewhere.push((self.at(n), kind.to_string()));
            // (A construct of this file inside it, `#include`d into its
            // statement, is this file's: found, and outside any.)
            if let Some(s) = associated(n) {
                self.walk(s, None);
            }
            return;
        };
        let from_macro = self.places.get(&(n as *const Json)).is_some_and(|p| p.macro_begin);
        let macro_name = from_macro.then(|| self.ident_at(pragma.start));
        let meta = (!from_macro && !self.text[pragma.start..].starts_with('#'))
            .then(|| crate::metadirective::around(self.text, pragma.start))
            .flatten();
        let (pragma, metadirective) = match meta {
            Some((whole, chosen)) => (whole, Some(chosen)),
            None => (pragma, None),
        };
        let stmt = associated(n);
        let idx = self.ast.directives.len();
        let (loops, transformed) = stmt.map(|s| self.loop_nest(s)).unwrap_or_default();
        self.ast.directives.push(Directive {
            kind: kind.to_string(),
            pragma,
            stmt: stmt.and_then(|s| self.full_span(s)),
            loops,
            transformed,
            parent: owner,
            atomic_update: if kind == "OMPAtomicDirective" { stmt.and_then(|s| self.atomic_update(s)) } else { None },
            macro_name,
            expanded: metadirective.as_ref().map(|m| m.pragma_text.clone()),
            metadirective,
            foreign_refs: stmt.is_some_and(|s| self.refers_elsewhere(s)),
            stmt_elsewhere: stmt.is_some_and(|s| self.full_span(s).is_none()),
            items: self.clause_items(n),
        });
        if let Some(s) = stmt {
            self.walk(s, Some(idx));
        }
    }

    fn walk(&mut self, n: &Json, owner: Option<usize>) {
        let kind = n.kind();
        if let ("FunctionDecl", Some(id)) = (kind, n.str("id")) {
            self.functions.insert(id.to_string(), self.at(n));
        }
        self.declarative(n);
        if kind == "FunctionDecl" && n.inner().iter().any(|a| a.kind() == "OMPDeclareTargetDeclAttr") {
            if let Some(name) = n.str("name").filter(|m| !self.ast.declare_target_functions.iter().any(|d| d == m)) {
                self.ast.declare_target_functions.push(name.to_string());
            }
        }
        if kind == "VarDecl" {
            // (`declare target`: an offload entry for the variable; a
            // function needs nothing on the host side.)
            let target = n.inner().iter().any(|a| a.kind() == "OMPDeclareTargetDeclAttr");
            if let (true, Some(name)) = (target, n.str("name")) {
                if !self.ast.declare_target.iter().any(|d| d == name) {
                    self.ast.declare_target.push(name.to_string());
                }
            }
            if let (Some(id), Some(name)) = (n.str("id"), n.str("name")) {
                let (span, place) = (self.span(n), self.places.get(&(n as *const Json)));
                let pos = place.and_then(|p| p.pos.clone());
                self.ast.var_decls.push(VarDeclInfo {
                    id: id.into(),
                    name: name.into(),
                    begin: span.as_ref().map(|s| s.start),
                    end: span.map(|s| s.end),
                    name_at: place.and_then(|p| p.name_at),
                    pos,
                    file_scope: false,
                });
            }
        }

        if kind == "OMPThreadPrivateDecl" {
            let ids = n
                .inner()
                .iter()
                .filter_map(|r| r.get("referencedDecl").and_then(|d| d.str("id")).map(str::to_string))
                .collect();
            self.ast.threadprivate.push(ThreadPrivate { at: self.at(n), ids });
            return;
        }
        if is_directive(kind) {
            self.directive(n, owner);
            return;
        }
        if let Some((callee, base, variant)) = crate::declare_variant::variant_call(n) {
            self.variant_call(callee, base, variant);
            // (The call as written: the call made repeats its arguments.)
            self.walk(&n.inner()[0], owner);
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
                        // (The init's declarations and what they read, not
                        // as a DeclStmt: its locals are the loop body's.)
                        for k in init.inner().iter().chain(&kids[1..]) {
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

    /// A declarative directive: a `declare reduction` of the main file is
    /// noted for the rewrite; one elsewhere, and those weft-cc does not
    /// lower, are refused where they are.
    fn declarative(&mut self, n: &Json) {
        let kind = n.kind();
        if kind == "OMPDeclareReductionDecl" {
            match (self.span(n), n.str("id")) {
                (Some(s), Some(id)) => {
                    // (Scope decided in `read`, from the top-level ids.)
                    self.ast.declare_reductions.push((s.start, false));
                    self.ast.udr_ids.push(id.to_string());
                }
                _ => self.ast.refused.push((
                    self.at(n),
                    "'#pragma omp declare reduction' in an included file is not supported by weft-cc yet: \
                     it writes a reduction's functions only into the file it compiles; declare it there"
                        .into(),
                )),
            }
            return;
        }
        if kind == "OMPDeclareMapperDecl" {
            self.declare_mapper(n);
            return;
        }
        if kind == "OMPRequiresDecl" {
            let got = match self.span(n) {
                Some(s) => crate::requires::flags(crate::requires::clauses_text(self.text, s.start)),
                None => {
                    Err("'#pragma omp requires' outside the file compiled is not supported by weft yet".to_string())
                }
            };
            let order = self
                .span(n)
                .map(|s| (crate::requires::default_order(crate::requires::clauses_text(self.text, s.start)), s.start));
            if let Some((Ok(Some(o)), at)) = order {
                self.ast.atomic_default = Some((o, at));
            }
            match got {
                // (Several directives: a flag any of them states holds.)
                Ok(f) => self.ast.requires = Some(self.ast.requires.map_or(f, |g| g.max(f))),
                Err(why) => self.ast.refused.push((self.at(n), why)),
            }
            return;
        }
        if kind == "OMPDeclareVariantAttr" && self.at(n) != Where::Nowhere {
            self.declare_variant(n);
            return;
        }
        let Some((_, name)) = DECLARATIVE.iter().find(|(k, _)| *k == kind) else { return };
        let at = self.at(n);
        if kind == "OMPDeclareVariantAttr" && at == Where::Nowhere {
            // A `begin declare variant` block (omp.h has two): clang picks
            // the variant, except by the enclosing construct, which the
            // compile step no longer sees.
            let variant = n.inner().first().and_then(|r| r.get("referencedDecl"));
            let name = variant.and_then(|d| d.str("name"));
            if let Some(v) = name.filter(|v| v.contains("construct=")) {
                let why = format!("'#pragma omp begin declare variant' with a construct selector ('{v}') is not supported by weft-cc: the constructs are gone when clang chooses the variant");
                if let Some(id) = variant.and_then(|d| d.str("id")) {
                    self.at_function.push((self.ast.refused.len(), id.to_string()));
                }
                self.ast.refused.push((at, why));
            }
            return;
        }
        let why = match kind {
            "OMPAllocateDecl" => crate::allocate::DIRECTIVE_REFUSED.to_string(),
            _ => format!("'#pragma omp {name}' is not supported by weft yet"),
        };
        self.ast.refused.push((at, why));
    }

    /// A `declare variant` directive: its lines in this file, or refused
    /// where it is in another (the compile step would choose again there).
    fn declare_variant(&mut self, n: &Json) {
        match self.span(n) {
            Some(s) => {
                let lines = crate::declare_variant::pragma_lines(self.text, s.start);
                if !self.ast.declare_variants.contains(&lines) {
                    self.ast.declare_variants.push(lines);
                }
            }
            None => self.ast.refused.push((
                self.at(n),
                "'#pragma omp declare variant' in an included file is not supported by weft-cc yet: \
                 it rewrites the calls clang chooses a variant for only in the file it compiles; declare it there"
                    .into(),
            )),
        }
    }

    /// A call clang made to a declare variant variant: where its callee's
    /// name is written, when in this file.
    fn variant_call(&mut self, callee_node: &Json, base: String, variant: String) {
        let at = self.span(callee_node).map(|s| s.start).filter(|&a| self.text[a..].starts_with(base.as_str()));
        let callee = at.map(|a| a..a + base.len());
        let at = self.at(callee_node);
        self.ast.variant_calls.push(crate::declare_variant::VariantCall { callee, at, base, variant });
    }

    /// The list items of a directive's (or a declare mapper's) clauses,
    /// typed (clauses print as nodes without a kind).
    fn clause_items(&self, n: &Json) -> Vec<TypedItem> {
        let exprs = n.inner().iter().filter(|c| c.kind().is_empty()).flat_map(|c| c.inner());
        exprs
            .filter_map(|e| {
                let text: String = self.text.get(self.span(e)?)?.chars().filter(|c| !c.is_whitespace()).collect();
                let (key, section) = crate::type_keys::item_key(e);
                Some(TypedItem { text, key, section })
            })
            .collect()
    }

    /// A `declare mapper` of this file as data; one elsewhere refused.
    fn declare_mapper(&mut self, n: &Json) {
        let (Some(s), Some(id)) = (self.span(n), n.str("id")) else {
            self.ast.mapper_elsewhere = true;
            let why = "'#pragma omp declare mapper' in an included file is not supported by weft-cc yet: it expands a mapper in the file it compiles; declare it there";
            self.ast.refused.push((self.at(n), why.into()));
            return;
        };
        let at = crate::lines::pragma_start(self.text, s.start);
        let pragma = &self.text[at..crate::lines::pragma_end(self.text, at)];
        let var = n.inner().iter().rev().find(|c| c.kind() == "VarDecl");
        let var_name = var.and_then(|v| v.str("name")).unwrap_or("").to_string();
        let mut free = Vec::new();
        for c in n.inner().iter().filter(|c| c.kind().is_empty()) {
            let mut names = Vec::new();
            referenced(c, &mut names);
            free.extend(names.into_iter().filter(|f| *f != var_name && !free.contains(f)).collect::<Vec<_>>());
        }
        self.ast.mappers.push(MapperDecl {
            at,
            name: n.str("name").unwrap_or("default").to_string(),
            key: var.and_then(|v| v.get("type")).map(crate::type_keys::key_of).unwrap_or_default(),
            var: var_name,
            var_id: var.and_then(|v| v.str("id")).unwrap_or("").to_string(),
            clauses: crate::mapper::parse(pragma),
            items: self.clause_items(n),
            free,
            file_scope: false,
        });
        self.ast.mapper_ids.push(id.to_string());
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

    /// The perfect nest of `for` loops starting at `s`, looking through
    /// loop transformations (OpenMP 5.1 tile and unroll), and how many of
    /// its loops those apply to.
    fn loop_nest(&self, mut s: &Json) -> (Vec<ForLoop>, usize) {
        let mut out = Vec::new();
        let mut transformed = 0;
        loop {
            while let Some(k) = transformation_depth(s) {
                transformed = transformed.max(out.len() + k);
                match associated(s) {
                    Some(inner) => s = inner,
                    None => return (out, transformed),
                }
            }
            if s.kind() != "ForStmt" || out.len() >= 16 {
                break;
            }
            let kids = s.inner();
            let assigned = kids
                .first()
                .filter(|i| i.kind() == "BinaryOperator" && i.str("opcode") == Some("="))
                .and_then(|i| i.inner().first().and_then(|lhs| lhs.get("referencedDecl")).and_then(|d| d.str("name")));
            let declared = kids
                .first()
                .filter(|i| i.kind() == "DeclStmt")
                .and_then(|d| d.inner().first())
                .and_then(|v| v.str("name"));
            let var = assigned.or(declared).map(str::to_string);
            let start = kids.first().and_then(|i| match i.kind() {
                "BinaryOperator" => i.inner().get(1),
                "DeclStmt" => i.inner().first().and_then(|v| v.inner().first()),
                _ => None,
            });
            let bound = kids.get(2).and_then(|c| var.as_deref().and_then(|v| loop_bound(c, v)));
            out.push(ForLoop {
                assigned: assigned.map(str::to_string),
                var,
                at: self.span(s).map(|r| r.start),
                branchy_start: start.and_then(branchy),
                branchy_bound: bound.and_then(branchy),
                calls: start.is_some_and(calls) || bound.is_some_and(calls),
            });
            let Some(mut body) = kids.get(4) else { break };
            // `{ for ... }`: a compound body holding only the next loop.
            while body.kind() == "CompoundStmt" && body.inner().len() == 1 {
                body = &body.inner()[0];
            }
            s = body;
        }
        (out, transformed)
    }
}

/// How many loops a loop transformation applies to: a tile's sizes (its
/// one clause lists them), one for unroll; None for other statements.
fn transformation_depth(s: &Json) -> Option<usize> {
    match s.kind() {
        "OMPTileDirective" => Some(s.inner().iter().find(|c| c.kind().is_empty()).map_or(1, |c| c.inner().len())),
        "OMPUnrollDirective" => Some(1),
        _ => None,
    }
}

/// The bound of a loop test `var op bound`.
fn loop_bound<'a>(cond: &'a Json, var: &str) -> Option<&'a Json> {
    if cond.kind() != "BinaryOperator" || !matches!(cond.str("opcode"), Some("<" | "<=" | ">" | ">=" | "!=")) {
        return None;
    }
    let [lhs, rhs] = cond.inner() else { return None };
    let mut l = lhs;
    while l.kind() == "ImplicitCastExpr" {
        l = l.inner().first()?;
    }
    (l.kind() == "DeclRefExpr" && l.get("referencedDecl").and_then(|d| d.str("name")) == Some(var)).then_some(rhs)
}

/// The variables expression `e` names, when computing it takes a branch.
fn branchy(e: &Json) -> Option<Vec<String>> {
    let mut names = Vec::new();
    referenced(e, &mut names);
    branches(e).then_some(names)
}

/// Whether expression `e` calls a function.
fn calls(e: &Json) -> bool {
    e.kind() == "CallExpr" || e.inner().iter().any(calls)
}

/// Whether computing expression `e` takes a branch (`?:`, `&&`, `||`) or
/// calls a function (whose code weft's loop forms cannot see through).
fn branches(e: &Json) -> bool {
    let here = matches!(e.kind(), "ConditionalOperator" | "BinaryConditionalOperator" | "CallExpr")
        || (e.kind() == "BinaryOperator" && matches!(e.str("opcode"), Some("&&" | "||")));
    here || e.inner().iter().any(branches)
}

/// The names of the variables expression `e` refers to.
fn referenced(e: &Json, out: &mut Vec<String>) {
    if e.kind() == "DeclRefExpr" {
        if let Some(n) = e.get("referencedDecl").and_then(|d| d.str("name")) {
            out.push(n.to_string());
        }
    }
    e.inner().iter().for_each(|i| referenced(i, out));
}
