; Copies weft makes of a variable are at least as aligned as the variable:
; the region's loads and stores keep the alignment they claim of the
; original (here `align 32` vector stores, which x86 emits as aligned moves
; that fault on a copy at the element type's alignment). private,
; firstprivate, lastprivate and reduction copies of over-aligned arrays on
; a worksharing loop, and a region-local array moved into the microtask;
; each iteration reports whether the copies it sees are aligned as declared.
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
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
; CHECK: misaligned 0 sum 65024 last 1052
; SHAPE-DAG: %p.priv = alloca [8 x i32], align 32
; SHAPE-DAG: %f.priv = alloca [8 x i32], align 32
; SHAPE-DAG: %l.priv = alloca [8 x i32], align 32
; SHAPE-DAG: %r.priv = alloca [8 x i32], align 64

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [32 x i8] c"misaligned %d sum %d last %d\0A\00\00\00"
@bad = global i32 0

define i32 @off(ptr %p, i64 %a) {
  %i = ptrtoint ptr %p to i64
  %m = sub i64 %a, 1
  %r = and i64 %i, %m
  %z = icmp ne i64 %r, 0
  %v = zext i1 %z to i32
  ret i32 %v
}

define i32 @main() {
entry:
  %p = alloca [8 x i32], align 32
  %f = alloca [8 x i32], align 32
  %l = alloca [8 x i32], align 32
  %r = alloca [8 x i32], align 64
  %iv = alloca i32
  %ub = alloca i32
  store <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, ptr %f, align 32
  store <8 x i32> zeroinitializer, ptr %r, align 64
  store i32 127, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %p, i32 0, i32 8), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %f, i32 0, i32 8),
      "QUAL.OMP.LASTPRIVATE:TYPED"(ptr %l, i32 0, i32 8), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %r, i32 0, i32 8),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub) ]
  store i32 0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp ule i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %o1 = call i32 @off(ptr %p, i64 32)
  %o2 = call i32 @off(ptr %f, i64 32)
  %o3 = call i32 @off(ptr %l, i64 32)
  %o4 = call i32 @off(ptr %r, i64 64)
  %o12 = or i32 %o1, %o2
  %o34 = or i32 %o3, %o4
  %o = or i32 %o12, %o34
  %old = atomicrmw or ptr @bad, i32 %o seq_cst
  %ins = insertelement <8 x i32> poison, i32 %i, i64 0
  %splat = shufflevector <8 x i32> %ins, <8 x i32> poison, <8 x i32> zeroinitializer
  store <8 x i32> %splat, ptr %p, align 32
  %pv = load <8 x i32>, ptr %p, align 32
  %fv = load <8 x i32>, ptr %f, align 32
  %sum = add <8 x i32> %pv, %fv
  store <8 x i32> %sum, ptr %l, align 32
  %rv = load <8 x i32>, ptr %r, align 64
  %rs = add <8 x i32> %rv, %pv
  store <8 x i32> %rs, ptr %r, align 64
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %bad = load i32, ptr @bad
  %rr = load <8 x i32>, ptr %r, align 64
  %s = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %rr)
  %lv = load <8 x i32>, ptr %l, align 32
  %ls = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %lv)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %bad, i32 %s, i32 %ls)
  ret i32 0
}
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)
