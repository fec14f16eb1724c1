//! The rules that decide, on plain data, whether two adjacent parallel
//! regions may become one (Tian et al. 2016, Figure 2): what may sit
//! between them, which clauses move onto the worksharing loops, and which
//! data-sharing combinations make a merge change what the program computes.
use llvm_plugin::inkwell::values::BasicValueEnum;
use weft_intrinsics::ffi::Value;

use super::clauses::RawClause;

/// Clauses a combined `parallel loop` may carry into a merge: the shared
/// list goes onto the one parallel region, the others stay with their loop.
const MOVABLE: &[&str] = &[
    "QUAL.OMP.SHARED",
    "QUAL.OMP.PRIVATE",
    "QUAL.OMP.FIRSTPRIVATE",
    "QUAL.OMP.NORMALIZED.IV",
    "QUAL.OMP.NORMALIZED.UB",
    "QUAL.OMP.COLLAPSE",
];

/// Why a clause keeps any parallel region (combined or plain) apart, or
/// None: an operand that is not a value, a team setting (they belong to the
/// fork: one fork cannot honour two), a reduction.
pub fn team_clause_refusal(c: &RawClause<'_>) -> Option<String> {
    let base = c.base();
    if c.values.iter().any(Option::is_none) {
        return Some(format!("{base} has an operand that is not a value"));
    }
    if ["QUAL.OMP.IF", "QUAL.OMP.NUM_THREADS", "QUAL.OMP.PROC.BIND", "QUAL.OMP.PROC_BIND"]
        .iter()
        .any(|t| base.starts_with(t))
    {
        return Some(format!(
            "{base} sets the team of its region (regions with their own team settings are not merged)"
        ));
    }
    if base.starts_with("QUAL.OMP.REDUCTION") {
        return Some(format!("{base}: a reduction's value is only complete at the end of its region"));
    }
    None
}

/// Why a clause keeps its region apart, or None if it may be merged.
pub fn clause_refusal(c: &RawClause<'_>) -> Option<String> {
    if let Some(why) = team_clause_refusal(c) {
        return Some(why);
    }
    let base = c.base();
    if base.starts_with("QUAL.OMP.LASTPRIVATE") {
        return Some(format!("{base}: the last iteration's value is written back at the end of its region"));
    }
    if base == "QUAL.OMP.ORDERED" {
        return Some(format!("{base}: ordered loops are not merged"));
    }
    if base == "QUAL.OMP.SHARED" && c.tag != base {
        return Some(format!("{}: shared items with modifiers are not merged", c.tag));
    }
    if MOVABLE.contains(&base) || base.starts_with("QUAL.OMP.SCHEDULE.") {
        return None;
    }
    Some(format!("{base} is not a clause weft-regionopt moves"))
}

/// The operands of the clauses whose tag (without modifiers) is one of `bases`.
pub fn items<'ctx>(clauses: &[RawClause<'ctx>], bases: &[&str]) -> Vec<BasicValueEnum<'ctx>> {
    clauses.iter().filter(|c| bases.contains(&c.base())).flat_map(|c| c.values.iter().flatten().copied()).collect()
}

/// A variable's name for a remark.
pub fn name_of(v: BasicValueEnum<'_>) -> String {
    match v {
        BasicValueEnum::PointerValue(p) if !p.get_name().to_bytes().is_empty() => {
            format!("'{}'", p.get_name().to_string_lossy())
        }
        BasicValueEnum::PointerValue(_) => "an unnamed variable".into(),
        _ => "an operand".into(),
    }
}

/// A variable shared by one region and private (or firstprivate) in the
/// other: merged, the two would disagree on which copy a thread sees.
pub fn sharing_conflict(first: &[RawClause<'_>], second: &[RawClause<'_>]) -> Option<String> {
    const PRIVATE: &[&str] = &["QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE"];
    for (a, b) in [(first, second), (second, first)] {
        let shared: Vec<Value> = items(a, &["QUAL.OMP.SHARED"]).into_iter().map(Value::of).collect();
        if let Some(v) = items(b, PRIVATE).into_iter().find(|&v| shared.contains(&Value::of(v))) {
            return Some(format!("{} is shared in one region and private in the other", name_of(v)));
        }
    }
    None
}
