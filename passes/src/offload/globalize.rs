//! Globalization of a generic kernel's locals (docs/offload-device.md,
//! "Generic mode"). A local of the sequential part lives on the main
//! thread's stack, which the team's other threads cannot address; when its
//! address reaches a parallel region (a fork's argument, or a pointer
//! stored in the block a fork gets, at any depth, through calls) it moves
//! to `__kmpc_alloc_shared(size)`, freed with `__kmpc_free_shared` on every
//! return, last first, as clang 16 does. The plan follows pointers on the
//! host module, flow- and field-insensitively: what it cannot follow is
//! refused by name; the rewrite changes the clone.
use std::collections::{BTreeMap, BTreeSet, HashSet};

use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::targets::TargetData;
use llvm_plugin::inkwell::values::{
    AnyValue, AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::{Rule, WeftError};

use super::body::in_cycle;
use super::contexts::Contexts;
use super::plan::{self, refuse, FORK_CALL, FORK_TEAMS};
use crate::paropt::runtime::{Rt, Runtime};

/// The alignment `__kmpc_alloc_shared` gives (it rounds sizes up to 16 on
/// a 16-aligned stack, or takes `malloc`'s memory).
const SHARED_ALIGN: u32 = 16;

/// The locals to move, by function: each alloca's position among its
/// function's instructions (the clone keeps the order).
#[derive(Debug, Default)]
pub struct SharedLocals {
    pub by_function: BTreeMap<String, BTreeSet<usize>>,
}

/// Where a pointer points: the object it is derived from.
#[derive(Debug, Clone, Copy)]
enum Base<'ctx> {
    /// A local of the function (an alloca).
    Local(InstructionValue<'ctx>),
    /// Parameter `k` of the function.
    Param(FunctionValue<'ctx>, u32),
    /// A pointer read from memory.
    Loaded(InstructionValue<'ctx>),
    /// A global or constant (the device's own memory).
    Global,
    /// Something the plan does not follow.
    Unknown(&'static str),
}

/// What a store puts into an object's memory.
#[derive(Debug, Clone, Copy)]
enum Content<'ctx> {
    /// A value stored.
    Value(BasicValueEnum<'ctx>),
    /// What the memory at this pointer holds, copied (`llvm.memcpy`).
    CopyOf(BasicValueEnum<'ctx>),
}

/// The flow of pointers from the sequential part into parallel regions.
struct Flow<'a, 'ctx> {
    m: &'a Module<'ctx>,
    sequential: Vec<FunctionValue<'ctx>>,
    kernel: &'a str,
    /// Objects whose memory a parallel region reads.
    reached: HashSet<Value>,
    /// Objects whose stored pointers were followed.
    followed: HashSet<Value>,
    locals: Vec<(FunctionValue<'ctx>, InstructionValue<'ctx>)>,
}

/// Which locals of the generic kernel `cx` a parallel region reaches,
/// added to `out`, and every object it reads; a refusal for what cannot
/// move or be followed.
pub fn plan<'ctx>(
    m: &Module<'ctx>,
    cx: &Contexts<'ctx>,
    kernel: &str,
    out: &mut SharedLocals,
) -> Result<HashSet<Value>, WeftError> {
    let mut flow = Flow {
        m,
        sequential: cx.sequential(),
        kernel,
        reached: HashSet::new(),
        followed: HashSet::new(),
        locals: Vec::new(),
    };
    for &(f, fork) in &cx.forks {
        for v in fork_arguments(fork) {
            if v.is_pointer_value() {
                flow.reach(v, f)?;
            }
        }
        if cx.runs_in_league(f) {
            flow.check_league_block(fork, f)?;
        }
    }
    for (f, a) in flow.locals {
        check_movable(f, a, kernel)?;
        let at = plan::instructions(f).iter().position(|&i| i == a).expect("an instruction of its function");
        out.by_function.entry(f.get_name().to_string_lossy().into_owned()).or_default().insert(at);
    }
    Ok(flow.reached)
}

/// The arguments a fork passes its microtask (after ident, count, microtask;
/// the last operand is the callee).
fn fork_arguments<'ctx>(fork: InstructionValue<'ctx>) -> Vec<BasicValueEnum<'ctx>> {
    (3..fork.get_num_operands().saturating_sub(1)).filter_map(|k| fork.get_operand(k).and_then(|o| o.left())).collect()
}

/// A local moves when it is one fixed-size object made at most once per
/// call: an alloca with a constant count outside any loop (the rewrite
/// allocates it at the function's entry: outlining leaves some allocas in
/// the blocks after it), aligned to at most 16.
fn check_movable(f: FunctionValue<'_>, a: InstructionValue<'_>, kernel: &str) -> Result<(), WeftError> {
    let fname = f.get_name().to_string_lossy().into_owned();
    let constant = matches!(a.get_operand(0).and_then(|o| o.left()), Some(BasicValueEnum::IntValue(n)) if n.is_const());
    let local = a.get_name().map(|n| n.to_string_lossy().into_owned()).filter(|n| !n.is_empty());
    let what = || match &local {
        Some(n) => format!("the local '{n}' of '{fname}' that a parallel region reads"),
        None => format!("a local of '{fname}' that a parallel region reads"),
    };
    if !constant {
        return Err(refuse(kernel, what(), "a variable-length array cannot move to the team's shared memory yet"));
    }
    if a.get_parent().is_some_and(in_cycle) {
        return Err(refuse(kernel, what(), "a local allocated in a loop cannot move to the team's shared memory yet"));
    }
    if a.get_alignment().unwrap_or(0) > SHARED_ALIGN {
        return Err(refuse(kernel, what(), "an alignment over 16 bytes, which the team's shared memory does not give"));
    }
    Ok(())
}

impl<'a, 'ctx> Flow<'a, 'ctx> {
    /// `v`'s memory is read by a parallel region: the locals it points to
    /// move, and so does whatever their memory points to.
    fn reach(&mut self, v: BasicValueEnum<'ctx>, f: FunctionValue<'ctx>) -> Result<(), WeftError> {
        for b in bases(v, f) {
            match b {
                Base::Local(a) => {
                    if self.reached.insert(Value::of_instruction(a)) {
                        self.locals.push((f, a));
                        self.contents(object(a), f)?;
                    }
                }
                Base::Param(g, k) => {
                    let p = g.get_nth_param(k).expect("a parameter");
                    if self.reached.insert(Value::of(p)) {
                        self.contents(p, g)?;
                        for (caller, arg) in self.callers(g, k)? {
                            self.reach(arg, caller)?;
                        }
                    }
                }
                Base::Loaded(l) => {
                    if self.reached.insert(Value::of_instruction(l)) {
                        self.contents(object(l), f)?;
                        let addr = l.get_operand(0).and_then(|o| o.left()).expect("a load's address");
                        for (sv, g) in self.pointees(addr, f)? {
                            self.reach(sv, g)?;
                        }
                    }
                }
                Base::Global => {}
                Base::Unknown(what) => return Err(self.unfollowed(what)),
            }
        }
        Ok(())
    }

    /// The pointers stored into `obj`'s memory reach too.
    fn contents(&mut self, obj: BasicValueEnum<'ctx>, f: FunctionValue<'ctx>) -> Result<(), WeftError> {
        for (sv, g) in self.stored(obj, f)? {
            self.reach(sv, g)?;
        }
        Ok(())
    }

    /// The pointers that may be stored at `addr` (what a load from it
    /// reads), with the function that stored each.
    fn pointees(
        &mut self,
        addr: BasicValueEnum<'ctx>,
        f: FunctionValue<'ctx>,
    ) -> Result<Vec<(BasicValueEnum<'ctx>, FunctionValue<'ctx>)>, WeftError> {
        let mut out = Vec::new();
        for b in bases(addr, f) {
            match b {
                Base::Local(a) => {
                    if self.followed.insert(Value::of_instruction(a)) {
                        out.extend(self.stored(object(a), f)?);
                    }
                }
                Base::Param(g, k) => {
                    let p = g.get_nth_param(k).expect("a parameter");
                    if self.followed.insert(Value::of(p)) {
                        out.extend(self.stored(p, g)?);
                        for (caller, arg) in self.callers(g, k)? {
                            out.extend(self.pointees(arg, caller)?);
                        }
                    }
                }
                Base::Loaded(l) => {
                    if self.followed.insert(Value::of_instruction(l)) {
                        out.extend(self.stored(object(l), f)?);
                        let inner = l.get_operand(0).and_then(|o| o.left()).expect("a load's address");
                        for (pv, g) in self.pointees(inner, f)? {
                            out.extend(self.pointees(pv, g)?);
                        }
                    }
                }
                Base::Global => {}
                Base::Unknown(what) => return Err(self.unfollowed(what)),
            }
        }
        Ok(out.into_iter().filter(|(v, _)| v.is_pointer_value()).collect())
    }

    /// The pointers stored into `obj`'s memory, with the function storing
    /// each; copies followed to what their sources hold.
    fn stored(
        &mut self,
        obj: BasicValueEnum<'ctx>,
        f: FunctionValue<'ctx>,
    ) -> Result<Vec<(BasicValueEnum<'ctx>, FunctionValue<'ctx>)>, WeftError> {
        let mut out = Vec::new();
        for (c, g) in stores_into(self.m, obj, f) {
            match c {
                Content::Value(v) if v.is_pointer_value() => out.push((v, g)),
                Content::Value(_) => {}
                // (What the copy's source may hold, where it was stored.)
                Content::CopyOf(src) => out.extend(self.pointees(src, g)?),
            }
        }
        Ok(out)
    }

    /// What the sequential part passes `g` as parameter `k`: the arguments
    /// of its direct calls there and of the league's fork.
    fn callers(
        &self,
        g: FunctionValue<'ctx>,
        k: u32,
    ) -> Result<Vec<(FunctionValue<'ctx>, BasicValueEnum<'ctx>)>, WeftError> {
        if g.get_name().to_string_lossy() == self.kernel {
            // The kernel's parameters are libomptarget's device addresses.
            return Ok(Vec::new());
        }
        let gname = g.get_name().to_string_lossy().into_owned();
        let gptr = g.as_global_value().as_pointer_value();
        let mut out = Vec::new();
        for u in ffi::user_instructions(&gptr) {
            let Some(caller) = u.get_parent().and_then(|b| b.get_parent()) else { continue };
            let callee = plan::callee(u);
            let operand = |n: u32| u.get_operand(n).and_then(|o| o.left());
            let is_task = operand(2).is_some_and(|v| v.as_value_ref() == gptr.as_value_ref());
            match callee.as_deref() {
                Some(c) if c == gname => {
                    if self.sequential.contains(&caller) {
                        out.extend(operand(k).map(|a| (caller, a)));
                    }
                }
                Some(FORK_TEAMS) if is_task => {
                    if !self.sequential.contains(&caller) {
                        continue;
                    }
                    // (The runtime's thread ids come first; then the fork's
                    // arguments, from operand 3.)
                    if k < 2 {
                        return Err(self.unfollowed("a pointer to the league's thread id"));
                    }
                    out.extend(operand(k + 1).map(|a| (caller, a)));
                }
                Some(FORK_CALL) if is_task => {}
                _ => {
                    return Err(refuse(
                        self.kernel,
                        format!("the function '{gname}' used other than by a direct call"),
                        "a generic-mode kernel follows a parameter to its callers, which must be direct calls",
                    ))
                }
            }
        }
        Ok(out)
    }

    /// A fork in the league's body gets a block every team fills: one in
    /// memory all the teams share (the host's block, mapped) would have each
    /// team's main thread overwrite the others' pointers.
    fn check_league_block(&mut self, fork: InstructionValue<'ctx>, f: FunctionValue<'ctx>) -> Result<(), WeftError> {
        for v in fork_arguments(fork) {
            for b in bases(v, f) {
                let shared = match b {
                    Base::Loaded(l) => !stores_into(self.m, object(l), f).is_empty(),
                    Base::Param(g, k) => !stores_into(self.m, g.get_nth_param(k).expect("a parameter"), g).is_empty(),
                    _ => false,
                };
                if shared {
                    return Err(refuse(
                        self.kernel,
                        "a parallel region's argument block in memory the league shares",
                        "each team's main thread would fill the same block; generic mode needs a block of the team",
                    ));
                }
            }
        }
        Ok(())
    }

    fn unfollowed(&self, what: &str) -> WeftError {
        refuse(
            self.kernel,
            format!("{what} reaching a parallel region"),
            "a generic-mode kernel moves the locals a parallel region reads to the team's memory, and cannot follow this one",
        )
    }
}

/// An instruction's value (a pointer: an alloca or a load of one).
fn object(i: InstructionValue<'_>) -> BasicValueEnum<'_> {
    BasicValueEnum::try_from(i.as_any_value_enum()).expect("a pointer-valued instruction")
}

/// The objects `v` (a pointer of `f`) may be derived from: through address
/// arithmetic, casts, selects and phis.
fn bases<'ctx>(v: BasicValueEnum<'ctx>, f: FunctionValue<'ctx>) -> Vec<Base<'ctx>> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut work = vec![v];
    while let Some(v) = work.pop() {
        if !seen.insert(Value::of(v)) {
            continue;
        }
        if let Some(k) = f.get_param_iter().position(|p| p.as_value_ref() == v.as_value_ref()) {
            out.push(Base::Param(f, k as u32));
            continue;
        }
        let Some(i) = v.as_instruction_value() else {
            out.push(if is_constant(v) { Base::Global } else { Base::Unknown("a pointer of unknown origin") });
            continue;
        };
        let op = |k: u32| i.get_operand(k).and_then(|o| o.left());
        match i.get_opcode() {
            InstructionOpcode::Alloca => out.push(Base::Local(i)),
            InstructionOpcode::Load => out.push(Base::Loaded(i)),
            InstructionOpcode::GetElementPtr | InstructionOpcode::BitCast | InstructionOpcode::AddrSpaceCast => {
                work.extend(op(0))
            }
            InstructionOpcode::Select => work.extend([op(1), op(2)].into_iter().flatten()),
            InstructionOpcode::Phi => work.extend((0..i.get_num_operands()).filter_map(op)),
            InstructionOpcode::IntToPtr => out.push(Base::Unknown("a pointer made from an integer")),
            InstructionOpcode::Call => out.push(Base::Unknown("a pointer a call returns")),
            _ => out.push(Base::Unknown("a pointer of unknown origin")),
        }
    }
    out
}

fn is_constant(v: BasicValueEnum<'_>) -> bool {
    match v {
        BasicValueEnum::PointerValue(p) => p.is_const(),
        BasicValueEnum::IntValue(i) => i.is_const(),
        _ => false,
    }
}

/// What is stored into `obj`'s memory (through pointers derived from it,
/// and in the functions it is passed to), with the function storing each.
fn stores_into<'ctx>(
    m: &Module<'ctx>,
    obj: BasicValueEnum<'ctx>,
    f: FunctionValue<'ctx>,
) -> Vec<(Content<'ctx>, FunctionValue<'ctx>)> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut work = vec![(obj, f)];
    while let Some((v, f)) = work.pop() {
        if !seen.insert(Value::of(v)) {
            continue;
        }
        for u in ffi::user_instructions(&v) {
            let op = |k: u32| u.get_operand(k).and_then(|o| o.left());
            let is_v = |k: u32| op(k).is_some_and(|x| x.as_value_ref() == v.as_value_ref());
            match u.get_opcode() {
                InstructionOpcode::GetElementPtr
                | InstructionOpcode::BitCast
                | InstructionOpcode::AddrSpaceCast
                | InstructionOpcode::Select
                | InstructionOpcode::Phi => {
                    if let Ok(d) = BasicValueEnum::try_from(u.as_any_value_enum()) {
                        work.push((d, f));
                    }
                }
                InstructionOpcode::Store if is_v(1) => out.extend(op(0).map(|s| (Content::Value(s), f))),
                InstructionOpcode::Call => {
                    // Into a callee's parameter (a league's body gets the
                    // fork's arguments from its third parameter on).
                    let (g, shift) = match plan::callee(u).as_deref() {
                        Some(c) if c.starts_with("llvm.memcpy") || c.starts_with("llvm.memmove") => {
                            if is_v(0) {
                                out.extend(op(1).map(|src| (Content::CopyOf(src), f)));
                            }
                            continue;
                        }
                        Some(FORK_TEAMS) => (plan::forked(m, u), 1),
                        Some(FORK_CALL) => (None, 0),
                        Some(c) => (m.get_function(c).filter(|g| g.count_basic_blocks() > 0), 0),
                        None => (None, 0),
                    };
                    let Some(g) = g else { continue };
                    let first = if shift == 1 { 3 } else { 0 };
                    for k in first..u.get_num_operands().saturating_sub(1) {
                        if is_v(k) {
                            let pk = if shift == 1 { k - 1 } else { k };
                            if let Some(p) = g.get_nth_param(pk) {
                                work.push((p, g));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Moves the planned locals (allocas of the device module, from
/// `generic::resolve`) to the team's shared memory: each becomes
/// `__kmpc_alloc_shared(size)` at its function's entry (its lifetime
/// markers go), and every return frees them, last first.
pub fn rewrite<'ctx>(
    rt: &Runtime<'_, 'ctx>,
    dev: &Module<'ctx>,
    locals: &[(FunctionValue<'ctx>, Vec<InstructionValue<'ctx>>)],
) -> Result<(), WeftError> {
    let td = TargetData::create(&dev.get_data_layout().as_str().to_string_lossy());
    let align = Attribute::get_named_enum_kind_id("align");
    for &(f, ref allocas) in locals {
        let name = f.get_name().to_string_lossy().into_owned();
        let entry = f.get_first_basic_block().and_then(|b| b.get_first_instruction()).ok_or_else(|| lost(&name))?;
        let mut moved: Vec<(BasicValueEnum<'ctx>, _)> = Vec::new();
        for &a in allocas {
            let ty = a.get_allocated_type().map_err(|_| lost(&name))?;
            let count = match a.get_operand(0).and_then(|o| o.left()) {
                Some(BasicValueEnum::IntValue(n)) => n.get_zero_extended_constant().unwrap_or(1),
                _ => 1,
            };
            let size = rt.i64.const_int(td.get_abi_size(&ty) * count, false);
            for u in ffi::user_instructions(&object(a)) {
                if plan::callee(u).is_some_and(|c| c.starts_with("llvm.lifetime.")) {
                    u.erase_from_basic_block();
                }
            }
            let b = rt.ctx.create_builder();
            match moved.last() {
                // (In order, after the ones before: freed last first.)
                Some(&(BasicValueEnum::PointerValue(prev), _)) => b.position_before(
                    &prev.as_instruction().expect("a call").get_next_instruction().expect("not a terminator"),
                ),
                _ => b.position_before(&entry),
            }
            let call = rt.call(&b, Rt::AllocShared, &[size.into()]);
            call.add_attribute(AttributeLoc::Return, rt.ctx.create_enum_attribute(align, SHARED_ALIGN as u64));
            let p = call.try_as_basic_value().left().expect("a pointer");
            let pi = p.as_instruction_value().expect("a call");
            a.replace_all_uses_with(&pi);
            a.erase_from_basic_block();
            moved.push((p, size));
        }
        for r in plan::instructions(f).into_iter().filter(|i| i.get_opcode() == InstructionOpcode::Return) {
            let b = rt.ctx.create_builder();
            b.position_before(&r);
            for &(p, size) in moved.iter().rev() {
                rt.call(&b, Rt::FreeShared, &[p, size.into()]);
            }
        }
    }
    Ok(())
}

fn lost(function: &str) -> WeftError {
    WeftError::new(Rule::Internal, "the device module", "a planned local is not where the plan found it")
        .in_function(function)
}
