//! weft-vectorize (the VPlan vectorization framework, Tian et al. 2016 IV.C): every
//! simd loop is lowered in place with its clauses privatized
//! (`paropt::simd`), then vectorized through its VPlan (`vplan`), or left a
//! correct scalar loop with a missed-optimization remark that says why. The
//! target's costs come from `analyses`: the pass pipeline's
//! TargetTransformInfo (`ffi::FunctionAnalyses`).
use llvm_plugin::inkwell::module::Module;
use llvm_plugin::inkwell::values::AnyValue;
use weft_intrinsics::{ffi, PassResult};

use crate::{paropt, vplan};

/// Without weft-prepare at pipeline start (`-passes=weft-vectorize`
/// alone), a region's END group may share its block with the code after
/// the region, which must come after the copies made at its end (a
/// reduction's result): each group gets a block of its own first, as
/// weft-prepare gives it.
fn isolate_groups(module: &Module<'_>) -> Result<bool, Vec<weft_intrinsics::WeftError>> {
    let analyses = crate::wregion::analyze_module(module)?;
    Ok(crate::prepare::isolate_groups(&analyses).contains(&true))
}

pub fn run(module: &Module<'_>, analyses: ffi::FunctionAnalyses<'_>) -> PassResult {
    let isolated = isolate_groups(module)?;
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
        crate::scan_marker::erase_markers(module);
        paropt::locate_calls(module);
    }
    Ok(isolated || !sites.is_empty())
}

/// `print<vplan>`: lowers every simd loop in place and prints its VPlan
/// before and after analysis to stderr; the loops stay scalar.
pub fn print(module: &Module<'_>, analyses: ffi::FunctionAnalyses<'_>) -> PassResult {
    let isolated = isolate_groups(module)?;
    let sites = paropt::lower_simd_in_place(module)?;
    for site in &sites {
        eprint!("{}", vplan::print_site(site, analyses));
    }
    if !sites.is_empty() {
        crate::scan_marker::erase_markers(module);
        paropt::locate_calls(module);
    }
    Ok(isolated || !sites.is_empty())
}

#[cfg(test)]
mod tests {
    use llvm_plugin::inkwell::context::Context;
    use llvm_plugin::inkwell::memory_buffer::MemoryBuffer;
    use llvm_plugin::inkwell::targets::{InitializationConfig, Target};
    use llvm_plugin::inkwell::values::AnyValue;
    use weft_intrinsics::ffi::FunctionAnalyses;

    /// `for (k = 0; k < 1000; k++) a[k] += 1;` as a simd loop in @name.
    fn simd_add(name: &str, attrs: &str) -> String {
        format!(
            "define void @{name}(ptr %a) {attrs} {{
entry:
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.SIMD\"() ]
  br label %body
body:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %p = getelementptr inbounds i32, ptr %a, i64 %k
  %x = load i32, ptr %p
  %s = add i32 %x, 1
  store i32 %s, ptr %p
  %k1 = add nuw i64 %k, 1
  %done = icmp eq i64 %k1, 1000
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.SIMD\"() ]
  ret void
}}
"
        )
    }

    // Without a pass pipeline (no analysis manager to ask) the target is
    // the module's triple and each function's own attributes.
    #[test]
    fn without_a_pipeline_the_function_attributes_decide() {
        Target::initialize_x86(&InitializationConfig::default());
        let ir = format!(
            "target triple = \"x86_64-pc-linux-gnu\"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
{}{}attributes #0 = {{ \"target-cpu\"=\"x86-64-v3\" }}
",
            simd_add("wide", "#0"),
            simd_add("narrow", "")
        );
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "attrs");
        let module = ctx.create_module_from_ir(buf).expect("the test's IR parses");
        assert!(matches!(super::run(&module, FunctionAnalyses::none()), Ok(true)));
        let text = |f: &str| module.get_function(f).expect("defined").print_to_string().to_string();
        assert!(text("wide").contains("load <8 x i32>"));
        assert!(text("narrow").contains("load <4 x i32>"));
        assert!(!text("narrow").contains("<8 x i32>"));
    }
}
