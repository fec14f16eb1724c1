//! weft-genx-emulate: gives llvm.genx intrinsics executable semantics by
//! rewriting each call into portable LLVM IR (shufflevector, select,
//! extractelement, insertelement, compares), so GenX code runs on the CPU
//! through lli or clang. Regions follow the reference semantics: element i
//! is vector element `start/elem_bytes + (i / width) * vstride + (i % width) *
//! stride` (a per-row index gives each row its own start); a wrregion writes
//! elements in order, where the mask bit is set. Calls weft cannot emulate
//! are errors, never left behind silently.
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::intrinsics::Intrinsic;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum, VectorType};
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue, IntValue, VectorValue};
use llvm_plugin::inkwell::{FloatPredicate, IntPredicate};
use weft_intrinsics::genx::ir::{self, built, Call, PredCall, RegionCall};
use weft_intrinsics::genx::mangle::{MinMaxKind, Op, PREFIX};
use weft_intrinsics::genx::region::{Broken, Index, Kind, Mask};
use weft_intrinsics::PassResult;

use super::rewrite;

pub fn run(module: &Module<'_>) -> PassResult {
    let builder = module.get_context().create_builder();
    let mut errors = Vec::new();
    let mut changed = false;
    for f in rewrite::defined_functions(module) {
        for inst in rewrite::calls(f) {
            match emulate_call(module, &builder, inst) {
                Ok(true) => changed = true,
                Ok(false) => {}
                Err(b) => errors.push(rewrite::error(f, inst, &b)),
            }
        }
    }
    rewrite::drop_unused_genx_declarations(module);
    if errors.is_empty() {
        Ok(changed)
    } else {
        Err(errors)
    }
}

/// Replaces one call if it is an llvm.genx call; Ok(false) for other calls.
fn emulate_call<'ctx>(m: &Module<'ctx>, b: &Builder<'ctx>, inst: InstructionValue<'ctx>) -> Result<bool, Broken> {
    let Some((name, op)) = ir::genx_op(inst) else {
        let name = weft_intrinsics::ffi::called_function_name(weft_intrinsics::ffi::Value::of_instruction(inst));
        return match name {
            Some(n) if n.starts_with(PREFIX) => {
                Err(Broken::new("not-emulated", format!("{n} has no portable definition in weft-genx-emulate")))
            }
            _ => Ok(false),
        };
    };
    b.position_before(&inst);
    let e = E { m, b };
    let value = if op.is_region() {
        match ir::read_call(inst)? {
            Some(Call::Region(rc)) => e.region(&rc)?,
            Some(Call::Pred(pc)) => e.pred(&pc)?,
            None => return Err(Broken::new("internal", format!("{name} was not read as a region call"))),
        }
    } else {
        let args = ir::call_args(inst)?;
        let result = BasicTypeEnum::try_from(inst.get_type())
            .map_err(|_| Broken::new("operand-type", format!("{name} must return a value")))?;
        e.arith(op, &name, &args, result)?
    };
    rewrite::replace(inst, value)?;
    Ok(true)
}

struct E<'a, 'ctx> {
    m: &'a Module<'ctx>,
    b: &'a Builder<'ctx>,
}

/// Where a region element is: a constant element number or a computed one.
#[derive(Clone, Copy)]
enum Pos<'ctx> {
    Const(u64),
    Var(IntValue<'ctx>),
}

impl<'a, 'ctx> E<'a, 'ctx> {
    fn i32c(&self, v: u64) -> IntValue<'ctx> {
        self.m.get_context().i32_type().const_int(v, false)
    }

    fn pos_value(&self, p: Pos<'ctx>) -> IntValue<'ctx> {
        match p {
            Pos::Const(c) => self.i32c(c),
            Pos::Var(v) => v,
        }
    }

    /// A byte offset (i16) as an element number (i32): unsigned, divided by
    /// the element size.
    fn element_of(&self, bytes: IntValue<'ctx>, eb: u32) -> Result<IntValue<'ctx>, Broken> {
        let ctx = self.m.get_context();
        let shifted = if eb > 1 {
            let sh = ctx.i16_type().const_int(eb.trailing_zeros() as u64, false);
            built(self.b.build_right_shift(bytes, sh, false, "elt"))?
        } else {
            bytes
        };
        built(self.b.build_int_z_extend(shifted, ctx.i32_type(), "elt"))
    }

    fn positions(&self, rc: &RegionCall<'ctx>) -> Result<Vec<Pos<'ctx>>, Broken> {
        let a = &rc.access;
        let r = &a.region;
        let eb = a.elem.bytes();
        let mut bases: Vec<Pos<'ctx>> = Vec::new();
        match r.index {
            Index::Const(off) => bases.push(Pos::Const((off / eb as i64) as u64)),
            Index::Scalar { .. } => bases.push(Pos::Var(self.element_of(rc.index.into_int_value(), eb)?)),
            Index::PerRow { .. } => {
                let idx = rc.index.into_vector_value();
                for row in 0..r.rows() {
                    let off = built(self.b.build_extract_element(idx, self.i32c(row as u64), "row.off"))?;
                    bases.push(Pos::Var(self.element_of(off.into_int_value(), eb)?));
                }
            }
        }
        let mut out = Vec::with_capacity(r.exec as usize);
        for i in 0..r.exec {
            let base = if bases.len() == 1 { bases[0] } else { bases[(i / r.width) as usize] };
            let rel = r.rel(i);
            out.push(match base {
                Pos::Const(c) => Pos::Const(c + rel),
                Pos::Var(v) if rel == 0 => Pos::Var(v),
                Pos::Var(v) => Pos::Var(built(self.b.build_int_add(v, self.i32c(rel), "pos"))?),
            });
        }
        Ok(out)
    }

    fn shuffle_mask(&self, lanes: &[Option<u64>]) -> VectorValue<'ctx> {
        let i32t = self.m.get_context().i32_type();
        let vals: Vec<IntValue> =
            lanes.iter().map(|l| l.map(|x| i32t.const_int(x, false)).unwrap_or_else(|| i32t.get_undef())).collect();
        VectorType::const_vector(&vals)
    }

    fn lane(&self, v: BasicValueEnum<'ctx>, i: u32) -> Result<BasicValueEnum<'ctx>, Broken> {
        match v {
            BasicValueEnum::VectorValue(vv) => built(self.b.build_extract_element(vv, self.i32c(i as u64), "lane")),
            other => Ok(other),
        }
    }

    fn region(&self, rc: &RegionCall<'ctx>) -> Result<BasicValueEnum<'ctx>, Broken> {
        let a = &rc.access;
        let exec = a.region.exec;
        let pos = self.positions(rc)?;
        let consts: Option<Vec<u64>> =
            pos.iter().map(|p| if let Pos::Const(c) = p { Some(*c) } else { None }).collect();
        let src = rc.vector;
        let n = src.get_type().get_size();
        match a.kind {
            Kind::Read => {
                if rc.scalar_result {
                    return built(self.b.build_extract_element(src, self.pos_value(pos[0]), "rdregion"));
                }
                if let Some(c) = consts {
                    let mask = self.shuffle_mask(&c.iter().map(|&x| Some(x)).collect::<Vec<_>>());
                    return Ok(
                        built(self.b.build_shuffle_vector(src, src.get_type().get_poison(), mask, "rdregion"))?.into()
                    );
                }
                let et = src.get_type().get_element_type();
                let rt = ir::vec_of(et, exec).ok_or_else(|| Broken::new("internal", "non-scalar elements"))?;
                let mut acc = rt.get_undef();
                for (i, p) in pos.iter().enumerate() {
                    let e = built(self.b.build_extract_element(src, self.pos_value(*p), "rd.elt"))?;
                    acc = built(self.b.build_insert_element(acc, e, self.i32c(i as u64), "rdregion"))?;
                }
                Ok(acc.into())
            }
            Kind::Write { mask } => {
                let new = rc.new.ok_or_else(|| Broken::new("internal", "no new value"))?;
                let mask_v = rc.mask.ok_or_else(|| Broken::new("internal", "no mask"))?;
                if let (Some(c), BasicValueEnum::VectorValue(nv)) = (&consts, new) {
                    // All positions known: one shuffle merges, a select masks.
                    let wide = if exec == n {
                        nv
                    } else {
                        let m: Vec<Option<u64>> = (0..n).map(|i| (i < exec).then_some(i as u64)).collect();
                        built(self.b.build_shuffle_vector(
                            nv,
                            nv.get_type().get_poison(),
                            self.shuffle_mask(&m),
                            "wide",
                        ))?
                    };
                    let mut sel: Vec<Option<u64>> = (0..n as u64).map(Some).collect();
                    for (i, &p) in c.iter().enumerate() {
                        sel[p as usize] = Some(n as u64 + i as u64);
                    }
                    let merged = built(self.b.build_shuffle_vector(src, wide, self.shuffle_mask(&sel), "wrregion"))?;
                    return Ok(match mask {
                        Mask::All => merged.into(),
                        Mask::Scalar => built(self.b.build_select(mask_v.into_int_value(), merged, src, "wrregion"))?,
                        Mask::Vector => {
                            let mv = mask_v.into_vector_value();
                            let mut lanes: Vec<Option<u64>> = vec![Some(exec as u64); n as usize];
                            for (i, &p) in c.iter().enumerate() {
                                lanes[p as usize] = Some(i as u64);
                            }
                            let zero = mv.get_type().const_zero();
                            let wide_mask =
                                built(self.b.build_shuffle_vector(mv, zero, self.shuffle_mask(&lanes), "mask"))?;
                            built(self.b.build_select(wide_mask, merged, src, "wrregion"))?
                        }
                    });
                }
                // Element by element, in order (later elements win, as in the reference).
                let mut acc = src;
                for (i, p) in pos.iter().enumerate() {
                    let at = self.pos_value(*p);
                    let mut val = self.lane(new, i as u32)?;
                    let bit = match mask {
                        Mask::All => None,
                        Mask::Scalar => Some(mask_v.into_int_value()),
                        Mask::Vector => Some(self.lane(mask_v, i as u32)?.into_int_value()),
                    };
                    if let Some(bit) = bit {
                        let cur = built(self.b.build_extract_element(acc, at, "cur"))?;
                        val = built(self.b.build_select(bit, val, cur, "wr.elt"))?;
                    }
                    acc = built(self.b.build_insert_element(acc, val, at, "wrregion"))?;
                }
                Ok(acc.into())
            }
        }
    }

    fn pred(&self, pc: &PredCall<'ctx>) -> Result<BasicValueEnum<'ctx>, Broken> {
        let p = &pc.access;
        let src = pc.vector;
        match pc.new {
            None => {
                let m: Vec<Option<u64>> = (p.offset..p.offset + p.exec).map(|x| Some(x as u64)).collect();
                Ok(built(self.b.build_shuffle_vector(
                    src,
                    src.get_type().get_poison(),
                    self.shuffle_mask(&m),
                    "rdpredregion",
                ))?
                .into())
            }
            Some(new) => {
                let n = p.vec_len;
                let wide = if p.exec == n {
                    new
                } else {
                    let m: Vec<Option<u64>> = (0..n).map(|i| (i < p.exec).then_some(i as u64)).collect();
                    built(self.b.build_shuffle_vector(new, new.get_type().get_poison(), self.shuffle_mask(&m), "wide"))?
                };
                let sel: Vec<Option<u64>> = (0..n)
                    .map(|i| {
                        Some(if i >= p.offset && i < p.offset + p.exec { (n + i - p.offset) as u64 } else { i as u64 })
                    })
                    .collect();
                Ok(built(self.b.build_shuffle_vector(src, wide, self.shuffle_mask(&sel), "wrpredregion"))?.into())
            }
        }
    }

    /// Applies `f` lane by lane (or once, for scalars) and rebuilds the result.
    fn lanewise(
        &self,
        args: &[BasicValueEnum<'ctx>],
        result: BasicTypeEnum<'ctx>,
        f: impl Fn(&[BasicValueEnum<'ctx>]) -> Result<BasicValueEnum<'ctx>, Broken>,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let vector = match result {
            BasicTypeEnum::VectorType(v) => Some(v),
            _ => None,
        };
        let lanes = vector.map(|v| v.get_size());
        for a in args {
            let al = match a {
                BasicValueEnum::VectorValue(v) => Some(v.get_type().get_size()),
                _ => None,
            };
            if al != lanes {
                return Err(Broken::new("operand-type", "operands and result differ in vector length"));
            }
        }
        let Some(vt) = vector else { return f(args) };
        let n = vt.get_size();
        let mut acc = vt.get_undef();
        for i in 0..n {
            let xs: Vec<_> = args.iter().map(|&a| self.lane(a, i)).collect::<Result<_, _>>()?;
            let y = f(&xs)?;
            acc = built(self.b.build_insert_element(acc, y, self.i32c(i as u64), "lane.out"))?;
        }
        Ok(acc.into())
    }

    fn arith(
        &self,
        op: Op,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
        result: BasicTypeEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let want = match op {
            Op::Sat | Op::Reduce { .. } => 1,
            _ => 2,
        };
        if args.len() != want {
            return Err(Broken::new("operand-count", format!("{name} takes {want} operands, not {}", args.len())));
        }
        let scalar_of = |t: BasicTypeEnum<'ctx>| match t {
            BasicTypeEnum::VectorType(v) => v.get_element_type(),
            other => other,
        };
        let res_elem = scalar_of(result);
        let arg_elem = scalar_of(args[0].get_type());
        match op {
            Op::Sat => self.saturate(name, args, result, arg_elem),
            Op::AddSat { result_signed, operand_signed } => {
                self.add_saturating(name, args, result, (arg_elem, res_elem), (result_signed, operand_signed))
            }
            Op::MinMax { kind, max } => self.min_max(name, args, result, arg_elem, kind, max),
            Op::Reduce { all } => self.reduce_bool(name, args, result, all),
            _ => Err(Broken::new("internal", format!("{name} is not arithmetic"))),
        }
    }

    /// Floating-point saturation to [0, 1], lane by lane.
    fn saturate(
        &self,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
        result: BasicTypeEnum<'ctx>,
        arg_elem: BasicTypeEnum<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let b = self.b;
        let BasicTypeEnum::FloatType(ft) = arg_elem else {
            return Err(Broken::new("not-emulated", format!("{name}: only floating-point saturation is emulated")));
        };
        if args[0].get_type() != result {
            return Err(Broken::new("operand-type", format!("{name} must return its operand's type")));
        }
        self.lanewise(args, result, |x| {
            let x = x[0].into_float_value();
            let (zero, one) = (ft.const_float(0.0), ft.const_float(1.0));
            // NaN compares false: saturates to 0, like the hardware.
            let gt = built(b.build_float_compare(FloatPredicate::OGT, x, zero, "sat.gt"))?;
            let lo = built(b.build_select(gt, x, zero, "sat.lo"))?.into_float_value();
            let lt = built(b.build_float_compare(FloatPredicate::OLT, lo, one, "sat.lt"))?;
            built(b.build_select(lt, lo, one, "sat"))
        })
    }

    /// Saturating addition, lane by lane, in an integer twice as wide.
    fn add_saturating(
        &self,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
        result: BasicTypeEnum<'ctx>,
        (arg_elem, res_elem): (BasicTypeEnum<'ctx>, BasicTypeEnum<'ctx>),
        (result_signed, operand_signed): (bool, bool),
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let ctx = self.m.get_context();
        let b = self.b;
        let (BasicTypeEnum::IntType(at), BasicTypeEnum::IntType(rt)) = (arg_elem, res_elem) else {
            return Err(Broken::new("operand-type", format!("{name} takes and returns integers")));
        };
        if args[1].get_type() != args[0].get_type() {
            return Err(Broken::new("operand-type", format!("{name}: both operands must have one type")));
        }
        let (ab, rb) = (at.get_bit_width(), rt.get_bit_width());
        if ![8, 16, 32, 64].contains(&ab) || ![8, 16, 32, 64].contains(&rb) {
            return Err(Broken::new(
                "operand-type",
                format!("{name}: operands and result must be i8, i16, i32 or i64, not i{ab} and i{rb}"),
            ));
        }
        let wide = ctx.custom_width_int_type(2 * ab.max(rb));
        let (lo, hi) = if result_signed {
            (
                wide.const_int((-(1i128 << (rb - 1))) as u64, true),
                wide.const_int(((1u128 << (rb - 1)) - 1) as u64, false),
            )
        } else {
            (wide.const_zero(), wide.const_int(((1u128 << rb) - 1) as u64, false))
        };
        self.lanewise(args, result, |x| {
            let ext = |v: IntValue<'ctx>| {
                if operand_signed {
                    built(b.build_int_s_extend(v, wide, "ext"))
                } else {
                    built(b.build_int_z_extend(v, wide, "ext"))
                }
            };
            let sum = built(b.build_int_add(ext(x[0].into_int_value())?, ext(x[1].into_int_value())?, "sum"))?;
            let below = built(b.build_int_compare(IntPredicate::SLT, sum, lo, "below"))?;
            let s = built(b.build_select(below, lo, sum, "clamp.lo"))?.into_int_value();
            let above = built(b.build_int_compare(IntPredicate::SGT, s, hi, "above"))?;
            let s = built(b.build_select(above, hi, s, "clamp"))?.into_int_value();
            Ok(built(b.build_int_truncate(s, rt, "add.sat"))?.into())
        })
    }

    /// Minimum or maximum, lane by lane.
    fn min_max(
        &self,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
        result: BasicTypeEnum<'ctx>,
        arg_elem: BasicTypeEnum<'ctx>,
        kind: MinMaxKind,
        max: bool,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let b = self.b;
        if args[1].get_type() != args[0].get_type() || args[0].get_type() != result {
            return Err(Broken::new(
                "not-emulated",
                format!("{name}: only min/max with one type for operands and result is emulated"),
            ));
        }
        match (kind, arg_elem) {
            (MinMaxKind::Float, BasicTypeEnum::FloatType(_)) => {
                // minnum/maxnum: a NaN operand yields the other one, as on Gen.
                let iname = if max { "llvm.maxnum" } else { "llvm.minnum" };
                let f = Intrinsic::find(iname)
                    .and_then(|i| i.get_declaration(self.m, &[arg_elem]))
                    .ok_or_else(|| Broken::new("internal", format!("no {iname} declaration")))?;
                self.lanewise(args, result, |x| {
                    built(b.build_call(f, &[x[0].into(), x[1].into()], "fminmax"))?
                        .try_as_basic_value()
                        .left()
                        .ok_or_else(|| Broken::new("internal", "minnum without a value"))
                })
            }
            (MinMaxKind::Signed | MinMaxKind::Unsigned, BasicTypeEnum::IntType(_)) => {
                let pred = match (kind == MinMaxKind::Signed, max) {
                    (true, true) => IntPredicate::SGT,
                    (true, false) => IntPredicate::SLT,
                    (false, true) => IntPredicate::UGT,
                    (false, false) => IntPredicate::ULT,
                };
                self.lanewise(args, result, |x| {
                    let (p, q) = (x[0].into_int_value(), x[1].into_int_value());
                    let c = built(b.build_int_compare(pred, p, q, "minmax.c"))?;
                    built(b.build_select(c, p, q, "minmax"))
                })
            }
            _ => Err(Broken::new("operand-type", format!("{name} has operands of the wrong kind"))),
        }
    }

    /// `all` or `any` of a vector of i1.
    fn reduce_bool(
        &self,
        name: &str,
        args: &[BasicValueEnum<'ctx>],
        result: BasicTypeEnum<'ctx>,
        all: bool,
    ) -> Result<BasicValueEnum<'ctx>, Broken> {
        let ctx = self.m.get_context();
        let b = self.b;
        let bool_t = ctx.bool_type();
        if result != bool_t.as_basic_type_enum() {
            return Err(Broken::new("operand-type", format!("{name} returns i1")));
        }
        match args[0] {
            BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 1 => Ok(i.into()),
            BasicValueEnum::VectorValue(v) if matches!(v.get_type().get_element_type(), BasicTypeEnum::IntType(t) if t.get_bit_width() == 1) =>
            {
                let n = v.get_type().get_size();
                let it = ctx.custom_width_int_type(n);
                let bits = built(b.build_bit_cast(v, it, "bits"))?.into_int_value();
                let (pred, rhs) =
                    if all { (IntPredicate::EQ, it.const_all_ones()) } else { (IntPredicate::NE, it.const_zero()) };
                Ok(built(b.build_int_compare(pred, bits, rhs, if all { "all" } else { "any" }))?.into())
            }
            _ => Err(Broken::new("operand-type", format!("{name} takes i1 or a vector of i1"))),
        }
    }
}
