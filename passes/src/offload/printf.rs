//! `printf` in a device kernel (docs/offload-device.md, "printf"). CUDA's
//! device `printf` is `vprintf(format, buffer)`: the arguments after the
//! format packed in a buffer, each promoted as C promotes a variadic
//! argument and at its natural alignment (a struct of them). clang 16
//! calls it through the device runtime's `__llvm_omp_vprintf(format,
//! buffer, size)` for OpenMP (a null buffer and 0 without arguments), and
//! so does weft: each `printf(format, args...)` call of the device module
//! (C's, as the host IR has it) becomes that call on a struct of its
//! arguments in the calling function's entry block; the result is
//! `vprintf`'s. The format string is a constant global the clone keeps.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::targets::TargetData;
use llvm_plugin::inkwell::types::{AnyTypeEnum, BasicTypeEnum};
use llvm_plugin::inkwell::values::{
    BasicValue, BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::{ffi, Rule, WeftError};

use std::collections::BTreeSet;

use super::walk;
use crate::paropt::runtime::{Rt, Runtime};

/// The C library function this file rewrites.
pub const PRINTF: &str = "printf";

pub fn is_printf(callee: &str) -> bool {
    callee == PRINTF
}

/// How one argument reaches the buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Promote {
    /// As it is (`int`, `long`, `double`, a pointer).
    Keep,
    /// A narrower integer to `int`: sign- or zero-extended, as the call's
    /// `signext`/`zeroext` says (sign without either: C's `char` and
    /// `short` are signed on the targets weft supports; an `i1` zero).
    Sext,
    Zext,
    /// `float` (or `half`) to `double`.
    Fpext,
}

fn promotion<'ctx>(
    ctx: ContextRef<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    call: CallSiteValue<'ctx>,
    arg: u32,
) -> Option<Promote> {
    match ty {
        BasicTypeEnum::IntType(t) if t.get_bit_width() < 32 => {
            let zext = Attribute::get_named_enum_kind_id("zeroext");
            // (A `bool` is 0 or 1 as an int.)
            let unsigned = t.get_bit_width() == 1;
            Some(if unsigned || call.get_enum_attribute(AttributeLoc::Param(arg), zext).is_some() {
                Promote::Zext
            } else {
                Promote::Sext
            })
        }
        BasicTypeEnum::IntType(t) if matches!(t.get_bit_width(), 32 | 64) => Some(Promote::Keep),
        BasicTypeEnum::FloatType(t) if t == ctx.f64_type() => Some(Promote::Keep),
        BasicTypeEnum::FloatType(t) if t == ctx.f32_type() || t == ctx.f16_type() => Some(Promote::Fpext),
        BasicTypeEnum::PointerType(_) => Some(Promote::Keep),
        _ => None,
    }
}

/// Every `printf` call of the device functions (named in `functions`), or
/// the refusal of the first one weft cannot rewrite.
pub fn plan(m: &Module<'_>, functions: &BTreeSet<String>) -> Result<usize, WeftError> {
    let mut calls = 0;
    for f in functions.iter().filter_map(|n| m.get_function(n)) {
        let fname = f.get_name().to_string_lossy().into_owned();
        for i in walk::instructions(f) {
            if !walk::callee(i).as_deref().is_some_and(is_printf) {
                continue;
            }
            let refuse = |detail: String| {
                WeftError::new(Rule::NotYetSupported, "a call to 'printf' in a device kernel", detail)
                    .on_directive("DIR.OMP.TARGET")
                    .in_function(&fname)
            };
            let c_printf = m.get_function(PRINTF).is_some_and(|g| {
                let t = g.get_type();
                t.is_var_arg() && t.get_param_types().len() == 1 && t.get_param_types()[0].is_pointer_type()
            });
            if i.get_opcode() != InstructionOpcode::Call || !c_printf {
                return Err(refuse("a 'printf' that is not C's int printf(const char *, ...) called directly".into()));
            }
            let call = CallSiteValue::try_from(i).map_err(|_| refuse("not a call".into()))?;
            for (k, a) in ffi::argument_values(i).into_iter().enumerate().skip(1) {
                let Some(a) = a else { return Err(refuse(format!("argument {k} is not a value"))) };
                if promotion(m.get_context(), a.get_type(), call, k as u32).is_none() {
                    return Err(refuse(format!(
                        "argument {k} of type {} (the device's printf takes C's promoted int, long, double and pointers)",
                        a.get_type().print_to_string().to_string_lossy()
                    )));
                }
            }
            calls += 1;
        }
    }
    Ok(calls)
}

/// Each `printf` call of `dev` made `__llvm_omp_vprintf` on a buffer of its
/// promoted arguments (the plan accepted every one).
pub fn build(rt: &Runtime<'_, '_>) {
    let dev = rt.module;
    let layout = dev.get_data_layout();
    let td = TargetData::create(&layout.as_str().to_string_lossy());
    for f in dev.get_functions().filter(|f| f.count_basic_blocks() > 0) {
        for i in walk::instructions(f) {
            if walk::callee(i).as_deref().is_some_and(is_printf) {
                rewrite(rt, &td, f, i);
            }
        }
    }
}

/// One call: the buffer filled before it, then the runtime's vprintf.
fn rewrite<'ctx>(rt: &Runtime<'_, 'ctx>, td: &TargetData, f: FunctionValue<'ctx>, i: InstructionValue<'ctx>) {
    let ctx = rt.ctx;
    let call = CallSiteValue::try_from(i).expect("the plan checked the call");
    let args: Vec<BasicValueEnum<'ctx>> = ffi::argument_values(i).into_iter().flatten().collect();
    let b = ctx.create_builder();
    b.position_before(&i);
    let mut values = Vec::new();
    for (k, &a) in args.iter().enumerate().skip(1) {
        let v = match promotion(ctx, a.get_type(), call, k as u32).expect("the plan checked the argument") {
            Promote::Keep => a,
            Promote::Sext => b.build_int_s_extend(a.into_int_value(), rt.i32, "printf.arg").expect("positioned").into(),
            Promote::Zext => b.build_int_z_extend(a.into_int_value(), rt.i32, "printf.arg").expect("positioned").into(),
            Promote::Fpext => {
                b.build_float_ext(a.into_float_value(), ctx.f64_type(), "printf.arg").expect("positioned").into()
            }
        };
        values.push(v);
    }
    let (buf, size) = if values.is_empty() {
        (rt.ptr.const_null(), rt.i32.const_zero())
    } else {
        let types: Vec<BasicTypeEnum<'ctx>> = values.iter().map(|v| v.get_type()).collect();
        let st = ctx.struct_type(&types, false);
        let entry = f.get_first_basic_block().expect("a body");
        let eb = ctx.create_builder();
        match entry.get_first_instruction() {
            Some(first) => eb.position_before(&first),
            None => eb.position_at_end(entry),
        }
        let buf = eb.build_alloca(st, "printf.args").expect("positioned");
        for (k, v) in values.iter().enumerate() {
            let slot = b.build_struct_gep(st, buf, k as u32, "").expect("a field of the struct");
            b.build_store(slot, *v).expect("positioned");
        }
        let bytes = td.get_abi_size(&AnyTypeEnum::StructType(st));
        (buf, rt.i32.const_int(bytes, false))
    };
    let r = rt.call_i32(&b, Rt::Vprintf, &[args[0], buf.into(), size.into()]);
    i.replace_all_uses_with(&r.as_instruction_value().expect("a call"));
    i.erase_from_basic_block();
}
