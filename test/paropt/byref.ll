; icx's BYREF items: the operand holds the variable's address (a C++
; reference, a Fortran dummy argument), `:TYPED` gives the variable's type,
; and the region reaches the variable by loading the address. Each clause
; gets a copy of the variable and a reference of its own to it: private,
; firstprivate, lastprivate, reduction and linear on a worksharing loop,
; shared on a parallel region, private and linear on a simd loop. Output at
; 1-7 threads equals the serial program's (directives stripped); reading the
; operand as the variable gave another program.
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
; RUN: %opt -passes=weft -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; ws: a[k] = fp + k (fp = 5) + 3k (linear l from 0 by 3), the private p is
; scratch; sum of a is 5*100 + 4*4950 = 20300; lp ends as the last
; iteration's 99*2 = 198; red adds 100 ones to 7 (107); l ends at 300; fp
; stays 5.
; CHECK: ws 20300 198 107 300 5
; CHECK-NEXT: shared 1
; CHECK-NEXT: simd 6048 64
; REMARK: remark: {{.*}}DIR.OMP.SIMD{{.*}} vectorized

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fw = private constant [22 x i8] c"ws %d %d %d %d %d\0A\00\00\00\00"
@fsh = private constant [11 x i8] c"shared %d\0A\00"
@fs = private constant [12 x i8] c"simd %d %d\0A\00"
@a = global [100 x i32] zeroinitializer
@v = global [64 x i32] zeroinitializer

define i32 @sum(ptr %x, i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %b ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %b, label %e
b:
  %g = getelementptr i32, ptr %x, i32 %i
  %x1 = load i32, ptr %g
  %acc1 = add i32 %acc, %x1
  %i1 = add i32 %i, 1
  br label %l
e:
  ret i32 %acc
}

; Every variable is a dummy argument, passed by reference (Fortran).
define void @ws(ptr %p, ptr %fp, ptr %lp, ptr %red, ptr %l) {
entry:
  %p.addr = alloca ptr
  %fp.addr = alloca ptr
  %lp.addr = alloca ptr
  %red.addr = alloca ptr
  %l.addr = alloca ptr
  %iv = alloca i32
  %ub = alloca i32
  store ptr %p, ptr %p.addr
  store ptr %fp, ptr %fp.addr
  store ptr %lp, ptr %lp.addr
  store ptr %red, ptr %red.addr
  store ptr %l, ptr %l.addr
  store i32 99, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.PRIVATE:BYREF.TYPED"(ptr %p.addr, i32 0, i32 1),
      "QUAL.OMP.FIRSTPRIVATE:BYREF.TYPED"(ptr %fp.addr, i32 0, i32 1),
      "QUAL.OMP.LASTPRIVATE:BYREF.TYPED"(ptr %lp.addr, i32 0, i32 1),
      "QUAL.OMP.REDUCTION.ADD:BYREF.TYPED"(ptr %red.addr, i32 0, i32 1),
      "QUAL.OMP.LINEAR:BYREF.TYPED"(ptr %l.addr, i32 0, i32 1, i32 3),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0),
      "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 3) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %body, label %end
body:
  %pr = load ptr, ptr %p.addr
  %fpr = load ptr, ptr %fp.addr
  %fpv = load i32, ptr %fpr
  %s = add i32 %fpv, %i
  store i32 %s, ptr %pr
  %lr = load ptr, ptr %l.addr
  %lv = load i32, ptr %lr
  %pv = load i32, ptr %pr
  %s2 = add i32 %pv, %lv
  %ai = getelementptr [100 x i32], ptr @a, i32 0, i32 %i
  store i32 %s2, ptr %ai
  %lv3 = add i32 %lv, 3
  store i32 %lv3, ptr %lr
  %lpr = load ptr, ptr %lp.addr
  %i2 = mul i32 %i, 2
  store i32 %i2, ptr %lpr
  %rr = load ptr, ptr %red.addr
  %rv = load i32, ptr %rr
  %rv1 = add i32 %rv, 1
  store i32 %rv1, ptr %rr
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; A reference shared by the team: one variable, written under critical.
define void @shared(ptr %x) {
entry:
  %x.addr = alloca ptr
  store ptr %x, ptr %x.addr
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED:BYREF"(ptr %x.addr) ]
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  %xr = load ptr, ptr %x.addr
  store i32 1, ptr %xr
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}

; simd: a private scratch and a linear counter, both by reference.
define void @simd(ptr %s, ptr %c) {
entry:
  %s.addr = alloca ptr
  %c.addr = alloca ptr
  %i.iv = alloca i32
  store ptr %s, ptr %s.addr
  store ptr %c, ptr %c.addr
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(),
      "QUAL.OMP.PRIVATE:BYREF.TYPED"(ptr %s.addr, i32 0, i32 1),
      "QUAL.OMP.LINEAR:BYREF.TYPED"(ptr %c.addr, i32 0, i32 1, i32 1),
      "QUAL.OMP.LINEAR:IV.TYPED"(ptr %i.iv, i32 0, i32 1, i32 1) ]
  br label %body
body:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  store i32 %k, ptr %i.iv
  %sr = load ptr, ptr %s.addr
  %k2 = mul i32 %k, 2
  store i32 %k2, ptr %sr
  %cr = load ptr, ptr %c.addr
  %cv = load i32, ptr %cr
  %sv = load i32, ptr %sr
  %val = add i32 %sv, %cv
  %vk = getelementptr [64 x i32], ptr @v, i32 0, i32 %k
  store i32 %val, ptr %vk
  %cv1 = add i32 %cv, 1
  store i32 %cv1, ptr %cr
  %k1 = add i32 %k, 1
  %cc = icmp slt i32 %k1, 64
  br i1 %cc, label %body, label %end
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define i32 @main() {
  %p = alloca i32
  %fp = alloca i32
  %lp = alloca i32
  %red = alloca i32
  %l = alloca i32
  store i32 -1, ptr %p
  store i32 5, ptr %fp
  store i32 -1, ptr %lp
  store i32 7, ptr %red
  store i32 0, ptr %l
  call void @ws(ptr %p, ptr %fp, ptr %lp, ptr %red, ptr %l)
  %sa = call i32 @sum(ptr @a, i32 100)
  %lpv = load i32, ptr %lp
  %redv = load i32, ptr %red
  %lv = load i32, ptr %l
  %fpv = load i32, ptr %fp
  call i32 (ptr, ...) @printf(ptr @fw, i32 %sa, i32 %lpv, i32 %redv, i32 %lv, i32 %fpv)
  %x = alloca i32
  store i32 0, ptr %x
  call void @shared(ptr %x)
  %xv = load i32, ptr %x
  call i32 (ptr, ...) @printf(ptr @fsh, i32 %xv)
  %s = alloca i32
  %c = alloca i32
  store i32 0, ptr %c
  call void @simd(ptr %s, ptr %c)
  %sv = call i32 @sum(ptr @v, i32 64)
  %cv = load i32, ptr %c
  call i32 (ptr, ...) @printf(ptr @fs, i32 %sv, i32 %cv)
  ret i32 0
}
