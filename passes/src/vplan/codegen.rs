//! Vector code from an analyzed VPlan (component VII): the original
//! instructions are widened, what analysis added (masks, blends, safe
//! divisors, the all-false bypass) is emitted from the VPlan, in a new
//! vector loop before the original one, which stays as the scalar epilogue:
//!
//! ```text
//! preheader:     n = trips - 1 rounded down to a multiple of VF
//!                br n == 0, scalar.ph, vector.ph
//! vector.ph:     splats, reduction accumulators (the start in lane 0)
//! vector.body:   vi = 0, VF, ...; the if-converted body; br vi + VF == n
//! vector.middle: reductions across lanes
//! scalar.ph:     header phis resume: start + n * step, the reduced values
//! (the original loop runs the last 1..VF iterations)
//! ```
//!
//! The scalar loop always runs at least once, so whatever the code after
//! the loop reads from it (lastprivate values, LCSSA phis) comes from the
//! sequentially last iteration as before. Both loops are marked vectorized.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::types::{BasicTypeEnum, VectorType};
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode as O, InstructionValue, IntValue, PhiValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, widen, SimdLoop};

use super::build::Llvm;
use super::cost::{Choice, Division};
use super::plan::{Bin, Ir, Ix, Kind, New, Opc, Operand, Recurrence, RedOp, Shape, VPlan};

type Plan<'ctx> = VPlan<Llvm<'ctx>>;
type Op<'ctx> = Operand<<Llvm<'ctx> as Ir>::Value>;

/// What the code generator cannot emit, checked before the IR changes.
pub fn check(plan: &Plan<'_>) -> Result<(), String> {
    for &i in &plan.blocks[0].insts {
        let inst = &plan.insts[i];
        // (An inner loop's phis need no role: every lane runs each iteration.)
        if inst.kind == Kind::Original(Opc::Phi)
            && !matches!(
                inst.recurrence,
                Some(Recurrence::Induction { .. } | Recurrence::Reduction(_) | Recurrence::LastValue)
            )
        {
            return Err(format!(
                "{} carries a value from one iteration to the next that is neither an induction nor a reduction",
                inst.name
            ));
        }
    }
    for l in &plan.loops {
        if plan.blocks[l.header].bypass || plan.blocks[l.latch].bypass {
            return Err("an inner loop's header or latch under an all-false bypass".into());
        }
    }
    // Every operand is emitted before its use, in the order codegen emits.
    let mut defined = vec![false; plan.insts.len()];
    for b in &plan.blocks {
        for &i in &b.insts {
            if plan.is_header_phi(i) {
                // (Its value from the latch comes last; it is defined when
                // its header is reached, before any use.)
                defined[i] = true;
                continue;
            }
            if let Some(Operand::Inst(d)) =
                plan.insts[i].ops.iter().find(|o| matches!(o, Operand::Inst(d) if !defined[*d]))
            {
                return Err(format!(
                    "{} uses {} before the VPlan computes it",
                    plan.insts[i].name, plan.insts[*d].name
                ));
            }
            defined[i] = true;
        }
    }
    for (i, inst) in plan.insts.iter().enumerate() {
        let Some(orig) = inst.orig else { continue };
        let ty_ok = matches!(
            orig.get_type(),
            llvm_plugin::inkwell::types::AnyTypeEnum::IntType(_)
                | llvm_plugin::inkwell::types::AnyTypeEnum::FloatType(_)
                | llvm_plugin::inkwell::types::AnyTypeEnum::PointerType(_)
                | llvm_plugin::inkwell::types::AnyTypeEnum::VoidType(_)
        );
        if !ty_ok {
            return Err(format!("{} computes an aggregate or vector value", inst.name));
        }
        match inst.kind {
            Kind::Original(Opc::Other) => return Err(format!("{} has no vector form", inst.name)),
            Kind::Original(Opc::Call { pure: false }) => {
                return Err(format!("{} is a call with side effects", inst.name))
            }
            Kind::Original(Opc::Store { .. }) if plan.shape(&inst.ops[1]) == Shape::Uniform => {
                return Err(format!("{} stores to the same address in every iteration", inst.name))
            }
            Kind::Original(Opc::Phi) if inst.recurrence.is_none() && !plan.is_header_phi(i) => {
                return Err(format!("{} is a phi that if-conversion left", inst.name))
            }
            _ => {}
        }
    }
    Ok(())
}

#[derive(Clone, Copy, Default)]
struct Val<'ctx> {
    scalar: Option<BasicValueEnum<'ctx>>,
    vector: Option<BasicValueEnum<'ctx>>,
}

struct Gen<'a, 'ctx> {
    ctx: ContextRef<'ctx>,
    b: Builder<'ctx>,
    plan: &'a Plan<'ctx>,
    vf: u32,
    division: Division,
    wide_division: Division,
    /// In a masked remainder: the lanes before the end (every memory access
    /// and division runs under it).
    tail: Option<BasicValueEnum<'ctx>>,
    vals: Vec<Val<'ctx>>,
    /// Splats of values from outside the loop, made in vector.ph.
    splats: Vec<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)>,
    /// vector.ph's terminator.
    ph_end: InstructionValue<'ctx>,
    /// The placeholder terminator of the block being filled: code goes before it.
    cursor: InstructionValue<'ctx>,
}

fn vector_type<'ctx>(t: BasicTypeEnum<'ctx>, vf: u32) -> VectorType<'ctx> {
    match t {
        BasicTypeEnum::IntType(t) => t.vec_type(vf),
        BasicTypeEnum::FloatType(t) => t.vec_type(vf),
        BasicTypeEnum::PointerType(t) => t.vec_type(vf),
        BasicTypeEnum::VectorType(t) => t,
        BasicTypeEnum::ArrayType(_) | BasicTypeEnum::StructType(_) => unreachable!("checked: no aggregates"),
    }
}

fn basic(i: InstructionValue<'_>) -> BasicValueEnum<'_> {
    BasicValueEnum::try_from(i.as_any_value_enum()).expect("an instruction with a value")
}

impl<'a, 'ctx> Gen<'a, 'ctx> {
    fn here(&self) -> &Builder<'ctx> {
        self.b.position_before(&self.cursor);
        &self.b
    }

    fn scalar(&self, o: &Op<'ctx>) -> BasicValueEnum<'ctx> {
        match o {
            Operand::Outside(v) => *v,
            Operand::Inst(i) => self.vals[*i].scalar.expect("a uniform or linear value has its lane 0"),
        }
    }

    fn vector(&mut self, o: &Op<'ctx>) -> BasicValueEnum<'ctx> {
        match o {
            Operand::Outside(v) => {
                if let Some(&(_, s)) = self.splats.iter().find(|(x, _)| x == v) {
                    return s;
                }
                let s = widen::splat(*v, self.vf, self.ph_end);
                self.splats.push((*v, s));
                s
            }
            Operand::Inst(i) => {
                if let Some(v) = self.vals[*i].vector {
                    return v;
                }
                let lane0 = self.vals[*i].scalar.expect("a value is emitted before its uses");
                let v = match self.plan.insts[*i].shape {
                    Shape::Linear(s) => widen::lanes(lane0, s, self.vf, self.cursor),
                    _ => widen::splat(lane0, self.vf, self.cursor),
                };
                self.vals[*i].vector = Some(v);
                v
            }
        }
    }

    /// The value an operand needs where scalars are allowed (uniform), else its vector.
    fn scalar_or_vector(&mut self, o: &Op<'ctx>) -> BasicValueEnum<'ctx> {
        if self.plan.shape(o) == Shape::Uniform {
            self.scalar(o)
        } else {
            self.vector(o)
        }
    }

    fn all_true(&self) -> BasicValueEnum<'ctx> {
        let t = self.ctx.bool_type().const_all_ones();
        let lanes: Vec<IntValue<'ctx>> = (0..self.vf).map(|_| t).collect();
        VectorType::const_vector(&lanes).into()
    }

    /// The original instruction again on scalar operands, with or without a
    /// value (a call may have none).
    fn clone_scalar_any(
        &self,
        orig: InstructionValue<'ctx>,
        ops: &[BasicValueEnum<'ctx>],
    ) -> Option<BasicValueEnum<'ctx>> {
        let c = orig.explicit_clone();
        for (k, v) in ops.iter().enumerate() {
            c.set_operand(k as u32, *v);
        }
        self.here().insert_instruction(&c, None);
        BasicValueEnum::try_from(c.as_any_value_enum()).ok()
    }

    /// The original instruction again, on scalar operands (a uniform value,
    /// or lane 0 of a linear one).
    fn clone_scalar(&self, orig: InstructionValue<'ctx>, ops: &[BasicValueEnum<'ctx>]) -> BasicValueEnum<'ctx> {
        let c = orig.explicit_clone();
        for (k, v) in ops.iter().enumerate() {
            c.set_operand(k as u32, *v);
        }
        self.here().insert_instruction(&c, None);
        basic(c)
    }

    fn emit(&mut self, i: Ix) -> Result<(), String> {
        let mut inst = self.plan.insts[i].clone();
        inst.name = inst.name.trim_start_matches('%').to_string();
        let ops = inst.ops.clone();
        match inst.kind {
            Kind::New(k) => {
                let v = match k {
                    New::AllTrue => self.all_true(),
                    New::MaskNot => {
                        let m = self.vector(&ops[0]).into_vector_value();
                        let t = self.all_true().into_vector_value();
                        self.here().build_xor(m, t, &inst.name).expect("positioned").into()
                    }
                    // As selects, not and/or: a condition computed in a
                    // lane that is off may be poison, which must not reach
                    // the mask (a branch on any lane of it).
                    New::MaskAnd | New::MaskOr => {
                        let a = self.vector(&ops[0]).into_vector_value();
                        let c = self.vector(&ops[1]).into_vector_value();
                        let bits = a.get_type().const_zero();
                        let (t, f) =
                            if k == New::MaskAnd { (c, bits) } else { (self.all_true().into_vector_value(), c) };
                        self.here().build_select(a, t, f, &inst.name).expect("positioned")
                    }
                    New::LiveOut => {
                        let so_far = self.vector(&ops[0]);
                        let v = self.vector(&ops[1]);
                        let leave = self.vector(&ops[2]).into_vector_value();
                        self.here().build_select(leave, v, so_far, &inst.name).expect("positioned")
                    }
                    New::LoopMask | New::LiveOutPhi => unreachable!("made with their loop's header"),
                    New::SafeDivisor => {
                        let d = self.vector(&ops[0]);
                        let m = self.vector(&ops[1]).into_vector_value();
                        let BasicTypeEnum::VectorType(vt) = d.get_type() else { unreachable!("a vector") };
                        let one = vt.get_element_type().into_int_type().const_int(1, false);
                        let ones: Vec<IntValue<'ctx>> = (0..self.vf).map(|_| one).collect();
                        let ones = VectorType::const_vector(&ones);
                        self.here().build_select(m, d.into_vector_value(), ones, &inst.name).expect("positioned")
                    }
                    New::AnyActive => {
                        let m = self.vector(&ops[0]);
                        let any = widen::any_lane(m, self.cursor);
                        self.vals[i].scalar = Some(any.into());
                        return Ok(());
                    }
                    New::Blend => {
                        let mut acc = self.vector(&ops[0]);
                        for pair in ops[2..].chunks(2) {
                            let v = self.vector(&pair[0]);
                            let m = self.vector(&pair[1]).into_vector_value();
                            acc = self.here().build_select(m, v, acc, &inst.name).expect("positioned");
                        }
                        acc
                    }
                };
                self.vals[i].vector = Some(v);
                Ok(())
            }
            Kind::Original(opc) => {
                let orig = inst.orig.expect("an original instruction");
                if inst.shape == Shape::Uniform || matches!(inst.shape, Shape::Linear(_)) {
                    // (Linear: lane 0 here, the other lanes from it on demand.)
                    let scalars: Vec<BasicValueEnum<'ctx>> = ops.iter().map(|o| self.scalar(o)).collect();
                    self.vals[i].scalar = Some(self.clone_scalar(orig, &scalars));
                    return Ok(());
                }
                let v = match opc {
                    // Lanes a few elements apart, every lane running: one
                    // wide load and a shuffle rather than a gather.
                    Opc::Load { size }
                        if inst.mask.is_none()
                            && self.tail.is_none()
                            && matches!(self.plan.shape(&ops[0]), Shape::Linear(s) if s > size as i64 && s % size as i64 == 0 && s / (size as i64) <= 4) =>
                    {
                        let Shape::Linear(s) = self.plan.shape(&ops[0]) else { unreachable!("matched") };
                        let k = (s / size as i64) as u32;
                        let lane0 = self.scalar(&ops[0]);
                        Some(widen::strided_load(orig, lane0, k, self.vf, self.cursor))
                    }
                    Opc::Load { size } => {
                        let consecutive = self.plan.shape(&ops[0]) == Shape::Linear(size as i64);
                        let addr = if consecutive { self.scalar(&ops[0]) } else { self.vector(&ops[0]) };
                        let mask = self.lanes_on(inst.mask);
                        Some(widen::load(orig, addr, consecutive, mask, self.vf, self.cursor))
                    }
                    Opc::Store { size } => {
                        let val = self.vector(&ops[0]);
                        let consecutive = self.plan.shape(&ops[1]) == Shape::Linear(size as i64);
                        let addr = if consecutive { self.scalar(&ops[1]) } else { self.vector(&ops[1]) };
                        let mask = self.lanes_on(inst.mask);
                        widen::store(orig, val, addr, consecutive, mask, self.cursor);
                        None
                    }
                    Opc::Binary(Bin::IntDiv) => Some(self.divide(orig, &ops, inst.mask)?),
                    // Under a mask (or past the end), a call that may trap
                    // on what an inactive lane holds: the active lanes only.
                    Opc::Call { .. } if !inst.speculatable && self.lanes_on(inst.mask).is_some() => {
                        let on = self.lanes_on(inst.mask).expect("checked");
                        Some(self.per_active_lane(orig, &ops, on))
                    }
                    Opc::Call { .. } if !ffi::call_has_vector_form(orig, self.vf) => self.scalarize(orig, &ops),
                    Opc::Call { .. } => {
                        let mut args = Vec::new();
                        for (k, o) in ops.iter().enumerate() {
                            args.push(if ffi::call_scalar_operand(orig, k as u32) {
                                self.scalar(o)
                            } else {
                                self.vector(o)
                            });
                        }
                        Some(self.widen_op(orig, &args)?)
                    }
                    // (A getelementptr mixes scalar and vector operands.)
                    Opc::Gep { .. } => {
                        let args: Vec<BasicValueEnum<'ctx>> = ops.iter().map(|o| self.scalar_or_vector(o)).collect();
                        Some(self.widen_op(orig, &args)?)
                    }
                    // A select's condition may stay scalar; its arms are vectors.
                    Opc::Select => {
                        let c = self.scalar_or_vector(&ops[0]);
                        let (t, f) = (self.vector(&ops[1]), self.vector(&ops[2]));
                        Some(self.widen_op(orig, &[c, t, f])?)
                    }
                    Opc::Phi => unreachable!("header phis are emitted first; others are blends"),
                    _ => {
                        let args: Vec<BasicValueEnum<'ctx>> = ops.iter().map(|o| self.vector(o)).collect();
                        Some(self.widen_op(orig, &args)?)
                    }
                };
                self.vals[i].vector = v;
                Ok(())
            }
        }
    }

    fn widen_op(
        &self,
        orig: InstructionValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
    ) -> Result<BasicValueEnum<'ctx>, String> {
        self.here();
        widen::op(orig, args, self.vf, self.cursor).ok_or_else(|| format!("{:?} has no vector form", orig.get_opcode()))
    }

    /// A pure call with no vector form, lane by lane.
    fn scalarize(&mut self, orig: InstructionValue<'ctx>, ops: &[Op<'ctx>]) -> Option<BasicValueEnum<'ctx>> {
        let vecs: Vec<Option<BasicValueEnum<'ctx>>> =
            ops.iter().map(|o| (self.plan.shape(o) != Shape::Uniform).then(|| self.vector(o))).collect();
        let ty = BasicTypeEnum::try_from(orig.get_type()).ok();
        let mut acc = ty.map(|t| vector_type(t, self.vf).get_undef().as_basic_value_enum());
        for lane in 0..self.vf {
            let idx = self.ctx.i32_type().const_int(u64::from(lane), false);
            let args: Vec<BasicValueEnum<'ctx>> = ops
                .iter()
                .zip(&vecs)
                .map(|(o, v)| match v {
                    Some(v) => self.here().build_extract_element(v.into_vector_value(), idx, "").expect("positioned"),
                    None => self.scalar(o),
                })
                .collect();
            let r = self.clone_scalar(orig, &args);
            if let Some(a) = acc {
                acc = Some(
                    self.here().build_insert_element(a.into_vector_value(), r, idx, "").expect("positioned").into(),
                );
            }
        }
        acc
    }

    /// The lanes a memory access or division under `mask` runs in: the
    /// mask's, and in a masked remainder only those before the end.
    fn lanes_on(&mut self, mask: Option<Op<'ctx>>) -> Option<BasicValueEnum<'ctx>> {
        let m = mask.map(|m| self.vector(&m));
        match (m, self.tail) {
            (Some(m), Some(t)) => {
                let none = t.get_type().into_vector_type().const_zero();
                Some(
                    self.here()
                        .build_select(m.into_vector_value(), t.into_vector_value(), none, "")
                        .expect("positioned"),
                )
            }
            (m, t) => m.or(t),
        }
    }

    /// An integer division or remainder, as the cost model chose for its
    /// width; in a masked remainder, the lanes past the end divide by 1.
    fn divide(
        &mut self,
        orig: InstructionValue<'ctx>,
        ops: &[Op<'ctx>],
        mask: Option<Op<'ctx>>,
    ) -> Result<BasicValueEnum<'ctx>, String> {
        let strategy = if is_i32(orig) { self.division } else { self.wide_division };
        let on = self.lanes_on(mask);
        if let (Division::Scalarized, Some(on)) = (strategy, on) {
            return Ok(self.per_active_lane(orig, &ops[..2], on));
        }
        let a = self.vector(&ops[0]);
        let mut d = self.vector(&ops[1]);
        if let (Some(t), false) = (self.tail, self.plan.shape(&ops[1]) == Shape::Uniform) {
            let BasicTypeEnum::VectorType(vt) = d.get_type() else { unreachable!("a vector") };
            let one = vt.get_element_type().into_int_type().const_int(1, false);
            let ones: Vec<IntValue<'ctx>> = (0..self.vf).map(|_| one).collect();
            let ones = VectorType::const_vector(&ones);
            d = self.here().build_select(t.into_vector_value(), d.into_vector_value(), ones, "").expect("positioned");
        }
        if strategy == Division::ThroughF64 && is_i32(orig) {
            return Ok(self.divide_through_f64(orig, a, d));
        }
        self.widen_op(orig, &[a, d])
    }

    /// Scalarized predication (cost::Division, and pure calls that may
    /// trap): lane by lane, the scalar instruction in a block of its own
    /// that only a lane whose mask is on enters; the other lanes of the
    /// result stay undefined (no blend picks them, no masked store stores
    /// them).
    fn per_active_lane(
        &mut self,
        orig: InstructionValue<'ctx>,
        ops: &[Op<'ctx>],
        mask: BasicValueEnum<'ctx>,
    ) -> BasicValueEnum<'ctx> {
        let e = "positioned";
        // (A uniform operand is used as it is, not taken from a splat.)
        let vals: Vec<BasicValueEnum<'ctx>> = ops.iter().map(|o| self.scalar_or_vector(o)).collect();
        let m = mask.into_vector_value();
        let t = BasicTypeEnum::try_from(orig.get_type()).ok();
        // (A call without a value still runs in the active lanes.)
        let mut acc: BasicValueEnum<'ctx> = match t {
            Some(t) => vector_type(t, self.vf).get_undef().into(),
            None => self.ctx.bool_type().vec_type(self.vf).get_undef().into(),
        };
        for lane in 0..self.vf {
            let idx = self.ctx.i32_type().const_int(u64::from(lane), false);
            let on = self.here().build_extract_element(m, idx, "").expect(e).into_int_value();
            let before = self.cursor.get_parent().expect("in a block");
            let then = self.ctx.insert_basic_block_after(before, "pred.lane");
            let cont = self.ctx.insert_basic_block_after(then, "pred.lane.continue");
            self.close(|b| b.build_conditional_branch(on, then, cont).expect(e));
            self.b.position_at_end(then);
            self.cursor = self.b.build_unreachable().expect(e);
            let args: Vec<BasicValueEnum<'ctx>> = vals
                .iter()
                .map(|v| match v {
                    BasicValueEnum::VectorValue(v) => self.here().build_extract_element(*v, idx, "").expect(e),
                    scalar => *scalar,
                })
                .collect();
            let with = match (t, self.clone_scalar_any(orig, &args)) {
                (Some(_), Some(q)) => {
                    self.here().build_insert_element(acc.into_vector_value(), q, idx, "").expect(e).into()
                }
                _ => acc,
            };
            self.close(|b| b.build_unconditional_branch(cont).expect(e));
            self.b.position_at_end(cont);
            self.cursor = self.b.build_unreachable().expect(e);
            let phi = self.here().build_phi(acc.get_type(), "pred.lanes").expect(e);
            phi.add_incoming(&[(&with, then), (&acc, before)]);
            acc = phi.as_basic_value();
        }
        acc
    }

    /// An i32 division or remainder through f64 vectors (cost::Division).
    fn divide_through_f64(
        &mut self,
        orig: InstructionValue<'ctx>,
        a: BasicValueEnum<'ctx>,
        d: BasicValueEnum<'ctx>,
    ) -> BasicValueEnum<'ctx> {
        let (a, d) = (a.into_vector_value(), d.into_vector_value());
        let op = orig.get_opcode();
        let signed = matches!(op, O::SDiv | O::SRem);
        let fv = self.ctx.f64_type().vec_type(self.vf);
        let iv = a.get_type();
        let b = self.here();
        let e = "positioned";
        let (af, df) = if signed {
            (b.build_signed_int_to_float(a, fv, "").expect(e), b.build_signed_int_to_float(d, fv, "").expect(e))
        } else {
            (b.build_unsigned_int_to_float(a, fv, "").expect(e), b.build_unsigned_int_to_float(d, fv, "").expect(e))
        };
        let qf = b.build_float_div(af, df, "").expect(e);
        let q = if signed {
            b.build_float_to_signed_int(qf, iv, "").expect(e)
        } else {
            b.build_float_to_unsigned_int(qf, iv, "").expect(e)
        };
        match op {
            O::SDiv | O::UDiv => q.into(),
            _ => {
                let m = b.build_int_mul(q, d, "").expect(e);
                b.build_int_sub(a, m, "").expect(e).into()
            }
        }
    }

    /// Replaces the placeholder with the real terminator `build` makes.
    fn close(&mut self, build: impl FnOnce(&Builder<'ctx>) -> InstructionValue<'ctx>) -> InstructionValue<'ctx> {
        self.b.position_before(&self.cursor);
        let t = build(&self.b);
        self.cursor.erase_from_basic_block();
        t
    }
}

fn is_i32(i: InstructionValue<'_>) -> bool {
    matches!(i.get_type(), llvm_plugin::inkwell::types::AnyTypeEnum::IntType(t) if t.get_bit_width() == 32)
}

/// The identity of a reduction operator on `t`.
fn identity<'ctx>(op: RedOp, t: BasicTypeEnum<'ctx>) -> BasicValueEnum<'ctx> {
    match t {
        BasicTypeEnum::IntType(t) => {
            let bits = t.get_bit_width();
            let v = match op {
                RedOp::Add | RedOp::Or | RedOp::Xor | RedOp::UMax => t.const_zero(),
                RedOp::Mul => t.const_int(1, false),
                RedOp::And | RedOp::UMin => t.const_all_ones(),
                RedOp::SMin => t.const_int(if bits >= 64 { i64::MAX as u64 } else { (1u64 << (bits - 1)) - 1 }, false),
                RedOp::SMax => t.const_int(1u64 << (bits - 1), false),
                _ => t.const_zero(),
            };
            v.into()
        }
        BasicTypeEnum::FloatType(t) => match op {
            RedOp::FMul => t.const_float(1.0).into(),
            RedOp::FMin => t.const_float(f64::INFINITY).into(),
            RedOp::FMax => t.const_float(f64::NEG_INFINITY).into(),
            _ => t.const_float(-0.0).into(),
        },
        _ => unreachable!("reductions are on integers and floating point"),
    }
}

/// Emits the vector loop for `plan` before `lp`'s loop. Whatever goes wrong
/// on the way (an error, or a panic: a bug in weft) undoes it: the vector
/// blocks are deleted and the preheader enters the scalar loop again, so
/// the loop stays scalar and correct, never half rewritten.
pub fn emit<'ctx>(plan: &Plan<'ctx>, lp: &SimdLoop<'ctx>, choice: Choice) -> Result<(), String> {
    check(plan)?;
    let f = lp.header.get_parent().ok_or("a loop outside any function")?;
    let before = f.get_basic_blocks();
    let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| emit_loop(plan, lp, choice)));
    let why = match attempt {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(why)) => why,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            format!("internal error (a bug in weft): {msg}")
        }
    };
    if let Some(t) = lp.preheader.get_terminator() {
        t.erase_from_basic_block();
    }
    let b = lp.header.get_context().create_builder();
    b.position_at_end(lp.preheader);
    b.build_unconditional_branch(lp.header).expect("positioned");
    let made: Vec<BasicBlock<'ctx>> = f.get_basic_blocks().into_iter().filter(|b| !before.contains(b)).collect();
    widen::delete_blocks(&made);
    Err(why)
}

fn emit_loop<'ctx>(plan: &Plan<'ctx>, lp: &SimdLoop<'ctx>, choice: Choice) -> Result<(), String> {
    let ctx = lp.header.get_context();
    let i64t = ctx.i64_type();
    let b = ctx.create_builder();
    let e = "positioned";
    // The preheader: how many iterations the vector loop runs.
    let pre_term = lp.preheader.get_terminator().ok_or("a preheader without a terminator")?;
    b.position_before(&pre_term);
    let last = b.build_int_sub(lp.trips, i64t.const_int(1, false), "").expect(e);
    let uf = choice.uf.max(1);
    let vfc = i64t.const_int(u64::from(choice.vf * uf), false);
    let nvec = b.build_int_unsigned_div(last, vfc, "").expect(e);
    let nvec = b.build_int_mul(nvec, vfc, "vector.trips").expect(e);
    let none = b.build_int_compare(IntPredicate::EQ, nvec, i64t.const_zero(), "").expect(e);
    let ph = ctx.insert_basic_block_after(lp.preheader, "vector.ph");
    let scalar_ph = ctx.prepend_basic_block(lp.header, "scalar.ph");
    // (Past the vector loop: the scalar loop, or first the masked remainder.)
    let after = if choice.masked_tail { ctx.prepend_basic_block(scalar_ph, "remainder.ph") } else { scalar_ph };
    b.build_conditional_branch(none, after, ph).expect(e);
    pre_term.erase_from_basic_block();
    // (Reductions and last values: what the vector loop hands on.)
    let starts: Vec<(Ix, BasicValueEnum<'ctx>)> = reductions_of(plan)
        .into_iter()
        .map(|(i, _)| i)
        .chain(last_values_of(plan))
        .map(|i| (i, start_of(plan, i)))
        .collect();
    let main = vector_loop(plan, choice, uf, ph, i64t.const_zero(), &starts, End::Exact(nvec))?;
    b.position_at_end(main.middle);
    b.build_unconditional_branch(after).expect(e);
    // Where the scalar loop resumes, and with what (reductions; inductions
    // follow from the iteration it resumes at).
    let (resume_at, resumed, from): (IntValue<'ctx>, Vec<(Ix, BasicValueEnum<'ctx>)>, BasicBlock<'ctx>) =
        if choice.masked_tail {
            // remainder.ph: the iterations before the last one that the
            // vector loop left (fewer than VF*UF), as masked vector iterations.
            b.position_at_end(after);
            let base = b.build_phi(i64t, "remainder.base").expect(e);
            base.add_incoming(&[(&i64t.const_zero(), lp.preheader), (&nvec, main.middle)]);
            let mut accs = Vec::new();
            for ((i, start), (_, r)) in starts.iter().zip(&main.reduced) {
                let phi = b.build_phi(start.get_type(), "remainder.acc").expect(e);
                phi.add_incoming(&[(start, lp.preheader), (r, main.middle)]);
                accs.push((*i, phi.as_basic_value()));
            }
            let base = base.as_basic_value().into_int_value();
            let nothing = b.build_int_compare(IntPredicate::EQ, base, last, "").expect(e);
            let rem_ph = ctx.insert_basic_block_after(after, "remainder.vector.ph");
            let done = ctx.insert_basic_block_after(rem_ph, "remainder.done");
            b.build_conditional_branch(nothing, done, rem_ph).expect(e);
            let tail = vector_loop(plan, choice, 1, rem_ph, base, &accs, End::Tail(last))?;
            b.position_at_end(tail.middle);
            b.build_unconditional_branch(done).expect(e);
            b.position_at_end(done);
            let mut resumed = Vec::new();
            for ((i, acc), (_, r)) in accs.iter().zip(&tail.reduced) {
                let phi = b.build_phi(acc.get_type(), "remainder.reduced").expect(e);
                phi.add_incoming(&[(acc, after), (r, tail.middle)]);
                resumed.push((*i, phi.as_basic_value()));
            }
            b.build_unconditional_branch(scalar_ph).expect(e);
            (last, resumed, done)
        } else {
            (nvec, main.reduced.clone(), main.middle)
        };
    b.position_at_end(scalar_ph);
    b.build_unconditional_branch(lp.header).expect(e);
    b.position_before(&from.get_terminator().ok_or("a block without its branch")?);
    let mut resume = resumed;
    for (i, step) in inductions_of(plan) {
        let start = start_of(plan, i).into_int_value();
        let it = start.get_type();
        let k = if it.get_bit_width() == 64 { resume_at } else { b.build_int_truncate(resume_at, it, "").expect(e) };
        let off = b.build_int_mul(k, it.const_int(step as u64, true), "").expect(e);
        resume.push((i, b.build_int_add(start, off, "").expect(e).into()));
    }
    for (i, r) in resume {
        let orig = plan.insts[i].orig.expect("original");
        if choice.masked_tail {
            // (The preheader no longer enters the scalar loop: only scalar.ph.)
            widen::set_incoming(orig, lp.preheader, scalar_ph, r);
        } else {
            widen::resume_phi(orig, lp.preheader, scalar_ph, r, from);
        }
    }
    // The scalar loop now runs the last iterations: not for LoopVectorize either.
    if let Some(t) = lp.latch.get_terminator() {
        ffi::mark_vectorized(t);
    }
    Ok(())
}

/// The start value of header phi `i` (from before the loop).
fn start_of<'ctx>(plan: &Plan<'ctx>, i: Ix) -> BasicValueEnum<'ctx> {
    match plan.insts[i].ops[0] {
        Operand::Outside(v) => v,
        Operand::Inst(_) => unreachable!("a header phi starts with a value from before the loop"),
    }
}

fn reductions_of(plan: &Plan<'_>) -> Vec<(Ix, RedOp)> {
    plan.blocks[0]
        .insts
        .iter()
        .filter_map(|&i| match plan.insts[i].recurrence {
            Some(Recurrence::Reduction(op)) if plan.insts[i].kind == Kind::Original(Opc::Phi) => Some((i, op)),
            _ => None,
        })
        .collect()
}

fn last_values_of(plan: &Plan<'_>) -> Vec<Ix> {
    plan.blocks[0]
        .insts
        .iter()
        .copied()
        .filter(|&i| {
            plan.insts[i].kind == Kind::Original(Opc::Phi) && plan.insts[i].recurrence == Some(Recurrence::LastValue)
        })
        .collect()
}

fn inductions_of(plan: &Plan<'_>) -> Vec<(Ix, i64)> {
    plan.blocks[0]
        .insts
        .iter()
        .filter_map(|&i| match plan.insts[i].recurrence {
            Some(Recurrence::Induction { step }) if plan.insts[i].kind == Kind::Original(Opc::Phi) => Some((i, step)),
            _ => None,
        })
        .collect()
}

/// Where a vector loop stops.
#[derive(Clone, Copy)]
enum End<'ctx> {
    /// After iteration `n - 1` (a multiple of VF * UF iterations, from 0).
    Exact(IntValue<'ctx>),
    /// Before iteration `last`, the lanes from it on off (a masked remainder).
    Tail(IntValue<'ctx>),
}

/// A vector loop emitted, and its reductions across lanes (in `middle`,
/// which the caller ends).
struct Emitted<'ctx> {
    middle: BasicBlock<'ctx>,
    reduced: Vec<(Ix, BasicValueEnum<'ctx>)>,
}

/// One vector loop, entered from `ph` (which it ends): iterations `first`,
/// `first + VF * uf`, ... until `end`; reductions start from `starts` (in
/// lane 0 of their first part).
fn vector_loop<'ctx>(
    plan: &Plan<'ctx>,
    choice: Choice,
    uf: u32,
    ph: BasicBlock<'ctx>,
    first: IntValue<'ctx>,
    starts: &[(Ix, BasicValueEnum<'ctx>)],
    end: End<'ctx>,
) -> Result<Emitted<'ctx>, String> {
    let ctx = ph.get_context();
    let i64t = ctx.i64_type();
    let vf = choice.vf;
    let e = "positioned";
    let b = ctx.create_builder();
    let prefix = if matches!(end, End::Tail(_)) { "remainder." } else { "" };
    let body = ctx.insert_basic_block_after(ph, &format!("{prefix}vector.body"));
    b.position_at_end(ph);
    let ph_end = b.build_unconditional_branch(body).expect(e);
    b.position_at_end(body);
    let cursor = b.build_unreachable().expect(e);
    let mut g = Gen {
        ctx,
        b,
        plan,
        vf,
        division: choice.division,
        wide_division: choice.wide_division,
        tail: None,
        vals: vec![Val::default(); plan.insts.len()],
        splats: Vec::new(),
        ph_end,
        cursor,
    };
    let vfc = i64t.const_int(u64::from(vf * uf), false);
    // The vector IV, then the header phis: inductions' lane 0, reductions' vectors.
    let vi = g.here().build_phi(i64t, &format!("{prefix}vector.iv")).expect(e);
    let vi_v = vi.as_basic_value().into_int_value();
    // Reductions first (phis lead the block): one accumulator per part, the
    // first starting with its start in lane 0.
    let mut reductions: Vec<(Ix, Vec<PhiValue<'ctx>>, RedOp)> = Vec::new();
    // In-order ones: a scalar running value, and each part's lanes (the
    // values it combines, the identity elsewhere) added to it in lane order.
    let mut ordered: Vec<(Ix, PhiValue<'ctx>, RedOp, BasicValueEnum<'ctx>)> = Vec::new();
    for ((i, op), (_, start)) in reductions_of(plan).into_iter().zip(starts) {
        debug_assert_eq!(starts.iter().find(|(s, _)| *s == i).map(|(_, v)| v), Some(start));
        let t = start.get_type();
        g.b.position_before(&g.ph_end);
        let idv = identity(op, t);
        let lanes: Vec<BasicValueEnum<'ctx>> = (0..vf).map(|_| idv).collect();
        let none = const_vector(&lanes);
        if plan.insts[i].in_order {
            let phi = g.here().build_phi(t, "reduction.ordered").expect(e);
            phi.add_incoming(&[(start, ph)]);
            ordered.push((i, phi, op, none.into()));
            continue;
        }
        let init = g.b.build_insert_element(none, *start, ctx.i32_type().const_zero(), "reduction.start").expect(e);
        let mut phis = Vec::new();
        for u in 0..uf {
            let phi = g.here().build_phi(vector_type(t, vf), "reduction.vec").expect(e);
            let first: BasicValueEnum<'ctx> = if u == 0 { init.into() } else { none.into() };
            phi.add_incoming(&[(&first, ph)]);
            phis.push(phi);
        }
        reductions.push((i, phis, op));
    }
    // Last values: per part, the lanes' values and the iteration each lane
    // last assigned (-1: none yet).
    let minus_one: Vec<IntValue<'ctx>> = (0..vf).map(|_| i64t.const_all_ones()).collect();
    let minus_one = VectorType::const_vector(&minus_one);
    let mut lasts: Vec<(Ix, Vec<(PhiValue<'ctx>, PhiValue<'ctx>)>)> = Vec::new();
    for i in last_values_of(plan) {
        let start = starts.iter().find(|(s, _)| *s == i).map(|(_, v)| *v).ok_or("a last value without its start")?;
        let splat = widen::splat(start, vf, g.ph_end);
        let mut parts = Vec::new();
        for _ in 0..uf {
            let val = g.here().build_phi(splat.get_type(), "last.value").expect(e);
            val.add_incoming(&[(&splat, ph)]);
            let at = g.here().build_phi(minus_one.get_type(), "last.iteration").expect(e);
            at.add_incoming(&[(&minus_one, ph)]);
            parts.push((val, at));
        }
        lasts.push((i, parts));
    }
    // In a remainder: the lanes before the end.
    if let End::Tail(last) = end {
        let lanes: Vec<IntValue<'ctx>> = (0..vf).map(|l| i64t.const_int(u64::from(l), false)).collect();
        let at = widen::splat(vi_v.into(), vf, g.cursor).into_vector_value();
        let at = g.here().build_int_add(at, VectorType::const_vector(&lanes), "").expect(e);
        let lastv = widen::splat(last.into(), vf, g.cursor).into_vector_value();
        g.tail = Some(g.here().build_int_compare(IntPredicate::ULT, at, lastv, "remainder.lanes").expect(e).into());
    }
    // The body, once per part: part u runs iterations vi + u*VF ...
    let mut back_values: Vec<Vec<Option<BasicValueEnum<'ctx>>>> = Vec::new();
    let mut running: Vec<BasicValueEnum<'ctx>> = ordered.iter().map(|(_, phi, _, _)| phi.as_basic_value()).collect();
    let mut last_backs: Vec<(PhiValue<'ctx>, PhiValue<'ctx>, BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> = Vec::new();
    for u in 0..uf {
        g.vals = vec![Val::default(); plan.insts.len()];
        for (i, phis, _) in &reductions {
            g.vals[*i].vector = Some(phis[u as usize].as_basic_value());
        }
        for (i, _, _, none) in &ordered {
            g.vals[*i].vector = Some(*none);
        }
        for (i, parts) in &lasts {
            g.vals[*i].vector = Some(parts[u as usize].0.as_basic_value());
        }
        for (i, step) in inductions_of(plan) {
            let start = start_of(plan, i).into_int_value();
            let it = start.get_type();
            let b = g.here();
            let base = if u == 0 {
                vi_v
            } else {
                b.build_int_add(vi_v, i64t.const_int(u64::from(u * vf), false), "").expect(e)
            };
            let k = if it.get_bit_width() == 64 { base } else { b.build_int_truncate(base, it, "").expect(e) };
            let off = b.build_int_mul(k, it.const_int(step as u64, true), "").expect(e);
            let lane0 = b.build_int_add(start, off, &plan.insts[i].name.replace('%', "")).expect(e);
            g.vals[i].scalar = Some(lane0.into());
        }
        emit_body(&mut g, plan)?;
        let mut backs = Vec::new();
        for (i, phis, _) in &reductions {
            backs.push(match plan.insts[*i].ops.get(1) {
                Some(o @ Operand::Inst(_)) => {
                    let v = g.vector(o);
                    // (Lanes past the end keep what they had.)
                    Some(match g.tail {
                        Some(t) => g
                            .here()
                            .build_select(t.into_vector_value(), v, phis[u as usize].as_basic_value(), "")
                            .expect(e),
                        None => v,
                    })
                }
                _ => None,
            });
        }
        back_values.push(backs);
        // This part's iterations, lane by lane, and where each lane assigned.
        let lane_no: Vec<IntValue<'ctx>> = (0..vf).map(|l| i64t.const_int(u64::from(u * vf + l), false)).collect();
        let here = widen::splat(vi_v.into(), vf, g.cursor).into_vector_value();
        let iters = g.here().build_int_add(here, VectorType::const_vector(&lane_no), "").expect(e);
        for (i, parts) in &lasts {
            let (val, at) = parts[u as usize];
            let o = *plan.insts[*i].ops.get(1).ok_or("a last value without its value from the latch")?;
            let mut v = g.vector(&o);
            let none = g.ctx.bool_type().vec_type(vf).const_zero();
            let mut assigned = assigned_lanes(&mut g, plan, *i, o).unwrap_or(none.into());
            if let Some(t) = g.tail {
                let t = t.into_vector_value();
                v = g.here().build_select(t, v, val.as_basic_value(), "").expect(e);
                assigned = g.here().build_select(t, assigned, none.into(), "").expect(e);
            }
            let at_next =
                g.here().build_select(assigned.into_vector_value(), iters, at.as_basic_value().into_vector_value(), "");
            last_backs.push((val, at, v, at_next.expect(e)));
        }
        for (k, (i, _, op, none)) in ordered.iter().enumerate() {
            let Some(o @ Operand::Inst(_)) = plan.insts[*i].ops.get(1).copied() else {
                return Err("a reduction without its value from the latch".into());
            };
            let mut v = g.vector(&o);
            if let Some(t) = g.tail {
                v = g.here().build_select(t.into_vector_value(), v, *none, "").expect(e);
            }
            let acc = running[k];
            let r = widen::reduce_in_order(*op as u32, acc, v, g.cursor).ok_or("an in-order reduction of no sum")?;
            running[k] = r;
        }
    }
    // The vector latch.
    let latch_bb = g.cursor.get_parent().expect("in a block");
    let next = g.here().build_int_add(vi_v, vfc, &format!("{prefix}vector.iv.next")).expect(e);
    let done = match end {
        End::Exact(n) => g.here().build_int_compare(IntPredicate::EQ, next, n, "").expect(e),
        End::Tail(last) => g.here().build_int_compare(IntPredicate::UGE, next, last, "").expect(e),
    };
    let middle = ctx.insert_basic_block_after(latch_bb, &format!("{prefix}vector.middle"));
    let back = g.close(|b| b.build_conditional_branch(done, middle, body).expect(e));
    ffi::mark_vectorized(back);
    vi.add_incoming(&[(&first, ph), (&next, latch_bb)]);
    g.b.position_at_end(middle);
    g.cursor = g.b.build_unreachable().expect(e);
    let mut reduced = Vec::new();
    for (val, at, v, at_next) in &last_backs {
        val.add_incoming(&[(v, latch_bb)]);
        at.add_incoming(&[(at_next, latch_bb)]);
    }
    // A last value: the lane that assigned last, across the parts; the
    // start if none did.
    for (k, (i, _)) in lasts.iter().enumerate() {
        let mut best: Option<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> = None;
        for u in 0..uf as usize {
            let (_, _, v, a) = last_backs[u * lasts.len() + k];
            best = Some(match best {
                None => (v, a),
                Some((bv, ba)) => {
                    let b = g.here();
                    let later =
                        b.build_int_compare(IntPredicate::SGT, a.into_vector_value(), ba.into_vector_value(), "");
                    let later = later.expect(e);
                    (b.build_select(later, v, bv, "").expect(e), b.build_select(later, a, ba, "").expect(e))
                }
            });
        }
        let (v, a) = best.ok_or("a last value without parts")?;
        let m = widen::reduce(RedOp::SMax as u32, a, g.cursor).into_int_value();
        let b = g.here();
        let ms = widen::splat(m.into(), vf, g.cursor).into_vector_value();
        let is = b.build_int_compare(IntPredicate::EQ, a.into_vector_value(), ms, "").expect(e);
        let lanes: Vec<IntValue<'ctx>> = (0..vf).map(|l| i64t.const_int(u64::from(l), false)).collect();
        let beyond: Vec<IntValue<'ctx>> = (0..vf).map(|_| i64t.const_int(u64::from(vf), false)).collect();
        let which =
            b.build_select(is, VectorType::const_vector(&lanes), VectorType::const_vector(&beyond), "").expect(e);
        let lane = widen::reduce(RedOp::UMin as u32, which, g.cursor).into_int_value();
        let b = g.here();
        let got = b.build_extract_element(v.into_vector_value(), lane, "last.assigned").expect(e);
        let never = b.build_int_compare(IntPredicate::SLT, m, i64t.const_zero(), "").expect(e);
        let start = starts.iter().find(|(s, _)| s == i).map(|(_, v)| *v).ok_or("a last value without its start")?;
        reduced.push((*i, b.build_select(never, start, got, "last.value.out").expect(e)));
    }
    for ((i, phi, _, _), r) in ordered.iter().zip(&running) {
        phi.add_incoming(&[(r, latch_bb)]);
        reduced.push((*i, *r));
    }
    for (k, (i, phis, op)) in reductions.iter().enumerate() {
        let mut acc: Option<BasicValueEnum<'ctx>> = None;
        for (u, phi) in phis.iter().enumerate() {
            let v = back_values[u][k].ok_or("a reduction without its value from the latch")?;
            phi.add_incoming(&[(&v, latch_bb)]);
            acc = Some(match acc {
                None => v,
                Some(a) => widen::combine(*op as u32, a, v, g.cursor),
            });
        }
        let r = widen::reduce(*op as u32, acc.ok_or("a reduction without parts")?, g.cursor);
        reduced.push((*i, r));
    }
    // (In the order of `starts`, which the caller pairs them with.)
    reduced.sort_by_key(|(i, _)| starts.iter().position(|(s, _)| s == i));
    // (The caller ends `middle`.)
    g.cursor.erase_from_basic_block();
    Ok(Emitted { middle, reduced })
}

fn const_vector<'ctx>(lanes: &[BasicValueEnum<'ctx>]) -> llvm_plugin::inkwell::values::VectorValue<'ctx> {
    match lanes[0] {
        BasicValueEnum::IntValue(_) => {
            let v: Vec<IntValue<'ctx>> = lanes.iter().map(|l| l.into_int_value()).collect();
            VectorType::const_vector(&v)
        }
        BasicValueEnum::FloatValue(_) => {
            let v: Vec<llvm_plugin::inkwell::values::FloatValue<'ctx>> =
                lanes.iter().map(|l| l.into_float_value()).collect();
            VectorType::const_vector(&v)
        }
        _ => unreachable!("identities are integers or floating point"),
    }
}

/// The if-converted body, block by block, for one part.
fn emit_body<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>) -> Result<(), String> {
    let ctx = g.ctx;
    let e = "positioned";
    let mut open: Option<Open<'ctx>> = None;
    for (k, blk) in plan.blocks.iter().enumerate() {
        if plan.loop_headed_by(k).is_some() {
            open = Some(enter_loop(g, plan, k)?);
        }
        let mut insts = blk.insts.iter().copied().filter(|&i| !plan.is_header_phi(i));
        if !blk.bypass {
            for i in insts {
                g.emit(i)?;
            }
            if let Some(l) = plan.loops.iter().find(|l| l.latch == k) {
                leave_loop(g, plan, l, open.take().ok_or("an inner loop's latch before its header")?)?;
            }
            continue;
        }
        // The all-false bypass: the block runs only when some lane is on
        // (its mask first, outside: later blocks' masks read it).
        let mut any_ix = None;
        for i in insts.by_ref() {
            g.emit(i)?;
            if plan.insts[i].kind == Kind::New(New::AnyActive) {
                any_ix = Some(i);
                break;
            }
        }
        let any_ix = any_ix.ok_or("a bypass without its test")?;
        let any = g.vals[any_ix].scalar.expect("a scalar i1").into_int_value();
        let before = g.cursor.get_parent().expect("in a block");
        let then = ctx.insert_basic_block_after(before, &format!("{}.vec", blk.name));
        let join = ctx.insert_basic_block_after(then, &format!("{}.join", blk.name));
        g.close(|b| b.build_conditional_branch(any, then, join).expect(e));
        g.b.position_at_end(then);
        g.cursor = g.b.build_unreachable().expect(e);
        let inside: Vec<Ix> = insts.collect();
        // (Vectors made inside for values from before the block would not
        // reach past it: they are made again after it, if needed.)
        let saved: Vec<Option<BasicValueEnum<'ctx>>> = g.vals.iter().map(|v| v.vector).collect();
        for &i in &inside {
            g.emit(i)?;
        }
        for (k, v) in saved.into_iter().enumerate() {
            if !inside.contains(&k) {
                g.vals[k].vector = v;
            }
        }
        let then_end = g.cursor.get_parent().expect("in a block");
        g.close(|b| b.build_unconditional_branch(join).expect(e));
        g.b.position_at_end(join);
        g.cursor = g.b.build_unreachable().expect(e);
        // What the block computed, where no lane ran it: zero, which the
        // blends after it never pick (every lane's mask is off there) and
        // which keeps the masks of later blocks defined (false & 0).
        for &i in &inside {
            for scalar in [true, false] {
                let v = if scalar { g.vals[i].scalar } else { g.vals[i].vector };
                let Some(v) = v else { continue };
                g.b.position_before(&join.get_first_instruction().expect("the placeholder"));
                let phi = g.b.build_phi(v.get_type(), "bypass").expect(e);
                let zero = match v.get_type() {
                    BasicTypeEnum::VectorType(t) => t.const_zero().as_basic_value_enum(),
                    BasicTypeEnum::IntType(t) => t.const_zero().as_basic_value_enum(),
                    BasicTypeEnum::FloatType(t) => t.const_zero().as_basic_value_enum(),
                    BasicTypeEnum::PointerType(t) => t.const_null().as_basic_value_enum(),
                    _ => unreachable!("no aggregates"),
                };
                phi.add_incoming(&[(&v, then_end), (&zero, before)]);
                if scalar {
                    g.vals[i].scalar = Some(phi.as_basic_value());
                } else {
                    g.vals[i].vector = Some(phi.as_basic_value());
                }
            }
        }
    }
    Ok(())
}

/// The lanes in which `v`, on last value `x`'s way from the header to the
/// latch, holds a value assigned this iteration rather than `x` passed along
/// (None: none of them).
fn assigned_lanes<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, x: Ix, v: Op<'ctx>) -> Option<BasicValueEnum<'ctx>> {
    let e = "positioned";
    let Operand::Inst(k) = v else { return Some(g.all_true()) };
    if k == x {
        return None;
    }
    let none = g.ctx.bool_type().vec_type(g.vf).const_zero().into();
    let ops = plan.insts[k].ops.clone();
    match plan.insts[k].kind {
        Kind::New(New::Blend) => {
            let mut a = assigned_lanes(g, plan, x, ops[0]);
            for pair in ops[2..].chunks(2) {
                let ak = assigned_lanes(g, plan, x, pair[0]).unwrap_or(none);
                let m = g.vector(&pair[1]).into_vector_value();
                a = Some(g.here().build_select(m, ak, a.unwrap_or(none), "").expect(e));
            }
            a
        }
        Kind::Original(Opc::Select) => {
            let c = g.scalar_or_vector(&ops[0]);
            let t = assigned_lanes(g, plan, x, ops[1]).unwrap_or(none);
            let f = assigned_lanes(g, plan, x, ops[2]).unwrap_or(none);
            let c = match c {
                BasicValueEnum::IntValue(c) => c.into(),
                c => c,
            };
            Some(match c {
                BasicValueEnum::IntValue(c) => g.here().build_select(c, t, f, "").expect(e),
                c => g.here().build_select(c.into_vector_value(), t, f, "").expect(e),
            })
        }
        _ => Some(g.all_true()),
    }
}

/// An inner loop's vector header being emitted, and its phis (scalar ones
/// for uniform values).
struct Open<'ctx> {
    header: BasicBlock<'ctx>,
    phis: Vec<(Ix, PhiValue<'ctx>, bool)>,
}

/// The value from the latch of an inner loop's header phi.
fn back_operand<'ctx>(plan: &Plan<'ctx>, i: Ix) -> Op<'ctx> {
    let inst = &plan.insts[i];
    match inst.kind {
        Kind::New(New::LiveOutPhi) => inst.ops[0],
        _ => inst.ops[1],
    }
}

/// Starts inner loop `k`'s vector header (a block of its own, which every
/// lane runs until none stays) with its phis, entered from where the code
/// is now.
fn enter_loop<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, k: usize) -> Result<Open<'ctx>, String> {
    let e = "positioned";
    let ix: Vec<Ix> = plan.blocks[k].insts.iter().copied().filter(|&i| plan.is_header_phi(i)).collect();
    // The values on entry, computed before the loop.
    let mut starts = Vec::new();
    for &i in &ix {
        let inst = &plan.insts[i];
        let scalar = inst.kind == Kind::Original(Opc::Phi) && inst.shape == Shape::Uniform;
        let v = match inst.kind {
            Kind::New(New::LiveOutPhi) => {
                let Operand::Inst(of) = inst.ops[0] else { return Err("a live-out of nothing".into()) };
                let orig = plan.insts[of].orig.ok_or("a live-out without its exit phi")?;
                let t = BasicTypeEnum::try_from(orig.get_type()).map_err(|_| "a live-out of no value type")?;
                // (No lane has left yet: none reads this.)
                vector_type(t, g.vf).const_zero().as_basic_value_enum()
            }
            // (In a masked remainder, lanes past the end do not enter.)
            Kind::New(New::LoopMask) => g.lanes_on(Some(inst.ops[0])).expect("a mask"),
            _ if scalar => g.scalar(&inst.ops[0]),
            _ => g.vector(&inst.ops[0]),
        };
        starts.push((v, scalar));
    }
    let from = g.cursor.get_parent().ok_or("code outside a block")?;
    let header = g.ctx.insert_basic_block_after(from, &format!("{}.vec", plan.blocks[k].name));
    g.close(|b| b.build_unconditional_branch(header).expect(e));
    g.b.position_at_end(header);
    g.cursor = g.b.build_unreachable().expect(e);
    let mut phis = Vec::new();
    for (&i, (start, scalar)) in ix.iter().zip(starts) {
        let name = plan.insts[i].name.trim_start_matches('%').to_string();
        let phi = g.here().build_phi(start.get_type(), &name).expect(e);
        phi.add_incoming(&[(&start, from)]);
        if scalar {
            g.vals[i].scalar = Some(phi.as_basic_value());
        } else {
            g.vals[i].vector = Some(phi.as_basic_value());
        }
        phis.push((i, phi, scalar));
    }
    Ok(Open { header, phis })
}

/// Ends an inner loop's vector iteration: back to its header while any
/// lane stays, else on to its exit.
fn leave_loop<'ctx>(
    g: &mut Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    l: &super::plan::InnerLoop,
    open: Open<'ctx>,
) -> Result<(), String> {
    let e = "positioned";
    let back: Vec<BasicValueEnum<'ctx>> = open
        .phis
        .iter()
        .map(|&(i, _, scalar)| {
            let o = back_operand(plan, i);
            if scalar {
                g.scalar(&o)
            } else {
                g.vector(&o)
            }
        })
        .collect();
    let more = l.more.and_then(|m| g.vals[m].scalar).ok_or("an inner loop without its test")?;
    let latch_end = g.cursor.get_parent().ok_or("code outside a block")?;
    let exit = g.ctx.insert_basic_block_after(latch_end, &format!("{}.vec", plan.blocks[l.exit].name));
    let br = g.close(|b| b.build_conditional_branch(more.into_int_value(), open.header, exit).expect(e));
    ffi::mark_vectorized(br);
    for ((_, phi, _), v) in open.phis.iter().zip(back) {
        phi.add_incoming(&[(&v, latch_end)]);
    }
    g.b.position_at_end(exit);
    g.cursor = g.b.build_unreachable().expect(e);
    Ok(())
}
