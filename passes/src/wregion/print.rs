//! `print<wregions>`: the W-Region graph in the paper's style (section V.A),
//! one `BEGIN <Node><n> {` ... `} END <Node><n>` per region, children
//! indented inside their parent, the data environment listed per region.
use std::fmt::Write;

use weft_intrinsics::model::{Form, Item, Operand};
use weft_intrinsics::vocab::{ClauseKind as C, DirKind, Modifiers};

use super::env::DataEnv;
use super::graph::{WRegion, WRegionGraph};

/// Prints `graph`; `label(b)` names block b as an operand (`%for.body`).
pub fn print(graph: &WRegionGraph, label: &dyn Fn(usize) -> String) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "W-Region graph for function '{}':", graph.function);
    if graph.is_empty() {
        let _ = writeln!(out, "  (no W-Regions)");
    }
    for &r in &graph.roots {
        print_region(graph, r, 0, label, &mut out);
    }
    out
}

fn print_region(g: &WRegionGraph, r: usize, indent: usize, label: &dyn Fn(usize) -> String, out: &mut String) {
    let reg = &g.regions[r];
    let pad = "  ".repeat(indent);
    let inner = "  ".repeat(indent + 1);
    let node = reg.kind.node_name();
    let _ = writeln!(out, "{pad}BEGIN {node}<{}> {{", reg.number);
    let form = match reg.form {
        Form::Paper => "llvm.directive",
        Form::Region => "llvm.directive.region.entry",
    };
    let _ = writeln!(out, "{inner}DIRECTIVE: {} ({form})", reg.kind.begin_name());
    let _ = writeln!(out, "{inner}DEPTH: {}", reg.depth);
    let _ = writeln!(out, "{inner}ENTRY BB: {}", label(reg.entry.block));
    match reg.exit {
        Some(exit) => {
            let _ = writeln!(out, "{inner}EXIT BB: {}", label(exit.block));
        }
        None => {
            let _ = writeln!(out, "{inner}EXIT BB: NONE (the region never completes)");
        }
    }
    for (name, value) in env_lines(reg) {
        let _ = writeln!(out, "{inner}{name}: {value}");
    }
    for &c in &reg.children {
        print_region(g, c, indent + 1, label, out);
    }
    let _ = writeln!(out, "{pad}}} END {node}<{}>", reg.number);
}

fn value_of(op: Option<&Operand>) -> String {
    op.map_or_else(|| "UNSPECIFIED".to_string(), |o| o.text.clone())
}

/// A count clause (COLLAPSE, SAFELEN, SIMDLEN, ORDERED) is unsigned: `i8 128`,
/// which LLVM prints as `i8 -128`.
fn count_of(op: Option<&Operand>) -> String {
    match op.and_then(|o| o.const_uint().map(|n| (o, n))) {
        Some((o, n)) => format!("{} {n}", o.ty),
        None => value_of(op),
    }
}

fn bound(op: &Operand) -> String {
    op.const_int().map_or_else(|| op.text.clone(), |n| n.to_string())
}

pub fn item_text(item: &Item) -> String {
    match item {
        Item::Var { var, typed } => match typed {
            None => var.text.clone(),
            Some(t) => {
                let count = t.count.as_ref().map(|n| format!(" x {}", bound(n))).unwrap_or_default();
                let from = t.offset.as_ref().map(|o| format!(" from {}", bound(o))).unwrap_or_default();
                format!("{} (TYPED {}{count}{from})", var.text, t.ty.ty)
            }
        },
        Item::NonPod { var, helpers, .. } => {
            let hs: Vec<&str> = helpers.iter().map(|h| h.text.as_str()).collect();
            format!("{} (NONPOD {})", var.text, hs.join(", "))
        }
        Item::MapChain { base, begin, size, map_type, rest } => {
            let rest: Vec<&str> = rest.iter().map(|r| r.text.as_str()).collect();
            let rest = if rest.is_empty() { String::new() } else { format!(", {}", rest.join(", ")) };
            format!("{} (CHAIN begin {}, size {}, type {}{rest})", base.text, begin.text, size.text, map_type.text)
        }
        Item::ArrSect { base, dims } => {
            let ds: String = dims.iter().map(|[l, n, s]| format!("[{}:{}:{}]", bound(l), bound(n), bound(s))).collect();
            format!("{}{ds}", base.text)
        }
    }
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    let v: Vec<String> = items.into_iter().collect();
    if v.is_empty() {
        "NONE".to_string()
    } else {
        v.join(", ")
    }
}

fn with_mods(text: String, m: Modifiers) -> String {
    let m = m - Modifiers::TYPED - Modifiers::NONPOD - Modifiers::ARRSECT;
    if m.is_empty() {
        text
    } else {
        format!("{text} :{}", m.names())
    }
}

/// The lines of a region's data environment as they are gathered: a line
/// only for a clause the directive takes.
struct Lines<'r> {
    k: DirKind,
    e: &'r DataEnv,
    out: Vec<(&'static str, String)>,
}

impl Lines<'_> {
    fn line(&mut self, takes: bool, name: &'static str, value: String) {
        if takes {
            self.out.push((name, value));
        }
    }

    /// A value clause; a `:TYPED` value is read from the memory its operand names.
    fn value(&self, c: C) -> String {
        match self.e.value_types.iter().find(|(k, _)| *k == c) {
            Some((_, ty)) => format!("{} (TYPED {})", value_of(self.e.value(c)), ty.ty),
            None => value_of(self.e.value(c)),
        }
    }

    /// A present flag clause prints as its spelling less `prefix` (DEFAULT.SHARED -> SHARED).
    fn flag(&self, pred: &dyn Fn(C) -> bool, prefix: &str) -> String {
        self.e.flag(pred).map_or_else(
            || "UNSPECIFIED".to_string(),
            |(c, m)| with_mods(c.name().trim_start_matches(prefix).to_string(), m),
        )
    }
}

fn items(v: &[Item]) -> String {
    list(v.iter().map(item_text))
}

/// The data-environment lines of a region: every clause its directive takes,
/// `UNSPECIFIED`/`NONE` when absent, in a fixed order.
fn env_lines(reg: &WRegion) -> Vec<(&'static str, String)> {
    let mut l = Lines { k: reg.kind, e: &reg.env, out: Vec::new() };
    sharing_lines(&mut l);
    loop_lines(&mut l);
    sync_lines(&mut l);
    device_and_transform_lines(&mut l);
    l.out
}

/// Parallelism and data-sharing clauses.
fn sharing_lines(l: &mut Lines<'_>) {
    let (k, e) = (l.k, l.e);
    use weft_intrinsics::vocab::{DataSharing, ProcBind};
    l.line(k.takes(C::If), "IF", l.value(C::If));
    l.line(k.takes(C::NumThreads), "NUM_THREADS", l.value(C::NumThreads));
    l.line(
        k.takes(C::Default(DataSharing::None)),
        "DEFAULT",
        l.flag(&|c| matches!(c, C::Default(_)), "QUAL.OMP.DEFAULT."),
    );
    l.line(
        k.takes(C::ProcBind(ProcBind::Close)),
        "PROC_BIND",
        l.flag(&|c| matches!(c, C::ProcBind(_)), "QUAL.OMP.PROC.BIND."),
    );
    l.line(
        k.takes(C::Bind(weft_intrinsics::vocab::Binding::Thread)),
        "BIND",
        l.flag(&|c| matches!(c, C::Bind(_)), "QUAL.OMP.BIND."),
    );
    l.line(k.takes(C::Shared), "SHARED", items(&e.shared));
    l.line(k.takes(C::Private), "PRIVATE", items(&e.private));
    l.line(k.takes(C::Firstprivate), "FIRSTPRIVATE", items(&e.firstprivate));
    l.line(
        k.takes(C::Lastprivate),
        "LASTPRIVATE",
        list(e.lastprivate.iter().map(|(i, m)| with_mods(item_text(i), *m))),
    );
    l.line(k.takes(C::Copyin), "COPYIN", items(&e.copyin));
    l.line(k.takes(C::Copyprivate), "COPYPRIVATE", items(&e.copyprivate));
    l.line(
        k.takes(C::Reduction(weft_intrinsics::vocab::ReductionOp::Add)),
        "REDUCTION",
        list(e.reductions.iter().map(|r| {
            let op = C::Reduction(r.op).name().trim_start_matches("QUAL.OMP.REDUCTION.");
            // (icx's inscan index with its modifier: `:INSCAN<1>`.)
            let (mods, index) = match &r.index {
                Some(i) => (r.modifiers - Modifiers::INSCAN, format!(" :INSCAN<{}>", bound(i))),
                None => (r.modifiers, String::new()),
            };
            format!("{}{index}", with_mods(format!("{op}({})", item_text(&r.item)), mods))
        })),
    );
    for (c, name, inclusive) in [(C::Inclusive, "INCLUSIVE", true), (C::Exclusive, "EXCLUSIVE", false)] {
        let of_kind = e.scan.iter().filter(|s| s.inclusive == inclusive);
        let scan = list(of_kind.map(|s| match &s.index {
            Some(i) => format!("{} INSCAN<{}>", item_text(&s.item), bound(i)),
            None => item_text(&s.item),
        }));
        l.line(k.takes(c), name, scan);
    }
    l.line(
        k.takes(C::Linear),
        "LINEAR",
        list(e.linear.iter().map(|l| {
            let step = l.step.as_ref().map_or_else(|| "1".to_string(), |s| s.text.clone());
            with_mods(format!("{} step {step}", item_text(&l.item)), l.modifiers)
        })),
    );
    l.line(k.takes(C::Uniform), "UNIFORM", items(&e.uniform));
    // (Only when given: a line every region would print would say NONE.)
    l.line(
        k.takes(C::Allocate) && !e.allocate.is_empty(),
        "ALLOCATE",
        list(e.allocate.iter().map(|a| {
            let align = a.align.as_ref().map(|n| format!(" align {}", bound(n))).unwrap_or_default();
            let by = a.allocator.as_ref().map_or_else(|| "default".to_string(), |h| h.text.clone());
            format!("{}{align} allocator {by}", item_text(&a.item))
        })),
    );
    l.line(
        k.takes(C::Aligned),
        "ALIGNED",
        list(e.aligned.iter().map(|(i, a)| match a {
            Some(a) => format!("{} align {}", item_text(i), bound(a)),
            None => item_text(i),
        })),
    );
}

/// Schedules, counts and the clauses of loops and tasks.
fn loop_lines(l: &mut Lines<'_>) {
    let (k, e) = (l.k, l.e);
    let sched = e.schedule.as_ref().map_or_else(
        || "UNSPECIFIED".to_string(),
        |s| {
            let kind = C::Schedule(s.kind).name().trim_start_matches("QUAL.OMP.SCHEDULE.");
            with_mods(format!("{kind} chunk {}", value_of(s.chunk.as_ref())), s.modifiers)
        },
    );
    l.line(k.takes(C::Schedule(weft_intrinsics::vocab::ScheduleKind::Static)), "SCHEDULE", sched);
    let dist = e
        .dist_schedule
        .as_ref()
        .map_or_else(|| "UNSPECIFIED".to_string(), |c| format!("STATIC chunk {}", value_of(c.as_ref())));
    l.line(k.takes(C::DistSchedule), "DIST_SCHEDULE", dist);
    for (c, name) in [(C::Collapse, "COLLAPSE"), (C::Safelen, "SAFELEN"), (C::Simdlen, "SIMDLEN")] {
        l.line(k.takes(c), name, count_of(e.value(c)));
    }
    for (c, name) in [
        (C::Final, "FINAL"),
        (C::Grainsize, "GRAINSIZE"),
        (C::NumTasks, "NUM_TASKS"),
        (C::Priority, "PRIORITY"),
        (C::NumTeams, "NUM_TEAMS"),
        (C::ThreadLimit, "THREAD_LIMIT"),
        (C::Device, "DEVICE"),
        (C::Name, "NAME"),
        (C::Hint, "HINT"),
        (C::Filter, "FILTER"),
        (C::OffloadEntryIdx, "OFFLOAD.ENTRY.IDX"),
    ] {
        l.line(k.takes(c), name, l.value(c));
    }
    if k.takes(C::Ordered) {
        // ORDERED may come without its loop count.
        let ordered = match e.value(C::Ordered) {
            Some(v) => count_of(Some(v)),
            None if e.has_value_clause(C::Ordered) => "YES".to_string(),
            None => "UNSPECIFIED".to_string(),
        };
        l.line(true, "ORDERED", ordered);
    }
    for (c, name) in [
        (C::Nowait, "NOWAIT"),
        (C::Untied, "UNTIED"),
        (C::Mergeable, "MERGEABLE"),
        (C::Nogroup, "NOGROUP"),
        (C::Implicit, "IMPLICIT"),
        (C::OrderedThreads, "ORDERED.THREADS"),
        (C::OrderedSimd, "ORDERED.SIMD"),
    ] {
        l.line(k.takes(c), name, if e.has_flag(c) { "YES" } else { "NO" }.to_string());
    }
}

/// Atomic and cancellation clauses.
fn sync_lines(l: &mut Lines<'_>) {
    let (k, e) = (l.k, l.e);
    use weft_intrinsics::vocab::{AtomicOp, CancelConstruct, MemOrder};
    l.line(k.takes(C::Atomic(AtomicOp::Update)), "ATOMIC", l.flag(&|c| matches!(c, C::Atomic(_)), "QUAL.OMP."));
    // OpenMP 5.1's extended atomic clauses, each as given.
    l.line(k.takes(C::Compare), "COMPARE", l.flag(&|c| c == C::Compare, "QUAL.OMP."));
    l.line(k.takes(C::Fail(MemOrder::Acquire)), "FAIL", l.flag(&|c| matches!(c, C::Fail(_)), "QUAL.OMP.FAIL."));
    l.line(k.takes(C::Weak), "WEAK", if e.has_flag(C::Weak) { "YES" } else { "NO" }.to_string());
    l.line(
        k.takes(C::CancelConstruct(CancelConstruct::Parallel)),
        "CANCEL",
        l.flag(&|c| matches!(c, C::CancelConstruct(_)), "QUAL.OMP.CANCEL."),
    );
}

/// Device, dependence and loop-transformation clauses.
fn device_and_transform_lines(l: &mut Lines<'_>) {
    let (k, e) = (l.k, l.e);
    let kinded = |v: &[(String, &Item)]| list(v.iter().map(|(k, i)| format!("{k}({})", item_text(i))));
    let maps: Vec<(String, &Item)> =
        e.map.iter().map(|(m, i)| (C::Map(*m).name().trim_start_matches("QUAL.OMP.MAP.").to_string(), i)).collect();
    l.line(k.takes(C::Map(weft_intrinsics::vocab::MapKind::To)), "MAP", kinded(&maps));
    let deps: Vec<(String, &Item)> = e
        .depend
        .iter()
        .map(|(d, i)| (C::Depend(*d).name().trim_start_matches("QUAL.OMP.DEPEND.").to_string(), i))
        .collect();
    l.line(k.takes(C::Depend(weft_intrinsics::vocab::DependKind::In)), "DEPEND", kinded(&deps));
    let sinks =
        list(e.sinks.iter().map(|v| format!("({})", v.iter().map(|o| o.text.as_str()).collect::<Vec<_>>().join(", "))));
    l.line(k.takes(C::DependSink), "DEPEND.SINK", sinks);
    l.line(
        k.takes(C::DependSource),
        "DEPEND.SOURCE",
        if e.has_flag(C::DependSource) { "YES" } else { "NO" }.to_string(),
    );
    l.line(k.takes(C::IsDevicePtr), "IS_DEVICE_PTR", items(&e.is_device_ptr));
    l.line(k.takes(C::UseDevicePtr), "USE_DEVICE_PTR", items(&e.use_device_ptr));
    l.line(k.takes(C::HasDeviceAddr), "HAS_DEVICE_ADDR", items(&e.has_device_addr));
    l.line(k.takes(C::UseDeviceAddr), "USE_DEVICE_ADDR", items(&e.use_device_addr));
    let defaultmap = e.flags.iter().filter(|(c, _)| matches!(c, C::Defaultmap(_)));
    let defaultmap = list(defaultmap.map(|&(c, m)| {
        let behavior = c.name().trim_start_matches("QUAL.OMP.DEFAULTMAP.");
        if m.is_empty() {
            behavior.to_string()
        } else {
            format!("{behavior}:{}", m.names())
        }
    }));
    l.line(k.takes(C::Defaultmap(weft_intrinsics::vocab::DefaultmapBehavior::Tofrom)), "DEFAULTMAP", defaultmap);
    l.line(k.takes(C::FlushList), "FLUSH", items(&e.flush));
    l.line(k.takes(C::ThreadprivateList), "THREADPRIVATE", items(&e.threadprivate));
    l.line(k.takes(C::Sizes), "SIZES", list(e.sizes.iter().map(bound)));
    if k.takes(C::Partial) {
        // PARTIAL may come without its factor.
        let partial = match e.value(C::Partial) {
            Some(v) => count_of(Some(v)),
            None if e.has_value_clause(C::Partial) => "YES".to_string(),
            None => "UNSPECIFIED".to_string(),
        };
        l.line(true, "PARTIAL", partial);
    }
    l.line(k.takes(C::Full), "FULL", if e.has_flag(C::Full) { "YES" } else { "NO" }.to_string());
    l.line(k.takes(C::Livein), "LIVEIN", items(&e.livein));
    l.line(k.takes(C::NormalizedIv), "NORMALIZED.IV", items(&e.normalized_iv));
    l.line(k.takes(C::NormalizedUb), "NORMALIZED.UB", items(&e.normalized_ub));
}
