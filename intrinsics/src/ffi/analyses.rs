//! The pass pipeline's function analyses, for the cost model's
//! TargetTransformInfo (`cpp/simd.cc`): the one the pipeline's
//! TargetIRAnalysis gives, as LoopVectorize uses, so the driver's target
//! (opt's `-mtriple`/`-mcpu`/`-mattr`, clang's `-march`/`-mcpu`) counts and
//! not only the function's attributes. llvm-plugin 0.6 hands a module pass
//! its ModuleAnalysisManager but no way to reach the C++ managers' analyses
//! of LLVM's own; its FunctionAnalysisManagerProxy holds exactly the pointer
//! the C++ helper needs (the FunctionAnalysisManagerModuleProxy's result).
use std::ffi::c_void;
use std::marker::PhantomData;

use llvm_plugin::inkwell::module::Module;
use llvm_plugin::{FunctionAnalysisManagerProxy, ModuleAnalysisManager};

/// Where the C++ helper gets a function's analyses: the pass pipeline's
/// function analysis manager, or (`none`, outside a pipeline, as in unit
/// tests) analyses it builds itself, its TargetTransformInfo then from the
/// function's own `target-cpu` and `target-features` alone.
#[derive(Clone, Copy, Debug)]
pub struct FunctionAnalyses<'a> {
    /// The C++ `FunctionAnalysisManagerModuleProxy::Result`, or null.
    proxy: *mut c_void,
    _manager: PhantomData<&'a ModuleAnalysisManager>,
}

impl<'a> FunctionAnalyses<'a> {
    /// The pipeline's, for a module pass running on `module`.
    pub fn of_pipeline(manager: &'a ModuleAnalysisManager, module: &Module<'_>) -> Self {
        let proxy = manager.get_function_analysis_manager_proxy(module);
        // SAFETY: llvm-plugin 0.6.0 (pinned) keeps one field in the proxy, the
        // pointer its C++ side returned for the proxy's result (transmute
        // refuses to compile if the sizes differ, so there is no other field);
        // the module analysis manager owns that result while the pass runs,
        // which `'a` (the manager's borrow) covers.
        let proxy = unsafe { std::mem::transmute::<FunctionAnalysisManagerProxy, *mut c_void>(proxy) };
        FunctionAnalyses { proxy, _manager: PhantomData }
    }

    /// No pipeline: the helper's own analyses.
    pub fn none() -> Self {
        FunctionAnalyses { proxy: std::ptr::null_mut(), _manager: PhantomData }
    }

    /// Whether these are the pipeline's.
    pub fn from_pipeline(&self) -> bool {
        !self.proxy.is_null()
    }

    pub(super) fn raw(&self) -> *mut c_void {
        self.proxy
    }
}
