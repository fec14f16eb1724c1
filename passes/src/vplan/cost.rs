//! The cost model: the vectorization factor, and how an integer division
//! under a mask runs. From the target's own costs (TargetTransformInfo,
//! through the C++ helper) where they decide something.
use super::plan::{Bin, Ir, Kind, Opc, Shape, VPlan};

/// How a vector integer division runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Division {
    /// A vector integer division (the target may expand it lane by lane).
    Integer,
    /// i32 operands converted to f64, divided as vectors, converted back:
    /// exact for 32-bit operands (the quotient's rounding error is below
    /// the distance to the next integer), and much cheaper where the target
    /// has vector f64 division and no vector integer one (x86).
    ThroughF64,
    /// Scalarized predication: lane by lane, a scalar division in the lanes
    /// whose mask is on only (a test and a branch per lane).
    Scalarized,
}

/// What the cost model chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub vf: u32,
    /// Vector iterations per trip of the vector loop (the unroll factor).
    pub uf: u32,
    /// How an i32 division under a mask runs.
    pub division: Division,
    /// How one of another width under a mask runs (never through f64).
    pub wide_division: Division,
    /// Masked blocks with a division are skipped when no lane runs them.
    pub bypass: bool,
    /// The iterations the vector loop leaves (fewer than VF * UF) run as
    /// masked vector iterations, all but the last (which the scalar loop
    /// runs, as every vector loop here leaves it one).
    pub masked_tail: bool,
}

/// The vectorization factor: `simdlen` when given, else as many lanes of
/// the loop's widest scalar as the target's vector register holds (at least
/// 2); never more than `safelen`. None when that leaves one lane.
pub fn vf(widest_bits: u32, vector_bits: u32, simdlen: Option<u32>, safelen: Option<u32>) -> Option<u32> {
    let natural = (vector_bits / widest_bits.max(8)).max(2);
    let vf = simdlen.unwrap_or(natural).min(safelen.unwrap_or(u32::MAX)).min(64);
    (vf >= 2).then_some(vf)
}

/// The unroll factor: independent accumulators hide a reduction's latency
/// (4), a small body's loop overhead is shared by two vector iterations
/// (2); a large or masked body gains nothing. Never beyond `safelen` lanes
/// in flight.
pub fn uf<R: Ir>(plan: &VPlan<R>, vf: u32, safelen: Option<u32>) -> u32 {
    let reduces = plan.insts.iter().any(|i| matches!(i.recurrence, Some(super::plan::Recurrence::Reduction(_))));
    let masked = plan.blocks.iter().any(|b| b.mask.is_some());
    let size = plan.insts.iter().filter(|i| i.orig.is_some()).count();
    let uf = if !plan.loops.is_empty() {
        // (An inner loop runs as long as its slowest lane: parts would wait.)
        1
    } else if reduces && size <= 24 {
        4
    } else if !masked && size <= 16 {
        2
    } else {
        1
    };
    let cap = safelen.map_or(u32::MAX, |s| (s / vf).max(1));
    uf.min(cap)
}

/// Whether the last iterations run masked (`Choice::masked_tail`). On
/// average the vector loop leaves (VF*UF - 1) / 2 iterations; as scalar
/// iterations each costs the body's scalar cost, as masked vector ones
/// (about (UF + 1) / 2 of them, plus a setup) each costs the body's vector
/// cost with every memory access masked. Both priced from the plan: an
/// instruction 1, an integer division 20 (a quarter of that per lane in a
/// vector), a call 10 (scalarized per lane without a vector form, taken as
/// half the calls), a masked consecutive access 2, a gather or scatter VF,
/// an inner loop's instructions 8 times (its trip count unknown).
pub fn masked_tail<R: Ir>(plan: &VPlan<R>, vf: u32, uf: u32) -> bool {
    let (mut scalar, mut vector) = (0u64, 0u64);
    let v = u64::from(vf);
    for b in 0..plan.blocks.len() {
        let times = if plan.loop_of(b).is_some() { 8 } else { 1 };
        for &i in &plan.blocks[b].insts {
            let inst = &plan.insts[i];
            let (s, w) = match inst.kind {
                Kind::New(_) => (0, 1),
                Kind::Original(Opc::Binary(Bin::IntDiv)) => (20, 5 * v),
                Kind::Original(Opc::Call { .. }) => (10, 5 * v),
                Kind::Original(Opc::Load { size } | Opc::Store { size }) => {
                    let addr = inst.ops.last().map_or(Shape::Varying, |a| plan.shape(a));
                    let cost = match addr {
                        Shape::Uniform => 1,
                        Shape::Linear(s) if s == size as i64 => 2,
                        _ => v,
                    };
                    (1, cost)
                }
                Kind::Original(_) => (1, 1),
            };
            scalar += s * times;
            vector += w * times;
        }
    }
    let left = u64::from(vf * uf - 1) / 2;
    let parts = u64::from(uf + 1) / 2;
    // (Each masked iteration also computes its lanes' mask: 3.)
    parts * (vector + 3) + 6 < left * scalar
}

/// Whether the loop divides integers (the division strategy matters then).
pub fn divides<R: Ir>(plan: &VPlan<R>) -> bool {
    plan.insts.iter().any(|i| i.kind == Kind::Original(Opc::Binary(Bin::IntDiv)))
}

/// Chooses how a division under a mask runs, from the target's costs of
/// the vector integer division, of one scalar division, and (for i32) of
/// the f64 vector division that replaces it (with its four conversions,
/// taken as one unit each per lane). Scalarized predication costs, per
/// lane, a test and a branch (2) and, in the half of the lanes taken as
/// active, an extract, the division and an insert. (A scalar division costs
/// at least its share of the vector one, which targets expand lane by lane:
/// x86's cost tables price a scalar division at 1.)
pub fn division(int_cost: Option<u32>, scalar_cost: Option<u32>, f64_cost: Option<u32>, vf: u32) -> Division {
    let Some(int) = int_cost else { return Division::Integer };
    let scalarized = scalar_cost.map(|s| s.max(int / vf)).map(|s| vf * 2 + vf * (s + 2) / 2);
    let through_f64 = f64_cost.map(|f| f + 4 * vf);
    let best =
        [(Division::Integer, Some(int)), (Division::Scalarized, scalarized), (Division::ThroughF64, through_f64)]
            .into_iter()
            .filter_map(|(d, c)| c.map(|c| (d, c)))
            .min_by_key(|&(_, c)| c);
    best.map_or(Division::Integer, |(d, _)| d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectorization_factor() {
        assert_eq!(vf(32, 256, None, None), Some(8));
        assert_eq!(vf(64, 128, None, None), Some(2));
        assert_eq!(vf(8, 128, None, None), Some(16));
        // simdlen wins; safelen caps.
        assert_eq!(vf(32, 256, Some(4), None), Some(4));
        assert_eq!(vf(32, 256, None, Some(4)), Some(4));
        assert_eq!(vf(32, 256, Some(16), Some(8)), Some(8));
        // safelen(1): no vector.
        assert_eq!(vf(32, 256, None, Some(1)), None);
    }

    #[test]
    fn unroll_factor() {
        use super::super::plan::tests::Loop;
        use super::super::plan::{Operand, Recurrence};
        let mut l = Loop::new(&["body"]);
        let s = l.inst(0, Opc::Phi, vec![Operand::Outside(0), Operand::Inst(1)], "s");
        l.inst(0, Opc::Binary(Bin::Add), vec![Operand::Inst(s), Operand::Outside(1)], "s1");
        assert_eq!(uf(&l.plan, 4, None), 2);
        l.plan.insts[s].recurrence = Some(Recurrence::Reduction(super::super::plan::RedOp::Add));
        assert_eq!(uf(&l.plan, 4, None), 4);
        // safelen(8) with 4 lanes: two vector iterations in flight at most.
        assert_eq!(uf(&l.plan, 4, Some(8)), 2);
        assert_eq!(uf(&l.plan, 4, Some(4)), 1);
    }

    #[test]
    fn masked_tail_when_the_scalar_iterations_cost_more() {
        use super::super::plan::tests::Loop;
        use super::super::plan::Operand;
        // c[i] = a[i] / b[i]: 4 lanes, UF 1: 1.5 scalar iterations (each
        // 20 + 4) against one masked one (2 + 2 + 20 + 2 + 3) + 6.
        let mut l = Loop::new(&["body"]);
        let i = l.inst(0, Opc::Phi, vec![Operand::Outside(0), Operand::Outside(1)], "i");
        l.plan.insts[i].shape = Shape::Linear(1);
        let pa = l.inst(0, Opc::Gep { elem_size: 4 }, vec![Operand::Outside(2), Operand::Inst(i)], "pa");
        l.plan.insts[pa].shape = Shape::Linear(4);
        let x = l.inst(0, Opc::Load { size: 4 }, vec![Operand::Inst(pa)], "x");
        let q = l.inst(0, Opc::Binary(Bin::IntDiv), vec![Operand::Outside(3), Operand::Inst(x)], "q");
        l.inst(0, Opc::Store { size: 4 }, vec![Operand::Inst(q), Operand::Inst(pa)], "st");
        assert!(!masked_tail(&l.plan, 4, 1));
        // 8 lanes: 3 scalar iterations (72) against 1 masked one (47).
        assert!(masked_tail(&l.plan, 8, 1));
        // Two lanes: none is left on average.
        assert!(!masked_tail(&l.plan, 2, 1));
    }

    #[test]
    fn division_strategy_by_cost() {
        // x86 i32: <8 x i32> sdiv is expanded (~ 8 * 20); f64 (16 + 32) beats
        // one lane at a time (16 + 8 * 11 = 104).
        assert_eq!(division(Some(160), Some(20), Some(16), 8), Division::ThroughF64);
        // x86 i64: no f64 path; <4 x i64> sdiv ~ 4 * 40: the active lanes only
        // (the scalar division's cost of 1 taken as its share, 40).
        assert_eq!(division(Some(160), Some(1), None, 4), Division::Scalarized);
        // Slow f64 division (SSE2: 138 for <4 x double>): the active lanes.
        assert_eq!(division(Some(80), Some(1), Some(138), 4), Division::Scalarized);
        // A target with a real vector divide keeps it.
        assert_eq!(division(Some(8), Some(20), Some(16), 8), Division::Integer);
        assert_eq!(division(None, Some(16), Some(16), 8), Division::Integer);
    }
}
