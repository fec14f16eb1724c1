//! Declare target variables in the device image (docs/offload-device.md,
//! "Declare target variables"). The host module lists them in its offload
//! entries (section `omp_offloading_entries`: weft-paropt's records for
//! `!omp_offload.info`, weft-cc's C records, clang's shape either way):
//! `{ &var, "name", size, flags, 0 }` with a size (a kernel's entry has
//! none); flags 0 (to/enter) name the variable, flags 1 (link) its reference
//! pointer `<var>_decl_tgt_ref_ptr`, which points at it. libomptarget binds
//! each host entry to the device image's global of the entry's name when it
//! loads the image, and fails to load an image that lacks one; so, as clang
//! 16 writes them, the device module defines each `to` variable under its
//! entry's name (external, protected, with its initializer), each `link`
//! variable's reference pointer (`weak global ptr null`, filled by
//! libomptarget when the variable is mapped through it), used by a kernel
//! or not, and device code reads a `link` variable through its pointer.
use std::collections::BTreeMap;

use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::values::{BasicValueEnum, FunctionValue, GlobalValue};
use llvm_plugin::inkwell::{AddressSpace, GlobalVisibility};
use weft_intrinsics::{ffi, Rule, WeftError};

/// The section of the host's offload entries.
pub const ENTRIES: &str = "omp_offloading_entries";
/// libomptarget's entry flag of a `link` variable (`OMP_DECLARE_TARGET_LINK`).
const LINK: u64 = 1;

/// One declare target variable, as its host entry names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceVar {
    /// The host module's global: the variable (a `link` variable's too:
    /// the one its reference pointer points at).
    pub host: String,
    /// The name the entry gives libomptarget: the variable's on the device
    /// (a `link` variable's: its reference pointer's).
    pub device: String,
    pub link: bool,
    /// Whether this module defines the variable (another file's device
    /// image defines a variable the host module only declares).
    pub defined: bool,
}

/// Every declare target variable the host module's entries name, by the
/// host global's name.
#[derive(Debug, Default, Clone)]
pub struct DeviceGlobals {
    pub vars: BTreeMap<String, DeviceVar>,
}

impl DeviceGlobals {
    /// The host globals the device module keeps defined (`to` variables).
    pub fn kept(&self) -> Vec<String> {
        self.vars.values().filter(|v| !v.link).map(|v| v.host.clone()).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }
}

fn refuse(what: impl Into<String>, detail: impl Into<String>) -> WeftError {
    WeftError::new(Rule::NotYetSupported, what, detail).on_directive("DIR.OMP.DECLARE.TARGET")
}

/// The global a pointer constant names, if it names one of `m`.
fn global_of<'ctx>(m: &Module<'ctx>, v: Option<BasicValueEnum<'ctx>>) -> Option<GlobalValue<'ctx>> {
    let Some(BasicValueEnum::PointerValue(p)) = v else { return None };
    m.get_global(&p.get_name().to_string_lossy()).filter(|g| g.as_pointer_value() == p)
}

/// One entry of the section: (the global it names, its name, its size,
/// its flags), or None for a record of another shape.
type Entry<'ctx> = (GlobalValue<'ctx>, String, u64, u64);

fn entry<'ctx>(m: &Module<'ctx>, e: GlobalValue<'ctx>) -> Option<Entry<'ctx>> {
    let Some(BasicValueEnum::StructValue(s)) = e.get_initializer() else { return None };
    if s.count_fields() != 5 {
        return None;
    }
    let int = |k: u32| match s.get_field_at_index(k) {
        Some(BasicValueEnum::IntValue(v)) => v.get_zero_extended_constant(),
        _ => None,
    };
    let addr = global_of(m, s.get_field_at_index(0))?;
    let name = ffi::c_string(s.get_field_at_index(1)?)?;
    Some((addr, name, int(2)?, int(3)?))
}

/// The declare target variables of `m`'s offload entries, or the refusal
/// of each one the device image cannot hold.
pub fn declared(m: &Module<'_>) -> Result<DeviceGlobals, Vec<WeftError>> {
    let mut out = DeviceGlobals::default();
    let mut errors = Vec::new();
    for e in m.get_globals() {
        if e.get_section().map(|s| s.to_string_lossy() != ENTRIES).unwrap_or(true) {
            continue;
        }
        // (A kernel's entry has size 0: its address is the region id.)
        let Some((addr, name, _, flags)) = entry(m, e).filter(|x| x.2 != 0) else { continue };
        let link = flags == LINK;
        let var = if link {
            // (The reference pointer's initializer is the variable.)
            match global_of(m, addr.get_initializer()) {
                Some(v) => v,
                None => {
                    errors.push(refuse(
                        format!("the link variable entry '{name}'"),
                        "its reference pointer does not point at a global variable of the module",
                    ));
                    continue;
                }
            }
        } else if flags == 0 {
            addr
        } else {
            errors.push(refuse(format!("the offload entry '{name}'"), format!("flags {flags} (weft knows 0 and 1)")));
            continue;
        };
        let host = var.get_name().to_string_lossy().into_owned();
        if var.is_thread_local() {
            errors.push(refuse(
                format!("the declare target variable '{host}'"),
                "a thread-local declare target variable",
            ));
            continue;
        }
        // (Another global of the device's name would rename the device's.)
        let clash = m.get_global(&name).is_some_and(|g| g != var && g != addr) || m.get_function(&name).is_some();
        if clash && !link {
            errors.push(refuse(
                format!("the declare target variable '{host}'"),
                format!("its device name '{name}' is another global's in this module"),
            ));
            continue;
        }
        let defined = !var.is_declaration();
        out.vars.insert(host.clone(), DeviceVar { host, device: name, link, defined });
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// A global variable a device function names must be a constant (the
/// device module has its own copy) or declare target: the host's other
/// variables have no device copy.
pub fn check_function(f: FunctionValue<'_>, kernel: &str, globals: &DeviceGlobals) -> Result<(), WeftError> {
    for g in ffi::named_globals(f) {
        let name = g.get_name().to_string_lossy().into_owned();
        // (A critical section's or reduction's lock: the device module has
        // its own, locks.rs.)
        if globals.vars.contains_key(&name) || (g.is_constant() && !g.is_thread_local()) || super::locks::is_lock(&name)
        {
            continue;
        }
        let detail = if g.is_thread_local() {
            "a thread-local (threadprivate) variable has no device copy"
        } else {
            "a device kernel reads its arguments, constants and declare target variables only (this one is neither constant nor declare target)"
        };
        return Err(WeftError::new(Rule::NotYetSupported, format!("the global variable '{name}'"), detail)
            .on_directive("DIR.OMP.TARGET")
            .in_function(kernel));
    }
    Ok(())
}

/// Defines the declare target variables in the device module `dev` (the
/// clone kept each `to` variable with its initializer): their entries'
/// names, external and protected; each `link` variable's reference
/// pointer, read where the variable was.
pub fn build(dev: &Module<'_>, globals: &DeviceGlobals) -> Result<(), Vec<WeftError>> {
    let ptr = dev.get_context().ptr_type(AddressSpace::default());
    let mut errors = Vec::new();
    for v in globals.vars.values() {
        if !v.link {
            let Some(g) = dev.get_global(&v.host) else { continue };
            if v.host != v.device {
                g.as_pointer_value().set_name(&v.device);
            }
            if v.defined {
                g.set_linkage(Linkage::External);
            }
            g.set_visibility(GlobalVisibility::Protected);
            continue;
        }
        let r = dev.get_global(&v.device).unwrap_or_else(|| dev.add_global(ptr, None, &v.device));
        r.set_initializer(&ptr.const_null());
        r.set_linkage(Linkage::WeakAny);
        r.set_constant(false);
        if !ffi::read_through_pointer(dev, &v.host, &v.device) {
            errors.push(refuse(
                format!("the link variable '{}'", v.host),
                "another declare target variable's initializer names it (the device reads it through its reference pointer)",
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
