//! Component II: the W-Region graph (paper IV.A and IV.B).
pub mod build;
pub mod dominators;
pub mod env;
pub mod graph;
pub mod print;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::FunctionValue;
use weft_intrinsics::ffi;
use weft_intrinsics::scan::{scan_function, FunctionScan};
use weft_intrinsics::{PassResult, Rule, WeftError};

pub use graph::{WRegion, WRegionGraph};

/// A function's scanned blocks and its W-Region graph.
pub struct Analysis<'ctx> {
    pub scan: FunctionScan<'ctx>,
    pub graph: WRegionGraph,
}

impl Analysis<'_> {
    /// The graph as `print<wregions>` prints it; unnamed blocks get LLVM's
    /// slot numbers (%7), so the function must not have changed since `analyze`.
    /// `slots` is a tracker of the module (one for all its functions).
    pub fn print(&self, slots: &ffi::Slots) -> String {
        // A function without blocks has no regions: nothing to label.
        let Some(f) = self.scan.handles.first().and_then(|b| b.get_parent()) else {
            return print::print(&self.graph, &|_| String::new());
        };
        slots.incorporate(f);
        print::print(&self.graph, &|b| slots.block_label(self.scan.handles[b]))
    }
}

/// Scans a function and builds its W-Region graph; `slots` is a tracker of
/// the module (one for all its functions).
pub fn analyze<'ctx>(f: FunctionValue<'ctx>, slots: &ffi::Slots) -> Result<Analysis<'ctx>, WeftError> {
    // (The scan locates its own errors.)
    let scan = scan_function(f, slots)?;
    match build::build(&scan.name, &scan.blocks) {
        Ok(graph) => {
            log::debug!(target: "weft::wregion", "{}: {} W-Region(s)", scan.name, graph.regions.len());
            Ok(Analysis { scan, graph })
        }
        Err(mut e) => {
            ffi::locate(std::slice::from_mut(&mut e), &scan.values);
            Err(e)
        }
    }
}

/// `analyses` (of every defined function of `module`, in order) with those
/// that `changed` marks (one flag each) made anew and the others kept: a
/// rewrite of one function leaves the analyses of the others as they were,
/// and analyzing scans every block of a function.
pub fn reanalyze<'ctx>(
    module: &Module<'ctx>,
    mut analyses: Vec<Analysis<'ctx>>,
    changed: &[bool],
) -> Result<Vec<Analysis<'ctx>>, Vec<WeftError>> {
    let slots = ffi::Slots::for_module(module);
    let mut errors = Vec::new();
    let mut made = 0;
    for (a, _) in analyses.iter_mut().zip(changed).filter(|(_, &c)| c) {
        let Some(f) = module.get_function(&a.scan.name) else { continue };
        made += 1;
        match analyze(f, &slots) {
            Ok(fresh) => *a = fresh,
            Err(e) => errors.push(e),
        }
    }
    log::debug!(target: "weft::wregion", "analyzed {made} of {} function(s) anew", analyses.len());
    if errors.is_empty() {
        Ok(analyses)
    } else {
        Err(errors)
    }
}

/// Fills each error's source location from the directive call it names,
/// through the analysis of its function.
pub fn locate(errors: &mut [WeftError], analyses: &[Analysis<'_>]) {
    for a in analyses {
        ffi::locate(errors, &a.scan.values);
    }
}

/// Refuses the first region of each function that `refuse` picks, as
/// not yet supported, with `why`; located at the region's directive.
pub fn refuse_regions(analyses: &[Analysis<'_>], refuse: impl Fn(&WRegion) -> bool, why: &str) -> PassResult {
    let mut errors = Vec::new();
    for a in analyses {
        if let Some(r) = a.graph.preorder().into_iter().map(|r| &a.graph.regions[r]).find(|r| refuse(r)) {
            errors.push(
                WeftError::new(Rule::NotYetSupported, r.kind.begin_name(), why)
                    .in_function(&a.graph.function)
                    .at(r.entry.span.first),
            );
        }
    }
    locate(&mut errors, analyses);
    if errors.is_empty() {
        Ok(false)
    } else {
        Err(errors)
    }
}

/// Every function with a body, in module order.
pub fn defined_functions<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    module.get_functions().filter(|f| f.count_basic_blocks() > 0).collect()
}

/// Analyzes every defined function; collects one error per failing function.
pub fn analyze_module<'ctx>(module: &Module<'ctx>) -> Result<Vec<Analysis<'ctx>>, Vec<WeftError>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let slots = ffi::Slots::for_module(module);
    for f in defined_functions(module) {
        match analyze(f, &slots) {
            Ok(a) => out.push(a),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
