//! icx's inscan index: the last operand of a scan reduction's item and of a
//! scan clause's item, which pairs the two (OpenMP 5.1 §2.11.8).
use super::refusal::kind_err;
use crate::error::WeftError;
use crate::operand::Operand;
use crate::vocab::{ClauseKind, Modifiers};

/// icx's inscan index, the last operand of an INSCAN reduction item and of
/// an INCLUSIVE or EXCLUSIVE item (`REDUCTION.ADD:INSCAN.TYPED(ptr %x, i32 0,
/// i32 1, i64 1)`, `INCLUSIVE(ptr %x, i64 1)`): taken off the operands when
/// present (an integer after everything the item itself takes).
pub(super) fn inscan_index(
    tag: &str,
    kind: ClauseKind,
    mods: Modifiers,
    ops: &mut Vec<Operand>,
) -> Result<Option<Operand>, WeftError> {
    let scan = mods.contains(Modifiers::INSCAN) || matches!(kind, ClauseKind::Inclusive | ClauseKind::Exclusive);
    if !scan || !ops.last().is_some_and(Operand::is_int) {
        return Ok(None);
    }
    let present = if mods.contains(Modifiers::TYPED) {
        // (var, type, count[, offset]), then helpers (never integers).
        ops.len() > 3 + usize::from(mods.contains(Modifiers::ARRSECT))
    } else if mods.contains(Modifiers::ARRSECT) {
        // base, dimensions, (lower, length, stride) per dimension.
        let dims = ops.get(1).and_then(Operand::const_uint).unwrap_or(0) as usize;
        ops.len() == 3 + 3 * dims
    } else {
        ops.len() >= 2 && ops[0].is_pointer()
    };
    if !present {
        return Ok(None);
    }
    let index = ops.pop().expect("checked");
    if index.const_uint().is_none() {
        return Err(kind_err(tag, format!("the inscan index must be an integer constant, got {}", index.text)));
    }
    Ok(Some(index))
}

#[cfg(test)]
mod tests {
    use crate::error::Rule;
    use crate::model::{parse_clause, Carrier, Operand, OperandKind, ValueId};
    use crate::vocab::Arity;

    fn ptr(name: &str) -> Operand {
        Operand {
            value: ValueId(1),
            kind: OperandKind::Pointer { null: false },
            text: format!("ptr %{name}"),
            ty: "ptr".into(),
        }
    }
    fn int(n: i64, bits: u32) -> Operand {
        Operand {
            value: ValueId(100 + n as usize),
            kind: OperandKind::Int { bits, value: Some(n) },
            text: format!("i{bits} {n}"),
            ty: format!("i{bits}"),
        }
    }

    #[test]
    fn icx_inscan_indices() {
        // "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1)
        let c = parse_clause(
            "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED",
            vec![ptr("x"), int(0, 32), int(1, 32), int(1, 64)],
            Carrier::Bundle,
        )
        .unwrap();
        assert_eq!(c.items().len(), 1);
        assert_eq!(c.extra().and_then(Operand::const_uint), Some(1));
        // Without an index, a :TYPED item keeps its three operands.
        let c = parse_clause(
            "QUAL.OMP.REDUCTION.ADD:TYPED.INSCAN",
            vec![ptr("x"), int(0, 32), int(1, 32)],
            Carrier::Bundle,
        )
        .unwrap();
        assert_eq!(c.extra(), None);
        // "QUAL.OMP.INCLUSIVE"(ptr %x, i64 2) and the typed form.
        let c = parse_clause("QUAL.OMP.INCLUSIVE", vec![ptr("x"), int(2, 64)], Carrier::Bundle).unwrap();
        assert_eq!((c.items().len(), c.extra().and_then(Operand::const_uint)), (1, Some(2)));
        let ops = vec![ptr("y"), int(0, 32), int(1, 32), int(3, 64)];
        let c = parse_clause("QUAL.OMP.EXCLUSIVE:TYPED", ops, Carrier::Bundle).unwrap();
        assert_eq!(c.extra().and_then(Operand::const_uint), Some(3));
        // The paper form's list, no index.
        let c = parse_clause("QUAL.OMP.INCLUSIVE", vec![ptr("x"), ptr("y")], Carrier::Paper(Arity::List)).unwrap();
        assert_eq!((c.items().len(), c.extra()), (2, None));
        // An index names one item.
        let e = parse_clause("QUAL.OMP.INCLUSIVE", vec![ptr("x"), ptr("y"), int(1, 64)], Carrier::Bundle).unwrap_err();
        assert_eq!(e.rule, Rule::ClauseArity);
        // Not a scan clause: a trailing integer is not an index.
        let e = parse_clause("QUAL.OMP.PRIVATE", vec![ptr("x"), int(1, 64)], Carrier::Bundle).unwrap_err();
        assert_eq!(e.rule, Rule::OperandKind);
    }
}
