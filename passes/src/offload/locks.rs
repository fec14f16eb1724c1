//! Critical sections in device kernels: the host lowering names each
//! critical section's lock, a global `.gomp_critical_user_<name>.var`
//! (libomp's `kmp_critical_name`, zero before first use), which the device
//! runtime's `__kmpc_critical` takes as its lock word (an `omp_lock_t`).
//! The device module gets a lock of its own, zero-initialized, in device
//! memory: the host's lock is no lock for the GPU's threads.
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::IntType;
use llvm_plugin::inkwell::values::{
    AnyValue, AnyValueEnum, BasicValue, FunctionValue, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp};

/// The prefix of a critical section's lock (paropt's `critical_lock`).
const LOCK_PREFIX: &str = ".gomp_critical_user_";

pub fn is_lock(name: &str) -> bool {
    name.starts_with(LOCK_PREFIX)
}

/// Every lock the device module names, defined there, zero.
pub fn define_locks(dev: &Module<'_>) {
    for g in dev.get_globals() {
        let name = g.get_name().to_string_lossy().into_owned();
        if !is_lock(&name) || g.get_initializer().is_some() {
            continue;
        }
        let ty = g.get_value_type();
        let zero = match ty {
            llvm_plugin::inkwell::types::AnyTypeEnum::ArrayType(a) => a.const_zero().as_basic_value_enum(),
            llvm_plugin::inkwell::types::AnyTypeEnum::IntType(i) => i.const_zero().as_basic_value_enum(),
            _ => continue,
        };
        g.set_initializer(&zero);
        g.set_linkage(Linkage::Internal);
    }
}

/// LLVM 16's device runtime gives no mutual exclusion: its `omp_set_lock`
/// (under `__kmpc_critical` too) loops while its compare-exchange
/// succeeds, so a thread that finds the lock taken returns at once, and
/// it has no fence, so what the section reads may be stale in the SM's
/// cache (measured on an H200: clang 16's own critical sections across
/// teams lost updates). The device module takes its locks from functions
/// of its own: spin until the compare-exchange takes the word, then
/// `membar.gl`; `membar.gl` before the release. Each call of the runtime's
/// lock functions is redirected to them (a critical section's ident and
/// thread number are not needed).
pub fn own_locks(dev: &Module<'_>) {
    let ctx = dev.get_context();
    let (void, i32t, ptr) = (ctx.void_type(), ctx.i32_type(), ctx.ptr_type(AddressSpace::default()));
    let membar = dev
        .get_function("llvm.nvvm.membar.gl")
        .unwrap_or_else(|| dev.add_function("llvm.nvvm.membar.gl", void.fn_type(&[], false), None));
    let b = ctx.create_builder();
    // void lock(ptr): spin, then fence.
    let lock = dev.add_function("__weft_device_set_lock", void.fn_type(&[ptr.into()], false), Some(Linkage::Internal));
    let (entry, spin, got) = (
        ctx.append_basic_block(lock, "entry"),
        ctx.append_basic_block(lock, "spin"),
        ctx.append_basic_block(lock, "got"),
    );
    b.position_at_end(entry);
    b.build_unconditional_branch(spin).expect("positioned");
    b.position_at_end(spin);
    let ok = take(&b, lock_word(lock), i32t);
    b.build_conditional_branch(ok, got, spin).expect("positioned");
    b.position_at_end(got);
    b.build_call(membar, &[], "").expect("positioned");
    b.build_return(None).expect("positioned");
    // int test(ptr): one try, fenced when taken.
    let test = dev.add_function("__weft_device_test_lock", i32t.fn_type(&[ptr.into()], false), Some(Linkage::Internal));
    let (entry, got, out) = (
        ctx.append_basic_block(test, "entry"),
        ctx.append_basic_block(test, "got"),
        ctx.append_basic_block(test, "out"),
    );
    b.position_at_end(entry);
    let ok = take(&b, lock_word(test), i32t);
    b.build_conditional_branch(ok, got, out).expect("positioned");
    b.position_at_end(got);
    b.build_call(membar, &[], "").expect("positioned");
    b.build_return(Some(&i32t.const_int(1, false))).expect("positioned");
    b.position_at_end(out);
    b.build_return(Some(&i32t.const_zero())).expect("positioned");
    // void unset(ptr): fence, then release the word.
    let unset =
        dev.add_function("__weft_device_unset_lock", void.fn_type(&[ptr.into()], false), Some(Linkage::Internal));
    b.position_at_end(ctx.append_basic_block(unset, "entry"));
    b.build_call(membar, &[], "").expect("positioned");
    b.build_atomicrmw(AtomicRMWBinOp::Xchg, lock_word(unset), i32t.const_zero(), AtomicOrdering::Monotonic)
        .expect("positioned");
    b.build_return(None).expect("positioned");
    // (The lock word is the last argument of each runtime call.)
    let redirect = [
        ("omp_set_lock", lock),
        ("__kmpc_critical", lock),
        ("omp_unset_lock", unset),
        ("__kmpc_end_critical", unset),
        ("omp_test_lock", test),
    ];
    for f in dev.get_functions() {
        for i in super::walk::instructions(f) {
            let Some(to) = super::walk::callee(i).and_then(|n| redirect.iter().find(|(r, _)| *r == n).map(|&(_, t)| t))
            else {
                continue;
            };
            let word = i.get_operand(i.get_num_operands() - 2).and_then(|o| o.left()).expect("the lock word");
            let call = b_at(&ctx, i).build_call(to, &[word.into()], "").expect("positioned");
            if let (AnyValueEnum::IntValue(old), Some(new)) = (i.as_any_value_enum(), call.try_as_basic_value().left())
            {
                old.replace_all_uses_with(new.into_int_value());
            }
            i.erase_from_basic_block();
        }
    }
}

/// One compare-exchange of the lock word from 0 to 1: whether it took it.
fn take<'ctx>(b: &Builder<'ctx>, word: PointerValue<'ctx>, i32t: IntType<'ctx>) -> IntValue<'ctx> {
    let pair = b
        .build_cmpxchg(
            word,
            i32t.const_zero(),
            i32t.const_int(1, false),
            AtomicOrdering::Monotonic,
            AtomicOrdering::Monotonic,
        )
        .expect("positioned");
    b.build_extract_value(pair, 1, "taken").expect("a pair").into_int_value()
}

fn lock_word(f: FunctionValue<'_>) -> PointerValue<'_> {
    f.get_first_param().expect("the lock").into_pointer_value()
}

fn b_at<'ctx>(ctx: &ContextRef<'ctx>, i: InstructionValue<'ctx>) -> Builder<'ctx> {
    let b = ctx.create_builder();
    b.position_before(&i);
    b
}
