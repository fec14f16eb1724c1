; The last iterations as masked vector iterations (chosen by the cost
; model when they cost less than scalar ones: here 8 lanes of a body with a
; division): the vector loop runs a multiple of VF iterations, the masked
; remainder the rest but the last (its lanes past the end off: every load,
; store and division under that mask, a reduction keeping their values),
; and the scalar loop exactly one. Trip counts 1003 (32 iterations a trip
; of the vector loop, UF 4: a remainder of two masked iterations, the
; second with 2 lanes on), 5 and 9 (no vector trip: the remainder alone),
; 1 (neither). A zero divisor past the end of b would trap if a lane past
; the end divided. Output equals the serial program's at -O0 and -O2.
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: %clang -O0 -Wno-override-module %s -o %t0
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t0 | diff %t.expected -
; RUN: %t2 | diff %t.expected -
; RUN: %opt -passes=weft -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; REMARK: in function 'quot' vectorized with VF 8 and UF 4, masked remainder
;
; CHECK-LABEL: define i64 @quot(
; CHECK:       vector.body:
; CHECK:         load <8 x i32>
; CHECK:       vector.middle:
; CHECK:       remainder.ph:
; CHECK-NEXT:    %remainder.base = phi i64 [ 0, %{{.*}} ], [ %vector.trips, %vector.middle ]
; CHECK-NEXT:    %remainder.acc = phi i64
; CHECK:       remainder.vector.body:
; CHECK:         %remainder.lanes = icmp ult <8 x i64>
; CHECK:         call <8 x i32> @llvm.masked.load.v8i32.p0(ptr {{.*}}, i32 4, <8 x i1> %remainder.lanes,
; (The division: only in the lanes before the end, one by one, as the cost
; model has it for i32 on this target.)
; CHECK:         extractelement <8 x i1> %remainder.lanes, i32 0
; CHECK:       pred.lane:
; CHECK:         sdiv i32 1000003, %{{.+}}
; CHECK:         call void @llvm.masked.store.v8i32.p0(<8 x i32> {{.*}}, <8 x i1> %remainder.lanes)
; CHECK:         select <8 x i1> %remainder.lanes, <8 x i64>
; CHECK:       remainder.vector.middle:
; CHECK:       remainder.done:
; CHECK-NEXT:    %remainder.reduced = phi i64
; CHECK:       scalar.ph:

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [13 x i8] c"%lld %lld\0A\00\00\00"

; s = 0; for (k = 0; k < n; k++) { q = 1000003 / b[k]; a[k] = q; s += q; }
define i64 @quot(ptr %a, ptr %b, i64 %n) {
entry:
  %s = alloca i64
  store i64 0, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 8),
      "QUAL.OMP.REDUCTION.ADD"(ptr %s) ]
  br label %body
body:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %pb = getelementptr inbounds i32, ptr %b, i64 %k
  %y = load i32, ptr %pb
  %q = sdiv i32 1000003, %y
  %pa = getelementptr inbounds i32, ptr %a, i64 %k
  store i32 %q, ptr %pa
  %q64 = sext i32 %q to i64
  %old = load i64, ptr %s
  %new = add i64 %old, %q64
  store i64 %new, ptr %s
  %k1 = add nuw i64 %k, 1
  %more = icmp slt i64 %k1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i64, ptr %s
  ret i64 %r
}

define void @run(i64 %n) {
entry:
  %a = alloca [1008 x i32]
  %b = alloca [1008 x i32]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %pa = getelementptr i32, ptr %a, i64 %i
  store i32 -1, ptr %pa
  ; b[i] = i < n ? i % 97 - 48 | 1 : 0  (a zero past the end: dividing by it traps)
  %m = urem i64 %i, 97
  %m1 = sub i64 %m, 48
  %m2 = or i64 %m1, 1
  %in = icmp slt i64 %i, %n
  %v = select i1 %in, i64 %m2, i64 0
  %v32 = trunc i64 %v to i32
  %pb = getelementptr i32, ptr %b, i64 %i
  store i32 %v32, ptr %pb
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 1008
  br i1 %done, label %go, label %fill
go:
  %r = call i64 @quot(ptr %a, ptr %b, i64 %n)
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
  %sdone = icmp eq i64 %j1, 1008
  br i1 %sdone, label %print, label %sum
print:
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %r, i64 %acc2)
  ret void
}

define i32 @main() {
  call void @run(i64 1003)
  call void @run(i64 5)
  call void @run(i64 1)
  call void @run(i64 9)
  ret i32 0
}
