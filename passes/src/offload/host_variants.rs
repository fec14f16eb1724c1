//! `declare variant` functions for the host in the device image
//! (docs/offload-device.md, "Host variants"). clang's host compilation
//! resolves a call to a function with variants to the one its context
//! selects and names it `<base>$ompvariant$<selector>`: omp.h's
//! `omp_is_initial_device` becomes `omp_is_initial_device$ompvariant$S2$s6$Phost`,
//! which returns 1 (its `match(device={kind(host)})` variant). The device
//! image clones host code, so a kernel would call the host's variant; on
//! the device the answer is omp.h's `kind(nohost)` variant's, 0 (the
//! device runtime has no `omp_is_initial_device`: clang's device
//! compilation takes omp.h's variant). So a variant selected by
//! `kind(host)` gets, in the device module, the body of the device's
//! variant where weft knows it (omp.h's routines), and is refused by name
//! otherwise (the device's variant is not in the host module).
use llvm_plugin::inkwell::module::{Linkage, Module};
use weft_intrinsics::{Rule, WeftError};

use std::collections::BTreeSet;

/// omp.h's routines with a host and a device variant: the constant the
/// device's (`match(device={kind(nohost)})`) returns.
const ROUTINES: &[(&str, u64)] = &[("omp_is_initial_device", 0)];

/// The base name of a `kind(host)` variant (`name$ompvariant$...$Phost...`).
pub fn host_variant_base(name: &str) -> Option<&str> {
    let (base, selector) = name.split_once("$ompvariant$")?;
    selector.split('$').any(|p| p == "Phost").then_some(base)
}

/// Each host variant among the device functions (`functions`), with what
/// the device's variant returns; refused by name where weft does not know
/// it.
pub fn plan(functions: &BTreeSet<String>) -> Result<Vec<(String, u64)>, WeftError> {
    let mut out = Vec::new();
    for name in functions {
        let Some(base) = host_variant_base(name) else { continue };
        match ROUTINES.iter().find(|(b, _)| *b == base) {
            Some(&(_, value)) => out.push((name.clone(), value)),
            None => {
                return Err(WeftError::new(
                    Rule::NotYetSupported,
                    format!("a call to '{name}'"),
                    format!("the host's variant of '{base}' (declare variant, kind(host)) in a device kernel: the device's variant is not in the host module"),
                )
                .on_directive("DIR.OMP.TARGET"))
            }
        }
    }
    Ok(out)
}

/// Each host variant in the device module replaced by the device's
/// variant, `return <value>;` (internal, named `<base>$device`); so is a
/// direct call of the routine itself (the device runtime does not define
/// it either).
pub fn build(dev: &Module<'_>, variants: &[(String, u64)]) {
    let ctx = dev.get_context();
    for &(base, value) in ROUTINES {
        let direct = dev.get_function(base).filter(|f| f.count_basic_blocks() == 0);
        let host =
            variants.iter().filter(|v| host_variant_base(&v.0) == Some(base)).filter_map(|v| dev.get_function(&v.0));
        let replaced: Vec<_> = direct.into_iter().chain(host).collect();
        let Some(first) = replaced.first() else { continue };
        let Some(ret) = first.get_type().get_return_type().filter(|t| t.is_int_type()) else { continue };
        let device = dev.add_function(&format!("{base}$device"), first.get_type(), Some(Linkage::Internal));
        let builder = ctx.create_builder();
        builder.position_at_end(ctx.append_basic_block(device, "entry"));
        builder.build_return(Some(&ret.into_int_type().const_int(value, false))).expect("positioned");
        for f in replaced {
            f.as_global_value().as_pointer_value().replace_all_uses_with(device.as_global_value().as_pointer_value());
            // SAFETY: the clone's copy of the host variant (or the routine's
            // declaration), which nothing uses now.
            unsafe { f.delete() };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_host_variants() {
        assert_eq!(host_variant_base("omp_is_initial_device$ompvariant$S2$s6$Phost"), Some("omp_is_initial_device"));
        assert_eq!(host_variant_base("f$ompvariant$S2$s6$Pnohost"), None);
        assert_eq!(host_variant_base("f$ompvariant$S3$s1$Pllvm"), None);
        assert_eq!(host_variant_base("omp_is_initial_device"), None);
    }
}
