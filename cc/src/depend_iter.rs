//! OpenMP 5.0's `iterator(...)` modifier of `depend` (OpenMP 5.1 §2.1.6,
//! §2.19.11): `depend(iterator(int i = 0:n), in: a[i])` names one item per
//! iteration. As icx does, the front end builds the dependences: weft-cc
//! writes, before the construct's marker (in the block it opens), the loops
//! that count the items, a `kmp_depend_info` array of that many on the
//! stack (a VLA, freed when the construct's block ends, after the task's
//! creation has copied it) and the loops that fill it; the clause becomes
//! icx's `DEPARRAY(i32 n, ptr entries)`, which weft-paropt copies after the
//! task's other dependences.
use crate::lists::split_list;
use crate::marker_clause::Clause;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The marker clause that carries C code to put before the construct's
/// marker (taken out by `take_preludes`, never written as a clause).
const PRELUDE: &str = "weft-cc prelude";

/// Unique names for each iterator clause's variables.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// One iterator: its type, name, and range `begin:end[:step]`.
struct Iter {
    ty: String,
    name: String,
    begin: String,
    end: String,
    step: String,
}

fn iterators(spec: &str) -> Result<Vec<Iter>, String> {
    split_list(spec)
        .into_iter()
        .map(|it| {
            let (decl, range) =
                it.split_once('=').ok_or_else(|| format!("iterator({it}): needs 'name = begin:end'"))?;
            let words: Vec<&str> = decl.split_whitespace().collect();
            let (name, ty) = match words.split_last() {
                Some((n, [])) => (n.to_string(), "int".to_string()),
                Some((n, t)) => (n.to_string(), t.join(" ")),
                None => return Err(format!("iterator({it}): names no iterator")),
            };
            let parts = crate::lists::split_top(range, ':');
            let (begin, end, step) = match parts.as_slice() {
                [b, e] => (b.clone(), e.clone(), "1".to_string()),
                [b, e, s] => (b.clone(), e.clone(), s.clone()),
                _ => return Err(format!("iterator({it}): the range is begin:end[:step]")),
            };
            Ok(Iter { ty, name, begin, end, step })
        })
        .collect()
}

/// `iterator(...)`'s parenthesized text and what follows its comma, or
/// None when `a` does not start with the modifier.
pub fn split_modifier(a: &str) -> Option<Result<(String, String), String>> {
    let rest = a.trim_start().strip_prefix("iterator")?.trim_start();
    let inner = rest.strip_prefix('(')?;
    let mut depth = 1;
    for (i, c) in inner.char_indices() {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        if depth == 0 {
            let after = inner[i + 1..].trim_start();
            return Some(match after.strip_prefix(',') {
                Some(tail) => Ok((inner[..i].to_string(), tail.trim().to_string())),
                None => Err("depend(iterator(...), type: list): a comma follows the iterators".into()),
            });
        }
    }
    Some(Err("unbalanced parentheses in iterator(...)".into()))
}

/// `depend(iterator(spec), kind: list)` with `kind`'s flags: the prelude
/// that builds the entries and the DEPARRAY clause that names them.
pub fn depend(spec: &str, flags: u8, items: Vec<Vec<String>>) -> Result<Vec<Clause>, String> {
    let its = iterators(spec)?;
    let u = NEXT.fetch_add(1, Ordering::Relaxed);
    let (n, list, k, ty) =
        (format!("__weft_dn{u}"), format!("__weft_dl{u}"), format!("__weft_dk{u}"), format!("__weft_dep_info{u}"));
    let loops: String = its
        .iter()
        .map(|i| {
            format!(
                "for ({t} {v} = ({b}); ({s}) > 0 ? {v} < ({e}) : {v} > ({e}); {v} += ({s})) ",
                t = i.ty,
                v = i.name,
                b = i.begin,
                e = i.end,
                s = i.step
            )
        })
        .collect();
    let fill: String = items
        .iter()
        .map(|ops| {
            format!(
                "{list}[{k}].base = (long)({}); {list}[{k}].len = {}; {list}[{k}].flags = {flags}; {k}++; ",
                ops[0], ops[2]
            )
        })
        .collect();
    let prelude = format!(
        "long {n} = 0; {loops}{n} += {count}; \
         struct {ty} {{ long base; unsigned long len; unsigned char flags; }} {list}[{n} > 0 ? {n} : 1]; \
         long {k} = 0; {loops}{{ {fill}}} ",
        count = items.len()
    );
    Ok(vec![
        Clause { name: PRELUDE.into(), ops: vec![prelude] },
        Clause::new("QUAL.OMP.DEPARRAY", vec![format!("(int){n}"), format!("(void *){list}")]),
    ])
}

/// The preludes among a construct's clauses, taken out, as one string.
pub fn take_preludes(cls: &mut Vec<Clause>) -> String {
    let pre = cls.iter().filter(|c| c.name == PRELUDE).flat_map(|c| c.ops.clone()).collect();
    cls.retain(|c| c.name != PRELUDE);
    pre
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterator_items_become_a_prelude_and_a_deparray() {
        let (spec, rest) = split_modifier("iterator(i = 0:n, long j = n:0:-2), in: a[i], b[j]").unwrap().unwrap();
        assert_eq!(spec, "i = 0:n, long j = n:0:-2");
        assert_eq!(rest, "in: a[i], b[j]");
        let items = vec![vec!["&(a[i])".to_string(), "\"i8\"".into(), "(long)sizeof(a[i])".into(), "0".into()]];
        let mut cls = depend(&spec, 1, items).unwrap();
        assert_eq!(cls[1].name, "\"QUAL.OMP.DEPARRAY\"");
        let pre = take_preludes(&mut cls);
        assert!(pre.contains("for (int i = (0); (1) > 0 ? i < (n) : i > (n); i += (1)) "), "{pre}");
        assert!(pre.contains("for (long j = (n); (-2) > 0 ? j < (0) : j > (0); j += (-2)) "), "{pre}");
        assert!(pre.contains(".flags = 1;"), "{pre}");
        assert_eq!(cls.len(), 1);
        assert!(split_modifier("in: x").is_none());
        assert!(iterators("i = 0").is_err());
    }
}
