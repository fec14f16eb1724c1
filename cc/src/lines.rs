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
