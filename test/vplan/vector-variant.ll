; A call that names a vector variant of itself (the
; vector-function-abi-variant attribute, as -fveclib and declare simd give
; it) becomes a call of the variant; a pure call with none runs lane by
; lane. simdlen(4) fixes the variant's width. Output equals the serial
; program's.
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t2 | diff %t.expected -
; CHECK-LABEL: define void @apply(
; CHECK: call <4 x double> @twice_v4(<4 x double>
; CHECK: call double @plus_one(double
; CHECK: call double @plus_one(double
; CHECK: call double @plus_one(double
; CHECK: call double @plus_one(double

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [11 x i8] c"sum %.1f\0A\00\00"

define double @twice(double %x) #0 {
  %y = fmul double %x, 2.0
  ret double %y
}

define <4 x double> @twice_v4(<4 x double> %x) #0 {
  %y = fmul <4 x double> %x, <double 2.0, double 2.0, double 2.0, double 2.0>
  ret <4 x double> %y
}

define double @plus_one(double %x) #0 {
  %y = fadd double %x, 1.0
  ret double %y
}

define void @apply(ptr %a, ptr %b, i64 %n) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %pa = getelementptr double, ptr %a, i64 %i
  %x = load double, ptr %pa
  %y = call double @twice(double %x) #1
  %z = call double @plus_one(double %y) #2
  %pb = getelementptr double, ptr %b, i64 %i
  store double %z, ptr %pb
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define i32 @main() {
entry:
  %a = alloca [50 x double]
  %b = alloca [50 x double]
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %pk = getelementptr [50 x double], ptr %a, i64 0, i64 %k
  %kf = sitofp i64 %k to double
  store double %kf, ptr %pk
  %k1 = add i64 %k, 1
  %f = icmp slt i64 %k1, 50
  br i1 %f, label %fill, label %run
run:
  call void @apply(ptr %a, ptr %b, i64 50)
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j1, %sum ]
  %s = phi double [ 0.0, %run ], [ %s1, %sum ]
  %pj = getelementptr [50 x double], ptr %b, i64 0, i64 %j
  %v = load double, ptr %pj
  %s1 = fadd double %s, %v
  %j1 = add i64 %j, 1
  %g = icmp slt i64 %j1, 50
  br i1 %g, label %sum, label %out
out:
  call i32 (ptr, ...) @printf(ptr @fmt, double %s1)
  ret i32 0
}

attributes #0 = { nounwind memory(none) }
attributes #1 = { nounwind memory(none) "vector-function-abi-variant"="_ZGV_LLVM_N4v_twice(twice_v4)" }
attributes #2 = { nounwind memory(none) }
