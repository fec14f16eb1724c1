//! The vector code of a scan reduction (`scan.rs` has the plan): each
//! running value is a scalar carry, a phi of the vector body; each part of
//! a vector iteration runs its input phase with the scan variable set to
//! the identity in every lane, then turns the lanes' contributions into
//! prefixes in registers (log2(VF) steps, each combining the vector with
//! itself shifted up by 1, 2, 4, ... lanes, the identity shifted in: a
//! Hillis-Steele scan), combines the carry into every lane (the inclusive
//! prefixes), shifts the carry in at lane 0 for the exclusive ones, and
//! passes the last lane on as the carry.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::types::VectorType;
use llvm_plugin::inkwell::values::{BasicValueEnum, FloatValue, IntValue, PhiValue, VectorValue};
use weft_intrinsics::ffi::widen;

use super::codegen::{identity, Gen, Plan};
use super::plan::{Ix, Operand, RedOp};

/// The scan variables' carries in the vector loop being emitted.
pub(super) struct Carries<'ctx> {
    /// (header phi, its operator, the carry's phi, the carry so far).
    vars: Vec<(Ix, Ix, RedOp, PhiValue<'ctx>, BasicValueEnum<'ctx>)>,
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
        let phi = g.here().build_phi(start.get_type(), "scan.carry").expect("positioned");
        phi.add_incoming(&[(&start, ph)]);
        vars.push((s.phi, s.back, s.op, phi, phi.as_basic_value()));
    }
    Ok(Carries { vars })
}

/// A part of the vector iteration begins: the input phase sees the identity.
pub(super) fn enter_part<'ctx>(g: &mut Gen<'_, 'ctx>, c: &Carries<'ctx>) {
    for &(phi, _, op, carry, _) in &c.vars {
        let id = identity(op, carry.as_basic_value().get_type());
        g.vals[phi].vector = Some(splat_const(id, g.vf).into());
    }
}

/// At the end of the input phase: the prefixes, which the scan phase reads
/// (the header phi: exclusive; the value from the latch: inclusive).
pub(super) fn prefix<'ctx>(g: &mut Gen<'_, 'ctx>, c: &mut Carries<'ctx>) {
    for var in c.vars.iter_mut() {
        let (phi, back, op, _, carry) = *var;
        let lanes = g.vector(&Operand::Inst(back)).into_vector_value();
        let (incl, excl, last) = scan_lanes(g, op, lanes, carry);
        g.vals[phi].vector = Some(excl.into());
        g.vals[back].vector = Some(incl.into());
        var.4 = last;
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

/// The vector loop's latch is `latch`: the carries' back edges; returns
/// each variable's value after the loop (its carry).
pub(super) fn close<'ctx>(c: &Carries<'ctx>, latch: BasicBlock<'ctx>) -> Vec<(Ix, BasicValueEnum<'ctx>)> {
    c.vars
        .iter()
        .map(|&(phi, _, _, p, carry)| {
            p.add_incoming(&[(&carry, latch)]);
            (phi, carry)
        })
        .collect()
}

/// The inclusive and exclusive prefixes of `lanes` after `carry`, and the
/// last inclusive one.
fn scan_lanes<'ctx>(
    g: &Gen<'_, 'ctx>,
    op: RedOp,
    lanes: VectorValue<'ctx>,
    carry: BasicValueEnum<'ctx>,
) -> (VectorValue<'ctx>, VectorValue<'ctx>, BasicValueEnum<'ctx>) {
    let e = "positioned";
    let vf = g.vf;
    let i32t = g.ctx.i32_type();
    let ids = splat_const(identity(op, carry.get_type()), vf);
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
    let carries = widen::splat(carry, vf, g.cursor).into_vector_value();
    let incl = widen::combine(op as u32, carries.into(), v.into(), g.cursor).into_vector_value();
    // Lane 0 the carry, lane l the inclusive prefix of lane l - 1.
    let excl = g
        .here()
        .build_shuffle_vector(incl, carries, mask(&|l| if l == 0 { vf } else { l - 1 }), "scan.exclusive")
        .expect(e);
    let last =
        g.here().build_extract_element(incl, i32t.const_int(u64::from(vf - 1), false), "scan.carry.next").expect(e);
    (incl, excl, last)
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
