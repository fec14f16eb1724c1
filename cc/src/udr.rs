//! `#pragma omp declare reduction(name : types : combiner) initializer(...)`:
//! user-defined reductions. weft lowers them from the clause's helper
//! functions (a combiner `(T *out, T *in)` and an initializer `(T *priv,
//! T *orig)`), so weft-cc writes those functions in C in place of the
//! pragma, one pair per type, with `omp_out`/`omp_in` and
//! `omp_priv`/`omp_orig` standing for what the parameters point to.

/// One `declare reduction`, as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Udr {
    pub name: String,
    pub types: Vec<String>,
    pub combiner: String,
    pub init: Option<String>,
}

/// The C functions weft-cc wrote for one declared reduction, per type:
/// (type, combiner, initializer if one was given).
#[derive(Debug, Clone, PartialEq)]
pub struct Declared {
    pub name: String,
    pub per_type: Vec<(String, String, Option<String>)>,
}

/// The text inside the parentheses that open at `open` (balanced).
fn group(s: &str, open: usize) -> Option<(&str, usize)> {
    let mut depth = 0;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&s[open + 1..open + i], open + i + 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at the first `n` colons outside brackets (a combiner may hold `?:`).
fn split_colons(s: &str, n: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ':' if depth == 0 && out.len() < n => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// Parses the pragma's text (after `clauses::clean`).
pub fn parse(text: &str) -> Result<Udr, String> {
    let at = text.find("reduction").ok_or("declare reduction: no 'reduction'")?;
    let open = text[at..].find('(').map(|i| at + i).ok_or("declare reduction needs '(name : types : combiner)'")?;
    let (inner, after) = group(text, open).ok_or("declare reduction: unbalanced parentheses")?;
    let parts = split_colons(inner, 2);
    let [name, types, combiner] = parts.as_slice() else {
        return Err("declare reduction needs '(name : types : combiner)'".into());
    };
    let types: Vec<String> =
        crate::lists::split_list(types).into_iter().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
    if types.is_empty() || combiner.trim().is_empty() || name.trim().is_empty() {
        return Err("declare reduction needs a name, at least one type and a combiner".into());
    }
    let rest = &text[after..];
    let init = match rest.find("initializer") {
        Some(i) => {
            let open = rest[i..].find('(').map(|j| i + j).ok_or("initializer needs '(...)'")?;
            Some(group(rest, open).ok_or("initializer: unbalanced parentheses")?.0.trim().to_string())
        }
        None => None,
    };
    Ok(Udr { name: name.trim().to_string(), types, combiner: combiner.trim().to_string(), init })
}

/// `text` with each whole identifier `from` (outside string and character
/// literals) replaced by `to`.
fn substitute(text: &str, pairs: &[(&str, &str)]) -> String {
    crate::idents::replace(text, |w| pairs.iter().find(|(f, _)| *f == w).map(|(_, t)| *t))
}

/// The C functions for reduction number `n`, on one line (the pragma's
/// lines stay where they were), and what they are called.
pub fn functions(u: &Udr, n: usize) -> (String, Declared) {
    let mut text = String::new();
    let mut per_type = Vec::new();
    for (k, ty) in u.types.iter().enumerate() {
        let comb = format!("__weft_udr_combine_{n}_{k}");
        let body = substitute(&u.combiner, &[("omp_out", "(*__weft_out)"), ("omp_in", "(*__weft_in)")]);
        text.push_str(&format!(
            "static void __attribute__((unused)) {comb}({ty} *__weft_out, {ty} *__weft_in) {{ {body}; }} "
        ));
        let init = u.init.as_ref().map(|init| {
            let f = format!("__weft_udr_init_{n}_{k}");
            let init = substitute(init, &[("omp_priv", "(*__weft_priv)"), ("omp_orig", "(*__weft_orig)")]);
            // `omp_priv = value` initializes (a brace list is allowed there);
            // any other form is a statement (a call given `&omp_priv`).
            let stmt = match init.strip_prefix("(*__weft_priv)").map(str::trim_start) {
                Some(rest) if rest.starts_with('=') && !rest.starts_with("==") => {
                    format!("{ty} __weft_v = {}; *__weft_priv = __weft_v;", rest[1..].trim())
                }
                _ => format!("{init};"),
            };
            text.push_str(&format!(
                "static void __attribute__((unused)) {f}({ty} *__weft_priv, {ty} *__weft_orig) {{ (void)__weft_orig; {stmt} }} "
            ));
            f
        });
        per_type.push((ty.clone(), comb, init));
    }
    (text, Declared { name: u.name.clone(), per_type })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_pragma() {
        let u = parse("#pragma omp declare reduction(min : struct point : minproc(&omp_out, &omp_in)) initializer( omp_priv = { INT_MAX, INT_MAX } )").unwrap();
        assert_eq!(u.name, "min");
        assert_eq!(u.types, ["struct point"]);
        assert_eq!(u.combiner, "minproc(&omp_out, &omp_in)");
        assert_eq!(u.init.as_deref(), Some("omp_priv = { INT_MAX, INT_MAX }"));
        let u =
            parse("#pragma omp declare reduction(pick : int, long : omp_out = omp_in > omp_out ? omp_in : omp_out)")
                .unwrap();
        assert_eq!(u.types, ["int", "long"]);
        assert_eq!(u.combiner, "omp_out = omp_in > omp_out ? omp_in : omp_out");
        assert!(u.init.is_none());
        assert!(parse("#pragma omp declare reduction(x : int)").is_err());
    }

    #[test]
    fn writes_the_functions() {
        let u = parse("#pragma omp declare reduction(merge : struct s : add(&omp_out, &omp_in)) initializer(zero(&omp_priv, \"omp_priv\"))").unwrap();
        let (text, d) = functions(&u, 3);
        assert!(text.contains("static void __attribute__((unused)) __weft_udr_combine_3_0(struct s *__weft_out, struct s *__weft_in) { add(&(*__weft_out), &(*__weft_in)); }"), "{text}");
        assert!(text.contains("zero(&(*__weft_priv), \"omp_priv\");"), "{text}");
        assert_eq!(d.per_type[0].1, "__weft_udr_combine_3_0");
        let u = parse("#pragma omp declare reduction(p : struct q : omp_out.x += omp_in.x) initializer(omp_priv = {0, omp_orig.y})").unwrap();
        let (text, _) = functions(&u, 0);
        assert!(text.contains("struct q __weft_v = {0, (*__weft_orig).y}; *__weft_priv = __weft_v;"), "{text}");
        assert!(text.contains("(*__weft_out).x += (*__weft_in).x;"), "{text}");
    }
}
