//! Worksharing loops recovered from the CFG, put into the normalized form.
//!
//! A front end may write a worksharing loop as the loop itself (the paper's
//! form: `for (i = lb; i < ub; i += st)` as a phi, or as a local variable in
//! memory at -O0) rather than in the normalized form icx emits. Partitioning
//! needs the normalized form: a counter `iv = 0 .. n-1` and an upper bound,
//! each in a memory slot the directive names (`QUAL.OMP.NORMALIZED.IV/UB`),
//! so that no pass can fold the trip count into the body before the loop is
//! divided among threads. This module rewrites a recognized loop into that
//! form in place, at pipeline start (before any optimization) and in
//! weft-prepare:
//!
//! - before the loop: the trip count `n` from start, bound, comparison and
//!   step (0 when the loop runs no iteration), `ub = n - 1`, `iv = 0`;
//! - the header's test becomes `iv <= ub`;
//! - the body starts by computing the user's variable `start + iv * step`
//!   (stored to it in memory form; it replaces the phi inside the loop);
//! - the latch adds 1 to `iv`.
//!
//! The user's variable is private to the loop, as OpenMP predetermines it:
//! in memory form it is added to the directive's PRIVATE list unless a
//! clause already names it.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::types::{AnyType, IntType};
use llvm_plugin::inkwell::values::PointerValue;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue};
use llvm_plugin::inkwell::IntPredicate as P;
use weft_intrinsics::ffi::{self, CfgLoop};
use weft_intrinsics::vocab::ClauseKind;
use weft_intrinsics::{Rule, WeftError};

use super::clause_edit::{add_clause, drop_clauses};
use super::loop_form::{first_non_phi, level, loop_blocks, perfectly_nested, value_at, Level};
use super::nonrect::{self, NonRect};
use crate::wregion::Analysis;

/// The worksharing regions of `a` whose loop has no NORMALIZED slots, and
/// the simd regions with `collapse(n > 1)` (one counter over the nest is
/// one loop the vectorizer can take).
fn unnormalized(a: &Analysis<'_>) -> Vec<usize> {
    (0..a.graph.regions.len())
        .filter(|&r| {
            let reg = &a.graph.regions[r];
            // (A loop inside a construct of later work, such as a target
            // region, is left as it is: weft-paropt refuses that construct
            // by name, and its loop need not be counted for that.)
            if inside_later_work(a, r) {
                return false;
            }
            let unnormalized = reg.env.normalized_iv.len() + reg.env.normalized_ub.len() != 2;
            let collapsed = reg.env.value(ClauseKind::Collapse).and_then(|o| o.const_uint()).is_some_and(|n| n > 1);
            // (icx's form of a collapsed nest, one NORMALIZED pair per level,
            // is normalized again into one counter.)
            let taskloop = reg.kind.is_taskloop();
            unnormalized && (reg.kind.is_worksharing_loop() || taskloop || (reg.kind.is_simd_only() && collapsed))
        })
        .collect()
}

/// Whether region `r` is nested in a construct of later work (tasks,
/// target, teams, distribute: vocab/later.rs).
fn inside_later_work(a: &Analysis<'_>, r: usize) -> bool {
    let mut up = a.graph.regions[r].parent;
    while let Some(p) = up {
        if a.graph.regions[p].kind.is_later_work() {
            return true;
        }
        up = a.graph.regions[p].parent;
    }
    false
}

/// How the loop finder (intrinsics/cpp/loops.cc) starts the reason for a
/// collapsed nest whose inner bounds change with an outer loop in a way
/// weft cannot count: no later simplification makes that countable (nor a
/// nest refused as not yet supported).
const NOT_RECTANGULAR: &str = "the collapsed nest is not rectangular";

/// A loop that could not be normalized: why, and whether that is final (no
/// later form of the IR can be normalized either).
pub struct LoopFailure {
    pub error: WeftError,
    pub definitive: bool,
}

/// Normalizes every worksharing loop of the module that has no NORMALIZED
/// slots. Returns which analyses' functions it changed (those analyses are
/// then stale), and every loop it could not recognize as an error naming why.
pub fn normalize_all<'ctx>(module: &Module<'ctx>, analyses: &[Analysis<'ctx>]) -> (Vec<bool>, Vec<LoopFailure>) {
    let mut changed = vec![false; analyses.len()];
    let mut errors = Vec::new();
    for (i, a) in analyses.iter().enumerate() {
        let todo = unnormalized(a);
        let Some(f) = a.scan.handles.first().and_then(|b| b.get_parent()) else { continue };
        if todo.is_empty() {
            continue;
        }
        // One loop forest serves every region: normalizing adds instructions
        // and replaces a branch by one to the same blocks, so the CFG stays;
        // rebuilding a rotated loop changes it (rare: made anew then).
        let mut forest = ffi::LoopForest::new(f);
        for r in todo {
            match unrotate(module, &forest, a, r) {
                Ok(true) => {
                    forest = ffi::LoopForest::new(f);
                    changed[i] = true;
                }
                Ok(false) => {}
                Err(e) => {
                    errors.push(failure(e.in_function(&a.graph.function)));
                    continue;
                }
            }
            match normalize(module, &forest, a, r) {
                Ok(()) => changed[i] = true,
                Err(e) => errors.push(failure(e.in_function(&a.graph.function))),
            }
        }
    }
    (changed, errors)
}

fn failure(error: WeftError) -> LoopFailure {
    let definitive = error.rule == Rule::NotYetSupported || error.detail.contains(NOT_RECTANGULAR);
    LoopFailure { error, definitive }
}

fn loop_error(name: &str, why: impl Into<String>) -> WeftError {
    WeftError::new(Rule::LoopForm, name, format!("cannot count this worksharing loop's iterations: {}", why.into()))
}

/// A rotated loop (tested at the bottom, as LoopRotate leaves it) rebuilt
/// around a counter tested at the top (intrinsics/cpp/unrotate.cc), which
/// `normalize` then takes like any loop. Returns whether there was one.
fn unrotate<'ctx>(
    module: &Module<'ctx>,
    forest: &ffi::LoopForest,
    a: &Analysis<'ctx>,
    r: usize,
) -> Result<bool, WeftError> {
    let reg = &a.graph.regions[r];
    let name = reg.kind.begin_name();
    let fail = |why: String| loop_error(name, why).at(reg.entry.span.first);
    let Some(rot) = ffi::find_rotated(forest, a.scan.handles[reg.entry.block]).map_err(fail)? else {
        return Ok(false);
    };
    let b = module.get_context().create_builder();
    b.position_before(&rot.preheader.get_terminator().expect("a terminator"));
    // Once entered it runs once, then once more per successful test: the
    // test of a loop starting where the latch's first test looks.
    let mut lp = rot.as_cfg;
    if let (true, BasicValueEnum::IntValue(s), BasicValueEnum::IntValue(st)) = (rot.tests_next, lp.start, lp.step) {
        if s.get_type() == st.get_type() {
            lp.start = if lp.step_negated { b.build_int_sub(s, st, "") } else { b.build_int_add(s, st, "") }
                .expect("positioned")
                .into();
        }
    }
    let n = level(&b, lp).map_err(fail)?.n;
    let trips = b.build_int_add(n, n.get_type().const_int(1, false), "omp.unrotated.trips").expect("positioned");
    log::debug!(target: "weft::prepare", "{}: rebuilt the rotated loop of {name} (header %{}) around a counter tested at the top", a.graph.function, lp.header.get_name().to_string_lossy());
    ffi::unrotate(rot, trips);
    Ok(true)
}

/// A nest as the CFG has it, found before anything changes: the collapsed
/// loops (then the ordered loops inside them of a doacross nest), outermost
/// first, and how each one's start and bound change with the loops around it.
struct Found<'ctx> {
    loops: Vec<CfgLoop<'ctx>>,
    affine: Vec<Option<ffi::Affine<'ctx>>>,
    /// The collapsed loops.
    depth: usize,
    /// A doacross nest in the vector form (prepare/doacross.rs).
    vector: bool,
}

/// The nest of region `r`: the loop after the directive, then each
/// collapsed (or ordered) loop in the body of the one before; every refusal
/// of its form.
fn find_nest<'ctx>(forest: &ffi::LoopForest, a: &Analysis<'ctx>, r: usize) -> Result<Found<'ctx>, WeftError> {
    let reg = &a.graph.regions[r];
    let name = reg.kind.begin_name();
    let call_id = reg.entry.span.first;
    let fail = |why: String| loop_error(name, why).at(call_id);
    let depth = (reg.env.value(ClauseKind::Collapse).and_then(|o| o.const_uint()).unwrap_or(1) as usize)
        .max(reg.env.normalized_iv.len())
        .max(1);
    // A doacross nest also takes the ordered loops inside the collapsed ones,
    // except in icx's older form of a nest it collapsed itself: a
    // NORMALIZED.IV without its UB and ORDERED(n) without trip counts, whose
    // one dimension is the normalized loop (paropt/doacross.rs).
    let mut ordered = reg.env.doacross() as usize;
    if !reg.env.normalized_iv.is_empty() && reg.env.ordered_trips.is_empty() {
        ordered = ordered.min(depth);
    }
    if ordered > 0 && ordered < depth {
        return Err(WeftError::new(
            Rule::OperandKind,
            "QUAL.OMP.ORDERED",
            format!("ORDERED({ordered}) names fewer loops than the {depth} collapsed ones (OpenMP: n >= collapse)"),
        )
        .on_directive(name)
        .at(call_id));
    }
    let vector = super::doacross::vector_form(ordered, depth);
    let total = if vector { ordered.max(depth) } else { depth };
    let s = a.scan.handles[reg.entry.block];
    let mut loops = vec![ffi::find_loop(forest, s, None).map_err(fail)?.0];
    let mut affine: Vec<Option<ffi::Affine<'ctx>>> = vec![None];
    for l in 1..total {
        let fail = |why: String| match l < depth {
            true => fail(why),
            false => fail(format!("ordered({ordered}) associates {ordered} loops: {why}")),
        };
        let ivs: Vec<BasicValueEnum<'ctx>> = loops.iter().map(|lp| lp.iv).collect();
        let (inner, affine_l) =
            ffi::find_loop(forest, loops[l - 1].body, Some((loops[0].header, &ivs))).map_err(fail)?;
        perfectly_nested(&loops[l - 1], &inner).map_err(fail)?;
        loops.push(inner);
        affine.push((!affine_l.is_rectangular()).then_some(affine_l));
    }
    if nonrect::last_varying(&affine).is_some() && reg.env.doacross() > 0 {
        return Err(WeftError::new(
            Rule::NotYetSupported,
            name,
            "a non-rectangular collapsed nest with ordered(n) (a doacross loop nest)",
        )
        .at(call_id));
    }
    Ok(Found { loops, affine, depth, vector })
}

/// The memory slots of a normalized nest, in the function's entry block:
/// the counter and its bound, a flag per inner level entered once, the
/// trip count of each level of a doacross nest, a run's counter.
struct Slots<'ctx> {
    iv: PointerValue<'ctx>,
    ub: PointerValue<'ctx>,
    flags: Vec<PointerValue<'ctx>>,
    trips: Vec<PointerValue<'ctx>>,
    run: Option<PointerValue<'ctx>>,
    /// The counter's type: i64, or i32 (narrow_iv.rs).
    iv_t: IntType<'ctx>,
}

impl<'ctx> Slots<'ctx> {
    /// Allocates the slots where `b` stands: `entered` flags, `trips`
    /// trip-count slots, and a run's counter when `run`.
    /// The counter and its bound are i32 when `narrow` (narrow_iv.rs).
    fn new(b: &Builder<'ctx>, entered: usize, trips: usize, run: bool, narrow: bool) -> Self {
        let ctx = b.get_insert_block().expect("positioned").get_context();
        let i64t = ctx.i64_type();
        let iv_t = if narrow { ctx.i32_type() } else { i64t };
        let bool_t = i64t.get_context().bool_type();
        let slot = |name: &str| b.build_alloca(i64t, name).expect("positioned");
        let counter = |name: &str| b.build_alloca(iv_t, name).expect("positioned");
        Slots {
            iv: counter("omp.norm.iv"),
            ub: counter("omp.norm.ub"),
            flags: (0..entered).map(|_| b.build_alloca(bool_t, "omp.collapse.enter").expect("positioned")).collect(),
            trips: (0..trips).map(|_| slot("omp.doacross.trip")).collect(),
            run: run.then(|| slot("omp.nonrect.run")),
            iv_t,
        }
    }

    fn iv_type(&self) -> IntType<'ctx> {
        self.iv_t
    }
}

fn normalize<'ctx>(
    module: &Module<'ctx>,
    forest: &ffi::LoopForest,
    a: &Analysis<'ctx>,
    r: usize,
) -> Result<(), WeftError> {
    let reg = &a.graph.regions[r];
    let name = reg.kind.begin_name();
    let fail = |why: String| loop_error(name, why).at(reg.entry.span.first);
    let mut entry_call = a.scan.values.instruction(reg.entry.span.first);
    let Found { mut loops, mut affine, depth, vector } = find_nest(forest, a, r)?;
    let varying = nonrect::last_varying(&affine).is_some();
    // A simd loop's non-rectangular nest stays a nest whose innermost loop
    // is the simd loop (prepare/simd_nest.rs).
    match super::simd_nest::collapsed_because(reg).filter(|_| varying) {
        None if varying => {
            log::debug!(target: "weft::prepare", "{}: the non-rectangular nest of {name} stays a nest, its innermost loop the simd loop", a.graph.function);
            super::simd_nest::keep(module, &a.scan.values, reg, entry_call, &loops, &affine);
            return Ok(());
        }
        Some(why) => {
            log::debug!(target: "weft::prepare", "{}: the non-rectangular nest of {name} is collapsed: {why}", a.graph.function)
        }
        None => {}
    }
    // (A `for simd` nest's innermost level runs in runs: prepare/nonrect.rs.)
    let runs = varying && super::simd_nest::chunk_runs(reg);
    let total = loops.len();
    let ctx = module.get_context();
    let b = ctx.create_builder();
    b.position_before(&loops[0].preheader.get_terminator().expect("a terminator"));
    // (The ordered loops inside the collapsed ones stay loops.)
    let inner_ordered = loops.split_off(depth);
    let mut levels: Vec<Level<'ctx>> =
        loops.into_iter().map(|lp| level(&b, lp)).collect::<Result<_, _>>().map_err(fail)?;
    let inner_levels: Vec<Level<'ctx>> =
        inner_ordered.into_iter().map(|lp| level(&b, lp)).collect::<Result<_, _>>().map_err(fail)?;
    if !reg.env.normalized_iv.is_empty() || !reg.env.normalized_ub.is_empty() {
        // One NORMALIZED pair per collapsed level (icx's form): those loops
        // are loops like any (counters in memory from 0 to a bound in a
        // slot), and the nest gets one counter of its own below.
        entry_call = drop_clauses(&a.scan.values, reg, entry_call, "QUAL.OMP.NORMALIZED");
    }
    let entry = levels[0].lp.header.get_parent().and_then(|f| f.get_first_basic_block()).expect("a body");
    match entry.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(entry),
    }
    let narrow = super::narrow_iv::narrow_counter(reg, &levels, inner_levels.len(), varying || vector);
    let slots = Slots::new(&b, levels.len() - 1 - runs as usize, if vector { total } else { 0 }, runs, narrow);
    // (The inner ordered loops of a doacross nest are rectangular: refused above.)
    affine.truncate(levels.len());
    let mut nonrect = NonRect::new(&b, &levels, affine);
    b.position_before(&levels[0].lp.preheader.get_terminator().expect("a terminator"));
    super::doacross::store_trips(&b, &levels.iter().chain(&inner_levels).collect::<Vec<_>>(), &slots.trips);
    let (n, strides) = count(&b, &mut levels, nonrect.as_mut(), &slots).map_err(fail)?;
    let named = |v: ffi::Value| reg.directive.clauses.iter().flat_map(|c| c.items()).any(|i| i.var().value == v.id());
    counter_loop(&b, &levels, nonrect.as_ref(), &slots, n, &named);
    enter_once(&b, &levels, &slots.flags);
    // A non-rectangular nest: each iteration first finds its block and its
    // offset in it (the cursor, at the top of the outermost body), and a
    // run its end.
    let located = match &nonrect {
        Some(nr) => {
            let (at, rest) = nr.locate(ctx, &b, &levels, slots.iv).map_err(fail)?;
            levels[0].lp.body = rest;
            let run = slots.run.map(|slot| {
                b.position_before(&first_non_phi(levels[levels.len() - 2].lp.body));
                nr.run(&b, &levels, &at, (slots.iv, slots.ub, slot))
            });
            Some((nr, at, run))
        }
        None => None,
    };
    let ks = level_values(&b, &levels, located.as_ref(), &strides, (slots.iv, slots.iv_t));
    // A doacross loop's `ordered depend(sink: v)` names iterations by the
    // variable's value: they become iteration numbers, (v - start) / step.
    if vector {
        let all: Vec<&Level<'ctx>> = levels.iter().chain(&inner_levels).collect();
        super::doacross::rewrite_vectors(module, a, r, &all, &ks);
    } else if reg.env.doacross() > 0 && levels.len() == 1 {
        sinks_to_iterations(a, r, &levels[0]);
    }
    log::debug!(target: "weft::prepare", "{}: normalized the {}-deep loop nest of {name} (header %{})", a.graph.function, levels.len(), levels[0].lp.header.get_name().to_string_lossy());
    let nest = (&levels[..], &inner_levels[..], vector);
    let call = name_slots(module, &a.scan.values, reg, entry_call, nest, &slots, nonrect.as_ref(), &named);
    // (A simd loop's region holds the count's loops before the nest: the
    // nest is the simd loop weft-vectorize takes, tagged now. A run is the
    // loop that the simd region paropt makes of a thread's chunk
    // vectorizes: the levels around it are a simd nest's.)
    if nonrect.is_some() {
        ffi::mark_nonrect_loop(levels[0].lp.latch);
        if let Some((inner, outer)) = levels.split_last().filter(|_| runs) {
            outer.iter().for_each(|lv| ffi::mark_simd_nest_loop(lv.lp.latch));
            ffi::tag_simd_loop_at(call, inner.lp.header);
        }
        if reg.kind.is_simd_only() {
            ffi::tag_simd_loop_at(call, levels[0].lp.header);
        }
    }
    Ok(())
}

/// Before the nest (where `b` stands, the outermost preheader): the nest's
/// iterations `n` (the product of the levels' trip counts, or a
/// non-rectangular nest's sum), `ub = n - 1` and `iv = 0`; returns `n` and
/// each level's stride (the iterations of the levels inside it).
fn count<'ctx>(
    b: &Builder<'ctx>,
    levels: &mut [Level<'ctx>],
    nonrect: Option<&mut NonRect<'ctx>>,
    slots: &Slots<'ctx>,
) -> Result<(IntValue<'ctx>, Vec<IntValue<'ctx>>), String> {
    let ctx = levels[0].n.get_type().get_context();
    let i64t = ctx.i64_type();
    let mut strides = vec![i64t.const_int(1, false); levels.len()];
    for l in (0..levels.len() - 1).rev() {
        strides[l] = b.build_int_mul(strides[l + 1], levels[l + 1].n, "omp.collapse.stride").expect("positioned");
    }
    let n = match nonrect {
        None => b.build_int_mul(strides[0], levels[0].n, "omp.norm.n").expect("positioned"),
        Some(nr) => {
            let (n, pre) = nr.total(ctx, b, levels)?;
            levels[0].lp.preheader = pre;
            nr.reset(b);
            n
        }
    };
    let mut last = b.build_int_sub(n, i64t.const_int(1, false), "omp.norm.last").expect("positioned");
    // (A narrow counter's n - 1 fits in i32: narrow_iv.rs.)
    let iv_t = slots.iv_type();
    if iv_t != i64t {
        last = b.build_int_truncate(last, iv_t, "").expect("positioned");
    }
    b.build_store(slots.ub, last).expect("positioned");
    b.build_store(slots.iv, iv_t.const_zero()).expect("positioned");
    Ok((n, strides))
}

/// The outermost header tests `iv <= ub`; its latch steps `iv` (and, in a
/// non-rectangular nest, a loop variable a clause names gets what the
/// serial nest leaves in it after the last iteration).
fn counter_loop<'ctx>(
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    nonrect: Option<&NonRect<'ctx>>,
    slots: &Slots<'ctx>,
    n: IntValue<'ctx>,
    named: &dyn Fn(ffi::Value) -> bool,
) {
    let i64t = slots.iv_type();
    let outer = &levels[0].lp;
    let term = outer.header.get_terminator().expect("a terminator");
    b.position_before(&term);
    let iv = b.build_load(i64t, slots.iv, "omp.norm.iv.cur").expect("positioned").into_int_value();
    let hi = b.build_load(i64t, slots.ub, "omp.norm.ub.cur").expect("positioned").into_int_value();
    let go = b.build_int_compare(P::SLE, iv, hi, "omp.norm.cond").expect("positioned");
    b.build_conditional_branch(go, outer.body, outer.exit).expect("positioned");
    term.erase_from_basic_block();
    b.position_before(&outer.latch.get_terminator().expect("a terminator"));
    let cur = b.build_load(i64t, slots.iv, "omp.norm.iv.cur").expect("positioned").into_int_value();
    // nsw: the counter never passes n (< 2^63; of a narrow counter < 2^31),
    // and it tells SCEV the loop ends (so the vectorizer can count its iterations).
    let next = b.build_int_nsw_add(cur, i64t.const_int(1, false), "omp.norm.iv.next").expect("positioned");
    b.build_store(slots.iv, next).expect("positioned");
    if let Some(nr) = nonrect {
        let var = |l: usize| {
            let lp = &levels[l].lp;
            lp.in_memory.then(|| lp.iv.into_pointer_value()).filter(|&p| named(ffi::Value::of(p)))
        };
        nr.finals(b, levels, (slots.iv, n), var);
    }
}

/// A collapsed inner loop runs its body once per iteration of the nest:
/// entered once (a flag set in the body around it), then left. (`flags`:
/// one per inner level from the second on; a run's level has none.)
fn enter_once<'ctx>(b: &Builder<'ctx>, levels: &[Level<'ctx>], flags: &[PointerValue<'ctx>]) {
    let bool_t = levels[0].n.get_type().get_context().bool_type();
    for (l, &flag) in (1..levels.len()).zip(flags) {
        b.position_before(&first_non_phi(levels[l - 1].lp.body));
        b.build_store(flag, bool_t.const_all_ones()).expect("positioned");
        let lp = &levels[l].lp;
        let term = lp.header.get_terminator().expect("a terminator");
        b.position_before(&term);
        let enter = b.build_load(bool_t, flag, "omp.collapse.enter").expect("positioned").into_int_value();
        b.build_store(flag, bool_t.const_zero()).expect("positioned");
        b.build_conditional_branch(enter, lp.body, lp.exit).expect("positioned");
        term.erase_from_basic_block();
    }
}

/// Each level's body computes its variable: start + ((iv / stride) % n) *
/// step (of a non-rectangular nest: from its block and offset, `located`;
/// a run's level from the run's counter). Returns each level's iteration
/// number (i64).
fn level_values<'ctx>(
    b: &Builder<'ctx>,
    levels: &[Level<'ctx>],
    located: Option<&(&NonRect<'ctx>, nonrect::Located<'ctx>, Option<nonrect::Run<'ctx>>)>,
    strides: &[IntValue<'ctx>],
    (iv_slot, iv_t): (PointerValue<'ctx>, IntType<'ctx>),
) -> Vec<IntValue<'ctx>> {
    let i64t = levels[0].n.get_type();
    let mut ks = Vec::new();
    for (l, lv) in levels.iter().enumerate() {
        // The outermost phi is computed in the header: what the header
        // derives from it (Figure 5 of Tian et al. 2016 compares a sext of
        // the index there, and the body indexes with that sext) is then this
        // iteration's value too, and the exit sees the value after the last.
        // (Not in a collapsed nest: its division by the inner levels' trip
        // counts, which may be 0, must not run unless an iteration does.)
        let in_header = levels.len() == 1 && !lv.lp.in_memory;
        // (A sandwich clause weft-prepare refused stays right after the
        // phis, for paropt to report.)
        let in_header = in_header && !has_directive_call(lv.lp.header);
        b.position_before(&first_non_phi(if in_header { lv.lp.header } else { lv.lp.body }));
        let (value, k64) = match located {
            Some((nr, at, Some(run))) if l + 1 == levels.len() => nr.run_value(b, levels, at, run),
            Some((nr, at, _)) => nr.value(b, levels, l, at),
            // A narrow counter (one level, step 1): `start + k`, nsw as
            // narrow_iv.rs shows, so that the variable's sext folds.
            None if iv_t != i64t => {
                let k = b.build_load(iv_t, iv_slot, "omp.norm.k").expect("positioned").into_int_value();
                let v = b.build_int_nsw_add(lv.start, k, "omp.norm.var").expect("positioned");
                (v, b.build_int_z_extend(k, i64t, "").expect("positioned"))
            }
            None => {
                let k = b.build_load(i64t, iv_slot, "omp.norm.k").expect("positioned").into_int_value();
                let mut k = if l + 1 < levels.len() {
                    b.build_int_unsigned_div(k, strides[l], "").expect("positioned")
                } else {
                    k
                };
                if l > 0 {
                    k = b.build_int_unsigned_rem(k, lv.n, "").expect("positioned");
                }
                (value_at(b, lv.start, lv.step, k), k)
            }
        };
        ks.push(k64);
        set_variable(b, lv, value, in_header, k64);
    }
    ks
}

/// Level `lv`'s variable becomes `value` (its iteration `k64`) in its loop:
/// stored at the top of its body in memory form (a load of it in the
/// header stands for this iteration's value inside the loop), or in place
/// of its phi.
fn set_variable<'ctx>(
    b: &Builder<'ctx>,
    lv: &Level<'ctx>,
    value: IntValue<'ctx>,
    in_header: bool,
    k64: IntValue<'ctx>,
) {
    let t = lv.start.get_type();
    if lv.lp.in_memory {
        b.build_store(lv.lp.iv.into_pointer_value(), value).expect("positioned");
        let inside: Vec<_> = loop_blocks(&lv.lp).into_iter().filter(|&bb| bb != lv.lp.header).collect();
        let mut cur = lv.lp.header.get_first_instruction();
        while let Some(i) = cur {
            cur = i.get_next_instruction();
            let reads_iv = i.get_opcode() == InstructionOpcode::Load
                && i.get_operand(0).and_then(|o| o.left()) == Some(lv.lp.iv)
                && i.get_type() == t.as_any_type_enum();
            if reads_iv {
                ffi::replace_uses_in_blocks(i, value, &inside);
            }
        }
    } else if in_header {
        lv.lp.iv.into_int_value().replace_all_uses_with(value);
        other_inductions(b, &lv.lp, k64);
    } else {
        ffi::replace_uses_in_blocks(lv.lp.iv, value, &loop_blocks(&lv.lp));
    }
}

/// The directive names the slots: NORMALIZED.IV/UB, a doacross nest's
/// ORDERED(n, trip slots) in place of the one written, and PRIVATE the
/// loop variables in memory no clause names (of the collapsed `levels` and
/// the `inner` ordered ones), the flags and every other slot.
/// Returns the entry call (a new one in the region form).
#[allow(clippy::too_many_arguments)]
fn name_slots<'ctx>(
    module: &Module<'ctx>,
    values: &ffi::Handles<'ctx>,
    reg: &crate::wregion::graph::WRegion,
    mut call: InstructionValue<'ctx>,
    (levels, inner, vector): (&[Level<'ctx>], &[Level<'ctx>], bool),
    slots: &Slots<'ctx>,
    nonrect: Option<&NonRect<'ctx>>,
    named: &dyn Fn(ffi::Value) -> bool,
) -> InstructionValue<'ctx> {
    let mut clauses: Vec<(&str, Vec<BasicValueEnum<'ctx>>)> =
        vec![("QUAL.OMP.NORMALIZED.IV", vec![slots.iv.into()]), ("QUAL.OMP.NORMALIZED.UB", vec![slots.ub.into()])];
    if vector {
        call = drop_clauses(values, reg, call, "QUAL.OMP.ORDERED");
        let n = module.get_context().i32_type().const_int((levels.len() + inner.len()) as u64, false);
        let ops = std::iter::once(n.into()).chain(slots.trips.iter().map(|&t| t.into()));
        clauses.push(("QUAL.OMP.ORDERED", ops.collect()));
    }
    let vars = |lvs: &[Level<'ctx>]| -> Vec<BasicValueEnum<'ctx>> {
        let in_memory = lvs.iter().filter(|lv| lv.lp.in_memory);
        in_memory.map(|lv| lv.lp.iv).filter(|&v| !named(ffi::Value::of(v))).collect()
    };
    let mut private = vars(levels);
    private.extend(slots.flags.iter().chain(&slots.trips).map(|&f| BasicValueEnum::from(f)));
    // (An inner ordered loop's variable is private too, as OpenMP
    // predetermines for every loop the construct associates.)
    private.extend(vars(inner));
    private.extend(nonrect.into_iter().flat_map(NonRect::slots).chain(slots.run).map(BasicValueEnum::from));
    if !private.is_empty() {
        clauses.push(("QUAL.OMP.PRIVATE", private));
    }
    for (tag, ops) in clauses {
        call = add_clause(module, values, reg, call, tag, &ops);
    }
    call
}

/// Rewrites each DEPEND.SINK operand of the `ordered` regions directly in
/// region `r` (a loop of one level, `lv`) from a value of the loop's
/// variable to its iteration number `(v - start) / step`, in i64, computed
/// just before the directive call that uses it.
fn sinks_to_iterations<'ctx>(a: &Analysis<'ctx>, r: usize, lv: &Level<'ctx>) {
    let regions = &a.graph.regions;
    for child in (0..regions.len()).filter(|&c| regions[c].parent == Some(r) && !regions[c].env.sinks.is_empty()) {
        let span = regions[child].entry.span;
        let calls = crate::cfg::directive_calls_between(&a.scan.values, span.first, span.last);
        for o in regions[child].env.sinks.iter().flatten() {
            // (Normalizing the loop rewrote uses of its variable, not the
            // directive's operands.)
            let BasicValueEnum::IntValue(v) = a.scan.values.basic_value(o.value) else { continue };
            let Some(&call) = calls.iter().find(|&&c| ffi::has_operand(c, ffi::Value::of(v))) else { continue };
            let ctx = v.get_type().get_context();
            let i64t = ctx.i64_type();
            let b = ctx.create_builder();
            b.position_before(&call);
            let e = "positioned";
            let wide = |x: IntValue<'ctx>| b.build_int_cast_sign_flag(x, i64t, true, "").expect(e);
            let diff = b.build_int_sub(wide(v), wide(lv.start), "").expect(e);
            let it = b.build_int_signed_div(diff, wide(lv.step), "omp.doacross.sink.iter").expect(e);
            ffi::replace_operand(call, ffi::Value::of(v), ffi::Value::of(it));
        }
    }
}

/// The header's other induction phis (`j = phi [j0], [j +- c]`, c
/// invariant: a second variable the loop steps, which a sandwich LINEAR may
/// name) become `j0 +- k * c` where `b` stands, as the loop's own variable
/// does: each thread's chunk then starts from its own iteration, not j0.
fn other_inductions<'ctx>(b: &Builder<'ctx>, lp: &CfgLoop<'ctx>, k64: IntValue<'ctx>) {
    use InstructionOpcode as O;
    let inside: Vec<BasicBlock<'ctx>> = std::iter::once(lp.header).chain(loop_blocks(lp)).collect();
    let invariant = |v: BasicValueEnum<'ctx>| match v.as_instruction_value() {
        Some(i) => i.get_parent().is_some_and(|bb| !inside.contains(&bb)),
        None => true,
    };
    let phis: Vec<_> = lp
        .header
        .get_instructions()
        .take_while(|i| i.get_opcode() == O::Phi)
        .filter(|&i| Some(i) != lp.iv.as_instruction_value())
        .collect();
    for phi in phis {
        let Ok(p) = llvm_plugin::inkwell::values::PhiValue::try_from(phi) else { continue };
        let (Some((start, from)), Some((next, _)), 2) = (p.get_incoming(0), p.get_incoming(1), p.count_incoming())
        else {
            continue;
        };
        let (start, next) = if from == lp.preheader { (start, next) } else { (next, start) };
        let (BasicValueEnum::IntValue(start), Some(inc)) = (start, next.as_instruction_value()) else { continue };
        let operand = |n: u32| inc.get_operand(n).and_then(|o| o.left());
        let me = Some(p.as_basic_value());
        let (step, sub) = match (inc.get_opcode(), operand(0), operand(1)) {
            (O::Add, a, Some(c)) if a == me => (c, false),
            (O::Add, Some(c), a) if a == me => (c, false),
            (O::Sub, a, Some(c)) if a == me => (c, true),
            _ => continue,
        };
        let BasicValueEnum::IntValue(step) = step else { continue };
        if !invariant(step.into()) || !invariant(start.into()) || step.get_type() != start.get_type() {
            continue;
        }
        let t = start.get_type();
        let e = "positioned";
        let k = if t.get_bit_width() == 64 { k64 } else { b.build_int_truncate(k64, t, "").expect(e) };
        let off = b.build_int_mul(k, step, "").expect(e);
        let v =
            if sub { b.build_int_sub(start, off, "omp.norm.ind") } else { b.build_int_add(start, off, "omp.norm.ind") };
        p.as_basic_value().into_int_value().replace_all_uses_with(v.expect(e));
    }
}

/// Whether the block calls a directive intrinsic.
fn has_directive_call(bb: BasicBlock<'_>) -> bool {
    bb.get_instructions().any(|i| {
        i.get_opcode() == InstructionOpcode::Call
            && ffi::called_function_name(ffi::Value::of_instruction(i))
                .is_some_and(|n| weft_intrinsics::group::is_directive_intrinsic(&n))
    })
}
