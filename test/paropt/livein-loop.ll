; icx's LIVEIN on a worksharing loop (as its public VPO tests write a
; `do collapse(2)` whose second loop is a `tile`'s) and on a simd loop (as
; ifx writes `!$omp simd` with the arrays it reads): the loop names the
; variables whose values flow into it, with no data-sharing of their own.
; weft takes the clause and ignores it, as on TILE and UNROLL. The loop is
; orphaned (in @work, called by every thread of a parallel region), so J and
; the slots are each thread's own locals, and the reduction's item is the
; caller's shared variable. Every (I, J) must be visited once, whatever the
; team's size: the sum of I * 100 + J and the count are the serial program's
; (a loop run whole by each thread would print N times the sum, a lost
; iteration a smaller one).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -disable-output %s
; CHECK: sum 275760 count 480
; CHECK-NEXT: simd 5050

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [19 x i8] c"sum %ld count %ld\0A\00"
@fmt2 = private constant [9 x i8] c"simd %d\0A\00"

; do collapse(2) over do I = 1, 10 { tile sizes(8) over do J = 1, 48 },
; adding I * 100 + J to sum and 1 to count.
define void @work(ptr %sum, ptr %count) {
alloca_0:
  %I = alloca i32
  %J = alloca i32
  %iv1 = alloca i32
  %lb1 = alloca i32
  %ub1 = alloca i32
  %iv2 = alloca i32
  %lb2 = alloca i32
  %ub2 = alloca i32
  store i32 0, ptr %lb1
  store i32 9, ptr %ub1
  store i32 0, ptr %lb2
  store i32 47, ptr %ub2
  br label %bb1
bb1:
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %I, i32 0, i32 1), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb1, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv1, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub1, i32 0),
      "QUAL.OMP.LIVEIN"(ptr %J), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, i64 0, i32 1),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %count, i64 0, i32 1) ]
  %l1 = load i32, ptr %lb1
  store i32 %l1, ptr %iv1
  br label %cond1
cond1:
  %a = load i32, ptr %iv1
  %b = load i32, ptr %ub1
  %c = icmp sle i32 %a, %b
  br i1 %c, label %body1, label %end1
body1:
  %a1 = load i32, ptr %iv1
  %i = add nsw i32 %a1, 1
  store i32 %i, ptr %I
  br label %bb2
bb2:
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 8),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv2, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub2, i32 0),
      "QUAL.OMP.LIVEIN"(ptr %J), "QUAL.OMP.LIVEIN"(ptr %I), "QUAL.OMP.LIVEIN"(ptr %lb2) ]
  %l2 = load i32, ptr %lb2
  store i32 %l2, ptr %iv2
  br label %cond2
cond2:
  %d = load i32, ptr %iv2
  %e = load i32, ptr %ub2
  %f = icmp sle i32 %d, %e
  br i1 %f, label %body2, label %end2
body2:
  %d1 = load i32, ptr %iv2
  %j = add nsw i32 %d1, 1
  store i32 %j, ptr %J
  %iv = load i32, ptr %I
  %jv = load i32, ptr %J
  %h = mul i32 %iv, 100
  %v = add i32 %h, %jv
  %v64 = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %v64
  store i64 %s1, ptr %sum
  %n = load i64, ptr %count
  %n1 = add i64 %n, 1
  store i64 %n1, ptr %count
  %d2 = load i32, ptr %iv2
  %d3 = add nsw i32 %d2, 1
  store i32 %d3, ptr %iv2
  br label %cond2
end2:
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TILE"() ]
  br label %latch1
latch1:
  %a2 = load i32, ptr %iv1
  %a3 = add nsw i32 %a2, 1
  store i32 %a3, ptr %iv1
  br label %cond1
end1:
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.LOOP"() ]
  ret void
}

; !$omp simd reduction(+: s) over do i = 1, n (n read through LIVEIN's
; pointer): s = 5050.
define i32 @simd_livein(ptr %np) {
entry:
  %s = alloca i32
  store i32 0, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1), "QUAL.OMP.LIVEIN"(ptr %np) ]
  br label %body
body:
  %i = phi i32 [ 1, %entry ], [ %i1, %body ]
  %x = load i32, ptr %s
  %y = add i32 %x, %i
  store i32 %y, ptr %s
  %i1 = add i32 %i, 1
  %n = load i32, ptr %np
  %c = icmp sle i32 %i1, %n
  br i1 %c, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %s
  ret i32 %r
}

define i32 @main() {
entry:
  %sum = alloca i64
  %count = alloca i64
  store i64 0, ptr %sum
  store i64 0, ptr %count
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %sum, ptr %count) ]
  br label %body
body:
  call void @work(ptr %sum, ptr %count)
  br label %done
done:
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  %s = load i64, ptr %sum
  %n = load i64, ptr %count
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %s, i64 %n)
  %np = alloca i32
  store i32 100, ptr %np
  %v = call i32 @simd_livein(ptr %np)
  call i32 (ptr, ...) @printf(ptr @fmt2, i32 %v)
  ret i32 0
}
