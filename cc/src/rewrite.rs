//! The rewritten program: each OpenMP construct's statement bracketed by
//! calls to marker functions that carry the directive, its clauses and the
//! addresses of its variables, so that clang (without `-fopenmp`) generates
//! the code and weft's `weft-markers` pass turns the calls into directive
//! intrinsics. Line numbers are kept, so clang's diagnostics and debug
//! locations point into the original file.
use crate::ast::{Ast, Directive, Insert};
use crate::clauses::{self, DirSpec};
use crate::lines::{pragma_end, pragma_start};
use crate::loc::Where;
use crate::marker_clause::Clause;
use crate::threadprivate;

/// A problem: where (a byte offset of the source, or a place in another
/// file), and what.
#[derive(Debug, Clone, PartialEq)]
pub struct Diag {
    pub at: Where,
    pub msg: String,
}

/// Declarations of the markers, put before the program (`#line` follows).
pub fn prelude() -> String {
    let markers = "void __weft_cc_begin(int, const char *, int, ...);\n\
void __weft_cc_end(int);\n\
void __weft_cc_private(int, ...);\n";
    format!("{markers}{}{}", threadprivate::PRELUDE, crate::task_clauses::ALL_MEMORY_PRELUDE)
}

#[derive(Debug)]
struct Edit {
    at: usize,
    /// End of the replaced range (== at for an insertion).
    end: usize,
    /// At one offset: closing braces first, then openings, then the pragma.
    rank: u8,
    /// Among closings at one offset: the construct that opened last first.
    opened_at: usize,
    text: String,
}

/// After `end`, past blanks and comments, the `;` that ends the statement
/// (clang's range of an expression statement stops before it).
fn past_semicolon(src: &str, end: usize) -> usize {
    let b = src.as_bytes();
    let mut i = end;
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b[i..].starts_with(b"/*") {
            match src[i + 2..].find("*/") {
                Some(e) => i += e + 4,
                None => return end,
            }
        } else if b[i..].starts_with(b"//") {
            match src[i..].find('\n') {
                Some(e) => i += e,
                None => return end,
            }
        } else {
            return if b.get(i) == Some(&b';') { i + 1 } else { end };
        }
    }
}

/// How many loops a loop directive associates: its collapse depth, or the
/// loop count of a doacross `ordered(n)` (1 without either clause).
fn associated_loops(clauses: &[Clause]) -> Result<usize, String> {
    let ordered = clauses
        .iter()
        .find(|c| c.name == "\"QUAL.OMP.ORDERED\"")
        .and_then(|c| c.ops.first())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(0);
    match clauses.iter().find(|c| c.name == "\"QUAL.OMP.COLLAPSE\"") {
        None => Ok(ordered.max(1)),
        Some(c) => {
            let inner = c.ops[0].trim_start_matches("(int)(").trim_end_matches(')').trim();
            let n: usize = inner
                .parse()
                .map_err(|_| format!("collapse({inner}): weft-cc needs the depth as an integer literal"))?;
            Ok(n.max(ordered))
        }
    }
}

/// Which file a rewrite is of: the file compiled (`main`), or a header
/// with OpenMP constructs, rewritten in a pass of its own and served to
/// clang in place of the original (`main.rs`).
#[derive(Debug, Clone, Default)]
pub struct Pass {
    pub main: bool,
    /// Added to each construct's id, so that ids stay distinct in the
    /// translation unit.
    pub id_base: usize,
    /// The headers rewritten in passes of their own, as the dump names them.
    pub headers: Vec<String>,
    /// Whether the build has offload targets (the host's choices of
    /// metadirectives may not be the device's: metadirective.rs).
    pub offload: bool,
    /// Where the device chooses as the host (device_choices.rs).
    pub choices: crate::device_choices::DeviceChoices,
}

/// The rewritten program, or every problem found; `path` names the file
/// in what the program carries to weft. (A header's pass leaves what is
/// not in the header, declarative directives included, to the main pass.)
pub fn rewrite(src: &str, path: &str, ast: &Ast, pass: &Pass) -> Result<String, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut edits = Vec::new();
    if pass.main {
        for (at, msg) in &ast.refused {
            diags.push(Diag { at: at.clone(), msg: msg.clone() });
        }
    }
    let tp_marker = threadprivate_edits(src, path, ast, pass, &mut edits, &mut diags);
    let udrs = if pass.main { declare_reductions(src, ast, &mut edits, &mut diags) } else { Vec::new() };
    let mut privatizes = Vec::new();
    // Directives inside a refused one are not reported again.
    let mut refused = vec![false; ast.directives.len()];
    declare_variant_edits(src, ast, pass, &mut edits, &mut diags);
    metadirective_refusals(src, ast, pass, &mut diags);
    for (k, d) in ast.directives.iter().enumerate() {
        let id = k + pass.id_base;
        let diag = |msg: String| Diag { at: Where::Main(d.pragma.start), msg };
        if let Some(why) = refusal(d, pass).filter(|_| !d.parent.is_some_and(|p| refused[p])) {
            diags.push(diag(why));
            refused[k] = true;
            privatizes.push(false);
            continue;
        }
        if d.kind == "OMPDepobjDirective" && !d.parent.is_some_and(|p| refused[p]) {
            if let Err(m) = depobj_edit(src, d, &mut edits) {
                diags.push(diag(m));
            }
            privatizes.push(false);
            continue;
        }
        let Some(spec) = clauses::directive(&d.kind) else {
            if !d.parent.is_some_and(|p| refused[p]) {
                let name = clauses::spelling(&d.kind);
                diags.push(diag(format!("'#pragma omp {name}' is not supported by weft yet")));
            }
            refused[k] = true;
            privatizes.push(false);
            continue;
        };
        refused[k] = d.parent.is_some_and(|p| refused[p]);
        let text = &pragma_text(src, ast, d);
        privatizes.push(privatizes_locals(ast, d, text, &spec));
        // (The reductions declared before the pragma.)
        let declared: Vec<crate::udr::Declared> =
            udrs.iter().filter(|(at, _)| *at < d.pragma.start).map(|(_, u)| u.clone()).collect();
        // (Map items through their mappers: mapper_use.rs.)
        let parsed = crate::mapper_use::expand_pragma(ast, d, &spec, text)
            .and_then(|mapped| clauses::parse_with(&spec, mapped.as_deref().unwrap_or(text), &declared));
        let (mut cls, listed) = match parsed {
            Ok(c) => c,
            Err(m) => {
                diags.push(diag(m));
                continue;
            }
        };
        // (C that must run before the marker: an iterator's dependences.)
        let prelude = crate::depend_iter::take_preludes(&mut cls);
        let hoisted = if spec.is_loop {
            match loop_clauses(src, d, id, &spec, &listed, &mut cls, &mut edits) {
                Ok(h) => h,
                Err(m) => {
                    diags.push(diag(m));
                    continue;
                }
            }
        } else {
            Vec::new()
        };
        let wrapped = implicit_sharing(src, ast, d, id, &spec, &listed, &mut cls)
            .and_then(|_| crate::target_forms::wrap(ast, d, id, &mut cls));
        let (target_open, target_close) = match wrapped {
            Ok(w) => w,
            Err(m) => {
                diags.push(diag(m));
                continue;
            }
        };
        atomic_update_edit(src, d, &mut edits);
        let wrapped = crate::taskloop_forms::wrap(&d.kind, text, id, &mut cls)
            .and_then(|w| crate::teams_forms::wrap(&d.kind, text, id, &mut cls).map(|t| (t.0 + &w.0, w.1 + &t.1)));
        let (outer_open, outer_close) = match wrapped {
            Ok((o, c)) => (format!("{target_open}{o}"), format!("{c}{target_close}")),
            Err(m) => {
                diags.push(diag(m));
                continue;
            }
        };
        let (inner_open, inner_close) = crate::parallel_masked::wrap(&d.kind, id, &mut cls);
        let lines = "\n".repeat(src[d.pragma.clone()].matches('\n').count());
        let decls: String = prelude + &hoisted.iter().map(|h| h.decl.as_str()).collect::<String>();
        let begin = format!(
            "{outer_open}{{ {decls}__weft_cc_begin({id}, \"{}\", {}{});{inner_open}{lines}",
            spec.dir,
            cls.len(),
            crate::marker_clause::marker_args(&cls)
        );
        let end = format!("{inner_close} __weft_cc_end({id}); }}{outer_close}");
        region_edits(src, d, begin, end, &mut edits);
    }
    private_locals(src, ast, &privatizes, pass.id_base, &mut edits);
    if !diags.is_empty() {
        return Err(in_file_order(diags));
    }
    let mut out = apply(src, edits)?;
    out.push_str(&tp_marker);
    if pass.main {
        out.push_str(&crate::target_forms::declare_target(ast, src));
        out.push_str(&crate::target_forms::declare_target_functions(ast));
        out.push_str(&crate::requires::global(ast.requires));
    }
    Ok(out)
}

/// A depobj directive as plain C in its place (depobj.rs), the pragma's
/// lines kept.
fn depobj_edit(src: &str, d: &crate::ast::Directive, edits: &mut Vec<Edit>) -> Result<(), String> {
    let text = d.expanded.as_deref().unwrap_or(&src[d.pragma.clone()]);
    let text = crate::depobj::construct(text)? + &"\n".repeat(src[d.pragma.clone()].matches('\n').count());
    edits.push(Edit { at: d.pragma.start, end: d.pragma.end, rank: 2, opened_at: 0, text });
    Ok(())
}

/// A construct's begin marker in place of its pragma and its end marker
/// after its statement (at the pragma's end for a stand-alone directive).
fn region_edits(src: &str, d: &crate::ast::Directive, begin: String, end: String, edits: &mut Vec<Edit>) {
    match &d.stmt {
        None => edits.push(Edit { at: d.pragma.start, end: d.pragma.end, rank: 2, opened_at: 0, text: begin + &end }),
        Some(s) => {
            edits.push(Edit { at: d.pragma.start, end: d.pragma.end, rank: 2, opened_at: 0, text: begin });
            let at = past_semicolon(src, s.end);
            edits.push(Edit { at, end: at, rank: 0, opened_at: d.pragma.start, text: end });
        }
    }
}

/// Why a directive is refused before its clauses are read: a pragma from a
/// macro weft-cc cannot expand, a metadirective whose choice is not
/// OpenMP's, a statement in another file.
fn refusal(d: &crate::ast::Directive, pass: &Pass) -> Option<String> {
    let refuse = d.macro_name.as_ref().map(|m| from_macro(d, m));
    let offload = pass.offload && !pass.choices.metadirective_agrees(d.pragma.start);
    refuse.or_else(|| d.metadirective.as_ref().and_then(|m| m.refusal(offload))).or_else(|| {
        d.stmt_elsewhere.then(|| {
            let name = clauses::spelling(&d.kind).replace("generic loop", "loop");
            format!("'#pragma omp {name}' whose statement is (or ends) in another file (#include'd after the pragma) is not supported by weft-cc: it puts the construct's start and end in the pragma's file")
        })
    })
}

/// The clauses' text: as clang read them (macros expanded), else as
/// written; an atomic's memory order the file's default where it states
/// none (requires.rs).
fn pragma_text(src: &str, ast: &Ast, d: &crate::ast::Directive) -> String {
    let text = d.expanded.as_deref().unwrap_or(&src[d.pragma.clone()]);
    let default = ast.atomic_default.filter(|&(_, at)| at < d.pragma.start && d.kind == "OMPAtomicDirective");
    crate::requires::with_default_order(text, default.map(|(o, _)| o))
}

/// The metadirectives nothing was chosen from whose choice is not OpenMP's
/// (metadirective.rs), refused in the main pass.
fn metadirective_refusals(src: &str, ast: &Ast, pass: &Pass, diags: &mut Vec<Diag>) {
    if !pass.main {
        return;
    }
    let chosen: Vec<usize> =
        ast.directives.iter().filter(|d| d.metadirective.is_some()).map(|d| d.pragma.start).collect();
    let offload = |at: usize| pass.offload && !pass.choices.metadirective_agrees(at);
    for (at, msg) in crate::metadirective::unchosen_refusals(src, &chosen, offload) {
        diags.push(Diag { at: Where::Main(at), msg });
    }
}

/// `declare variant`: each call clang made to a variant names the variant,
/// each directive of the file is blanked, or why not (declare_variant.rs).
fn declare_variant_edits(src: &str, ast: &Ast, pass: &Pass, edits: &mut Vec<Edit>, diags: &mut Vec<Diag>) {
    for c in &ast.variant_calls {
        match &c.callee {
            Some(r) => edits.push(Edit { at: r.start, end: r.end, rank: 2, opened_at: 0, text: c.variant.clone() }),
            None if pass.main => diags.push(Diag {
                at: c.at.clone(),
                msg: format!(
                    "a call of '{}' that clang makes to its variant '{}' outside the file compiled (in a macro or an included file) is not supported by weft-cc yet",
                    c.base, c.variant
                ),
            }),
            None => {}
        }
    }
    for r in &ast.declare_variants {
        match crate::declare_variant::refusal(&src[r.clone()], pass.offload && !pass.choices.variants_agree()) {
            Some(msg) => diags.push(Diag { at: Where::Main(r.start), msg }),
            None => {
                let text = crate::declare_variant::blanked(&src[r.clone()]);
                edits.push(Edit { at: r.start, end: r.end, rank: 2, opened_at: 0, text });
            }
        }
    }
}

/// Each problem once, in the order of the file (other files first).
fn in_file_order(mut diags: Vec<Diag>) -> Vec<Diag> {
    let mut seen = std::collections::HashSet::new();
    diags.retain(|d| seen.insert((d.at.clone(), d.msg.clone())));
    diags.sort_by_key(|d| match &d.at {
        Where::Main(o) => (1, *o),
        _ => (0, 0),
    });
    diags
}

/// Whether the locals a construct declares are its private ones (the
/// `loop` construct's only where it binds a team).
fn privatizes_locals(ast: &Ast, d: &Directive, text: &str, spec: &DirSpec) -> bool {
    if matches!(d.kind.as_str(), "OMPTeamsGenericLoopDirective" | "OMPTargetTeamsGenericLoopDirective") {
        true
    } else if d.kind == "OMPGenericLoopDirective" {
        binds_team(text, d.parent.map(|p| ast.directives[p].kind.as_str()))
    } else {
        spec.privatizes
    }
}

/// What a construct shares, privatizes or maps by OpenMP's implicit rules,
/// written as clauses (a team's, a task's, a target's).
fn implicit_sharing(
    src: &str,
    ast: &Ast,
    d: &Directive,
    id: usize,
    spec: &DirSpec,
    listed: &[String],
    cls: &mut Vec<Clause>,
) -> Result<(), String> {
    if crate::sharing::starts_team(spec.dir) {
        let named = crate::sharing::named(listed, cls);
        crate::sharing::make_explicit(ast, d, &named, cls);
    }
    if crate::task_sharing::is_task(spec.dir) {
        let named = crate::sharing::named(listed, cls);
        crate::task_sharing::make_explicit(src, ast, id, &named, cls);
    }
    if spec.dir == "DIR.OMP.TARGET" {
        crate::target_forms::make_explicit(ast, d, listed, cls)?;
    }
    if matches!(spec.dir, "DIR.OMP.TARGET.DATA" | "DIR.OMP.TARGET.ENTER.DATA" | "DIR.OMP.TARGET.EXIT.DATA") {
        crate::target_link::through_ref_ptrs(ast, None, cls);
    }
    let data =
        ["DIR.OMP.TARGET.DATA", "DIR.OMP.TARGET.ENTER.DATA", "DIR.OMP.TARGET.EXIT.DATA", "DIR.OMP.TARGET.UPDATE"];
    if data.contains(&spec.dir) {
        crate::target_attach::attach_sections(ast, d, cls);
    }
    Ok(())
}

/// An atomic update `x = x op expr` as `x op= (expr)`: written the first
/// way it reads x's address twice (through calls, `?:`, loads); the second
/// computes it once, the same update.
fn atomic_update_edit(src: &str, d: &Directive, edits: &mut Vec<Edit>) {
    let Some(u) = &d.atomic_update else { return };
    let same = |r: &std::ops::Range<usize>| squeeze(&src[r.clone()]) == squeeze(&src[u.x.clone()]);
    if let Some((_, expr)) = u.candidates.iter().find(|(xa, _)| same(xa)) {
        let text = format!("{} {}= ({})", &src[u.x.clone()], u.op, &src[expr.clone()]);
        edits.push(Edit { at: u.whole.start, end: u.whole.end, rank: 2, opened_at: 0, text });
    }
}

/// The threadprivate pragmas' edits (`threadprivate.rs`); returns the
/// marker function to add at the end of the file.
fn threadprivate_edits(
    src: &str,
    path: &str,
    ast: &Ast,
    pass: &Pass,
    edits: &mut Vec<Edit>,
    diags: &mut Vec<Diag>,
) -> String {
    let tp = threadprivate::lower(src, path, ast, pass.main, &pass.headers);
    for r in tp.pragmas {
        edits.push(Edit { at: r.start, end: r.end, rank: 2, opened_at: 0, text: String::new() });
    }
    for at in tp.thread_local_at {
        edits.push(Edit { at, end: at, rank: 1, opened_at: 0, text: "_Thread_local ".into() });
    }
    for (at, text) in tp.splits {
        edits.push(Edit { at, end: at + 1, rank: 2, opened_at: 0, text });
    }
    diags.extend(tp.refused.into_iter().map(|(at, msg)| Diag { at, msg }));
    tp.marker
}

/// A loop directive's clauses for its loops: their bounds hoisted before
/// it, and their variables private; returns the hoisted bounds.
fn loop_clauses(
    src: &str,
    d: &Directive,
    id: usize,
    spec: &DirSpec,
    listed: &[String],
    cls: &mut Vec<Clause>,
    edits: &mut Vec<Edit>,
) -> Result<Vec<crate::bounds::Hoisted>, String> {
    // The variable of each associated loop is private, also when it
    // is declared before the loop (OpenMP's predetermined rule).
    let depth = associated_loops(cls)?;
    if crate::sharing::starts_team(spec.dir) && d.loops.iter().take(depth).any(|l| l.calls) {
        // (Computed before the fork it would see the encountering thread's
        // state, not the team's, e.g. omp_get_num_threads(): bounds.rs.)
        return Err(format!(
            "a start or bound that calls a function on '{}' is not supported by weft yet (write 'parallel' and 'for' apart)",
            spec.words.join(" ")
        ));
    }
    let (h, replaced) = crate::bounds::hoist(src, d, id, depth);
    for (at, end, text) in replaced {
        edits.push(Edit { at, end, rank: 2, opened_at: 0, text });
    }
    // (A team's threads read the bound computed before the fork.)
    if crate::sharing::starts_team(spec.dir) && !h.is_empty() {
        let ops = h.iter().map(|b: &crate::bounds::Hoisted| format!("&{}", b.name)).collect();
        cls.push(Clause { name: "\"QUAL.OMP.FIRSTPRIVATE\"".into(), ops });
    }
    let ivs: Vec<String> = d
        .loops
        .iter()
        .take(depth.max(d.transformed))
        .filter_map(|l| l.assigned.clone())
        .filter(|v| !listed.contains(v))
        .map(|v| format!("&{v}"))
        .collect();
    if !ivs.is_empty() {
        // A simd loop's variable is linear: the original ends with the
        // value the last iteration leaves (as the serial loop does).
        let q = if spec.dir == "DIR.OMP.SIMD" { "LASTPRIVATE" } else { "PRIVATE" };
        cls.push(Clause { name: format!("\"QUAL.OMP.{q}\""), ops: ivs });
    }
    Ok(h)
}

/// The marker calls that give each construct's declared locals to the
/// innermost construct that makes private copies (`privatizes`, by
/// directive).
fn private_locals(src: &str, ast: &Ast, privatizes: &[bool], id_base: usize, edits: &mut Vec<Edit>) {
    for l in &ast.locals {
        // The innermost construct that makes private copies takes them.
        let mut cur = Some(l.owner);
        while let Some(i) = cur.filter(|&i| !privatizes.get(i).copied().unwrap_or(false)) {
            cur = ast.directives[i].parent;
        }
        let Some(target) = cur.map(|t| t + id_base) else { continue };
        let vars: String = l.names.iter().map(|n| format!(", &{n}")).collect();
        let call = format!("__weft_cc_private({target}{vars});");
        match &l.at {
            Insert::After(e) => edits.push(Edit { at: *e, end: *e, rank: 1, opened_at: 0, text: format!(" {call}") }),
            Insert::LoopBody(b) => {
                edits.push(Edit { at: b.start, end: b.start, rank: 1, opened_at: 0, text: format!("{{ {call} ") });
                let at = past_semicolon(src, b.end);
                edits.push(Edit { at, end: at, rank: 0, opened_at: b.start, text: " }".into() });
            }
        }
    }
}

/// Why a directive from a macro's expansion (`_Pragma`) is refused: it is
/// one whose invocation's lines `macros.rs` could not expand (an expanded
/// one is a `_Pragma` operator in the text, from no macro).
fn from_macro(d: &Directive, macro_name: &str) -> String {
    let name = clauses::spelling(&d.kind).replace("generic loop", "loop");
    format!(
        "'#pragma omp {name}' from the expansion of macro '{macro_name}' is not supported by weft-cc here: it cannot read the invocation's lines as the preprocessor expanded them (a line continued with a backslash, or renamed by #line)"
    )
}

/// The source with the edits made, in order of offset.
fn apply(src: &str, mut edits: Vec<Edit>) -> Result<String, Vec<Diag>> {
    edits.sort_by(|a, b| {
        (a.at, a.rank, std::cmp::Reverse(a.opened_at)).cmp(&(b.at, b.rank, std::cmp::Reverse(b.opened_at)))
    });
    let mut out = String::with_capacity(src.len() * 2);
    let mut pos = 0;
    for e in edits {
        if e.at < pos {
            return Err(vec![Diag {
                at: Where::Main(e.at),
                msg: "weft-cc: overlapping rewrites (please report)".into(),
            }]);
        }
        out.push_str(&src[pos..e.at]);
        out.push_str(&e.text);
        pos = e.end;
    }
    out.push_str(&src[pos..]);
    Ok(out)
}

/// `#pragma omp declare reduction(...)` at file scope: the pragma becomes
/// the C functions weft lowers the reduction with (on the pragma's lines,
/// so the lines after keep their numbers); returns each with where it was.
fn declare_reductions(
    src: &str,
    ast: &Ast,
    edits: &mut Vec<Edit>,
    diags: &mut Vec<Diag>,
) -> Vec<(usize, crate::udr::Declared)> {
    let mut out: Vec<(usize, crate::udr::Declared)> = Vec::new();
    let mut decls = ast.declare_reductions.clone();
    decls.sort();
    let mut seen = std::collections::HashSet::new();
    for (offset, file_scope) in decls {
        // (Clang makes one declaration per type of the pragma.)
        let start = pragma_start(src, offset);
        if !seen.insert(start) {
            continue;
        }
        if !file_scope {
            diags.push(Diag {
                at: Where::Main(start),
                msg: "'#pragma omp declare reduction' inside a function is not supported by weft yet: declare it at file scope".into(),
            });
            continue;
        }
        let end = pragma_end(src, start);
        let text = &src[start..end];
        match crate::udr::parse(&clauses::clean(text)) {
            Ok(u) => {
                let (code, declared) = crate::udr::functions(&u, out.len());
                let lines = "\n".repeat(text.matches('\n').count());
                edits.push(Edit { at: start, end, rank: 2, opened_at: 0, text: code + &lines });
                out.push((start, declared));
            }
            Err(m) => diags.push(Diag { at: Where::Main(start), msg: m }),
        }
    }
    out
}

/// Whether a `loop` construct shares its iterations among a team (and so
/// takes private copies of the locals it declares), by the rule weft-prepare
/// maps it with: `bind(parallel)`, or no bind and closely nested in a
/// parallel region; otherwise its thread runs it as a simd loop.
fn binds_team(pragma: &str, parent: Option<&str>) -> bool {
    let squeezed = squeeze(pragma);
    let bind = squeezed.match_indices("bind(").find(|&(at, _)| !squeezed[..at].ends_with('_'));
    match bind {
        Some((at, _)) => squeezed[at..].starts_with("bind(parallel)") || squeezed[at..].starts_with("bind(teams)"),
        None => matches!(parent, Some("OMPParallelDirective" | "OMPTeamsDirective" | "OMPTargetTeamsDirective")),
    }
}

/// Text without blanks, to compare two spellings of one lvalue.
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn semicolon_after_comments() {
        let s = "x = 1 /* c */ // d\n ; y";
        assert_eq!(past_semicolon(s, 5), s.find(';').unwrap() + 1);
        assert_eq!(past_semicolon("}\n y = 2;", 1), 1);
    }
}
