//! A refused construct leaves the module as it was: every refusal is
//! decided before the first IR change (`precheck.rs`, and `rehearse.rs`
//! for the rules only lowering finds), also when the
//! refused region is lowered after others (an outer region, or one earlier
//! in program order: regions are lowered innermost and last first).
use llvm_plugin::inkwell::context::Context;
use llvm_plugin::inkwell::memory_buffer::MemoryBuffer;

const DECLS: &str = "
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @use(i32)
";

/// Runs weft-prepare (its own pass in the pipeline), then weft-paropt,
/// which must refuse with `expect` in its message and leave the module as
/// weft-prepare left it.
fn refused_unchanged(body: &str, expect: &str) {
    let ir = format!("target triple = \"x86_64-pc-linux-gnu\"\n{DECLS}\n{body}");
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "refused");
    let module = ctx.create_module_from_ir(buf).expect("the test's IR parses");
    if let Err(e) = crate::prepare::run(&module) {
        panic!("weft-prepare refuses it: {:?}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
    let before = module.print_to_string().to_string();
    let errors = super::run(&module).expect_err("weft-paropt refuses it");
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert!(text.iter().any(|t| t.contains(expect)), "expected \"{expect}\" in {text:?}");
    assert_eq!(before, module.print_to_string().to_string(), "the module changed before the refusal");
}

#[test]
fn value_escaping_a_single_region_after_its_inner_critical() {
    refused_unchanged(
        "
define void @f(ptr %p) {
entry:
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.SINGLE\"() ]
  %c = call token @llvm.directive.region.entry() [ \"DIR.OMP.CRITICAL\"() ]
  store i32 1, ptr %p
  call void @llvm.directive.region.exit(token %c) [ \"DIR.OMP.END.CRITICAL\"() ]
  %v = load i32, ptr %p
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.SINGLE\"() ]
  call void @use(i32 %v)
  ret void
}",
        "is computed inside the region and used after it",
    );
}

#[test]
fn copyin_of_a_plain_global_after_an_inner_barrier() {
    refused_unchanged(
        "
@g = global i32 0
define void @f() {
entry:
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.PARALLEL\"(), \"QUAL.OMP.COPYIN\"(ptr @g) ]
  %b = call token @llvm.directive.region.entry() [ \"DIR.OMP.BARRIER\"() ]
  call void @llvm.directive.region.exit(token %b) [ \"DIR.OMP.END.BARRIER\"() ]
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.PARALLEL\"() ]
  ret void
}",
        "is not a threadprivate variable",
    );
}

#[test]
fn reduction_of_a_struct_before_a_barrier() {
    refused_unchanged(
        "
define void @f() {
entry:
  %s = alloca { i32, i32 }
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.PARALLEL\"(), \"QUAL.OMP.REDUCTION.ADD\"(ptr %s) ]
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.PARALLEL\"() ]
  %b = call token @llvm.directive.region.entry() [ \"DIR.OMP.BARRIER\"() ]
  call void @llvm.directive.region.exit(token %b) [ \"DIR.OMP.END.BARRIER\"() ]
  ret void
}",
        "does not apply to type",
    );
}

#[test]
fn private_variable_of_unknown_type_on_single_before_a_barrier() {
    refused_unchanged(
        "
define void @f(ptr %a) {
entry:
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.SINGLE\"(), \"QUAL.OMP.PRIVATE\"(ptr %a) ]
  store i32 1, ptr %a
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.SINGLE\"() ]
  %b = call token @llvm.directive.region.entry() [ \"DIR.OMP.BARRIER\"() ]
  call void @llvm.directive.region.exit(token %b) [ \"DIR.OMP.END.BARRIER\"() ]
  ret void
}",
        "cannot tell the variable's type",
    );
}

#[test]
fn region_without_an_end_after_a_barrier() {
    refused_unchanged(
        "
define void @f(ptr %p) {
entry:
  %b = call token @llvm.directive.region.entry() [ \"DIR.OMP.BARRIER\"() ]
  call void @llvm.directive.region.exit(token %b) [ \"DIR.OMP.END.BARRIER\"() ]
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.CRITICAL\"() ]
  store i32 1, ptr %p
  unreachable
}",
        "never reaches its END",
    );
}

#[test]
fn value_escaping_a_task_after_an_inner_task() {
    refused_unchanged(
        "
define void @f(ptr %p) {
entry:
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.TASK\"(), \"QUAL.OMP.SHARED\"(ptr %p) ]
  %i = call token @llvm.directive.region.entry() [ \"DIR.OMP.TASK\"(), \"QUAL.OMP.SHARED\"(ptr %p) ]
  store i32 1, ptr %p
  call void @llvm.directive.region.exit(token %i) [ \"DIR.OMP.END.TASK\"() ]
  %v = load i32, ptr %p
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.TASK\"() ]
  call void @use(i32 %v)
  ret void
}",
        "is computed inside the task and used after it",
    );
}

#[test]
fn default_private_on_a_task_after_a_taskgroup() {
    refused_unchanged(
        "
define void @f() {
entry:
  %s = alloca { i32, i32 }
  %g = call token @llvm.directive.region.entry() [ \"DIR.OMP.TASKGROUP\"() ]
  call void @llvm.directive.region.exit(token %g) [ \"DIR.OMP.END.TASKGROUP\"() ]
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.TASK\"(), \"QUAL.OMP.DEFAULT.PRIVATE\"() ]
  store i32 1, ptr %s
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.TASK\"() ]
  ret void
}",
        "DEFAULT(PRIVATE) and DEFAULT(FIRSTPRIVATE) on a task",
    );
}

#[test]
fn depend_item_of_unknown_size_after_a_task() {
    refused_unchanged(
        "
define void @f(ptr %p) {
entry:
  %x = alloca i32
  %a = call token @llvm.directive.region.entry() [ \"DIR.OMP.TASK\"(), \"QUAL.OMP.SHARED\"(ptr %x) ]
  store i32 1, ptr %x
  call void @llvm.directive.region.exit(token %a) [ \"DIR.OMP.END.TASK\"() ]
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.TASK\"(), \"QUAL.OMP.DEPEND.IN\"(ptr %p) ]
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.TASK\"() ]
  ret void
}",
        "has no size weft can tell",
    );
}

#[test]
fn atomic_update_that_is_not_an_update_after_a_barrier() {
    // The statement's shape is only known once the atomic's blocks are
    // split; the barrier after it is lowered first (last first).
    refused_unchanged(
        "
define void @f(ptr %p, ptr %q) {
entry:
  %t = call token @llvm.directive.region.entry() [ \"DIR.OMP.ATOMIC\"(), \"QUAL.OMP.UPDATE\"() ]
  %v = load i32, ptr %q
  store i32 %v, ptr %p
  call void @llvm.directive.region.exit(token %t) [ \"DIR.OMP.END.ATOMIC\"() ]
  %b = call token @llvm.directive.region.entry() [ \"DIR.OMP.BARRIER\"() ]
  call void @llvm.directive.region.exit(token %b) [ \"DIR.OMP.END.BARRIER\"() ]
  ret void
}",
        "DIR.OMP.ATOMIC",
    );
}
