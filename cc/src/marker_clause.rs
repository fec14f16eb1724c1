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
    pub fn new(name: &str, ops: Vec<String>) -> Clause {
        Clause { name: format!("\"{name}\""), ops }
    }
}
