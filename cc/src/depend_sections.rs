//! Array sections of several dimensions or with strides in `depend` and
//! `affinity` items (OpenMP 5.1 §2.1.5): `a[l1:n1][l2:n2]`, `p[i][l:n:s]`.
//! Such a section is not one contiguous run of storage; like clang, weft-cc
//! gives the runtime the storage from its first element to one past its
//! last (`&a[l1][l2]` to `&a[l1+n1-1][l2+n2-1] + 1`). libomp matches
//! dependences by their first byte (kmp_taskdeps.cpp hashes `base_addr`),
//! so two sections depend on each other when they start at the same
//! element, as OpenMP's rule that such items be identical or disjoint
//! makes enough.

/// One subscript: an element `[e]` or a section `[lower:length[:stride]]`.
enum Sub {
    Index(String),
    /// (An explicit stride, even 1, makes the section take this path.)
    Section {
        lower: String,
        length: String,
        stride: Option<String>,
    },
}

/// `base[...][...]`: the base and each subscript's text, or None when the
/// item does not end in subscripts.
fn subscripts(item: &str) -> Option<(String, Vec<String>)> {
    let b: Vec<char> = item.trim().chars().collect();
    let mut subs = Vec::new();
    let mut end = b.len();
    while end > 0 && b[end - 1] == ']' {
        let mut depth = 0;
        let mut k = end;
        loop {
            k -= 1;
            match b[k] {
                ']' => depth += 1,
                '[' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            if k == 0 {
                return None;
            }
        }
        subs.push(b[k + 1..end - 1].iter().collect::<String>());
        end = k;
    }
    subs.reverse();
    let base: String = b[..end].iter().collect();
    (!subs.is_empty() && !base.trim().is_empty()).then(|| (base.trim().to_string(), subs))
}

/// A section of several dimensions or with a stride as `(first element's
/// address, length in bytes)` in C; None for anything else (a one-
/// dimensional section without stride, an element, a variable), Err for a
/// section without its length.
pub fn extent(item: &str) -> Option<Result<(String, String), String>> {
    let (base, texts) = subscripts(item)?;
    let mut subs = Vec::new();
    for t in &texts {
        let parts = crate::lists::split_top(t, ':');
        subs.push(match parts.as_slice() {
            [e] => Sub::Index(e.clone()),
            [l, n] => Sub::Section { lower: l.clone(), length: n.clone(), stride: None },
            [l, n, s] => Sub::Section { lower: l.clone(), length: n.clone(), stride: Some(s.clone()) },
            _ => return Some(Err(format!("{item}: not an array section"))),
        });
    }
    let sections = subs.iter().filter(|s| matches!(s, Sub::Section { .. })).count();
    let strided = subs.iter().any(|s| matches!(s, Sub::Section { stride: Some(_), .. }));
    if sections == 0 || (sections == 1 && !strided && subs.len() == 1) {
        return None;
    }
    let (mut first, mut last) = (format!("({base})"), format!("({base})"));
    for s in &subs {
        match s {
            Sub::Index(e) => {
                first.push_str(&format!("[{e}]"));
                last.push_str(&format!("[{e}]"));
            }
            Sub::Section { length, .. } if length.is_empty() => {
                return Some(Err(format!("{item}: give each section's length")))
            }
            Sub::Section { lower, length, stride } => {
                let lower = if lower.is_empty() { "0" } else { lower };
                let stride = stride.as_deref().filter(|s| !s.is_empty()).unwrap_or("1");
                first.push_str(&format!("[{lower}]"));
                last.push_str(&format!("[({lower}) + (({length}) - 1) * ({stride})]"));
            }
        }
    }
    let bytes = format!("(long)((const char *)(&{last} + 1) - (const char *)&{first})");
    Some(Ok((format!("&{first}"), bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_of_several_dimensions_and_strides() {
        let (f, b) = extent("a[1:2][0:n]").unwrap().unwrap();
        assert_eq!(f, "&(a)[1][0]");
        assert_eq!(
            b,
            "(long)((const char *)(&(a)[(1) + ((2) - 1) * (1)][(0) + ((n) - 1) * (1)] + 1) - (const char *)&(a)[1][0])"
        );
        let (f, _) = extent("m[i][idx[k]:4:2]").unwrap().unwrap();
        assert_eq!(f, "&(m)[i][idx[k]]");
        assert!(extent("a[1:n]").is_none() && extent("a[i]").is_none() && extent("x").is_none());
        assert!(extent("a[1:][0:2]").unwrap().is_err());
    }
}
