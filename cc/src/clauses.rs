//! The text of one `#pragma omp` line, as clauses weft's directive model
//! knows: each clause becomes a `QUAL.OMP.*` name and the C expressions of
//! its operands, to be passed to the marker call that takes the pragma's
//! place. Clang has already checked the pragma; what is parsed here is only
//! what its JSON dump leaves out (clause operators, schedule kinds, names).
use crate::dir_spec::spec;
pub use crate::dir_spec::{clean, spelling, DirSpec};
use crate::lists::split_list;
use crate::marker_clause::Clause;

/// Clang's directive node kinds that weft lowers.
pub fn directive(kind: &str) -> Option<DirSpec> {
    Some(match kind {
        "OMPParallelDirective" => spec("DIR.OMP.PARALLEL", &["parallel"], true, false),
        "OMPForDirective" => spec("DIR.OMP.LOOP", &["for"], true, true),
        "OMPParallelForDirective" => spec("DIR.OMP.PARALLEL.LOOP", &["parallel", "for"], true, true),
        // A simd loop runs on one thread: its locals belong to the enclosing
        // team's construct.
        "OMPSimdDirective" => spec("DIR.OMP.SIMD", &["simd"], false, true),
        "OMPForSimdDirective" => spec("DIR.OMP.LOOP.SIMD", &["for", "simd"], true, true),
        "OMPParallelForSimdDirective" => spec("DIR.OMP.PARALLEL.LOOP.SIMD", &["parallel", "for", "simd"], true, true),
        // (`loop` becomes a worksharing or a simd loop by its binding, in
        // weft-prepare; as a worksharing loop it takes private copies.)
        "OMPGenericLoopDirective" => spec("DIR.OMP.GENERICLOOP", &["loop"], true, true),
        // (`parallel loop`: the loop binds to the parallel region, a
        // worksharing loop, as PARALLEL.LOOP is; its `bind` says nothing more.)
        "OMPParallelGenericLoopDirective" => spec("DIR.OMP.PARALLEL.LOOP", &["parallel", "loop"], true, true),
        "OMPMasterDirective" => spec("DIR.OMP.MASTER", &["master"], false, false),
        // (The team's construct, a MASTER or MASKED region inside: parallel_masked.rs.)
        "OMPParallelMasterDirective" => spec("DIR.OMP.PARALLEL", &["parallel", "master"], true, false),
        "OMPParallelMaskedDirective" => spec("DIR.OMP.PARALLEL", &["parallel", "masked"], true, false),
        "OMPMaskedDirective" => spec("DIR.OMP.MASKED", &["masked"], false, false),
        "OMPCriticalDirective" => spec("DIR.OMP.CRITICAL", &["critical"], false, false),
        "OMPSingleDirective" => spec("DIR.OMP.SINGLE", &["single"], false, false),
        "OMPBarrierDirective" => spec("DIR.OMP.BARRIER", &["barrier"], false, false),
        "OMPFlushDirective" => spec("DIR.OMP.FLUSH", &["flush"], false, false),
        "OMPTaskwaitDirective" => spec("DIR.OMP.TASKWAIT", &["taskwait"], false, false),
        "OMPTaskyieldDirective" => spec("DIR.OMP.TASKYIELD", &["taskyield"], false, false),
        // (A task's locals are its own: they live in its frame.)
        "OMPTaskDirective" => spec("DIR.OMP.TASK", &["task"], true, false),
        "OMPTaskgroupDirective" => spec("DIR.OMP.TASKGROUP", &["taskgroup"], false, false),
        // (A taskloop's tasks take their locals with them, as a task's.)
        "OMPTaskLoopDirective" => spec("DIR.OMP.TASKLOOP", &["taskloop"], true, true),
        // (Combined forms: nested regions around the taskloop, taskloop_forms.rs.)
        "OMPTaskLoopSimdDirective" => spec("DIR.OMP.TASKLOOP.SIMD", &["taskloop", "simd"], true, true),
        "OMPMasterTaskLoopDirective" => spec("DIR.OMP.TASKLOOP", &["master", "taskloop"], true, true),
        "OMPMasterTaskLoopSimdDirective" => spec("DIR.OMP.TASKLOOP.SIMD", &["master", "taskloop", "simd"], true, true),
        "OMPMaskedTaskLoopDirective" => spec("DIR.OMP.TASKLOOP", &["masked", "taskloop"], true, true),
        "OMPMaskedTaskLoopSimdDirective" => spec("DIR.OMP.TASKLOOP.SIMD", &["masked", "taskloop", "simd"], true, true),
        "OMPParallelMasterTaskLoopDirective" => {
            spec("DIR.OMP.TASKLOOP", &["parallel", "master", "taskloop"], true, true)
        }
        "OMPParallelMasterTaskLoopSimdDirective" => {
            spec("DIR.OMP.TASKLOOP.SIMD", &["parallel", "master", "taskloop", "simd"], true, true)
        }
        "OMPParallelMaskedTaskLoopDirective" => {
            spec("DIR.OMP.TASKLOOP", &["parallel", "masked", "taskloop"], true, true)
        }
        "OMPParallelMaskedTaskLoopSimdDirective" => {
            spec("DIR.OMP.TASKLOOP.SIMD", &["parallel", "masked", "taskloop", "simd"], true, true)
        }
        "OMPAtomicDirective" => spec("DIR.OMP.ATOMIC", &["atomic"], false, false),
        "OMPOrderedDirective" => spec("DIR.OMP.ORDERED", &["ordered"], false, false),
        // OpenMP 5.1's loop transformations: weft-prepare carries them out;
        // the loop construct around one privatizes their loops' variables.
        "OMPTileDirective" => spec("DIR.OMP.TILE", &["tile"], false, false),
        "OMPUnrollDirective" => spec("DIR.OMP.UNROLL", &["unroll"], false, false),
        // (OpenMP 5.0's scan: where a loop with inscan reductions splits.)
        "OMPScanDirective" => spec("DIR.OMP.SCAN", &["scan"], false, false),
        // (weft-prepare makes a loop over the section index of sections:
        // variables declared in a section are private to the construct.)
        "OMPSectionsDirective" => spec("DIR.OMP.SECTIONS", &["sections"], true, false),
        "OMPParallelSectionsDirective" => spec("DIR.OMP.PARALLEL.SECTIONS", &["parallel", "sections"], true, false),
        "OMPSectionDirective" => spec("DIR.OMP.SECTION", &["section"], false, false),
        // The device constructs (docs/offload.md); a combined `target X`
        // is X inside a TARGET (target_forms.rs).
        "OMPTargetDirective" => spec("DIR.OMP.TARGET", &["target"], true, false),
        "OMPTargetDataDirective" => spec("DIR.OMP.TARGET.DATA", &["target", "data"], false, false),
        "OMPTargetEnterDataDirective" => spec("DIR.OMP.TARGET.ENTER.DATA", &["target", "enter", "data"], false, false),
        "OMPTargetExitDataDirective" => spec("DIR.OMP.TARGET.EXIT.DATA", &["target", "exit", "data"], false, false),
        "OMPTargetUpdateDirective" => spec("DIR.OMP.TARGET.UPDATE", &["target", "update"], false, false),
        "OMPTargetParallelDirective" => spec("DIR.OMP.PARALLEL", &["target", "parallel"], true, false),
        "OMPTargetParallelForDirective" => spec("DIR.OMP.PARALLEL.LOOP", &["target", "parallel", "for"], true, true),
        "OMPTargetParallelForSimdDirective" => {
            spec("DIR.OMP.PARALLEL.LOOP.SIMD", &["target", "parallel", "for", "simd"], true, true)
        }
        "OMPTargetParallelGenericLoopDirective" => {
            spec("DIR.OMP.PARALLEL.LOOP", &["target", "parallel", "loop"], true, true)
        }
        "OMPTargetSimdDirective" => spec("DIR.OMP.SIMD", &["target", "simd"], true, true),
        "OMPCancelDirective" => spec("DIR.OMP.CANCEL", &["cancel"], false, false),
        "OMPCancellationPointDirective" => spec("DIR.OMP.CANCELLATION.POINT", &["cancellation", "point"], false, false),
        // (teams, distribute and their combined forms: teams_forms.rs.)
        k => return crate::teams_forms::directive(k),
    })
}

/// The clauses as written: `(name, argument text)`.
pub fn tokenize(s: &str) -> Result<Vec<(String, Option<String>)>, String> {
    let b: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_whitespace() || b[i] == ',' {
            i += 1;
            continue;
        }
        if !(b[i].is_ascii_alphabetic() || b[i] == '_') {
            return Err(format!("unexpected '{}' in the pragma", b[i]));
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == '_') {
            i += 1;
        }
        let name: String = b[start..i].iter().collect();
        while i < b.len() && b[i].is_whitespace() {
            i += 1;
        }
        let mut arg = None;
        if i < b.len() && b[i] == '(' {
            let open = i;
            let mut depth = 0;
            while i < b.len() {
                match b[i] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            if i >= b.len() {
                return Err(format!("unbalanced parentheses after '{name}'"));
            }
            arg = Some(b[open + 1..i].iter().collect::<String>().trim().to_string());
            i += 1;
        }
        out.push((name, arg));
    }
    Ok(out)
}

fn is_ident(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A one-dimensional array section `a[lower:length]` (`a[:length]` from 0):
/// (name, lower, length) as C expressions.
fn section(item: &str) -> Option<(String, String, String)> {
    let open = item.find('[')?;
    let name = item[..open].trim();
    let inner = item[open + 1..].strip_suffix(']')?;
    if !is_ident(name) || inner.contains('[') || inner.contains(']') {
        return None;
    }
    let (lower, length) = inner.split_once(':')?;
    let lower = if lower.trim().is_empty() { "0" } else { lower.trim() };
    (!length.trim().is_empty()).then(|| (name.to_string(), lower.to_string(), length.trim().to_string()))
}

/// An array section of several dimensions or with a stride,
/// `a[l1:n1[:s1]][l2:n2[:s2]]...` (a left-out lower bound is 0, a left-out
/// stride 1): (name, (lower, length, stride) per dimension) as C
/// expressions. None for a one-dimensional section of unit stride.
fn section_nd(item: &str) -> Option<(String, Vec<[String; 3]>)> {
    let open = item.find('[')?;
    let name = item[..open].trim();
    if !is_ident(name) {
        return None;
    }
    let mut dims = Vec::new();
    let mut rest = item[open..].trim();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[')?;
        let close = inner.find(']')?;
        let parts: Vec<&str> = inner[..close].split(':').map(str::trim).collect();
        let dim = match parts.as_slice() {
            [lower, length] => [*lower, *length, "1"],
            [lower, length, stride] => [*lower, *length, *stride],
            _ => return None,
        };
        if dim[1].is_empty() || dim[2].is_empty() || dim.iter().any(|e| e.contains('[')) {
            return None;
        }
        let lower = if dim[0].is_empty() { "0" } else { dim[0] };
        dims.push([lower.to_string(), dim[1].to_string(), dim[2].to_string()]);
        rest = inner[close + 1..].trim();
    }
    (dims.len() > 1 || dims.first().is_some_and(|d| d[2] != "1")).then(|| (name.to_string(), dims))
}

/// `_Generic` over C's scalar types, choosing a string per type.
fn by_type(expr: &str, arms: &[(&[&str], &str)], default: &str) -> String {
    let arms: String = arms.iter().flat_map(|(tys, s)| tys.iter().map(move |t| format!("{t}: {s}, "))).collect();
    format!("_Generic(({expr}), {arms}default: {default})")
}

const UNSIGNED_TYPES: &[&str] =
    &["_Bool", "unsigned char", "unsigned short", "unsigned int", "unsigned long", "unsigned long long"];

/// The element type of a section's array, as the LLVM type name weft-markers
/// reads (C would promote a value of it passed to the variadic marker).
fn elem_type_name(name: &str) -> String {
    by_type(
        &format!("({name})[0]"),
        &[
            (&["_Bool", "char", "signed char", "unsigned char"], "\"i8\""),
            (&["short", "unsigned short"], "\"i16\""),
            (&["int", "unsigned int"], "\"i32\""),
            (&["long", "unsigned long", "long long", "unsigned long long"], "\"i64\""),
            (&["float"], "\"float\""),
            (&["double"], "\"double\""),
        ],
        "\"\"",
    )
}

/// One clause per list item, array sections as `:ARRSECT.TYPED` items
/// `(&base, element type, length, lower)`; `unsigned_variant` gives the
/// clause name for unsigned operands (min/max).
fn items(clause: &str, qual: &str, list: &str, unsigned_variant: bool) -> Result<(Vec<Clause>, Vec<String>), String> {
    let mut out = Vec::new();
    let mut names = Vec::new();
    for item in split_list(list) {
        let (var, probe, q, ops) = if is_ident(&item) {
            (item.clone(), item.clone(), qual.to_string(), vec![format!("&{item}")])
        } else if let Some((name, dims)) = section_nd(&item) {
            // `:ARRSECT`: base, dimensions, then (lower, length, stride) each.
            let mut ops = vec![format!("&{name}"), format!("(long){}", dims.len())];
            ops.extend(dims.iter().flat_map(|d| d.iter().map(|e| format!("(long)({e})"))));
            let probe = format!("({name}){}", "[0]".repeat(dims.len()));
            (name.clone(), probe, format!("{qual}:ARRSECT"), ops)
        } else if let Some((name, lower, length)) = section(&item) {
            let ops = vec![
                format!("&{name}"),
                elem_type_name(&name),
                format!("(long)({length})"),
                format!("(long)({lower})"),
            ];
            (name.clone(), format!("({name})[0]"), format!("{qual}:ARRSECT.TYPED"), ops)
        } else if item.contains('[') {
            return Err(format!(
                "{clause}: array sections are written a[lower:length] or a[lower:length:stride], one per dimension, got '{item}'"
            ));
        } else {
            return Err(format!("{clause}: only variables may be listed, got '{item}'"));
        };
        let plain = format!("\"{q}\"");
        let name = if unsigned_variant {
            let u = if q.contains(':') { format!("\"{q}.UNSIGNED\"") } else { format!("\"{q}:UNSIGNED\"") };
            // (A whole array decays to a pointer to its elements.)
            let pointers: Vec<String> = UNSIGNED_TYPES.iter().map(|t| format!("{t} *")).collect();
            let pointers: Vec<&str> = pointers.iter().map(String::as_str).collect();
            by_type(&probe, &[(UNSIGNED_TYPES, &u), (&pointers, &u)], &plain)
        } else {
            plain
        };
        names.push(var);
        out.push(Clause { name, ops });
    }
    Ok((out, names))
}

/// A reduction by a declared reduction: `REDUCTION.UDR:NONPOD` items with
/// the helpers weft-cc wrote (constructor and destructor null: C has
/// none), chosen by the variable's type; a type the declaration does not
/// cover (`min` on an int, where min is also declared for a struct) keeps
/// the predefined operator (its helpers null, which weft takes as plain).
fn udr_items(d: &crate::udr::Declared, list: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    let builtin = match d.name.as_str() {
        "+" => Some("ADD"),
        "-" => Some("SUB"),
        "*" => Some("MUL"),
        "&" => Some("BAND"),
        "|" => Some("BOR"),
        "^" => Some("BXOR"),
        "&&" => Some("AND"),
        "||" => Some("OR"),
        "min" => Some("MIN"),
        "max" => Some("MAX"),
        _ => None,
    };
    let mut out = Vec::new();
    let mut names = Vec::new();
    for item in split_list(list) {
        if !is_ident(&item) {
            return Err(format!("reduction({}: {item}): a declared reduction takes variables only", d.name));
        }
        let pick = |f: &dyn Fn(&(String, String, Option<String>)) -> String, default: &str| {
            let arms: String = d.per_type.iter().map(|t| format!("{}: {}, ", t.0, f(t))).collect();
            format!("_Generic(({item}), {arms}default: {default})")
        };
        let udr = "\"QUAL.OMP.REDUCTION.UDR:NONPOD\"";
        let name = match builtin {
            None => udr.to_string(),
            Some(q) => {
                let plain = format!("\"QUAL.OMP.REDUCTION.{q}:NONPOD\"");
                let unsigned = format!("\"QUAL.OMP.REDUCTION.{q}:NONPOD.UNSIGNED\"");
                let arms: String = d.per_type.iter().map(|t| format!("{}: {udr}, ", t.0)).collect();
                let u: String = if matches!(q, "MIN" | "MAX") {
                    UNSIGNED_TYPES.iter().map(|t| format!("{t}: {unsigned}, ")).collect()
                } else {
                    String::new()
                };
                format!("_Generic(({item}), {arms}{u}default: {plain})")
            }
        };
        let null = "(void *)0".to_string();
        let comb = pick(&|t| t.1.clone(), &null);
        let init = pick(&|t| t.2.clone().unwrap_or_else(|| null.clone()), &null);
        out.push(Clause { name, ops: vec![format!("&{item}"), null.clone(), null.clone(), comb, init] });
        names.push(item);
    }
    Ok((out, names))
}

/// `&x` for each variable of a list; anything but a plain name is refused.
fn var_list(clause: &str, list: &str) -> Result<Vec<String>, String> {
    split_list(list)
        .into_iter()
        .map(|item| {
            if is_ident(&item) {
                Ok(format!("&{item}"))
            } else if item.contains('[') {
                Err(format!("{clause}: array sections ({item}) are not supported by weft yet"))
            } else {
                Err(format!("{clause}: only variables may be listed, got '{item}'"))
            }
        })
        .collect()
}

fn int_op(e: &str) -> String {
    format!("(int)({e})")
}

/// `(modifier: rest)` split at a top-level colon, when the prefix is one of
/// `mods` (comma-separated).
fn modifier<'a>(arg: &'a str, mods: &[&str]) -> (Vec<&'a str>, &'a str) {
    if let Some((pre, rest)) = arg.split_once(':') {
        let words: Vec<&str> = pre.split(',').map(str::trim).collect();
        if words.iter().all(|w| mods.contains(w)) {
            return (words, rest.trim());
        }
    }
    (Vec::new(), arg)
}

/// The directive's own arguments (`critical(name)`, `flush(list)`) and its
/// clauses, or a message naming what weft cannot take.
#[cfg(test)]
pub fn parse(spec: &DirSpec, text: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    parse_with(spec, text, &[])
}

/// `parse`, with the reductions the file declared so far.
pub fn parse_with(
    spec: &DirSpec,
    text: &str,
    udrs: &[crate::udr::Declared],
) -> Result<(Vec<Clause>, Vec<String>), String> {
    let text = clean(text);
    let body = text.trim_start().strip_prefix('#').unwrap_or(&text).trim_start();
    let body =
        body.strip_prefix("pragma").ok_or("not a #pragma line (pragmas from macros and _Pragma are not supported)")?;
    let body = body.trim_start().strip_prefix("omp").ok_or("not an OpenMP pragma")?;
    let mut toks = tokenize(body)?.into_iter().peekable();
    for w in spec.words {
        match toks.next() {
            Some((t, arg)) if t == *w => {
                // The directive's own parenthesized argument.
                if let Some(a) = arg {
                    match *w {
                        "critical" if is_ident(&a) => {
                            return finish(
                                spec,
                                toks,
                                vec![Clause::new("QUAL.OMP.NAME", vec![format!("\"{a}\"")])],
                                udrs,
                            )
                        }
                        "flush" => {
                            return finish(
                                spec,
                                toks,
                                vec![Clause::new("QUAL.OMP.FLUSH", var_list("flush", &a)?)],
                                udrs,
                            )
                        }
                        _ => return Err(format!("unexpected '({a})' after '{w}'")),
                    }
                }
            }
            other => return Err(format!("expected '{w}', found {:?}", other.map(|t| t.0))),
        }
    }
    let (mut cls, listed) = finish(spec, toks, Vec::new(), udrs)?;
    // (`parallel loop`'s loop binds to its parallel region: PARALLEL.LOOP
    // says so, and takes no BIND.)
    if spec.words.ends_with(&["parallel", "loop"]) {
        cls.retain(|c| c.name != "\"QUAL.OMP.BIND.PARALLEL\"");
    }
    Ok((cls, listed))
}

/// An atomic's clauses as weft spells them: the kind (`QUAL.OMP.UPDATE`
/// when only an order is given) with the memory order as a suffix
/// (`.SEQ_CST`, `.ACQ_REL`, ...), `QUAL.OMP.COMPARE` (carrying the order when
/// there is no kind), `QUAL.OMP.FAIL.<order>` and `QUAL.OMP.WEAK`.
#[derive(Default)]
struct AtomicClauses {
    kind: Option<String>,
    compare: bool,
    order: Option<String>,
    fail: Option<String>,
    weak: bool,
}

impl AtomicClauses {
    fn clauses(&self) -> Vec<Clause> {
        let order = self.order.as_ref().map(|o| format!(".{o}")).unwrap_or_default();
        let mut out = Vec::new();
        match (&self.kind, self.compare) {
            (Some(k), _) => out.push(Clause::new(&format!("QUAL.OMP.{k}{order}"), vec![])),
            (None, false) if !order.is_empty() => out.push(Clause::new(&format!("QUAL.OMP.UPDATE{order}"), vec![])),
            _ => {}
        }
        if self.compare {
            let order = if self.kind.is_some() { "" } else { order.as_str() };
            out.push(Clause::new(&format!("QUAL.OMP.COMPARE{order}"), vec![]));
        }
        if let Some(f) = &self.fail {
            out.push(Clause::new(&format!("QUAL.OMP.FAIL.{f}"), vec![]));
        }
        if self.weak {
            out.push(Clause::new("QUAL.OMP.WEAK", vec![]));
        }
        out
    }
}

fn finish(
    spec: &DirSpec,
    toks: impl Iterator<Item = (String, Option<String>)>,
    mut out: Vec<Clause>,
    udrs: &[crate::udr::Declared],
) -> Result<(Vec<Clause>, Vec<String>), String> {
    let mut listed = Vec::new();
    let mut atomic = AtomicClauses::default();
    for (name, arg) in toks {
        let need = |arg: &Option<String>| arg.clone().ok_or_else(|| format!("'{name}' needs an argument"));
        match name.as_str() {
            "private" | "firstprivate" | "lastprivate" => {
                let (cls, names) = privatizing(&name, &need(&arg)?)?;
                listed.extend(names);
                out.extend(cls);
            }
            "shared" | "copyin" | "copyprivate" => {
                let ops = var_list(&name, &need(&arg)?)?;
                listed.extend(ops.iter().map(|o| o[1..].to_string()));
                out.push(Clause::new(&format!("QUAL.OMP.{}", name.to_uppercase()), ops));
            }
            "reduction" => {
                // (`task`: the reduction is also a task reduction, task_clauses.rs.)
                let (arg, task) = crate::task_clauses::strip_task_modifier(&need(&arg)?);
                let (mut cls, names) = reduction(&arg, udrs)?;
                if task {
                    cls = crate::task_clauses::task_modifier(spec.dir, cls)?;
                }
                listed.extend(names);
                out.extend(cls);
            }
            "task_reduction" | "in_reduction"
                if matches!(
                    spec.dir,
                    "DIR.OMP.TASKGROUP" | "DIR.OMP.TASK" | "DIR.OMP.TASKLOOP" | "DIR.OMP.TASKLOOP.SIMD"
                ) || (name == "in_reduction" && spec.dir == "DIR.OMP.TARGET") =>
            {
                // (On a plain target: its target task takes part, the middle
                // end maps the task's copy, paropt's plan/target_inred.rs;
                // clang 16 takes it on no combined target form.)
                let (cls, names) =
                    crate::task_clauses::task_reduction(&name, spec.dir, reduction(&need(&arg)?, udrs)?)?;
                listed.extend(names);
                out.extend(cls);
            }
            "linear" => {
                let (cls, names) = linear(&need(&arg)?)?;
                listed.extend(names);
                out.extend(cls);
            }
            "aligned" => out.push(aligned(&need(&arg)?)?),
            "schedule" => out.push(schedule(&need(&arg)?)?),
            "if" => {
                let a = need(&arg)?;
                let (mods, cond) = modifier(&a, &["parallel", "simd", "cancel", "task", "taskloop", "target"]);
                out.push(crate::if_modifier::clause(spec, &mods, cond)?);
            }
            "hint" if spec.dir == "DIR.OMP.ATOMIC" => {}
            "final" => out.push(Clause::new("QUAL.OMP.FINAL", vec![format!("(int)!!({})", need(&arg)?)])),
            "untied" | "mergeable" => out.push(Clause::new(&format!("QUAL.OMP.{}", name.to_uppercase()), vec![])),
            "detach" if spec.dir == "DIR.OMP.TASK" => {
                let (c, ev) = crate::task_clauses::detach(&need(&arg)?)?;
                listed.push(ev);
                out.push(c);
            }
            "affinity" if spec.dir == "DIR.OMP.TASK" => out.extend(crate::task_clauses::affinity(&need(&arg)?)?),
            // (On a device construct: its target task's, docs/offload.md.)
            "depend"
                if matches!(spec.dir, "DIR.OMP.TASK" | "DIR.OMP.TASKWAIT")
                    || crate::target_clauses::takes_depend(spec.dir, spec.words) =>
            {
                out.extend(crate::task_clauses::depend(&need(&arg)?)?)
            }
            "map" | "to" | "from" | "device" | "thread_limit" | "is_device_ptr" | "has_device_addr"
            | "use_device_ptr" | "use_device_addr" | "defaultmap"
                if crate::target_clauses::takes(spec.dir, spec.words) =>
            {
                let (cls, names) = crate::target_clauses::clause(spec.dir, &name, &need(&arg)?)?;
                // (A combined form's X shares what its TARGET maps.)
                if spec.dir.starts_with("DIR.OMP.TARGET") {
                    listed.extend(names);
                }
                out.extend(cls);
            }
            "num_teams" | "thread_limit" | "dist_schedule" => {
                out.push(crate::teams_forms::clause(&name, &need(&arg)?)?)
            }
            "num_threads" | "collapse" | "filter" | "hint" | "safelen" | "simdlen" | "priority" => {
                let q = format!("QUAL.OMP.{}", name.to_uppercase());
                out.push(Clause::new(&q, vec![int_op(&need(&arg)?)]));
            }
            "ordered" => out.push(ordered(arg.as_deref())?),
            "nowait" => out.push(Clause::new("QUAL.OMP.NOWAIT", vec![])),
            "nogroup" if spec.dir.starts_with("DIR.OMP.TASKLOOP") => out.push(Clause::new("QUAL.OMP.NOGROUP", vec![])),
            "grainsize" | "num_tasks" if spec.dir.starts_with("DIR.OMP.TASKLOOP") => {
                out.push(crate::task_clauses::taskloop_division(&name, &need(&arg)?)?)
            }
            "allocate" => out.extend(crate::allocate::clauses(&need(&arg)?)?),
            "bind" | "order" | "default" | "proc_bind" => out.push(keyword(&name, &need(&arg)?)?),
            other => {
                if !construct_clause(spec, other, &arg, &mut out, &mut atomic)? {
                    let arg = arg.map(|a| format!("({a})")).unwrap_or_default();
                    return Err(format!("the clause '{other}{arg}' is not supported by weft yet"));
                }
            }
        }
    }
    out.extend(atomic.clauses());
    // (A struct's mapped members: one chain after the struct's entry.)
    let out = crate::map_items::chains(out);
    Ok((out, listed))
}

/// `aligned(list[: n])`.
fn aligned(a: &str) -> Result<Clause, String> {
    let (list, n) = match a.rsplit_once(':') {
        Some((l, n)) => (l, Some(n.trim())),
        None => (a, None),
    };
    let mut ops = var_list("aligned", list)?;
    ops.extend(n.map(int_op));
    Ok(Clause::new("QUAL.OMP.ALIGNED", ops))
}

/// A loop's `ordered`, or `ordered(n)`: a doacross loop of n loops.
fn ordered(arg: Option<&str>) -> Result<Clause, String> {
    match arg.map(str::trim) {
        None => Ok(Clause::new("QUAL.OMP.ORDERED", vec!["0".into()])),
        Some(n) => match n.parse::<u32>() {
            Ok(k) if k > 0 => Ok(Clause::new("QUAL.OMP.ORDERED", vec![k.to_string()])),
            _ => Err(format!("ordered({n}): weft-cc needs the loop count as a positive integer literal")),
        },
    }
}

/// A clause only some constructs take (atomic's, cancel's, ordered's, the
/// loop transformations', scan's), added to `out` or `atomic`; false if
/// `name` is none of them on this construct.
fn construct_clause(
    spec: &DirSpec,
    name: &str,
    arg: &Option<String>,
    out: &mut Vec<Clause>,
    atomic: &mut AtomicClauses,
) -> Result<bool, String> {
    let need = |arg: &Option<String>| arg.clone().ok_or_else(|| format!("'{name}' needs an argument"));
    match name {
        "depend" | "doacross" if spec.dir == "DIR.OMP.ORDERED" => out.push(ordered_depend(&name, &need(&arg)?)?),
        // (Clang has checked that each is a positive constant.)
        "sizes" if spec.dir == "DIR.OMP.TILE" => {
            let ops = split_list(&need(&arg)?).iter().map(|e| int_op(e)).collect();
            out.push(Clause::new("QUAL.OMP.SIZES", ops));
        }
        "partial" if spec.dir == "DIR.OMP.UNROLL" => {
            out.push(Clause::new("QUAL.OMP.PARTIAL", arg.iter().map(|a| int_op(a)).collect()))
        }
        "full" if spec.dir == "DIR.OMP.UNROLL" => out.push(Clause::new("QUAL.OMP.FULL", vec![])),
        "inclusive" | "exclusive" if spec.dir == "DIR.OMP.SCAN" => {
            let ops = var_list(&name, &need(&arg)?)?;
            out.push(Clause::new(&format!("QUAL.OMP.{}", name.to_uppercase()), ops));
        }
        "read" | "write" | "update" | "capture" if spec.dir == "DIR.OMP.ATOMIC" => {
            atomic.kind = Some(name.to_uppercase())
        }
        "compare" if spec.dir == "DIR.OMP.ATOMIC" => atomic.compare = true,
        "weak" if spec.dir == "DIR.OMP.ATOMIC" => atomic.weak = true,
        "seq_cst" | "acq_rel" | "acquire" | "release" | "relaxed" if spec.dir == "DIR.OMP.ATOMIC" => {
            atomic.order = Some(name.to_uppercase())
        }
        "fail" if spec.dir == "DIR.OMP.ATOMIC" => {
            let o = need(&arg)?.trim().to_string();
            if !matches!(o.as_str(), "seq_cst" | "acquire" | "relaxed") {
                return Err(format!("fail({o}): OpenMP 5.1 allows seq_cst, acquire or relaxed"));
            }
            atomic.fail = Some(o.to_uppercase());
        }
        // (The construct a cancel or cancellation point names.)
        "parallel" | "for" | "sections" | "taskgroup" if spec.dir.starts_with("DIR.OMP.CANCEL") => {
            let kind = if name == "for" { "LOOP".to_string() } else { name.to_uppercase() };
            out.push(Clause::new(&format!("QUAL.OMP.CANCEL.{kind}"), vec![]))
        }
        // (The same as a plain ordered region; passed on as icx spells it.)
        "threads" if spec.dir == "DIR.OMP.ORDERED" => out.push(Clause::new("QUAL.OMP.ORDERED.THREADS", vec![])),
        // (Its simd loop runs scalar: weft-paropt's ordered_simd.rs.)
        "simd" if spec.dir == "DIR.OMP.ORDERED" => out.push(Clause::new("QUAL.OMP.ORDERED.SIMD", vec![])),
        _ => return Ok(false),
    }
    Ok(true)
}

/// `private`, `firstprivate`, `lastprivate`: their items, and lastprivate's
/// `conditional:`.
fn privatizing(name: &str, a: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    let (mods, list) = modifier(a, &["conditional"]);
    // (weft takes CONDITIONAL on simd loops; elsewhere it says it cannot yet.)
    let q = match mods.as_slice() {
        [] => format!("QUAL.OMP.{}", name.to_uppercase()),
        _ if name == "lastprivate" => "QUAL.OMP.LASTPRIVATE:CONDITIONAL".to_string(),
        _ => return Err(format!("{name}(conditional: ...) is not OpenMP")),
    };
    items(name, &q, list, false)
}

/// `reduction([modifier,] operator: list)`: the modifier comes before the
/// operator, both before the colon.
fn reduction(a: &str, udrs: &[crate::udr::Declared]) -> Result<(Vec<Clause>, Vec<String>), String> {
    let (pre, list) = a.split_once(':').ok_or("reduction needs 'operator: list'")?;
    let words: Vec<&str> = pre.split(',').map(str::trim).collect();
    let (mods, op) = words.split_at(words.len() - 1);
    if let Some(m) = mods.iter().find(|m| !matches!(**m, "default" | "inscan")) {
        return Err(format!("reduction modifier '{m}' is not supported by weft yet"));
    }
    // `inscan`: a scan reduction, paired with the loop's scan
    // directive by its variable.
    let inscan = if mods.contains(&"inscan") { ":INSCAN" } else { "" };
    let op = op[0];
    if let Some(d) = udrs.iter().rev().find(|d| d.name == op.trim()) {
        if !inscan.is_empty() {
            return Err(format!(
                "reduction(inscan, {}: ...): user-defined scan reductions are not supported by weft yet",
                d.name
            ));
        }
        return udr_items(d, list);
    }
    let q = match op.trim() {
        "+" => "ADD",
        "-" => "SUB",
        "*" => "MUL",
        "&" => "BAND",
        "|" => "BOR",
        "^" => "BXOR",
        "&&" => "AND",
        "||" => "OR",
        "min" => "MIN",
        "max" => "MAX",
        other => return Err(format!("reduction({other}: ...): user-defined reductions are not supported by weft yet")),
    };
    // The IR has no signedness: for min and max, C's type says
    // which compare (an array's through its elements).
    if !inscan.is_empty() && split_list(list).iter().any(|i| !is_ident(i)) {
        return Err("reduction(inscan, ...): scan reductions of array sections are not supported by weft yet".into());
    }
    items("reduction", &format!("QUAL.OMP.REDUCTION.{q}{inscan}"), list, q == "MIN" || q == "MAX")
}

/// `linear(list[: step])`.
fn linear(a: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    let (list, step) = match a.rsplit_once(':') {
        Some((l, s)) => (l, Some(s.trim())),
        None => (a, None),
    };
    if list.contains('(') {
        return Err("linear modifiers (val, ref, uval) are not supported by weft yet".into());
    }
    let ops = var_list("linear", list)?;
    let listed = ops.iter().map(|o| o[1..].to_string()).collect();
    let mut out = Vec::new();
    // One clause per variable: its step in the units of its IR
    // value, which for a pointer are bytes (the step times the
    // element's size), as C's arithmetic on the variable says.
    let s = step.unwrap_or("1");
    for op in ops {
        let x = &op[1..];
        let units = format!("(long)((__INTPTR_TYPE__)(({x}) + ({s})) - (__INTPTR_TYPE__)({x}))");
        out.push(Clause::new("QUAL.OMP.LINEAR", vec![op, units]));
    }
    Ok((out, listed))
}

/// `schedule([modifier:] kind[, chunk])`.
fn schedule(a: &str) -> Result<Clause, String> {
    let (mods, rest) = modifier(a, &["monotonic", "nonmonotonic", "simd"]);
    let parts = split_list(rest);
    let kind = parts.first().map(|k| k.to_uppercase()).unwrap_or_default();
    if !["STATIC", "DYNAMIC", "GUIDED", "AUTO", "RUNTIME"].contains(&kind.as_str()) {
        return Err(format!("schedule kind '{}' is not known", parts.first().cloned().unwrap_or_default()));
    }
    let suffix: String = mods.iter().map(|m| format!(":{}", m.to_uppercase())).collect();
    let chunk = parts.get(1).map_or("0".to_string(), |c| int_op(c));
    Ok(Clause::new(&format!("QUAL.OMP.SCHEDULE.{kind}{suffix}"), vec![chunk]))
}

/// `ordered depend(sink: i - 1)`: the loop variable's values, which
/// weft-prepare turns into iteration numbers; `depend(source)`.
fn ordered_depend(name: &str, a: &str) -> Result<Clause, String> {
    match a.split_once(':') {
        Some((kind, vec)) if kind.trim() == "sink" => {
            let ops = split_list(vec).iter().map(|e| format!("(long)({e})")).collect();
            Ok(Clause::new("QUAL.OMP.DEPEND.SINK", ops))
        }
        None if a.trim() == "source" => Ok(Clause::new("QUAL.OMP.DEPEND.SOURCE", vec![])),
        Some((kind, rest)) if kind.trim() == "source" && rest.trim().is_empty() => {
            Ok(Clause::new("QUAL.OMP.DEPEND.SOURCE", vec![]))
        }
        _ => Err(format!("{name}({a}) on ordered: only sink: and source are OpenMP")),
    }
}

/// The clauses that take one keyword: `bind`, `order`, `default`, `proc_bind`.
fn keyword(name: &str, a: &str) -> Result<Clause, String> {
    let q = match name {
        "bind" => match a.trim() {
            "thread" => "BIND.THREAD".to_string(),
            "parallel" => "BIND.PARALLEL".to_string(),
            "teams" => "BIND.TEAMS".to_string(),
            other => return Err(format!("bind({other}) is not known")),
        },
        // (OpenMP 5.1's modifiers, passed on as `:REPRODUCIBLE` and
        // `:UNCONSTRAINED`, as icx writes them.)
        "order" => match a.split_once(':').map(|(m, k)| (m.trim(), k.trim())).unwrap_or(("", a.trim())) {
            ("", "concurrent") => "ORDER.CONCURRENT".to_string(),
            (m @ ("reproducible" | "unconstrained"), "concurrent") => format!("ORDER.CONCURRENT:{}", m.to_uppercase()),
            _ => {
                return Err(format!(
                    "order({a}) is not supported by weft yet, order([reproducible: | unconstrained:] concurrent) is"
                ))
            }
        },
        "default" => format!("DEFAULT.{}", a.to_uppercase()),
        "proc_bind" => match a {
            "master" | "primary" => "PROC.BIND.MASTER".to_string(),
            "close" => "PROC.BIND.CLOSE".to_string(),
            "spread" => "PROC.BIND.SPREAD".to_string(),
            other => return Err(format!("proc_bind({other}) is not known")),
        },
        _ => return Err(format!("the clause '{name}' takes no keyword")),
    };
    Ok(Clause::new(&format!("QUAL.OMP.{q}"), vec![]))
}

#[cfg(test)]
mod tests;
