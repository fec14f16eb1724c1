//! The clauses of the device constructs (OpenMP 5.1 §2.14): `map` (and
//! `target update`'s `to`/`from`) as icx's map chains, one per item:
//! `(base, begin, size in bytes, map-type bits)` with libomptarget's bits
//! (docs/offload.md); `device`, `thread_limit`, `is_device_ptr`,
//! `has_device_addr`, `use_device_ptr`, `use_device_addr`, `defaultmap`.
use crate::lists::split_list;
use crate::marker_clause::Clause;

const TO: u64 = 0x1;
const FROM: u64 = 0x2;
const ALWAYS: u64 = 0x4;
const DELETE: u64 = 0x8;
const CLOSE: u64 = 0x400;
const PRESENT: u64 = 0x1000;

/// Whether directive `dir` (or a combined form starting with `target`) takes device clauses.
pub fn takes(dir: &str, words: &[&str]) -> bool {
    dir.starts_with("DIR.OMP.TARGET") || words.first() == Some(&"target")
}

/// Whether directive `dir` (or a combined `target X` form) takes `depend`
/// and `nowait`, which make it a target task (OpenMP 5.1 §2.14): all the
/// device constructs but `target data`.
pub fn takes_depend(dir: &str, words: &[&str]) -> bool {
    takes(dir, words) && dir != "DIR.OMP.TARGET.DATA"
}

/// One item's chain: (name, [base, begin, size]) as C expressions.
fn chain(item: &str) -> Result<(String, [String; 3]), String> {
    let item = item.trim();
    if let Some(open) = item.find('[') {
        let name = item[..open].trim();
        let inner = item[open + 1..].strip_suffix(']').ok_or_else(|| format!("map item '{item}'"))?;
        if inner.contains('[') || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(format!("the map item '{item}' (sections of several dimensions) is not supported by weft yet"));
        }
        let (lower, length) = match inner.split_once(':') {
            Some((l, n)) => (if l.trim().is_empty() { "0" } else { l.trim() }, n.trim()),
            None => (inner.trim(), "1"),
        };
        if length.is_empty() {
            return Err(format!("the map item '{item}' needs a length (weft-cc does not read array bounds yet)"));
        }
        // (An array's base is the array, a pointer's the pointer's value.)
        let base = format!(
            "__builtin_choose_expr(__builtin_types_compatible_p(__typeof__({name}), __typeof__(&({name})[0])), \
             (void *)({name}), (void *)&({name}))"
        );
        let begin = format!("(void *)&({name})[{lower}]");
        let size = format!("(long long)(({length}) * sizeof(({name})[0]))");
        return Ok((name.to_string(), [base, begin, size]));
    }
    let name: String = item.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    if name.is_empty() {
        return Err(format!("the map item '{item}' is not supported by weft yet"));
    }
    // (A struct member `s.f` is mapped as itself.)
    let addr = format!("(void *)&({item})");
    Ok((name, [addr.clone(), addr, format!("(long long)sizeof({item})")]))
}

/// `map([modifiers,] [type:] list)` on directive `dir`.
fn map(dir: &str, a: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    let (head, list) = match a.split_once(':') {
        Some((h, l)) if !h.contains('[') => (h, l),
        _ => ("", a),
    };
    let mut bits = 0;
    let mut kind = None;
    for w in head.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()) {
        match w {
            "always" => bits |= ALWAYS,
            "close" => bits |= CLOSE,
            "present" => bits |= PRESENT,
            "to" | "from" | "tofrom" | "alloc" | "release" | "delete" => kind = Some(w),
            other => return Err(format!("the map modifier '{other}' is not supported by weft yet")),
        }
    }
    // OpenMP 5.1 §2.21.7.1: tofrom by default; to on enter data, from on exit data.
    let kind = kind.unwrap_or(match dir {
        "DIR.OMP.TARGET.ENTER.DATA" => "to",
        "DIR.OMP.TARGET.EXIT.DATA" => "from",
        _ => "tofrom",
    });
    bits |= match kind {
        "to" => TO,
        "from" => FROM,
        "tofrom" => TO | FROM,
        "delete" => DELETE,
        _ => 0,
    };
    let qual = format!("QUAL.OMP.MAP.{}", kind.to_uppercase());
    items(&qual, list, bits, false)
}

/// A clause's items; `motion`: `target update`'s `to`/`from`, whose items
/// are moved one by one (no struct chains, no sections of several
/// dimensions: map_items.rs).
fn items(qual: &str, list: &str, bits: u64, motion: bool) -> Result<(Vec<Clause>, Vec<String>), String> {
    let mut out = Vec::new();
    let mut names = Vec::new();
    for item in split_list(list) {
        if let Some(ops) = crate::map_items::several_dims(&item, motion)? {
            let [base, begin, size] = ops;
            out.push(Clause::new(qual, vec![base, begin, size, format!("(long long){bits}")]));
            names.push(item.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
            continue;
        }
        if !motion {
            if let Some((c, listed)) = crate::map_items::member(qual, &item, bits)? {
                out.push(c);
                names.extend(listed);
                continue;
            }
        } else if let Some([base, begin, size]) = crate::map_items::motion_member(&item)? {
            out.push(Clause::new(qual, vec![base, begin, size, format!("(long long){bits}")]));
            continue;
        }
        let (name, [base, begin, size]) = chain(&item)?;
        out.push(Clause::new(qual, vec![base, begin, size, format!("(long long){bits}")]));
        names.push(name);
    }
    Ok((out, names))
}

fn pointers(q: &str, list: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    let names: Vec<String> = split_list(list).iter().map(|s| s.trim().to_string()).collect();
    if let Some(bad) = names.iter().find(|n| !n.chars().all(|c| c.is_alphanumeric() || c == '_')) {
        return Err(format!("the item '{bad}' is not supported by weft yet (a variable is)"));
    }
    let ops = names.iter().map(|n| format!("&{n}")).collect();
    Ok((vec![Clause::new(q, ops)], names))
}

/// One device clause: its marker clauses and the variables it names.
pub fn clause(dir: &str, name: &str, a: &str) -> Result<(Vec<Clause>, Vec<String>), String> {
    Ok(match name {
        "map" => map(dir, a)?,
        "to" | "from" if dir == "DIR.OMP.TARGET.UPDATE" => {
            let bits = if name == "to" { TO } else { FROM };
            let (mods, list) = match a.split_once(':') {
                Some((m, l)) if m.trim() == "present" => (PRESENT, l),
                Some((m, _)) if !m.contains('[') => {
                    return Err(format!("the motion modifier '{}' is not supported by weft yet", m.trim()))
                }
                _ => (0, a),
            };
            items(&format!("QUAL.OMP.MAP.{}", name.to_uppercase()), list, bits | mods, true)?
        }
        "device" => {
            if a.contains(':') {
                return Err(format!("device({a}): the device modifiers are not supported by weft yet"));
            }
            (vec![Clause::new("QUAL.OMP.DEVICE", vec![format!("(long long)({a})")])], vec![])
        }
        "thread_limit" => (vec![Clause::new("QUAL.OMP.THREAD_LIMIT", vec![format!("(int)({a})")])], vec![]),
        "is_device_ptr" => pointers("QUAL.OMP.IS_DEVICE_PTR", a)?,
        "has_device_addr" => pointers("QUAL.OMP.HAS_DEVICE_ADDR", a)?,
        "use_device_ptr" => pointers("QUAL.OMP.USE_DEVICE_PTR", a)?,
        "use_device_addr" => pointers("QUAL.OMP.USE_DEVICE_ADDR", a)?,
        "defaultmap" => {
            let (behavior, category) = match a.split_once(':') {
                Some((b, c)) => (b.trim(), Some(c.trim())),
                None => (a.trim(), None),
            };
            let q = format!("QUAL.OMP.DEFAULTMAP.{}", behavior.to_uppercase());
            let q = match category {
                Some(c) => format!("{q}:{}", c.to_uppercase()),
                None => q,
            };
            (vec![Clause::new(&q, vec![])], vec![])
        }
        other => return Err(format!("the clause '{other}({a})' is not supported by weft yet")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_kinds_and_modifiers() {
        let (c, n) = map("DIR.OMP.TARGET", "always, tofrom: a[2:5], x").unwrap();
        assert_eq!(n, vec!["a", "x"]);
        assert_eq!(c[0].ops[3], "(long long)7");
        assert_eq!(c[1].ops[0], "(void *)&(x)");
        let (c, _) = map("DIR.OMP.TARGET.EXIT.DATA", "y").unwrap();
        assert_eq!(c[0].ops[3], "(long long)2");
        assert!(map("DIR.OMP.TARGET", "mapper(m), to: x").is_err());
        assert!(map("DIR.OMP.TARGET", "to: a[0:2][0:3]").is_ok());
        assert!(clause("DIR.OMP.TARGET.UPDATE", "to", "a[0:2][0:3]").is_err());
    }
}
