; A simd loop calling an intrinsic with metadata arguments (a constrained
; fmul's rounding mode and exception behaviour, as in Intel's public VPO
; tests): weft-vectorize cannot read such operands into its VPlan, so the
; loop stays a correct scalar loop with a missed remark (it used to be an
; internal error: inkwell panics on a metadata operand). Executed: the
; product sum is the serial program's.
; RUN: %opt -passes=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not='internal error'
; REMARK: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'scale' left scalar: %mul has a metadata or token argument
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; CHECK: scaled 10100

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare double @llvm.experimental.constrained.fmul.f64(double, double, metadata, metadata)
declare i32 @printf(ptr, ...)
@fmt = private constant [11 x i8] c"scaled %d\0A\00"
@a = global [101 x double] zeroinitializer

; b[i] = a[i] * t for i < n, under simd, with strict floating point.
define void @scale(ptr %b, double %t, i64 %n) #0 {
entry:
  %tok = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %pa = getelementptr inbounds [101 x double], ptr @a, i64 0, i64 %i
  %x = load double, ptr %pa
  %mul = call double @llvm.experimental.constrained.fmul.f64(double %x, double %t, metadata !"round.dynamic", metadata !"fpexcept.strict") #0
  %pb = getelementptr inbounds double, ptr %b, i64 %i
  store double %mul, ptr %pb
  %i1 = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %tok) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define i32 @main() #0 {
entry:
  %b = alloca [101 x double]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %pa = getelementptr inbounds [101 x double], ptr @a, i64 0, i64 %i
  %v = uitofp i64 %i to double
  store double %v, ptr %pa
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, 101
  br i1 %c, label %fill, label %run
run:
  call void @scale(ptr %b, double 2.0, i64 101) #0
  br label %sum
sum:
  %k = phi i64 [ 0, %run ], [ %k1, %sum ]
  %s = phi double [ 0.0, %run ], [ %s1, %sum ]
  %pb = getelementptr inbounds [101 x double], ptr %b, i64 0, i64 %k
  %y = load double, ptr %pb
  %s1 = fadd double %s, %y
  %k1 = add i64 %k, 1
  %d = icmp ult i64 %k1, 101
  br i1 %d, label %sum, label %done
done:
  %r = fptosi double %s1 to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  ret i32 0
}

attributes #0 = { strictfp }
