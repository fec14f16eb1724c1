; Scan reductions in simd loops (OpenMP 5.1 §2.11.8), vectorized by
; weft-vectorize alone (token form, as icx writes it: the inscan index on
; the reduction and on the scan's INCLUSIVE/EXCLUSIVE item). Each vector
; iteration runs the input phase of its lanes from the identity, turns the
; lanes' values into prefixes in registers (shuffles by 1, 2, ... lanes
; with the identity shifted in, log2(VF) steps), combines the carry of the
; iterations before into every lane, and hands its last lane on as the next
; carry (kept in every lane of a vector); the exclusive prefix is the
; inclusive one shifted up a lane with the carry in lane 0. The scalar
; loop finishes the 1..VF iterations left
; from the carry. i32 sums (inclusive from a start of 5; exclusive with
; simdlen(8)), an inclusive max through a compare and select, a sum under
; a condition (a merge of if-converted paths), and double sums (inclusive)
; and products (exclusive) with simdlen(4); a loop whose input phase stores
; its partial value stays scalar and says why. Each prints its total and
; its prefix array at trip counts 0, 1, 3, 4, 5, 8, 37 and 64 (fewer than
; VF, multiples of VF and not); output equals the serial program's (the
; directives stripped) for weft-vectorize's own output at -O0 and for the
; plugin's pipeline at -O0 and -O2. The inputs keep every floating-point
; result exact in any order. A prefix without the carry prints other
; prefixes from the second vector iteration on; a prefix not shifted for
; exclusive prints each lane's own value in it.
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
; RUN: %opt -passes=weft-vectorize -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes='print<vplan>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PLAN
;
; OUT: incl_add n=3 total 6: 2 6 6
; OUT: excl_add n=3 total 1: 0 -3 1
; OUT: incl_add n=37 total 79: 2 6 6 13 16 15 21 23 21 26 27 24 28 28 35 38 37 43 45 43 48 49 46 50 50 57 60 59 65 67 65 70 71 68 72 72 79
; OUT: excl_add n=37 total 74: 0 -3 1 1 8 11 10 16 18 16 21 22 19 23 23 30 33 32 38 40 38 43 44 41 45 45 52 55 54 60 62 60 65 66 63 67 67
;
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'incl_add' vectorized with VF 4 and UF 2
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'excl_add' vectorized with VF 8 and UF 2
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'incl_max' vectorized with VF 4
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'incl_cond' vectorized with VF 4
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'incl_fadd' vectorized with VF 4
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'excl_fmul' vectorized with VF 4
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'refused' left scalar: {{.*}} is carried across iterations and is not a scan reduction's running value: store uses it in the input phase other than to combine a value into it
;
; PLAN-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'incl_add' (after analysis: VF 4):
; PLAN:         = phi i32 [ 5, {{.*}} ; varying, scan add
; PLAN:         scan inclusive ; the scan directive's place
; PLAN-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'excl_add' (after analysis: VF 8):
; PLAN:         store i32 %{{.*}} ; varying, after the input phase
; PLAN:         scan exclusive ; the scan directive's place
; PLAN-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'incl_max' (after analysis: VF 4):
; PLAN:         = phi i32 [ -100, {{.*}} ; varying, scan smax
;
; CHECK-LABEL: define void @incl_add(
; CHECK:       vector.body:
; CHECK:         %scan.carry = phi <4 x i32> [ <i32 5, i32 5, i32 5, i32 5>, %vector.ph ], [ %scan.carry.next{{[0-9]+}}, %vector.body ]
; (Each lane's input phase from the identity: its own value.)
; CHECK:         %xs.vec = add <4 x i32> zeroinitializer, %av.vec
; CHECK-NEXT:    [[S1:%.+]] = shufflevector <4 x i32> %xs.vec, <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK-NEXT:    [[P1:%.+]] = add <4 x i32> [[S1]], %xs.vec
; CHECK-NEXT:    [[S2:%.+]] = shufflevector <4 x i32> [[P1]], <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 5, i32 0, i32 1>
; CHECK-NEXT:    [[P2:%.+]] = add <4 x i32> [[S2]], [[P1]]
; (The carry, in every lane, into every lane; the last lane, in every lane,
; the next carry.)
; CHECK-NEXT:    [[INCL:%.+]] = add <4 x i32> %scan.carry, [[P2]]
; CHECK:         %scan.carry.next = shufflevector <4 x i32> [[INCL]], <4 x i32> [[INCL]], <4 x i32> <i32 3, i32 3, i32 3, i32 3>
; (The scan phase stores the inclusive prefix.)
; CHECK:         store <4 x i32> [[INCL]], ptr
; (The second part starts from the first's carry.)
; CHECK:         add <4 x i32> %scan.carry.next, %
; CHECK:       vector.middle:
; CHECK-NEXT:    %scan.out = extractelement <4 x i32> %scan.carry.next{{[0-9]+}}, i32 0
; CHECK:       scalar.ph:
; CHECK-NEXT:    %{{.*}}.resume = phi i32 [ 5, %{{.*}} ], [ %scan.out, %vector.middle ]
;
; CHECK-LABEL: define void @excl_add(
; CHECK:       vector.body:
; CHECK:         %xs.vec = add <8 x i32> zeroinitializer, %av.vec
; CHECK:         shufflevector <8 x i32> %{{.*}}, <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 0, i32 1, i32 2, i32 3>
; CHECK:         [[INCL:%.+]] = add <8 x i32> %scan.carry, %{{.*}}
; CHECK-NEXT:    %scan.exclusive = shufflevector <8 x i32> [[INCL]], <8 x i32> %scan.carry, <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; CHECK-NEXT:    %scan.carry.next = shufflevector <8 x i32> [[INCL]], <8 x i32> [[INCL]], <8 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
; (The scan phase, before the directive in the body, waits for the prefix.)
; CHECK-NEXT:    store <8 x i32> %scan.exclusive, ptr
;
; CHECK-LABEL: define void @incl_max(
; CHECK:       vector.body:
; CHECK:         call <4 x i32> @llvm.smax.v4i32(<4 x i32> %scan.shift, <4 x i32> %xs.vec)
;
; CHECK-LABEL: define void @incl_fadd(
; CHECK:       vector.body:
; CHECK:         %scan.carry = phi <4 x double>
; CHECK:         fadd reassoc <4 x double> %scan.shift, %xs.vec
;
; CHECK-LABEL: define void @excl_fmul(
; CHECK:       vector.body:
; CHECK:         fmul reassoc <4 x double> %scan.shift, %xs.vec
; CHECK:         store <4 x double> %scan.exclusive, ptr
;
; CHECK-LABEL: define void @refused(
; CHECK-NOT:     vector.body
; CHECK:       ret void
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
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @incl_add(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 5, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %xs = add i32 %xv, %av
  store i32 %xs, ptr %x
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.INCLUSIVE:TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %xv2 = load i32, ptr %x
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %xv2, ptr %pb
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %x
  call void @show(ptr @s.incl_add, i32 %n, i32 %r)
  ret void
}

define void @excl_add(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 0, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1), "QUAL.OMP.SIMDLEN"(i32 8) ]
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
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.EXCLUSIVE:TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %xs = add i32 %xv, %av
  store i32 %xs, ptr %x
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %x
  call void @show(ptr @s.excl_add, i32 %n, i32 %r)
  ret void
}

define void @incl_max(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 -100, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.MAX:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %gt = icmp sgt i32 %av, %xv
  %xs = select i1 %gt, i32 %av, i32 %xv
  store i32 %xs, ptr %x
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.INCLUSIVE:TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %xv2 = load i32, ptr %x
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %xv2, ptr %pb
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %x
  call void @show(ptr @s.incl_max, i32 %n, i32 %r)
  ret void
}

define void @incl_cond(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 0, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %pos = icmp sgt i32 %av, 0
  br i1 %pos, label %then, label %join
then:
  %xv = load i32, ptr %x
  %xs = add i32 %xv, %av
  store i32 %xs, ptr %x
  br label %join
join:
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.INCLUSIVE:TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %xv2 = load i32, ptr %x
  %pb = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %xv2, ptr %pb
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %x
  call void @show(ptr @s.incl_cond, i32 %n, i32 %r)
  ret void
}

define void @incl_fadd(i32 %n) {
entry:
  %x = alloca double, align 8
  store double 1.500000e+00, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, double 0.000000e+00, i32 1, i64 1), "QUAL.OMP.SIMDLEN"(i32 4) ]
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
  %xs = fadd double %xv, %av
  store double %xs, ptr %x
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.INCLUSIVE:TYPED"(ptr %x, double 0.000000e+00, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %xv2 = load double, ptr %x
  %pb = getelementptr inbounds [64 x double], ptr @e, i64 0, i64 %ix
  store double %xv2, ptr %pb
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load double, ptr %x
  call void @showd(ptr @s.incl_fadd, i32 %n, double %r)
  ret void
}

define void @excl_fmul(i32 %n) {
entry:
  %x = alloca double, align 8
  store double 1.000000e+00, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.MUL:INSCAN.TYPED"(ptr %x, double 0.000000e+00, i32 1, i64 1), "QUAL.OMP.SIMDLEN"(i32 4) ]
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
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.EXCLUSIVE:TYPED"(ptr %x, double 0.000000e+00, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %pa = getelementptr inbounds [64 x double], ptr @d, i64 0, i64 %ix
  %av = load double, ptr %pa
  %xv = load double, ptr %x
  %xs = fmul double %xv, %av
  store double %xs, ptr %x
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load double, ptr %x
  call void @showd(ptr @s.excl_fmul, i32 %n, double %r)
  ret void
}

define void @refused(i32 %n) {
entry:
  %x = alloca i32, align 8
  store i32 1, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %pa = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %ix
  %av = load i32, ptr %pa
  %xv = load i32, ptr %x
  %xs = add i32 %xv, %av
  store i32 %xs, ptr %x
  %pr = getelementptr inbounds [64 x i32], ptr @b, i64 0, i64 %ix
  store i32 %xs, ptr %pr
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.INCLUSIVE:TYPED"(ptr %x, i32 0, i32 1, i64 1) ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  br label %latch
latch:
  %i1 = add nsw i32 %i, 1
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %x
  call void @show(ptr @s.refused, i32 %n, i32 %r)
  ret void
}

@s.incl_add = private constant [9 x i8] c"incl_add\00"
@s.excl_add = private constant [9 x i8] c"excl_add\00"
@s.incl_max = private constant [9 x i8] c"incl_max\00"
@s.incl_cond = private constant [10 x i8] c"incl_cond\00"
@s.incl_fadd = private constant [10 x i8] c"incl_fadd\00"
@s.excl_fmul = private constant [10 x i8] c"excl_fmul\00"
@s.refused = private constant [8 x i8] c"refused\00"
define i32 @main() {
entry:
  call void @fill()
  br label %sizes
sizes:
  %j = phi i32 [ 0, %entry ], [ %j1, %sizes ]
  %p = getelementptr inbounds [8 x i32], ptr @sizes, i64 0, i32 %j
  %n = load i32, ptr %p
  call void @incl_add(i32 %n)
  call void @excl_add(i32 %n)
  call void @incl_max(i32 %n)
  call void @incl_cond(i32 %n)
  call void @incl_fadd(i32 %n)
  call void @excl_fmul(i32 %n)
  call void @refused(i32 %n)
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 8
  br i1 %again, label %sizes, label %done
done:
  ret i32 0
}
