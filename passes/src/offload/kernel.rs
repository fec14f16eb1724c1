//! A host fallback's clone made a device kernel, SPMD or generic, as clang
//! 16 writes one (docs/offload-device.md): `__kmpc_target_init`/
//! `__kmpc_target_deinit` around its body, the host's forks replaced by
//! what the device runtime does (a generic kernel's wrappers come after,
//! offload/generic.rs), and the kernel's linkage, attributes and exec-mode
//! global.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, FunctionValue, GlobalValue, InstructionOpcode, InstructionValue,
    PointerValue,
};
use llvm_plugin::inkwell::GlobalVisibility;

use super::plan::{self, ExecMode, FORK_CALL, FORK_TEAMS, PUSH_NUM_TEAMS};
use crate::paropt::runtime::{Rt, Runtime, IDENT_KMPC};

/// Makes `k` (the clone of a host fallback) a kernel of `exec` mode;
/// returns its exec-mode global. (A generic kernel's other threads run the
/// runtime's state machine inside `__kmpc_target_init`.)
pub fn build_kernel<'ctx>(rt: &mut Runtime<'_, 'ctx>, k: FunctionValue<'ctx>, exec: ExecMode) -> GlobalValue<'ctx> {
    let ctx = rt.ctx;
    let name = k.get_name().to_string_lossy().into_owned();
    let ident = rt.ident(&name, None, IDENT_KMPC);
    let mode = ctx.i8_type().const_int(exec as u64, false);
    let state_machine = ctx.bool_type().const_int((exec == ExecMode::Generic) as u64, false);
    // Every `ret` of the body ends the kernel with the runtime.
    for i in function_instructions(k) {
        if i.get_opcode() == InstructionOpcode::Return {
            let b = ctx.create_builder();
            b.position_before(&i);
            rt.call(&b, Rt::TargetDeinit, &[ident.into(), mode.into()]);
        }
    }
    // A new entry: the allocas, then `__kmpc_target_init`; the threads it
    // does not hand the body return at once.
    let body = k.get_first_basic_block().expect("a fallback has a body");
    let entry = ctx.prepend_basic_block(body, "omp.kernel.init");
    let exit = ctx.append_basic_block(k, "omp.kernel.exit");
    let b = ctx.create_builder();
    b.position_at_end(entry);
    for i in function_instructions(k) {
        if i.get_opcode() == InstructionOpcode::Alloca && i.get_parent() == Some(body) {
            i.remove_from_basic_block();
            b.insert_instruction(&i, None);
        }
    }
    let r = rt.call_i32(&b, Rt::TargetInit, &[ident.into(), mode.into(), state_machine.into()]);
    let run = b.build_int_compare(llvm_plugin::inkwell::IntPredicate::EQ, r, rt.i32.const_all_ones(), "omp.kernel.run");
    b.build_conditional_branch(run.expect("positioned"), body, exit).expect("positioned");
    b.position_at_end(exit);
    b.build_return(None).expect("positioned");
    k.as_global_value().set_linkage(Linkage::WeakODR);
    k.as_global_value().set_visibility(GlobalVisibility::Protected);
    k.add_attribute(AttributeLoc::Function, ctx.create_string_attribute("kernel", ""));
    let g = rt.module.add_global(ctx.i8_type(), None, &format!("{name}_exec_mode"));
    g.set_initializer(&mode);
    g.set_constant(true);
    g.set_linkage(Linkage::WeakAny);
    g.set_visibility(GlobalVisibility::Protected);
    g
}

/// Replaces the host's forks in `f` with the device runtime's SPMD forms:
/// a league's body called by each thread, a team's through
/// `__kmpc_parallel_51`; `__kmpc_push_num_teams` goes (the launch carries
/// the league's size).
pub fn retarget_forks<'ctx>(rt: &Runtime<'_, 'ctx>, f: FunctionValue<'ctx>) {
    for i in function_instructions(f) {
        match plan::callee(i).as_deref() {
            Some(FORK_TEAMS) => fork_teams(rt, f, i),
            Some(FORK_CALL) => fork_call(rt, f, i),
            Some(PUSH_NUM_TEAMS) => i.erase_from_basic_block(),
            _ => {}
        }
    }
}

/// The arguments of a fork call: its ident, its microtask and the
/// arguments after the microtask.
fn fork_operands<'ctx>(
    rt: &Runtime<'_, 'ctx>,
    call: InstructionValue<'ctx>,
) -> (PointerValue<'ctx>, FunctionValue<'ctx>, Vec<BasicValueEnum<'ctx>>) {
    let op = |k: u32| call.get_operand(k).and_then(|o| o.left()).expect("a fork's operand");
    let ident = op(0).into_pointer_value();
    let task = plan::forked(rt.module, call).expect("the plan checked the microtask");
    // (The last operand is the callee.)
    let rest = (3..call.get_num_operands() - 1).map(op).collect();
    (ident, task, rest)
}

/// `__kmpc_fork_teams(loc, n, fn, args...)`: each thread runs
/// `fn(&gtid, &zero, args...)`.
fn fork_teams<'ctx>(rt: &Runtime<'_, 'ctx>, f: FunctionValue<'ctx>, call: InstructionValue<'ctx>) {
    let (ident, task, rest) = fork_operands(rt, call);
    let b = rt.ctx.create_builder();
    let (gtid_addr, zero_addr) = (entry_alloca(rt, f, "omp.gtid.addr"), entry_alloca(rt, f, "omp.zero.addr"));
    b.position_before(&call);
    let gtid = rt.call_i32(&b, Rt::GlobalThreadNum, &[ident.into()]);
    b.build_store(gtid_addr, gtid).expect("positioned");
    b.build_store(zero_addr, rt.i32.const_zero()).expect("positioned");
    let mut args: Vec<BasicMetadataValueEnum<'ctx>> = vec![gtid_addr.into(), zero_addr.into()];
    args.extend(rest.iter().map(|&v| BasicMetadataValueEnum::from(v)));
    b.build_call(task, &args, "").expect("positioned");
    call.erase_from_basic_block();
}

/// `__kmpc_fork_call(loc, n, fn, args...)`: `__kmpc_parallel_51(loc,
/// gtid, 1, -1, -1, fn, null, [args...], n)`.
fn fork_call<'ctx>(rt: &Runtime<'_, 'ctx>, f: FunctionValue<'ctx>, call: InstructionValue<'ctx>) {
    let (ident, task, rest) = fork_operands(rt, call);
    let ctx = rt.ctx;
    let arr_ty = rt.ptr.array_type(rest.len().max(1) as u32);
    let b = ctx.create_builder();
    let first = f.get_first_basic_block().expect("a body");
    match first.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(first),
    }
    let arr = b.build_alloca(arr_ty, "omp.parallel.args").expect("positioned");
    b.position_before(&call);
    for (k, v) in rest.iter().enumerate() {
        let idx = [rt.i32.const_zero(), rt.i32.const_int(k as u64, false)];
        // SAFETY: slot k of the [n x ptr] array just allocated.
        let slot = unsafe { b.build_in_bounds_gep(arr_ty, arr, &idx, "") }.expect("positioned");
        b.build_store(slot, *v).expect("positioned");
    }
    let gtid = rt.call_i32(&b, Rt::GlobalThreadNum, &[ident.into()]);
    let minus1 = rt.i32.const_all_ones();
    let args = [
        ident.into(),
        gtid.into(),
        rt.i32.const_int(1, false).into(),
        minus1.into(),
        minus1.into(),
        task.as_global_value().as_pointer_value().into(),
        rt.ptr.const_null().into(),
        arr.into(),
        rt.i64.const_int(rest.len() as u64, false).into(),
    ];
    rt.call(&b, Rt::Parallel51, &args);
    call.erase_from_basic_block();
}

/// An i32 slot at the start of `f`'s entry block.
fn entry_alloca<'ctx>(rt: &Runtime<'_, 'ctx>, f: FunctionValue<'ctx>, name: &str) -> PointerValue<'ctx> {
    let b = rt.ctx.create_builder();
    let first: BasicBlock<'ctx> = f.get_first_basic_block().expect("a body");
    match first.get_first_instruction() {
        Some(i) => b.position_before(&i),
        None => b.position_at_end(first),
    }
    b.build_alloca(rt.i32, name).expect("positioned")
}

/// Every instruction of `f`, collected before any is changed.
fn function_instructions<'ctx>(f: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    plan::instructions(f)
}

/// The attributes clang gives device functions: the GPU and PTX version,
/// convergent (a barrier inside must not be moved across control flow);
/// the host's CPU, its features and unwind tables go.
pub fn device_attributes(f: FunctionValue<'_>, arch: &str, features: &str) {
    let ctx = f.get_type().get_context();
    for a in ["target-cpu", "target-features", "tune-cpu"] {
        f.remove_string_attribute(AttributeLoc::Function, a);
    }
    let uwtable = Attribute::get_named_enum_kind_id("uwtable");
    f.remove_enum_attribute(AttributeLoc::Function, uwtable);
    f.add_attribute(AttributeLoc::Function, ctx.create_string_attribute("target-cpu", arch));
    f.add_attribute(AttributeLoc::Function, ctx.create_string_attribute("target-features", features));
    for a in ["convergent", "nounwind"] {
        f.add_attribute(AttributeLoc::Function, ctx.create_enum_attribute(Attribute::get_named_enum_kind_id(a), 0));
    }
}
