//! The predefined reduction operators on one value: each operator's
//! identity and how two partial results combine (OpenMP's table of
//! reduction identifiers).
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::BasicValueEnum;
use llvm_plugin::inkwell::{FloatPredicate, IntPredicate};
use weft_intrinsics::vocab::ReductionOp;

/// The identity of `op` on `ty` (None if `op` does not apply to `ty`).
pub(super) fn reduction_identity<'ctx>(
    ty: BasicTypeEnum<'ctx>,
    op: ReductionOp,
    unsigned: bool,
) -> Option<BasicValueEnum<'ctx>> {
    use ReductionOp as R;
    match ty {
        BasicTypeEnum::IntType(t) => {
            let bits = t.get_bit_width();
            let v = match op {
                R::Add | R::Sub | R::Or | R::Bor | R::Bxor => t.const_zero(),
                R::Mul | R::And => t.const_int(1, false),
                R::Band => t.const_all_ones(),
                // LOGICAL: .TRUE. as ifx writes it (all ones), .FALSE. as 0.
                R::Eqv => t.const_all_ones(),
                R::Neqv => t.const_zero(),
                R::Max if unsigned => t.const_zero(),
                R::Max => t.const_int(1u64 << (bits - 1), false),
                R::Min if unsigned => t.const_all_ones(),
                R::Min => t.const_int(if bits >= 64 { i64::MAX as u64 } else { (1u64 << (bits - 1)) - 1 }, false),
                R::Udr => return None,
            };
            Some(v.into())
        }
        BasicTypeEnum::FloatType(t) => Some(
            match op {
                R::Add | R::Sub => t.const_float(0.0),
                // (C's && and || apply to any arithmetic type: the result
                // is 0 or 1, stored back in the floating-point variable.)
                R::Mul | R::And => t.const_float(1.0),
                R::Or => t.const_float(0.0),
                R::Max => t.const_float(f64::NEG_INFINITY),
                R::Min => t.const_float(f64::INFINITY),
                _ => return None,
            }
            .into(),
        ),
        _ => None,
    }
}

/// `x op y`.
pub(super) fn combine<'ctx>(
    b: &Builder<'ctx>,
    op: ReductionOp,
    unsigned: bool,
    x: BasicValueEnum<'ctx>,
    y: BasicValueEnum<'ctx>,
) -> BasicValueEnum<'ctx> {
    use ReductionOp as R;
    let ok = "positioned";
    match (x, y) {
        (BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => {
            let t = x.get_type();
            let v = match op {
                R::Add | R::Sub => b.build_int_add(x, y, "red").expect(ok),
                R::Mul => b.build_int_mul(x, y, "red").expect(ok),
                R::Band => b.build_and(x, y, "red").expect(ok),
                R::Bor => b.build_or(x, y, "red").expect(ok),
                R::Bxor => b.build_xor(x, y, "red").expect(ok),
                R::And | R::Or => {
                    let zx = b.build_int_compare(IntPredicate::NE, x, t.const_zero(), "").expect(ok);
                    let zy = b.build_int_compare(IntPredicate::NE, y, t.const_zero(), "").expect(ok);
                    let c = if op == R::And {
                        b.build_and(zx, zy, "").expect(ok)
                    } else {
                        b.build_or(zx, zy, "").expect(ok)
                    };
                    b.build_int_z_extend(c, t, "red").expect(ok)
                }
                R::Eqv | R::Neqv => {
                    // On truth values (non-zero is true), written back as 0
                    // or all ones: ifx's .FALSE. and .TRUE.
                    let zx = b.build_int_compare(IntPredicate::NE, x, t.const_zero(), "").expect(ok);
                    let zy = b.build_int_compare(IntPredicate::NE, y, t.const_zero(), "").expect(ok);
                    let pred = if op == R::Eqv { IntPredicate::EQ } else { IntPredicate::NE };
                    let c = b.build_int_compare(pred, zx, zy, "").expect(ok);
                    b.build_int_s_extend(c, t, "red").expect(ok)
                }
                R::Max | R::Min => {
                    let pred = match (op, unsigned) {
                        (R::Max, false) => IntPredicate::SGT,
                        (R::Max, true) => IntPredicate::UGT,
                        (_, false) => IntPredicate::SLT,
                        (_, true) => IntPredicate::ULT,
                    };
                    let c = b.build_int_compare(pred, x, y, "").expect(ok);
                    b.build_select(c, x, y, "red").expect(ok).into_int_value()
                }
                R::Udr => unreachable!("refused by the plan"),
            };
            v.into()
        }
        (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => match op {
            R::Add | R::Sub => b.build_float_add(x, y, "red").expect(ok).into(),
            R::Mul => b.build_float_mul(x, y, "red").expect(ok).into(),
            R::Max | R::Min => {
                let pred = if op == R::Max { FloatPredicate::OGT } else { FloatPredicate::OLT };
                let c = b.build_float_compare(pred, x, y, "").expect(ok);
                b.build_select(c, x, y, "red").expect(ok)
            }
            R::And | R::Or => {
                // A value is true when it is not 0 (NaN included: unordered
                // or not equal).
                let t = x.get_type();
                let zx = b.build_float_compare(FloatPredicate::UNE, x, t.const_zero(), "").expect(ok);
                let zy = b.build_float_compare(FloatPredicate::UNE, y, t.const_zero(), "").expect(ok);
                let c = if op == R::And { b.build_and(zx, zy, "") } else { b.build_or(zx, zy, "") }.expect(ok);
                b.build_unsigned_int_to_float(c, t, "red").expect(ok).into()
            }
            _ => unreachable!("refused by reduction_identity"),
        },
        _ => unreachable!("reduction types are checked"),
    }
}
