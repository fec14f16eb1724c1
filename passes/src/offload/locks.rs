//! Critical sections in device kernels: the host lowering names each
//! critical section's lock, a global `.gomp_critical_user_<name>.var`
//! (libomp's `kmp_critical_name`, zero before first use), which the device
//! runtime's `__kmpc_critical` takes as its lock word (an `omp_lock_t`).
//! The device module gets a lock of its own, zero-initialized, in device
//! memory: the host's lock is no lock for the GPU's threads.
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::values::BasicValue;

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
