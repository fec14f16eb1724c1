//! What paropt will do with one W-Region, as plain data: the construct, one
//! data-sharing record per variable, and the clauses that steer code
//! generation. Built from the region's data environment before any IR is
//! touched; every clause weft cannot lower yet is refused here, naming it.
use weft_intrinsics::model::{Clause, Item, Operand, OperandKind, Typed, ValueId};
use weft_intrinsics::vocab::{Arity, ClauseKind, DirKind, Modifiers, ProcBind, ReductionOp, ScheduleKind};
use weft_intrinsics::{Rule, WeftError};

pub mod alloc;
pub mod atomic;
pub mod cancel;
pub mod construct;
pub mod detach;
pub mod map;
pub mod map_chain;
pub mod map_item;
pub mod nesting;
pub mod scan;
pub mod schedule;
pub mod section;
pub mod target_inred;
pub mod target_inred_rules;
pub mod task;
pub mod task_mod;
pub mod task_red;
pub mod taskloop;
pub mod teams;
pub mod var;

use crate::wregion::env::Linear;
use crate::wregion::WRegion;
pub use atomic::AtomicPlan;
pub use construct::Construct;
pub use schedule::Schedule;
pub use section::Dim;
pub use task::{DependItem, TaskPlan};
pub use var::{Alloc, Helpers, Share, Var};

impl Plan {
    /// The plan with variables replaced (`(old, new, a value of the
    /// variable's type)`), as when a region reads a global through a copy of
    /// its address, whose type the copy no longer tells.
    pub fn remapped(&self, triples: &[(ValueId, ValueId, Option<ValueId>)]) -> Plan {
        let mut p = self.clone();
        for v in &mut p.vars {
            if let Some(&(_, new, elem)) = triples.iter().find(|(old, _, _)| *old == v.var) {
                v.var = new;
                if v.elem.is_none() && v.section.is_none() {
                    v.elem = elem;
                    v.count = 1;
                }
            }
        }
        let new_of = |id: &mut ValueId| {
            if let Some(&(_, new, _)) = triples.iter().find(|(old, _, _)| old == id) {
                *id = new;
            }
        };
        // (An in_reduction item through a copy of its address keeps its
        // type as a `:TYPED` one would: the copy no longer tells it.)
        for r in &mut p.task.in_reductions {
            if let Some(&(_, new, elem)) = triples.iter().find(|(old, _, _)| *old == r.var) {
                r.var = new;
                if r.elem.is_none() && r.first.is_none() {
                    r.elem = elem;
                }
            }
        }
        p.task.depends.iter_mut().for_each(|d| new_of(&mut d.var));
        p.task.detach.iter_mut().for_each(new_of);
        p.task.dep_arrays.iter_mut().for_each(|(_, list)| new_of(list));
        p
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub construct: Construct,
    pub vars: Vec<Var>,
    pub if_cond: Option<ValueId>,
    pub num_threads: Option<ValueId>,
    pub proc_bind: Option<ProcBind>,
    pub schedule: Schedule,
    pub nowait: bool,
    /// CRITICAL's name: a metadata string, or a pointer to a constant C string.
    pub name: Option<Operand>,
    pub hint: Option<ValueId>,
    pub filter: Option<ValueId>,
    /// ATOMIC's kind, compare, memory orders and weak.
    pub atomic: AtomicPlan,
    /// An `ordered depend(sink: ...)`'s vectors (one integer per ordered loop).
    pub sinks: Vec<Vec<ValueId>>,
    /// An `ordered depend(source)`.
    pub source: bool,
    /// Its iteration vector, when given (icx, or weft-prepare for a nest);
    /// empty: the loop's normalized IV.
    pub source_vec: Vec<ValueId>,
    /// A doacross loop's trip counts (or i64 slots holding them), one per
    /// ordered loop; empty: one dimension, the normalized loop.
    pub doacross_trips: Vec<ValueId>,
    /// A task's clauses, and the depend items of `taskwait depend`.
    pub task: TaskPlan,
    /// The construct a cancel or cancellation point names.
    pub cancel: Option<weft_intrinsics::vocab::CancelConstruct>,
    /// A device construct's maps and device (docs/offload.md).
    pub target: map::TargetPlan,
    /// teams' NUM_TEAMS and THREAD_LIMIT, a distribute loop's schedule.
    pub teams: teams::TeamsPlan,
}

fn not_yet(construct: &str, what: impl Into<String>) -> WeftError {
    WeftError::new(Rule::NotYetSupported, construct, what.into())
}

/// An array section's bounds: constants, or values known at run time.
enum Bounds {
    Const(u64, u32),
    Runtime(ValueId, ValueId),
}

fn section_bounds(clause: &str, lower: &Operand, length: &Operand, on: &str) -> Result<Bounds, WeftError> {
    match (lower.const_uint(), length.const_uint()) {
        (Some(l), Some(n)) if (1..=u32::MAX as u64).contains(&n) => Ok(Bounds::Const(l, n as u32)),
        (Some(_), Some(n)) => Err(WeftError::new(
            Rule::OperandKind,
            clause,
            format!("an array section of {n} elements ([{}:{}])", lower.text, length.text),
        )
        .on_directive(on)),
        _ if lower.is_int() && length.is_int() => Ok(Bounds::Runtime(lower.value, length.value)),
        _ => Err(WeftError::new(
            Rule::OperandKind,
            clause,
            format!("array section bounds must be integers ([{}:{}])", lower.text, length.text),
        )
        .on_directive(on)),
    }
}

/// A modifier the clause carries whose meaning weft does not lower (it
/// would otherwise be read as the plain clause, on the wrong memory).
fn unlowered_modifier(kind: ClauseKind, m: Modifiers) -> Option<&'static str> {
    use ClauseKind as C;
    let by_reference =
        matches!(kind, C::Shared | C::Private | C::Firstprivate | C::Lastprivate | C::Linear | C::Reduction(_));
    if m.contains(Modifiers::BYREF) && !by_reference {
        Some("the BYREF modifier (the item holds the address of the variable, a reference) is lowered on SHARED, PRIVATE, FIRSTPRIVATE, LASTPRIVATE, LINEAR and REDUCTION only")
    } else if m.contains(Modifiers::BYREF) && !m.contains(Modifiers::TYPED) && kind != C::Shared {
        Some("a BYREF item needs the variable's type (:TYPED): its operand holds only the variable's address")
    } else if m.contains(Modifiers::VARLEN) {
        Some("the VARLEN modifier is not lowered yet")
    } else if m.contains(Modifiers::PTR_TO_PTR) && !matches!(kind, C::Linear | C::Nontemporal) {
        Some("the PTR_TO_PTR modifier is lowered on LINEAR (and taken on the NONTEMPORAL hint) only")
    } else if m.contains(Modifiers::F90_DV) {
        Some(
            "Fortran dope vectors (F90_DV) are not lowered yet: a private copy needs a descriptor with data of its own",
        )
    } else if m.contains(Modifiers::F90_NONPOD) {
        Some("Fortran non-POD items (F90_NONPOD) are not lowered yet: their copies need the type's own constructors")
    } else if m.contains(Modifiers::CMPLX) {
        Some("complex reductions (CMPLX) are not lowered yet")
    } else {
        None
    }
}

/// icx's `LINEAR:PTR_TO_PTR.TYPED(ptr %p, <pointee value>, 1, step)`: the
/// variable holds a pointer (its type is the variable's own), `:TYPED` names
/// what it points to, and the step counts those.
fn ptr_to_ptr_linear(item: &Item, step: Option<ValueId>, clause: &str, on: &str) -> Result<Var, WeftError> {
    let Item::Var { var, typed } = item else {
        return Err(not_yet(clause, "a non-POD pointer linear item").on_directive(on));
    };
    let Some(t) = typed.as_ref().filter(|t| t.offset.is_none()) else {
        return Err(WeftError::new(
            Rule::OperandKind,
            clause,
            "a PTR_TO_PTR item names the type it points to (:TYPED)",
        )
        .on_directive(on));
    };
    if t.count.as_ref().and_then(Operand::const_uint).is_some_and(|n| n != 1) {
        return Err(not_yet(clause, "array linear variables and array loop slots").on_directive(on));
    }
    let plain = Item::Var { var: var.clone(), typed: None };
    let mut v = var_of(&plain, clause, Share::Linear { step, unit: Some(t.ty.value) }, on)?;
    v.clause = clause.to_string();
    Ok(v)
}

fn var_of(item: &Item, clause: &str, share: Share, on: &str) -> Result<Var, WeftError> {
    match item {
        Item::Var { var, typed } => plain_var(var, typed.as_ref(), clause, share, on),
        Item::NonPod { var, typed, helpers } => nonpod_var(var, typed.as_ref(), helpers, clause, share, on),
        Item::ArrSect { base, dims } => section_var(base, dims, clause, share, on),
        Item::MapChain { .. } => Err(not_yet(clause, "map chains").on_directive(on)),
    }
}

/// Array sections are taken by these clauses only.
fn check_sectioned(section: Option<u64>, clause: &str, share: Share, on: &str) -> Result<(), WeftError> {
    let ok = matches!(
        share,
        Share::Private | Share::Firstprivate | Share::Lastprivate | Share::FirstLastprivate | Share::Reduction { .. }
    );
    if section.is_some() && !ok {
        return Err(not_yet(clause, "array sections in this clause").on_directive(on));
    }
    Ok(())
}

/// A variable (with its `:TYPED` type, count or section).
fn plain_var(var: &Operand, typed: Option<&Typed>, clause: &str, share: Share, on: &str) -> Result<Var, WeftError> {
    let (section, runtime_section) = match typed.and_then(|t| t.offset.as_ref()) {
        Some(off) => {
            let count = typed.and_then(|t| t.count.as_ref()).expect("a section has a count");
            match section_bounds(clause, off, count, on)? {
                Bounds::Const(first, _) => (Some(first), None),
                Bounds::Runtime(first, len) => (None, Some((first, len))),
            }
        }
        None => (None, None),
    };
    check_sectioned(section.or(runtime_section.map(|_| 0)), clause, share, on)?;
    let mut count = 1;
    if let Some(c) = typed.and_then(|t| t.count.as_ref()).filter(|_| runtime_section.is_none()) {
        count = match c.const_uint() {
            Some(n) if (1..=u32::MAX as u64).contains(&n) => n as u32,
            _ => {
                return Err(not_yet(clause, format!("a variable-length array item (element count {})", c.text))
                    .on_directive(on))
            }
        };
        if count > 1 && matches!(share, Share::NormIv | Share::NormUb | Share::Linear { .. }) {
            return Err(not_yet(clause, "array linear variables and array loop slots").on_directive(on));
        }
    }
    if !var.is_pointer() {
        return Err(WeftError::new(
            Rule::OperandKind,
            clause,
            format!("{} is a value, not a variable in memory: it cannot be privatized as asked", var.text),
        )
        .on_directive(on));
    }
    Ok(Var { elem: typed.map(|t| t.ty.value), count, section, runtime_section, ..Var::new(var.value, share, clause) })
}

/// A non-POD variable with its helpers, in the clause's order.
fn nonpod_var(
    var: &Operand,
    typed: Option<&Typed>,
    helpers: &[Operand],
    clause: &str,
    share: Share,
    on: &str,
) -> Result<Var, WeftError> {
    let mut v = plain_var(var, typed, clause, share, on)?;
    // (An array of them, `count` > 1 or an array variable, runs each
    // helper on every element: paropt::nonpod.)
    if v.section.is_some() || v.runtime_section.is_some() {
        return Err(not_yet(clause, "array sections of non-POD items").on_directive(on));
    }
    // The helpers in the clause's order (model::nonpod_helpers).
    let f = |k: usize| helpers.get(k).filter(|h| h.kind == OperandKind::Function).map(|h| h.value);
    v.nonpod = Some(match share {
        Share::Private => Helpers { ctor: f(0), dtor: f(1), ..Helpers::default() },
        Share::Firstprivate => Helpers { copy_ctor: f(0), dtor: f(1), ..Helpers::default() },
        Share::Lastprivate => Helpers { ctor: f(0), copy_assign: f(1), dtor: f(2), ..Helpers::default() },
        // Both copy into a live object.
        Share::Copyin | Share::Copyprivate => Helpers { copy_assign: f(0), ..Helpers::default() },
        Share::Reduction { op: ReductionOp::Udr, .. } => {
            if f(2).is_none() {
                return Err(WeftError::new(
                    Rule::OperandKind,
                    clause,
                    "a user-defined reduction needs its combiner (a function of (ptr out, ptr in))",
                )
                .on_directive(on));
            }
            Helpers { ctor: f(0), dtor: f(1), combiner: f(2), initializer: f(3), ..Helpers::default() }
        }
        // A predefined operator with no helpers: a plain item.
        Share::Reduction { .. } if (0..4).all(|k| f(k).is_none()) => return Ok(v),
        _ => return Err(not_yet(clause, "non-POD list items in this clause").on_directive(on)),
    });
    Ok(v)
}

/// An array section `base[lower:length:stride]...`.
fn section_var(base: &Operand, dims: &[[Operand; 3]], clause: &str, share: Share, on: &str) -> Result<Var, WeftError> {
    check_sectioned(Some(0), clause, share, on)?;
    if !base.is_pointer() {
        return Err(WeftError::new(
            Rule::OperandKind,
            clause,
            format!("the base of an array section must be a variable in memory, got {}", base.text),
        )
        .on_directive(on));
    }
    let [lower, length, _] = match dims {
        [d] if d[2].const_uint() == Some(1) => d,
        _ => {
            // Strides or several dimensions: constant bounds only.
            let mut layout = Vec::new();
            for [lower, length, stride] in dims {
                match (lower.const_uint(), length.const_uint(), stride.const_uint()) {
                    (Some(lower), Some(length), Some(stride)) => layout.push(Dim { lower, length, stride }),
                    _ => {
                        return Err(not_yet(
                            clause,
                            format!(
                                "array sections with strides or several dimensions and bounds known only at run time ([{}:{}:{}])",
                                lower.text, length.text, stride.text
                            ),
                        )
                        .on_directive(on))
                    }
                }
            }
            return Ok(Var { layout: Some(layout), ..Var::new(base.value, share, clause) });
        }
    };
    let bounds = section_bounds(clause, lower, length, on)?;
    let (count, section, runtime_section) = match bounds {
        Bounds::Const(first, count) => (count, Some(first), None),
        Bounds::Runtime(first, len) => (1, None, Some((first, len))),
    };
    Ok(Var { count, section, runtime_section, ..Var::new(base.value, share, clause) })
}

/// The clauses of region `r` that weft-paropt does not lower (yet), refused
/// by name.
fn check_clauses(r: &WRegion, construct: Construct, name: &str) -> Result<(), WeftError> {
    let env = &r.env;
    for c in &r.directive.clauses {
        use ClauseKind as C;
        if let Some(why) = unlowered_modifier(c.kind, c.modifiers) {
            return Err(not_yet(&c.spelling, why).on_directive(name));
        }
        let unsupported = match c.kind {
            C::Depend(_) => !matches!(construct, Construct::Task | Construct::Taskwait),
            C::Map(_) => !construct.is_target(),
            // ORDERED(0) is plain `ordered`; ORDERED(n) a doacross loop: of
            // n dimensions with the loops' trip counts, else of one (the
            // normalized loop; icx once wrote a nest it had collapsed so,
            // its sinks counting the nest's iterations).
            C::Ordered => {
                c.value().is_some_and(|v| v.const_uint().is_none())
                    || (c.trips().is_empty() && env.sinks.iter().chain([&env.source]).any(|v| v.len() > 1))
            }
            // (A simd loop's linear variables are refused by paropt::simd.)
            // (LINEAR:IV names a simd loop's own variable, as icx writes it.)
            C::Linear => {
                !(construct.is_loop() || construct == Construct::Simd)
                    || (c.modifiers.contains(Modifiers::IV) && construct != Construct::Simd)
            }
            // (A nest that weft-prepare collapsed has one counter.)
            C::Collapse => c.value().and_then(Operand::const_uint) != Some(1) && env.normalized_iv.len() != 1,
            // (A user-defined reduction's own code in a vector loop: not yet.)
            C::Reduction(ReductionOp::Udr) => {
                construct == Construct::Simd || matches!(r.kind, DirKind::LoopSimd | DirKind::ParallelLoopSimd)
            }
            // (On a simd loop run in order, the copy made in place starts as
            // the original and is copied back: the original ends as the last
            // assignment left it, or as it was, which is what CONDITIONAL asks.)
            C::Lastprivate => {
                c.modifiers.contains(Modifiers::CONDITIONAL) && !(construct == Construct::Simd || construct.is_loop())
            }
            // order(reproducible: concurrent) (OpenMP 5.1 §2.11.3): weft's
            // static schedules are reproducible, the others are not.
            C::OrderConcurrent => {
                c.modifiers.contains(Modifiers::REPRODUCIBLE)
                    && r.directive.clauses.iter().any(|s| matches!(s.kind, C::Schedule(k) if k != ScheduleKind::Static))
            }
            _ => false,
        };
        if unsupported && c.kind == C::Ordered {
            return Err(not_yet(
                &c.spelling,
                "a doacross loop nest (ORDERED(n) with n > 1) whose sink or source vectors have several entries \
                 needs the loops' trip counts, ORDERED(n, trip...)",
            )
            .on_directive(name));
        }
        if unsupported {
            return Err(not_yet(&c.spelling, "weft-paropt cannot lower this clause yet").on_directive(name));
        }
    }
    Ok(())
}

/// A lastprivate item's record, merged with its firstprivate one when the
/// variable is both.
fn add_lastprivate(
    vars: &mut Vec<Var>,
    item: &Item,
    mods: Modifiers,
    clause: &str,
    construct: Construct,
    name: &str,
) -> Result<(), WeftError> {
    // (On a simd loop run in order a conditional lastprivate is a plain one.)
    let share = if mods.contains(Modifiers::CONDITIONAL) && construct.is_loop() {
        Share::LastprivateConditional
    } else {
        Share::Lastprivate
    };
    let v = var_of(item, clause, share, name)?;
    if share == Share::LastprivateConditional
        && (v.nonpod.is_some()
            || v.count > 1
            || v.section.is_some()
            || v.runtime_section.is_some()
            || v.layout.is_some())
    {
        return Err(not_yet(&v.clause, "a conditional lastprivate that is not a scalar").on_directive(name));
    }
    match vars.iter_mut().find(|x| x.var == v.var && x.share == Share::Firstprivate) {
        Some(_) if share == Share::LastprivateConditional => {
            return Err(
                not_yet(&v.clause, "a variable both firstprivate and conditional lastprivate").on_directive(name)
            )
        }
        Some(fp) => {
            fp.share = Share::FirstLastprivate;
            fp.nonpod = Helpers::merged(fp.nonpod, v.nonpod);
        }
        None => vars.push(v),
    }
    Ok(())
}

/// A linear item's record.
fn linear_var(lin: &Linear, clause: &str, name: &str) -> Result<Var, WeftError> {
    // A simd loop's own variable (LINEAR:IV): the loop steps it; its copy
    // is copied out after the loop, as the sequential loop leaves it.
    let step = lin.step.as_ref().map(|o| o.value);
    if lin.modifiers.contains(Modifiers::PTR_TO_PTR) {
        return ptr_to_ptr_linear(&lin.item, step, clause, name);
    }
    if !lin.item.var().is_pointer() {
        // (weft-prepare takes a sandwich clause on the loop's own phi;
        // a value named anywhere else cannot be stepped.)
        return Err(WeftError::new(
            Rule::OperandKind,
            clause,
            format!(
                "{} is a value, not a variable in memory: LINEAR on a value names the induction variable \
                 of the region's loop, right after its phi (the sandwich scheme), and this is not one",
                lin.item.var().text
            ),
        )
        .on_directive(name));
    }
    let share =
        if lin.modifiers.contains(Modifiers::IV) { Share::Lastprivate } else { Share::Linear { step, unit: None } };
    var_of(&lin.item, clause, share, name)
}

/// One data-sharing record per variable of the region's clauses, in the
/// order privatization takes them.
fn data_sharing(r: &WRegion, construct: Construct, name: &str) -> Result<Vec<Var>, WeftError> {
    let env = &r.env;
    let mut vars = Vec::new();
    let clause_of = |kind: ClauseKind| {
        r.directive.clauses.iter().find(|c| c.kind == kind).map_or(kind.name().to_string(), |c| c.spelling.clone())
    };
    for item in &env.private {
        // A private SSA value needs no copy: each thread and lane computes
        // its own (Tian et al. 2016, III.F: no reference type needed).
        if matches!(item, Item::Var { var, typed: None } if !var.is_pointer()) {
            continue;
        }
        vars.push(var_of(item, &clause_of(ClauseKind::Private), Share::Private, name)?);
    }
    for item in &env.firstprivate {
        vars.push(var_of(item, &clause_of(ClauseKind::Firstprivate), Share::Firstprivate, name)?);
    }
    detach::add_detach_firstprivate(r, &mut vars, |i, c| var_of(i, c, Share::Firstprivate, name), name)?;
    for (item, mods) in &env.lastprivate {
        add_lastprivate(&mut vars, item, *mods, &clause_of(ClauseKind::Lastprivate), construct, name)?;
    }
    for item in &env.copyin {
        vars.push(var_of(item, &clause_of(ClauseKind::Copyin), Share::Copyin, name)?);
    }
    for lin in &env.linear {
        vars.push(linear_var(lin, &clause_of(ClauseKind::Linear), name)?);
    }
    scan::check_clauses(r, construct)?;
    for red in &env.reductions {
        let unsigned = red.modifiers.contains(Modifiers::UNSIGNED);
        let share = if red.modifiers.contains(Modifiers::INSCAN) {
            Share::Scan { op: red.op, unsigned }
        } else {
            Share::Reduction { op: red.op, unsigned }
        };
        let mut v = var_of(&red.item, &clause_of(ClauseKind::Reduction(red.op)), share, name)?;
        v.task = red.modifiers.contains(Modifiers::TASK);
        if red.op == ReductionOp::Udr && v.nonpod.is_none() {
            return Err(WeftError::new(
                Rule::OperandKind,
                v.clause.as_str(),
                "a user-defined reduction item comes with its helpers (ctor, dtor, combiner, initializer: QUAL.OPND.NONPOD or :NONPOD)",
            )
            .on_directive(name));
        }
        vars.push(v);
    }
    for v in vars.iter_mut().filter(|v| env.byref.contains(&v.var)) {
        v.byref = true;
        if v.section.is_some() || v.runtime_section.is_some() || v.layout.is_some() {
            return Err(not_yet(&v.clause, "array sections of BYREF items").on_directive(name));
        }
    }
    if construct.is_loop() || construct == Construct::Taskloop {
        match (env.normalized_iv.as_slice(), env.normalized_ub.as_slice()) {
            ([iv], [ub]) => {
                vars.push(var_of(iv, "QUAL.OMP.NORMALIZED.IV", Share::NormIv, name)?);
                vars.push(var_of(ub, "QUAL.OMP.NORMALIZED.UB", Share::NormUb, name)?);
            }
            ([], []) => {
                return Err(not_yet(
                    name,
                    "worksharing loops without QUAL.OMP.NORMALIZED.IV/UB slots (loops recovered from the CFG)",
                ))
            }
            _ => return Err(not_yet(name, "more than one normalized IV/UB (collapse)")),
        }
        // A variable both shared by a loop clause and private would be privatized twice.
        if let Some(dup) = vars.iter().enumerate().find(|(i, v)| vars[..*i].iter().any(|w| w.var == v.var)) {
            return Err(WeftError::new(
                Rule::ClauseNotAllowed,
                dup.1.clause.as_str(),
                "this variable already appears in another data-sharing clause of the directive",
            )
            .on_directive(name));
        }
    }
    for item in &env.copyprivate {
        vars.push(var_of(item, &clause_of(ClauseKind::Copyprivate), Share::Copyprivate, name)?);
    }
    alloc::attach(env, &mut vars, name)?;
    // single: copyprivate, and private copies made in place (paropt::simd).
    let single_vars = vars.iter().all(|v| matches!(v.share, Share::Copyprivate | Share::Private | Share::Firstprivate));
    if !vars.is_empty()
        && !construct.is_parallel()
        && !construct.is_loop()
        && !matches!(
            construct,
            Construct::Simd
                | Construct::Scope
                | Construct::Task
                | Construct::Taskgroup
                | Construct::Taskloop
                | Construct::Target
        )
        && !(construct == Construct::Single && single_vars)
    {
        return Err(not_yet(&vars[0].clause, "data-sharing clauses on this construct").on_directive(name));
    }
    Ok(vars)
}

/// A worksharing loop's schedule, with its ordered and doacross kinds.
fn schedule(r: &WRegion, construct: Construct, name: &str) -> Result<Schedule, WeftError> {
    let env = &r.env;
    let clause_of = |kind: ClauseKind| {
        r.directive.clauses.iter().find(|c| c.kind == kind).map_or(kind.name().to_string(), |c| c.spelling.clone())
    };
    if env.has_flag(ClauseKind::OrderedThreads) && (!env.sinks.is_empty() || env.has_flag(ClauseKind::DependSource)) {
        return Err(WeftError::new(
            Rule::ClauseNotAllowed,
            clause_of(ClauseKind::OrderedThreads),
            "an ordered region (THREADS) and an ordered depend(sink/source) cannot be one construct",
        )
        .on_directive(name));
    }
    let doacross = construct.is_loop() && env.doacross() >= 1;
    let ordered = construct.is_loop() && env.has_value_clause(ClauseKind::Ordered) && !doacross;
    if doacross && matches!(r.kind, DirKind::LoopSimd | DirKind::ParallelLoopSimd) {
        return Err(not_yet(name, "a doacross loop (ORDERED(n)) that is also simd"));
    }
    if doacross
        && env.ordered_trips.is_empty()
        && env.value(ClauseKind::Collapse).and_then(Operand::const_uint).unwrap_or(1) > 1
        && env.normalized_iv.len() != 1
    {
        return Err(not_yet(name, "a collapsed doacross loop without its loops' trip counts (ORDERED(n, trip...))"));
    }
    let schedule = match &env.schedule {
        Some(s) => Schedule {
            kind: s.kind,
            chunk: s.chunk.as_ref().map(|c| c.value),
            monotonic: s.modifiers.contains(Modifiers::MONOTONIC),
            nonmonotonic: s.modifiers.contains(Modifiers::NONMONOTONIC),
            ordered,
            doacross,
            default: false,
        },
        None => Schedule {
            kind: ScheduleKind::Static,
            chunk: None,
            monotonic: false,
            nonmonotonic: false,
            ordered,
            doacross,
            default: true,
        },
    };
    if let Some(chunk) = env.schedule.as_ref().and_then(|s| s.chunk.as_ref()) {
        if chunk.const_int().is_some_and(|n| n <= 0) {
            return Err(WeftError::new(
                Rule::OperandKind,
                clause_of(ClauseKind::Schedule(schedule.kind)),
                format!("the chunk size must be positive, got {}", chunk.text),
            )
            .on_directive(name));
        }
    }
    Ok(schedule)
}

/// The plan for one region, or the error naming what cannot be lowered.
pub fn plan(r: &WRegion) -> Result<Plan, WeftError> {
    let name = r.kind.begin_name();
    // Parsed for the constructs of later work (teams, target, tasks): named
    // here, before the construct itself is refused.
    let later = |k| {
        use ClauseKind as C;
        // (icx's IMPLICIT marks the taskgroup it writes around a taskloop:
        // a taskgroup like any other.)
        let implicit_group = k == C::Implicit && r.kind == DirKind::Taskgroup;
        // (A device construct reads its entry index and defaultmap: plan/map.rs.)
        let device = r.kind.is_target() && matches!(k, C::OffloadEntryIdx | C::Defaultmap(_));
        !implicit_group && !device && matches!(k, C::Implicit | C::OffloadEntryIdx | C::Defaultmap(_) | C::PragmaArray)
    };
    let typed = |c: &Clause| {
        c.kind.arity() == Arity::One && c.modifiers.contains(Modifiers::TYPED) && !teams::reads_typed(r.kind, c.kind)
    };
    if let Some(c) = r.directive.clauses.iter().find(|c| later(c.kind) || typed(c)) {
        return Err(not_yet(&c.spelling, "parsed, but weft-paropt does not lower it yet").on_directive(name));
    }
    let construct = Construct::of(r.kind)
        .ok_or_else(|| not_yet(name, "weft-paropt cannot lower this construct yet (workshare, ...)"))?;
    check_clauses(r, construct, name)?;
    let env = &r.env;
    let vars = data_sharing(r, construct, name)?;
    task_mod::check(r.kind, &vars, name)?;
    let schedule = schedule(r, construct, name)?;
    let task = task::task_plan(r, construct, &vars, name)?;
    let teams = teams::teams_plan(r, construct, name)?;
    let doacross = schedule.doacross;
    let proc_bind = env.flag(|k| matches!(k, ClauseKind::ProcBind(_))).map(|(k, _)| match k {
        ClauseKind::ProcBind(p) => p,
        _ => unreachable!("filtered to PROC.BIND"),
    });
    let atomic = match construct {
        Construct::Atomic => AtomicPlan::from_flags(&env.flags)?,
        _ => AtomicPlan::default(),
    };
    Ok(Plan {
        construct,
        vars,
        if_cond: env.value(ClauseKind::If).map(|o| o.value),
        num_threads: env.value(ClauseKind::NumThreads).map(|o| o.value),
        proc_bind,
        schedule,
        // (A distribute loop ends without a barrier: OpenMP 5.1 §2.11.6.1.)
        nowait: env.nowait() || construct == Construct::Distribute,
        name: env.value(ClauseKind::Name).cloned(),
        hint: env.value(ClauseKind::Hint).map(|o| o.value),
        filter: env.value(ClauseKind::Filter).map(|o| o.value),
        atomic,
        sinks: env.sinks.iter().map(|v| v.iter().map(|o| o.value).collect()).collect(),
        source: env.has_flag(ClauseKind::DependSource),
        source_vec: env.source.iter().map(|o| o.value).collect(),
        doacross_trips: if doacross { env.ordered_trips.iter().map(|o| o.value).collect() } else { Vec::new() },
        task,
        cancel: cancel::construct_of(r, name)?,
        target: map::target_plan(r, construct, name)?,
        teams,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonpod_helpers_of_first_and_last() {
        let id = |n| Some(ValueId(n));
        let first = Helpers { copy_ctor: id(1), dtor: id(2), ..Helpers::default() };
        let last = Helpers { ctor: id(3), copy_assign: id(4), dtor: id(5), ..Helpers::default() };
        let both = Helpers::merged(Some(first), Some(last)).expect("non-POD");
        assert_eq!(
            both,
            Helpers { ctor: id(3), copy_ctor: id(1), copy_assign: id(4), dtor: id(2), ..Helpers::default() }
        );
        assert_eq!(Helpers::merged(None, None), None);
        // A POD firstprivate with a non-POD lastprivate keeps the latter's helpers.
        assert_eq!(Helpers::merged(None, Some(last)).and_then(|h| h.dtor), id(5));
    }
}
