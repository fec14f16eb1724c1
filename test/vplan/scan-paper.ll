; Scan reductions in simd loops, vectorized by weft-vectorize alone: the
; paper's form (the four llvm.directive intrinsics with metadata strings,
; Tian et al. 2016). An exclusive `|` and an inclusive `&` over i32 (VF 4
; from the target; simdlen(8)), an inclusive minimum of doubles through a
; compare and select (simdlen(4)) and an exclusive double sum (simdlen(8)).
; Output at trip counts 0, 1, 3, 4, 5, 8, 37 and 64 equals the serial
; program's for weft-vectorize's own output at -O0 and for the plugin's
; pipeline at -O0 and -O2 (see scan.ll for how a broken prefix shows).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %opt -passes=weft-vectorize -verify-each %s -o %t.vec.bc
; RUN: %clang -O0 -Wno-override-module %t.vec.bc -o %t.vec
; RUN: %t.vec | diff %t.expected -
; RUN: %clang -O0 -Wno-override-module %s -o %t0
; RUN: %t0 | diff %t.expected -
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t2 | diff %t.expected -
; RUN: %opt -passes=weft-vectorize -S %s | FileCheck %s
; RUN: %opt -passes=weft-vectorize -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; OUT: excl_or n=5 total 1082401: 0 1 33 1057 33825
; OUT: excl_fadd n=5 total -3: 0 -2 -1.5 -3 -2
;
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'excl_or' vectorized with VF 4
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'incl_and' vectorized with VF 8
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'incl_fmin' vectorized with VF 4
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'excl_fadd' vectorized with VF 8
;
; CHECK-LABEL: define void @excl_or(
; CHECK:       vector.body:
; CHECK:         %scan.carry = phi <4 x i32> [ zeroinitializer, %vector.ph ]
; CHECK:         %scan.shift = shufflevector <4 x i32> %xs.vec, <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK-NEXT:    or <4 x i32> %scan.shift, %xs.vec
; CHECK:         store <4 x i32> %scan.exclusive, ptr
;
; CHECK-LABEL: define void @incl_and(
; CHECK:       vector.body:
; CHECK:         %scan.carry = phi <8 x i32> [ <i32 -1, {{.*}}>, %vector.ph ]
; CHECK:         %scan.shift = shufflevector <8 x i32> %xs.vec, <8 x i32> <i32 -1, {{.*}}>, <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; CHECK-NEXT:    and <8 x i32> %scan.shift, %xs.vec
; CHECK:         %scan.carry.next = shufflevector <8 x i32> [[INCL:%.+]], <8 x i32> [[INCL]], <8 x i32> <i32 7, {{.*}}>
; CHECK:         store <8 x i32> [[INCL]], ptr
;
; CHECK-LABEL: define void @incl_fmin(
; CHECK:       vector.body:
; CHECK:         call reassoc <4 x double> @llvm.minnum.v4f64(<4 x double> %scan.shift, <4 x double> %xs.vec)
;
; CHECK-LABEL: define void @excl_fadd(
; CHECK:       vector.body:
; CHECK:         %scan.exclusive = shufflevector <8 x double>
; CHECK:         store <8 x double> %scan.exclusive, ptr
; CHECK-NOT:   @llvm.directive
; CHECK-NOT:   weft.simd.scan

target triple = "x86_64-pc-linux-gnu"
declare i32 @printf(ptr, ...)

@a = global [64 x i32] zeroinitializer
@g = global [64 x i32] zeroinitializer
@h = global [64 x i32] zeroinitializer
@b = global [64 x i32] zeroinitializer
@d = global [64 x double] zeroinitializer
@e = global [64 x double] zeroinitializer
@sizes = private constant [8 x i32] [i32 0, i32 1, i32 3, i32 4, i32 5, i32 8, i32 37, i32 64]
@head = private constant [18 x i8] c"%s n=%d total %d:\00"
@headd = private constant [18 x i8] c"%s n=%d total %g:\00"
@item = private constant [4 x i8] c" %d\00"
@itemd = private constant [4 x i8] c" %g\00"
@nl = private constant [2 x i8] c"\0A\00"

; a[k] = 7k mod 11 - 3; g[k] = ~(1 << 5k mod 31); h[k] = 1 << 5k mod 31;
; d[k] = (5k mod 9 - 4) / 2: every sum, product and minimum of them is
; exact in any order.
define void @fill() {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %kx = sext i32 %k to i64
  %m = mul i32 %k, 7
  %r = urem i32 %m, 11
  %v = sub i32 %r, 3
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %kx
  store i32 %v, ptr %pa
  %m5 = mul i32 %k, 5
  %sh = urem i32 %m5, 31
  %bit = shl i32 1, %sh
  %nbit = xor i32 %bit, -1
  %pg = getelementptr inbounds [64 x i32], ptr @g, i64 0, i64 %kx
  store i32 %nbit, ptr %pg
  %ph = getelementptr inbounds [64 x i32], ptr @h, i64 0, i64 %kx
  store i32 %bit, ptr %ph
  %r9 = urem i32 %m5, 9
  %w = sub i32 %r9, 4
  %wf = sitofp i32 %w to double
  %half = fmul double %wf, 5.000000e-01
  %pd = getelementptr inbounds [64 x double], ptr @d, i64 0, i64 %kx
  store double %half, ptr %pd
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, 64
  br i1 %more, label %loop, label %done
done:
  ret void
}

; name n=<n> total <t>: b[0] ... b[n-1]
define void @show(ptr %name, i32 %n, i32 %t) {
entry:
  call i32 (ptr, ...) @printf(ptr @head, ptr %name, i32 %n, i32 %t)
  br label %cond
cond:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i32 %k, %n
  br i1 %c, label %body, label %done
body:
  %kx = sext i32 %k to i64
  %p = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %kx
  %v = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @item, i32 %v)
  %k1 = add i32 %k, 1
  br label %cond
done:
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

; The same for e[].
define void @showd(ptr %name, i32 %n, double %t) {
entry:
  call i32 (ptr, ...) @printf(ptr @headd, ptr %name, i32 %n, double %t)
  br label %cond
cond:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i32 %k, %n
  br i1 %c, label %body, label %done
body:
  %kx = sext i32 %k to i64
  %p = getelementptr inbounds [64 x double], ptr @e, i64 0, i64 %kx
  %v = load double, ptr %p
  call i32 (ptr, ...) @printf(ptr @itemd, double %v)
  %k1 = add i32 %k, 1
  br label %cond
done:
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
define void @excl_or(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 0, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.OR:INSCAN", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %xv2 = load i32, ptr %x
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %xv2, ptr %pb
  call void @llvm.directive(metadata !"DIR.OMP.SCAN")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.EXCLUSIVE", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.SCAN")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %pa = getelementptr inbounds [64 x i32], ptr @h, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %xs = or i32 %xv, %av
  store i32 %xs, ptr %x
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %x
  call void @show(ptr @s.excl_or, i32 %n, i32 %r)
  ret void
}

define void @incl_and(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 -1, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.AND:INSCAN", ptr %x)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.SIMDLEN", i32 8)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds [64 x i32], ptr @g, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %xs = and i32 %av, %xv
  store i32 %xs, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.SCAN")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INCLUSIVE", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.SCAN")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %xv2 = load i32, ptr %x
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %xv2, ptr %pb
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %x
  call void @show(ptr @s.incl_and, i32 %n, i32 %r)
  ret void
}

define void @incl_fmin(i32 %n) {
entry:
  %x = alloca double, align 8
  store double 1.000000e+03, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MIN:INSCAN", ptr %x)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.SIMDLEN", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds [64 x double], ptr @d, i64 0, i64 %ix
  %av = load double, ptr %pa
  %xv = load double, ptr %x
  %lt = fcmp olt double %av, %xv
  %xs = select i1 %lt, double %av, double %xv
  store double %xs, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.SCAN")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INCLUSIVE", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.SCAN")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %xv2 = load double, ptr %x
  %pb = getelementptr inbounds [64 x double], ptr @e, i64 0, i64 %ix
  store double %xv2, ptr %pb
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load double, ptr %x
  call void @showd(ptr @s.incl_fmin, i32 %n, double %r)
  ret void
}

define void @excl_fadd(i32 %n) {
entry:
  %x = alloca double, align 8
  store double 0.000000e+00, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD:INSCAN", ptr %x)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.SIMDLEN", i32 8)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %xv2 = load double, ptr %x
  %pb = getelementptr inbounds [64 x double], ptr @e, i64 0, i64 %ix
  store double %xv2, ptr %pb
  call void @llvm.directive(metadata !"DIR.OMP.SCAN")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.EXCLUSIVE", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.SCAN")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %pa = getelementptr inbounds [64 x double], ptr @d, i64 0, i64 %ix
  %av = load double, ptr %pa
  %xv = load double, ptr %x
  %xs = fadd double %xv, %av
  store double %xs, ptr %x
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load double, ptr %x
  call void @showd(ptr @s.excl_fadd, i32 %n, double %r)
  ret void
}

@s.excl_or = private constant [8 x i8] c"excl_or\00"
@s.incl_and = private constant [9 x i8] c"incl_and\00"
@s.incl_fmin = private constant [10 x i8] c"incl_fmin\00"
@s.excl_fadd = private constant [10 x i8] c"excl_fadd\00"
define i32 @main() {
entry:
  call void @fill()
  br label %sizes
sizes:
  %j = phi i32 [ 0, %entry ], [ %j1, %sizes ]
  %p = getelementptr inbounds [8 x i32], ptr @sizes, i64 0, i32 %j
  %n = load i32, ptr %p
  call void @excl_or(i32 %n)
  call void @incl_and(i32 %n)
  call void @incl_fmin(i32 %n)
  call void @excl_fadd(i32 %n)
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 8
  br i1 %again, label %sizes, label %done
done:
  ret i32 0
}
