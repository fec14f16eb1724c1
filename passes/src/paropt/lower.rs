//! Lowers one W-Region by its plan: synchronization constructs in place
//! (component I), privatization (III), loop partitioning (IV) and outlining
//! into a microtask forked through libomp (V). Callers lower children before
//! parents from one analysis: a region's directive calls and clause operands
//! stay valid while the regions inside it are lowered, and its body is found
//! from the IR, never from the analysis's block lists.
use llvm_plugin::inkwell::values::{BasicValue, FunctionValue};
use weft_intrinsics::ffi::{self};
use weft_intrinsics::model::ValueId;

use super::context::{blocks_between, Lowerer, RegionSite, Res, Shape};
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
            // (A taskgroup's task reductions leave their items shared.)
            let shares = reg.kind == weft_intrinsics::vocab::DirKind::Taskgroup;
            // (A target's mapped globals too, when the module is built for a
            // device: the kernel gets their device addresses, target_globals.rs.)
            let maps = self.device_images && reg.kind == weft_intrinsics::vocab::DirKind::Target;
            for c in reg.directive.clauses.iter().filter(|_| !shares) {
                // (A task's in_reduction items too: its body's are the
                // task's copy, target_inred.rs and taskred.rs.)
                let own = matches!(
                    c.kind,
                    C::Private | C::Firstprivate | C::Lastprivate | C::Linear | C::Reduction(_) | C::InReduction(_)
                ) || (maps && matches!(c.kind, C::Map(_)));
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
                    let id = self.known(&v);
                    if !is_alloca && outer.contains(&id) && !globals.contains(&id) {
                        globals.push(id);
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
            let elem = ffi::memory_type(g.into()).map(|t| self.known(&t.const_zero()));
            remap.push((self.known(&g), self.known(&proxy), elem));
        }
        remap
    }

    /// Lowers region `r` of analysis `a` by `plan`: the driver, choosing
    /// each construct's components.
    pub fn lower(&mut self, a: &Analysis<'ctx>, r: usize, plan: &Plan) -> Res<()> {
        if plan.construct == Construct::Scan {
            // (Its loop's lowering splits the body where it is, then erases
            // it: paropt::scan.)
            return Ok(());
        }
        let reg = &a.graph.regions[r];
        let fname = a.graph.function.clone();
        let f = a.scan.handles[0].get_parent().expect("in a function");
        let mut calls = crate::cfg::directive_calls_between(&a.scan.values, reg.entry.span.first, reg.entry.span.last);
        if let Some(x) = reg.exit.filter(|x| x.span != reg.entry.span) {
            calls.extend(crate::cfg::directive_calls_between(&a.scan.values, x.span.first, x.span.last));
        }
        let begin_call = calls[0];
        self.notes.clear();
        self.in_target = self.device_images && super::device_schedule::in_target(a, r);
        let shape = self.normalize(a, reg)?;
        let outer_home = self.home(a, reg.parent);
        let at = RegionSite { a, r, f, fname: &fname, begin: begin_call, shape, outer_home };
        let what = match plan.construct {
            Construct::Master | Construct::Masked | Construct::Single => {
                self.lower_one_thread(at, plan)?;
                Self::one_thread_summary(plan)
            }
            Construct::Ordered if !plan.sinks.is_empty() || plan.source => {
                let gtid = self.gtid(outer_home, &fname);
                let ident = self.rt.ident(&fname, Some(begin_call), runtime::IDENT_KMPC);
                self.doacross_ordered(a, r, plan, shape, outer_home, gtid, ident)?;
                "lowered in place: __kmpc_doacross_wait / __kmpc_doacross_post".to_string()
            }
            Construct::Ordered if crate::paropt::ordered_simd::simd_only(reg) => {
                "lowered in place: ordered simd needs no code (its simd loop runs scalar)".to_string()
            }
            // (In a target region built for a device its loop runs on one
            // thread: device_schedule.rs, ordered_one_thread.)
            Construct::Ordered if self.in_target => {
                "lowered in place: no code (its loop runs on one thread of the team)".to_string()
            }
            Construct::Ordered => self.lower_ordered(at),
            Construct::Critical => self.lower_critical(at, plan),
            Construct::Task | Construct::Taskloop => {
                let plan = self.reading_outer_globals(at, plan);
                match plan.construct {
                    Construct::Task => self.lower_task(at, &plan)?,
                    _ => self.lower_taskloop(at, &plan)?,
                }
            }
            Construct::Taskgroup => self.lower_taskgroup(at, plan)?,
            Construct::Taskwait if !plan.task.depends.is_empty() || !plan.task.dep_arrays.is_empty() => {
                self.lower_taskwait_depend(at, plan)
            }
            Construct::Barrier | Construct::Taskwait | Construct::Taskyield | Construct::Flush => {
                self.lower_standalone(at, plan)
            }
            Construct::Atomic => {
                let note = self
                    .lower_atomic(&plan.atomic, outer_home, shape.first, shape.fini)
                    .map_err(|e| e.at(reg.entry.span.first))?;
                self.notes.push(note);
                "lowered".to_string()
            }
            Construct::Simd => {
                self.lower_simd_scalar(a, r, f, plan, shape)?;
                "run by the encountering thread".to_string()
            }
            Construct::Scope => {
                self.lower_scope(a, r, plan, shape, &fname, begin_call)?;
                "lowered in place: __kmpc_scope / __kmpc_end_scope".to_string()
            }
            Construct::Scan => String::new(),
            Construct::Cancel | Construct::CancellationPoint => self.lower_cancel(at, plan)?,
            // (In a target task that privatizes a global: read through a
            // copy of its address, as a task's body reads one.)
            Construct::Target => self.lower_target(at, &self.reading_outer_globals(at, plan))?,
            Construct::TargetData
            | Construct::TargetEnterData
            | Construct::TargetExitData
            | Construct::TargetUpdate => self.lower_target_data(at, plan)?,
            Construct::Loop
            | Construct::ParallelLoop
            | Construct::Parallel
            | Construct::Teams
            | Construct::Distribute
            | Construct::DistributeParLoop => {
                self.lower_parallel_or_loop(at, plan)?;
                "lowered".to_string()
            }
        };
        let mut msg = format!("{} (region {}) {what}", reg.kind.begin_name(), reg.number);
        for n in self.notes.drain(..) {
            msg.push_str("; ");
            msg.push_str(&n);
        }
        self.remark(ffi::Remark::Passed, begin_call, "Lowered", &msg);
        if plan.vars.iter().any(|v| matches!(v.share, Share::Reduction { .. })) {
            self.remark(
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

    /// The plan of a region outlined into a function of its own (a
    /// parallel region, a task): a global an outer region privatizes is
    /// read through a copy of its address made before the region
    /// (`proxy_outer_private_globals`), which the plan then names.
    fn reading_outer_globals<'p>(&self, at: RegionSite<'_, 'ctx>, plan: &'p Plan) -> std::borrow::Cow<'p, Plan> {
        let remap = self.proxy_outer_private_globals(at.a, at.r, at.f, at.shape);
        if remap.is_empty() {
            std::borrow::Cow::Borrowed(plan)
        } else {
            std::borrow::Cow::Owned(plan.remapped(&remap))
        }
    }

    /// A parallel region or a worksharing loop: its data environment
    /// (privatize, partition), then, for a parallel one, its outlining.
    fn lower_parallel_or_loop(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<()> {
        let plan = if plan.construct.is_parallel() {
            self.reading_outer_globals(at, plan)
        } else {
            std::borrow::Cow::Borrowed(plan)
        };
        let plan = plan.as_ref();
        if at.a.graph.regions[at.r].kind == weft_intrinsics::vocab::DirKind::Parallel {
            self.cancellable_parallel(at.a, at.r, at.shape);
        }
        self.lower_data(at.a, at.r, plan, at.shape, at.fname, at.begin)?;
        if plan.construct.is_loop() {
            self.cancellable_worksharing(at.a, at.r, plan, at.shape);
        }
        if plan.construct.is_parallel() {
            let number = at.a.graph.regions[at.r].number;
            self.outline(at.f, plan, at.shape, at.outer_home, at.fname, at.begin, number)?;
        }
        Ok(())
    }
}
