//! `atomic compare` (OpenMP 5.1) in every form: min/max (`x = x < e ? e :
//! x`, `if (e > x) x = e;`), conditional update (`if (x == e) x = d;`) and
//! compare capture (`{v = x; if (x == e) x = d;}`, `{if (x == e) x = d;
//! else v = x;}`, `r = x == e; if (r) x = d;`, ...), integer and floating
//! point.
//!
//! The statement, whatever its branches, runs as a transaction on a private
//! copy of x: an atomic load fills the copy, the statement reads and writes
//! the copy (its own comparison: `==` on values, so -0.0 equals 0.0 and NaN
//! equals nothing), and if the copy ends different from the value loaded, a
//! compare-exchange of the bits that were loaded for the copy's bits
//! publishes it. When another thread changed x in between, the exchange
//! fails and the statement runs again on the value it found. The statement's
//! other effects (v, r, the evaluation of e and d) are those of its last run.
//! A statement that leaves x unchanged writes nothing: its atomic load is the
//! whole operation (the order of `fail(...)`).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue,
};
use llvm_plugin::inkwell::{AtomicRMWBinOp, IntPredicate};
use weft_intrinsics::ffi;
use weft_intrinsics::vocab::AtomicOp;
use weft_intrinsics::{Rule, WeftError};

use super::atomic_access::{make_atomic, refuse, scalar_bits};
use super::context::Lowerer;
use super::plan::AtomicPlan;
use crate::cfg::pointer_operand;

type Res<T> = Result<T, WeftError>;

/// The statement's instructions, block by block from `first` (breadth
/// first: a block comes after the blocks that branch to it on the way in),
/// `fini`'s own instructions last.
fn statement_instructions<'ctx>(first: BasicBlock<'ctx>, fini: BasicBlock<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut blocks = crate::cfg::reachable_before(first, fini);
    blocks.push(fini);
    let mut out = Vec::new();
    for bb in blocks {
        let term = bb.get_terminator();
        let mut cur = bb.get_first_instruction();
        while let Some(i) = cur.filter(|&i| Some(i) != term) {
            out.push(i);
            cur = i.get_next_instruction();
        }
    }
    out
}

/// A key equal for two addresses the statement computes the same way: the
/// unoptimized `a[i]` in the condition and in the assignment are two
/// `getelementptr`s of equal operands. The instruction's text up to its
/// first operand (opcode, flags, types), then its operands' keys; anything
/// computed outside the statement is itself.
fn address_key(v: BasicValueEnum<'_>, stmt: &[InstructionValue<'_>], depth: u32) -> String {
    let own = || format!("#{}", ffi::Value::of(v).id().0);
    let Some(i) = v.as_instruction_value().filter(|i| stmt.contains(i) && depth < 16) else { return own() };
    let pure = crate::cfg::is_pure_arith(i.get_opcode());
    let load = i.get_opcode() == InstructionOpcode::Load && !i.get_volatile().unwrap_or(true);
    if !pure && !load {
        return own();
    }
    let text = i.print_to_string().to_string();
    let body = text.split_once(" = ").map_or(text.as_str(), |(_, b)| b);
    let shape = body.split(['%', '@']).next().unwrap_or(body);
    let ops: Vec<String> = (0..i.get_num_operands())
        .map(|k| match i.get_operand(k).and_then(|o| o.left()) {
            Some(o) if o.as_instruction_value().is_some() => address_key(o, stmt, depth + 1),
            Some(o) => o.print_to_string().to_string(),
            None => "?".into(),
        })
        .collect();
    format!("{shape}({})", ops.join(","))
}

/// x: the one variable the statement both reads and writes, read before it
/// is first written (r in `r = x == e; if (r) ...` is written first; v and
/// e are only written or only read). Its loads and stores, by address key.
fn find_x<'ctx>(stmt: &[InstructionValue<'ctx>]) -> Res<(String, Vec<InstructionValue<'ctx>>)> {
    let shape_err = |why: &str| {
        WeftError::new(Rule::OperandKind, "DIR.OMP.ATOMIC", format!("its statement is not an atomic compare: {why}"))
    };
    let mut order: Vec<String> = Vec::new();
    let mut first_store: Vec<(String, usize)> = Vec::new();
    let mut first_load: Vec<(String, usize)> = Vec::new();
    let mut accesses: Vec<(String, InstructionValue<'ctx>)> = Vec::new();
    for (k, &i) in stmt.iter().enumerate() {
        let Some(p) = pointer_operand(i) else { continue };
        let key = address_key(p, stmt, 0);
        let seen = if i.get_opcode() == InstructionOpcode::Load { &mut first_load } else { &mut first_store };
        if !seen.iter().any(|(q, _)| *q == key) {
            seen.push((key.clone(), k));
        }
        if !order.contains(&key) {
            order.push(key.clone());
        }
        accesses.push((key, i));
    }
    let xs: Vec<&String> = order
        .iter()
        .filter(|key| {
            let at = |v: &Vec<(String, usize)>| v.iter().find(|(q, _)| q == *key).map(|(_, k)| *k);
            matches!((at(&first_load), at(&first_store)), (Some(l), Some(s)) if l < s)
        })
        .collect();
    let [x] = xs.as_slice() else {
        return Err(shape_err(if xs.is_empty() {
            "no variable is read and then conditionally written"
        } else {
            "more than one variable is read and then written (weft cannot tell which is x)"
        }));
    };
    let x = (*x).clone();
    let insts = accesses.into_iter().filter(|(k, _)| *k == x).map(|(_, i)| i).collect();
    Ok((x, insts))
}

/// The type x is accessed as: every load's type and stored value's type.
fn access_type<'ctx>(insts: &[InstructionValue<'ctx>]) -> Option<BasicTypeEnum<'ctx>> {
    let mut ty = None;
    for &i in insts {
        let t = match i.get_opcode() {
            InstructionOpcode::Load => BasicValueEnum::try_from(i.as_any_value_enum()).ok()?.get_type(),
            _ => i.get_operand(0)?.left()?.get_type(),
        };
        if ty.is_some_and(|u| u != t) {
            return None;
        }
        ty = Some(t);
    }
    ty
}

/// The statement's instructions that compute x's address `p` (at -O0 a
/// member's or element's `getelementptr`, the load of a pointer), in
/// statement order: they move before the atomic load, which needs the
/// address first. None if one of them is not a pure computation or a load.
fn address_chain<'ctx>(
    p: BasicValueEnum<'ctx>,
    stmt: &[InstructionValue<'ctx>],
) -> Option<Vec<InstructionValue<'ctx>>> {
    let mut need = vec![p];
    let mut chain: Vec<InstructionValue<'ctx>> = Vec::new();
    while let Some(v) = need.pop() {
        let Some(i) = v.as_instruction_value().filter(|i| stmt.contains(i)) else { continue };
        if chain.contains(&i) {
            continue;
        }
        let load = i.get_opcode() == InstructionOpcode::Load && !i.get_volatile().unwrap_or(true);
        if !load && !crate::cfg::is_pure_arith(i.get_opcode()) || chain.len() > 64 {
            return None;
        }
        chain.push(i);
        need.extend((0..i.get_num_operands()).filter_map(|k| i.get_operand(k).and_then(|o| o.left())));
    }
    chain.sort_by_key(|i| stmt.iter().position(|s| s == i));
    Some(chain)
}

fn chain_of<'ctx>(xs: &[InstructionValue<'ctx>], stmt: &[InstructionValue<'ctx>]) -> Res<Vec<InstructionValue<'ctx>>> {
    let p = pointer_operand(xs[0]).expect("an access");
    address_chain(p, stmt).ok_or_else(|| refuse("an atomic compare whose x's address is computed with a call"))
}

/// Whether x is a register: at -O1 and up SROA promoted a local no other
/// thread can see, and the statement reads no memory at all (a compare
/// always reads x; what is left may be a capture's store into v).
fn x_in_register(stmt: &[InstructionValue<'_>]) -> bool {
    !stmt.iter().any(|i| {
        matches!(
            i.get_opcode(),
            InstructionOpcode::Load | InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg
        )
    })
}

/// x's type, checked: an integer or floating-point scalar of at most 64 bits.
fn x_bits<'ctx>(xs: &[InstructionValue<'ctx>]) -> Res<(BasicTypeEnum<'ctx>, u32)> {
    let ty = access_type(xs).ok_or_else(|| refuse("an atomic compare that reads and writes x as different types"))?;
    let bits = match ty {
        BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_) => scalar_bits(ty).filter(|&b| b <= 64),
        _ => None,
    }
    .ok_or_else(|| refuse("an atomic compare of x that is not an integer or floating-point scalar"))?;
    if xs.iter().any(|s| s.get_opcode() == InstructionOpcode::Store && s.get_volatile().unwrap_or(true)) {
        return Err(refuse("an atomic compare with a volatile store of x"));
    }
    Ok((ty, bits))
}

/// The refusals of `lower_compare`, from the unchanged IR while regions are
/// planned: the statement is what runs between the directive's BEGIN group
/// (`begin`, its last call) and its END group (`end`, its first call).
pub(super) fn precheck(begin: InstructionValue<'_>, end: InstructionValue<'_>) -> Res<()> {
    let mut stmt = Vec::new();
    let mut blocks = vec![begin.get_parent().expect("in a block")];
    let mut k = 0;
    while k < blocks.len() && blocks.len() < 10_000 {
        let bb = blocks[k];
        let mut cur = if k == 0 { begin.get_next_instruction() } else { bb.get_first_instruction() };
        let mut ended = false;
        while let Some(i) = cur {
            if i == end {
                ended = true;
                break;
            }
            stmt.push(i);
            cur = i.get_next_instruction();
        }
        if let (false, Some(t)) = (ended, bb.get_terminator()) {
            for s in (0..t.get_num_operands()).filter_map(|j| t.get_operand(j).and_then(|o| o.right())) {
                if !blocks.contains(&s) {
                    blocks.push(s);
                }
            }
        }
        k += 1;
    }
    if x_in_register(&stmt) {
        return Ok(());
    }
    let (_, xs) = find_x(&stmt)?;
    chain_of(&xs, &stmt)?;
    x_bits(&xs).map(|_| ())
}

/// An integer compare without capture in its select form (`x = x < e ? e :
/// x` after -O1: one load L of x, `select (icmp L, e)`, one store S of x),
/// as one atomic instruction: max/min (signed or unsigned) as `atomicrmw`,
/// `x = x == e ? d : x` as one `cmpxchg`. The direct operation, or None.
enum Direct<'ctx> {
    Rmw(AtomicRMWBinOp, IntValue<'ctx>),
    Cas(IntValue<'ctx>, IntValue<'ctx>),
}

fn direct_form<'ctx>(load: InstructionValue<'ctx>, store: InstructionValue<'ctx>) -> Option<Direct<'ctx>> {
    let l = BasicValueEnum::try_from(load.as_any_value_enum()).ok()?;
    let sel = store.get_operand(0)?.left()?.as_instruction_value()?;
    if sel.get_opcode() != InstructionOpcode::Select || !l.is_int_value() {
        return None;
    }
    let [c, t, f] = [0, 1, 2].map(|k| sel.get_operand(k).and_then(|o| o.left()));
    let (cmp, t, f) = (c?.as_instruction_value()?, t?.into_int_value(), f?.into_int_value());
    // Nothing else may use what the atomic instruction replaces.
    let only = |i: InstructionValue<'ctx>, allowed: &[InstructionValue<'ctx>]| {
        ffi::user_instructions(&i).iter().all(|u| allowed.contains(u))
    };
    if !only(load, &[cmp, sel]) || !only(cmp, &[sel]) || !only(sel, &[store]) {
        return None;
    }
    let (a, b) = (cmp.get_operand(0)?.left()?, cmp.get_operand(1)?.left()?);
    let mut pred = cmp.get_icmp_predicate()?;
    // As "L pred e".
    let e = if a == l {
        b
    } else if b == l {
        pred = swapped(pred);
        a
    } else {
        return None;
    };
    let e = e.into_int_value();
    if e.as_instruction_value() == Some(load) || !e.get_type().eq(&l.into_int_value().get_type()) {
        return None;
    }
    let li = l.into_int_value();
    // As "the new value is `other` when L pred e, else L".
    let (other, pred) = match (t == li, f == li) {
        (false, true) => (t, pred),
        (true, false) => (f, inverse(pred)),
        _ => return None,
    };
    use IntPredicate as P;
    let op = match pred {
        P::SLT | P::SLE if other == e => AtomicRMWBinOp::Max,
        P::SGT | P::SGE if other == e => AtomicRMWBinOp::Min,
        P::ULT | P::ULE if other == e => AtomicRMWBinOp::UMax,
        P::UGT | P::UGE if other == e => AtomicRMWBinOp::UMin,
        P::EQ if other.as_instruction_value() != Some(load) => return Some(Direct::Cas(e, other)),
        _ => return None,
    };
    Some(Direct::Rmw(op, e))
}

fn swapped(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::SLT => P::SGT,
        P::SGT => P::SLT,
        P::SLE => P::SGE,
        P::SGE => P::SLE,
        P::ULT => P::UGT,
        P::UGT => P::ULT,
        P::ULE => P::UGE,
        P::UGE => P::ULE,
        other => other,
    }
}

fn inverse(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::SLT => P::SGE,
        P::SGE => P::SLT,
        P::SGT => P::SLE,
        P::SLE => P::SGT,
        P::ULT => P::UGE,
        P::UGE => P::ULT,
        P::UGT => P::ULE,
        P::ULE => P::UGT,
        P::EQ => P::NE,
        P::NE => P::EQ,
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The select form as one atomic instruction at the store (see
    /// `direct_form`); the load, compare and select, then unused, go.
    fn try_direct(&self, plan: &AtomicPlan, xs: &[InstructionValue<'ctx>]) -> Option<String> {
        let [load, store] = xs else { return None };
        if plan.op != AtomicOp::Update || load.get_opcode() != InstructionOpcode::Load {
            return None;
        }
        let form = direct_form(*load, *store)?;
        let x = pointer_operand(*store)?.into_pointer_value();
        let b = self.at(*store);
        let note = match form {
            Direct::Rmw(op, e) => {
                b.build_atomicrmw(op, x, e, plan.ordering()).ok()?;
                format!("atomic {}: atomicrmw {op:?}", plan.describe())
            }
            Direct::Cas(e, d) => {
                let (success, failure) = plan.cas_orderings();
                let pair = b.build_cmpxchg(x, e, d, success, failure).ok()?;
                if plan.weak {
                    ffi::set_weak(pair.as_instruction_value()?);
                }
                format!("atomic {}: one cmpxchg", plan.describe())
            }
        };
        let sel = store.get_operand(0)?.left()?.as_instruction_value()?;
        store.erase_from_basic_block();
        for i in [Some(sel), sel.get_operand(0).and_then(|o| o.left()?.as_instruction_value()), Some(*load)]
            .into_iter()
            .flatten()
        {
            if ffi::users(ffi::Value::of_instruction(i)).is_empty() {
                i.erase_from_basic_block();
            }
        }
        Some(note)
    }

    pub(super) fn lower_compare(
        &mut self,
        plan: &AtomicPlan,
        home: BasicBlock<'ctx>,
        first: BasicBlock<'ctx>,
        fini: BasicBlock<'ctx>,
    ) -> Res<String> {
        // Everything is checked before the first change.
        let stmt = statement_instructions(first, fini);
        if x_in_register(&stmt) {
            return Ok(format!("atomic {}: x is a local value in a register, nothing to make atomic", plan.describe()));
        }
        let (_, xs) = find_x(&stmt)?;
        let (ty, bits) = x_bits(&xs)?;
        let chain = chain_of(&xs, &stmt)?;
        if let Some(note) = self.try_direct(plan, &xs) {
            return Ok(note);
        }
        let x_ptr = pointer_operand(xs[0]).expect("an access").into_pointer_value();
        let (Some(head_inst), Some(fini_term)) = (first.get_first_instruction(), fini.get_terminator()) else {
            return Err(refuse("an atomic compare without a statement"));
        };
        let ctx = self.rt.ctx;
        let ity = ctx.custom_width_int_type(bits);
        // x's private copy lives where the thread's other locals do.
        match home.get_first_instruction() {
            Some(i) => self.b.position_before(&i),
            None => self.b.position_at_end(home),
        }
        let copy = self.b.build_alloca(ty, "omp.atomic.copy").expect("positioned");
        // The statement reads and writes the copy.
        let copy_v = ffi::Value::of(copy);
        for &i in &xs {
            let k = if i.get_opcode() == InstructionOpcode::Load { 0 } else { 1 };
            if let Some(p) = i.get_operand(k).and_then(|o| o.left()) {
                ffi::replace_operand(i, ffi::Value::of(p), copy_v);
            }
        }
        // first: the atomic load, then the retry block with the statement.
        let retry = ffi::split_block_before(head_inst, "omp.atomic.compare");
        let first_term = first.get_terminator().expect("split leaves a branch");
        for &i in &chain {
            ffi::move_before(i, first_term);
        }
        self.b.position_before(&first_term);
        let loaded = self.b.build_load(ty, x_ptr, "omp.atomic.loaded").expect("positioned");
        let load_inst = loaded.as_instruction_value().expect("a load");
        if !make_atomic(load_inst, bits, plan.read_ordering()) {
            return Err(refuse("this load of x cannot be atomic"));
        }
        self.b.position_before(&head_inst);
        let seen = self.b.build_phi(ty, "omp.atomic.seen").expect("positioned");
        seen.add_incoming(&[(&loaded, first)]);
        self.b.build_store(copy, seen.as_basic_value()).expect("positioned");
        // After the statement: publish the copy if it changed.
        let commit = ffi::split_block_before(fini_term, "omp.atomic.commit");
        let commit_term = commit.get_terminator().expect("the branch to END");
        let done = ffi::split_block_before(commit_term, "omp.atomic.done");
        let cas = ctx.insert_basic_block_after(commit, "omp.atomic.cas");
        commit.get_terminator().expect("split leaves a branch").erase_from_basic_block();
        self.b.position_at_end(commit);
        let as_int = |v: BasicValueEnum<'ctx>| -> BasicValueEnum<'ctx> {
            if v.is_int_value() {
                v
            } else {
                self.b.build_bit_cast(v, ity, "").expect("positioned")
            }
        };
        let now = self.b.build_load(ty, copy, "omp.atomic.new").expect("positioned");
        let (old_bits, new_bits) = (as_int(seen.as_basic_value()).into_int_value(), as_int(now).into_int_value());
        let changed =
            self.b.build_int_compare(IntPredicate::NE, old_bits, new_bits, "omp.atomic.changed").expect("positioned");
        self.b.build_conditional_branch(changed, cas, done).expect("positioned");
        self.b.position_at_end(cas);
        let (success, failure) = plan.cas_orderings();
        let pair = self.b.build_cmpxchg(x_ptr, old_bits, new_bits, success, failure).expect("positioned");
        if plan.weak {
            ffi::set_weak(pair.as_instruction_value().expect("a cmpxchg"));
        }
        let prev = self.b.build_extract_value(pair, 0, "omp.atomic.prev").expect("positioned");
        let ok = self.b.build_extract_value(pair, 1, "omp.atomic.ok").expect("positioned").into_int_value();
        let prev = if ty.is_int_type() { prev } else { self.b.build_bit_cast(prev, ty, "").expect("positioned") };
        self.b.build_conditional_branch(ok, done, retry).expect("positioned");
        seen.add_incoming(&[(&prev, cas)]);
        let weak = if plan.weak { " weak" } else { "" };
        Ok(format!(
            "atomic {}: the statement on a copy of x, published by a{weak} compare-exchange on i{bits}",
            plan.describe()
        ))
    }
}
