//! A pragma's lists (clause arguments, variable lists, a declare
//! reduction's types), split at their top-level commas.

/// Splits at commas outside brackets (an empty last item dropped).
pub fn split_list(s: &str) -> Vec<String> {
    let mut out = split_top(s, ',');
    if out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Splits at `sep` outside brackets, every part trimmed (`a[i:n]:b` at
/// `:` is `["a[i:n]", "b"]`).
pub fn split_top(s: &str, sep: char) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0i32);
    for c in s.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur.trim().to_string());
    out
}
