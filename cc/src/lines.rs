//! Positions in the source text by lines: where a pragma line starts and
//! ends (its continuation lines included) and the line of an offset.

/// Where the pragma line holding `offset` starts (its continuation lines
/// included).
pub fn pragma_start(src: &str, offset: usize) -> usize {
    let mut start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    while start >= 2 && src.as_bytes()[start - 2] == b'\\' {
        start = src[..start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
    start
}

/// The end of the pragma line that starts at `at` (past continuations),
/// before its newline.
pub fn pragma_end(src: &str, at: usize) -> usize {
    let b = src.as_bytes();
    let mut i = at;
    while i < b.len() && b[i] != b'\n' {
        i += if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
    }
    i
}

/// The 1-based line of a byte offset.
pub fn line_of(src: &str, offset: usize) -> usize {
    src.as_bytes()[..offset.min(src.len())].iter().filter(|&&c| c == b'\n').count() + 1
}

/// The end of a macro invocation whose name ends at `at`: past its
/// parenthesized arguments when a `(` follows (blanks and comments
/// between), else `at`. Clang's dump places a token of a macro's expansion
/// at the macro's name, so a node ending in `SQR(i)` would otherwise end
/// after `SQR`.
pub fn past_invocation(src: &str, at: usize) -> usize {
    let b = src.as_bytes();
    let mut i = skip_blanks(src, at);
    if b.get(i) != Some(&b'(') {
        return at;
    }
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') || b.get(i + 1) == Some(&b'/') => {
                let j = skip_blanks(src, i);
                i = j.max(i + 1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    at
}

/// Past blanks, newlines, comments and line continuations from `at`.
pub fn skip_blanks(src: &str, at: usize) -> usize {
    let b = src.as_bytes();
    let mut i = at.min(b.len());
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || (b[i] == b'\\' && b.get(i + 1) == Some(&b'\n'))) {
            i += 1;
        }
        if b[i..].starts_with(b"/*") {
            match b[i + 2..].windows(2).position(|w| w == b"*/") {
                Some(e) => i += e + 4,
                None => return b.len(),
            }
        } else if b[i..].starts_with(b"//") {
            match b[i..].iter().position(|&c| c == b'\n') {
                Some(e) => i += e,
                None => return b.len(),
            }
        } else {
            return i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invocation_arguments() {
        let s = "a = SQR(f(\")\"), 2) ; b";
        assert_eq!(past_invocation(s, 7), s.find(';').unwrap() - 1);
        assert_eq!(past_invocation("PFOR\n for (;;)", 4), 4);
        assert_eq!(past_invocation("M /* c */ (x)", 1), 13);
    }
}
