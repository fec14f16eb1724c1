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
use weft_intrinsics::WeftError;

pub use graph::{WRegion, WRegionGraph};

/// A function's scanned blocks and its W-Region graph.
pub struct Analysis<'ctx> {
    pub scan: FunctionScan<'ctx>,
    pub graph: WRegionGraph,
}

impl Analysis<'_> {
    /// The graph as `print<wregions>` prints it; unnamed blocks get LLVM's
    /// slot numbers (%7), so the function must not have changed since `analyze`.
    pub fn print(&self) -> String {
        // A function without blocks has no regions: nothing to label.
        let Some(f) = self.scan.handles.first().and_then(|b| b.get_parent()) else {
            return print::print(&self.graph, &|_| String::new());
        };
        let slots = ffi::Slots::new(f);
        print::print(&self.graph, &|b| slots.block_label(self.scan.handles[b]))
    }
}

/// Scans a function and builds its W-Region graph.
pub fn analyze(f: FunctionValue<'_>) -> Result<Analysis<'_>, WeftError> {
    let scan = scan_function(f)?;
    let graph = build::build(&scan.name, &scan.blocks)?;
    log::debug!(target: "weft::wregion", "{}: {} W-Region(s)", scan.name, graph.regions.len());
    Ok(Analysis { scan, graph })
}

/// Every function with a body, in module order.
pub fn defined_functions<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    module.get_functions().filter(|f| f.count_basic_blocks() > 0).collect()
}

/// Analyzes every defined function; collects one error per failing function.
pub fn analyze_module<'ctx>(module: &Module<'ctx>) -> Result<Vec<Analysis<'ctx>>, Vec<WeftError>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for f in defined_functions(module) {
        match analyze(f) {
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
