//! Generic-mode kernels (docs/offload-device.md, "Generic mode"): a target
//! region that is not one combined loop runs as clang 16 runs it. The main
//! thread of each team runs the region's sequential code (the kernel, the
//! target's outlined body, the league's body); the team's other threads wait
//! in the device runtime's state machine (`__kmpc_target_init(ident, 1,
//! true)`) until a parallel region hands them its wrapper. The plan, on the
//! host module before anything changes, says which functions run where,
//! which forks the rewrite can pass on and which locals must move to memory
//! the team shares (`globalize`); the rewrite gives each parallel region
//! its wrapper.
use std::collections::{BTreeMap, BTreeSet, HashSet};

use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::ffi::{self, BlockId};
use weft_intrinsics::{Rule, WeftError};

use super::globalize::{self, SharedLocals};
use super::kernel;
use super::plan::{self, refuse, DevicePlan, ExecMode, FORK_CALL, FORK_TEAMS};
use super::team_block::{self, TeamBlocks};
use crate::paropt::runtime::{Rt, Runtime};

/// The device runtime's parallel region entry, which the kernel rewrite
/// makes of each `__kmpc_fork_call`.
const PARALLEL_51: &str = "__kmpc_parallel_51";

/// What the generic kernels of a module need beyond an SPMD kernel.
#[derive(Debug, Default)]
pub struct GenericPlan {
    /// Every function a generic kernel reaches: the parallel regions they
    /// start get a wrapper (the state machine runs the wrapper).
    pub wrapped: BTreeSet<String>,
    /// The locals of the sequential part that a parallel region reads.
    pub shared: SharedLocals,
    /// The league blocks each team fills for itself.
    pub blocks: TeamBlocks,
}

/// Who runs a function of a generic kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Runs {
    /// The main thread of each team, before any league forks (the kernel,
    /// the target's body and what they call): one team, unless the target
    /// region is a league.
    Main,
    /// The main thread of every team of the league (the league's body and
    /// what it calls).
    League,
    /// A team's threads in a parallel region (its microtask and what it
    /// calls); a fork there is nested, run by the thread itself.
    Parallel,
}

/// The functions of one generic kernel by who runs them, and the forks of
/// its sequential part.
pub struct Contexts<'ctx> {
    pub kernel: FunctionValue<'ctx>,
    /// (function, who runs it), each pair once.
    pub functions: Vec<(FunctionValue<'ctx>, Runs)>,
    /// The `__kmpc_fork_call`s a main thread makes: (its function, the call).
    pub forks: Vec<(FunctionValue<'ctx>, InstructionValue<'ctx>)>,
}

impl<'ctx> Contexts<'ctx> {
    /// The functions a main thread runs (its own team's or every team's).
    pub fn sequential(&self) -> Vec<FunctionValue<'ctx>> {
        let mut out: Vec<FunctionValue<'ctx>> = Vec::new();
        for &(f, r) in &self.functions {
            if r != Runs::Parallel && !out.contains(&f) {
                out.push(f);
            }
        }
        out
    }

    /// Whether every team's main thread runs `f`.
    pub fn runs_in_league(&self, f: FunctionValue<'ctx>) -> bool {
        self.functions.contains(&(f, Runs::League))
    }
}

/// The plan of every generic kernel of `dev_plan`, or every reason one
/// cannot be built.
pub fn plan(m: &Module<'_>, dev_plan: &DevicePlan) -> Result<GenericPlan, Vec<WeftError>> {
    let mut out = GenericPlan::default();
    let mut errors = Vec::new();
    for k in dev_plan.kernels.iter().filter(|k| k.mode == ExecMode::Generic) {
        let Some(f) = m.get_function(&k.name) else { continue };
        if let Err(e) = plan_kernel(m, f, &k.name, &mut out) {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn plan_kernel<'ctx>(
    m: &Module<'ctx>,
    k: FunctionValue<'ctx>,
    name: &str,
    out: &mut GenericPlan,
) -> Result<(), WeftError> {
    let cx = contexts(m, k, name)?;
    for &(f, _) in &cx.functions {
        for i in plan::instructions(f) {
            if plan::callee(i).as_deref() == Some(FORK_CALL) {
                check_fork_arguments(i, name)?;
            }
        }
    }
    let reached = globalize::plan(m, &cx, name, &mut out.shared)?;
    team_block::plan(&cx, &reached, name, &mut out.blocks)?;
    out.wrapped.extend(cx.functions.iter().map(|(f, _)| f.get_name().to_string_lossy().into_owned()));
    Ok(())
}

/// Who runs each function the kernel `k` reaches: direct calls keep their
/// caller's context, a league's body is run by each team's main thread, a
/// parallel region's microtask by the team.
fn contexts<'ctx>(m: &Module<'ctx>, k: FunctionValue<'ctx>, name: &str) -> Result<Contexts<'ctx>, WeftError> {
    let mut cx = Contexts { kernel: k, functions: vec![(k, Runs::Main)], forks: Vec::new() };
    let mut seen: HashSet<(FunctionValue<'ctx>, Runs)> = cx.functions.iter().copied().collect();
    let mut at = 0;
    while at < cx.functions.len() {
        let (f, runs) = cx.functions[at];
        at += 1;
        for i in plan::instructions(f) {
            if i.get_opcode() != InstructionOpcode::Call {
                continue;
            }
            let next = match plan::callee(i).as_deref() {
                Some(FORK_CALL) => {
                    if runs != Runs::Parallel {
                        cx.forks.push((f, i));
                    }
                    Some((forked(m, i, name)?, Runs::Parallel))
                }
                Some(FORK_TEAMS) => {
                    let teams = forked(m, i, name)?;
                    Some((teams, if runs == Runs::Parallel { Runs::Parallel } else { Runs::League }))
                }
                Some(callee) => m.get_function(callee).filter(|g| g.count_basic_blocks() > 0).map(|g| (g, runs)),
                None if runs != Runs::Parallel => {
                    return Err(refuse(
                        name,
                        "an indirect call in the sequential part of a generic-mode kernel",
                        "the plan cannot see what the called function shares with a parallel region",
                    ));
                }
                None => None,
            };
            if let Some(pair) = next {
                if seen.insert(pair) {
                    cx.functions.push(pair);
                }
            }
        }
    }
    Ok(cx)
}

/// The microtask of a fork, or a refusal when it is not a function.
fn forked<'ctx>(m: &Module<'ctx>, fork: InstructionValue<'ctx>, name: &str) -> Result<FunctionValue<'ctx>, WeftError> {
    plan::forked(m, fork).ok_or_else(|| {
        refuse(name, "a fork whose microtask is not a function", "the device runtime needs the function it runs")
    })
}

/// Whether `f` (a target's or a league's body) does work of its own
/// besides filling its fork's argument block and its private copies: a
/// loop, a store or memory intrinsic into memory that is neither its own
/// local nor the block it hands the fork, an atomic. Such a body runs once
/// per team, on the main thread: generic mode; an SPMD kernel would run it
/// in every thread.
pub fn needs_main_thread(f: FunctionValue<'_>) -> bool {
    if f.get_basic_blocks().into_iter().any(in_cycle) {
        return true;
    }
    let insts = plan::instructions(f);
    let mut blocks_of_fork: Vec<InstructionValue<'_>> = Vec::new();
    for &i in &insts {
        if matches!(plan::callee(i).as_deref(), Some(FORK_CALL) | Some(FORK_TEAMS)) {
            for k in 3..i.get_num_operands().saturating_sub(1) {
                blocks_of_fork.extend(i.get_operand(k).and_then(|o| o.left()).and_then(|v| object_of(v)));
            }
        }
    }
    insts.iter().any(|&i| {
        let dest = match i.get_opcode() {
            InstructionOpcode::Store => i.get_operand(1),
            InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => return true,
            InstructionOpcode::Call if plan::callee(i).is_some_and(|c| c.starts_with("llvm.mem")) => i.get_operand(0),
            _ => return false,
        };
        let Some(obj) = dest.and_then(|o| o.left()).and_then(|v| object_of(v)) else { return true };
        obj.get_opcode() != InstructionOpcode::Alloca && !blocks_of_fork.contains(&obj)
    })
}

/// The instruction a pointer is derived from through address arithmetic
/// and casts (an alloca, a load), if it is one.
fn object_of(v: BasicValueEnum<'_>) -> Option<InstructionValue<'_>> {
    let mut i = v.as_instruction_value()?;
    while matches!(
        i.get_opcode(),
        InstructionOpcode::GetElementPtr | InstructionOpcode::BitCast | InstructionOpcode::AddrSpaceCast
    ) {
        i = i.get_operand(0).and_then(|o| o.left())?.as_instruction_value()?;
    }
    Some(i)
}

/// Whether `bb` can run again after it runs (it is in a cycle of the CFG).
pub fn in_cycle(bb: BasicBlock<'_>) -> bool {
    let f = bb.get_parent().expect("a block of a function");
    let blocks = f.get_basic_blocks();
    let by_id = |id: BlockId| blocks.iter().copied().find(|b| ffi::block_id(*b) == id);
    let mut seen = HashSet::new();
    let mut work = ffi::successors(bb);
    while let Some(id) = work.pop() {
        if id == ffi::block_id(bb) {
            return true;
        }
        if seen.insert(id) {
            work.extend(by_id(id).map(ffi::successors).unwrap_or_default());
        }
    }
    false
}

/// The function a `__kmpc_parallel_51` call runs (operand 5).
fn parallel_task<'ctx>(m: &Module<'ctx>, call: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    let Some(BasicValueEnum::PointerValue(p)) = call.get_operand(5).and_then(|o| o.left()) else { return None };
    m.get_function(&p.get_name().to_string_lossy()).filter(|f| f.as_global_value().as_pointer_value() == p)
}

/// A parallel region's arguments travel through the runtime's array of
/// pointer-sized slots (`__kmpc_begin_sharing_variables`): a pointer or an
/// integer of at most 64 bits each.
fn check_fork_arguments(fork: InstructionValue<'_>, name: &str) -> Result<(), WeftError> {
    // (Operands 0-2: ident, count, microtask; the last: the callee.)
    for k in 3..fork.get_num_operands().saturating_sub(1) {
        let Some(v) = fork.get_operand(k).and_then(|o| o.left()) else { continue };
        let fits = match v.get_type() {
            BasicTypeEnum::PointerType(_) => true,
            BasicTypeEnum::IntType(t) => t.get_bit_width() <= 64,
            _ => false,
        };
        if !fits {
            return Err(refuse(
                name,
                format!("a parallel region's argument of type {}", v.get_type().print_to_string().to_string()),
                "a generic-mode kernel passes a parallel region pointers and integers of at most 64 bits",
            ));
        }
    }
    Ok(())
}

/// The memory rewrites of the generic kernels on the clone `dev`, before
/// the kernels change (the plan counted the clone's instructions): the
/// league blocks made the team's, the locals moved to its shared memory.
pub fn rewrite_memory<'ctx>(rt: &Runtime<'_, 'ctx>, dev: &Module<'ctx>, plan: &GenericPlan) -> Result<(), WeftError> {
    let locals = resolve(dev, &plan.shared.by_function, InstructionOpcode::Alloca)?;
    let blocks = resolve(dev, &plan.blocks.by_function, InstructionOpcode::Load)?;
    team_block::rewrite(dev, &blocks)?;
    globalize::rewrite(rt, dev, &locals)
}

/// The instructions of `dev` at the planned positions, each an `op`.
#[allow(clippy::type_complexity)]
fn resolve<'ctx>(
    dev: &Module<'ctx>,
    at: &BTreeMap<String, BTreeSet<usize>>,
    op: InstructionOpcode,
) -> Result<Vec<(FunctionValue<'ctx>, Vec<InstructionValue<'ctx>>)>, WeftError> {
    let lost = |f: &str| {
        WeftError::new(Rule::Internal, "the device module", "a planned instruction is not where the plan found it")
            .in_function(f)
    };
    let mut out = Vec::new();
    for (name, ks) in at {
        let f = dev.get_function(name).ok_or_else(|| lost(name))?;
        let insts = plan::instructions(f);
        let mut found = Vec::new();
        for &k in ks {
            found.push(*insts.get(k).filter(|i| i.get_opcode() == op).ok_or_else(|| lost(name))?);
        }
        out.push((f, found));
    }
    Ok(out)
}

/// Gives each `__kmpc_parallel_51` in the functions generic kernels reach
/// its microtask's wrapper (the kernel rewrite left `null` there, which an
/// SPMD kernel never reads).
pub fn wrap_parallel_regions<'ctx>(rt: &Runtime<'_, 'ctx>, plan: &GenericPlan, arch: &str, features: &str) {
    for name in &plan.wrapped {
        let Some(f) = rt.module.get_function(name) else { continue };
        for i in plan::instructions(f) {
            if plan::callee(i).as_deref() != Some(PARALLEL_51) {
                continue;
            }
            let Some(task) = parallel_task(rt.module, i) else { continue };
            let w = wrapper(rt, task, arch, features);
            i.set_operand(6, w.as_global_value().as_pointer_value());
        }
    }
}

/// `<task>_wrapper(i16, i32 gtid)`, what the state machine runs in each
/// worker (clang's form): the arguments from `__kmpc_get_shared_variables`,
/// then `task(&gtid, &zero, args...)`.
fn wrapper<'ctx>(rt: &Runtime<'_, 'ctx>, task: FunctionValue<'ctx>, arch: &str, features: &str) -> FunctionValue<'ctx> {
    let name = format!("{}_wrapper", task.get_name().to_string_lossy());
    if let Some(w) = rt.module.get_function(&name) {
        return w;
    }
    let ctx = rt.ctx;
    let i16t = ctx.i16_type();
    let ty = ctx.void_type().fn_type(&[i16t.into(), rt.i32.into()], false);
    let w = rt.module.add_function(&name, ty, Some(Linkage::Internal));
    let zeroext = Attribute::get_named_enum_kind_id("zeroext");
    w.add_attribute(AttributeLoc::Param(0), ctx.create_enum_attribute(zeroext, 0));
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(w, "entry"));
    let gtid = b.build_alloca(rt.i32, "omp.gtid.addr").expect("positioned");
    let zero = b.build_alloca(rt.i32, "omp.zero.addr").expect("positioned");
    let shared = b.build_alloca(rt.ptr, "omp.shared.args").expect("positioned");
    let tid = w.get_nth_param(1).expect("(i16, i32)");
    b.build_store(gtid, tid).expect("positioned");
    b.build_store(zero, rt.i32.const_zero()).expect("positioned");
    rt.call(&b, Rt::GetSharedVariables, &[shared.into()]);
    let args = b.build_load(rt.ptr, shared, "omp.args").expect("positioned").into_pointer_value();
    let mut call: Vec<BasicMetadataValueEnum<'ctx>> = vec![gtid.into(), zero.into()];
    for (k, p) in task.get_param_iter().enumerate().skip(2) {
        let idx = [rt.i64.const_int((k - 2) as u64, false)];
        // SAFETY: slot k-2 of the runtime's array of the fork's arguments
        // (the plan checked each fits its pointer-sized slot).
        let slot = unsafe { b.build_in_bounds_gep(rt.ptr, args, &idx, "") }.expect("positioned");
        let v = b.build_load(p.get_type(), slot, "").expect("positioned");
        call.push(v.into());
    }
    b.build_call(task, &call, "").expect("positioned");
    b.build_return(None).expect("positioned");
    kernel::device_attributes(w, arch, features);
    let norecurse = Attribute::get_named_enum_kind_id("norecurse");
    w.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(norecurse, 0));
    w
}
