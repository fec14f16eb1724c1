; Clauses of simd loops as icx writes them: LINEAR:IV names the loop's own
; variable (its copy is stepped by the loop and copied out as the
; sequential loop leaves it), ALIGNED is a hint; the loop (in memory form,
; as -O0 writes it) is vectorized, and computes what the serial program
; computes. An alignment that is not a power of two is an error naming the
; clause (from the directive model, before any pass runs).
; RUN: %opt -passes=weft -pass-remarks=weft -verify-each -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -o %t0
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t0 | diff %t.expected -
; RUN: %t2 | diff %t.expected -
; RUN: not %opt -passes=weft -disable-output %S/Inputs/aligned-bad.ll 2>&1 | FileCheck %s --check-prefix=BAD
; A LINEAR:IV step other than the one the loop adds to its variable
; contradicts the loop: an error naming the clause.
; RUN: not %opt -passes=weft -disable-output %S/Inputs/linear-iv-step.ll 2>&1 | FileCheck %s --check-prefix=STEP
; STEP: error: weft: QUAL.OMP.LINEAR:IV on DIR.OMP.SIMD in function 'f': the step 2 is not the loop's: it steps its variable by 1 [rule: operand-kind]
; CHECK: i 100 sum 14850
; REMARK: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'scale' vectorized with VF {{[0-9]+}}
; BAD: error: weft: QUAL.OMP.ALIGNED on DIR.OMP.SIMD in function 'f': alignment must be a constant power of two, got i32 24 [rule: operand-kind]

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [17 x i8] c"i %d sum %lld\0A\00\00\00"

; for (i = 0; i < n; i++) b[i] = 3 * a[i];  then i (100) is printed.
define i32 @scale(ptr %a, ptr %b, i32 %n) {
entry:
  %i = alloca i32
  store i32 0, ptr %i
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(),
      "QUAL.OMP.LINEAR:IV.TYPED"(ptr %i, i32 0, i32 1, i32 1), "QUAL.OMP.ALIGNED"(ptr %a, i32 32) ]
  br label %cond
cond:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %end
body:
  %iv2 = load i32, ptr %i
  %idx = sext i32 %iv2 to i64
  %pa = getelementptr i64, ptr %a, i64 %idx
  %x = load i64, ptr %pa
  %y = mul i64 %x, 3
  %pb = getelementptr i64, ptr %b, i64 %idx
  store i64 %y, ptr %pb
  %next = add nsw i32 %iv2, 1
  store i32 %next, ptr %i
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i32, ptr %i
  ret i32 %r
}

define i32 @main() {
entry:
  %a = alloca [100 x i64], align 32
  %b = alloca [100 x i64]
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %pk = getelementptr [100 x i64], ptr %a, i64 0, i64 %k
  store i64 %k, ptr %pk
  %k1 = add i64 %k, 1
  %f = icmp slt i64 %k1, 100
  br i1 %f, label %fill, label %run
run:
  %i = call i32 @scale(ptr %a, ptr %b, i32 100)
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j1, %sum ]
  %s = phi i64 [ 0, %run ], [ %s1, %sum ]
  %pj = getelementptr [100 x i64], ptr %b, i64 0, i64 %j
  %v = load i64, ptr %pj
  %s1 = add i64 %s, %v
  %j1 = add i64 %j, 1
  %g = icmp slt i64 %j1, 100
  br i1 %g, label %sum, label %out
out:
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %i, i64 %s1)
  ret i32 0
}
