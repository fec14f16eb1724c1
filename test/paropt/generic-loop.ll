; OpenMP 5.0's loop construct (DIR.OMP.GENERICLOOP) becomes the construct
; its binding asks for: closely nested in a parallel region, or
; bind(parallel), a worksharing loop of the team (each iteration once, a
; barrier after); bind(thread), or nested in a worksharing loop, a simd loop
; run by its thread (vectorized). Both forms. Output at 1-7 threads equals
; the serial program's: a loop mapped to the thread in a parallel region
; would run every iteration on every thread and print team-size multiples.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
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
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=MAPPED
; RUN: %opt -passes=weft -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; CHECK: nested 4950
; CHECK-NEXT: bound 9900 198
; CHECK-NEXT: thread 2016
; CHECK-NEXT: inner 495000
; MAPPED-LABEL: define void @nested(
; MAPPED: "DIR.OMP.LOOP"()
; MAPPED-NOT: GENERICLOOP
; MAPPED: "DIR.OMP.END.LOOP"()
; MAPPED-LABEL: define void @bound(
; MAPPED: "DIR.OMP.LOOP"()
; MAPPED-NOT: BIND
; MAPPED-LABEL: define void @thread(
; MAPPED: "DIR.OMP.SIMD"()
; MAPPED-NOT: FIRSTPRIVATE
; MAPPED: "DIR.OMP.END.SIMD"()
; MAPPED-LABEL: define void @inner(
; MAPPED: !"DIR.OMP.SIMD"
; MAPPED: !"DIR.OMP.END.SIMD"
; REMARK: DIR.OMP.SIMD (region 1) in function 'thread' vectorized
; REMARK: DIR.OMP.SIMD (region 1) in function 'inner.omp_outlined.1' vectorized

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@f1 = private constant [11 x i8] c"nested %d\0A\00"
@f2 = private constant [13 x i8] c"bound %d %d\0A\00"
@f3 = private constant [11 x i8] c"thread %d\0A\00"
@f4 = private constant [10 x i8] c"inner %d\0A\00"
@v = global [64 x i32] zeroinitializer
@w = global [100 x i32] zeroinitializer

; loop, no bind, closely nested in parallel: the team shares the iterations.
define void @nested() {
entry:
  %s = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %iv = alloca i32
  store i32 0, ptr %s
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %s),
      "QUAL.OMP.PRIVATE"(ptr %lb, ptr %ub, ptr %iv) ]
  store i32 0, ptr %lb
  store i32 99, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.GENERICLOOP"(), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %sv = load i32, ptr %s
  %sv1 = add i32 %sv, %i
  store i32 %sv1, ptr %s
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.GENERICLOOP"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @f1, i32 %r)
  ret void
}

; bind(parallel) with lastprivate, under a parallel region that has other
; code (the barrier after the loop keeps the reads of w right).
define void @bound() {
entry:
  %s = alloca i32
  %x = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %iv = alloca i32
  store i32 0, ptr %s
  store i32 -1, ptr %x
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %s, ptr %x),
      "QUAL.OMP.PRIVATE"(ptr %lb, ptr %ub, ptr %iv) ]
  store i32 0, ptr %lb
  store i32 99, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.GENERICLOOP"(), "QUAL.OMP.BIND.PARALLEL"(),
      "QUAL.OMP.LASTPRIVATE:TYPED"(ptr %x, i32 0, i32 1), "QUAL.OMP.ORDER.CONCURRENT"(),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %wi = getelementptr [100 x i32], ptr @w, i32 0, i32 %i
  %i2 = mul i32 %i, 2
  store i32 %i2, ptr %wi
  store i32 %i2, ptr %x
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.GENERICLOOP"() ]
  ; after the loop's barrier, one thread sums w
  %m = call token @llvm.directive.region.entry() [ "DIR.OMP.MASTER"() ]
  br label %sc
sc:
  %j = phi i32 [ 0, %e ], [ %j1, %sb ]
  %acc = phi i32 [ 0, %e ], [ %acc1, %sb ]
  %jc = icmp slt i32 %j, 100
  br i1 %jc, label %sb, label %se
sb:
  %wj = getelementptr [100 x i32], ptr @w, i32 0, i32 %j
  %wv = load i32, ptr %wj
  %acc1 = add i32 %acc, %wv
  %j1 = add i32 %j, 1
  br label %sc
se:
  store i32 %acc, ptr %s
  call void @llvm.directive.region.exit(token %m) [ "DIR.OMP.END.MASTER"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %s
  %xv = load i32, ptr %x
  call i32 (ptr, ...) @printf(ptr @f2, i32 %r, i32 %xv)
  ret void
}

; bind(thread), orphaned: a simd loop; icx's FIRSTPRIVATE lower bound goes.
define void @thread() {
entry:
  %s = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %iv = alloca i32
  store i32 0, ptr %s
  store i32 0, ptr %lb
  store i32 63, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.GENERICLOOP"(), "QUAL.OMP.BIND.THREAD"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0), "QUAL.OMP.SHARED"(ptr @v) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %vi = getelementptr [64 x i32], ptr @v, i32 0, i32 %i
  store i32 %i, ptr %vi
  %sv = load i32, ptr %s
  %sv1 = add i32 %sv, %i
  store i32 %sv1, ptr %s
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.GENERICLOOP"() ]
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @f3, i32 %r)
  ret void
}

; Paper form: a loop in the body of a worksharing loop binds to its thread.
define void @inner() {
entry:
  %s = alloca i32
  store i32 0, ptr %s
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %s)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %oc
oc:
  %i = phi i32 [ 0, %entry ], [ %i1, %ol ]
  %ok = icmp slt i32 %i, 100
  br i1 %ok, label %ob, label %oe
ob:
  %p = alloca i32
  store i32 0, ptr %p
  call void @llvm.directive(metadata !"DIR.OMP.GENERICLOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %p)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %ic
ic:
  %j = phi i32 [ 0, %ob ], [ %j1, %ib ]
  %jk = icmp slt i32 %j, 100
  br i1 %jk, label %ib, label %ie
ib:
  %pv = load i32, ptr %p
  %pv1 = add i32 %pv, %j
  store i32 %pv1, ptr %p
  %j1 = add i32 %j, 1
  br label %ic
ie:
  call void @llvm.directive(metadata !"DIR.OMP.END.GENERICLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %pf = load i32, ptr %p
  %sv = load i32, ptr %s
  %sv1 = add i32 %sv, %pf
  store i32 %sv1, ptr %s
  br label %ol
ol:
  %i1 = add i32 %i, 1
  br label %oc
oe:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @f4, i32 %r)
  ret void
}

define i32 @main() {
  call void @nested()
  call void @bound()
  call void @thread()
  call void @inner()
  ret i32 0
}
