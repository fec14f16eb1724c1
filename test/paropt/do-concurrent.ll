; Fortran's `do concurrent` as ifx writes it (its public VPO tests): a
; DIR.OMP.GENERICLOOP marked QUAL.EXT.DO.CONCURRENT, inside a parallel
; region with BIND.TEAMS on it, or alone with a reduction. Each thread that
; reaches a do concurrent runs every iteration (Fortran 2018 §11.1.7), so
; outside teams weft binds it to the thread (a simd loop) whatever BIND
; says. @in_parallel: every thread marks its own row of 10 and checks it
; (a loop shared among the team, or taken as bound to teams, would leave
; rows short at 2 or more threads and print 0); @alone: a reduce(+) over
; 1..100.
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
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=SHAPE
; SHAPE-LABEL: define void @in_parallel(
; SHAPE: "DIR.OMP.SIMD"()
; SHAPE-NOT: QUAL.EXT.DO.CONCURRENT
; SHAPE-NOT: QUAL.OMP.BIND
; SHAPE: "DIR.OMP.END.SIMD"()
; CHECK: in-parallel 1
; CHECK-NEXT: alone 5050

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @omp_get_thread_num()
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@s1 = private constant [12 x i8] c"in-parallel\00"
@s2 = private constant [6 x i8] c"alone\00"
@marks = global [8 x [10 x i32]] zeroinitializer

; parallel; do concurrent (i = 1:10) marks(i, me) = 1; end do; ok = ok .and.
; (the row is full).
define void @in_parallel() {
entry:
  %I = alloca i32
  %ok = alloca i32
  store i32 1, ptr %ok
  br label %par
par:
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
     "QUAL.OMP.SHARED:TYPED"(ptr %I, i32 0, i64 1), "QUAL.OMP.REDUCTION.AND:TYPED"(ptr %ok, i32 0, i32 1) ]
  %lb = alloca i32
  store i32 0, ptr %lb
  %ub = alloca i32
  store i32 9, ptr %ub
  %iv = alloca i32
  %me = call i32 @omp_get_thread_num()
  %me64 = sext i32 %me to i64
  br label %loop
loop:
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.GENERICLOOP"(),
     "QUAL.EXT.DO.CONCURRENT"(), "QUAL.OMP.BIND.TEAMS"(), "QUAL.OMP.COLLAPSE"(i32 1),
     "QUAL.OMP.PRIVATE:TYPED"(ptr %I, i32 0, i64 1), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i64 1),
     "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %cond
cond:
  %a = load i32, ptr %iv
  %b = load i32, ptr %ub
  %c = icmp sle i32 %a, %b
  br i1 %c, label %body, label %done
body:
  %a1 = load i32, ptr %iv
  %i1 = add nsw i32 %a1, 1
  store i32 %i1, ptr %I
  %iw = sext i32 %a1 to i64
  %mp = getelementptr [8 x [10 x i32]], ptr @marks, i64 0, i64 %me64, i64 %iw
  store i32 1, ptr %mp
  %a2 = load i32, ptr %iv
  %a3 = add nsw i32 %a2, 1
  store i32 %a3, ptr %iv
  br label %cond
done:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.GENERICLOOP"() ]
  br label %check
check:
  %k = phi i64 [ 0, %done ], [ %k1, %check ]
  %n = phi i32 [ 0, %done ], [ %n1, %check ]
  %q = getelementptr [8 x [10 x i32]], ptr @marks, i64 0, i64 %me64, i64 %k
  %v = load i32, ptr %q
  %n1 = add i32 %n, %v
  %k1 = add i64 %k, 1
  %more = icmp slt i64 %k1, 10
  br i1 %more, label %check, label %checked
checked:
  %full = icmp eq i32 %n1, 10
  %f = zext i1 %full to i32
  %o = load i32, ptr %ok
  %o1 = and i32 %o, %f
  store i32 %o1, ptr %ok
  br label %endpar
endpar:
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %ok
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s1, i32 %r)
  ret void
}

; do concurrent (i = 1:100) reduce(+: s); s = s + i; end do.
define void @alone() {
entry:
  %I = alloca i32
  %s = alloca i32
  store i32 0, ptr %s
  %lb = alloca i32
  store i32 0, ptr %lb
  %ub = alloca i32
  store i32 99, ptr %ub
  %iv = alloca i32
  br label %loop
loop:
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.GENERICLOOP"(),
     "QUAL.EXT.DO.CONCURRENT"(), "QUAL.OMP.COLLAPSE"(i32 1),
     "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1),
     "QUAL.OMP.PRIVATE:TYPED"(ptr %I, i32 0, i32 1), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1),
     "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %cond
cond:
  %a = load i32, ptr %iv
  %b = load i32, ptr %ub
  %c = icmp sle i32 %a, %b
  br i1 %c, label %body, label %done
body:
  %a1 = load i32, ptr %iv
  %i1 = add nsw i32 %a1, 1
  store i32 %i1, ptr %I
  %x = load i32, ptr %s
  %y = load i32, ptr %I
  %z = add i32 %x, %y
  store i32 %z, ptr %s
  %a2 = load i32, ptr %iv
  %a3 = add nsw i32 %a2, 1
  store i32 %a3, ptr %iv
  br label %cond
done:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.GENERICLOOP"() ]
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s2, i32 %r)
  ret void
}

define i32 @main() {
  call void @in_parallel()
  call void @alone()
  ret i32 0
}
