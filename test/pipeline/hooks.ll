; The plugin hooks the pipeline: with only -fpass-plugin (clang) or
; -load-pass-plugin with default<On> (opt), directive IR is handled at every
; optimization level: threading constructs at the early-simplification
; extension point (before the inliner), the rest after the scalar
; simplification pipeline and before the loop vectorizer. Directive-free
; modules are left alone and still compile and run.
;
; RUN: %clang -O0 -S -emit-llvm %s -o - 2>&1 | FileCheck %s
; RUN: %clang -O1 -S -emit-llvm %s -o - 2>&1 | FileCheck %s
; RUN: %clang -O2 -S -emit-llvm %s -o - 2>&1 | FileCheck %s
; RUN: %clang -O3 -S -emit-llvm %s -o - 2>&1 | FileCheck %s
; RUN: %opt -passes='default<O2>' -S %s 2>&1 | FileCheck %s
; The LTO pre-link pipelines too:
; RUN: %clang -O2 -flto -S -emit-llvm %s -o - 2>&1 | FileCheck %s
; RUN: %clang -O2 -flto=thin -S -emit-llvm %s -o - 2>&1 | FileCheck %s
; CHECK: call {{.*}}@__kmpc_fork_call(ptr {{.*}}@{{.*}}, i32 1, ptr {{.*}}@foo.omp_outlined.1
; CHECK-NOT: llvm.directive
;
; A construct paropt cannot lower yet is refused from the early hook.
; RUN: not %clang -O0 -c %S/Inputs/workshare.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NYS
; RUN: not %clang -O2 -c %S/Inputs/workshare.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NYS
; RUN: not %clang -O2 -flto=thin -c %S/Inputs/workshare.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NYS
; NYS: error: weft: not yet supported: DIR.OMP.WORKSHARE in function 'foo'{{.*}}(in weft (early-simplification hook))
;
; Placement: the pipeline-start protection, paropt after the early
; function simplification and before the inliner, the rest after the
; simplification pipeline and before the vectorizer; the last (optimizer-last)
; hook is a no-op guard.
; RUN: %opt -passes='default<O2>' -debug-pass-manager -disable-output %S/Inputs/plain.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ORDER
; No loop pass runs before paropt outlines the regions, so the directive
; calls' convergent/nomerge marking (gone with them) cannot cost the loops
; inside regions any rotation, LICM or unswitching.
; ORDER: Running pass: {anonymous}::Pass<ModuleIR> on [module]
; ORDER-NOT: {{Loop|LICM|Unswitch|IndVar}}
; ORDER: Running pass: SROAPass
; ORDER-NOT: {{Loop|LICM|Unswitch|IndVar}}
; ORDER: Running pass: EarlyCSEPass
; ORDER-NOT: {{Loop|LICM|Unswitch|IndVar}}
; ORDER: Running pass: {anonymous}::Pass<ModuleIR> on [module]
; ORDER: Running pass: InlinerPass
; ORDER: Running pass: SROAPass
; ORDER: Running pass: GVNPass
; ORDER: Running pass: {anonymous}::Pass<ModuleIR> on [module]
; ORDER: Running pass: LoopVectorizePass
; ORDER: Running pass: {anonymous}::Pass<ModuleIR> on [module]
;
; A directive-free program is untouched and runs.
; RUN: %clang -O2 %S/Inputs/plain.ll -o %t.exe && %t.exe | FileCheck %s --check-prefix=EXE
; RUN: %clang -O0 %S/Inputs/plain.ll -o %t0.exe && %t0.exe | FileCheck %s --check-prefix=EXE
; EXE-NOT: error
; EXE: sum=4950
;
; Tracing through RUST_LOG.
; RUN: env RUST_LOG=weft=debug %opt -passes=weft-prepare -disable-output %s 2>&1 | FileCheck %s --check-prefix=LOG
; LOG: DEBUG weft] weft-prepare on module
; LOG: DEBUG weft::wregion] foo: 1 W-Region(s)

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)

define void @foo() {
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
