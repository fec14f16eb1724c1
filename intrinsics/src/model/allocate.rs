//! `QUAL.OMP.ALLOCATE` (OpenMP 5.1 §2.13.4, the allocate clause): one
//! variable per clause, as icx writes it, `(iN alignment, ptr var[,
//! allocator])`, and icx's older layout without the alignment, `(ptr var[,
//! allocator])`. The alignment is a constant (a power of two; 0 or the
//! variable's own alignment when the program gave none), the allocator an
//! `omp_allocator_handle_t`: a predefined allocator's constant handle
//! (`omp_default_mem_alloc` = 1 ... `omp_thread_mem_alloc` = 8), or a
//! value (`omp_init_allocator`'s), an integer or a pointer; none means
//! `omp_null_allocator`, the thread's default allocator.
use super::item::Item;
use super::refusal::{arity_err, kind_err};
use crate::error::WeftError;
use crate::operand::{Operand, OperandKind};

/// An ALLOCATE clause's item and how its private copies are allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// The variable (an `Item::Var` without `:TYPED`).
    pub item: Item,
    /// The alignment the copy needs, in bytes (None: the variable's own).
    pub align: Option<Operand>,
    /// The allocator handle (None: the default allocator).
    pub allocator: Option<Operand>,
}

impl Allocation {
    /// The alignment asked for, in bytes (0: none beyond the variable's own).
    pub fn align_bytes(&self) -> u64 {
        self.align.as_ref().and_then(Operand::const_uint).unwrap_or(0)
    }
}

pub(super) fn parse(tag: &str, ops: Vec<Operand>) -> Result<Allocation, WeftError> {
    let mut it = ops.into_iter();
    let first = it.next().ok_or_else(|| arity_err(tag, "names no variable"))?;
    // (An integer first is the alignment: a variable is a pointer.)
    let (align, var) = if first.is_int() {
        let var =
            it.next().ok_or_else(|| arity_err(tag, format!("names no variable after its alignment {}", first.text)))?;
        (Some(first), var)
    } else {
        (None, first)
    };
    let allocator = it.next();
    if let Some(more) = it.next() {
        return Err(arity_err(
            tag,
            format!("takes (alignment, variable[, allocator]), one variable per clause; unexpected {}", more.text),
        ));
    }
    if let Some(a) = &align {
        // (LLVM's largest alignment is 2^32.)
        if !a.const_uint().is_some_and(|n| n == 0 || n.is_power_of_two() && n <= 1 << 32) {
            return Err(kind_err(
                tag,
                format!("the alignment must be a constant power of two up to 2^32 (or 0), got {}", a.text),
            ));
        }
    }
    if !matches!(var.kind, OperandKind::Pointer { null: false }) {
        return Err(kind_err(
            tag,
            format!("the item must be a variable passed by reference (a non-null pointer), got {}", var.text),
        ));
    }
    if let Some(h) = &allocator {
        if !(h.is_int() || h.is_pointer()) {
            return Err(kind_err(
                tag,
                format!("the allocator must be an omp_allocator_handle_t (an integer or a pointer), got {}", h.text),
            ));
        }
    }
    let align = align.filter(|a| a.const_uint() != Some(0));
    Ok(Allocation { item: Item::Var { var, typed: None }, align, allocator })
}

#[cfg(test)]
mod tests {
    use super::super::{parse_clause, Args, Carrier, ValueId};
    use super::*;
    use crate::error::Rule;
    use crate::vocab::Arity;

    fn op(n: usize, kind: OperandKind, text: &str) -> Operand {
        Operand { value: ValueId(n), kind, text: text.into(), ty: String::new() }
    }
    fn ptr(n: usize) -> Operand {
        op(n, OperandKind::Pointer { null: false }, "ptr %x")
    }
    fn int(v: i64) -> Operand {
        op(100 + v as usize, OperandKind::Int { bits: 64, value: Some(v) }, &format!("i64 {v}"))
    }
    fn alloc(ops: Vec<Operand>) -> Result<Allocation, WeftError> {
        match parse_clause("QUAL.OMP.ALLOCATE", ops, Carrier::Bundle)?.args {
            Args::Allocate(a) => Ok(a),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn icx_layouts() {
        // (alignment, variable, allocator)
        let a = alloc(vec![int(16), ptr(1), int(2)]).unwrap();
        assert_eq!((a.align_bytes(), a.item.var().value, a.allocator.unwrap().const_int()), (16, ValueId(1), Some(2)));
        // (alignment, variable): the default allocator; 0 asks for nothing.
        let a = alloc(vec![int(0), ptr(1)]).unwrap();
        assert_eq!((a.align, a.allocator), (None, None));
        // The older layout: (variable[, allocator]), a run-time handle.
        let h = op(7, OperandKind::Int { bits: 64, value: None }, "i64 %h");
        let a = alloc(vec![ptr(1), h]).unwrap();
        assert_eq!((a.align, a.allocator.map(|o| o.value)), (None, Some(ValueId(7))));
        assert!(alloc(vec![ptr(1)]).is_ok());
        // The paper form carries it through qual.opndlist.
        let c = parse_clause("QUAL.OMP.ALLOCATE", vec![int(8), ptr(1), int(5)], Carrier::Paper(Arity::List)).unwrap();
        assert_eq!(c.items().len(), 1);
    }

    #[test]
    fn malformed_items() {
        let e = |ops| alloc(ops).unwrap_err().rule;
        assert_eq!(e(vec![]), Rule::ClauseArity);
        assert_eq!(e(vec![int(8)]), Rule::ClauseArity);
        assert_eq!(e(vec![int(8), ptr(1), int(1), ptr(2)]), Rule::ClauseArity);
        assert_eq!(e(vec![int(12), ptr(1)]), Rule::OperandKind);
        assert_eq!(e(vec![int(1 << 40), ptr(1)]), Rule::OperandKind);
        let n = op(7, OperandKind::Int { bits: 64, value: None }, "i64 %n");
        assert_eq!(e(vec![n, ptr(1)]), Rule::OperandKind);
        assert_eq!(e(vec![int(8), op(3, OperandKind::Pointer { null: true }, "ptr null")]), Rule::OperandKind);
        assert_eq!(e(vec![int(8), ptr(1), op(4, OperandKind::Float, "double 1.0")]), Rule::OperandKind);
        assert_eq!(
            parse_clause("QUAL.OMP.ALLOCATE:TYPED", vec![ptr(1)], Carrier::Bundle).unwrap_err().rule,
            Rule::UnknownModifier
        );
    }
}
