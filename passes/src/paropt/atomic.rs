//! `DIR.OMP.ATOMIC`: the statement between the directive and its END is a
//! load and/or a store of one variable `x` in straight-line code. read makes
//! the load of `x` atomic, write the store; update and capture become an
//! `atomicrmw` when the new value is `x op e` with an integer op LLVM has
//! (the returned old value serves a capture), and otherwise a compare-exchange
//! loop around the statement's own computation, which serves every type
//! (floating point through its bits) and every expression.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, PointerValue,
};
use llvm_plugin::inkwell::{AtomicOrdering, AtomicRMWBinOp};
use weft_intrinsics::ffi;
use weft_intrinsics::vocab::AtomicOp;
use weft_intrinsics::{Rule, WeftError};

use super::atomic_access::{make_atomic, refuse, scalar_bits};
use super::context::Lowerer;
use super::plan::AtomicPlan;
use crate::cfg::pointer_operand;

type Res<T> = Result<T, WeftError>;

/// The statement's instructions, following the straight path from `first`
/// to `fini` (exclusive); None if the statement has control flow.
fn statement<'ctx>(first: BasicBlock<'ctx>, fini: BasicBlock<'ctx>) -> Option<Vec<InstructionValue<'ctx>>> {
    let mut out = Vec::new();
    let mut bb = first;
    for _ in 0..10_000 {
        if bb == fini {
            return Some(out);
        }
        let term = bb.get_terminator()?;
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            if i != term {
                out.push(i);
            }
            cur = i.get_next_instruction();
        }
        if term.get_opcode() != InstructionOpcode::Br || term.get_num_operands() != 1 {
            return None;
        }
        bb = term.get_operand(0)?.right()?;
    }
    None
}

/// Replaces every use of `from` by `to` when both have one type.
fn replace_value<'ctx>(from: BasicValueEnum<'ctx>, to: BasicValueEnum<'ctx>) -> bool {
    match (from, to) {
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) if a.get_type() == b.get_type() => {
            a.replace_all_uses_with(b)
        }
        (BasicValueEnum::FloatValue(a), BasicValueEnum::FloatValue(b)) if a.get_type() == b.get_type() => {
            a.replace_all_uses_with(b)
        }
        (BasicValueEnum::PointerValue(a), BasicValueEnum::PointerValue(b)) => a.replace_all_uses_with(b),
        _ => return false,
    }
    true
}

/// Inside one atomic statement, a load of a variable the statement already
/// loaded or stored reads that value: unoptimized code of `{v = x; x += e;}`
/// or `{x += e; v = x;}` loads x twice, and OpenMP forbids the statement's
/// other lvalues to overlap x, so the second load can only see the first's
/// value (or the statement's own store).
fn forward_reloads(stmt: Vec<InstructionValue<'_>>) -> Vec<InstructionValue<'_>> {
    let mut known: Vec<(BasicValueEnum<'_>, BasicValueEnum<'_>)> = Vec::new();
    let mut out = Vec::with_capacity(stmt.len());
    for i in stmt {
        match (i.get_opcode(), pointer_operand(i)) {
            (InstructionOpcode::Load, Some(p)) if !i.get_volatile().unwrap_or(true) => {
                let Ok(loaded) = BasicValueEnum::try_from(i.as_any_value_enum()) else { continue };
                if let Some(&(_, v)) = known.iter().find(|(q, _)| *q == p) {
                    if replace_value(loaded, v) {
                        i.erase_from_basic_block();
                        continue;
                    }
                }
                known.retain(|(q, _)| *q != p);
                known.push((p, loaded));
            }
            (InstructionOpcode::Store, Some(p)) => {
                known.retain(|(q, _)| *q != p);
                if let Some(v) = i.get_operand(0).and_then(|o| o.left()) {
                    known.push((p, v));
                }
            }
            _ => {}
        }
        out.push(i);
    }
    out
}

/// With control flow in the statement (a `?:` in the expression or in x's
/// index, which OpenMP evaluates outside the atomic access), the accesses of
/// x are in the block that ends it: that block's instructions, if exactly one
/// block of the statement leads to `fini`.
///
/// `x = x op (c ? a : b)` loads x before the `?:`: a load used only in that
/// last block moves down into it (OpenMP's expr may not read x, so the value
/// is the same), next to the store.
fn tail_statement<'ctx>(first: BasicBlock<'ctx>, fini: BasicBlock<'ctx>) -> Option<Vec<InstructionValue<'ctx>>> {
    let blocks = crate::cfg::reachable_before(first, fini);
    let mut tails = blocks.iter().filter(|bb| {
        bb.get_terminator()
            .is_some_and(|t| (0..t.get_num_operands()).any(|k| t.get_operand(k).and_then(|o| o.right()) == Some(fini)))
    });
    let (&tail, None) = (tails.next()?, tails.next()) else { return None };
    let term = tail.get_terminator()?;
    if term.get_opcode() != InstructionOpcode::Br || term.get_num_operands() != 1 {
        return None;
    }
    // Last first, so that what computes x's value or address (a load of
    // x, its widening, the load of its address) follows its user down.
    let mut movable = Vec::new();
    for bb in blocks.iter().filter(|&&bb| bb != tail) {
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur {
            let load = i.get_opcode() == InstructionOpcode::Load && !i.get_volatile().unwrap_or(true);
            if load || is_pure(i) {
                movable.push(i);
            }
            cur = i.get_next_instruction();
        }
    }
    for &l in movable.iter().rev() {
        move_down_to(l, tail);
    }
    // The blocks that run before the branching (they dominate the last
    // block: what they load or compute can stand for a repeat in it), then
    // the last block.
    let mut out = Vec::new();
    let mut bb = first;
    for _ in 0..blocks.len() {
        let t = bb.get_terminator()?;
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur.filter(|&i| i != t) {
            out.push(i);
            cur = i.get_next_instruction();
        }
        if t.get_opcode() != InstructionOpcode::Br || t.get_num_operands() != 1 || bb == tail {
            break;
        }
        bb = t.get_operand(0)?.right()?;
    }
    if bb != tail {
        let mut cur = tail.get_first_instruction();
        while let Some(i) = cur.filter(|&i| i != term) {
            out.push(i);
            cur = i.get_next_instruction();
        }
    }
    Some(out)
}

/// Whether x is a register: SROA (at -O1 and up) promoted a local no other
/// thread can see, and the access weft would make atomic is gone: no block
/// of the statement has x's kind of access (a store, a load for `read`) or
/// an atomic one. (A call in expr cannot be x's access: every atomic form
/// reads or writes x itself.)
fn x_in_register(op: AtomicOp, first: BasicBlock<'_>, fini: BasicBlock<'_>) -> bool {
    let wanted = if op == AtomicOp::Read { InstructionOpcode::Load } else { InstructionOpcode::Store };
    !crate::cfg::reachable_before(first, fini).iter().any(|bb| {
        bb.get_instructions().any(|i| {
            i.get_opcode() == wanted
                || matches!(i.get_opcode(), InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg)
        })
    })
}

/// An instruction without side effects that weft may merge or move (only
/// ever within blocks that run anyway: a division cannot start to trap).
fn is_pure(i: InstructionValue<'_>) -> bool {
    crate::cfg::is_pure_arith(i.get_opcode())
}

/// Reloads forwarded and equal computations merged, until nothing changes:
/// each can enable the other (`s.vals[s.sum % 13]` twice: the two addresses
/// of s.sum merge, then its loads, then the indices).
fn simplify(mut stmt: Vec<InstructionValue<'_>>) -> Vec<InstructionValue<'_>> {
    for _ in 0..16 {
        let before = stmt.len();
        stmt = merge_equal(forward_reloads(stmt));
        if stmt.len() == before {
            break;
        }
    }
    stmt
}

/// Equal pure computations inside the statement become one: unoptimized
/// code of `a[i % 4] = a[i % 4] | e` computes x's address twice, and only
/// one address makes the load and the store one variable's.
fn merge_equal(stmt: Vec<InstructionValue<'_>>) -> Vec<InstructionValue<'_>> {
    let mut seen: Vec<(String, InstructionValue<'_>)> = Vec::new();
    let mut out = Vec::with_capacity(stmt.len());
    for i in stmt {
        if is_pure(i) {
            // The instruction's text after its name and before its metadata
            // (a debug location differs by column): opcode, flags, types and
            // operands (by name or slot), equal for equal computations.
            let text = i.print_to_string().to_string();
            let key = text.split_once(" = ").map_or(text.as_str(), |(_, k)| k);
            let key = key.split(", !").next().unwrap_or(key).to_string();
            if let Some(&(_, earlier)) = seen.iter().find(|(k, _)| *k == key) {
                i.replace_all_uses_with(&earlier);
                i.erase_from_basic_block();
                continue;
            }
            seen.push((key, i));
        }
        out.push(i);
    }
    out
}

/// The load of x moves down into the store's block, before its first user
/// there, when every user is there (the compare-exchange loop wants both in
/// one block; nothing between them writes x).
fn move_next_to(load: InstructionValue<'_>, store: InstructionValue<'_>) {
    if let Some(bb) = store.get_parent().filter(|&bb| Some(bb) != load.get_parent()) {
        move_down_to(load, bb);
    }
}

/// Moves `load` into `bb` before its first user there, when all its users
/// are in `bb` (and none is a phi).
fn move_down_to<'ctx>(load: InstructionValue<'ctx>, bb: BasicBlock<'ctx>) {
    let user_insts: Vec<InstructionValue<'_>> = ffi::user_instructions(&load);
    if user_insts.is_empty()
        || user_insts.iter().any(|u| u.get_parent() != Some(bb) || u.get_opcode() == InstructionOpcode::Phi)
    {
        return;
    }
    let mut cur = bb.get_first_instruction();
    while let Some(i) = cur {
        if user_insts.contains(&i) {
            ffi::move_before(load, i);
            return;
        }
        cur = i.get_next_instruction();
    }
}

/// Whether `v` depends on `on` through instructions of `stmt`.
fn depends_on<'ctx>(v: BasicValueEnum<'ctx>, on: InstructionValue<'ctx>, stmt: &[InstructionValue<'ctx>]) -> bool {
    let Some(i) = v.as_instruction_value() else { return false };
    if i == on {
        return true;
    }
    if !stmt.contains(&i) {
        return false;
    }
    (0..i.get_num_operands()).any(|k| i.get_operand(k).and_then(|o| o.left()).is_some_and(|o| depends_on(o, on, stmt)))
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Lowers one atomic construct in place: its statement's access of x
    /// becomes atomic with the plan's ordering, between the fences of
    /// OpenMP's implied flushes.
    pub(super) fn lower_atomic(
        &mut self,
        plan: &AtomicPlan,
        home: BasicBlock<'ctx>,
        first: BasicBlock<'ctx>,
        fini: BasicBlock<'ctx>,
    ) -> Res<String> {
        if x_in_register(plan.op, first, fini) {
            return Ok(format!("atomic {}: x is a local value in a register, nothing to make atomic", plan.describe()));
        }
        // Where the statement ends, taken before lowering splits its blocks.
        let end = fini
            .get_terminator()
            .filter(|t| t.get_opcode() == InstructionOpcode::Br && t.get_num_operands() == 1)
            .and_then(|t| t.get_operand(0)?.right())
            .ok_or_else(|| refuse("an atomic region that does not end in one branch"))?;
        let note = if plan.compare {
            self.lower_compare(plan, home, first, fini)?
        } else {
            self.lower_plain(plan, first, fini)?
        };
        let (entry, exit) = plan.fences();
        if let (Some(o), Some(i)) = (entry, first.get_first_instruction()) {
            self.b.position_before(&i);
            self.b.build_fence(o, 0, "").map_err(|_| refuse("a fence"))?;
        }
        if let (Some(o), Some(i)) = (exit, end.get_first_instruction()) {
            self.b.position_before(&i);
            self.b.build_fence(o, 0, "").map_err(|_| refuse("a fence"))?;
        }
        Ok(note)
    }

    /// read, write, update and capture.
    fn lower_plain(&mut self, plan: &AtomicPlan, first: BasicBlock<'ctx>, fini: BasicBlock<'ctx>) -> Res<String> {
        let (op, ord, cas) = (plan.op, plan.ordering(), plan.cas_orderings());
        let stmt = statement(first, fini)
            .or_else(|| tail_statement(first, fini))
            .ok_or_else(|| refuse("an atomic statement whose accesses of x are not in one block"))?;
        let stmt = if matches!(op, AtomicOp::Update | AtomicOp::Capture) { simplify(stmt) } else { stmt };
        let mem: Vec<InstructionValue<'ctx>> = stmt
            .iter()
            .copied()
            .filter(|i| matches!(i.get_opcode(), InstructionOpcode::Load | InstructionOpcode::Store))
            .collect();
        let shape_err = || {
            WeftError::new(
                Rule::OperandKind,
                "DIR.OMP.ATOMIC",
                format!("its statement is not an atomic {op:?} of one variable (a load and/or store of x)"),
            )
        };
        match op {
            AtomicOp::Read => {
                let load =
                    mem.iter().copied().find(|i| i.get_opcode() == InstructionOpcode::Load).ok_or_else(shape_err)?;
                let ty = BasicValueEnum::try_from(load.as_any_value_enum()).map_err(|_| shape_err())?.get_type();
                let bits = scalar_bits(ty).ok_or_else(|| refuse("an atomic read of a non-scalar"))?;
                if !make_atomic(load, bits, ord) {
                    return Err(shape_err());
                }
                Ok("atomic read: the load is atomic".into())
            }
            AtomicOp::Write => {
                let stores: Vec<_> =
                    mem.iter().copied().filter(|i| i.get_opcode() == InstructionOpcode::Store).collect();
                let [store] = stores.as_slice() else { return Err(shape_err()) };
                let ty = store.get_operand(0).and_then(|o| o.left()).ok_or_else(shape_err)?.get_type();
                let bits = scalar_bits(ty).ok_or_else(|| refuse("an atomic write of a non-scalar"))?;
                if !make_atomic(*store, bits, ord) {
                    return Err(shape_err());
                }
                Ok("atomic write: the store is atomic".into())
            }
            AtomicOp::Update | AtomicOp::Capture => {
                // x: the variable loaded and then stored, the stored value computed from the load.
                let pairs = || {
                    mem.iter().filter(|s| s.get_opcode() == InstructionOpcode::Store).filter_map(|&s| {
                        let x = pointer_operand(s)?;
                        let l = mem
                            .iter()
                            .copied()
                            .find(|l| l.get_opcode() == InstructionOpcode::Load && pointer_operand(*l) == Some(x))?;
                        let at = |i| stmt.iter().position(|&t| t == i);
                        (at(l) < at(s)).then_some((l, s))
                    })
                };
                let found = pairs()
                    .find(|&(l, s)| s.get_operand(0).and_then(|o| o.left()).is_some_and(|v| depends_on(v, l, &stmt)));
                let Some((load, store)) = found else {
                    // `{v = x; x = expr;}`: the new value does not read x.
                    let swap = pairs().next().filter(|_| op == AtomicOp::Capture).ok_or_else(shape_err)?;
                    return self.swap(swap, ord, &stmt);
                };
                let x = pointer_operand(store).expect("a store").into_pointer_value();
                let newv = store.get_operand(0).and_then(|o| o.left()).expect("a stored value");
                if let Some(note) = self.try_atomicrmw(load, store, x, newv, ord, &stmt) {
                    return Ok(note);
                }
                move_next_to(load, store);
                self.cmpxchg_loop(load, store, x, newv, cas)
            }
        }
    }

    /// Swap capture: an `atomicrmw xchg` at the store (on the bits of a
    /// floating-point x) returns the old value; what the statement computed
    /// from its load of x (the capture into v) moves after it.
    fn swap(
        &self,
        (load, store): (InstructionValue<'ctx>, InstructionValue<'ctx>),
        ord: AtomicOrdering,
        stmt: &[InstructionValue<'ctx>],
    ) -> Res<String> {
        let x = pointer_operand(store).expect("a store").into_pointer_value();
        let newv = store.get_operand(0).and_then(|o| o.left()).expect("a stored value");
        let ty = newv.get_type();
        let bits = match ty {
            BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_) => scalar_bits(ty),
            _ => None,
        }
        .ok_or_else(|| refuse("an atomic swap of x that is not an integer or floating-point scalar"))?;
        let at = |i| stmt.iter().position(|&t| t == i);
        let (Some(kl), Some(ks)) = (at(load), at(store)) else { return Err(refuse("an atomic swap")) };
        if load.get_parent() != store.get_parent() {
            return Err(refuse("an atomic swap whose load and store of x are in different blocks"));
        }
        let after = store.get_next_instruction().expect("a terminator follows");
        let b = self.at(store);
        let ity = self.rt.ctx.custom_width_int_type(bits);
        let n = if ty.is_int_type() { newv } else { b.build_bit_cast(newv, ity, "").expect("positioned") };
        let old: BasicValueEnum<'ctx> =
            b.build_atomicrmw(AtomicRMWBinOp::Xchg, x, n.into_int_value(), ord).expect("positioned").into();
        let old = if ty.is_int_type() { old } else { b.build_bit_cast(old, ty, "omp.atomic.old").expect("positioned") };
        for &i in &stmt[kl + 1..ks] {
            let uses_load = (0..i.get_num_operands())
                .any(|k| i.get_operand(k).and_then(|o| o.left()).is_some_and(|o| depends_on(o, load, stmt)));
            if uses_load {
                ffi::move_before(i, after);
            }
        }
        load.replace_all_uses_with(&old.as_instruction_value().expect("an instruction"));
        load.erase_from_basic_block();
        store.erase_from_basic_block();
        Ok(format!("atomic capture: swap (atomicrmw xchg on i{bits})"))
    }

    /// `x = x op e` (or `e op x`) with an integer op `atomicrmw` has and `e`
    /// not computed from `x`: one `atomicrmw` whose old value replaces the load.
    fn try_atomicrmw(
        &self,
        load: InstructionValue<'ctx>,
        store: InstructionValue<'ctx>,
        x: PointerValue<'ctx>,
        newv: BasicValueEnum<'ctx>,
        ord: AtomicOrdering,
        stmt: &[InstructionValue<'ctx>],
    ) -> Option<String> {
        let BasicValueEnum::IntValue(n) = newv else { return None };
        let bin = n.as_instruction_value()?;
        let rmw = match bin.get_opcode() {
            InstructionOpcode::Add => AtomicRMWBinOp::Add,
            InstructionOpcode::Sub => AtomicRMWBinOp::Sub,
            InstructionOpcode::And => AtomicRMWBinOp::And,
            InstructionOpcode::Or => AtomicRMWBinOp::Or,
            InstructionOpcode::Xor => AtomicRMWBinOp::Xor,
            _ => return None,
        };
        let a = bin.get_operand(0)?.left()?;
        let b = bin.get_operand(1)?.left()?;
        let lv = load.as_any_value_enum();
        let e = if a.as_any_value_enum() == lv {
            b
        } else if b.as_any_value_enum() == lv && rmw != AtomicRMWBinOp::Sub {
            a
        } else {
            return None;
        };
        // e must be available where the load is: computed before it on the
        // statement's straight path, or outside the statement's last blocks
        // (then it dominates them: the update uses it there).
        if let Some(ei) = e.as_instruction_value() {
            let at = |i| stmt.iter().position(|&s| s == i);
            if let (Some(ke), Some(kl)) = (at(ei), at(load)) {
                if ke > kl {
                    return None;
                }
            }
        }
        self.b.position_before(&load);
        let old = self.b.build_atomicrmw(rmw, x, e.into_int_value(), ord).ok()?;
        load.replace_all_uses_with(&old.as_instruction_value()?);
        load.erase_from_basic_block();
        store.erase_from_basic_block();
        Some(format!("atomic update: atomicrmw {rmw:?}"))
    }

    /// The statement becomes the body of a compare-exchange loop: the load
    /// starts it, the store becomes the exchange, retried until no other
    /// thread changed `x` in between.
    pub(super) fn cmpxchg_loop(
        &self,
        load: InstructionValue<'ctx>,
        store: InstructionValue<'ctx>,
        x: PointerValue<'ctx>,
        newv: BasicValueEnum<'ctx>,
        (ord, read_ord): (AtomicOrdering, AtomicOrdering),
    ) -> Res<String> {
        if load.get_parent() != store.get_parent() {
            return Err(refuse("an atomic update whose load and store are in different blocks"));
        }
        let ty: BasicTypeEnum<'ctx> = newv.get_type();
        let bits = match ty {
            BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_) => scalar_bits(ty),
            _ => None,
        }
        .ok_or_else(|| refuse("an atomic update of this type"))?;
        let ctx = self.rt.ctx;
        let ity = ctx.custom_width_int_type(bits);
        // The load, made atomic, seeds the loop; the loop starts right after it.
        if !make_atomic(load, bits, read_ord) {
            return Err(refuse("this load cannot be atomic"));
        }
        let after_load = load.get_next_instruction().expect("a store follows");
        let head = load.get_parent().expect("in a block");
        let lp = ffi::split_block_before(after_load, "omp.atomic.retry");
        let cont = ffi::split_block_before(store, "omp.atomic.cas");
        let tail =
            ffi::split_block_before(store.get_next_instruction().expect("a terminator follows"), "omp.atomic.done");
        // phi of the value seen, in the retry block; it stands for the load
        // everywhere (a captured old value too).
        self.b.position_before(&lp.get_first_instruction().expect("split leaves a branch at least"));
        let seen = self.b.build_phi(ty, "omp.atomic.seen").expect("positioned");
        let seen_v = seen.as_basic_value();
        load.replace_all_uses_with(&seen_v.as_instruction_value().expect("a phi"));
        let loaded =
            BasicValueEnum::try_from(load.as_any_value_enum()).map_err(|_| refuse("a load of a non-scalar"))?;
        seen.add_incoming(&[(&loaded, head)]);
        // The exchange, in place of the store.
        self.b.position_before(&store);
        let as_int = |v: BasicValueEnum<'ctx>| -> BasicValueEnum<'ctx> {
            if v.is_int_value() {
                v
            } else {
                self.b.build_bit_cast(v, ity, "").expect("positioned")
            }
        };
        let cmp = as_int(seen_v);
        let new = as_int(newv);
        let pair =
            self.b.build_cmpxchg(x, cmp.into_int_value(), new.into_int_value(), ord, read_ord).expect("positioned");
        let prev = self.b.build_extract_value(pair, 0, "omp.atomic.prev").expect("positioned");
        let ok = self.b.build_extract_value(pair, 1, "omp.atomic.ok").expect("positioned").into_int_value();
        let prev = if ty.is_int_type() { prev } else { self.b.build_bit_cast(prev, ty, "").expect("positioned") };
        store.erase_from_basic_block();
        let br = cont.get_terminator().expect("split leaves a branch");
        br.erase_from_basic_block();
        self.b.position_at_end(cont);
        self.b.build_conditional_branch(ok, tail, lp).expect("positioned");
        seen.add_incoming(&[(&prev, cont)]);
        Ok(format!("atomic update: compare-exchange loop on i{bits}"))
    }
}
