//! weft-vectorize (the VPlan vectorization framework, seed 004 IV.C): every
//! simd loop is lowered in place with its clauses privatized
//! (`paropt::simd`), then vectorized through its VPlan (`vplan`), or left a
//! correct scalar loop with a missed-optimization remark that says why. The
//! target's costs come from `analyses`: the pass pipeline's
//! TargetTransformInfo (`ffi::FunctionAnalyses`).
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::AnyValue;
use weft_intrinsics::{ffi, PassResult};

use crate::{paropt, vplan};

pub fn run(module: &Module<'_>, analyses: ffi::FunctionAnalyses<'_>) -> PassResult {
    let sites = paropt::lower_simd_in_place(module)?;
    for site in &sites {
        if log::log_enabled!(target: "weft::vectorize", log::Level::Trace) {
            if let Some(f) = site.first.get_parent() {
                log::trace!(target: "weft::vectorize", "{}: before\n{}", site.title, f.print_to_string().to_string_lossy());
            }
        }
        let result = vplan::vectorize(site, analyses);
        // (Where the region ended: a block the loop's preparation leaves in
        // place, unlike the blocks of the loop itself.)
        let Some(at) = site.end.get_terminator() else { continue };
        match result {
            Ok(done) => {
                log::debug!(target: "weft::vectorize", "{}: {}", site.title, done.describe());
                ffi::remark(ffi::Remark::Passed, at, "Vectorized", &format!("{} {}", site.title, done.describe()));
            }
            Err(why) => {
                log::debug!(target: "weft::vectorize", "{}: left scalar: {why}", site.title);
                ffi::remark(ffi::Remark::Missed, at, "NotVectorized", &format!("{} left scalar: {why}", site.title));
            }
        }
    }
    if !sites.is_empty() {
        paropt::locate_calls(module);
    }
    Ok(!sites.is_empty())
}

/// `print<vplan>`: lowers every simd loop in place and prints its VPlan
/// before and after analysis to stderr; the loops stay scalar.
pub fn print(module: &Module<'_>, analyses: ffi::FunctionAnalyses<'_>) -> PassResult {
    let sites = paropt::lower_simd_in_place(module)?;
    for site in &sites {
        eprint!("{}", vplan::print_site(site, analyses));
    }
    if !sites.is_empty() {
        paropt::locate_calls(module);
    }
    Ok(!sites.is_empty())
}
