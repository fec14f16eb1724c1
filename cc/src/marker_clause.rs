//! One clause of a marker call, as `clauses.rs`, `allocate.rs` and
//! `udr.rs` build it and `rewrite.rs` writes it out.

/// One clause for the marker call: its name (a C string expression: a literal,
/// or a `_Generic` choosing one by the variable's type) and its operands.
#[derive(Debug, Clone, PartialEq)]
pub struct Clause {
    pub name: String,
    pub ops: Vec<String>,
}

impl Clause {
    /// The clause's QUAL name without quotes; for a name chosen by the
    /// item's type (min and max reductions: `_Generic(..., "Q:UNSIGNED",
    /// default: "Q")`), the first one, which names the same clause.
    pub fn qual(&self) -> &str {
        let n = self.name.as_str();
        let start = n.find("\"QUAL.").map_or(0, |i| i + 1);
        let n = &n[start..];
        n.find('"').map_or(n, |e| &n[..e])
    }

    pub fn new(name: &str, ops: Vec<String>) -> Clause {
        Clause { name: format!("\"{name}\""), ops }
    }
}

/// The marker calls' clause arguments: `, name, count, op...` per clause.
pub fn marker_args(clauses: &[Clause]) -> String {
    clauses
        .iter()
        .map(|c| {
            let ops: String = c.ops.iter().map(|o| format!(", {o}")).collect();
            format!(", {}, {}{ops}", c.name, c.ops.len())
        })
        .collect()
}

/// The text that opens and closes a region weft-cc adds around a
/// directive's own (a combined form's part): `{ __weft_cc_begin(...); `
/// and ` __weft_cc_end(wid); }`.
pub fn region(wid: usize, dir: &str, clauses: &[Clause]) -> (String, String) {
    let args = marker_args(clauses);
    (format!("{{ __weft_cc_begin({wid}, \"{dir}\", {}{args}); ", clauses.len()), format!(" __weft_cc_end({wid}); }}"))
}
