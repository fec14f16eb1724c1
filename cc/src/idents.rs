//! C text with some of its identifiers replaced: a declared reduction's
//! `omp_in`/`omp_out` (udr.rs), a mapper's variable (mapper.rs).
//! An identifier is replaced whole, outside string and character literals,
//! and not where it is a member name (after `.` or `->`).

/// `text` with each identifier `to` answers for replaced by the answer.
pub fn replace<'a>(text: &str, to: impl Fn(&str) -> Option<&'a str>) -> String {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'"' || c == b'\'' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push_str(&text[start..i]);
        } else if ident(c) && (i == 0 || !ident(b[i - 1])) {
            let start = i;
            while i < b.len() && ident(b[i]) {
                i += 1;
            }
            let word = &text[start..i];
            let before = text[..start].trim_end();
            let member = before.ends_with('.') || before.ends_with("->");
            out.push_str(if member { word } else { to(word).unwrap_or(word) });
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn whole_identifiers_outside_literals_and_members() {
        let r = super::replace("v.v[0:v.len] + \"v\" + 'v' + vv + p->v", |w| (w == "v").then_some("s"));
        assert_eq!(r, "s.v[0:s.len] + \"v\" + 'v' + vv + p->v");
    }
}
