//! A reduction's atomic combine in a device kernel, a warp at a time. The
//! host lowering combines each thread's copy into the variable with one
//! `atomicrmw` (paropt/reduction_atomic.rs, marked with its operator); on
//! the GPU every thread of the league does so at the kernel's end, all
//! into one address, and the atomics queue behind each other. Each such
//! `atomicrmw` becomes a call of a helper that, when the whole warp is
//! there and names one address (`activemask`, a `vote.all` on the
//! address lane 0 holds), combines the 32 values with `shfl.sync.down`
//! and lets lane 0 alone do the atomic: 32 times fewer atomics. A warp
//! that is not whole, or whose lanes name several addresses, does the
//! atomic per lane, as before.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::intrinsics::Intrinsic;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::{BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{
    BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi;

use super::plan;
use crate::paropt::reduction_atomic::{rmw_of_name, REDUCTION_MD};

/// The marked reduction atomics of `dev`, each with its operator.
fn marked<'ctx>(dev: &Module<'ctx>) -> Vec<(InstructionValue<'ctx>, String)> {
    let kind = dev.get_context().get_kind_id(REDUCTION_MD);
    let mut out = Vec::new();
    for f in dev.get_functions() {
        for i in plan::instructions(f) {
            if i.get_opcode() != InstructionOpcode::AtomicRMW {
                continue;
            }
            let Some(md) = i.get_metadata(kind) else { continue };
            let op = md.get_node_values().first().and_then(|v| {
                let v = v.into_metadata_value();
                v.get_string_value().map(|s| s.to_string_lossy().into_owned())
            });
            if let Some(op) = op {
                out.push((i, op));
            }
        }
    }
    out
}

/// Every marked reduction atomic of `dev` through its warp helper.
pub fn warp_combines(dev: &Module<'_>) {
    for (i, op) in marked(dev) {
        let (Some(p), Some(v)) = (i.get_operand(0).and_then(|o| o.left()), i.get_operand(1).and_then(|o| o.left()))
        else {
            continue;
        };
        let Some(helper) = helper(dev, &op, v.get_type()) else { continue };
        let b = dev.get_context().create_builder();
        b.position_before(&i);
        b.build_call(helper, &[p.into(), v.into()], "").expect("positioned");
        // (The combine's old value is never read.)
        i.erase_from_basic_block();
    }
}

/// The helper for operator `op` on values of type `ty` (i32, i64, float,
/// double), made once per module.
fn helper<'ctx>(dev: &Module<'ctx>, op: &str, ty: BasicTypeEnum<'ctx>) -> Option<FunctionValue<'ctx>> {
    let ctx = dev.get_context();
    let (bits, float) = match ty {
        BasicTypeEnum::IntType(t) if matches!(t.get_bit_width(), 32 | 64) => (t.get_bit_width(), false),
        BasicTypeEnum::FloatType(t) => match t.print_to_string().to_str() {
            Ok("float") => (32, true),
            Ok("double") => (64, true),
            _ => return None,
        },
        _ => return None,
    };
    if float && op != "fadd" || !float && op == "fadd" || !matches!(bits, 32 | 64) {
        return None;
    }
    let name = format!("__weft_warp_{op}_{}{bits}", if float { "f" } else { "i" });
    if let Some(f) = dev.get_function(&name) {
        return Some(f);
    }
    let ptr = ctx.ptr_type(Default::default());
    let f = dev.add_function(&name, ctx.void_type().fn_type(&[ptr.into(), ty.into()], false), Some(Linkage::Internal));
    for a in ["convergent", "nounwind"] {
        f.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(a), 0));
    }
    build_helper(dev, f, op, ty, bits)?;
    Some(f)
}

/// Calls intrinsic `name` (overloaded on nothing).
fn call<'ctx>(
    dev: &Module<'ctx>,
    b: &Builder<'ctx>,
    name: &str,
    args: &[BasicValueEnum<'ctx>],
) -> Option<BasicValueEnum<'ctx>> {
    let f = Intrinsic::find(name)?.get_declaration(dev, &[])?;
    let args: Vec<_> = args.iter().map(|&a| a.into()).collect();
    b.build_call(f, &args, "").ok()?.try_as_basic_value().left()
}

/// `v` from lane + `delta` (32- or 64-bit, through i32 halves).
fn shuffle_down<'ctx>(dev: &Module<'ctx>, b: &Builder<'ctx>, v: IntValue<'ctx>, delta: u64) -> Option<IntValue<'ctx>> {
    let ctx = dev.get_context();
    let i32t = ctx.i32_type();
    let all = i32t.const_all_ones().into();
    let (d, c) = (i32t.const_int(delta, false).into(), i32t.const_int(0x1f, false).into());
    let shfl = |x: IntValue<'ctx>| -> Option<IntValue<'ctx>> {
        Some(call(dev, b, "llvm.nvvm.shfl.sync.down.i32", &[all, x.into(), d, c])?.into_int_value())
    };
    if v.get_type().get_bit_width() == 32 {
        return shfl(v);
    }
    let i64t = ctx.i64_type();
    let lo = b.build_int_truncate(v, i32t, "").ok()?;
    let hi = b.build_int_truncate(b.build_right_shift(v, i64t.const_int(32, false), false, "").ok()?, i32t, "").ok()?;
    let (lo, hi) = (shfl(lo)?, shfl(hi)?);
    let lo = b.build_int_z_extend(lo, i64t, "").ok()?;
    let hi = b.build_left_shift(b.build_int_z_extend(hi, i64t, "").ok()?, i64t.const_int(32, false), "").ok()?;
    b.build_or(hi, lo, "").ok()
}

/// `x op y` on the helper's values.
fn combine<'ctx>(
    b: &Builder<'ctx>,
    op: &str,
    x: BasicValueEnum<'ctx>,
    y: BasicValueEnum<'ctx>,
) -> Option<BasicValueEnum<'ctx>> {
    if op == "fadd" {
        return Some(b.build_float_add(x.into_float_value(), y.into_float_value(), "").ok()?.into());
    }
    let (x, y) = (x.into_int_value(), y.into_int_value());
    let pick = |p: IntPredicate| -> Option<BasicValueEnum<'ctx>> {
        let c = b.build_int_compare(p, x, y, "").ok()?;
        b.build_select(c, x, y, "").ok()
    };
    Some(match op {
        "add" => b.build_int_add(x, y, "").ok()?.into(),
        "and" => b.build_and(x, y, "").ok()?.into(),
        "or" => b.build_or(x, y, "").ok()?.into(),
        "xor" => b.build_xor(x, y, "").ok()?.into(),
        "max" => pick(IntPredicate::SGT)?,
        "min" => pick(IntPredicate::SLT)?,
        "umax" => pick(IntPredicate::UGT)?,
        "umin" => pick(IntPredicate::ULT)?,
        _ => return None,
    })
}

/// The helper's body: the warp's tree when it is whole and names one
/// address, the lane's own atomic otherwise.
fn build_helper<'ctx>(
    dev: &Module<'ctx>,
    f: FunctionValue<'ctx>,
    op: &str,
    ty: BasicTypeEnum<'ctx>,
    bits: u32,
) -> Option<()> {
    let ctx = dev.get_context();
    let (i32t, i64t) = (ctx.i32_type(), ctx.i64_type());
    let bt: IntType<'ctx> = ctx.custom_width_int_type(bits);
    let (p, v) = (f.get_nth_param(0)?.into_pointer_value(), f.get_nth_param(1)?);
    let b = ctx.create_builder();
    let entry = ctx.append_basic_block(f, "entry");
    let same = ctx.append_basic_block(f, "warp.same");
    let tree = ctx.append_basic_block(f, "warp.tree");
    let lane0 = ctx.append_basic_block(f, "warp.lane0");
    let own = ctx.append_basic_block(f, "warp.own");
    let done = ctx.append_basic_block(f, "done");
    b.position_at_end(entry);
    // (LLVM 16 has no intrinsic for PTX's `activemask`: inline assembly.)
    let mask_ty = i32t.fn_type(&[], false);
    let asm = ctx.create_inline_asm(mask_ty, "activemask.b32 $0;".into(), "=r".into(), true, false, None, false);
    let mask =
        b.build_indirect_call(mask_ty, asm, &[], "warp.mask").ok()?.try_as_basic_value().left()?.into_int_value();
    let whole = b.build_int_compare(IntPredicate::EQ, mask, i32t.const_all_ones(), "").ok()?;
    b.build_conditional_branch(whole, same, own).ok()?;
    // One address for the warp: lane 0's, the same in every lane.
    b.position_at_end(same);
    let addr = b.build_ptr_to_int(p, i64t, "").ok()?;
    let all = i32t.const_all_ones().into();
    let idx = |x: IntValue<'ctx>| -> Option<IntValue<'ctx>> {
        let zero = i32t.const_zero().into();
        Some(
            call(dev, &b, "llvm.nvvm.shfl.sync.idx.i32", &[all, x.into(), zero, i32t.const_int(0x1f, false).into()])?
                .into_int_value(),
        )
    };
    let lo = idx(b.build_int_truncate(addr, i32t, "").ok()?)?;
    let hi = idx(b
        .build_int_truncate(b.build_right_shift(addr, i64t.const_int(32, false), false, "").ok()?, i32t, "")
        .ok()?)?;
    let first = b
        .build_or(
            b.build_left_shift(b.build_int_z_extend(hi, i64t, "").ok()?, i64t.const_int(32, false), "").ok()?,
            b.build_int_z_extend(lo, i64t, "").ok()?,
            "",
        )
        .ok()?;
    let mine = b.build_int_compare(IntPredicate::EQ, addr, first, "").ok()?;
    let agree = call(dev, &b, "llvm.nvvm.vote.all.sync", &[all, mine.into()])?.into_int_value();
    b.build_conditional_branch(agree, tree, own).ok()?;
    // The tree: 16, 8, 4, 2, 1.
    b.position_at_end(tree);
    let mut acc = v;
    for delta in [16u64, 8, 4, 2, 1] {
        let as_int = if ty.is_float_type() {
            b.build_bit_cast(acc, bt, "").ok()?.into_int_value()
        } else {
            acc.into_int_value()
        };
        let other = shuffle_down(dev, &b, as_int, delta)?;
        let other: BasicValueEnum<'ctx> =
            if ty.is_float_type() { b.build_bit_cast(other, ty, "").ok()? } else { other.into() };
        acc = combine(&b, op, acc, other)?;
    }
    let lane = call(dev, &b, "llvm.nvvm.read.ptx.sreg.laneid", &[])?.into_int_value();
    let is0 = b.build_int_compare(IntPredicate::EQ, lane, i32t.const_zero(), "").ok()?;
    b.build_conditional_branch(is0, lane0, done).ok()?;
    for (bb, value) in [(lane0, acc), (own, v)] {
        b.position_at_end(bb);
        let br = b.build_unconditional_branch(done).ok()?;
        atomic_before(&b, br, p, value, op)?;
    }
    b.position_at_end(done);
    b.build_return(None).ok()?;
    Some(())
}

/// The combine's atomic before `at`.
fn atomic_before<'ctx>(
    b: &Builder<'ctx>,
    at: InstructionValue<'ctx>,
    p: PointerValue<'ctx>,
    v: BasicValueEnum<'ctx>,
    op: &str,
) -> Option<()> {
    use llvm_plugin::inkwell::{AtomicOrdering, AtomicRMWBinOp as A};
    let rmw = rmw_of_name(op)?;
    if rmw == A::FAdd {
        // (inkwell builds integer atomics only.)
        ffi::float_atomic_add(at, p, v.into_float_value());
        return Some(());
    }
    b.position_before(&at);
    b.build_atomicrmw(rmw, p, v.into_int_value(), AtomicOrdering::Monotonic).ok()?;
    Some(())
}
