//! Linear variables of worksharing and simd loops: iteration k starts with
//! the value on entry plus k times the step.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::BasicType;
use llvm_plugin::inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use weft_intrinsics::Rule;

use super::context::loop_body_start;
use super::context::{err, Lowerer, Private, Res};
use super::plan::Share;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Linear variables: each iteration of the normalized loop (found by its
    /// header's test of the IV) starts with `start + iv * step`.
    pub(super) fn linear_steps(
        &self,
        starts: &[(&Private<'ctx>, PointerValue<'ctx>)],
        privs: &[Private<'ctx>],
        body: &[BasicBlock<'ctx>],
        name: &str,
    ) -> Res<()> {
        let iv = privs.iter().find(|p| p.share == Share::NormIv).expect("a loop has its IV");
        let top = loop_body_start(body, iv.copy).ok_or_else(|| {
            err(Rule::LoopForm, name, "cannot find where the loop's iterations start (its header's test of the IV)")
        })?;
        let b = self.at(top);
        let k = b.build_load(iv.ty, iv.copy, "omp.linear.k").expect("positioned").into_int_value();
        for (p, start) in starts {
            let Share::Linear { step, unit } = p.share else { unreachable!("linear only") };
            let s0 = b.build_load(p.ty, *start, "").expect("positioned");
            let v = self.linear_at(b, s0, k, (step, unit), "QUAL.OMP.LINEAR", name)?;
            b.build_store(p.copy, v).expect("positioned");
        }
        Ok(())
    }

    /// `start + k * step`: for an integer, in its type; for a pointer, `step`
    /// is in bytes (weft-cc writes a pointer's step scaled by its element's
    /// size, the IR having no element types), or in elements of the type of
    /// `unit` when given (icx's PTR_TO_PTR).
    pub(super) fn linear_at(
        &self,
        b: &Builder<'ctx>,
        start: BasicValueEnum<'ctx>,
        k: IntValue<'ctx>,
        (step, unit): (Option<weft_intrinsics::model::ValueId>, Option<weft_intrinsics::model::ValueId>),
        clause: &str,
        name: &str,
    ) -> Res<BasicValueEnum<'ctx>> {
        let e = "positioned";
        let t = match start {
            BasicValueEnum::IntValue(v) => v.get_type(),
            BasicValueEnum::PointerValue(_) => self.rt.i64,
            _ => {
                return Err(
                    err(Rule::OperandKind, clause, "a linear variable is an integer or a pointer").on_directive(name)
                )
            }
        };
        let st = match step {
            Some(id) => {
                let BasicValueEnum::IntValue(v) = self.value(id) else {
                    return Err(err(Rule::OperandKind, clause, "the step must be an integer").on_directive(name));
                };
                b.build_int_cast_sign_flag(v, t, true, "").expect(e)
            }
            None => t.const_int(1, false),
        };
        let st = match (start, unit) {
            (BasicValueEnum::PointerValue(_), Some(u)) => {
                let Some(size) = self.value(u).get_type().size_of() else {
                    return Err(err(Rule::OperandKind, clause, "the pointee type has no size").on_directive(name));
                };
                b.build_int_mul(st, b.build_int_cast_sign_flag(size, t, false, "").expect(e), "").expect(e)
            }
            (_, None) => st,
            (_, Some(_)) => {
                return Err(err(Rule::OperandKind, clause, "a PTR_TO_PTR variable holds a pointer").on_directive(name))
            }
        };
        let kk = b.build_int_cast_sign_flag(k, t, true, "").expect(e);
        let off = b.build_int_mul(kk, st, "").expect(e);
        Ok(match start {
            BasicValueEnum::PointerValue(p) => {
                // SAFETY: the address the serial loop reaches in iteration k.
                unsafe { b.build_gep(self.rt.ctx.i8_type(), p, &[off], "omp.linear") }.expect(e).into()
            }
            v => b.build_int_add(v.into_int_value(), off, "omp.linear").expect(e).into(),
        })
    }
}
