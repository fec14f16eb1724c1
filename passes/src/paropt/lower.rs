//! Lowers one W-Region by its plan: synchronization constructs in place
//! (component I), privatization (III), loop partitioning (IV) and outlining
//! into a microtask forked through libomp (V). Callers lower children before
//! parents from one analysis: a region's directive calls and clause operands
//! stay valid while the regions inside it are lowered, and its body is found
//! from the IR, never from the analysis's block lists.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::{BasicTypeEnum, IntType};
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::model::ValueId;
use weft_intrinsics::{Rule, WeftError};

use super::plan::{Construct, Plan, Share};
use super::runtime::{self, Runtime};
use crate::wregion::{Analysis, WRegion};

pub(super) type Res<T> = Result<T, WeftError>;

/// The name of a region's prologue block (see `first_block`).
const PROLOGUE: &str = "omp.region.entry";

pub struct Lowerer<'a, 'ctx> {
    pub rt: Runtime<'a, 'ctx>,
    pub b: Builder<'ctx>,
    /// What the region being lowered became, for its remark.
    pub(super) notes: Vec<String>,
    /// What outlining keeps for the function whose regions are being
    /// outlined (see `ffi::OutlineContext`).
    pub(super) outline_cx: Option<ffi::OutlineContext>,
    /// The simd loops lowered in place so far, for weft-vectorize.
    pub simd_sites: Vec<crate::vplan::Site<'ctx>>,
}

/// The blocks of a region after `normalize`: `s` holds the BEGIN group and
/// branches to `first` (whose only predecessor it is); every path through
/// the body reaches `fini`, which branches to `end`, which holds the END group.
#[derive(Clone, Copy)]
pub(super) struct Shape<'ctx> {
    pub(super) s: BasicBlock<'ctx>,
    pub(super) first: BasicBlock<'ctx>,
    pub(super) fini: BasicBlock<'ctx>,
    pub(super) end: BasicBlock<'ctx>,
}

/// A private copy made for one variable.
pub(super) struct Private<'ctx> {
    pub(super) orig: PointerValue<'ctx>,
    pub(super) copy: PointerValue<'ctx>,
    pub(super) ty: BasicTypeEnum<'ctx>,
    pub(super) share: Share,
    /// An array reduction's generated functions: `init(copy)` and
    /// `combine(dst, src)`, made once for every place that needs them.
    pub(super) array_fns: Option<(FunctionValue<'ctx>, FunctionValue<'ctx>)>,
    /// A non-POD variable's helpers.
    pub(super) nonpod: Option<super::nonpod::Helpers<'ctx>>,
    /// An array section known only at run time: its length (i64); `ty` is
    /// then the element's type and `orig`/`copy` the section's first elements.
    pub(super) len: Option<IntValue<'ctx>>,
    /// A section with strides or several dimensions: `copy(dst, src)` of
    /// its elements between two whole arrays (`orig`, `copy`).
    pub(super) copy_fn: Option<FunctionValue<'ctx>>,
}

pub(super) fn err(rule: Rule, construct: &str, detail: impl Into<String>) -> WeftError {
    WeftError::new(rule, construct, detail.into())
}

/// Blocks reachable from `from` without entering `stop`, `from` first.
pub(super) fn blocks_between<'ctx>(
    _f: FunctionValue<'ctx>,
    from: BasicBlock<'ctx>,
    stop: BasicBlock<'ctx>,
) -> Vec<BasicBlock<'ctx>> {
    crate::cfg::reachable_before(from, stop)
}

/// Values computed in `body` and used after the region are recomputed after
/// it when they are pure computations of values from before it; Err names
/// the first that is not (`why` finishes "<value> is computed ...").
pub(super) fn recompute_after(body: &[BasicBlock<'_>], shape: Shape<'_>, reg: &WRegion, why: &str) -> Res<()> {
    let at = shape.end.get_first_instruction().expect("the END group");
    match ffi::recompute_escaping(body, at) {
        None => Ok(()),
        Some(v) => Err(err(
            Rule::NotYetSupported,
            reg.kind.begin_name(),
            format!("{} is computed {why}", v.print_to_string().to_string_lossy().trim()),
        )
        .at(reg.entry.span.first)),
    }
}

/// The alignment a copy of variable `of` needs: the variable's, also when
/// the region names it through a no-op copy of its address (a nested
/// parallel region reads a global an outer region privatizes through one,
/// `select c, g, g`: `proxy_outer_private_globals`), since the region's
/// accesses keep claiming it.
pub(super) fn copy_align(of: PointerValue<'_>) -> u32 {
    let mut v = of;
    while let Some(i) = v.as_instruction_value() {
        let op = |k| i.get_operand(k).and_then(|o| o.left());
        let same = match i.get_opcode() {
            InstructionOpcode::BitCast => op(0),
            InstructionOpcode::Select if op(1) == op(2) => op(1),
            _ => None,
        };
        match same {
            Some(BasicValueEnum::PointerValue(p)) => v = p,
            _ => break,
        }
    }
    ffi::variable_align(of.into()).max(ffi::variable_align(v.into()))
}

pub(super) fn first_non_alloca(bb: BasicBlock<'_>) -> Option<InstructionValue<'_>> {
    crate::cfg::first_not(bb, InstructionOpcode::Alloca)
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    pub fn new(rt: Runtime<'a, 'ctx>) -> Self {
        let b = rt.ctx.create_builder();
        Lowerer { rt, b, notes: Vec::new(), outline_cx: None, simd_sites: Vec::new() }
    }

    pub(super) fn at(&self, i: InstructionValue<'ctx>) -> &Builder<'ctx> {
        self.b.position_before(&i);
        &self.b
    }

    pub(super) fn before_terminator(&self, bb: BasicBlock<'ctx>) -> &Builder<'ctx> {
        self.at(bb.get_terminator().expect("a block of a verified function has a terminator"))
    }

    /// The region's prologue block right after its BEGIN group: `s` is its
    /// only predecessor and it holds nothing of the body, so code placed
    /// before its terminator runs once per encounter, before the body.
    /// Created once (named `omp.region.entry`), then found again.
    pub(super) fn first_block(&self, s: BasicBlock<'ctx>) -> BasicBlock<'ctx> {
        let term = s.get_terminator().expect("terminator");
        if term.get_opcode() == InstructionOpcode::Br && term.get_num_operands() == 1 {
            if let Some(next) = term.get_operand(0).and_then(|o| o.right()) {
                if ffi::has_only_predecessor(next, s) && next.get_name().to_string_lossy().starts_with(PROLOGUE) {
                    return next;
                }
            }
        }
        ffi::split_block_before(term, PROLOGUE)
    }

    /// Where allocas and the thread id of code in region `r` live: the first
    /// block of the innermost enclosing parallel region (the entry of the
    /// microtask it becomes), else the function's entry.
    pub(super) fn home(&self, a: &Analysis<'ctx>, r: Option<usize>) -> BasicBlock<'ctx> {
        let mut cur = r;
        while let Some(i) = cur {
            let reg = &a.graph.regions[i];
            if reg.kind.is_team_parallel() {
                let s = a.scan.handles[reg.entry.block];
                return self.first_block(s);
            }
            cur = reg.parent;
        }
        a.scan.handles[0]
    }

    /// The thread id in `home`: one `__kmpc_global_thread_num` call after its
    /// allocas (inside an outlined body it becomes a load of the gtid argument).
    pub(super) fn gtid(&mut self, home: BasicBlock<'ctx>, fname: &str) -> IntValue<'ctx> {
        let mut cur = home.get_first_instruction();
        while let Some(i) = cur {
            if i.get_opcode() == InstructionOpcode::Call
                && ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some("__kmpc_global_thread_num")
            {
                return i.as_any_value_enum().into_int_value();
            }
            if i.get_opcode() != InstructionOpcode::Alloca {
                break;
            }
            cur = i.get_next_instruction();
        }
        let ident = self.rt.ident(fname, home.get_first_instruction(), runtime::IDENT_KMPC);
        let pos = first_non_alloca(home).expect("a block has a terminator");
        let b = self.at(pos);
        self.rt.call_i32(b, "__kmpc_global_thread_num", &[ident.into()])
    }

    pub(super) fn alloca(&self, home: BasicBlock<'ctx>, ty: BasicTypeEnum<'ctx>, name: &str) -> PointerValue<'ctx> {
        match home.get_first_instruction() {
            Some(i) => self.b.position_before(&i),
            None => self.b.position_at_end(home),
        }
        self.b.build_alloca(ty, name).expect("positioned")
    }

    /// Storage for a copy of variable `of` (private, linear, reduction,
    /// copy-in and section copies): at least as aligned as the original,
    /// whose alignment the region's loads and stores keep claiming.
    pub(super) fn alloca_for(
        &self,
        home: BasicBlock<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        name: &str,
        of: PointerValue<'ctx>,
    ) -> PointerValue<'ctx> {
        let p = self.alloca(home, ty, name);
        let want = copy_align(of);
        let i = p.as_instruction_value().expect("an alloca");
        if i.get_alignment().is_ok_and(|a| a < want) {
            i.set_alignment(want).expect("an alloca takes an alignment");
        }
        p
    }

    /// Splits `at`'s block before `at` and runs a new `then` block between
    /// the two halves only when `cond` (computed before `at`) holds. Returns
    /// `then` (ending in a branch to the tail) and the tail, which starts with `at`.
    pub(super) fn if_then(
        &self,
        cond: IntValue<'ctx>,
        at: InstructionValue<'ctx>,
        name: &str,
    ) -> (BasicBlock<'ctx>, BasicBlock<'ctx>) {
        let head = at.get_parent().expect("in a block");
        let tail = ffi::split_block_before(at, &format!("{name}.done"));
        let then = self.rt.ctx.insert_basic_block_after(head, name);
        head.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        self.b.position_at_end(head);
        self.b.build_conditional_branch(cond, then, tail).expect("positioned");
        self.b.position_at_end(then);
        self.b.build_unconditional_branch(tail).expect("positioned");
        (then, tail)
    }

    /// Gives the region the shape of `Shape`.
    pub(super) fn normalize(&self, a: &Analysis<'ctx>, r: &WRegion) -> Res<Shape<'ctx>> {
        let name = r.kind.begin_name();
        let exit = r.exit.ok_or_else(|| {
            err(
                Rule::NotYetSupported,
                name,
                "a region that never reaches its END (it ends in unreachable or loops forever)",
            )
        })?;
        let s = a.scan.handles[r.entry.block];
        let first = self.first_block(s);
        // SAFETY: the END group's first call, from a fresh analysis.
        let end_first = unsafe { ffi::instruction(exit.span.first) };
        let e = end_first.get_parent().expect("in a block");
        let end = ffi::split_block_before(end_first, &format!("{}", r.kind.end_name().unwrap_or("END")));
        Ok(Shape { s, first, fini: e, end })
    }

    /// A parallel region nested in a region that privatizes a global: the
    /// microtask would name the global itself, out of reach of the outer
    /// region's privatization (which rewrites its own blocks only), and so
    /// would the region's own clauses on it. The region reads such a global
    /// through a no-op copy of its address made just before it, which the
    /// microtask takes as an argument and the outer privatization then
    /// rewrites; returns (global, copy) for the region's plan.
    fn proxy_outer_private_globals(
        &self,
        a: &Analysis<'ctx>,
        r: usize,
        f: FunctionValue<'ctx>,
        shape: Shape<'ctx>,
    ) -> Vec<(ValueId, ValueId, Option<ValueId>)> {
        use weft_intrinsics::vocab::ClauseKind as C;
        let mut outer = hashbrown::HashSet::new();
        let mut cur = a.graph.regions[r].parent;
        while let Some(i) = cur {
            let reg = &a.graph.regions[i];
            for c in &reg.directive.clauses {
                let own = matches!(c.kind, C::Private | C::Firstprivate | C::Lastprivate | C::Linear | C::Reduction(_));
                if own {
                    outer.extend(c.items().iter().map(|it| it.var().value));
                }
            }
            cur = reg.parent;
        }
        if outer.is_empty() {
            return Vec::new();
        }
        let body = blocks_between(f, shape.first, shape.end);
        let mut globals: Vec<ValueId> = Vec::new();
        for bb in &body {
            let mut i = bb.get_first_instruction();
            while let Some(inst) = i {
                for (v, is_alloca) in ffi::pointed_variables(inst) {
                    if !is_alloca && outer.contains(&v.id()) && !globals.contains(&v.id()) {
                        globals.push(v.id());
                    }
                }
                i = inst.get_next_instruction();
            }
        }
        for c in &a.graph.regions[r].directive.clauses {
            for it in c.items() {
                let v = it.var().value;
                if outer.contains(&v) && !globals.contains(&v) && it.var().is_pointer() {
                    globals.push(v);
                }
            }
        }
        // Before the region's directive (its clauses name the copy too).
        let at = shape.s.get_first_instruction().expect("the BEGIN group");
        let mut uses = body.clone();
        uses.push(shape.s);
        let mut remap = Vec::new();
        for g in globals {
            let g = self.value(g).into_pointer_value();
            let proxy = ffi::no_op_copy(g.into(), at, "omp.global.ref").into_pointer_value();
            ffi::replace_uses_in_blocks(g, proxy, &uses);
            // (The copy is in the BEGIN block too: it reads the global.)
            let copy = proxy.as_instruction_value().expect("an instruction");
            copy.set_operand(1, g);
            copy.set_operand(2, g);
            let term = shape.first.get_terminator().expect("terminator");
            ffi::rematerialize_derived(g, proxy, &body, term);
            // The copy's type is the global's: a value of it for the plan.
            let elem = ffi::memory_type(g.into()).map(|t| Value::of(t.const_zero()).id());
            remap.push((Value::of(g).id(), Value::of(proxy).id(), elem));
        }
        remap
    }

    /// A critical construct's name ("" when unnamed): the metadata string, or
    /// the C string the pointer operand names.
    pub(super) fn critical_name(&self, plan: &Plan) -> String {
        match &plan.name {
            None => String::new(),
            Some(n) => match n.md_string() {
                Some(s) => s.to_string(),
                None => ffi::c_string(self.value(n.value)).unwrap_or_else(|| n.text.clone()),
            },
        }
    }

    /// The type of a data-sharing record's variable: `:TYPED`'s element type
    /// (an array of `count` of them), else the alloca's or global's own type.
    pub(super) fn var_type(&self, v: &super::plan::Var) -> Option<BasicTypeEnum<'ctx>> {
        // SAFETY: records of a fresh analysis of this function.
        unsafe { v.ty() }
    }

    /// Gives the region's uses of variable `orig` to its private `copy`, and
    /// returns the variable as the region sees it from outside (what
    /// copy-in reads and copy-out writes). A variable renamed at pipeline
    /// start (`prepare::rename`) is used in the region through its rename:
    /// that rename's uses get the copy (the region's other uses of `orig`
    /// came from pointers to the original and keep it), and the region sees
    /// what the rename took: the original, or the rename of a region around
    /// it. A region not renamed itself, inside one that was, privatizes the
    /// outer rename's uses. Without renames (IR that did not pass the
    /// pipeline start), every use of `orig` in the region gets the copy.
    pub(super) fn privatize_uses(
        &self,
        orig: PointerValue<'ctx>,
        copy: PointerValue<'ctx>,
        body: &[BasicBlock<'ctx>],
        at: InstructionValue<'ctx>,
    ) -> PointerValue<'ctx> {
        let is_rename = |i: InstructionValue<'ctx>| {
            ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some(crate::prepare::rename::RENAME)
        };
        let inside: hashbrown::HashSet<ffi::BlockId> = body.iter().map(|&b| ffi::block_id(b)).collect();
        let in_body = |i: InstructionValue<'ctx>| i.get_parent().is_some_and(|b| inside.contains(&ffi::block_id(b)));
        let arg = |r: InstructionValue<'ctx>| {
            r.get_operand(0).and_then(|o| o.left()).expect("a rename has its variable").into_pointer_value()
        };
        // A no-op copy of a pointer (a nested region reads an outer private
        // variable through one: `proxy_outer_private_globals`; CodeExtractor's
        // inputs): a bitcast, or a select of the same value twice.
        let copied = |i: InstructionValue<'ctx>| {
            let operand = |k| i.get_operand(k).and_then(|o| o.left());
            match i.get_opcode() {
                InstructionOpcode::BitCast => operand(0),
                InstructionOpcode::Select if operand(1) == operand(2) => operand(1),
                _ => None,
            }
        };
        // The variable behind renames and no-op copies.
        let base = |mut v: PointerValue<'ctx>| {
            while let Some(i) = v.as_instruction_value() {
                v = match (is_rename(i), copied(i)) {
                    (true, _) => arg(i),
                    (false, Some(BasicValueEnum::PointerValue(p))) => p,
                    _ => break,
                };
            }
            v
        };
        // The renames of the variable: from it through its users (renames
        // and no-op copies), so the cost is the variable's uses, not every
        // rename of the module.
        let root = base(orig);
        let mut ours: Vec<InstructionValue<'ctx>> = Vec::new();
        // (Only locals are renamed; a global's users may be constants.)
        let mut todo = if root.as_instruction_value().is_some() { vec![root] } else { Vec::new() };
        let mut seen = hashbrown::HashSet::new();
        while let Some(v) = todo.pop() {
            for u in ffi::users(Value::of(v)) {
                // SAFETY: users of a live instruction (an alloca, a rename, a
                // no-op copy) are live instructions.
                let i = unsafe { ffi::instruction(u.id()) };
                let through = is_rename(i) || copied(i).is_some_and(|o| o == v.as_basic_value_enum());
                if through && seen.insert(u.id()) {
                    if is_rename(i) {
                        ours.push(i);
                    }
                    todo.push(i.as_any_value_enum().into_pointer_value());
                }
            }
        }
        // This region's own rename: in its body, taking a value from outside.
        if let Some(&own) = ours.iter().find(|&&r| in_body(r) && !arg(r).as_instruction_value().is_some_and(in_body)) {
            let seen = arg(own);
            own.replace_all_uses_with(&copy.as_instruction_value().expect("an alloca"));
            own.erase_from_basic_block();
            return seen;
        }
        // An enclosing region's rename, used here.
        let outer = ours.iter().copied().filter(|&r| !in_body(r)).find(|&r| {
            ffi::users(Value::of_instruction(r)).into_iter().any(|u| {
                // SAFETY: users of a live instruction are live instructions.
                in_body(unsafe { ffi::instruction(u.id()) })
            })
        });
        if let Some(r) = outer {
            let seen = r.as_any_value_enum().into_pointer_value();
            ffi::replace_uses_in_blocks(seen, copy, body);
            return seen;
        }
        ffi::replace_uses_in_blocks(orig, copy, body);
        ffi::rematerialize_derived(orig, copy, body, at);
        orig
    }

    pub(super) fn value(&self, id: ValueId) -> BasicValueEnum<'ctx> {
        // SAFETY: operands of a directive from a fresh analysis of this function.
        unsafe { ffi::basic_value(id) }
    }

    pub(super) fn int_operand(&self, id: ValueId, to: IntType<'ctx>) -> IntValue<'ctx> {
        let v = self.value(id).into_int_value();
        if v.get_type() == to {
            v
        } else {
            self.b.build_int_cast_sign_flag(v, to, v.get_type().get_bit_width() > 1, "").expect("positioned")
        }
    }

    pub(super) fn truth(&self, id: ValueId) -> IntValue<'ctx> {
        let v = self.value(id).into_int_value();
        if v.get_type().get_bit_width() == 1 {
            return v;
        }
        self.b.build_int_compare(IntPredicate::NE, v, v.get_type().const_zero(), "if.cond").expect("positioned")
    }

    /// Lowers region `r` of analysis `a` by `plan`.
    pub fn lower(&mut self, a: &Analysis<'ctx>, r: usize, plan: &Plan) -> Res<()> {
        if plan.construct == Construct::Scan {
            // (Its loop's lowering splits the body where it is, then erases
            // it: paropt::scan.)
            return Ok(());
        }
        let reg = &a.graph.regions[r];
        let fname = a.graph.function.clone();
        let f = a.scan.handles[0].get_parent().expect("in a function");
        let mut calls = crate::cfg::directive_calls_between(reg.entry.span.first, reg.entry.span.last);
        if let Some(x) = reg.exit.filter(|x| x.span != reg.entry.span) {
            calls.extend(crate::cfg::directive_calls_between(x.span.first, x.span.last));
        }
        let begin_call = calls[0];
        self.notes.clear();
        let shape = self.normalize(a, reg)?;
        let outer_home = self.home(a, reg.parent);
        let outer_gtid = |me: &mut Self| me.gtid(outer_home, &fname);
        match plan.construct {
            Construct::Master | Construct::Masked | Construct::Single => {
                // Threads that skip the region must still see values used after it.
                recompute_after(
                    &blocks_between(f, shape.first, shape.end),
                    shape,
                    reg,
                    "inside the region and used after it, but only one thread runs the region: pass it through a \
                     shared variable",
                )?;
                let own: Vec<&super::plan::Var> =
                    plan.vars.iter().filter(|v| matches!(v.share, Share::Private | Share::Firstprivate)).collect();
                if !own.is_empty() {
                    self.privatize_in_place(a, r, f, &own, shape)?;
                }
                let gtid = outer_gtid(self);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let (enter, exit) = match plan.construct {
                    Construct::Master => ("__kmpc_master", "__kmpc_end_master"),
                    Construct::Masked => ("__kmpc_masked", "__kmpc_end_masked"),
                    _ => ("__kmpc_single", "__kmpc_end_single"),
                };
                let b = self.before_terminator(shape.s);
                let mut args = vec![ident.into(), gtid.into()];
                if plan.construct == Construct::Masked {
                    args.push(match plan.filter {
                        Some(fv) => self.int_operand(fv, self.rt.i32).into(),
                        None => self.rt.i32.const_zero().into(),
                    });
                }
                let b = &*b;
                let got = self.rt.call_i32(b, enter, &args);
                let go = b.build_int_compare(IntPredicate::NE, got, self.rt.i32.const_zero(), "").expect("positioned");
                shape.s.get_terminator().expect("terminator").erase_from_basic_block();
                self.b.position_at_end(shape.s);
                self.b.build_conditional_branch(go, shape.first, shape.end).expect("positioned");
                let b = self.before_terminator(shape.fini);
                self.rt.call(b, exit, None, &[ident.into(), gtid.into()]);
                let copyprivate: Vec<&super::plan::Var> =
                    plan.vars.iter().filter(|v| v.share == Share::Copyprivate).collect();
                if !copyprivate.is_empty() {
                    // __kmpc_copyprivate broadcasts and synchronizes (it has
                    // the barriers), so single needs no barrier of its own.
                    self.copyprivate(&copyprivate, shape, outer_home, gtid, ident, &fname, reg.kind.begin_name())?;
                } else if plan.construct == Construct::Single && !plan.nowait {
                    let bid = self.rt.ident(
                        &fname,
                        Some(begin_call),
                        runtime::IDENT_KMPC | runtime::IDENT_BARRIER_IMPL_SINGLE,
                    );
                    let b = self.before_terminator(shape.end);
                    self.rt.call(b, "__kmpc_barrier", None, &[bid.into(), gtid.into()]);
                }
            }
            Construct::Ordered if !plan.sinks.is_empty() || plan.source => {
                let gtid = outer_gtid(self);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                self.doacross_ordered(a, r, plan, shape, outer_home, gtid, ident)?;
            }
            Construct::Ordered => {
                let gtid = outer_gtid(self);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let b = self.before_terminator(shape.s);
                self.rt.call(b, "__kmpc_ordered", None, &[ident.into(), gtid.into()]);
                let b = self.before_terminator(shape.fini);
                self.rt.call(b, "__kmpc_end_ordered", None, &[ident.into(), gtid.into()]);
            }
            Construct::Critical => {
                let gtid = outer_gtid(self);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let name = self.critical_name(plan);
                let lock = self.rt.critical_lock(&name);
                let b = self.before_terminator(shape.s);
                match plan.hint {
                    Some(h) => {
                        let h = self.int_operand(h, self.rt.i32);
                        self.rt.call(
                            b,
                            "__kmpc_critical_with_hint",
                            None,
                            &[ident.into(), gtid.into(), lock.into(), h.into()],
                        );
                    }
                    None => {
                        self.rt.call(b, "__kmpc_critical", None, &[ident.into(), gtid.into(), lock.into()]);
                    }
                }
                let b = self.before_terminator(shape.fini);
                self.rt.call(b, "__kmpc_end_critical", None, &[ident.into(), gtid.into(), lock.into()]);
            }
            Construct::Barrier | Construct::Taskwait | Construct::Taskyield => {
                let gtid = outer_gtid(self);
                let flags = if plan.construct == Construct::Barrier { runtime::IDENT_BARRIER_EXPL } else { 0 };
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC | flags);
                let b = self.before_terminator(shape.s);
                match plan.construct {
                    Construct::Barrier => {
                        self.rt.call(b, "__kmpc_barrier", None, &[ident.into(), gtid.into()]);
                    }
                    Construct::Taskwait => {
                        self.rt.call_i32(b, "__kmpc_omp_taskwait", &[ident.into(), gtid.into()]);
                    }
                    _ => {
                        let zero = self.rt.i32.const_zero();
                        self.rt.call_i32(b, "__kmpc_omp_taskyield", &[ident.into(), gtid.into(), zero.into()]);
                    }
                }
            }
            Construct::Flush => {
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                let b = self.before_terminator(shape.s);
                self.rt.call(b, "__kmpc_flush", None, &[ident.into()]);
            }
            Construct::Atomic => {
                let note = self
                    .lower_atomic(&plan.atomic, outer_home, shape.first, shape.fini)
                    .map_err(|e| e.at(reg.entry.span.first))?;
                self.notes.push(note);
            }
            Construct::Simd => self.lower_simd_scalar(a, r, f, plan, shape)?,
            Construct::Scope => self.lower_scope(a, r, plan, shape, &fname, begin_call)?,
            Construct::Scan => {}
            Construct::Loop | Construct::ParallelLoop | Construct::Parallel => {
                let remap = if plan.construct.is_parallel() {
                    self.proxy_outer_private_globals(a, r, f, shape)
                } else {
                    vec![]
                };
                let remapped;
                let plan = if remap.is_empty() {
                    plan
                } else {
                    remapped = plan.remapped(&remap);
                    &remapped
                };
                self.lower_data(a, r, plan, shape, &fname, begin_call)?;
                if plan.construct.is_parallel() {
                    self.outline(f, plan, shape, outer_home, &fname, begin_call, reg.number)?;
                }
            }
        }
        let what = match plan.construct {
            Construct::Master => "lowered in place: __kmpc_master / __kmpc_end_master".to_string(),
            Construct::Masked => "lowered in place: __kmpc_masked / __kmpc_end_masked".to_string(),
            Construct::Single => format!(
                "lowered in place: __kmpc_single / __kmpc_end_single{}",
                if plan.nowait { "" } else { ", then a barrier" }
            ),
            Construct::Critical if plan.name.is_none() => {
                "lowered in place: __kmpc_critical (unnamed lock)".to_string()
            }
            Construct::Critical => {
                format!("lowered in place: __kmpc_critical on the lock of '{}'", self.critical_name(plan))
            }
            Construct::Barrier => "lowered in place: __kmpc_barrier".to_string(),
            Construct::Flush => "lowered in place: __kmpc_flush".to_string(),
            Construct::Taskwait => "lowered in place: __kmpc_omp_taskwait".to_string(),
            Construct::Taskyield => "lowered in place: __kmpc_omp_taskyield".to_string(),
            Construct::Ordered if !plan.sinks.is_empty() || plan.source => {
                "lowered in place: __kmpc_doacross_wait / __kmpc_doacross_post".to_string()
            }
            Construct::Ordered => "lowered in place: __kmpc_ordered / __kmpc_end_ordered".to_string(),
            Construct::Simd => "run by the encountering thread".to_string(),
            Construct::Scope => "lowered in place: __kmpc_scope / __kmpc_end_scope".to_string(),
            _ => String::from("lowered"),
        };
        let mut msg = format!("{} (region {}) {what}", reg.kind.begin_name(), reg.number);
        for n in self.notes.drain(..) {
            msg.push_str("; ");
            msg.push_str(&n);
        }
        ffi::remark(ffi::Remark::Passed, begin_call, "Lowered", &msg);
        if plan.vars.iter().any(|v| matches!(v.share, Share::Reduction { .. })) {
            ffi::remark(
                ffi::Remark::Missed,
                begin_call,
                "ReductionPath",
                &format!(
                    "{}: reductions combine through __kmpc_reduce_nowait without the atomic method \
                     (the runtime picks a tree or its lock)",
                    reg.kind.begin_name()
                ),
            );
        }
        ffi::erase_directive_calls(&calls);
        Ok(())
    }
}
