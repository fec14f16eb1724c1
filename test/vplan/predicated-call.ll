; A pure call under a condition that may trap on what an inactive lane
; holds (here: it divides by its argument, which the condition keeps off
; zero) runs in the active lanes only, each in a block of its own: pure is
; not safe to run anywhere (LLVM's isSafeToSpeculativelyExecute says
; which calls are, such as math intrinsics). Output equals the serial
; program's at -O0 and -O2 (a lane that is off dividing by zero traps).
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: %clang -O0 -Wno-override-module %s -o %t0
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t0 | diff %t.expected -
; RUN: %t2 | diff %t.expected -
;
; CHECK-LABEL: define void @f(
; CHECK:       vector.body:
; CHECK:         [[ON:%.+]] = extractelement <4 x i1> %{{.+}}, i32 0
; CHECK-NEXT:    br i1 [[ON]], label %pred.lane, label %pred.lane.continue
; CHECK:       pred.lane:
; CHECK:         call i32 @inv(i32
; CHECK:       pred.lane.continue:
; CHECK-NEXT:    %pred.lanes = phi <4 x i32>
; CHECK:       vector.middle:

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [6 x i8] c"%lld\0A\00"

; Pure, but not safe to run on any input: it divides by its argument.
define internal i32 @inv(i32 %x) #0 {
  %q = sdiv i32 1000000, %x
  ret i32 %q
}

; for (i = 0; i < n; i++) if (a[i] != 0) a[i] = inv(a[i]);
define void @f(ptr %a, i64 %n) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p
  %nz = icmp ne i32 %x, 0
  br i1 %nz, label %then, label %latch
then:
  %y = call i32 @inv(i32 %x)
  store i32 %y, ptr %p
  br label %latch
latch:
  %i1 = add nuw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define i32 @main() {
entry:
  %a = alloca [1001 x i32]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %m = urem i64 %i, 5
  %v = trunc i64 %m to i32
  %pa = getelementptr i32, ptr %a, i64 %i
  store i32 %v, ptr %pa
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 1001
  br i1 %done, label %go, label %fill
go:
  call void @f(ptr %a, i64 1001)
  br label %sum
sum:
  %j = phi i64 [ 0, %go ], [ %j1, %sum ]
  %acc = phi i64 [ 0, %go ], [ %acc2, %sum ]
  %qa = getelementptr i32, ptr %a, i64 %j
  %va = load i32, ptr %qa
  %va64 = sext i32 %va to i64
  %m31 = mul i64 %acc, 31
  %acc2 = add i64 %m31, %va64
  %j1 = add i64 %j, 1
  %sdone = icmp eq i64 %j1, 1001
  br i1 %sdone, label %print, label %sum
print:
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %acc2)
  ret i32 0
}

attributes #0 = { noinline nounwind willreturn memory(none) }
