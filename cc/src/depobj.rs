//! OpenMP 5.0's `depobj` construct (OpenMP 5.1 §2.19.10.1) and
//! `depend(depobj: o)`. As clang and icx do, the front end does the work:
//! a depend object is libomp's layout, an array of `kmp_depend_info`
//! (`{ intptr base_addr, size_t len, u8 flags }`, kmp.h) from
//! `omp_alloc` whose first entry is a header holding the entry count in
//! `base_addr`; the `omp_depend_t` points at the entry after the header.
//! `depobj(o) depend(kind: x)` allocates and fills it, `update(kind)`
//! rewrites every entry's flags, `destroy` frees it; a task's or taskwait's
//! `depend(depobj: o)` passes its entries on as icx's `DEPARRAY(i32 n, ptr
//! entries)`, which weft-paropt copies after the task's other dependences.
use crate::lists::split_list;

/// The entry type, declared in the block each construct becomes.
const INFO: &str = "struct __weft_dep_info { long base; unsigned long len; unsigned char flags; }";

/// `kmp_depend_info`'s flags for a dependence type (as `depend.rs` in
/// weft-paropt gives them).
fn flags(kind: &str) -> Result<u8, String> {
    Ok(match kind.trim() {
        "in" => 1,
        "out" | "inout" => 3,
        "mutexinoutset" => 4,
        "inoutset" => 8,
        other => return Err(format!("depobj: '{other}' is not a dependence type")),
    })
}

/// The depend object's operand: a variable (an lvalue) of type `omp_depend_t`.
fn object(pragma: &str) -> Result<(String, &str), String> {
    let at = pragma.find("depobj").ok_or("not a depobj pragma")?;
    let rest = pragma[at + "depobj".len()..].trim_start();
    let inner = rest.strip_prefix('(').ok_or("depobj needs its object: depobj(o)")?;
    let mut depth = 1;
    let close = inner
        .char_indices()
        .find(|&(_, c)| {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            depth == 0
        })
        .map(|(i, _)| i)
        .ok_or("unbalanced parentheses after depobj")?;
    Ok((inner[..close].trim().to_string(), inner[close + 1..].trim()))
}

/// The C statement a `#pragma omp depobj(o) clause` line becomes.
pub fn construct(pragma: &str) -> Result<String, String> {
    let text = crate::dir_spec::clean(pragma);
    let (o, clause) = object(&text)?;
    let (name, arg) = match clause.split_once('(') {
        Some((n, a)) => (n.trim(), Some(a.trim().strip_suffix(')').ok_or("unbalanced parentheses")?.trim())),
        None => (clause.trim(), None),
    };
    let p = format!("((struct __weft_dep_info *)({o}))");
    match (name, arg) {
        ("depend", Some(a)) => {
            if a.starts_with("iterator") {
                return Err(format!("depobj({o}) depend(iterator(...), ...) is not supported by weft yet"));
            }
            let (kind, list) = a.split_once(':').ok_or("depobj's depend needs 'type: x'")?;
            if kind.trim() == "depobj" {
                return Err(format!("depobj(o) depend({}: ...) is not supported by weft yet", kind.trim()));
            }
            let f = flags(kind)?;
            let items = split_list(list);
            let [item] = items.as_slice() else {
                return Err("depobj(o) depend(type: x) takes exactly one item".into());
            };
            let ops = crate::task_clauses::byte_items(&format!("depobj depend({}: ", kind.trim()), item)?;
            let (first, bytes) = (&ops[0][0], &ops[0][2]);
            Ok(format!(
                "{{ {INFO}; struct __weft_dep_info *__weft_d = \
                 (struct __weft_dep_info *)omp_alloc(2 * sizeof *__weft_d, omp_null_allocator); \
                 __weft_d[0].base = 1; __weft_d[1].base = (long)({first}); __weft_d[1].len = {bytes}; \
                 __weft_d[1].flags = {f}; {o} = (omp_depend_t)(__weft_d + 1); }}"
            ))
        }
        ("update", Some(kind)) => {
            if kind.trim() == "depobj" {
                return Err("depobj(o) update(depobj) is not OpenMP".into());
            }
            let f = flags(kind)?;
            Ok(format!(
                "{{ {INFO}; for (long __weft_i = 0; __weft_i < {p}[-1].base; __weft_i++) {p}[__weft_i].flags = {f}; }}"
            ))
        }
        ("destroy", _) => Ok(format!("{{ {INFO}; omp_free({p} - 1, omp_null_allocator); }}")),
        _ => Err(format!("depobj({o}) {clause}: depobj takes depend(type: x), update(type) or destroy")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_forms() {
        let c = construct("#pragma omp depobj(o) depend(inout: a[2:n])").unwrap();
        assert!(c.contains("omp_alloc(2 *") && c.contains("flags = 3") && c.contains("&(a)[2]"), "{c}");
        assert!(c.contains("o = (omp_depend_t)(__weft_d + 1)"), "{c}");
        let u = construct("#pragma omp depobj(objs[1]) update(in)").unwrap();
        assert!(u.contains("((struct __weft_dep_info *)(objs[1]))[-1].base") && u.contains("flags = 1"), "{u}");
        let d = construct("#pragma omp depobj (o) destroy").unwrap();
        assert!(d.contains("omp_free(((struct __weft_dep_info *)(o)) - 1"), "{d}");
        assert!(construct("#pragma omp depobj(o) depend(in: a, b)").is_err());
        assert!(construct("#pragma omp depobj(o) update(sink)").is_err());
    }
}
