//! Scan reductions as plain data (OpenMP 5.1 §2.11.8 `scan`, §2.21.5.4
//! the `inscan` reduction modifier): the rules a loop with inscan
//! reductions and its scan directive must keep, checked before any IR
//! changes. The lowering is `paropt::scan`.
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum};
use weft_intrinsics::model::{Item, ValueId};
use weft_intrinsics::vocab::{ClauseKind, DirKind, Modifiers, ReductionOp};
use weft_intrinsics::{ffi, Rule, WeftError};

use super::construct::Construct;
use crate::wregion::{Analysis, WRegion};

/// The spelling of the region's first clause of `kind`, for messages.
fn spelling(r: &WRegion, pred: impl Fn(ClauseKind, Modifiers) -> bool, or: &str) -> String {
    r.directive.clauses.iter().find(|c| pred(c.kind, c.modifiers)).map_or(or.to_string(), |c| c.spelling.clone())
}

fn inscan_spelling(r: &WRegion) -> String {
    spelling(r, |k, m| matches!(k, ClauseKind::Reduction(_)) && m.contains(Modifiers::INSCAN), "QUAL.OMP.REDUCTION")
}

fn not_allowed(clause: impl Into<String>, on: &str, detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::ClauseNotAllowed, clause, detail).on_directive(on)
}

/// Whether region `r` has a reduction with the inscan modifier.
pub(crate) fn has_inscan(r: &WRegion) -> bool {
    r.env.reductions.iter().any(|red| red.modifiers.contains(Modifiers::INSCAN))
}

/// The rules a region's own clauses keep: inscan reductions only on the
/// loops OpenMP allows, all of the construct's reductions inscan, no
/// schedule or ordered beside them, and the items weft lowers; a scan
/// directive names items, all inclusive or all exclusive.
pub(crate) fn check_clauses(r: &WRegion, construct: Construct) -> Result<(), WeftError> {
    let name = r.kind.begin_name();
    if construct == Construct::Scan && r.env.scan.is_empty() {
        return Err(WeftError::new(
            Rule::ClauseNotAllowed,
            name,
            "a scan directive takes exactly one of INCLUSIVE or EXCLUSIVE, with a list (OpenMP 5.1 §2.11.8)",
        ));
    }
    if !has_inscan(r) {
        return Ok(());
    }
    let clause = inscan_spelling(r);
    let allowed = matches!(
        r.kind,
        DirKind::Loop | DirKind::ParallelLoop | DirKind::LoopSimd | DirKind::ParallelLoopSimd | DirKind::Simd
    );
    if !allowed {
        return Err(not_allowed(
            clause,
            name,
            "the inscan modifier is allowed on for, simd, for simd, parallel for and parallel for simd only \
             (OpenMP 5.1 §2.21.5.4)",
        ));
    }
    if let Some(plain) = r.env.reductions.iter().find(|red| !red.modifiers.contains(Modifiers::INSCAN)) {
        let c = spelling(r, |k, m| k == ClauseKind::Reduction(plain.op) && !m.contains(Modifiers::INSCAN), "");
        return Err(not_allowed(
            c,
            name,
            "a reduction without the inscan modifier may not be on a construct with an inscan reduction \
             (OpenMP 5.1 §2.21.5.4)",
        ));
    }
    if r.kind.is_worksharing_loop() {
        let banned = |k: ClauseKind| matches!(k, ClauseKind::Schedule(_) | ClauseKind::Ordered);
        if let Some(c) = r.directive.clauses.iter().find(|c| banned(c.kind)) {
            return Err(not_allowed(
                c.spelling.as_str(),
                name,
                "neither schedule nor ordered may be on a worksharing loop with an inscan reduction \
                 (OpenMP 5.1 §2.11.4)",
            ));
        }
    }
    for red in r.env.reductions.iter() {
        let why = if red.op == ReductionOp::Udr || matches!(red.item, Item::NonPod { .. }) {
            Some("user-defined scan reductions")
        } else if red.modifiers.contains(Modifiers::BYREF) {
            Some("scan reductions of BYREF items")
        } else if matches!(red.item, Item::ArrSect { .. })
            || red.modifiers.contains(Modifiers::ARRSECT)
            || matches!(&red.item, Item::Var { typed: Some(t), .. }
                if t.offset.is_some() || t.count.as_ref().and_then(|c| c.const_uint()) != Some(1))
        {
            Some("scan reductions of arrays and array sections")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(WeftError::new(Rule::NotYetSupported, clause, why).on_directive(name));
        }
    }
    Ok(())
}

/// The variable an item names, seen through weft-prepare's renames (a
/// nested region's clauses name the enclosing regions' renames, a rename of
/// a rename where regions nest).
fn base_var(values: &ffi::Handles<'_>, id: ValueId) -> ValueId {
    let mut v = values.basic_value(id);
    loop {
        let BasicValueEnum::PointerValue(p) = v else { break };
        let Some(i) = p.as_instruction_value() else { break };
        let rename =
            ffi::called_function_name(ffi::Value::of_instruction(i)).as_deref() == Some(crate::prepare::rename::RENAME);
        match i.get_operand(0).and_then(|o| o.left()).filter(|_| rename) {
            Some(arg) => v = arg,
            None => break,
        }
    }
    ffi::Value::of(v).id()
}

/// Whether a scan clause's item and a loop's inscan reduction item are one:
/// the same inscan index where both have one, else the same variable.
fn pairs(
    values: &ffi::Handles<'_>,
    scan: &crate::wregion::env::ScanItem,
    red: &crate::wregion::env::Reduction,
) -> bool {
    match (&scan.index, &red.index) {
        (Some(a), Some(b)) => a.const_uint() == b.const_uint(),
        _ => base_var(values, scan.item.var().value) == base_var(values, red.item.var().value),
    }
}

/// The rules between a loop with inscan reductions and its scan directive:
/// a scan is closely nested in such a loop and names only its inscan items;
/// such a loop has exactly one scan directive, which names every one of them.
pub(crate) fn check_nesting(a: &Analysis<'_>, r: usize) -> Result<(), WeftError> {
    let reg = &a.graph.regions[r];
    let name = reg.kind.begin_name();
    if reg.kind == DirKind::Scan {
        let clause = spelling(reg, |k, _| matches!(k, ClauseKind::Inclusive | ClauseKind::Exclusive), name);
        let Some(p) = reg.parent.map(|p| &a.graph.regions[p]).filter(|p| has_inscan(p)) else {
            return Err(not_allowed(
                clause,
                name,
                "a scan directive must be closely nested in a for, simd or for simd loop with an inscan \
                 reduction (OpenMP 5.1 §2.11.8)",
            ));
        };
        if let Some(s) = reg.env.scan.iter().find(|s| !p.env.reductions.iter().any(|red| pairs(&a.scan.values, s, red)))
        {
            let index =
                s.index.as_ref().and_then(|i| i.const_uint()).map_or(String::new(), |i| format!(" (inscan index {i})"));
            return Err(not_allowed(
                clause,
                name,
                format!(
                    "{}{index} is not an inscan reduction item of the enclosing {} (OpenMP 5.1 §2.11.8)",
                    s.item.var().text,
                    p.kind.begin_name()
                ),
            ));
        }
        return Ok(());
    }
    if !has_inscan(reg) {
        return Ok(());
    }
    let clause = inscan_spelling(reg);
    let scans: Vec<&WRegion> =
        reg.children.iter().map(|&c| &a.graph.regions[c]).filter(|c| c.kind == DirKind::Scan).collect();
    let scan = match scans.as_slice() {
        [one] => one,
        // (A simd loop weft-vectorize meets after the optimizer removed it as
        // dead code, scan directive and all: nothing left to scan.)
        [] if reg.kind.is_simd_only() && !has_cycle(a, reg) => return Ok(()),
        [] => {
            return Err(not_allowed(
                clause,
                name,
                "a loop with an inscan reduction needs one scan directive in its body, separating the input \
                 phase from the scan phase (OpenMP 5.1 §2.11.8)",
            ))
        }
        _ => {
            return Err(not_allowed(
                "DIR.OMP.SCAN",
                name,
                format!("{} scan directives in one loop: its body has exactly one (OpenMP 5.1 §2.11.8)", scans.len()),
            ))
        }
    };
    if scan.env.scan.is_empty() {
        // (The scan directive's own error.)
        return check_clauses(scan, Construct::Scan);
    }
    if let Some(red) =
        reg.env.reductions.iter().find(|red| !scan.env.scan.iter().any(|s| pairs(&a.scan.values, s, red)))
    {
        let index =
            red.index.as_ref().and_then(|i| i.const_uint()).map_or(String::new(), |i| format!(" (inscan index {i})"));
        return Err(not_allowed(
            clause,
            name,
            format!(
                "{}{index} is an inscan reduction item that the scan directive does not name (OpenMP 5.1 §2.21.5.4)",
                red.item.var().text
            ),
        ));
    }
    Ok(())
}

/// Whether region `reg`'s blocks hold a cycle (a loop is left in it).
fn has_cycle(a: &Analysis<'_>, reg: &WRegion) -> bool {
    let inside = |b: usize| reg.blocks.contains(&b);
    // (0: not seen, 1: on the path, 2: done.)
    let mut state = vec![0u8; a.scan.blocks.len()];
    for &root in &reg.blocks {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some((b, k)) = stack.pop() {
            match a.scan.blocks[b].succs.get(k).copied() {
                Some(s) => {
                    stack.push((b, k + 1));
                    if !inside(s) {
                        continue;
                    }
                    match state[s] {
                        1 => return true,
                        0 => {
                            state[s] = 1;
                            stack.push((s, 0));
                        }
                        _ => {}
                    }
                }
                None => state[b] = 2,
            }
        }
    }
    false
}
