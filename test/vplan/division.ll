; How a division under a mask runs, chosen per width from the target's
; costs (x86-64-v3: no vector integer division): an i32 one through f64
; vectors (exact for 32-bit operands), an i64 one by scalarized predication
; (each lane whose mask is on divides, in a block of its own; the others
; do not divide at all). Both under the all-false bypass. Output equals the
; serial program's at -O0 and -O2.
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
; REMARK-DAG: in function 'div32' vectorized with VF 4 and UF 1, scalar epilogue, divisions under a mask: i32 through f64 vectors with a safe divisor, 1 all-false bypass(es)
; REMARK-DAG: in function 'div64' vectorized with VF 4 and UF 1, scalar epilogue, divisions under a mask: other widths the active lanes only, one by one, 1 all-false bypass(es)
;
; CHECK-LABEL: define void @div32(
; CHECK:         fdiv <4 x double>
; CHECK-NOT:     sdiv <4 x i32>
; CHECK-LABEL: define void @div64(
; CHECK:       vector.body:
; CHECK-NOT:     sdiv <4 x i64>
; CHECK:       pred.lane:
; CHECK:         [[Q:%.+]] = sdiv i64 %m, %{{.+}}
; CHECK-NEXT:    insertelement <4 x i64> {{.*}}, i64 [[Q]], i32 0
; CHECK:       pred.lane.continue:
; CHECK-NEXT:    %pred.lanes = phi <4 x i64>
; CHECK-COUNT-3: pred.lanes{{[0-9]+}} = phi <4 x i64>
; CHECK:       vector.middle:

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [12 x i8] c"%lld %lld\0A\00\00"

; for (k = 0; k < 1001; k++) { y = a[k]; if (y > m) y = m / y; a[k] = k + y; }
define void @div32(ptr %a, i32 %m) #0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %k = phi i64 [ 0, %entry ], [ %k1, %join ]
  %p = getelementptr inbounds i32, ptr %a, i64 %k
  %y = load i32, ptr %p
  %c = icmp sgt i32 %y, %m
  br i1 %c, label %then, label %join
then:
  %d = sdiv i32 %m, %y
  br label %join
join:
  %y2 = phi i32 [ %d, %then ], [ %y, %body ]
  %k32 = trunc i64 %k to i32
  %s = add i32 %k32, %y2
  store i32 %s, ptr %p
  %k1 = add nuw i64 %k, 1
  %done = icmp eq i64 %k1, 1001
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define void @div64(ptr %a, i64 %m) #0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %k = phi i64 [ 0, %entry ], [ %k1, %join ]
  %p = getelementptr inbounds i64, ptr %a, i64 %k
  %y = load i64, ptr %p
  %c = icmp sgt i64 %y, %m
  br i1 %c, label %then, label %join
then:
  %d = sdiv i64 %m, %y
  br label %join
join:
  %y2 = phi i64 [ %d, %then ], [ %y, %body ]
  %s = add i64 %k, %y2
  store i64 %s, ptr %p
  %k1 = add nuw i64 %k, 1
  %done = icmp eq i64 %k1, 1001
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define i32 @main() {
entry:
  %a = alloca [1001 x i32]
  %b = alloca [1001 x i64]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %h = mul i64 %i, 2654435761
  %hm = urem i64 %h, 1000
  %hs = sub i64 %hm, 300
  %h32 = trunc i64 %hs to i32
  %pa = getelementptr i32, ptr %a, i64 %i
  store i32 %h32, ptr %pa
  %pb = getelementptr i64, ptr %b, i64 %i
  store i64 %hs, ptr %pb
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 1001
  br i1 %done, label %run, label %fill
run:
  call void @div32(ptr %a, i32 400)
  call void @div64(ptr %b, i64 400)
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j1, %sum ]
  %acc = phi i64 [ 0, %run ], [ %acc2, %sum ]
  %qa = getelementptr i32, ptr %a, i64 %j
  %va = load i32, ptr %qa
  %va64 = sext i32 %va to i64
  %qb = getelementptr i64, ptr %b, i64 %j
  %vb = load i64, ptr %qb
  %m31 = mul i64 %acc, 31
  %acc1 = add i64 %m31, %va64
  %acc2 = xor i64 %acc1, %vb
  %j1 = add i64 %j, 1
  %sdone = icmp eq i64 %j1, 1001
  br i1 %sdone, label %print, label %sum
print:
  %last = load i64, ptr %b
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %acc2, i64 %last)
  ret i32 0
}
attributes #0 = { "target-cpu"="x86-64-v3" }
