; linear(j:3) on a worksharing loop: iteration k starts with j = j0 + 3k
; whichever thread runs it, and j leaves the loop with the value of the
; sequentially last iteration; firstprivate+lastprivate of one variable:
; every thread reads the original before any writes it back (a barrier).
; Output at 1-7 threads equals the serial program's (directives stripped).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=SERIAL < %t.expected
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
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
;
; j starts at 10; a[k] = 10 + 3k for k < 100 (sum 1000 + 3 * 4950 = 15850),
; j ends at 10 + 300. x: b[k] gets x0 = 7 added; the last iteration sets x to 1000.
; SERIAL: linear 15850 310
; SERIAL-NEXT: firstlast 5650 1000
; SHAPE-LABEL: define internal void @lin.omp_outlined
; SHAPE: call void @__kmpc_barrier(
; SHAPE: call void @__kmpc_dispatch_init_8(

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fl = private constant [22 x i8] c"linear %lld %d\0A\00\00\00\00\00\00\00"
@ff = private constant [25 x i8] c"firstlast %lld %lld\0A\00\00\00\00\00"
@a = global [100 x i64] zeroinitializer
@b = global [100 x i64] zeroinitializer

define void @lin() {
entry:
  %j = alloca i32
  store i32 10, ptr %j
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", ptr %j, i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 7)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i64 %k, 100
  br i1 %c, label %body, label %end
body:
  %jv = load i32, ptr %j
  %jw = sext i32 %jv to i64
  %p = getelementptr [100 x i64], ptr @a, i64 0, i64 %k
  store i64 %jw, ptr %p
  %j3 = add i32 %jv, 3
  store i32 %j3, ptr %j
  %k1 = add i64 %k, 1
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %s = call i64 @sum(ptr @a)
  %jf = load i32, ptr %j
  call i32 (ptr, ...) @printf(ptr @fl, i64 %s, i32 %jf)
  ret void
}

define void @firstlast() {
entry:
  %x = alloca i64
  store i64 7, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.FIRSTPRIVATE"(ptr %x),
      "QUAL.OMP.LASTPRIVATE"(ptr %x), "QUAL.OMP.SCHEDULE.STATIC"(i32 1) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %latch ]
  %c = icmp slt i64 %k, 100
  br i1 %c, label %body, label %end
body:
  %p = getelementptr [100 x i64], ptr @b, i64 0, i64 %k
  %x0 = load i64, ptr %x
  %v = add i64 %k, %x0
  store i64 %v, ptr %p
  %last = icmp eq i64 %k, 99
  br i1 %last, label %setx, label %latch
setx:
  store i64 1000, ptr %x
  br label %latch
latch:
  %k1 = add i64 %k, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %s = call i64 @sum(ptr @b)
  %xf = load i64, ptr %x
  call i32 (ptr, ...) @printf(ptr @ff, i64 %s, i64 %xf)
  ret void
}

define i64 @sum(ptr %a) {
entry:
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %body ]
  %c = icmp slt i64 %i, 100
  br i1 %c, label %body, label %end
body:
  %p = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 1
  br label %cond
end:
  ret i64 %acc
}

define i32 @main() {
  call void @lin()
  call void @firstlast()
  ret i32 0
}
