; The plugin hooks the pipeline: with only -fpass-plugin (clang) or
; -load-pass-plugin with default<On> (opt), directive IR is handled at every
; optimization level, after the scalar simplification pipeline (inliner,
; SROA, GVN) and before the loop vectorizer. Directive-free modules are left
; alone and still compile and run.
;
; RUN: not %clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %clang -O1 -c %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %clang -O2 -c %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %clang -O3 -c %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %opt -passes='default<O2>' -disable-output %s 2>&1 | FileCheck %s
; The LTO pre-link pipelines too:
; RUN: not %clang -O2 -flto -c %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not %clang -O2 -flto=thin -c %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: weft: not yet supported: DIR.OMP.PARALLEL in function 'foo'{{.*}}(in weft (optimizer-early hook))
;
; Placement: after the simplification pipeline, before the vectorizer; the
; second (optimizer-last) hook is a no-op guard.
; RUN: %opt -passes='default<O2>' -debug-pass-manager -disable-output %S/Inputs/plain.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ORDER
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
