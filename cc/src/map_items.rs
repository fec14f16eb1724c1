//! Map items through a struct member or a pointer member, and array
//! sections of several dimensions, as clang 16 lays them out in
//! libomptarget's map arrays (docs/offload.md, "Map chains"): a struct's
//! members are one chain, the struct's entry (its extent over the mapped
//! members) followed by one `:CHAIN` link per member, `MEMBER_OF` in its
//! bits; a section through a pointer member (`s.p[0:n]`, `mat->A[:n]`) is
//! a link `(&s.p, &s.p[lb], len * size, MEMBER_OF | PTR_AND_OBJ | kind)`.
//! The `MEMBER_OF` written is 1; weft-paropt rewrites it to the position of
//! the chain's first entry (plan/map_chain.rs). A section of several
//! dimensions of an array is mapped as the storage from its first element
//! to its last (OpenMP 5.1 §2.21.7.1: a mapped section is contiguous).
use crate::lists::split_top;
use crate::marker_clause::Clause;

const PTR_AND_OBJ: u64 = 0x10;
const MEMBER_OF_1: u64 = 1 << 48;

/// Where a member item's clause keeps its struct while the clauses are
/// read: ops after the link's four (the struct's address, the member's
/// first and one-past-last byte), dropped by `chains`.
const HELD: usize = 3;

/// Where the `]` closing a bracket opened just before `s` is.
fn closing(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ']' if depth == 0 => return Some(i),
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The dimensions of `a[l:n][l:n]...`: the name and each (lower, length).
fn dims(item: &str) -> Result<(String, Vec<(String, String)>), String> {
    let open = item.find('[').ok_or_else(|| format!("map item '{item}'"))?;
    let name = item[..open].trim().to_string();
    let mut out = Vec::new();
    let mut rest = item[open..].trim();
    while let Some(r) = rest.strip_prefix('[') {
        let close = closing(r).ok_or_else(|| format!("map item '{item}'"))?;
        let inner = &r[..close];
        let (lower, length) = match split_top(inner, ':').as_slice() {
            [l, n] => (if l.trim().is_empty() { "0".to_string() } else { l.trim().to_string() }, n.trim().to_string()),
            [i] => (i.trim().to_string(), "1".to_string()),
            _ => return Err(format!("the map item '{item}' (a section with a stride) is not supported by weft yet")),
        };
        if length.is_empty() {
            return Err(format!("the map item '{item}' needs a length (weft-cc does not read array bounds yet)"));
        }
        out.push((lower, length));
        rest = r[close..].strip_prefix(']').ok_or_else(|| format!("map item '{item}'"))?.trim();
    }
    if !rest.is_empty() {
        return Err(format!("the map item '{item}' is not supported by weft yet"));
    }
    Ok((name, out))
}

/// `(base, begin, size)` of a section of several dimensions of an array:
/// from its first element to its last, each dimension below the first an
/// array (a pointer there is not contiguous storage: refused when the C is
/// compiled).
pub fn several_dims(item: &str, motion: bool) -> Result<Option<[String; 3]>, String> {
    let item = item.trim();
    let plain = item.find('[').is_some_and(|o| item[..o].trim().chars().all(|c| c.is_alphanumeric() || c == '_'));
    if !plain {
        return Ok(None);
    }
    let (name, d) = dims(item)?;
    if d.len() < 2 {
        return Ok(None);
    }
    if motion {
        return Err(format!(
            "the item '{item}' (a section of several dimensions in a motion clause: libomptarget's non-contiguous descriptor) is not supported by weft yet"
        ));
    }
    let first: String = d.iter().map(|(l, _)| format!("[{l}]")).collect();
    let last: String = d.iter().map(|(l, n)| format!("[({l}) + ({n}) - 1]")).collect();
    let mut asserts = String::new();
    for k in 1..d.len() {
        let e = format!("({name}){}", "[0]".repeat(k));
        asserts.push_str(&format!(
            "_Static_assert(!__builtin_types_compatible_p(__typeof__({e}), __typeof__(&({e})[0])), \
             \"weft-cc: the map item '{}' is not supported by weft yet: a dimension after the first through a pointer is not contiguous storage\"); ",
            item.replace('"', "'")
        ));
    }
    let base = format!(
        "__builtin_choose_expr(__builtin_types_compatible_p(__typeof__({name}), __typeof__(&({name})[0])), \
         (void *)({name}), (void *)&({name}))"
    );
    let begin = format!("(void *)&({name}){first}");
    let size = format!(
        "((void)sizeof(struct {{ {asserts}int weft_cc_dims; }}), \
         (long long)((char *)(&({name}){last} + 1) - (char *)&({name}){first}))"
    );
    Ok(Some([base, begin, size]))
}

/// A section's dimensions: each one's (lower bound, length).
type Dims = Vec<(String, String)>;

/// A member item `s.f`, `s.f[l:n]`, `p->f`, `p->f[l:n]`, `s.f[l:n][l:n]`:
/// (the struct as an lvalue, the member's name, its section's dimensions).
fn member_parts(item: &str) -> Option<(String, String, Dims)> {
    let head_end = item.find('[').unwrap_or(item.len());
    let head = &item[..head_end];
    let (cut, arrow) = match (head.rfind('.'), head.rfind("->")) {
        (Some(d), Some(a)) if a > d => (a, true),
        (Some(d), _) => (d, false),
        (None, Some(a)) => (a, true),
        (None, None) => return None,
    };
    let left = head[..cut].trim();
    let member = head[cut + if arrow { 2 } else { 1 }..].trim();
    let ident = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    if !ident(member) || left.is_empty() || left.contains('[') {
        return None;
    }
    let obj = if arrow { format!("(*({left}))") } else { format!("({left})") };
    let section = if head_end < item.len() { dims(&format!("m{}", &item[head_end..])).ok()?.1 } else { Vec::new() };
    Some((obj, member.to_string(), section))
}

/// A member item's link, with the struct held in ops 4.. for `chains`;
/// the variable to list (a struct reached through a pointer lists none:
/// the pointer stays firstprivate, as clang 16 passes it); None for an
/// item that is not a member.
pub fn member(qual: &str, item: &str, bits: u64) -> Result<Option<(Clause, Option<String>)>, String> {
    let Some((obj, m, section)) = member_parts(item.trim()) else {
        if item.contains('.') || item.contains("->") {
            return Err(format!("the map item '{}' is not supported by weft yet", item.trim()));
        }
        return Ok(None);
    };
    let field = format!("{obj}.{m}");
    let whole = [format!("(void *)&({field})"), format!("(void *)(&({field}) + 1)")];
    let addr = format!("(void *)&{obj}");
    let ops = match section.as_slice() {
        [] => vec![
            addr.clone(),
            format!("(void *)&({field})"),
            format!("(long long)sizeof({field})"),
            format!("(long long){}", bits | MEMBER_OF_1),
        ],
        [_, _, ..] => member_dims(item.trim(), &field, &addr, &section, bits),
        [(lower, length)] => {
            let pointer = format!("__builtin_types_compatible_p(__typeof__({field}), __typeof__(&({field})[0]))");
            vec![
                format!("__builtin_choose_expr({pointer}, (void *)&({field}), {addr})"),
                format!("(void *)&({field})[{lower}]"),
                format!("(long long)(({length}) * sizeof(({field})[0]))"),
                format!("(long long)(({pointer} ? {PTR_AND_OBJ} : 0) | {}ll)", bits | MEMBER_OF_1),
            ]
        }
    };
    let mut ops = ops;
    ops.push(addr);
    ops.extend(whole);
    let root: String = obj.trim_start_matches('(').chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let listed = (!obj.starts_with("(*")).then_some(root);
    Ok(Some((Clause::new(&format!("{qual}:CHAIN"), ops), listed)))
}

/// A struct mapped whole beside maps of its members (`map(s,
/// s.p[0:n])`, what a mapper often maps): the whole struct is a link of
/// the members' chain too, `(&s, &s, sizeof s, MEMBER_OF | kind)`, as
/// clang 16 lays it out, so the struct has one entry (the chain's first,
/// now over all of it) and its pointer members are attached to that copy.
fn whole_as_links(cls: Vec<Clause>) -> Vec<Clause> {
    let held = |c: &Clause| c.qual().ends_with(":CHAIN") && c.ops.len() == 4 + HELD;
    let structs: Vec<String> = cls.iter().filter(|c| held(c)).map(|c| c.ops[4].clone()).collect();
    cls.into_iter()
        .map(|c| {
            let plain = c.qual().starts_with("QUAL.OMP.MAP.") && !c.qual().contains(':') && c.ops.len() == 4;
            let var = c.ops.first().and_then(|o| o.strip_prefix("(void *)&(")).and_then(|o| o.strip_suffix(')'));
            match var {
                Some(v)
                    if plain
                        && c.ops[1] == c.ops[0]
                        && structs.contains(&c.ops[0])
                        && c.ops[2] == format!("(long long)sizeof({v})") =>
                {
                    let mut ops = c.ops.clone();
                    ops[3] = format!("(long long)({} | {MEMBER_OF_1}ll)", c.ops[3]);
                    ops.extend([c.ops[0].clone(), c.ops[0].clone(), format!("(void *)((char *)&({v}) + sizeof({v}))")]);
                    Clause::new(&format!("{}:CHAIN", c.qual()), ops)
                }
                _ => c,
            }
        })
        .collect()
}

/// `(base, begin, size)` of a section through a member moved by `target
/// update` (`to(s.p[0:n])`, what a mapper's `s.p[0:n]` moves): the
/// storage it names, as for a section of a variable (no chain: an update
/// attaches nothing); None for another item.
pub fn motion_member(item: &str) -> Result<Option<[String; 3]>, String> {
    let Some((obj, m, section)) = member_parts(item.trim()) else { return Ok(None) };
    let field = format!("{obj}.{m}");
    match section.as_slice() {
        [] => Ok(None),
        [(lower, length)] => Ok(Some([
            format!(
                "__builtin_choose_expr(__builtin_types_compatible_p(__typeof__({field}), __typeof__(&({field})[0])), \
                 (void *)({field}), (void *)&({field}))"
            ),
            format!("(void *)&({field})[{lower}]"),
            format!("(long long)(({length}) * sizeof(({field})[0]))"),
        ])),
        _ => Err(format!(
            "the item '{}' (a section of several dimensions in a motion clause: libomptarget's non-contiguous descriptor) is not supported by weft yet",
            item.trim()
        )),
    }
}

/// A member link's operands for a section of several dimensions of an
/// array member (`s.m[0:r][0:c]`): the storage from its first element to
/// its last, as for an array (a member through a pointer is refused when
/// the C is compiled: not contiguous storage).
fn member_dims(item: &str, field: &str, addr: &str, d: &[(String, String)], bits: u64) -> Vec<String> {
    let first: String = d.iter().map(|(l, _)| format!("[{l}]")).collect();
    let last: String = d.iter().map(|(l, n)| format!("[({l}) + ({n}) - 1]")).collect();
    let mut asserts = String::new();
    for k in 0..d.len() {
        let e = format!("({field}){}", "[0]".repeat(k));
        asserts.push_str(&format!(
            "_Static_assert(!__builtin_types_compatible_p(__typeof__({e}), __typeof__(&({e})[0])), \
             \"weft-cc: the map item '{}' is not supported by weft yet: a section of several dimensions through a pointer is not contiguous storage\"); ",
            item.replace('"', "'")
        ));
    }
    vec![
        addr.to_string(),
        format!("(void *)&({field}){first}"),
        format!(
            "((void)sizeof(struct {{ {asserts}int weft_cc_dims; }}), \
             (long long)((char *)(&({field}){last} + 1) - (char *)&({field}){first}))"
        ),
        format!("(long long){}", bits | MEMBER_OF_1),
    ]
}

/// The member links in `cls` grouped by struct, each group after its
/// struct's entry (its extent over the members: from the lowest member's
/// first byte to the highest one's end), where the group's first member was.
pub fn chains(cls: Vec<Clause>) -> Vec<Clause> {
    let cls = whole_as_links(cls);
    let held = |c: &Clause| c.qual().ends_with(":CHAIN") && c.ops.len() == 4 + HELD;
    let mut out: Vec<Clause> = Vec::new();
    let mut groups: Vec<(String, usize)> = Vec::new();
    let mut links: Vec<Vec<Clause>> = Vec::new();
    for c in cls {
        if !held(&c) {
            out.push(c);
            continue;
        }
        let obj = c.ops[4].clone();
        match groups.iter().position(|(o, _)| *o == obj) {
            Some(g) => links[g].push(c),
            None => {
                groups.push((obj, out.len()));
                links.push(vec![c]);
                // (The struct's entry goes here.)
                out.push(Clause::new("", vec![]));
            }
        }
    }
    let ptr = |e: &str| format!("(char *){e}");
    // (From the last group back: inserting links moves only what follows.)
    for ((obj, at), group) in groups.into_iter().zip(links).rev() {
        let lo = group.iter().map(|c| ptr(&c.ops[5])).reduce(|a, b| format!("({a} < {b} ? {a} : {b})"));
        let hi = group.iter().map(|c| ptr(&c.ops[6])).reduce(|a, b| format!("({a} > {b} ? {a} : {b})"));
        let (lo, hi) = (lo.unwrap_or_default(), hi.unwrap_or_default());
        let kind = group[0].qual().trim_end_matches(":CHAIN").to_string();
        let head = Clause::new(
            &kind,
            vec![obj, format!("(void *){lo}"), format!("(long long)({hi} - {lo})"), "(long long)0".into()],
        );
        let mut rest: Vec<Clause> = group
            .into_iter()
            .map(|mut c| {
                c.ops.truncate(4);
                c
            })
            .collect();
        out[at] = head;
        let tail = out.split_off(at + 1);
        out.append(&mut rest);
        out.extend(tail);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_and_dimensions() {
        let (c, n) = member("QUAL.OMP.MAP.TO", "mat->A[:n]", 1).unwrap().unwrap();
        assert_eq!(n, None);
        assert_eq!(c.ops[1], "(void *)&((*(mat)).A)[0]");
        let (c, n) = member("QUAL.OMP.MAP.TOFROM", "s.a", 3).unwrap().unwrap();
        assert_eq!(n.as_deref(), Some("s"));
        assert_eq!(c.ops[3], format!("(long long){}", 3 | MEMBER_OF_1));
        assert!(member("QUAL.OMP.MAP.TO", "x", 1).unwrap().is_none());
        assert!(several_dims("Q[0:r][0:c]", false).unwrap().is_some());
        assert!(several_dims("Q[0:r][0:c]", true).is_err());
        assert!(several_dims("a[0:4]", false).unwrap().is_none());
        let out = chains(vec![c.clone(), Clause::new("QUAL.OMP.MAP.TO", vec![]), c]);
        assert_eq!(out.len(), 4);
        assert_eq!(out[0].qual(), "QUAL.OMP.MAP.TOFROM");
        assert!(out[1].qual().ends_with(":CHAIN") && out[2].qual().ends_with(":CHAIN"));
    }

    #[test]
    fn whole_struct_joins_its_members_chain() {
        // `map(s, s.p[0:n])`: one chain, s whole as its first link.
        let whole = Clause::new(
            "QUAL.OMP.MAP.TOFROM",
            vec!["(void *)&(s)".into(), "(void *)&(s)".into(), "(long long)sizeof(s)".into(), "(long long)3".into()],
        );
        let (p, _) = member("QUAL.OMP.MAP.TOFROM", "s.p[0:n]", 3).unwrap().unwrap();
        let other = Clause::new("QUAL.OMP.MAP.TO", vec!["(void *)&(t)".into(); 4]);
        let out = chains(vec![whole, other.clone(), p]);
        assert_eq!(out.len(), 4);
        assert_eq!(out[0].qual(), "QUAL.OMP.MAP.TOFROM");
        assert_eq!(out[0].ops[3], "(long long)0");
        assert_eq!(out[1].qual(), "QUAL.OMP.MAP.TOFROM:CHAIN");
        assert_eq!(out[1].ops[3], format!("(long long)((long long)3 | {MEMBER_OF_1}ll)"));
        assert!(out[2].qual().ends_with(":CHAIN") && out[2].ops[1].contains(".p)[0]"));
        assert_eq!(out[3], other);
        // (Its extent: from s to its end.)
        assert!(out[0].ops[2].contains("sizeof(s)"), "{}", out[0].ops[2]);
    }

    #[test]
    fn member_sections() {
        let (c, _) = member("QUAL.OMP.MAP.TO", "v.r_m[0:2][0:4]", 1).unwrap().unwrap();
        assert_eq!(c.ops[1], "(void *)&((v).r_m)[0][0]");
        assert!(c.ops[2].contains("&((v).r_m)[(0) + (2) - 1][(0) + (4) - 1] + 1"), "{}", c.ops[2]);
        let [base, begin, size] = motion_member("s.p[1:2]").unwrap().unwrap();
        assert!(base.starts_with("__builtin_choose_expr("));
        assert_eq!(begin, "(void *)&((s).p)[1]");
        assert_eq!(size, "(long long)((2) * sizeof(((s).p)[0]))");
        assert!(motion_member("s.x").unwrap().is_none());
        assert!(motion_member("s.m[0:2][0:2]").is_err());
    }
}
