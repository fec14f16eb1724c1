; Unnamed values and blocks print with LLVM's own slot numbers (as clang
; -O2 output has them), from one numbering per function.
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s
; CHECK:      BEGIN WRNParallelNode<1> {
; CHECK:        ENTRY BB: %4
; CHECK-NEXT:   EXIT BB: %6
; CHECK:        NUM_THREADS: i32 %0
; CHECK:        PRIVATE: ptr %2, ptr %3
; CHECK:      } END WRNParallelNode<1>

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f(i32 %0) {
  %2 = alloca i32
  %3 = alloca float
  br label %4
4:
  %5 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 %0), "QUAL.OMP.PRIVATE"(ptr %2, ptr %3) ]
  br label %6
6:
  call void @llvm.directive.region.exit(token %5) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
