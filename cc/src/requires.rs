//! `#pragma omp requires` (OpenMP 5.1 §2.5.1): the flags the module
//! constructor passes to `__tgt_register_requires`, as clang 16 registers
//! them: `unified_shared_memory` is OMP_REQ_UNIFIED_SHARED_MEMORY (8);
//! `unified_address` and `dynamic_allocators` leave OMP_REQ_NONE (1), as
//! clang 16's registration does; `reverse_offload` clang 16 rejects
//! itself. `atomic_default_mem_order(o)` registers nothing: it is the
//! memory order of every atomic construct of the file that states none
//! (OpenMP 5.1 §2.19.7), which weft-cc writes onto each such atomic
//! (`with_default_order`).
//!
//! weft-cc tells weft the flags through one internal global, `.omp.requires`
//! (an i64), put after the program; weft's constructor reads it
//! (docs/offload.md). clang's dump lists no clauses of the directive, so
//! they are read from the pragma's text.

/// OMP_REQ_NONE: a `requires` without a flag libomptarget checks.
const REQ_NONE: u64 = 1;
/// OMP_REQ_UNIFIED_SHARED_MEMORY.
const REQ_UNIFIED_SHARED_MEMORY: u64 = 8;

/// The flags of one `requires` directive, whose text after `requires` is
/// `rest` (to the end of the pragma), or why it is refused.
pub fn flags(rest: &str) -> Result<u64, String> {
    let mut out = REQ_NONE;
    for word in rest.split(|c: char| c.is_whitespace() || c == ',' || c == '\\').filter(|w| !w.is_empty()) {
        let name = word.split('(').next().unwrap_or(word);
        match name {
            "unified_shared_memory" => out = REQ_UNIFIED_SHARED_MEMORY,
            "unified_address" | "dynamic_allocators" => {}
            "atomic_default_mem_order" => {
                default_order(rest)?;
            }
            _ => return Err(format!("'#pragma omp requires {word}' is not supported by weft yet")),
        }
    }
    Ok(out)
}

/// The order `atomic_default_mem_order(o)` names in a `requires`
/// directive's text, if it names one.
pub fn default_order(rest: &str) -> Result<Option<&'static str>, String> {
    let squeezed: String = rest.chars().filter(|c| !c.is_whitespace() && *c != '\\').collect();
    let Some(i) = squeezed.find("atomic_default_mem_order(") else { return Ok(None) };
    let arg = squeezed[i + "atomic_default_mem_order(".len()..].split(')').next().unwrap_or("");
    match arg {
        "seq_cst" => Ok(Some("seq_cst")),
        "acq_rel" => Ok(Some("acq_rel")),
        "relaxed" => Ok(Some("relaxed")),
        other => Err(format!("atomic_default_mem_order({other}): OpenMP has seq_cst, acq_rel and relaxed")),
    }
}

/// An atomic pragma's text with the file's default memory order written
/// onto it where it states none (OpenMP 5.1 §2.19.7): `acq_rel` is
/// `acquire` on a read, `release` on a write or an update (a compare
/// without capture updates), `acq_rel` on a capture.
pub fn with_default_order(pragma: &str, default: Option<&str>) -> String {
    let Some(order) = default else { return pragma.to_string() };
    let words: Vec<&str> =
        pragma.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    let orders = ["seq_cst", "acq_rel", "acquire", "release", "relaxed"];
    if words.iter().any(|w| orders.contains(w)) {
        return pragma.to_string();
    }
    let has = |w: &str| words.contains(&w);
    let order = match order {
        "acq_rel" if has("capture") => "acq_rel",
        "acq_rel" if has("read") => "acquire",
        "acq_rel" => "release",
        o => o,
    };
    // (Before a line continuation's end: the pragma's last line.)
    format!("{} {order}", pragma.trim_end())
}

/// The text of a pragma from `at` (where its directive name begins) to
/// the end of its line, continuation lines joined, after `requires`.
pub fn clauses_text(text: &str, at: usize) -> &str {
    let tail = text.get(at..).unwrap_or("");
    let mut end = 0;
    let bytes = tail.as_bytes();
    while end < bytes.len() && bytes[end] != b'\n' {
        end += 1;
        if end < bytes.len() && bytes[end] == b'\n' && bytes[end - 1] == b'\\' {
            end += 1;
        }
    }
    let line = &tail[..end];
    line.strip_prefix("requires").unwrap_or(line)
}

/// The C put after the program: the flags for weft's constructor, when
/// the file states `requires` (none: weft registers OMP_REQ_NONE).
pub fn global(flags: Option<u64>) -> String {
    match flags {
        None => String::new(),
        Some(f) => format!(
            "\nstatic const long long __weft_cc_requires __asm__(\".omp.requires\") __attribute__((used)) = {f};\n"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_as_clang_16_registers_them() {
        assert_eq!(flags(" unified_shared_memory"), Ok(8));
        assert_eq!(flags(" unified_address, dynamic_allocators"), Ok(1));
        assert_eq!(flags(" unified_address unified_shared_memory"), Ok(8));
        assert_eq!(flags(" atomic_default_mem_order(seq_cst)"), Ok(1));
        assert!(flags(" atomic_default_mem_order(acquire)").unwrap_err().contains("acquire"));
        assert_eq!(default_order(" atomic_default_mem_order( acq_rel )"), Ok(Some("acq_rel")));
        assert!(flags(" reverse_offload").is_err());
    }

    #[test]
    fn default_orders() {
        let d = Some("acq_rel");
        assert_eq!(with_default_order("#pragma omp atomic read", d), "#pragma omp atomic read acquire");
        assert_eq!(with_default_order("#pragma omp atomic", d), "#pragma omp atomic release");
        assert_eq!(with_default_order("#pragma omp atomic capture", d), "#pragma omp atomic capture acq_rel");
        assert_eq!(with_default_order("#pragma omp atomic relaxed", d), "#pragma omp atomic relaxed");
        assert_eq!(with_default_order("#pragma omp atomic write", Some("seq_cst")), "#pragma omp atomic write seq_cst");
        assert_eq!(with_default_order("#pragma omp atomic", None), "#pragma omp atomic");
    }

    #[test]
    fn clauses_text_to_the_end_of_the_pragma() {
        let t = "#pragma omp requires unified_address \\\n unified_shared_memory\nint x;";
        assert_eq!(flags(clauses_text(t, 12)), Ok(8));
        assert_eq!(global(None), "");
        assert!(global(Some(8)).contains("= 8;"));
    }
}
