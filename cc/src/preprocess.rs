//! What the preprocessor (`clang -E -fopenmp`) prints of a program's
//! OpenMP pragmas: each `#pragma omp` line with its macros expanded, at the
//! file and line it came from (a `_Pragma` in a macro's expansion prints as
//! a `#pragma` line at the invocation's line), and which files are system
//! headers (flag 3 of the line markers). The AST gives where each directive
//! is, but not its clauses' text; this gives that text as clang read it.
use std::collections::HashSet;

/// One `#pragma omp` line of the output.
#[derive(Debug, Clone, PartialEq)]
pub struct PragmaLine {
    pub file: String,
    pub line: usize,
    pub text: String,
}

#[derive(Debug, Default)]
pub struct Preprocessed {
    pub pragmas: Vec<PragmaLine>,
    /// Every output line of the files that are not system headers, at the
    /// file and line it came from (pragmas included, in order).
    pub lines: Vec<PragmaLine>,
    /// The files the line markers flag as system headers.
    pub system: HashSet<String>,
    used: Vec<bool>,
}

/// A line marker `# N "file" flags...`: (N, file, flags).
fn marker(line: &str) -> Option<(usize, String, Vec<u32>)> {
    let rest = line.strip_prefix("# ")?;
    let (n, rest) = rest.split_once(' ')?;
    let n = n.parse().ok()?;
    let rest = rest.strip_prefix('"')?;
    // (The file name is a C string: `\\` and `\"` are escapes.)
    let mut file = String::new();
    let mut chars = rest.chars();
    loop {
        match chars.next()? {
            '\\' => file.push(chars.next()?),
            '"' => break,
            c => file.push(c),
        }
    }
    let flags = chars.as_str().split_whitespace().filter_map(|f| f.parse().ok()).collect();
    Some((n, file, flags))
}

pub fn parse(out: &str) -> Preprocessed {
    let mut p = Preprocessed::default();
    let (mut file, mut line, mut system) = (String::new(), 1usize, false);
    for l in out.lines() {
        if let Some((n, f, flags)) = marker(l) {
            system = flags.contains(&3);
            if system {
                p.system.insert(f.clone());
            }
            (file, line) = (f, n);
            continue;
        }
        if !system && !l.trim().is_empty() {
            p.lines.push(PragmaLine { file: file.clone(), line, text: l.trim().to_string() });
        }
        let t = l.trim_start();
        if let Some(rest) = t.strip_prefix("#pragma") {
            if rest.trim_start().starts_with("omp") && rest.starts_with(char::is_whitespace) {
                p.pragmas.push(PragmaLine { file: file.clone(), line, text: t.to_string() });
            }
        }
        line += 1;
    }
    p.used = vec![false; p.pragmas.len()];
    p
}

/// The words of a pragma after `#pragma omp`, without blanks: what two
/// spellings of one directive share.
fn words(text: &str) -> String {
    let body = text.trim_start().trim_start_matches('#').trim_start();
    let body = body.strip_prefix("pragma").unwrap_or(body).trim_start();
    let body = body.strip_prefix("omp").unwrap_or(body);
    body.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

impl Preprocessed {
    /// Every line may be taken again (for a second reading of the AST).
    pub fn reset(&mut self) {
        self.used.iter_mut().for_each(|u| *u = false);
    }

    /// Lines `first..=last` of `file` as the preprocessor printed them, on
    /// one line, each pragma written back as a `_Pragma` operator; None if
    /// it printed none of them.
    pub fn expanded_lines(&self, file: &str, first: usize, last: usize) -> Option<String> {
        let parts: Vec<String> = self
            .lines
            .iter()
            .filter(|l| l.file == file && (first..=last).contains(&l.line))
            .map(|l| match l.text.strip_prefix("#pragma") {
                Some(rest) => format!("_Pragma(\"{}\")", rest.trim().replace('\\', "\\\\").replace('"', "\\\"")),
                None => l.text.clone(),
            })
            .collect();
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    /// The expanded text of the directive `spelling` (e.g. `parallel for`)
    /// whose pragma (or macro invocation) is at `file`:`line`, each line of
    /// the output given once, in the order asked. (The preprocessor prints a
    /// `_Pragma` on a line of its own, after a line marker naming the
    /// invocation's line.) None when there is no such line: a pragma's own
    /// text is then read, and a `_Pragma` is refused.
    pub fn take(&mut self, file: &str, line: usize, spelling: &str) -> Option<String> {
        let want = words(spelling);
        let fits = |p: &PragmaLine| {
            let w = words(&p.text);
            p.file == file && p.line == line && (w == want || w.starts_with(&format!("{want} ")))
        };
        let pick = (0..self.pragmas.len()).find(|&k| !self.used[k] && fits(&self.pragmas[k]))?;
        self.used[pick] = true;
        Some(self.pragmas[pick].text.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pragmas_by_file_and_line() {
        let out = "# 1 \"m.c\"\n# 1 \"/usr/include/stdio.h\" 1 3 4\nint x;\n# 2 \"m.c\" 2\n\nint y;\n#pragma omp parallel for reduction(+:t)\n# 9 \"m.c\"\n#pragma omp parallel for\n";
        let mut p = parse(out);
        assert!(p.system.contains("/usr/include/stdio.h"));
        assert_eq!(p.take("m.c", 4, "parallel for").as_deref(), Some("#pragma omp parallel for reduction(+:t)"));
        assert_eq!(p.take("m.c", 9, "parallel for").as_deref(), Some("#pragma omp parallel for"));
        assert_eq!(p.take("m.c", 9, "parallel for"), None);
        assert_eq!(p.take("m.c", 4, "parallel"), None);
        assert_eq!(p.expanded_lines("m.c", 9, 9).as_deref(), Some("_Pragma(\"omp parallel for\")"));
        assert_eq!(
            p.expanded_lines("m.c", 3, 4).as_deref(),
            Some("int y; _Pragma(\"omp parallel for reduction(+:t)\")")
        );
    }
}
