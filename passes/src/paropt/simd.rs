//! A simd loop run as a scalar loop, until weft-vectorize's VPlan is built:
//! the encountering thread runs every iteration in order, on its own copies
//! of the clauses' variables (in the function it runs, so each thread of an
//! enclosing team has its own). In order, one lane is exactly the serial
//! program: a copy starts as the original's value and, for lastprivate,
//! reduction and the loop variable, is copied back after the loop.
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, FunctionValue, PointerValue};
use weft_intrinsics::{ffi, Rule, WeftError};

use super::context::{blocks_between, Helpers, Lowerer, Shape};
use super::nonpod;
use super::plan::{Plan, Share, Var};
use crate::simd_site::SimdSite;
use crate::wregion::Analysis;
use weft_intrinsics::vocab::{ClauseKind, DirKind};

type Res<T> = Result<T, WeftError>;

/// icx's `LINEAR:IV` names the loop's own variable with its step: a step
/// other than the one the loop adds to it contradicts the loop (an error
/// naming the clause). Checked where the loop is still in memory form: a
/// store of the variable's value plus a constant (the loop's own step)
/// inside the region.
pub(super) fn iv_steps(a: &Analysis<'_>, r: usize) -> Res<()> {
    use llvm_plugin::inkwell::values::InstructionOpcode as O;
    use weft_intrinsics::model::Item;
    use weft_intrinsics::vocab::Modifiers;
    let reg = &a.graph.regions[r];
    for lin in reg.env.linear.iter().filter(|l| l.modifiers.contains(Modifiers::IV)) {
        let (Item::Var { var, .. } | Item::NonPod { var, .. }) = &lin.item else { continue };
        let step = lin.step.as_ref().map_or(Some(1), |s| s.const_int());
        let Some(step) = step else { continue };
        let ptr = a.scan.values.basic_value(var.value);
        for &b in &reg.blocks {
            for st in a.scan.handles[b].get_instructions().filter(|i| i.get_opcode() == O::Store) {
                let (Some(v), Some(p)) =
                    (st.get_operand(0).and_then(|o| o.left()), st.get_operand(1).and_then(|o| o.left()))
                else {
                    continue;
                };
                let Some(add) = v.as_instruction_value().filter(|_| p == ptr) else { continue };
                let sign = match add.get_opcode() {
                    O::Add => 1,
                    O::Sub => -1,
                    _ => continue,
                };
                let loads_var = |k: u32| {
                    add.get_operand(k).and_then(|o| o.left()).and_then(|o| o.as_instruction_value()).is_some_and(|l| {
                        l.get_opcode() == O::Load && l.get_operand(0).and_then(|o| o.left()) == Some(ptr)
                    })
                };
                let konst = |k: u32| match add.get_operand(k).and_then(|o| o.left()) {
                    Some(llvm_plugin::inkwell::values::BasicValueEnum::IntValue(c)) if c.is_const() => {
                        c.get_sign_extended_constant()
                    }
                    _ => None,
                };
                let by = match (loads_var(0), konst(1), loads_var(1), konst(0)) {
                    (true, Some(c), _, _) => sign * c,
                    (_, _, true, Some(c)) if sign == 1 => c,
                    _ => continue,
                };
                if by != step {
                    return Err(WeftError::new(
                        Rule::OperandKind,
                        "QUAL.OMP.LINEAR:IV",
                        format!("the step {step} is not the loop's: it steps its variable by {by}"),
                    )
                    .on_directive(reg.kind.begin_name())
                    .at(reg.entry.span.first));
                }
            }
        }
    }
    Ok(())
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    pub(super) fn lower_simd_scalar(
        &mut self,
        a: &Analysis<'ctx>,
        r: usize,
        f: FunctionValue<'ctx>,
        plan: &Plan,
        shape: Shape<'ctx>,
    ) -> Res<()> {
        let reg = &a.graph.regions[r];
        iv_steps(a, r)?;
        let vars: Vec<&Var> = plan.vars.iter().collect();
        let copies = self.privatize_in_place(a, r, f, &vars, shape)?;
        let lanes = |k: ClauseKind| {
            reg.env.value(k).and_then(|o| o.const_uint()).and_then(|n| u32::try_from(n).ok()).filter(|&n| n > 0)
        };
        // (Its remarks come after the directives are gone: where the region
        // ended keeps the directive's source location for them.)
        let begin = a.scan.values.instruction(reg.entry.span.first);
        if let Some(t) = shape.end.get_terminator() {
            weft_intrinsics::ffi::copy_debug_location(begin, t);
        }
        let tagged = ffi::simd_loop_tagged(begin);
        // (OpenMP's simd runs iterations concurrently: a sum without a
        // reduction clause is the program's race, one with it may be
        // reassociated. Auto-vectorization hints license no reordering.)
        let reassociate = !matches!(reg.kind, DirKind::AutoVec | DirKind::Ivdep);
        let linear: Vec<(&Var, PointerValue<'ctx>)> = vars
            .iter()
            .zip(copies)
            .filter(|(v, _)| matches!(v.share, Share::Linear { .. }))
            .map(|(v, c)| (*v, c))
            .collect();
        if !linear.is_empty() {
            self.linear_in_simd(&linear, shape, tagged, reg.kind.begin_name())?;
        }
        if self.simd_scan_in_order(a, r, plan)? {
            let why = format!(
                "{} (region {}) left scalar: a scan reduction runs in order",
                reg.kind.begin_name(),
                reg.number
            );
            self.remark(ffi::Remark::Missed, begin, "NotVectorized", &why);
            return Ok(());
        }
        if crate::paropt::ordered_simd::holds(a, r) {
            let why = format!(
                "{} (region {}) left scalar: an ordered simd region runs in the iterations' order",
                reg.kind.begin_name(),
                reg.number
            );
            self.remark(ffi::Remark::Missed, begin, "NotVectorized", &why);
            return Ok(());
        }
        self.simd_sites.push(SimdSite {
            first: shape.first,
            end: shape.end,
            title: format!("{} (region {}) in function '{}'", reg.kind.begin_name(), reg.number, a.graph.function),
            simdlen: lanes(ClauseKind::Simdlen),
            safelen: lanes(ClauseKind::Safelen),
            tagged,
            reassociate,
        });
        self.notes.push("its clauses privatized in place for weft-vectorize".into());
        Ok(())
    }

    /// A simd loop's linear variables: each iteration starts with the value
    /// on entry plus its logical number times the step (an iteration counter
    /// added to the loop), and the copy-out gives what the last iteration left.
    /// When the loop is gone (unrolled completely), its iterations run in
    /// order on the copy, as the serial program does.
    fn linear_in_simd(
        &self,
        linear: &[(&Var, PointerValue<'ctx>)],
        shape: Shape<'ctx>,
        tagged: bool,
        name: &str,
    ) -> Res<()> {
        let Some((k, at)) = ffi::iteration_number(shape.first, shape.end, tagged) else { return Ok(()) };
        for (v, copy) in linear {
            let Share::Linear { step, unit } = v.share else { unreachable!("linear only") };
            let ty = self.var_type(v).expect("privatized: its type is known");
            let orig = self.value(v.var).into_pointer_value();
            let b = self.before_terminator(shape.first);
            // (A BYREF operand holds the variable's address.)
            let orig = if v.byref {
                b.build_load(self.rt.ptr, orig, "omp.linear.ref").expect("positioned").into_pointer_value()
            } else {
                orig
            };
            let start = b.build_load(ty, orig, "omp.linear.start").expect("positioned");
            let b = self.at(at);
            let value = self.linear_at(b, start, k, (step, unit), &v.clause, name)?;
            b.build_store(*copy, value).expect("positioned");
            // (Where LICM keeps the copy in a phi, the phi is what the body reads.)
            if value.as_instruction_value().is_some() {
                ffi::linear_promoted(*copy, value, k);
            }
        }
        Ok(())
    }

    /// The types and helpers of variables privatized in place (simd,
    /// master, masked, single), checked before anything changes (also by
    /// `precheck`, before any region is lowered).
    pub(super) fn in_place_types(
        &self,
        name: &str,
        vars: &[&Var],
    ) -> Res<Vec<(BasicTypeEnum<'ctx>, Option<Helpers<'ctx>>)>> {
        if let Some(v) = vars.iter().find(|v| v.runtime_section.is_some() || v.layout.is_some()) {
            let what = if v.layout.is_some() { "strides or several dimensions" } else { "run-time bounds" };
            return Err(WeftError::new(
                Rule::NotYetSupported,
                v.clause.as_str(),
                format!("array sections with {what} on a construct one thread runs (simd, single)"),
            )
            .on_directive(name));
        }
        let mut typed = Vec::new();
        for v in vars {
            if v.elem.is_none() && ffi::vla_length(self.value(v.var).into_pointer_value()).is_some() {
                return Err(WeftError::new(
                    Rule::NotYetSupported,
                    v.clause.as_str(),
                    "a variable-length array on a construct one thread runs (simd, single)",
                )
                .on_directive(name));
            }
            let ty = self.var_type(v).ok_or_else(|| {
                WeftError::new(Rule::OperandKind, v.clause.as_str(), "cannot tell the variable's type: give it :TYPED")
                    .on_directive(name)
            })?;
            typed.push((ty, self.nonpod_helpers(v, name)?));
        }
        Ok(typed)
    }

    /// Copies of `vars` for a region one thread runs (a simd loop, a single
    /// region): made in the thread's frame, set from the original on entry,
    /// used for the original inside, and copied back at the end except for
    /// private and firstprivate.
    pub(super) fn privatize_in_place(
        &mut self,
        a: &Analysis<'ctx>,
        r: usize,
        f: FunctionValue<'ctx>,
        vars: &[&Var],
        shape: Shape<'ctx>,
    ) -> Res<Vec<PointerValue<'ctx>>> {
        let name = a.graph.regions[r].kind.begin_name();
        let typed = self.in_place_types(name, vars).map_err(|e| e.at(a.graph.regions[r].entry.span.first))?;
        let mut copies = Vec::new();
        let home = self.home(a, Some(r));
        let body = blocks_between(f, shape.first, shape.end);
        // (As in lower_data: what the code after shares must not see the copies.)
        ffi::recompute_pure_escaping(&body, shape.end.get_first_instruction().expect("the END group"));
        // (A single region's thread leaves it at its fini: the other threads
        // skip to its end, with no copy to copy back, destroy or give back.)
        let leave = if a.graph.regions[r].kind == DirKind::Single { shape.fini } else { shape.end };
        let fname = a.graph.function.clone();
        let mut taken = Vec::new();
        for (v, (ty, h)) in vars.iter().zip(typed) {
            let orig = self.value(v.var).into_pointer_value();
            let (orig, copy) = match v.section {
                Some(first) => self.privatize_section(orig, ty, first, home, &body, shape.first, &v.clause, name)?,
                None if v.byref => self.privatize_byref(orig, ty, home, &body, shape.first),
                None => {
                    let copy = self.copy_storage(home, ty, "priv", orig, v.alloc, shape.first, &fname, &mut taken);
                    let at = shape.first.get_terminator().expect("terminator");
                    (self.privatize_uses(orig, copy, &body, at), copy)
                }
            };
            let b = self.before_terminator(shape.first);
            // (A POD private copy starts as the original too: harmless, and
            // the scalar loop is then exactly the serial program.)
            match (v.share, h.and_then(|h| h.ctor)) {
                (Share::Private | Share::Lastprivate, Some(_)) => nonpod::construct(b, h, copy),
                _ => nonpod::copy_construct(b, h, ty, copy, orig),
            }
            let b = self.before_terminator(leave);
            if !matches!(v.share, Share::Private | Share::Firstprivate) {
                nonpod::copy_assign(b, h, ty, orig, copy);
            }
            nonpod::destroy(b, h, copy);
            copies.push(copy);
        }
        self.free_copies(leave, &taken);
        Ok(copies)
    }
}
