; A pointer derived from a privatized variable but computed before the
; region (EarlyCSE merges identical GEPs across the directive) is recomputed
; from the private copy: no thread writes the original through it.
; Found by the differential test (a lastprivate array raced at -O2).
; RUN: %opt -passes=weft -S %s | FileCheck %s
; RUN: %opt -passes='function(early-cse),weft' -S %s | FileCheck %s

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

@g = global [4 x i32] zeroinitializer

; CHECK-LABEL: define internal void @f.omp_outlined.1(
; CHECK-DAG: %la.priv = alloca [3 x i64]
; CHECK-DAG: %g.priv = alloca [4 x i32]
; CHECK-DAG: %e1.priv = getelementptr [3 x i64], ptr %la.priv, i64 0, i64 1
; CHECK-DAG: %[[G2:.*]] = getelementptr inbounds [4 x i32], ptr %g.priv, i64 0, i64 2
; CHECK: store i64 7, ptr %e1.priv
; CHECK: store i32 3, ptr %[[G2]]
define void @f(ptr %out) {
entry:
  %la = alloca [3 x i64]
  %e1 = getelementptr [3 x i64], ptr %la, i64 0, i64 1
  store i64 0, ptr %e1
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %la, i64 0, i32 3), "QUAL.OMP.PRIVATE"(ptr @g) ]
  store i64 7, ptr %e1
  store i32 3, ptr getelementptr ([4 x i32], ptr @g, i64 0, i64 2)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
