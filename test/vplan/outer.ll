; Outer-loop vectorization (Tian et al. 2016, V.B): a simd loop with an inner loop
; whose trip count differs per lane. Every lane runs the inner loop until
; all lanes are done, each under the mask of the lanes still in it (a
; vector phi of i1: the lanes that entered, then those that stay); the
; inner loop's uniform values stay scalar; what a lane leaves the inner
; loop with is kept by a live-out select in the iteration it leaves. Region
; form, simdlen(4):
;  @collatz: a while loop tested at its top (weft-vectorize rotates it),
;            its steps counted by a uniform counter;
;  @tri:     an add reduction updated inside an inner loop, which runs only
;            in the lanes where a[i] is odd (the loop under a mask, entered
;            by those lanes only), with a division inside it.
; Output equals the serial program's (directives stripped) at -O0 and -O2.
; RUN: %opt -passes='print<vplan>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PLAN
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -o %t0
; RUN: %clang -O2 -Wno-override-module %s -o %t2
; RUN: %t0 | diff %t.expected -
; RUN: %t2 | diff %t.expected -
; RUN: %clang -O2 -Wno-override-module -Rpass=weft %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
;
; PLAN-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'collatz' (after analysis: VF 4):
; PLAN:        %cont1 = icmp eq i32 %x0, 1    ; varying
; PLAN:      VPBlock<3>:
; PLAN-NEXT:   OriginalBB: while.body{{$}}
; PLAN-NEXT:   Mask: %while.body.active
; PLAN-NEXT:   %while.body.active = loop_mask [%body.not, entry], [%while.body.stay, latch] ; lanes still in the loop
; PLAN-NEXT:   %[[LO:.+]].liveout = phi [none, entry], [%[[LO]], latch] ; live-out so far
; PLAN-NEXT:   %steps3 = phi i32 {{.*}}; uniform
; PLAN-NEXT:   %x2 = phi i32 {{.*}}; varying
; PLAN:        %steps1 = add i32 %steps3, 1    ; uniform
; PLAN-NEXT:   %cont = icmp eq i32 %x1, 1    ; varying
; PLAN-NEXT:   %while.body.not = not %cont
; PLAN-NEXT:   %while.body.stay = and %while.body.active, %while.body.not
; PLAN-NEXT:   %while.body.leave = and %while.body.active, %cont
; PLAN-NEXT:   %[[LO]] = select %while.body.leave, %steps1, %[[LO]].liveout ; live-out
; PLAN-NEXT:   %while.body.more = vector_mask_to_int %while.body.stay ; any lane active
; PLAN-NEXT:   VPBlockSuccessors <3> @%while.body.more, <4> @!%while.body.more
; PLAN-NEXT: VPBlock<4>:
; PLAN-NEXT:   OriginalBB: {{.*}}
; PLAN-NEXT:   Mask: %body.not
; PLAN:        OriginalBB: latch
; PLAN-NEXT:   Mask: all lanes
; PLAN-NEXT:   %steps.lcssa = blend %[[LO]] @%body.not, 0 @%cont1
;
; CHECK-LABEL: define void @collatz(
; CHECK:       vector.body:
; CHECK:       while.body.vec:
; CHECK-NEXT:    %while.body.active = phi <4 x i1>
; CHECK-NEXT:    %[[LO:.+]].liveout = phi <4 x i32> [ zeroinitializer,
; CHECK-NEXT:    %steps3{{[0-9]*}} = phi i32 [ 0,
; CHECK-NEXT:    %x2{{[0-9]*}} = phi <4 x i32>
; CHECK:         %[[LO]]{{[0-9]*}} = select <4 x i1> %while.body.leave, <4 x i32> %{{.*}}, <4 x i32> %[[LO]].liveout
; CHECK:         [[MORE:%.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %while.body.stay)
; CHECK-NEXT:    br i1 [[MORE]], label %while.body.vec, label %{{.*}}.vec, !llvm.loop
; CHECK:       vector.middle:
; CHECK-LABEL: define i64 @tri(
; CHECK:         phi <4 x i1>
; CHECK:         call <4 x i64> @llvm.masked.load.v4i64.p0(
; CHECK:         call i1 @llvm.vector.reduce.or.v4i1(
; CHECK:       vector.middle:
; CHECK:         call i64 @llvm.vector.reduce.add.v4i64(
; CHECK-NOT:   @llvm.directive
;
; OUT: collatz {{[0-9]+}} tri {{-?[0-9]+}}
; OUT-NOT: {{.}}
; REMARK-COUNT-2: vectorized with VF 4 and UF 1, scalar epilogue

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [25 x i8] c"collatz %lld tri %lld\0A\00\00\00"

; for (i = 0; i < n; i++) { x = len[i] + 1; steps = 0; while (x != 1) { x = x & 1 ? 3x + 1 : x / 2; steps++; } out[i] = steps; }
define void @collatz(ptr %out, ptr %len, i64 %n) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %pl = getelementptr inbounds i32, ptr %len, i64 %i
  %l = load i32, ptr %pl
  %x0 = add i32 %l, 1
  br label %while.head
while.head:
  %x = phi i32 [ %x0, %body ], [ %x1, %while.body ]
  %steps = phi i32 [ 0, %body ], [ %steps1, %while.body ]
  %cont = icmp eq i32 %x, 1
  br i1 %cont, label %latch, label %while.body
while.body:
  %odd = and i32 %x, 1
  %isodd = icmp ne i32 %odd, 0
  %x3 = mul i32 %x, 3
  %x31 = add i32 %x3, 1
  %xh = lshr i32 %x, 1
  %x1 = select i1 %isodd, i32 %x31, i32 %xh
  %steps1 = add i32 %steps, 1
  br label %while.head
latch:
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %steps, ptr %po
  %i1 = add nuw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

; s = init; for (i = 0; i < n; i++) if (a[i] & 1) for (q = 1; q <= (a[i] & 7); q++) s += a[i] * 100 / q;
define i64 @tri(ptr %a, i64 %n, i64 %init) {
entry:
  %s = alloca i64
  store i64 %init, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD"(ptr %s),
      "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %pa = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %pa
  %odd = and i64 %x, 1
  %c = icmp ne i64 %odd, 0
  br i1 %c, label %inner, label %latch
inner:
  %q = phi i64 [ 1, %body ], [ %q1, %inner ]
  %x2 = load i64, ptr %pa
  %hund = mul i64 %x2, 100
  %k = and i64 %x2, 7
  %d = sdiv i64 %hund, %q
  %old = load i64, ptr %s
  %new = add i64 %old, %d
  store i64 %new, ptr %s
  %q1 = add i64 %q, 1
  %again = icmp sle i64 %q1, %k
  br i1 %again, label %inner, label %latch
latch:
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i64, ptr %s
  ret i64 %r
}

define i32 @main() {
entry:
  %len = alloca [1003 x i32]
  %out = alloca [1003 x i32]
  %a = alloca [1003 x i64]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %i32 = trunc i64 %i to i32
  %h = mul i32 %i32, 7919
  %hm = urem i32 %h, 1000
  %pl = getelementptr i32, ptr %len, i64 %i
  store i32 %hm, ptr %pl
  %g = mul i64 %i, 2654435761
  %gm = urem i64 %g, 97
  %gs = sub i64 %gm, 48
  %pa = getelementptr i64, ptr %a, i64 %i
  store i64 %gs, ptr %pa
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, 1003
  br i1 %done, label %run, label %fill
run:
  call void @collatz(ptr %out, ptr %len, i64 1003)
  br label %sum
sum:
  %j = phi i64 [ 0, %run ], [ %j1, %sum ]
  %acc = phi i64 [ 0, %run ], [ %acc1, %sum ]
  %po = getelementptr i32, ptr %out, i64 %j
  %v = load i32, ptr %po
  %v64 = zext i32 %v to i64
  %w = mul i64 %v64, %j
  %acc1 = add i64 %acc, %w
  %j1 = add i64 %j, 1
  %sdone = icmp eq i64 %j1, 1003
  br i1 %sdone, label %print, label %sum
print:
  %r = call i64 @tri(ptr %a, i64 1003, i64 5)
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %acc1, i64 %r)
  ret i32 0
}
