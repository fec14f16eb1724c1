//! The data-sharing items of a `simd` construct, given their types while
//! they are still the function's own locals. A simd region is lowered after
//! paropt has outlined the parallel region or task around it, where a
//! variable the team shares is a pointer read from the microtask's
//! arguments and its type can no longer be told; the `:TYPED` form keeps it
//! (the model's `(var, <value of the element type>, count)`, as icx writes
//! it). Only the plain clauses are retyped; one with modifiers stays as it is.
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum};
use weft_intrinsics::ffi;

const SIMD: &str = "DIR.OMP.SIMD";
const RETYPED: [&str; 3] = ["QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE", "QUAL.OMP.LASTPRIVATE"];

/// The clauses of directive `dir` with each plain private, firstprivate or
/// lastprivate item of a simd construct that is a local of known type as a
/// `:TYPED` clause of its own; every other clause as it was.
pub(super) fn retype<'ctx>(
    dir: &str,
    clauses: Vec<(String, Vec<BasicValueEnum<'ctx>>)>,
) -> Vec<(String, Vec<BasicValueEnum<'ctx>>)> {
    if dir != SIMD {
        return clauses;
    }
    let mut out = Vec::with_capacity(clauses.len());
    for (name, ops) in clauses {
        if !RETYPED.contains(&name.as_str()) {
            out.push((name, ops));
            continue;
        }
        let mut rest = Vec::new();
        for v in ops {
            match typed_item(v) {
                Some(item) => out.push((format!("{name}:TYPED"), item)),
                None => rest.push(v),
            }
        }
        if !rest.is_empty() {
            out.push((name, rest));
        }
    }
    out
}

/// `(var, zero of the element type, count)` for a local whose storage says
/// its type (an array by its element type and length).
fn typed_item(v: BasicValueEnum<'_>) -> Option<Vec<BasicValueEnum<'_>>> {
    let i = v.as_instruction_value()?;
    if i.get_opcode() != llvm_plugin::inkwell::values::InstructionOpcode::Alloca {
        return None;
    }
    let ty = ffi::memory_type(v)?;
    let ctx = i.get_parent()?.get_context();
    let (elem, count) = match ty {
        BasicTypeEnum::ArrayType(at) => (at.get_element_type(), at.len()),
        t => (t, 1),
    };
    Some(vec![v, zero(elem)?, ctx.i32_type().const_int(u64::from(count), false).as_basic_value_enum()])
}

fn zero(t: BasicTypeEnum<'_>) -> Option<BasicValueEnum<'_>> {
    Some(match t {
        BasicTypeEnum::IntType(t) => t.const_zero().into(),
        BasicTypeEnum::FloatType(t) => t.const_zero().into(),
        BasicTypeEnum::PointerType(t) => t.const_zero().into(),
        BasicTypeEnum::StructType(t) => t.const_zero().into(),
        BasicTypeEnum::ArrayType(t) => t.const_zero().into(),
        BasicTypeEnum::VectorType(t) => t.const_zero().into(),
    })
}
