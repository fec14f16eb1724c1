; Directives in unreachable blocks are dead code: the W-Region analysis
; ignores them and weft-cleanup strips them without an error, so no directive
; reaches code generation (clang -O0 keeps unreachable blocks).
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; PRINT: W-Region graph for function 'f':
; PRINT-NEXT: (no W-Regions)
; RUN: %opt -passes=weft -S %s | FileCheck %s
; CHECK-NOT: llvm.directive
; CHECK: define void @f()
; CHECK-NOT: llvm.directive
; RUN: %clang -O0 -c %s -o %t.o

declare void @llvm.directive(metadata)

define void @f() {
entry:
  ret void
dead:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %dead2
dead2:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
