//! Lowers one W-Region by its plan: synchronization constructs in place
//! (component I), privatization (III), loop partitioning (IV) and outlining
//! into a microtask forked through libomp (V). Callers lower children before
//! parents from one analysis: a region's directive calls and clause operands
//! stay valid while the regions inside it are lowered, and its body is found
//! from the IR, never from the analysis's block lists.
use llvm_plugin::inkwell::values::{BasicValue, FunctionValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::model::ValueId;

use super::context::{blocks_between, recompute_after, Lowerer, Res, Shape};
use super::plan::{Construct, Plan, Share};
use super::runtime::{self};
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
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
