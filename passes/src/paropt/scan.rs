//! Where a loop with inscan reductions splits (OpenMP 5.1 §2.11.8): the
//! normalized loop's body is `P X SCAN Y L`, where P (the preamble) computes
//! the iteration's loop variables from the IV, X is the code before the scan
//! directive, Y the code after it and L the IV's step. With `inclusive`, X
//! is the input phase and Y the scan phase; with `exclusive`, the other way
//! round. Found, split into blocks and checked before privatization
//! changes anything; `scan_passes` runs the loop twice over these blocks.
//! A simd loop (one thread, iterations in order) runs the scan as the
//! serial program does, unless weft-vectorize's VPlan vectorizes it: see
//! `simd_scan_in_order`.
use hashbrown::HashSet;
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{AnyValue, BasicValue, BasicValueEnum, InstructionOpcode as O, InstructionValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::model::ValueId;
use weft_intrinsics::vocab::DirKind;
use weft_intrinsics::{Rule, WeftError};

use super::context::{blocks_between, err, Lowerer, Res, Shape};
use super::plan::{Plan, Share};
use super::redop::reduction_identity;
use crate::cfg::directive_calls_between;
use crate::cfg::{first_not, pointer_operand, reachable_before};
use crate::wregion::{Analysis, WRegion};

/// The blocks of a loop with a scan directive, split where its phases meet.
pub(super) struct ScanShape<'ctx> {
    /// `inclusive(...)`: X is the input phase; `exclusive(...)`: Y is.
    pub(super) inclusive: bool,
    /// The loop's test of its IV and where it leaves the loop.
    pub(super) header: BasicBlock<'ctx>,
    pub(super) exit: BasicBlock<'ctx>,
    /// P's block, ending in a branch to `x`.
    pub(super) pre: BasicBlock<'ctx>,
    /// X's first block; `s` holds the scan directive (its last block ends
    /// in a branch to `y`); `l` starts with the IV's step.
    pub(super) x: BasicBlock<'ctx>,
    pub(super) s: BasicBlock<'ctx>,
    pub(super) s_last: BasicBlock<'ctx>,
    pub(super) y: BasicBlock<'ctx>,
    pub(super) l: BasicBlock<'ctx>,
    pub(super) x_blocks: Vec<BasicBlock<'ctx>>,
    pub(super) y_blocks: Vec<BasicBlock<'ctx>>,
    /// The scan directive's calls, erased once the loop is lowered.
    pub(super) calls: Vec<InstructionValue<'ctx>>,
}

fn scan_err(rule: Rule, name: &str, detail: impl Into<String>) -> WeftError {
    err(rule, "DIR.OMP.SCAN", detail).on_directive(name)
}

/// The variable a pointer names: through GEPs, casts and weft-prepare's
/// renames (`weft.private.addr(v)`).
pub(super) fn base_of(v: BasicValueEnum<'_>) -> ValueId {
    Value::of(base_value(v)).id()
}

/// The variable a pointer names (see `base_of`), as a value.
fn base_value(mut v: BasicValueEnum<'_>) -> BasicValueEnum<'_> {
    loop {
        let BasicValueEnum::PointerValue(p) = v else { return v };
        let Some(i) = p.as_instruction_value() else { return v };
        let through = match i.get_opcode() {
            O::GetElementPtr | O::BitCast | O::AddrSpaceCast => true,
            O::Call => {
                ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some(crate::prepare::rename::RENAME)
            }
            _ => false,
        };
        match i.get_operand(0).and_then(|o| o.left()).filter(|_| through) {
            Some(next) => v = next,
            None => return v,
        }
    }
}

/// `%name` (an instruction) or `@name` (a global), as IR spells an operand.
fn value_name(v: BasicValueEnum<'_>) -> String {
    let BasicValueEnum::PointerValue(p) = v else { return v.print_to_string().to_string() };
    let name = p.get_name().to_string_lossy().into_owned();
    match (name.is_empty(), p.as_instruction_value().is_some()) {
        (true, _) => format!("`{}`", p.print_to_string().to_string().trim()),
        (false, true) => format!("%{name}"),
        (false, false) => format!("@{name}"),
    }
}

/// The normalized loop's test of its IV slot (`iv <= ub`): the header, the
/// body's first block and the loop's exit.
fn loop_edges<'ctx>(
    body: &[BasicBlock<'ctx>],
    iv: ValueId,
) -> Option<(BasicBlock<'ctx>, BasicBlock<'ctx>, BasicBlock<'ctx>)> {
    for &bb in body {
        let term = bb.get_terminator()?;
        if term.get_opcode() != O::Br || term.get_num_operands() != 3 {
            continue;
        }
        let Some(cond) = term.get_operand(0).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()) else {
            continue;
        };
        let tests_iv = cond.get_opcode() == O::ICmp
            && matches!(cond.get_icmp_predicate(), Some(IntPredicate::SLE | IntPredicate::ULE))
            && cond
                .get_operand(0)
                .and_then(|o| o.left())
                .and_then(|v| v.as_instruction_value())
                .is_some_and(|l| l.get_opcode() == O::Load && pointer_operand(l).is_some_and(|p| base_of(p) == iv));
        if tests_iv {
            // (A conditional br's operands: condition, false, true.)
            let exit = term.get_operand(1)?.right()?;
            let then = term.get_operand(2)?.right()?;
            return Some((bb, then, exit));
        }
    }
    None
}

/// The first instruction of the IV's step: the store of the next IV and
/// what computes it just before it (`load iv; add 1; store iv`).
fn step_start(store: InstructionValue<'_>) -> InstructionValue<'_> {
    let mut start = store;
    let mut chain: HashSet<Value> = HashSet::new();
    if let Some(v) = store.get_operand(0).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()) {
        chain.insert(Value::of_instruction(v));
    }
    while let Some(prev) = start.get_previous_instruction() {
        if !chain.contains(&Value::of_instruction(prev)) {
            break;
        }
        for k in 0..prev.get_num_operands() {
            if let Some(op) = prev.get_operand(k).and_then(|o| o.left()).and_then(|v| v.as_instruction_value()) {
                chain.insert(Value::of_instruction(op));
            }
        }
        start = prev;
    }
    start
}

/// Arithmetic, casts and compares: no memory, no effect.
fn is_pure(i: InstructionValue<'_>) -> bool {
    crate::cfg::is_pure_arith(i.get_opcode())
        || matches!(
            i.get_opcode(),
            O::FAdd
                | O::FSub
                | O::FMul
                | O::FDiv
                | O::FNeg
                | O::FPExt
                | O::FPTrunc
                | O::SIToFP
                | O::UIToFP
                | O::FPToSI
                | O::FPToUI
                | O::FCmp
                | O::BitCast
        )
}

/// Where P ends in the body's first block: P loads the IV and bound slots,
/// computes from them, and stores into the loop's private variables (the
/// loop variables weft-prepare or the front end computes from the IV, and
/// locals the body computes from them first, `int k = i / 2;`), reading
/// back what it stored. Running P again is harmless, so both passes run it.
fn preamble_end<'ctx>(
    first: BasicBlock<'ctx>,
    slots: &HashSet<ValueId>,
    privates: &HashSet<ValueId>,
) -> InstructionValue<'ctx> {
    let mut stored: HashSet<ValueId> = HashSet::new();
    let mut cur = first_not(first, O::Phi);
    while let Some(i) = cur {
        let var = pointer_operand(i).map(base_of);
        let keep = match (i.get_opcode(), var) {
            (O::Load, Some(v)) => slots.contains(&v) || stored.contains(&v),
            (O::Store, Some(v)) if privates.contains(&v) => {
                stored.insert(v);
                true
            }
            (O::Call, _) => ffi::called_function_name(Value::of_instruction(i))
                .is_some_and(|n| n.starts_with("llvm.lifetime.") || n.starts_with("llvm.dbg.")),
            (O::Load | O::Store, _) => false,
            _ => is_pure(i),
        };
        if !keep || i.get_next_instruction().is_none() {
            return i;
        }
        cur = i.get_next_instruction();
    }
    first.get_terminator().expect("a block of a verified function has a terminator")
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The scan reduction variables' types: integers and floating point
    /// whose operator has an identity.
    fn scan_types(&self, plan: &Plan, name: &str) -> Res<()> {
        for v in plan.vars.iter().filter(|v| matches!(v.share, Share::Scan { .. })) {
            let Share::Scan { op, unsigned } = v.share else { continue };
            let ty = self.var_type(v).ok_or_else(|| {
                err(Rule::OperandKind, &v.clause, "cannot tell the variable's type: give it :TYPED").on_directive(name)
            })?;
            if !matches!(ty, BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_)) {
                return Err(err(
                    Rule::NotYetSupported,
                    &v.clause,
                    format!("scan reductions of type {} (integers and floating point are built)", ty.print_to_string()),
                )
                .on_directive(name));
            }
            if reduction_identity(ty, op, unsigned).is_none() {
                return Err(err(
                    Rule::OperandKind,
                    &v.clause,
                    format!("this reduction operator does not apply to type {}", ty.print_to_string()),
                )
                .on_directive(name));
            }
        }
        Ok(())
    }

    /// The scan directive's calls in region `r`'s body, and whether it is
    /// inclusive.
    fn scan_directive(a: &Analysis<'ctx>, reg: &WRegion) -> Option<(Vec<InstructionValue<'ctx>>, bool)> {
        let scan = reg.children.iter().map(|&c| &a.graph.regions[c]).find(|c| c.kind == DirKind::Scan)?;
        let mut calls = directive_calls_between(&a.scan.values, scan.entry.span.first, scan.entry.span.last);
        if let Some(x) = scan.exit.filter(|x| x.span != scan.entry.span) {
            calls.extend(directive_calls_between(&a.scan.values, x.span.first, x.span.last));
        }
        let inclusive = scan.env.scan.first().map_or(true, |s| s.inclusive);
        (!calls.is_empty()).then_some((calls, inclusive))
    }

    /// A worksharing loop's scan shape (None without scan reductions): the
    /// body split at P's end, at the scan directive and at the IV's step,
    /// with the checks that each iteration passes the scan directive once
    /// and that nothing X computes reaches Y other than through memory
    /// both passes see.
    pub(super) fn scan_shape(
        &self,
        a: &Analysis<'ctx>,
        r: usize,
        plan: &Plan,
        shape: Shape<'ctx>,
    ) -> Res<Option<ScanShape<'ctx>>> {
        if !plan.vars.iter().any(|v| matches!(v.share, Share::Scan { .. })) {
            return Ok(None);
        }
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        self.scan_types(plan, name).map_err(|e| e.at(reg.entry.span.first))?;
        let (calls, inclusive) = Self::scan_directive(a, reg)
            .ok_or_else(|| scan_err(Rule::ClauseNotAllowed, name, "the loop has no scan directive"))?;
        let f = shape.s.get_parent().expect("in a function");
        let var_of = |s: Share| plan.vars.iter().find(|v| v.share == s).map(|v| self.value(v.var));
        let (Some(iv), Some(ub)) = (var_of(Share::NormIv), var_of(Share::NormUb)) else {
            return Err(scan_err(Rule::NotYetSupported, name, "a scan in a loop without normalized IV/UB slots"));
        };
        let (iv, ub) = (base_of(iv), base_of(ub));
        let body = blocks_between(f, shape.first, shape.end);
        let (header, first, exit) = loop_edges(&body, iv)
            .ok_or_else(|| err(Rule::LoopForm, name, "cannot find the loop's test of its normalized IV"))?;
        let in_loop: HashSet<ffi::BlockId> =
            reachable_before(first, header).iter().map(|&b| ffi::block_id(b)).collect();
        let iv_steps: Vec<InstructionValue<'ctx>> = reachable_before(first, header)
            .iter()
            .flat_map(|b| b.get_instructions())
            .filter(|&i| i.get_opcode() == O::Store && pointer_operand(i).is_some_and(|p| base_of(p) == iv))
            .collect();
        let [step] = iv_steps.as_slice() else {
            return Err(err(Rule::LoopForm, name, "the normalized IV is not stepped once per iteration"));
        };
        let (first_call, last_call) = (calls[0], *calls.last().expect("not empty"));
        if !first_call.get_parent().is_some_and(|b| in_loop.contains(&ffi::block_id(b))) {
            return Err(scan_err(
                Rule::ClauseNotAllowed,
                name,
                "the scan directive must be in the body of the loop (OpenMP 5.1 §2.11.8)",
            ));
        }
        // The loop's own slots (P reads them) and private variables (P writes them).
        let privates: HashSet<ValueId> = plan
            .vars
            .iter()
            .filter(|v| {
                matches!(
                    v.share,
                    Share::Private
                        | Share::Firstprivate
                        | Share::Lastprivate
                        | Share::FirstLastprivate
                        | Share::LastprivateConditional
                        | Share::Linear { .. }
                )
            })
            .map(|v| base_of(self.value(v.var)))
            .collect();
        let slots: HashSet<ValueId> = [iv, ub].into_iter().collect();
        let pend = preamble_end(first, &slots, &privates);
        let step = step_start(*step);
        // Splits: X from P's end, the scan directive, Y after it, L at the step.
        let x = ffi::split_block_before(pend, "omp.scan.before");
        let s = ffi::split_block_before(first_call, "omp.scan");
        let after = last_call.get_next_instruction().expect("a call is not a terminator");
        let y = ffi::split_block_before(after, "omp.scan.after");
        let s_last = last_call.get_parent().expect("in a block");
        let l = ffi::split_block_before(step, "omp.scan.step");
        let x_blocks = reachable_before(x, s);
        let y_blocks = reachable_before(y, l);
        let sc = ScanShape { inclusive, header, exit, pre: first, x, s, s_last, y, l, x_blocks, y_blocks, calls };
        // (Located at the scan directive.)
        let at = Value::of_instruction(first_call).id();
        self.check_scan_paths(&sc, name).map_err(|e| e.at(at))?;
        self.check_crossing(&sc, &privates, name).map_err(|e| e.at(at))?;
        Ok(Some(sc))
    }

    /// Each iteration passes the scan directive exactly once: every path
    /// from X to the IV's step passes it, and none from Y comes back to it.
    fn check_scan_paths(&self, sc: &ScanShape<'ctx>, name: &str) -> Res<()> {
        let hits = |blocks: &[BasicBlock<'ctx>], b: BasicBlock<'ctx>| blocks.iter().any(|&x| x == b);
        if hits(&sc.x_blocks, sc.l) || hits(&sc.x_blocks, sc.header) {
            return Err(scan_err(
                Rule::ClauseNotAllowed,
                name,
                "an iteration can reach its end without passing the scan directive (a branch around it, or a \
                 continue before it): the scan directive must be directly in the loop's body (OpenMP 5.1 §2.11.8)",
            ));
        }
        if hits(&sc.y_blocks, sc.s) {
            return Err(scan_err(
                Rule::ClauseNotAllowed,
                name,
                "the scan directive is inside a loop of the loop's body: it must be directly in the body of the \
                 loop with the inscan reduction (OpenMP 5.1 §2.11.8)",
            ));
        }
        Ok(())
    }

    /// What X computes reaches Y only through memory: a value X computes
    /// and Y (or the step) uses must be a pure computation of values from
    /// before X (recomputed after it), and no private variable X writes may
    /// be read by Y (each phase runs in its own pass over the iterations,
    /// so Y would read another iteration's value). The same for Y and the
    /// step. (A loop variable the preamble computes is not X's.)
    fn check_crossing(&self, sc: &ScanShape<'ctx>, privates: &HashSet<ValueId>, name: &str) -> Res<()> {
        let at_s = sc.s.get_first_instruction().expect("the scan directive");
        let at_l = sc.l.get_first_instruction().expect("the IV's step");
        for (blocks, at, what) in
            [(&sc.x_blocks, at_s, "before the scan directive"), (&sc.y_blocks, at_l, "after the scan directive")]
        {
            if let Some(v) = ffi::recompute_escaping(blocks, at) {
                return Err(scan_err(
                    Rule::NotYetSupported,
                    name,
                    format!(
                        "{} is computed {what} and used past it: the two phases of a scan loop run in separate \
                         passes over the iterations; pass it through memory",
                        v.print_to_string().to_string_lossy().trim()
                    ),
                ));
            }
        }
        let touched = |blocks: &[BasicBlock<'ctx>], op: O| -> Vec<(ValueId, InstructionValue<'ctx>)> {
            blocks
                .iter()
                .flat_map(|b| b.get_instructions())
                .filter(|i| i.get_opcode() == op)
                .filter_map(|i| pointer_operand(i).map(|p| (base_of(p), i)))
                .filter(|(v, _)| privates.contains(v))
                .collect()
        };
        let written = touched(&sc.x_blocks, O::Store);
        let read = touched(&sc.y_blocks, O::Load);
        if let Some((_, st)) = written.iter().find(|(v, _)| read.iter().any(|(w, _)| w == v)) {
            let var = pointer_operand(*st).map_or_else(String::new, |p| value_name(base_value(p)));
            return Err(scan_err(
                Rule::NotYetSupported,
                name,
                format!(
                    "the private variable {var} is written before the scan directive and read after it: the two \
                     phases of a scan loop run in separate passes over the iterations (declare it in the phase that \
                     uses it)"
                ),
            ));
        }
        Ok(())
    }

    /// A simd loop with scan reductions, lowered in place for
    /// weft-vectorize: its iterations run in order on one thread's copy of
    /// x (the serial program's scan, the copy starting as the original and
    /// copied back: paropt::simd), and the scan directive becomes a marker
    /// at its place, from which weft-vectorize's VPlan knows the two phases
    /// (`vplan/scan.rs`; it erases the marker, vectorized or not). icx's
    /// fence inside the scan region goes with it: one thread runs the loop.
    /// Returns false: the loop is left to the VPlan like any simd loop.
    pub(super) fn simd_scan_in_order(&mut self, a: &Analysis<'ctx>, r: usize, plan: &Plan) -> Res<bool> {
        if !plan.vars.iter().any(|v| matches!(v.share, Share::Scan { .. })) {
            return Ok(false);
        }
        let reg = &a.graph.regions[r];
        self.scan_types(plan, reg.kind.begin_name())?;
        if let Some((calls, inclusive)) = Self::scan_directive(a, reg) {
            crate::scan_marker::place_marker(self.rt.module, calls[0], inclusive);
            let (first, last) = (calls[0], *calls.last().expect("not empty"));
            // (From the first call to the last, through the straight line of
            // blocks weft-prepare may have split it into.)
            let mut fences = Vec::new();
            let mut cur = first.get_next_instruction();
            let mut budget = 10_000;
            while let Some(i) = cur.filter(|&i| i != last && budget > 0) {
                budget -= 1;
                if i.get_opcode() == O::Fence {
                    fences.push(i);
                }
                cur = match i.get_next_instruction() {
                    Some(n) => Some(n),
                    None if i.get_opcode() == O::Br && i.get_num_operands() == 1 => {
                        i.get_operand(0).and_then(|o| o.right()).and_then(|b| b.get_first_instruction())
                    }
                    None => None,
                };
            }
            ffi::erase_directive_calls(&calls);
            for f in fences {
                f.erase_from_basic_block();
            }
        }
        self.notes.push("its scan reduction left to weft-vectorize".into());
        Ok(false)
    }
}

/// Erases `llvm.lifetime.*` markers in `blocks`: a pass that skips X or Y
/// would otherwise leave a local's lifetime ended and not begun again.
pub(super) fn drop_lifetimes(blocks: &[BasicBlock<'_>]) {
    for b in blocks {
        let doomed: Vec<InstructionValue<'_>> = b
            .get_instructions()
            .filter(|&i| {
                i.get_opcode() == O::Call
                    && ffi::called_function_name(Value::of_instruction(i))
                        .is_some_and(|n| n.starts_with("llvm.lifetime."))
            })
            .collect();
        for i in doomed {
            i.erase_from_basic_block();
        }
    }
}
