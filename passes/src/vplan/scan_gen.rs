//! The vector code of a scan reduction (`scan.rs` has the plan): each
//! running value is a carry, kept in every lane of a vector (a phi of the
//! vector body, so that the next vector iteration adds it without moving
//! it between registers); each part of a vector iteration runs its input
//! phase with the scan variable set to the identity in every lane, then
//! turns the lanes' contributions into prefixes in registers (log2(VF)
//! steps, each combining the vector with itself shifted up by 1, 2, 4, ...
//! lanes, the identity shifted in: a Hillis-Steele scan), combines the
//! carry into every lane (the inclusive prefixes), shifts the carry in at
//! lane 0 for the exclusive ones, and broadcasts the last lane as the next
//! carry.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::{BasicTypeEnum, VectorType};
use llvm_plugin::inkwell::values::{BasicValueEnum, FloatValue, IntValue, PhiValue, VectorValue};
use weft_intrinsics::ffi::widen;

use super::codegen::{identity, Gen, Plan};
use super::plan::{Ix, Operand, RedOp};

/// A scan variable's carry in the vector loop being emitted.
struct Carry<'ctx> {
    phi: Ix,
    back: Ix,
    op: RedOp,
    /// The variable's type.
    ty: BasicTypeEnum<'ctx>,
    /// The carry's phi in the vector body, and the carry so far (the
    /// running value in every lane).
    at_top: PhiValue<'ctx>,
    now: VectorValue<'ctx>,
}

/// The scan variables' carries in the vector loop being emitted.
pub(super) struct Carries<'ctx> {
    vars: Vec<Carry<'ctx>>,
}

/// The carries' phis at the top of the vector body (where the builder of
/// `g` is), each starting from its variable's value before the loop.
pub(super) fn carries<'ctx>(
    g: &Gen<'_, 'ctx>,
    plan: &Plan<'ctx>,
    ph: BasicBlock<'ctx>,
    starts: &[(Ix, BasicValueEnum<'ctx>)],
) -> Result<Carries<'ctx>, String> {
    let mut vars = Vec::new();
    for s in plan.scan.iter().flat_map(|sp| sp.scans.iter()) {
        let start = starts.iter().find(|(i, _)| *i == s.phi).map(|(_, v)| *v).ok_or("a scan without its start")?;
        let splat = widen::splat(start, g.vf, g.ph_end);
        let at_top = g.here().build_phi(splat.get_type(), "scan.carry").expect("positioned");
        at_top.add_incoming(&[(&splat, ph)]);
        let now = at_top.as_basic_value().into_vector_value();
        vars.push(Carry { phi: s.phi, back: s.back, op: s.op, ty: start.get_type(), at_top, now });
    }
    Ok(Carries { vars })
}

/// A part of the vector iteration begins: the input phase sees the identity.
pub(super) fn enter_part<'ctx>(g: &mut Gen<'_, 'ctx>, c: &Carries<'ctx>) {
    for v in &c.vars {
        g.vals[v.phi].vector = Some(splat_const(identity(v.op, v.ty), g.vf).into());
    }
}

/// At the end of the input phase: the prefixes, which the scan phase reads
/// (the header phi: exclusive; the value from the latch: inclusive).
pub(super) fn prefix<'ctx>(g: &mut Gen<'_, 'ctx>, c: &mut Carries<'ctx>) {
    for v in c.vars.iter_mut() {
        let lanes = g.vector(&Operand::Inst(v.back)).into_vector_value();
        let (incl, excl, next) = scan_lanes(g, v.op, v.ty, lanes, v.now);
        g.vals[v.phi].vector = Some(excl.into());
        g.vals[v.back].vector = Some(incl.into());
        v.now = next;
    }
}

/// After the body of one part: for an exclusive scan, the prefixes (the
/// input phase is done) and then the scan phase's instructions that wait
/// for them.
pub(super) fn finish_part<'ctx>(g: &mut Gen<'_, 'ctx>, plan: &Plan<'ctx>, c: &mut Carries<'ctx>) -> Result<(), String> {
    let Some(sp) = plan.scan.as_ref().filter(|sp| !sp.inclusive && !sp.scans.is_empty()) else { return Ok(()) };
    prefix(g, c);
    for &i in &sp.deferred {
        g.emit(i)?;
    }
    Ok(())
}

/// The vector loop's latch is `latch` and `g` is in the block after it:
/// the carries' back edges; returns each variable's value after the loop
/// (its carry, from lane 0).
pub(super) fn close<'ctx>(
    g: &Gen<'_, 'ctx>,
    c: &Carries<'ctx>,
    latch: BasicBlock<'ctx>,
) -> Vec<(Ix, BasicValueEnum<'ctx>)> {
    c.vars
        .iter()
        .map(|v| {
            v.at_top.add_incoming(&[(&v.now, latch)]);
            let zero = g.ctx.i32_type().const_zero();
            (v.phi, g.here().build_extract_element(v.now, zero, "scan.out").expect("positioned"))
        })
        .collect()
}

/// The inclusive and exclusive prefixes of `lanes` after `carry` (in every
/// lane), and the last inclusive one in every lane.
fn scan_lanes<'ctx>(
    g: &Gen<'_, 'ctx>,
    op: RedOp,
    ty: BasicTypeEnum<'ctx>,
    lanes: VectorValue<'ctx>,
    carry: VectorValue<'ctx>,
) -> (VectorValue<'ctx>, VectorValue<'ctx>, VectorValue<'ctx>) {
    let e = "positioned";
    let vf = g.vf;
    let i32t = g.ctx.i32_type();
    let ids = splat_const(identity(op, ty), vf);
    let mask = |f: &dyn Fn(u32) -> u32| -> VectorValue<'ctx> {
        let m: Vec<IntValue<'ctx>> = (0..vf).map(|l| i32t.const_int(u64::from(f(l)), false)).collect();
        VectorType::const_vector(&m)
    };
    let mut v = lanes;
    let mut step = 1;
    while step < vf {
        // Lane l gets lane l - step, or the identity (lanes vf.. of the pair).
        let shifted = g
            .here()
            .build_shuffle_vector(v, ids, mask(&|l| if l < step { vf + l } else { l - step }), "scan.shift")
            .expect(e);
        v = widen::combine(op as u32, shifted.into(), v.into(), g.cursor).into_vector_value();
        step *= 2;
    }
    let incl = widen::combine(op as u32, carry.into(), v.into(), g.cursor).into_vector_value();
    // Lane 0 the carry, lane l the inclusive prefix of lane l - 1.
    let excl = g
        .here()
        .build_shuffle_vector(incl, carry, mask(&|l| if l == 0 { vf } else { l - 1 }), "scan.exclusive")
        .expect(e);
    let next = g.here().build_shuffle_vector(incl, incl, mask(&|_| vf - 1), "scan.carry.next").expect(e);
    (incl, excl, next)
}

/// A constant vector of `vf` copies of `x` (an integer or floating-point constant).
fn splat_const<'ctx>(x: BasicValueEnum<'ctx>, vf: u32) -> VectorValue<'ctx> {
    match x.get_type() {
        BasicTypeEnum::IntType(_) => {
            let v: Vec<IntValue<'ctx>> = (0..vf).map(|_| x.into_int_value()).collect();
            VectorType::const_vector(&v)
        }
        _ => {
            let v: Vec<FloatValue<'ctx>> = (0..vf).map(|_| x.into_float_value()).collect();
            VectorType::const_vector(&v)
        }
    }
}
