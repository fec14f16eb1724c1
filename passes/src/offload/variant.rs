//! Host variants on the device. A call the front end resolved to a
//! `declare variant` for the host (clang names it
//! `base$ompvariant$<selector>`, `Phost` in the selector for
//! `device={kind(host)}`, as omp.h does for `omp_is_initial_device`)
//! means the base function on the device: the device runtime or the
//! device module has its own. The plan follows the base instead of the
//! variant; the device module's calls are redirected to the base.
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::values::FunctionValue;

/// The marker clang puts between a base function's name and its variant's
/// selector.
const VARIANT: &str = "$ompvariant$";

/// The base function of a host variant's name, or None for any other name.
pub fn host_base(name: &str) -> Option<&str> {
    let (base, selector) = name.split_once(VARIANT)?;
    selector.split('$').any(|part| part == "Phost").then_some(base)
}

/// Every call in `dev` of a host variant calls its base instead (declared
/// when the device module has no such function); the variants go.
pub fn redirect(dev: &Module<'_>) {
    let variants: Vec<_> = dev.get_functions().collect();
    for f in variants {
        let name = f.get_name().to_string_lossy().into_owned();
        let Some(base) = host_base(&name) else { continue };
        let target = dev.get_function(base).unwrap_or_else(|| device_base(dev, base, f));
        f.replace_all_uses_with(target);
        // SAFETY: nothing uses the variant any more.
        unsafe { f.delete() };
    }
}

/// The base function in the device module: a declaration the device
/// runtime resolves, except `omp_is_initial_device`, which omp.h defines
/// inline for `device={kind(nohost)}` (the device runtime has none):
/// 0 on a device.
fn device_base<'ctx>(dev: &Module<'ctx>, base: &str, variant: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
    if base != "omp_is_initial_device" {
        return dev.add_function(base, variant.get_type(), None);
    }
    let f = dev.add_function(base, variant.get_type(), Some(Linkage::Internal));
    let ctx = dev.get_context();
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    b.build_return(Some(&ctx.i32_type().const_zero())).expect("positioned");
    f
}

#[cfg(test)]
mod tests {
    use super::host_base;

    #[test]
    fn finds_host_variants_only() {
        assert_eq!(host_base("omp_is_initial_device$ompvariant$S2$s6$Phost"), Some("omp_is_initial_device"));
        assert_eq!(host_base("f$ompvariant$S2$s7$Pnohost"), None);
        assert_eq!(host_base("omp_is_initial_device"), None);
    }
}
