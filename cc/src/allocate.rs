//! The allocate clause (OpenMP 5.1 §2.13.4): `allocate([allocator:] list)`
//! and OpenMP 5.1's `allocate(allocator(a), align(n): list)` (either
//! modifier, in either order). Each variable becomes one
//! `QUAL.OMP.ALLOCATE(alignment, &var[, allocator])`, as icx writes it: the
//! alignment 0 when none is given, the allocator as an
//! `omp_allocator_handle_t` (a predefined one's constant, or the value of
//! one `omp_init_allocator` made), none for the default allocator.
//!
//! Clang 16 parses only the first form (it reads `allocator(a)` as a call
//! of an undeclared function), so for its parse (weft-cc's first step) the
//! modifiers are blanked out of a copy of the source, of the same length
//! and lines: `allocator(a)` leaves `a`, the OpenMP 5.0 spelling of the same
//! clause, and `align(n)` nothing (`mask_modifiers`). Clang then checks the
//! rest as it checks any allocate clause (each variable is in a private
//! clause of the construct, the allocator is a handle); weft-cc reads the
//! clause from the original text.
use crate::lists::split_list;
use crate::marker_clause::Clause;

/// The allocate *directive* (declarative, OpenMP 5.1 §2.13.3) is refused:
/// its variables would take the allocator's memory for the whole of their
/// scope, given back on every way out of it.
pub const DIRECTIVE_REFUSED: &str = "the allocate directive ('#pragma omp allocate(list)', variables that take \
    their storage from an allocator for their whole scope) is not supported by weft yet; the allocate clause is, \
    on a construct that gives the variables private copies: 'private(x) allocate([allocator:] x)'";

/// `allocator(...)` or `align(...)`: the modifier's name and argument.
fn modifier(part: &str) -> Option<(&str, &str)> {
    let (name, rest) = part.split_once('(')?;
    let name = name.trim();
    let arg = rest.strip_suffix(')')?;
    // (The argument's parentheses are balanced: `align(f(x))`, not `align(a)(b)`.)
    let mut depth = 0i32;
    for c in arg.chars() {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        if depth < 0 {
            return None;
        }
    }
    (matches!(name, "allocator" | "align") && depth == 0).then_some((name, arg.trim()))
}

/// The byte offset of the last `:` outside parentheses (the list follows it:
/// a variable has no colon, an allocator expression may have one, `c ? a : b`).
fn list_colon(arg: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut last = None;
    for (i, c) in arg.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ':' if depth == 0 => last = Some(i),
            _ => {}
        }
    }
    last
}

/// What precedes the list: (allocator, alignment) as C expressions.
type Modifiers = (Option<String>, Option<String>);

fn modifiers(prefix: &str) -> Result<Modifiers, String> {
    let parts = split_list(prefix);
    let mods: Vec<(&str, &str)> = parts.iter().filter_map(|p| modifier(p)).collect();
    if mods.is_empty() {
        // OpenMP 5.0: the allocator itself.
        return Ok((Some(prefix.trim().to_string()), None));
    }
    if mods.len() != parts.len() {
        return Err(format!("allocate({prefix}: ...): modifiers are allocator(handle) and align(n)"));
    }
    let (mut allocator, mut align) = (None, None);
    for (name, arg) in mods {
        let slot = if name == "allocator" { &mut allocator } else { &mut align };
        if slot.replace(arg.to_string()).is_some() {
            return Err(format!("allocate: {name}(...) is given twice"));
        }
    }
    Ok((allocator, align))
}

/// The clause's argument as one ALLOCATE per variable.
pub fn clauses(arg: &str) -> Result<Vec<Clause>, String> {
    let (prefix, list) = match list_colon(arg) {
        Some(at) => (Some(&arg[..at]), &arg[at + 1..]),
        None => (None, arg),
    };
    let (allocator, align) = match prefix {
        Some(p) => modifiers(p)?,
        None => (None, None),
    };
    let mut out = Vec::new();
    for item in split_list(list) {
        let ident = item.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && item.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Err(format!("allocate: only variables may be listed, got '{item}'"));
        }
        let mut ops = vec![format!("(long)({})", align.as_deref().unwrap_or("0")), format!("&{item}")];
        ops.extend(allocator.as_ref().map(|a| format!("(__UINTPTR_TYPE__)({a})")));
        out.push(Clause { name: "\"QUAL.OMP.ALLOCATE\"".to_string(), ops });
    }
    if out.is_empty() {
        return Err("allocate lists no variable".into());
    }
    Ok(out)
}

/// `text` with comments blanked (same length and lines), for finding clauses.
fn without_comments(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        let end = if b[i..].starts_with(b"/*") {
            text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2)
        } else if b[i..].starts_with(b"//") {
            text[i..].find('\n').map_or(b.len(), |e| i + e)
        } else if b[i] == b'"' || b[i] == b'\'' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b[i] && b[j] != b'\n' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            i = (j + 1).min(b.len());
            continue;
        } else {
            i += 1;
            continue;
        };
        for c in &mut out[i..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        i = end;
    }
    out
}

/// The source as clang 16 can parse it: every allocate clause with OpenMP
/// 5.1 modifiers in its OpenMP 5.0 form, blanks where the rest was (byte
/// offsets, lines and line continuations kept). None when there is none.
pub fn mask_modifiers(text: &str) -> Option<String> {
    let clean = without_comments(text);
    let mut out = text.as_bytes().to_vec();
    let mut changed = false;
    let mut line_start = 0;
    while line_start < clean.len() {
        // A pragma line and its continuations.
        let mut end = line_start;
        while end < clean.len() && clean[end] != b'\n' {
            end += 1;
        }
        while end > 0 && end < clean.len() && clean[..end].trim_ascii_end().ends_with(b"\\") {
            end += 1;
            while end < clean.len() && clean[end] != b'\n' {
                end += 1;
            }
        }
        let line = String::from_utf8_lossy(&clean[line_start..end]).into_owned();
        let words: Vec<&str> = line.split(|c: char| c.is_whitespace() || c == '#').filter(|w| !w.is_empty()).collect();
        if line.trim_start().starts_with('#') && words.first() == Some(&"pragma") && words.get(1) == Some(&"omp") {
            changed |= mask_pragma(&line, line_start, &mut out);
        }
        line_start = end + 1;
    }
    changed.then(|| String::from_utf8_lossy(&out).into_owned())
}

/// Blanks the modifiers of each allocate clause of one pragma (`line`, at
/// `base` in the source) in `out`.
fn mask_pragma(line: &str, base: usize, out: &mut [u8]) -> bool {
    let mut changed = false;
    let b = line.as_bytes();
    // (The first `allocate` after `omp` is the allocate directive, not a clause.)
    let omp = line.find("omp").map_or(0, |i| i + 3);
    let directive = line[omp..].trim_start().starts_with("allocate");
    let mut from = omp;
    let mut first = true;
    while let Some(k) = line[from..].find("allocate") {
        let at = from + k;
        from = at + "allocate".len();
        let whole_word = (at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_'))
            && !b.get(from).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
        if !whole_word || std::mem::take(&mut first) && directive {
            continue;
        }
        let Some(open) = line[from..].find(|c: char| !c.is_whitespace()).map(|o| from + o).filter(|&o| b[o] == b'(')
        else {
            continue;
        };
        let Some(close) = matching(b, open) else { continue };
        let arg = &line[open + 1..close];
        let Some(colon) = list_colon(arg) else { continue };
        let parts = split_at_commas(arg, colon);
        if parts.is_empty() || !parts.iter().all(|&(s, e)| modifier(&arg[s..e]).is_some()) {
            continue;
        }
        let blank = |out: &mut [u8], s: usize, e: usize| {
            for c in &mut out[base + open + 1 + s..base + open + 1 + e] {
                if !matches!(*c, b'\\' | b'\n' | b'\r') {
                    *c = b' ';
                }
            }
        };
        // Everything before the list goes but an allocator's handle.
        let keep =
            parts.iter().find(|&&(s, e)| modifier(&arg[s..e]).is_some_and(|(n, _)| n == "allocator")).map(|&(s, e)| {
                let inner_open = s + arg[s..e].find('(').expect("a modifier") + 1;
                (inner_open, e - 1)
            });
        match keep {
            Some((ks, ke)) => {
                blank(out, 0, ks);
                blank(out, ke, colon);
            }
            None => blank(out, 0, colon + 1),
        }
        changed = true;
    }
    changed
}

/// The `)` that closes the `(` at `open`.
fn matching(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The parts of `arg[..end]` between top-level commas, as trimmed ranges.
fn split_at_commas(arg: &str, end: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let trimmed = |s: usize, e: usize| {
        let part = &arg[s..e];
        let lead = part.len() - part.trim_start().len();
        (s + lead, s + lead + part.trim().len())
    };
    for (i, c) in arg[..end].char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(trimmed(start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(trimmed(start, end));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(arg: &str) -> Vec<String> {
        clauses(arg).unwrap().into_iter().map(|c| c.ops.join(",")).collect()
    }

    #[test]
    fn both_forms() {
        assert_eq!(ops("x"), ["(long)(0),&x"]);
        assert_eq!(
            ops("omp_low_lat_mem_alloc: x, y"),
            [
                "(long)(0),&x,(__UINTPTR_TYPE__)(omp_low_lat_mem_alloc)",
                "(long)(0),&y,(__UINTPTR_TYPE__)(omp_low_lat_mem_alloc)"
            ]
        );
        assert_eq!(ops("allocator(al), align(64): a"), ["(long)(64),&a,(__UINTPTR_TYPE__)(al)"]);
        assert_eq!(ops("align(1 << 5), allocator(h[0]): a"), ["(long)(1 << 5),&a,(__UINTPTR_TYPE__)(h[0])"]);
        assert_eq!(ops("align(16): a"), ["(long)(16),&a"]);
        assert_eq!(
            ops("c ? omp_default_mem_alloc : al : v"),
            ["(long)(0),&v,(__UINTPTR_TYPE__)(c ? omp_default_mem_alloc : al)"]
        );
        assert!(clauses("al: a[0:2]").unwrap_err().contains("only variables"));
        assert!(clauses("align(8), align(16): a").unwrap_err().contains("twice"));
        assert!(clauses("align(8), al: a").unwrap_err().contains("modifiers"));
    }

    #[test]
    fn clang_sees_the_50_form() {
        let src = "int x;\n#pragma omp parallel private(a) allocate(allocator(al), align(64): a) num_threads(2)\n";
        let m = mask_modifiers(src).unwrap();
        assert_eq!(m.len(), src.len());
        assert!(m.contains(&format!("allocate({}al{}: a) num_threads(2)", " ".repeat(10), " ".repeat(12))), "{m}");
        let src = "#pragma omp for private(a) \\\n  allocate(align(8): a)\n";
        let m = mask_modifiers(src).unwrap();
        assert!(m.contains("\\\n  allocate(          a)"), "{m:?}");
        let src = "#pragma omp parallel private(a) allocate(align(8), /* c */ allocator(h): a)\n";
        let m = mask_modifiers(src).unwrap();
        assert!(m.contains(&format!("allocate({}h : a)", " ".repeat(28))), "{m}");
        // The 5.0 form, the allocate directive, and text outside pragmas stay.
        assert_eq!(mask_modifiers("#pragma omp parallel private(a) allocate(al: a)\n"), None);
        assert_eq!(mask_modifiers("#pragma omp allocate(align) allocator(x)\n"), None);
        assert_eq!(mask_modifiers("int allocate(int align(int), int x);\n"), None);
    }
}
