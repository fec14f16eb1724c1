; The outlined code stays fast: the STREAM triad, written as a loop in the
; paper's form, is normalized at pipeline start, outlined at early
; simplification, and the rest of clang's -O2/-O3 pipeline vectorizes its
; loop inside the microtask (LoopVectorize's own remark names the function).
; RUN: %clang -O3 -c -Wno-override-module -Rpass=loop-vectorize %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %clang -O2 -c -Wno-override-module -Rpass=loop-vectorize %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %clang -O3 -S -emit-llvm -Wno-override-module %s -o - | FileCheck %s --check-prefix=IR
; REMARK: remark: {{.*}}vectorized loop (vectorization width: {{[0-9]+}}, interleaved count: {{[0-9]+}})
; IR-LABEL: define internal void @triad.omp_outlined
; IR: load <{{[0-9]+}} x double>
; IR: fmul <{{[0-9]+}} x double>
; IR: store <{{[0-9]+}} x double>
; IR-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)

define void @triad(ptr noalias %a, ptr noalias %b, ptr noalias %c, double %s, i64 %n) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %go = icmp slt i64 %i, %n
  br i1 %go, label %body, label %end
body:
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  %vb = load double, ptr %pb
  %vc = load double, ptr %pc
  %m = fmul double %s, %vc
  %v = fadd double %vb, %m
  store double %v, ptr %pa
  %i1 = add nsw i64 %i, 1
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
