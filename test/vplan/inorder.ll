; Floating-point sums and products under DIR.PRAGMA.IVDEP and
; DIR.VPO.AUTO.VEC, hints that license no reordering: weft keeps their
; order (each part's values, the identity in lanes that add nothing, added
; to a scalar running value in lane order by an ordered
; llvm.vector.reduce.fadd/fmul), so the result is the serial program's to
; the last bit. A sum an iteration adds two values to, or fuses a
; multiplication into (llvm.fmuladd), cannot keep its order in a vector:
; it stays scalar and says why. Under DIR.OMP.SIMD a reduction clause
; allows reassociating (a reassoc reduction after the loop). Output equals
; the serial program's at -O0 and -O2, bit for bit.
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: %clang -O0 -Wno-override-module %s -o %t0
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t0 | diff %t.expected -
; RUN: %t2 | diff %t.expected -
; RUN: %opt -passes=weft -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes='print<vplan>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PLAN
;
; PLAN-LABEL: VPlan for DIR.PRAGMA.IVDEP (region 1) in function 'csum' (after analysis
; PLAN:         %s = phi double {{.*}}; varying, reduction fadd, in order
; PLAN-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'rsum' (after analysis
; PLAN:         reduction fadd{{$}}
;
; REMARK-DAG: DIR.PRAGMA.IVDEP (region 1) in function 'csum' vectorized with VF 4
; REMARK-DAG: DIR.VPO.AUTO.VEC (region 1) in function 'prod' vectorized with VF 4
; REMARK-DAG: DIR.PRAGMA.IVDEP (region 1) in function 'dot' left scalar: %s is a floating-point sum no reduction clause names, so its order is kept, and an iteration combines more than one value into it or fuses a multiplication into it (llvm.fmuladd)
; REMARK-DAG: DIR.OMP.SIMD (region 1) in function 'rsum' vectorized with VF 4
;
; CHECK-LABEL: define double @csum(
; CHECK:       vector.body:
; CHECK:         %reduction.ordered = phi double [ %init, %vector.ph ]
; (The lanes that add nothing: the identity, -0.0.)
; CHECK:         [[V:%.+]] = select <4 x i1> %{{.*}}, <4 x double> <double -0.000000e+00, {{.*}}>, <4 x double>
; CHECK:         [[R:%.+]] = call double @llvm.vector.reduce.fadd.v4f64(double %reduction.ordered, <4 x double> [[V]])
; (The next part's values after the first's: UF parts chained in order.)
; CHECK:         call double @llvm.vector.reduce.fadd.v4f64(double [[R]], <4 x double>
; CHECK:       vector.middle:
; CHECK-LABEL: define double @prod(
; CHECK:         call double @llvm.vector.reduce.fmul.v4f64(double %reduction.ordered, <4 x double>
; CHECK-LABEL: define double @rsum(
; CHECK:       vector.middle:
; CHECK:         call reassoc double @llvm.vector.reduce.fadd.v4f64(

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare double @llvm.fmuladd.f64(double, double, double)
declare i32 @printf(ptr, ...)
@fmt = private constant [18 x i8] c"%a %a %a %.17g\0A\00\00\00"

; s = init; for (i = 0; i < n; i++) if (b[i] > 0.3) s += a[i];
define double @csum(ptr %a, ptr %b, i64 %n, double %init) #0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.PRAGMA.IVDEP"() ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %s = phi double [ %init, %entry ], [ %s2, %latch ]
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %y = load double, ptr %pb
  %c = fcmp ogt double %y, 3.000000e-01
  br i1 %c, label %then, label %latch
then:
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  %x = load double, ptr %pa
  %s1 = fadd double %s, %x
  br label %latch
latch:
  %s2 = phi double [ %s1, %then ], [ %s, %body ]
  %i1 = add nuw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.PRAGMA.END.IVDEP"() ]
  ret double %s2
}

; p = 1; for (i = 0; i < n; i++) p *= 1 + b[i] / 1000;
define double @prod(ptr %b, i64 %n) #0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.VPO.AUTO.VEC"() ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %p = phi double [ 1.000000e+00, %entry ], [ %p1, %body ]
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %y = load double, ptr %pb
  %f = fdiv double %y, 1.000000e+03
  %g = fadd double %f, 1.000000e+00
  %p1 = fmul double %p, %g
  %i1 = add nuw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.VPO.END.AUTO.VEC"() ]
  ret double %p1
}

; s = 0; for (i = 0; i < n; i++) s = fmuladd(a[i], b[i], s);
define double @dot(ptr %a, ptr %b, i64 %n) #0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.PRAGMA.IVDEP"() ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %s = phi double [ 0.000000e+00, %entry ], [ %s1, %body ]
  %pa = getelementptr inbounds double, ptr %a, i64 %i
  %x = load double, ptr %pa
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  %y = load double, ptr %pb
  %s1 = call double @llvm.fmuladd.f64(double %x, double %y, double %s)
  %i1 = add nuw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.PRAGMA.END.IVDEP"() ]
  ret double %s1
}

; s = 0; for (i = 0; i < n; i++) s += i % 11;  (exact in any order)
define double @rsum(i64 %n) {
entry:
  %s = alloca double
  store double 0.000000e+00, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD"(ptr %s),
      "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %m = urem i64 %i, 11
  %v = sitofp i64 %m to double
  %old = load double, ptr %s
  %new = fadd double %old, %v
  store double %new, ptr %s
  %i1 = add nuw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load double, ptr %s
  ret double %r
}

define i32 @main() {
entry:
  %a = alloca [1003 x double]
  %b = alloca [1003 x double]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  ; a[i] = (i % 3 ? 1 : -1e8) / (i + 1), b[i] = (i % 7) / 10 + i / 1e9
  %i3 = urem i64 %i, 3
  %z = icmp eq i64 %i3, 0
  %sign = select i1 %z, double -1.000000e+08, double 1.000000e+00
  %ip1 = add i64 %i, 1
  %fi = sitofp i64 %ip1 to double
  %av = fdiv double %sign, %fi
  %pa = getelementptr double, ptr %a, i64 %i
  store double %av, ptr %pa
  %i7 = urem i64 %i, 7
  %f7 = sitofp i64 %i7 to double
  %b1 = fdiv double %f7, 1.000000e+01
  %fii = sitofp i64 %i to double
  %b2 = fdiv double %fii, 1.000000e+09
  %bv = fadd double %b1, %b2
  %pb = getelementptr double, ptr %b, i64 %i
  store double %bv, ptr %pb
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 1003
  br i1 %done, label %go, label %fill
go:
  %r1 = call double @csum(ptr %a, ptr %b, i64 1003, double 2.500000e-01)
  %r2 = call double @prod(ptr %b, i64 1003)
  %r3 = call double @dot(ptr %a, ptr %b, i64 1003)
  %r4 = call double @rsum(i64 1003)
  call i32 (ptr, ...) @printf(ptr @fmt, double %r1, double %r2, double %r3, double %r4)
  ret i32 0
}

; (4 lanes of double: AVX2.)
attributes #0 = { "target-cpu"="x86-64-v3" }
