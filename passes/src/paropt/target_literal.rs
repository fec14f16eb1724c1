//! A target region's scalars passed to the kernel by value, in a
//! pointer-sized argument, as clang 16 passes them (its by-copy captures,
//! map type LITERAL: libomptarget hands the kernel the map entry's base
//! pointer itself, docs/offload.md "Map entries").
//!
//! A firstprivate variable of a scalar type no wider than a pointer (an
//! integer, a floating-point value) is read before the region and its
//! value passed; the region's copy is initialized from the argument. Passed
//! by address (`PRIVATE | TO`) instead, libomptarget 16 copies every small
//! firstprivate into one buffer, each entry `size + size % 16` bytes after
//! the last: a `char` then an `int` puts the `int` at offset 2, and a
//! kernel that reads it with a 4-byte load stops with CUDA's "misaligned
//! address" (the device_printf.c kernel at -O2 on the H200; at -O0 the
//! copy was a byte loop).
//!
//! Every value argument of a host fallback (and so of its kernel, its
//! clone) is an `i64`, narrowed again inside, as clang's kernels take
//! them: the launch's argument is the pointer-sized slot, and a kernel
//! parameter of another size would take its bytes from a layout that is
//! not the launch's.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::{BasicTypeEnum, FloatType};
use llvm_plugin::inkwell::values::{BasicValueEnum, IntValue, PointerValue};

use super::context::Lowerer;

/// Whether a value of type `ty` travels in a pointer-sized literal slot:
/// an integer of at most 64 bits, a `half`, `float` or `double`.
pub(super) fn is_literal_type(ty: BasicTypeEnum<'_>) -> bool {
    match ty {
        BasicTypeEnum::IntType(t) => t.get_bit_width() <= 64,
        BasicTypeEnum::FloatType(t) => float_bits(t).is_some(),
        _ => false,
    }
}

/// The width of `half`, `float` and `double` (a size from the type itself:
/// `size_of` is a constant expression here, not a number).
fn float_bits(t: FloatType<'_>) -> Option<u32> {
    let ctx = t.get_context();
    [(ctx.f16_type(), 16), (ctx.f32_type(), 32), (ctx.f64_type(), 64)].into_iter().find(|&(f, _)| f == t).map(|f| f.1)
}

/// `v` as the `i64` of its slot: an integer zero-extended, a
/// floating-point value's bits zero-extended. None for another type.
pub(super) fn widen<'ctx>(b: &Builder<'ctx>, v: BasicValueEnum<'ctx>) -> Option<IntValue<'ctx>> {
    if !is_literal_type(v.get_type()) {
        return None;
    }
    let int = match v {
        BasicValueEnum::IntValue(i) => i,
        BasicValueEnum::FloatValue(x) => {
            let bits = x.get_type().get_context().custom_width_int_type(float_bits(x.get_type())?);
            b.build_bit_cast(x, bits, "").ok()?.into_int_value()
        }
        _ => return None,
    };
    if int.get_type().get_bit_width() == 64 {
        return Some(int);
    }
    let i64t = int.get_type().get_context().i64_type();
    b.build_int_z_extend(int, i64t, "omp.literal.bits").ok()
}

/// What the host fallback takes for `fields`: each value in its `i64`
/// slot (`widen`), an address as it is.
pub(super) fn slots<'ctx>(b: &Builder<'ctx>, fields: &[BasicValueEnum<'ctx>]) -> Vec<BasicValueEnum<'ctx>> {
    fields.iter().map(|&v| widen(b, v).map_or(v, BasicValueEnum::from)).collect()
}

/// The value of type `ty` that `slot` (an `i64` from `widen`) carries.
pub(super) fn narrow<'ctx>(b: &Builder<'ctx>, slot: IntValue<'ctx>, ty: BasicTypeEnum<'ctx>) -> BasicValueEnum<'ctx> {
    match ty {
        BasicTypeEnum::IntType(t) if t.get_bit_width() == 64 => slot.into(),
        BasicTypeEnum::IntType(t) => b.build_int_truncate(slot, t, "omp.literal").expect("positioned").into(),
        BasicTypeEnum::FloatType(t) => {
            let width = float_bits(t).unwrap_or(64);
            let bits = t.get_context().custom_width_int_type(width);
            let int = if width == 64 { slot } else { b.build_int_truncate(slot, bits, "").expect("positioned") };
            b.build_bit_cast(int, t, "omp.literal").expect("positioned")
        }
        _ => slot.into(),
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The value of firstprivate variable `orig` of scalar type `ty`, read
    /// at the end of `before` (the directive's block, outside the body);
    /// None for a type that is not passed by value.
    pub(super) fn scalar_value(
        &self,
        orig: PointerValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        before: BasicBlock<'ctx>,
    ) -> Option<BasicValueEnum<'ctx>> {
        if !is_literal_type(ty) {
            return None;
        }
        let term = before.get_terminator()?;
        let b = self.at(term);
        b.build_load(ty, orig, &format!("{}.val", orig.get_name().to_string_lossy())).ok()
    }
}
