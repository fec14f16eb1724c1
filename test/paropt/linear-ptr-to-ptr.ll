; icx's pointer linear: `QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED(ptr %p, <pointee>,
; 1, step)` names a variable holding a pointer; `:TYPED` gives what it points
; to and the step counts those (linear(p:2) on `int *p`). On a worksharing
; loop (int *, step 2; short * global, step 3; int ** with a `ptr null`
; pointee; char * with an i8 pointee) and on a simd loop (the vectorizer
; widens it). Each iteration writes through its pointer, and the pointers
; leave with the sequentially last iteration's values. Output at 1-7
; threads equals the serial program's (directives stripped); reading the
; variable as an i32 instead gives another program (it crashed).
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
; RUN: %opt -passes=weft -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; a[2k] = k for k < 100: sum 4950, p ends 200 ints in; s[3k] = k: 4950, q
; ends 300 shorts in; pp ends 100 pointers in; c ends 100 bytes in.
; simd: v[k] = 3k for k < 64 through r (step 1): 6048, r ends at 64.
; SERIAL: ws 4950 200 4950 300 100 100
; SERIAL-NEXT: simd 6048 64
; REMARK: remark: {{.*}}DIR.OMP.SIMD{{.*}} vectorized

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fw = private constant [26 x i8] c"ws %d %d %d %d %d %d\0A\00\00\00\00\00"
@fs = private constant [12 x i8] c"simd %d %d\0A\00"
@a = global [200 x i32] zeroinitializer
@s = global [300 x i16] zeroinitializer
@ptrs = global [100 x ptr] zeroinitializer
@bytes = global [100 x i8] zeroinitializer
@v = global [64 x i32] zeroinitializer
@q = global ptr @s

define i32 @sum32(ptr %x, i32 %n) {
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

define i32 @sum16(ptr %x, i32 %n) {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %b ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %b, label %e
b:
  %g = getelementptr i16, ptr %x, i32 %i
  %x1 = load i16, ptr %g
  %x2 = sext i16 %x1 to i32
  %acc1 = add i32 %acc, %x2
  %i1 = add i32 %i, 1
  br label %l
e:
  ret i32 %acc
}

define i32 @diff(ptr %a, ptr %b, i64 %size) {
  %ai = ptrtoint ptr %a to i64
  %bi = ptrtoint ptr %b to i64
  %d = sub i64 %ai, %bi
  %n = sdiv i64 %d, %size
  %r = trunc i64 %n to i32
  ret i32 %r
}

define void @ws() {
entry:
  %p = alloca ptr
  %pp = alloca ptr
  %c = alloca ptr
  %iv = alloca i32
  %ub = alloca i32
  store ptr @a, ptr %p
  store ptr @ptrs, ptr %pp
  store ptr @bytes, ptr %c
  store i32 99, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED"(ptr %p, i32 0, i32 1, i32 2),
      "QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED"(ptr @q, i16 0, i32 1, i32 3),
      "QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED"(ptr %pp, ptr null, i32 1, i32 1),
      "QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED"(ptr %c, i8 0, i32 1, i32 1),
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
  %pv = load ptr, ptr %p
  store i32 %i, ptr %pv
  %pv2 = getelementptr i32, ptr %pv, i64 2
  store ptr %pv2, ptr %p
  %qv = load ptr, ptr @q
  %i16 = trunc i32 %i to i16
  store i16 %i16, ptr %qv
  %qv3 = getelementptr i16, ptr %qv, i64 3
  store ptr %qv3, ptr @q
  %ppv = load ptr, ptr %pp
  store ptr %ppv, ptr %ppv
  %ppv1 = getelementptr ptr, ptr %ppv, i64 1
  store ptr %ppv1, ptr %pp
  %cv = load ptr, ptr %c
  %cv1 = getelementptr i8, ptr %cv, i64 1
  store ptr %cv1, ptr %c
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %sa = call i32 @sum32(ptr @a, i32 200)
  %pf = load ptr, ptr %p
  %dp = call i32 @diff(ptr %pf, ptr @a, i64 4)
  %ss = call i32 @sum16(ptr @s, i32 300)
  %qf = load ptr, ptr @q
  %dq = call i32 @diff(ptr %qf, ptr @s, i64 2)
  %ppf = load ptr, ptr %pp
  %dpp = call i32 @diff(ptr %ppf, ptr @ptrs, i64 8)
  %cf = load ptr, ptr %c
  %dc = call i32 @diff(ptr %cf, ptr @bytes, i64 1)
  call i32 (ptr, ...) @printf(ptr @fw, i32 %sa, i32 %dp, i32 %ss, i32 %dq, i32 %dpp, i32 %dc)
  ret void
}

define void @simd() {
entry:
  %r = alloca ptr
  %i.iv = alloca i32
  store ptr @v, ptr %r
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(),
      "QUAL.OMP.LINEAR:PTR_TO_PTR.TYPED"(ptr %r, i32 0, i32 1, i32 1),
      "QUAL.OMP.LINEAR:IV.TYPED"(ptr %i.iv, i32 0, i32 1, i32 1) ]
  br label %body
body:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  store i32 %k, ptr %i.iv
  %rv = load ptr, ptr %r
  %k3 = mul i32 %k, 3
  store i32 %k3, ptr %rv
  %rv1 = getelementptr i32, ptr %rv, i64 1
  store ptr %rv1, ptr %r
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, 64
  br i1 %c, label %body, label %end
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %sv = call i32 @sum32(ptr @v, i32 64)
  %rf = load ptr, ptr %r
  %dr = call i32 @diff(ptr %rf, ptr @v, i64 4)
  call i32 (ptr, ...) @printf(ptr @fs, i32 %sv, i32 %dr)
  ret void
}

define i32 @main() {
  call void @ws()
  call void @simd()
  ret i32 0
}
