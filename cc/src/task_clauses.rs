//! The clauses of `task` and `taskwait` that weft-cc writes itself:
//! `depend(type: list)`. Each item becomes the storage it names, computed in
//! C: its first byte and its length, as an `:ARRSECT.TYPED` item of bytes
//! (`(&first, "i8", length in bytes, 0)`), so that a variable, an array
//! element, a struct member and an array section `a[lower:length]` (of an
//! array or through a pointer) are all one form.
use crate::lists::split_list;
use crate::marker_clause::Clause;

/// `a[lower:length]` of one dimension: (a, lower, length); None for
/// anything else (an element `a[i]` is an lvalue like any other).
fn section(item: &str) -> Option<(&str, &str, &str)> {
    let open = item.find('[')?;
    let inner = item[open + 1..].strip_suffix(']')?;
    if inner.contains('[') || inner.contains(']') {
        return None;
    }
    let (lower, length) = inner.split_once(':')?;
    let lower = if lower.trim().is_empty() { "0" } else { lower.trim() };
    Some((item[..open].trim(), lower, length.trim()))
}

/// A task dependence type as the DEPEND clause's suffix.
fn dep_type(kind: &str) -> Result<&'static str, String> {
    Ok(match kind {
        "in" => "IN",
        "out" => "OUT",
        "inout" => "INOUT",
        "mutexinoutset" => "MUTEXINOUTSET",
        "inoutset" => "INOUTSET",
        "depobj" => return Err("depend(iterator(...), depobj: ...) is not OpenMP".into()),
        other => return Err(format!("depend({other}: ...) is not a task dependence type")),
    })
}

/// `depend([modifier,] type: list)` as DEPEND items (`iterator(...)`:
/// depend_iter.rs; `depobj: o`: depobj.rs).
pub fn depend(a: &str) -> Result<Vec<Clause>, String> {
    if let Some(r) = crate::depend_iter::split_modifier(a) {
        let (spec, rest) = r?;
        let (kind, list) = rest.split_once(':').ok_or("depend needs 'type: list'")?;
        let (kind, q) = (kind.trim(), dep_type(kind.trim())?);
        let flags = match q {
            "IN" => 1,
            "OUT" | "INOUT" => 3,
            "MUTEXINOUTSET" => 4,
            _ => 8,
        };
        return crate::depend_iter::depend(&spec, flags, byte_items(&format!("depend({kind}: "), list)?);
    }
    let (kind, list) = a.split_once(':').ok_or("depend needs 'type: list'")?;
    let kind = kind.trim();
    if kind == "depobj" {
        return Ok(depobj_items(list));
    }
    let q = dep_type(kind)?;
    let (all, rest): (Vec<String>, Vec<String>) = split_list(list).into_iter().partition(|i| i == ALL_MEMORY);
    let mut out: Vec<Clause> = Vec::new();
    if !all.is_empty() {
        out.push(all_memory(kind)?);
    }
    if rest.is_empty() {
        return Ok(out);
    }
    out.extend(
        byte_items(&format!("depend({kind}: "), &rest.join(", "))?
            .into_iter()
            .map(|ops| Clause::new(&format!("QUAL.OMP.DEPEND.{q}:ARRSECT.TYPED"), ops)),
    );
    Ok(out)
}

/// OpenMP 5.1's reserved locator for all the memory a program can reach.
const ALL_MEMORY: &str = "omp_all_memory";

/// `depend(out|inout: omp_all_memory)` (OpenMP 5.1 §2.19.11): a dependence
/// on every earlier sibling task and of every later one, which libomp reads
/// from an entry of its own, `kmp_depend_info` `{0, 0, 0x80}` (kmp.h's
/// `all` flag, as clang 16 emits it). weft-cc writes that entry in C and
/// passes it as a one-entry DEPARRAY (icx's list of runtime entries), so no
/// directive needs a spelling of its own.
fn all_memory(kind: &str) -> Result<Clause, String> {
    if kind != "out" && kind != "inout" {
        return Err(format!("depend({kind}: omp_all_memory): omp_all_memory is only allowed with out or inout"));
    }
    Ok(Clause::new("QUAL.OMP.DEPARRAY", vec!["1".into(), "__weft_cc_all_memory()".into()]))
}

/// The entry `all_memory` passes, from a function of the program's own (a
/// region may not name a global no clause lists; the function is outside
/// every region). Three longs lay out as the entry does: base, length, then
/// the flag byte at offset 16 (little-endian).
pub const ALL_MEMORY_PRELUDE: &str = "__attribute__((unused)) static void *__weft_cc_all_memory(void) {\n\
  static long entry[3] = {0, 0, 0x80};\n\
  return entry;\n\
}\n";

/// Each item of a depend or affinity list as the storage it names: `(&first,
/// "i8", length in bytes, 0)`, the operands of an `:ARRSECT.TYPED` item.
pub fn byte_items(ctx: &str, list: &str) -> Result<Vec<Vec<String>>, String> {
    let mut out = Vec::new();
    for item in split_list(list) {
        if let Some(r) = crate::depend_sections::extent(&item) {
            let (first, bytes) = r.map_err(|e| format!("{ctx}{e})"))?;
            out.push(vec![first, "\"i8\"".into(), bytes, "(long)0".into()]);
            continue;
        }
        let (first, bytes) = match section(&item) {
            Some((_, _, "")) => return Err(format!("{ctx}{item}): give the section's length")),
            Some((base, lower, length)) => {
                (format!("&({base})[{lower}]"), format!("(long)(({length}) * sizeof(({base})[0]))"))
            }
            None if item.contains(':') => {
                return Err(format!(
                    "{ctx}{item}): array sections with several dimensions or strides are not supported by weft yet"
                ))
            }
            None => (format!("&({item})"), format!("(long)sizeof({item})")),
        };
        out.push(vec![first, "\"i8\"".into(), bytes, "(long)0".into()]);
    }
    Ok(out)
}

/// A task's `detach(event)`: the event handle variable (firstprivate in
/// the task: weft's plan makes it so, so it is listed here and no implicit
/// rule is written for it).
pub fn detach(a: &str) -> Result<(Clause, String), String> {
    let ev = a.trim();
    if !ev.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        || !ev.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(format!("detach({ev}): the event handle must be a variable"));
    }
    Ok((Clause::new("QUAL.OMP.DETACH", vec![format!("&{ev}")]), ev.to_string()))
}

/// A task's `affinity([aff-modifier:] list)`: a hint, passed on as
/// `AFFINITY` items of bytes (weft takes it and does not act on it).
pub fn affinity(a: &str) -> Result<Vec<Clause>, String> {
    if a.trim_start().starts_with("iterator") {
        return Err("affinity(iterator(...): ...) is not supported by weft yet".into());
    }
    Ok(byte_items("affinity(", a)?.into_iter().map(|ops| Clause::new("QUAL.OMP.AFFINITY:ARRSECT.TYPED", ops)).collect())
}

/// A taskgroup's `task_reduction` (weft's REDUCTION on the taskgroup, as
/// icx spells it) or a task's `in_reduction` (INREDUCTION), from the
/// clauses `reduction` parsing made of the same list (a declared
/// reduction's items with their helpers, `REDUCTION.UDR:NONPOD`).
pub fn task_reduction(
    name: &str,
    dir: &str,
    parsed: (Vec<Clause>, Vec<String>),
) -> Result<(Vec<Clause>, Vec<String>), String> {
    let (mut cls, names) = parsed;
    // (A taskgroup's and a task's sections of arrays are lowered, with
    // constant bounds: paropt's taskred.rs; a taskloop's are not.)
    if dir == "DIR.OMP.TASKLOOP" && cls.iter().any(|c| c.name.contains("ARRSECT")) {
        return Err(format!("{name} of array sections on taskloop is not supported by weft yet"));
    }
    // (A target's: whole variables of predefined operators, the middle
    // end's plan/target_inred.rs.)
    if dir == "DIR.OMP.TARGET" && cls.iter().any(|c| c.name.contains("ARRSECT")) {
        return Err(format!("{name} of array sections on target is not supported by weft yet"));
    }
    if dir == "DIR.OMP.TARGET" && cls.iter().any(|c| c.name.contains("UDR")) {
        return Err(format!("{name} of a declared reduction on target is not supported by weft yet"));
    }
    if name == "in_reduction" {
        for c in &mut cls {
            c.name = c.name.replace("QUAL.OMP.REDUCTION.", "QUAL.OMP.INREDUCTION.");
        }
    }
    Ok((cls, names))
}

/// `reduction(task, op: list)`'s argument without its `task` modifier
/// (OpenMP 5.0 §2.19.5.4), and whether it had one.
pub fn strip_task_modifier(a: &str) -> (String, bool) {
    let Some((pre, list)) = a.split_once(':') else { return (a.to_string(), false) };
    let words: Vec<&str> = pre.split(',').map(str::trim).collect();
    if words.len() < 2 || !words[..words.len() - 1].contains(&"task") {
        return (a.to_string(), false);
    }
    let rest: Vec<&str> = words[..words.len() - 1].iter().copied().filter(|w| *w != "task").collect();
    let op = words[words.len() - 1];
    let pre = rest.into_iter().chain([op]).collect::<Vec<_>>().join(", ");
    (format!("{pre}:{list}"), true)
}

/// A reduction with the `task` modifier: each item's clause gets `:TASK`
/// (icx's spelling, after any modifier it has), on the constructs weft
/// lowers it on (parallel and worksharing ones; paropt's plan/task_mod.rs).
pub fn task_modifier(dir: &str, mut cls: Vec<Clause>) -> Result<Vec<Clause>, String> {
    let on =
        ["DIR.OMP.PARALLEL", "DIR.OMP.LOOP", "DIR.OMP.SECTIONS", "DIR.OMP.PARALLEL.LOOP", "DIR.OMP.PARALLEL.SECTIONS"];
    if !on.contains(&dir) {
        return Err(format!("reduction(task, ...) on {dir} is not supported by weft yet"));
    }
    if cls.iter().any(|c| c.name.contains("ARRSECT")) {
        return Err("reduction(task, ...) of array sections is not supported by weft yet".into());
    }
    for c in &mut cls {
        // (A name chosen in C by the item's type, `_Generic(...)`, holds
        // several clause names: each gets the modifier.)
        c.name = add_task(&c.name);
    }
    Ok(cls)
}

/// `QUAL.OMP.REDUCTION.<op>[:<mods>]` with `TASK` among its modifiers, in
/// each quoted clause name the text holds.
fn add_task(name: &str) -> String {
    let mut out = String::new();
    let mut rest = name;
    while let Some(k) = rest.find("QUAL.OMP.REDUCTION.") {
        out.push_str(&rest[..k]);
        let tail = &rest[k..];
        let end = tail.find(|c: char| c == '"' || c.is_whitespace() || c == ',' || c == ')').unwrap_or(tail.len());
        let q = &tail[..end];
        out.push_str(q);
        out.push_str(if q.contains(':') { ".TASK" } else { ":TASK" });
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// A taskloop's `grainsize([strict:] n)` or `num_tasks([strict:] n)`
/// (OpenMP 5.1's `strict` as the `:STRICT` modifier), its operand a
/// 64-bit integer as `__kmpc_taskloop` takes it.
pub fn taskloop_division(name: &str, a: &str) -> Result<Clause, String> {
    let q = name.to_uppercase();
    match a.split_once(':') {
        Some((m, n)) if m.trim() == "strict" => {
            Ok(Clause::new(&format!("QUAL.OMP.{q}:STRICT"), vec![format!("(long)({})", n.trim())]))
        }
        Some((m, _)) => Err(format!("{name}({}: ...): the only modifier is strict", m.trim())),
        None => Ok(Clause::new(&format!("QUAL.OMP.{q}"), vec![format!("(long)({})", a.trim())])),
    }
}

/// `depend(depobj: list)` on a task or taskwait: one `DEPARRAY` per object,
/// its entry count (from the header entry `depobj.rs` writes before the
/// entries: its first field, three longs back) and its entries.
fn depobj_items(list: &str) -> Vec<Clause> {
    split_list(list)
        .into_iter()
        .map(|o| {
            let count = format!("(int)(((const long *)({o}))[-3])");
            Clause::new("QUAL.OMP.DEPARRAY", vec![count, format!("(void *)({o})")])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_become_bytes() {
        let c = depend("in: x, a[i], b[1:n]").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!(c[0].ops[0], "&(x)");
        assert_eq!(c[1].ops[2], "(long)sizeof(a[i])");
        assert_eq!(c[2].ops[0], "&(b)[1]");
        assert_eq!(c[2].ops[2], "(long)((n) * sizeof((b)[0]))");
        assert_eq!(depend("depobj: o").unwrap()[0].name, "\"QUAL.OMP.DEPARRAY\"");
        let all = depend("out: x, omp_all_memory").unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].ops, ["1", "__weft_cc_all_memory()"]);
        assert_eq!(all[1].ops[0], "&(x)");
        assert!(depend("in: omp_all_memory").is_err());
        let items = depobj_items("o, p[1]");
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].ops, ["(int)(((const long *)(p[1]))[-3])", "(void *)(p[1])"]);
        assert_eq!(depend("mutexinoutset: x").unwrap()[0].name, "\"QUAL.OMP.DEPEND.MUTEXINOUTSET:ARRSECT.TYPED\"");
    }

    #[test]
    fn task_clauses_as_weft_spells_them() {
        let spec = crate::clauses::directive("OMPTaskDirective").unwrap();
        let (cls, listed) = crate::clauses::parse(
            &spec,
            "#pragma omp task final(n < 3) priority(p) untied mergeable if(task: c) firstprivate(a) depend(out: a)",
        )
        .unwrap();
        let names: Vec<&str> = cls.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "\"QUAL.OMP.FINAL\"",
                "\"QUAL.OMP.PRIORITY\"",
                "\"QUAL.OMP.UNTIED\"",
                "\"QUAL.OMP.MERGEABLE\"",
                "\"QUAL.OMP.IF\"",
                "\"QUAL.OMP.FIRSTPRIVATE\"",
                "\"QUAL.OMP.DEPEND.OUT:ARRSECT.TYPED\""
            ]
        );
        assert_eq!(cls[0].ops, ["(int)!!(n < 3)"]);
        assert_eq!(listed, ["a"]);
        let (cls, listed) = crate::clauses::parse(&spec, "#pragma omp task detach(ev) affinity(a[1:n], x)").unwrap();
        assert_eq!(cls[0].name, "\"QUAL.OMP.DETACH\"");
        assert_eq!(cls[0].ops, ["&ev"]);
        assert_eq!(cls[1].name, "\"QUAL.OMP.AFFINITY:ARRSECT.TYPED\"");
        assert_eq!(cls[2].ops[0], "&(x)");
        assert_eq!(listed, ["ev"]);
        assert!(detach("a[0]").is_err());
        assert!(affinity("iterator(i=0:n): a[i]").unwrap_err().contains("iterator"));
    }

    #[test]
    fn target_in_reduction() {
        let spec = crate::clauses::directive("OMPTargetDirective").unwrap();
        let (cls, listed) = crate::clauses::parse(&spec, "#pragma omp target in_reduction(+: s, a) nowait").unwrap();
        assert_eq!(cls[0].name, "\"QUAL.OMP.INREDUCTION.ADD\"");
        assert_eq!(cls[0].ops, ["&s"]);
        assert_eq!(listed, ["s", "a"]);
        let section = crate::clauses::parse(&spec, "#pragma omp target in_reduction(+: a[1:2])").unwrap_err();
        assert!(section.contains("array sections on target"));
    }
}
