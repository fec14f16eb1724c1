//! The proof of semantics at the IR level: thousands of random region
//! accesses (element types, 1D and 2D, strides, offsets, masks, variable
//! indices in bounds, both GRF sizes) are written as GenX IR; one copy is
//! emulated as is, the other legalized and then emulated; both are run
//! through LLVM's JIT on the same inputs and must agree with each other and
//! with the Rust reference semantics, and every access the legalizer left
//! must obey every legality rule.
use std::fmt::Write as _;
use std::sync::Once;

use llvm_plugin::inkwell::context::Context;
use llvm_plugin::inkwell::memory_buffer::MemoryBuffer;
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::targets::{InitializationConfig, Target as LlvmTarget};
use llvm_plugin::inkwell::values::BasicValueEnum;
use llvm_plugin::inkwell::OptimizationLevel;
use weft_intrinsics::genx::ir::{self, Call};
use weft_intrinsics::genx::legality::{check, check_pred};
use weft_intrinsics::genx::random::{random_case, Case, Rng};
use weft_intrinsics::genx::region::{Index, Kind, Mask};
use weft_intrinsics::genx::semantics::{self, IndexValue};
use weft_intrinsics::genx::{mangle, Target};

use super::{emulate, legalize, rewrite};

/// How one case is written: whether a 1-element value is a scalar.
struct Written {
    case: Case,
    scalar_value: bool,
}

fn ty(n: Option<u32>, e: &str) -> String {
    match n {
        Some(n) => format!("<{n} x {e}>"),
        None => e.to_string(),
    }
}

/// The module text for a batch: `case<k>(src, new, mask, idx, out)`.
fn module_text(cases: &[Written]) -> String {
    let mut body = String::new();
    let mut decls = hashbrown::HashMap::new();
    for (k, w) in cases.iter().enumerate() {
        let c = &w.case;
        let a = &c.access;
        let r = &a.region;
        let e = a.elem.ir();
        let n = a.vec_len;
        let exec = r.exec;
        let vt = ty(Some(n), e);
        let value_lanes = if w.scalar_value { None } else { Some(exec) };
        let et = ty(value_lanes, e);
        let _ = writeln!(body, "define void @case{k}(ptr %src, ptr %new, ptr %mask, ptr %idx, ptr %out) {{");
        let _ = writeln!(body, "  %s = load {vt}, ptr %src, align 1");
        let (idx_ty, idx_val, idx_lanes) = match (&r.index, &c.index) {
            (Index::Const(o), _) => ("i16".to_string(), o.to_string(), None),
            (Index::Scalar { .. }, _) => {
                let _ = writeln!(body, "  %i = load i16, ptr %idx, align 1");
                ("i16".to_string(), "%i".to_string(), None)
            }
            (Index::PerRow { .. }, _) => {
                let t = ty(Some(r.rows()), "i16");
                let _ = writeln!(body, "  %i = load {t}, ptr %idx, align 1");
                (t, "%i".to_string(), Some(r.rows()))
            }
        };
        let pw = match r.index.parent_width() {
            Some(p) => format!("i32 {p}"),
            None => "i32 undef".to_string(),
        };
        let (v, s, wd) = (r.vstride, r.stride, r.width);
        match a.kind {
            Kind::Read => {
                let name = mangle::rdregion(a.elem, value_lanes, n, idx_lanes);
                decls.insert(name.clone(), format!("declare {et} @{name}({vt}, i32, i32, i32, {idx_ty}, i32)"));
                let _ = writeln!(
                    body,
                    "  %r = call {et} @{name}({vt} %s, i32 {v}, i32 {wd}, i32 {s}, {idx_ty} {idx_val}, {pw})"
                );
                let _ = writeln!(body, "  store {et} %r, ptr %out, align 1");
            }
            Kind::Write { mask } => {
                let _ = writeln!(body, "  %n = load {et}, ptr %new, align 1");
                let (mt, mv, ml) = match mask {
                    Mask::All => ("i1".to_string(), "true".to_string(), None),
                    Mask::Scalar => {
                        let _ = writeln!(body, "  %mb = load i8, ptr %mask, align 1\n  %m = trunc i8 %mb to i1");
                        ("i1".to_string(), "%m".to_string(), None)
                    }
                    Mask::Vector => {
                        let _ = writeln!(
                            body,
                            "  %mb = load <{exec} x i8>, ptr %mask, align 1\n  %m = trunc <{exec} x i8> %mb to <{exec} x i1>"
                        );
                        (format!("<{exec} x i1>"), "%m".to_string(), Some(exec))
                    }
                };
                let name = mangle::wrregion(a.elem, n, value_lanes, idx_lanes, ml);
                decls.insert(
                    name.clone(),
                    format!("declare {vt} @{name}({vt}, {et}, i32, i32, i32, {idx_ty}, i32, {mt})"),
                );
                let _ = writeln!(
                    body,
                    "  %w = call {vt} @{name}({vt} %s, {et} %n, i32 {v}, i32 {wd}, i32 {s}, {idx_ty} {idx_val}, {pw}, {mt} {mv})"
                );
                let _ = writeln!(body, "  store {vt} %w, ptr %out, align 1");
            }
        }
        let _ = writeln!(body, "  ret void\n}}\n");
    }
    let mut text = body;
    for d in decls.values() {
        let _ = writeln!(text, "{d}");
    }
    text
}

fn lanes_to_bytes(xs: &[u64], eb: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(xs.len() * eb + 64);
    for x in xs {
        out.extend_from_slice(&x.to_le_bytes()[..eb]);
    }
    out.resize(out.len() + 64, 0); // slack: no load ever reads past its vector
    out
}

fn bytes_to_lanes(b: &[u8], eb: usize, n: usize) -> Vec<u64> {
    (0..n)
        .map(|i| {
            let mut w = [0u8; 8];
            w[..eb].copy_from_slice(&b[i * eb..(i + 1) * eb]);
            u64::from_le_bytes(w)
        })
        .collect()
}

type CaseFn = unsafe extern "C" fn(*const u8, *const u8, *const u8, *const u8, *mut u8);

/// Runs every case of a JIT-compiled module; returns each case's output lanes.
fn run_module(m: &Module<'_>, cases: &[Written]) -> Result<Vec<Vec<u64>>, String> {
    let ee = m.create_jit_execution_engine(OptimizationLevel::None).map_err(|e| e.to_string())?;
    let mut outs = Vec::new();
    for (k, w) in cases.iter().enumerate() {
        let c = &w.case;
        let eb = c.access.elem.bytes() as usize;
        let src = lanes_to_bytes(&c.src, eb);
        let new = lanes_to_bytes(&c.new, eb);
        let mut mask: Vec<u8> = c.mask.iter().map(|&b| b as u8).collect();
        mask.resize(mask.len() + 64, 0);
        let mut idx = match &c.index {
            IndexValue::Const => Vec::new(),
            IndexValue::Scalar(v) => v.to_le_bytes().to_vec(),
            IndexValue::PerRow(vs) => vs.iter().flat_map(|v| v.to_le_bytes()).collect(),
        };
        idx.resize(idx.len() + 64, 0);
        let out_lanes = if c.access.is_write() { c.access.vec_len } else { c.access.region.exec } as usize;
        let mut out = vec![0u8; out_lanes * eb + 64];
        let addr = ee.get_function_address(&format!("case{k}")).map_err(|e| e.to_string())?;
        // SAFETY: case<k> has exactly this signature and reads/writes within
        // the buffers (each at least as large as its vector, plus slack).
        unsafe {
            let f: CaseFn = std::mem::transmute(addr);
            f(src.as_ptr(), new.as_ptr(), mask.as_ptr(), idx.as_ptr(), out.as_mut_ptr());
        }
        outs.push(bytes_to_lanes(&out, eb, out_lanes));
    }
    Ok(outs)
}

/// Every region access left in `m` obeys every rule for `t`; returns how many.
fn check_all_legal(m: &Module<'_>, t: &Target) -> Result<usize, String> {
    let mut n = 0;
    for f in rewrite::defined_functions(m) {
        for inst in rewrite::calls(f) {
            let call = ir::read_call(inst).map_err(|b| format!("{}: {b}", ir::call_text(inst)))?;
            let broken = match call {
                Some(Call::Region(rc)) => check(t, &rc.access),
                Some(Call::Pred(pc)) => check_pred(&pc.access),
                None => continue,
            };
            n += 1;
            if let Some(b) = broken.first() {
                return Err(format!("left illegal: {} ({b})", ir::call_text(inst)));
            }
        }
    }
    Ok(n)
}

fn init_jit() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        LlvmTarget::initialize_native(&InitializationConfig::default()).expect("native target");
    });
}

/// Statistics of one batch.
#[derive(Default, Debug)]
struct Stats {
    cases: usize,
    accesses_after: usize,
}

/// Legalize-then-emulate against emulate-alone (and the reference), for
/// cases that all share one target. `sabotage` corrupts one legalized piece
/// first (the harness must then fail).
fn run_batch(target: Target, cases: &[Written], sabotage: bool) -> Result<Stats, String> {
    init_jit();
    let text = module_text(cases);
    let ctx = Context::create();
    let parse = |name: &str| {
        let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), name);
        ctx.create_module_from_ir(buf).map_err(|e| format!("generated IR does not parse: {e}"))
    };
    let plain = parse("plain")?;
    let legal = parse("legal")?;
    let params = legalize::Params { grf_bytes: target.grf_bytes, max_simd: target.max_simd };
    legalize::run(&legal, params).map_err(|e| format!("legalize failed: {}", e[0]))?;
    legal.verify().map_err(|e| format!("legalized module is invalid: {e}"))?;
    let accesses_after = check_all_legal(&legal, &target)?;
    if sabotage {
        corrupt_one_piece(&legal)?;
    }
    emulate::run(&plain).map_err(|e| format!("emulate failed: {}", e[0]))?;
    emulate::run(&legal).map_err(|e| format!("emulate (legalized) failed: {}", e[0]))?;
    plain.verify().map_err(|e| format!("emulated module is invalid: {e}"))?;
    legal.verify().map_err(|e| format!("emulated legalized module is invalid: {e}"))?;
    let a = run_module(&plain, cases)?;
    let b = run_module(&legal, cases)?;
    for (k, w) in cases.iter().enumerate() {
        let c = &w.case;
        let mask = if c.mask.is_empty() { None } else { Some(&c.mask[..]) };
        let want = if c.access.is_write() {
            semantics::write(&c.src, &c.new, &c.access, &c.index, mask)?
        } else {
            semantics::read(&c.src, &c.access, &c.index)?
        };
        if a[k] != want {
            return Err(format!("case {k}: emulation differs from the reference: {:?}\n{:?}\n{:?}", c, a[k], want));
        }
        if b[k] != a[k] {
            return Err(format!("case {k}: legalized differs: {:?}\n{:?}\n{:?}", c, b[k], a[k]));
        }
    }
    Ok(Stats { cases: cases.len(), accesses_after })
}

/// Moves the first constant-index read piece of a read case by one element.
fn corrupt_one_piece(m: &Module<'_>) -> Result<(), String> {
    for f in rewrite::defined_functions(m) {
        for inst in rewrite::calls(f) {
            let Ok(Some(Call::Region(rc))) = ir::read_call(inst) else { continue };
            let eb = rc.access.elem.bytes() as i64;
            let Index::Const(o) = rc.access.region.index else { continue };
            let is_piece = inst.get_name().is_some_and(|n| n.to_string_lossy().starts_with("rd.piece"));
            if rc.access.kind == Kind::Read && is_piece && o >= eb {
                let v: BasicValueEnum = m.get_context().i16_type().const_int((o - eb) as u64, false).into();
                inst.set_operand(4, v);
                return Ok(());
            }
        }
    }
    Err("nothing to corrupt".into())
}

fn batches(seed: u64, n: usize) -> Vec<(Target, Vec<Written>)> {
    let mut rng = Rng::new(seed);
    let mut groups: Vec<(Target, Vec<Written>)> = Vec::new();
    for _ in 0..n {
        // Huge vectors cost the JIT far more than they add here (the
        // Rust-level proof covers them): keep vectors to 160 elements.
        let case = std::iter::repeat_with(|| random_case(&mut rng)).find(|c| c.access.vec_len <= 160).expect("endless");
        let scalar_value = case.access.region.exec == 1 && rng.chance(50);
        let t = case.target;
        match groups.iter_mut().find(|(g, _)| *g == t) {
            Some((_, v)) => v.push(Written { case, scalar_value }),
            None => groups.push((t, vec![Written { case, scalar_value }])),
        }
    }
    groups
}

/// Cases run through the JIT (the Rust-level proof in weft-intrinsics runs
/// 20,000 more against the reference semantics, without the JIT's cost).
const CASES: usize = 2000;

#[test]
fn legalize_then_emulate_equals_emulate() {
    let mut total = Stats::default();
    for (t, cases) in batches(0xC0FFEE, CASES) {
        for chunk in cases.chunks(250) {
            let s = run_batch(t, chunk, false).unwrap_or_else(|e| panic!("{t:?}: {e}"));
            total.cases += s.cases;
            total.accesses_after += s.accesses_after;
        }
    }
    assert_eq!(total.cases, CASES);
    // Legalization must have split a good share of them.
    assert!(total.accesses_after > 2 * total.cases, "{total:?}");
}

#[test]
fn harness_catches_a_corrupted_piece() {
    let mut rng_cases = batches(99, 160);
    let (t, cases) = rng_cases.remove(0);
    assert!(run_batch(t, &cases, false).is_ok());
    let err = run_batch(t, &cases, true).expect_err("a corrupted piece went unnoticed");
    assert!(err.contains("legalized differs"), "{err}");
}

/// The benchmark (test/bench/genx/bench.sh runs it): legalization throughput
/// on a large generated module, and the greedy plans' piece count against
/// the minimum. Writes the module to $GENX_BENCH_OUT when set.
#[test]
#[ignore]
fn bench() {
    use weft_intrinsics::genx::split;
    let n: usize = std::env::var("GENX_BENCH_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(50_000);
    let target = Target { grf_bytes: 32, max_simd: 32 };
    let mut rng = Rng::new(0xBE_AC4);
    let cases: Vec<Written> = (0..n)
        .map(|_| {
            let mut case = random_case(&mut rng);
            case.target = target;
            Written { case, scalar_value: false }
        })
        .collect();
    // Piece counts: greedy against the true minimum under the same rules.
    let (mut split_calls, mut greedy, mut minimum, mut worse, mut worst) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for w in &cases {
        let a = &w.case.access;
        if let Ok(Some(p)) = split::plan(&target, a) {
            let m = split::min_count_for(&target, a, &p).expect("a legal split exists");
            split_calls += 1;
            greedy += p.count();
            minimum += m;
            if p.count() > m {
                worse += 1;
                worst = worst.max(p.count() - m);
            }
        }
    }
    println!(
        "pieces: {split_calls} of {n} calls split; greedy {greedy} pieces, minimum {minimum} ({:.2}% over); greedy above minimum on {worse} calls, by at most {worst}",
        100.0 * (greedy as f64 - minimum as f64) / minimum as f64
    );
    let text = module_text(&cases);
    if let Ok(path) = std::env::var("GENX_BENCH_OUT") {
        std::fs::write(&path, &text).expect("write the bench module");
    }
    let ctx = Context::create();
    let m = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "bench"))
        .expect("parse");
    let t0 = std::time::Instant::now();
    legalize::run(&m, legalize::Params::default()).expect("legalize");
    let secs = t0.elapsed().as_secs_f64();
    let after = check_all_legal(&m, &target).expect("all legal");
    println!(
        "legalize in process: {n} region calls in {:.3} s = {:.0} calls/s ({after} region calls after)",
        secs,
        n as f64 / secs
    );
}
