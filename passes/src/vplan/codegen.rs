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
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::types::{BasicTypeEnum, VectorType};
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode as O, InstructionValue, IntValue,
};
use weft_intrinsics::ffi::{self, widen};

use super::build::Llvm;
use super::cost::Division;
use super::plan::{Bin, Ir, Ix, Kind, New, Opc, Operand, Recurrence, RedOp, Shape, VPlan};

pub(super) type Plan<'ctx> = VPlan<Llvm<'ctx>>;
pub(super) type Op<'ctx> = Operand<<Llvm<'ctx> as Ir>::Value>;

/// What the code generator cannot emit, checked before the IR changes.
pub fn check(plan: &Plan<'_>) -> Result<(), String> {
    for &i in &plan.blocks[0].insts {
        let inst = &plan.insts[i];
        // (An inner loop's phis need no role: every lane runs each iteration.)
        if inst.kind == Kind::Original(Opc::Phi)
            && !matches!(
                inst.recurrence,
                Some(
                    Recurrence::Induction { .. }
                        | Recurrence::Reduction(_)
                        | Recurrence::LastValue
                        | Recurrence::Scan(_)
                )
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
pub(super) struct Val<'ctx> {
    pub(super) scalar: Option<BasicValueEnum<'ctx>>,
    pub(super) vector: Option<BasicValueEnum<'ctx>>,
}

pub(super) struct Gen<'a, 'ctx> {
    pub(super) ctx: ContextRef<'ctx>,
    pub(super) b: Builder<'ctx>,
    pub(super) plan: &'a Plan<'ctx>,
    pub(super) vf: u32,
    pub(super) division: Division,
    pub(super) wide_division: Division,
    /// In a masked remainder: the lanes before the end (every memory access
    /// and division runs under it).
    pub(super) tail: Option<BasicValueEnum<'ctx>>,
    pub(super) vals: Vec<Val<'ctx>>,
    /// Splats of values from outside the loop, made in vector.ph.
    pub(super) splats: Vec<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)>,
    /// vector.ph's terminator.
    pub(super) ph_end: InstructionValue<'ctx>,
    /// The placeholder terminator of the block being filled: code goes before it.
    pub(super) cursor: InstructionValue<'ctx>,
}

pub(super) fn vector_type<'ctx>(t: BasicTypeEnum<'ctx>, vf: u32) -> VectorType<'ctx> {
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
    pub(super) fn here(&self) -> &Builder<'ctx> {
        self.b.position_before(&self.cursor);
        &self.b
    }

    pub(super) fn scalar(&self, o: &Op<'ctx>) -> BasicValueEnum<'ctx> {
        match o {
            Operand::Outside(v) => *v,
            Operand::Inst(i) => self.vals[*i].scalar.expect("a uniform or linear value has its lane 0"),
        }
    }

    pub(super) fn vector(&mut self, o: &Op<'ctx>) -> BasicValueEnum<'ctx> {
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
    pub(super) fn scalar_or_vector(&mut self, o: &Op<'ctx>) -> BasicValueEnum<'ctx> {
        if self.plan.shape(o) == Shape::Uniform {
            self.scalar(o)
        } else {
            self.vector(o)
        }
    }

    pub(super) fn all_true(&self) -> BasicValueEnum<'ctx> {
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

    pub(super) fn emit(&mut self, i: Ix) -> Result<(), String> {
        let mut inst = self.plan.insts[i].clone();
        inst.name = inst.name.trim_start_matches('%').to_string();
        let ops = inst.ops.clone();
        match inst.kind {
            Kind::New(k) => {
                self.emit_new(i, k, &inst.name, &ops);
                Ok(())
            }
            Kind::Original(opc) => self.emit_original(i, opc, &inst, &ops),
        }
    }

    /// An instruction the VPlan added (masks, blends, safe divisors, ...).
    fn emit_new(&mut self, i: Ix, k: New, name: &str, ops: &[Operand<BasicValueEnum<'ctx>>]) {
        let v = match k {
            New::AllTrue => self.all_true(),
            New::MaskNot => {
                let m = self.vector(&ops[0]).into_vector_value();
                let t = self.all_true().into_vector_value();
                self.here().build_xor(m, t, name).expect("positioned").into()
            }
            // As selects, not and/or: a condition computed in a
            // lane that is off may be poison, which must not reach
            // the mask (a branch on any lane of it).
            New::MaskAnd | New::MaskOr => {
                let a = self.vector(&ops[0]).into_vector_value();
                let c = self.vector(&ops[1]).into_vector_value();
                let bits = a.get_type().const_zero();
                let (t, f) = if k == New::MaskAnd { (c, bits) } else { (self.all_true().into_vector_value(), c) };
                self.here().build_select(a, t, f, name).expect("positioned")
            }
            New::LiveOut => {
                let so_far = self.vector(&ops[0]);
                let v = self.vector(&ops[1]);
                let leave = self.vector(&ops[2]).into_vector_value();
                self.here().build_select(leave, v, so_far, name).expect("positioned")
            }
            New::LoopMask | New::LiveOutPhi => unreachable!("made with their loop's header"),
            New::SafeDivisor => {
                let d = self.vector(&ops[0]);
                let m = self.vector(&ops[1]).into_vector_value();
                let BasicTypeEnum::VectorType(vt) = d.get_type() else { unreachable!("a vector") };
                let one = vt.get_element_type().into_int_type().const_int(1, false);
                let ones: Vec<IntValue<'ctx>> = (0..self.vf).map(|_| one).collect();
                let ones = VectorType::const_vector(&ones);
                self.here().build_select(m, d.into_vector_value(), ones, name).expect("positioned")
            }
            New::AnyActive => {
                let m = self.vector(&ops[0]);
                let any = widen::any_lane(m, self.cursor);
                self.vals[i].scalar = Some(any.into());
                return;
            }
            New::Blend => {
                let mut acc = self.vector(&ops[0]);
                for pair in ops[2..].chunks(2) {
                    let v = self.vector(&pair[0]);
                    let m = self.vector(&pair[1]).into_vector_value();
                    acc = self.here().build_select(m, v, acc, name).expect("positioned");
                }
                acc
            }
        };
        self.vals[i].vector = Some(v);
    }

    /// An instruction of the loop, uniform (one scalar), or widened.
    fn emit_original(
        &mut self,
        i: Ix,
        opc: Opc,
        inst: &super::plan::Inst<Llvm<'ctx>>,
        ops: &[Operand<BasicValueEnum<'ctx>>],
    ) -> Result<(), String> {
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
                    args.push(if ffi::call_scalar_operand(orig, k as u32) { self.scalar(o) } else { self.vector(o) });
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
    pub(super) fn lanes_on(&mut self, mask: Option<Op<'ctx>>) -> Option<BasicValueEnum<'ctx>> {
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
    pub(super) fn close(
        &mut self,
        build: impl FnOnce(&Builder<'ctx>) -> InstructionValue<'ctx>,
    ) -> InstructionValue<'ctx> {
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
pub(super) fn identity<'ctx>(op: RedOp, t: BasicTypeEnum<'ctx>) -> BasicValueEnum<'ctx> {
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
