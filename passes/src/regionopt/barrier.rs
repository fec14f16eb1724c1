//! Barrier elimination between the worksharing loops of a merged region:
//! the implied barrier after a loop goes (`nowait`) when the next loop
//! touches only what the same thread wrote in it, or nothing it wrote.
//! Both loops must then give each thread the same iterations: plain static
//! schedules (the same chunk, if any) over the same iteration count, as
//! libomp's static partition depends on nothing else (OpenMP 5.1 §2.11.4:
//! a static schedule's assignment is fixed for the same iteration count,
//! chunk and team). "Same thread" means same iteration: an address that is
//! one-to-one in the normalized induction variable, computed the same way
//! in both loops.
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode as Op};
use weft_intrinsics::ffi::{Dependences, Value};
use weft_intrinsics::model::ValueId;

use super::access::{accesses, body, identified, underlying, Access, Equiv};
use super::clauses::{entry_clauses, RawClause};
use super::legality::items;
use super::merge::Chain;
use crate::wregion::{Analysis, WRegion};

/// What happens to the implied barrier after each loop of a chain.
pub struct Decision {
    /// Per member: whether its loop gets `nowait`.
    pub nowait: Vec<bool>,
    /// Entry calls of loops whose barrier goes.
    pub removed: Vec<ValueId>,
    /// Entry calls of loops whose barrier stays, with why.
    pub kept: Vec<(ValueId, String)>,
}

/// Decides the barrier after each loop of `chain`. Without a barrier
/// after loop k, loop k+1 may run beside every loop since the last barrier
/// kept, so it is checked against each of them, not only loop k.
pub fn plan<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    chain: &Chain<'ctx>,
    enabled: bool,
    deps: Option<&Dependences>,
) -> Decision {
    let n = chain.members.len();
    let mut d = Decision { nowait: vec![false; n], removed: Vec::new(), kept: Vec::new() };
    let mut since = 0;
    for k in 0..n.saturating_sub(1) {
        let (r, s) = (&a.graph.regions[chain.members[k]], &a.graph.regions[chain.members[k + 1]]);
        if chain.plain[k] {
            // A plain region's join becomes an explicit barrier (merge.rs).
            since = k + 1;
            continue;
        }
        let why = if !chain.loops_meet(k) {
            Some(if chain.plain[k + 1] {
                "a plain parallel region's body follows it".into()
            } else {
                "code between the regions runs under single after it".into()
            })
        } else if enabled {
            (since..=k).find_map(|j| why_needed(module, a, &a.graph.regions[chain.members[j]], s, deps))
        } else {
            Some("barrier elimination is off (no-barrier)".into())
        };
        match why {
            None => {
                d.nowait[k] = true;
                d.removed.push(r.entry.span.first);
            }
            Some(why) => {
                since = k + 1;
                d.kept.push((r.entry.span.first, format!("implied barrier after this loop kept: {why}")))
            }
        }
    }
    // The last loop's barrier is followed by the region's own end, where
    // the team joins anyway.
    if enabled && n > 0 {
        d.nowait[n - 1] = true;
    }
    d
}

/// A loop as the barrier rules read it.
struct LoopFacts<'ctx> {
    iv: Value,
    ub: Value,
    private: Vec<Value>,
    accesses: Vec<Access<'ctx>>,
}

fn facts<'ctx>(a: &Analysis<'ctx>, r: &WRegion, c: &[RawClause<'ctx>]) -> Result<LoopFacts<'ctx>, String> {
    if c.iter().any(|c| c.base() == "QUAL.OMP.COLLAPSE") {
        return Err("a collapsed loop".into());
    }
    if !r.children.is_empty() {
        return Err("a construct nested in a loop".into());
    }
    let (iv, ub) = (items(c, &["QUAL.OMP.NORMALIZED.IV"]), items(c, &["QUAL.OMP.NORMALIZED.UB"]));
    let ([iv], [ub]) = (iv.as_slice(), ub.as_slice()) else {
        return Err("a loop not in the normalized form".into());
    };
    let private =
        items(c, &["QUAL.OMP.PRIVATE", "QUAL.OMP.FIRSTPRIVATE", "QUAL.OMP.NORMALIZED.IV", "QUAL.OMP.NORMALIZED.UB"]);
    Ok(LoopFacts {
        iv: Value::of(*iv),
        ub: Value::of(*ub),
        private: private.into_iter().map(Value::of).collect(),
        accesses: accesses(&body(a, r))?,
    })
}

/// A plain static schedule's chunk (None: no chunk), or why not one.
fn static_chunk<'ctx>(c: &[RawClause<'ctx>]) -> Result<Option<Value>, String> {
    match c.iter().find(|c| c.base().starts_with("QUAL.OMP.SCHEDULE.")) {
        None => Ok(None),
        Some(s) if s.tag == "QUAL.OMP.SCHEDULE.STATIC" => Ok(s.values.first().copied().flatten().map(Value::of)),
        Some(s) => Err(format!("schedule {} gives threads iterations that another loop's schedule need not", s.tag)),
    }
}

/// Why the barrier after loop `r` must stay before loop `s`, or None: then
/// every access of `s` that meets one of `r` (one a write) is to what the
/// same iteration touched, so the loops may also be fused (fusion.rs).
/// A pair DependenceAnalysis proves independent (`deps`) needs nothing.
pub fn why_needed<'ctx>(
    module: &Module<'ctx>,
    a: &Analysis<'ctx>,
    r: &WRegion,
    s: &WRegion,
    deps: Option<&Dependences>,
) -> Option<String> {
    let h = &a.scan.values;
    let (cr, cs) = (entry_clauses(r, h), entry_clauses(s, h));
    match (static_chunk(&cr), static_chunk(&cs)) {
        (Ok(x), Ok(y)) if x == y => {}
        (Err(e), _) | (_, Err(e)) => return Some(e),
        _ => return Some("the loops' static schedules have different chunks".into()),
    }
    let (fr, fs) = match (facts(a, r, &cr), facts(a, s, &cs)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return Some(e),
    };
    let f = h.instruction(r.entry.span.first).get_parent()?.get_parent()?;
    let shared = |l: &LoopFacts<'ctx>| -> Vec<Access<'ctx>> {
        l.accesses.iter().copied().filter(|x| !l.private.contains(&Value::of(underlying(x.ptr)))).collect()
    };
    let written: Vec<BasicValueEnum<'ctx>> =
        fr.accesses.iter().chain(&fs.accesses).filter(|x| x.write).map(|x| x.ptr).collect();
    let eq = Equiv { module, function: f, ivs: [fr.iv, fs.iv], written: &written };
    if !same_trip_count(&eq, &fr, &fs) {
        return Some("the loops' iteration counts are not provably the same".into());
    }
    for x in shared(&fr) {
        for y in shared(&fs).into_iter().filter(|y| x.write || y.write) {
            let (ux, uy) = (underlying(x.ptr), underlying(y.ptr));
            if Value::of(ux) != Value::of(uy) && identified(module, f, ux) && identified(module, f, uy) {
                continue;
            }
            if one_to_one(x.ptr, fr.iv) && eq.same(x.ptr, y.ptr, 12) {
                continue;
            }
            if deps.is_some_and(|d| !d.may_depend(x.inst, y.inst)) {
                continue;
            }
            return Some("the next loop may touch memory another thread wrote in this loop".into());
        }
    }
    None
}

/// Whether both loops store provably equal upper bounds into their
/// normalized UB (each exactly once, in the region before its loop).
fn same_trip_count<'ctx>(eq: &Equiv<'_, 'ctx>, r: &LoopFacts<'ctx>, s: &LoopFacts<'ctx>) -> bool {
    let bound = |l: &LoopFacts<'ctx>| -> Option<BasicValueEnum<'ctx>> {
        let stores: Vec<_> = l.accesses.iter().filter(|x| x.write && Value::of(x.ptr) == l.ub).collect();
        match stores.as_slice() {
            [st] => st.inst.get_operand(0).and_then(|o| o.left()),
            _ => None,
        }
    };
    match (bound(r), bound(s)) {
        (Some(x), Some(y)) => eq.same(x, y, 12),
        _ => false,
    }
}

/// Whether `ptr` is a GEP whose only varying index is the induction
/// variable (possibly extended, plus a constant) and whose other indices
/// are constants: distinct iterations then touch distinct elements.
fn one_to_one(ptr: BasicValueEnum<'_>, iv: Value) -> bool {
    let Some(g) = ptr.as_instruction_value().filter(|g| g.get_opcode() == Op::GetElementPtr) else { return false };
    let mut varying = 0;
    for k in 1..g.get_num_operands() {
        let Some(BasicValueEnum::IntValue(ix)) = g.get_operand(k).and_then(|o| o.left()) else { return false };
        if ix.is_const() {
            continue;
        }
        if !iv_plus_constant(BasicValueEnum::IntValue(ix), iv, 4) {
            return false;
        }
        varying += 1;
    }
    varying == 1 && !g.get_operand(0).and_then(|o| o.left()).is_some_and(|b| mentions_iv(b, iv, 8))
}

fn iv_plus_constant(v: BasicValueEnum<'_>, iv: Value, depth: u32) -> bool {
    let Some(i) = v.as_instruction_value() else { return false };
    let op = |k| i.get_operand(k).and_then(|o| o.left());
    match i.get_opcode() {
        Op::Load => op(0).is_some_and(|p| Value::of(p) == iv),
        Op::SExt | Op::ZExt if depth > 0 => op(0).is_some_and(|x| iv_plus_constant(x, iv, depth - 1)),
        Op::Add | Op::Sub if depth > 0 => match (op(0), op(1)) {
            (Some(x), Some(BasicValueEnum::IntValue(c))) if c.is_const() => iv_plus_constant(x, iv, depth - 1),
            (Some(BasicValueEnum::IntValue(c)), Some(x)) if c.is_const() && i.get_opcode() == Op::Add => {
                iv_plus_constant(x, iv, depth - 1)
            }
            _ => false,
        },
        _ => false,
    }
}

fn mentions_iv(v: BasicValueEnum<'_>, iv: Value, depth: u32) -> bool {
    let Some(i) = v.as_instruction_value() else { return false };
    if i.get_opcode() == Op::Load && i.get_operand(0).and_then(|o| o.left()).is_some_and(|p| Value::of(p) == iv) {
        return true;
    }
    depth > 0
        && (0..i.get_num_operands())
            .any(|k| i.get_operand(k).and_then(|o| o.left()).is_some_and(|x| mentions_iv(x, iv, depth - 1)))
}
