//! The target construct in weft-cc: what a target region uses without a
//! clause made explicit (OpenMP 5.1 §2.21.7: a scalar is firstprivate, an
//! array or a struct is mapped tofrom, a pointer is firstprivate, its
//! value passed as it is), and the combined forms `target X` written as
//! nested regions, TARGET around X, with the device clauses moved onto
//! TARGET (`target teams ...`: teams_forms.rs writes the TEAMS inside).
use std::collections::HashSet;

use crate::ast::{Ast, Directive};
use crate::marker_clause::Clause;

/// Whether clang's node kind is a combined `target X` form.
pub fn is_combined(kind: &str) -> bool {
    kind.starts_with("OMPTarget")
        && !matches!(
            kind,
            "OMPTargetDirective"
                | "OMPTargetDataDirective"
                | "OMPTargetEnterDataDirective"
                | "OMPTargetExitDataDirective"
                | "OMPTargetUpdateDirective"
        )
}

/// Whether a clause (by its QUAL name) belongs to the TARGET of a combined
/// form (`nowait` and `depend` too: OpenMP 5.1 §2.16 applies them to
/// target, whose target task they make); `teams`:
/// the form has a teams, which takes `thread_limit` (§2.16: to teams where
/// it is a constituent construct).
fn belongs(name: &str, teams: bool) -> bool {
    let n = name.trim_matches('"');
    if teams && n.starts_with("QUAL.OMP.THREAD_LIMIT") {
        return false;
    }
    ["QUAL.OMP.MAP.", "QUAL.OMP.DEVICE", "QUAL.OMP.THREAD_LIMIT", "QUAL.OMP.IS_DEVICE_PTR"]
        .iter()
        .chain(&["QUAL.OMP.HAS_DEVICE_ADDR", "QUAL.OMP.DEFAULTMAP", "QUAL.OMP.NOWAIT"])
        .chain(&["QUAL.OMP.DEPEND", "QUAL.OMP.DEPARRAY"])
        .any(|q| n.starts_with(q))
}

/// The `if` clauses of a combined target form (OpenMP 5.1 §3.4, §2.16):
/// `if(target: c)` is TARGET's; `if(c)` is TARGET's and the parallel
/// part's where the form has one (`if_modifier::EVERY_PART`); another
/// modifier's (`parallel`, `simd`) stays with the rest of the form.
fn route_if(kind: &str, mine: &mut Vec<Clause>, cls: &mut Vec<Clause>) {
    let target = format!("\"{}\"", crate::if_modifier::TARGET_PART);
    let every = format!("\"{}\"", crate::if_modifier::EVERY_PART);
    let parallel = kind.contains("Parallel");
    for c in cls.iter().filter(|c| c.name == target || c.name == every) {
        mine.push(Clause::new("QUAL.OMP.IF", c.ops.clone()));
    }
    cls.retain(|c| c.name != target && (c.name != every || parallel));
    for c in cls.iter_mut().filter(|c| c.name == every) {
        *c = Clause::new("QUAL.OMP.IF", c.ops.clone());
    }
}

/// The variables (by name) that clauses `cls` name by address (`&x`) or map.
fn named_in(cls: &[Clause]) -> HashSet<String> {
    let mut out = HashSet::new();
    for c in cls {
        for o in &c.ops {
            if let Some(n) = o.strip_prefix('&') {
                out.insert(n.trim_start_matches('(').trim_end_matches(')').to_string());
            }
            for pre in ["(void *)&(", "(void *)("] {
                if let Some(rest) = o.strip_prefix(pre) {
                    let n: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    out.insert(n);
                }
            }
            // (A section's base: `__builtin_choose_expr(... (void *)(a), ...)`.)
            if let Some(i) = o.find("__typeof__(") {
                let n: String = o[i + 11..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                out.insert(n);
            }
        }
    }
    out
}

/// The clauses that make explicit what target region `d` uses without one:
/// locals only (a global is the program's, as the host fallback sees it).
/// `tofrom` names the variables mapped tofrom whatever their type (a
/// combined form's reduction and lastprivate items). A struct whose type
/// has a default mapper is mapped through it (mapper_use.rs).
fn implicit(
    ast: &Ast,
    d: &Directive,
    named: &HashSet<String>,
    tofrom: &HashSet<String>,
    cls: &[Clause],
) -> Result<Vec<Clause>, String> {
    let Some(stmt) = &d.stmt else { return Ok(Vec::new()) };
    let (scalar_map, aggregate_map) = defaultmap_bits(cls);
    let file_scope: HashSet<&str> = ast.var_decls.iter().filter(|v| v.file_scope).map(|v| v.id.as_str()).collect();
    let mut seen = HashSet::new();
    let (mut first, mut maps) = (Vec::new(), Vec::new());
    for (_, vid) in ast.refs.iter().filter(|(at, _)| stmt.contains(at)) {
        let Some((name, begin, storage)) = ast.decls.get(vid) else { continue };
        let global = matches!(storage.as_deref(), Some("static" | "extern"))
            || file_scope.contains(vid.as_str())
            || begin.is_none();
        let inside = begin.is_some_and(|b| stmt.contains(&b));
        let ty = ast.decl_types.get(vid).map(String::as_str).unwrap_or("");
        // (A variable of static storage the region does not name takes
        // OpenMP 5.1 §2.21.7's implicit rules as a local does, as clang 16
        // makes it: a scalar firstprivate, an array or struct mapped
        // tofrom, which paropt::target_globals passes to a device kernel.
        // Not a pointer (paropt::target_global_pointers), nor a declare
        // target or threadprivate one.)
        let static_item = global && implicit_static(ast, vid, name, ty);
        if global && !inside && !named.contains(name) {
            crate::mapper_use::global_used(ast, d, name, vid)?;
        }
        if (global && !static_item)
            || inside
            || named.contains(name)
            || name.starts_with('.')
            || !seen.insert(vid.clone())
        {
            continue;
        }
        // (A pointer to a struct or an array is a pointer: firstprivate,
        // passed as its value, OpenMP 5.1 §2.21.7.1.)
        let t = ty.trim_end().trim_end_matches("restrict").trim_end();
        let pointer = t.ends_with('*') || t.contains("(*)");
        let aggregate = !pointer && (ty.contains('[') || ast.records.is_record(ty));
        let bits = match (aggregate || tofrom.contains(name), scalar_map) {
            (true, _) => Some(aggregate_map),
            (false, Some(b)) if !ty.contains('*') => Some(b),
            _ => None,
        };
        if let Some(through) = bits.map(|b| crate::mapper_use::implicit(ast, d, name, vid, b)).transpose()?.flatten() {
            maps.extend(through);
        } else if let Some(bits) = bits {
            // | IMPLICIT (docs/offload.md).
            let addr = format!("(void *)&({name})");
            let kind = match bits & 3 {
                1 => "TO",
                2 => "FROM",
                3 => "TOFROM",
                _ => "ALLOC",
            };
            maps.push(Clause::new(
                &format!("QUAL.OMP.MAP.{kind}"),
                vec![addr.clone(), addr, format!("(long long)sizeof({name})"), format!("(long long){}", bits | 0x200)],
            ));
        } else {
            first.push(format!("&{name}"));
        }
    }
    if !first.is_empty() {
        maps.push(Clause::new("QUAL.OMP.FIRSTPRIVATE", first));
    }
    Ok(maps)
}

/// Whether a variable of static storage (`vid`, `name`, of type `ty`)
/// takes the implicit rules of a target region: not a pointer, not
/// declare target, not threadprivate (thread-local storage, which the
/// region cannot name).
fn implicit_static(ast: &Ast, vid: &str, name: &str, ty: &str) -> bool {
    let t = ty.trim_end().trim_end_matches("restrict").trim_end().trim_end_matches("const").trim_end();
    let pointer = t.ends_with('*') || t.contains("(*)");
    let threadprivate = ast.threadprivate.iter().any(|tp| tp.ids.iter().any(|i| i == vid));
    !pointer && !threadprivate && !ast.declare_target.iter().any(|d| d == name)
}

/// OpenMP 5.1 §2.21.7.1: the base pointer of a mapped array section is
/// firstprivate in the region (it holds the section's device address), so
/// a region that moves the pointer leaves the caller's as it was. Locals
/// only, as in `implicit`; not where a clause already privatizes it.
fn section_base_pointers(ast: &Ast, d: &Directive, cls: &[Clause]) -> Option<Clause> {
    let stmt = d.stmt.as_ref()?;
    let own = |c: &&Clause| {
        let q = c.qual();
        ["QUAL.OMP.FIRSTPRIVATE", "QUAL.OMP.PRIVATE", "QUAL.OMP.IS_DEVICE_PTR"].iter().any(|p| q.starts_with(p))
    };
    let privatized = named_in(&cls.iter().filter(own).cloned().collect::<Vec<_>>());
    let mut bases = HashSet::new();
    for c in cls.iter().filter(|c| c.qual().starts_with("QUAL.OMP.MAP.")) {
        let Some(base) = c.ops.first().filter(|o| o.starts_with("__builtin_choose_expr(")) else { continue };
        if let Some(i) = base.find("__typeof__(") {
            let n: String = base[i + 11..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            bases.insert(n);
        }
    }
    let file_scope: HashSet<&str> = ast.var_decls.iter().filter(|v| v.file_scope).map(|v| v.id.as_str()).collect();
    let mut first = Vec::new();
    for (_, vid) in ast.refs.iter().filter(|(at, _)| stmt.contains(at)) {
        let Some((name, Some(_), storage)) = ast.decls.get(vid) else { continue };
        let local = !matches!(storage.as_deref(), Some("static" | "extern")) && !file_scope.contains(vid.as_str());
        let ty = ast.decl_types.get(vid).map(String::as_str).unwrap_or("");
        let pointer = ty.ends_with('*') || ty.ends_with("* restrict") || ty.ends_with("*restrict");
        if local
            && pointer
            && bases.contains(name)
            && !privatized.contains(name)
            && !first.contains(&format!("&{name}"))
        {
            first.push(format!("&{name}"));
        }
    }
    (!first.is_empty()).then(|| Clause::new("QUAL.OMP.FIRSTPRIVATE", first))
}

/// The map bits `defaultmap` gives unlisted scalars (None: firstprivate)
/// and aggregates (tofrom without it).
fn defaultmap_bits(cls: &[Clause]) -> (Option<u64>, u64) {
    let (mut scalar, mut aggregate) = (None, 3);
    for c in cls {
        let Some(rest) = c.name.trim_matches('"').strip_prefix("QUAL.OMP.DEFAULTMAP.") else { continue };
        let (behavior, category) = rest.split_once(':').map_or((rest, None), |(b, c)| (b, Some(c)));
        let bits = match behavior {
            "ALLOC" => Some(0),
            "TO" => Some(1),
            "FROM" => Some(2),
            "TOFROM" | "PRESENT" => Some(3),
            _ => None,
        };
        if matches!(category, None | Some("SCALAR")) {
            scalar = bits;
        }
        if matches!(category, None | Some("AGGREGATE")) {
            aggregate = bits.unwrap_or(3);
        }
    }
    (scalar, aggregate)
}

/// For a plain `target`: its unlisted variables made explicit.
pub fn make_explicit(ast: &Ast, d: &Directive, listed: &[String], cls: &mut Vec<Clause>) -> Result<(), String> {
    let mut named = named_in(cls);
    named.extend(listed.iter().cloned());
    let extra = implicit(ast, d, &named, &HashSet::new(), cls)?;
    cls.extend(extra);
    cls.extend(section_base_pointers(ast, d, cls));
    crate::target_link::through_ref_ptrs(ast, Some(d), cls);
    crate::target_attach::attach_sections(ast, d, cls);
    Ok(())
}

/// The marker text that opens and closes the TARGET of combined form
/// `kind` (directive `id`), with the device clauses taken from `cls` and
/// its unlisted variables made explicit; empty for other directives.
pub fn wrap(ast: &Ast, d: &Directive, id: usize, cls: &mut Vec<Clause>) -> Result<(String, String), String> {
    if !is_combined(&d.kind) {
        return Ok((String::new(), String::new()));
    }
    let teams = d.kind.starts_with("OMPTargetTeams");
    let mut mine: Vec<Clause> = cls.iter().filter(|c| belongs(&c.name, teams)).cloned().collect();
    cls.retain(|c| !belongs(&c.name, teams));
    route_if(&d.kind, &mut mine, cls);
    // What X copies back (reductions, lastprivate) the target maps tofrom;
    // what X privatizes the target need not pass (X makes its copies).
    let mut tofrom = HashSet::new();
    let mut named = named_in(&mine);
    for c in cls.iter() {
        let n = c.qual();
        let back = n.starts_with("QUAL.OMP.REDUCTION") || n.starts_with("QUAL.OMP.LASTPRIVATE");
        for v in named_in(std::slice::from_ref(c)) {
            if back {
                tofrom.insert(v);
            } else if n.starts_with("QUAL.OMP.PRIVATE") {
                named.insert(v);
            }
        }
    }
    let extra = implicit(ast, d, &named, &tofrom, &mine)?;
    mine.extend(extra);
    mine.extend(section_base_pointers(ast, d, &mine));
    crate::target_link::through_ref_ptrs(ast, Some(d), &mut mine);
    crate::target_attach::attach_sections(ast, d, &mut mine);
    // (Ids counting down from the top of int, below taskloop_forms's.)
    let wid = 1_900_000_000 - id;
    Ok(crate::marker_clause::region(wid, "DIR.OMP.TARGET", &mine))
}

/// The offload entries of the `declare target` variables, as clang 16
/// writes them on the host side (docs/offload.md): a weak record `{ &var,
/// "var", sizeof var, 0, 0 }` named `.omp_offloading.entry.var` in section
/// `omp_offloading_entries`; for a `link` variable a weak reference
/// pointer `var_decl_tgt_ref_ptr = &var` and the record `{ &ref_ptr,
/// "var_decl_tgt_ref_ptr", 8, 1, 0 }`. C put after the program (weft-cc
/// rewrites C; a front end that writes IR lists the variables in
/// `!omp_offload.info` instead, which weft-paropt reads:
/// paropt::declare_target).
pub fn declare_target(ast: &Ast, src: &str) -> String {
    if ast.declare_target.is_empty() {
        return String::new();
    }
    let links = crate::target_link::linked(src);
    let mut out = String::from(
        "\nstruct __weft_cc_offload_entry { void *addr; const char *name; unsigned long long size; int flags; int reserved; };\n",
    );
    for v in &ast.declare_target {
        let (addr, name, size, flags) = if links.iter().any(|l| l == v) {
            out.push_str(&format!("__attribute__((weak)) void *{v}_decl_tgt_ref_ptr = (void *)&{v};\n"));
            (format!("&{v}_decl_tgt_ref_ptr"), format!("{v}_decl_tgt_ref_ptr"), "sizeof(void *)".to_string(), 1)
        } else {
            (format!("&{v}"), v.clone(), format!("sizeof({v})"), 0)
        };
        out.push_str(&format!(
            "__attribute__((weak, used, section(\"omp_offloading_entries\"))) const struct __weft_cc_offload_entry \
             __weft_cc_entry_{name} __asm__(\".omp_offloading.entry.{name}\") = {{ (void *){addr}, \"{name}\", {size}, {flags}, 0 }};\n"
        ));
    }
    out
}

/// The functions `declare target` names, for weft-markers to mark
/// `"openmp-target-declare"` (docs/offload-device.md): their names in a
/// string (no reference: a function only declared need not exist), weak
/// so that files' copies do not clash before weft-markers removes it.
pub fn declare_target_functions(ast: &Ast) -> String {
    if ast.declare_target_functions.is_empty() {
        return String::new();
    }
    format!(
        "\n__attribute__((weak)) const char __weft_cc_declare_target_functions[] = \"{}\";\n",
        ast.declare_target_functions.join(" ")
    )
}
