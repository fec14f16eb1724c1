; taskloop as icx writes it: its implicit taskgroup written out
; (DIR.OMP.TASKGROUP with QUAL.OMP.IMPLICIT), the loop's lower and upper
; bounds stored before the directive, the lower bound FIRSTPRIVATE:TYPED and
; read after the directive to start the IV, NORMALIZED.IV/UB:TYPED,
; GRAINSIZE:STRICT. Executed (the serial program's output at 1-7 threads):
; every a[i] = 3 * i + 1 for i in 0..29 (a task that started its IV
; elsewhere than its own lower bound writes other cells), and the
; taskgroup waits for every task before the sum is read.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; CHECK: sum 1335
; SHAPE: call void @__kmpc_taskgroup(
; SHAPE: call void @__kmpc_taskloop_5(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, ptr {{.*}}, i64 1, i32 1, i32 1, i64 5, i32 1,
; SHAPE: call void @__kmpc_end_taskgroup(

target triple = "x86_64-pc-linux-gnu"

@.fmt = private constant [9 x i8] c"sum %ld\0A\00"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %a = alloca [30 x i32], align 16
  %.omp.iv = alloca i32, align 4
  %.omp.lb = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %i = alloca i32, align 4
  %0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %a), "QUAL.OMP.PRIVATE"(ptr %.omp.iv, ptr %.omp.lb, ptr %.omp.ub, ptr %i) ]
  %1 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  %2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"(), "QUAL.OMP.IMPLICIT"() ]
  store i32 0, ptr %.omp.lb, align 4
  store i32 29, ptr %.omp.ub, align 4
  %3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKLOOP"(), "QUAL.OMP.GRAINSIZE:STRICT"(i32 5), "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %.omp.iv, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %.omp.lb, i32 0, i32 1), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %.omp.ub, i32 0), "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1), "QUAL.OMP.SHARED"(ptr %a) ]
  %4 = load i32, ptr %.omp.lb, align 4
  store i32 %4, ptr %.omp.iv, align 4
  br label %omp.inner.for.cond

omp.inner.for.cond:
  %5 = load i32, ptr %.omp.iv, align 4
  %6 = load i32, ptr %.omp.ub, align 4
  %cmp = icmp sle i32 %5, %6
  br i1 %cmp, label %omp.inner.for.body, label %omp.loop.exit

omp.inner.for.body:
  %7 = load i32, ptr %.omp.iv, align 4
  store i32 %7, ptr %i, align 4
  %8 = load i32, ptr %i, align 4
  %mul = mul nsw i32 %8, 3
  %add = add nsw i32 %mul, 1
  %idx = sext i32 %8 to i64
  %p = getelementptr inbounds [30 x i32], ptr %a, i64 0, i64 %idx
  store i32 %add, ptr %p, align 4
  %9 = load i32, ptr %.omp.iv, align 4
  %add1 = add nsw i32 %9, 1
  store i32 %add1, ptr %.omp.iv, align 4
  br label %omp.inner.for.cond

omp.loop.exit:
  call void @llvm.directive.region.exit(token %3) [ "DIR.OMP.END.TASKLOOP"() ]
  call void @llvm.directive.region.exit(token %2) [ "DIR.OMP.END.TASKGROUP"() ]
  call void @llvm.directive.region.exit(token %1) [ "DIR.OMP.END.SINGLE"() ]
  call void @llvm.directive.region.exit(token %0) [ "DIR.OMP.END.PARALLEL"() ]
  br label %check

check:
  %j = phi i64 [ 0, %omp.loop.exit ], [ %j1, %check ]
  %acc = phi i64 [ 0, %omp.loop.exit ], [ %acc1, %check ]
  %ap = getelementptr inbounds [30 x i32], ptr %a, i64 0, i64 %j
  %av = load i32, ptr %ap, align 4
  %av64 = sext i32 %av to i64
  %acc1 = add i64 %acc, %av64
  %j1 = add i64 %j, 1
  %more = icmp ult i64 %j1, 30
  br i1 %more, label %check, label %done

done:
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %acc1)
  ret i32 0
}
