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
use std::collections::{BTreeMap, BTreeSet};

use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};
use weft_intrinsics::{Rule, WeftError};

use super::contexts;
use super::globalize::{self, SharedLocals};
use super::kernel;
use super::plan::{self, refuse, DevicePlan, ExecMode, FORK_CALL};
use super::team_block::{self, TeamBlocks};
use crate::paropt::runtime::{Rt, Runtime};

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
    let cx = contexts::contexts(m, k, name)?;
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
            if plan::callee(i).as_deref() != Some(Rt::Parallel51.entry().name) {
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
