; Vector code from the VPlan, and its execution. Region form (the paper
; form is exercised by test/vplan/simdtest.py through weft-cc). Each loop
; has simdlen(4) so the vector shape does not depend on the target:
;  @foo: the paper's loop (a division under a condition: safe divisor and
;        all-false bypass; a blend; consecutive vector load and store);
;  @sum: an add reduction with a masked load (the accumulator starts with
;        the original in lane 0, the lanes are added after the loop);
;  @perm: a gather and a scatter through an index array, a select.
; Every loop keeps a scalar epilogue (at least one iteration) and both
; loops are marked vectorized for LoopVectorize. Output equals the serial
; program's (directives stripped) at -O0 and -O2.
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
; OUT: sum {{[0-9]+}} foo {{-?[0-9]+}} perm {{[0-9]+}}
; OUT-NOT: {{.}}
; (At -O2 the inliner has put @sum and @perm into @main by then.)
; REMARK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'foo' vectorized with VF 4 and UF 1, scalar epilogue, divisions under a mask: i32 {{.*}}, 1 all-false bypass(es)
; REMARK-COUNT-3: vectorized with VF 4 and UF {{[124]}}
;
; CHECK-LABEL: define void @foo(
; CHECK: vector.body:
; CHECK: load <4 x i32>, ptr
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[MASK:.*]])
; CHECK-NEXT: br i1 %[[ANY]], label %if.then.vec, label %if.then.join
; CHECK: if.then.vec:
; CHECK: select <4 x i1> %[[MASK]], <4 x i32> %{{.*}}, <4 x i32> <i32 1, i32 1, i32 1, i32 1>
; CHECK: if.then.join:
; CHECK: store <4 x i32>
; CHECK: br i1 %{{.*}}, label %vector.middle, label %vector.body, !llvm.loop ![[VEC:[0-9]+]]
; CHECK: scalar.ph:
; CHECK: br i1 %{{.*}}, label %exit, label %for.body, !llvm.loop ![[SCALAR:[0-9]+]]
; CHECK-LABEL: define i64 @sum(
; CHECK: insertelement <4 x i64> zeroinitializer, i64 %init, i32 0
; CHECK: call <4 x i64> @llvm.masked.load.v4i64.p0(
; CHECK: vector.middle:
; CHECK: call i64 @llvm.vector.reduce.add.v4i64(
; CHECK-LABEL: define void @perm(
; CHECK: call <4 x i64> @llvm.masked.gather.v4i64.v4p0(
; CHECK: call void @llvm.masked.scatter.v4i64.v4p0(
; CHECK: ![[VEC]] = distinct !{![[VEC]], ![[DONE:[0-9]+]]}
; CHECK: ![[DONE]] = !{!"llvm.loop.isvectorized", i32 1}

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [29 x i8] c"sum %lld foo %lld perm %lld\0A\00"

define void @foo(ptr %a, i32 %m) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %for.body
for.body:
  %k = phi i64 [ 3, %entry ], [ %k.next, %if.end ]
  %arrayidx = getelementptr inbounds i32, ptr %a, i64 %k
  %0 = load i32, ptr %arrayidx, align 4
  %cmp2 = icmp sgt i32 %0, %m
  br i1 %cmp2, label %if.then, label %if.end
if.then:
  %div = sdiv i32 %m, %0
  br label %if.end
if.end:
  %y = phi i32 [ %div, %if.then ], [ %0, %for.body ]
  %k32 = trunc i64 %k to i32
  %add = add nsw i32 %k32, %y
  store i32 %add, ptr %arrayidx, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, 3001
  br i1 %done, label %exit, label %for.body
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

; s = init; for (i = 0; i < n; i++) if (a[i] & 1) s += b[i];
define i64 @sum(ptr %a, ptr %b, i64 %n, i64 %init) {
entry:
  %s = alloca i64
  store i64 %init, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD"(ptr %s),
      "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %x = load i32, ptr %pa
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %latch
then:
  %pb = getelementptr i64, ptr %b, i64 %i
  %y = load i64, ptr %pb
  %old = load i64, ptr %s
  %new = add i64 %old, %y
  store i64 %new, ptr %s
  br label %latch
latch:
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %r = load i64, ptr %s
  ret i64 %r
}

; for (i = 0; i < n; i++) out[p[i]] = in[p[i]] > 5 ? in[p[i]] : 5;
define void @perm(ptr %in, ptr %out, ptr %p, i64 %n) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %pp = getelementptr i64, ptr %p, i64 %i
  %j = load i64, ptr %pp
  %pin = getelementptr i64, ptr %in, i64 %j
  %x = load i64, ptr %pin
  %big = icmp sgt i64 %x, 5
  %v = select i1 %big, i64 %x, i64 5
  %pout = getelementptr i64, ptr %out, i64 %j
  store i64 %v, ptr %pout
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define i32 @main() {
entry:
  %a = alloca [3001 x i32]
  %b = alloca [3001 x i64]
  %p = alloca [103 x i64]
  %in = alloca [103 x i64]
  %out = alloca [103 x i64]
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %i32 = trunc i64 %i to i32
  %h = mul i32 %i32, 7919
  %v = srem i32 %h, 101
  %pa = getelementptr [3001 x i32], ptr %a, i64 0, i64 %i
  store i32 %v, ptr %pa
  %pb = getelementptr [3001 x i64], ptr %b, i64 0, i64 %i
  %w = srem i64 %i, 17
  store i64 %w, ptr %pb
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, 3001
  br i1 %more, label %fill, label %fill2
fill2:
  %k = phi i64 [ 0, %fill ], [ %k1, %fill2 ]
  ; p is a permutation of 0..102 (37 is prime to 103); in[k] = k % 11.
  %pk = mul i64 %k, 37
  %pv = urem i64 %pk, 103
  %pp = getelementptr [103 x i64], ptr %p, i64 0, i64 %k
  store i64 %pv, ptr %pp
  %iv = urem i64 %k, 11
  %pin = getelementptr [103 x i64], ptr %in, i64 0, i64 %k
  store i64 %iv, ptr %pin
  %k1 = add i64 %k, 1
  %more2 = icmp slt i64 %k1, 103
  br i1 %more2, label %fill2, label %run
run:
  %s = call i64 @sum(ptr %a, ptr %b, i64 3001, i64 7)
  call void @foo(ptr %a, i32 40)
  call void @perm(ptr %in, ptr %out, ptr %p, i64 103)
  br label %check
check:
  %j = phi i64 [ 0, %run ], [ %j1, %check ]
  %acc = phi i64 [ 0, %run ], [ %acc1, %check ]
  %acc2 = phi i64 [ 0, %run ], [ %acc3, %check ]
  %qa = getelementptr [3001 x i32], ptr %a, i64 0, i64 %j
  %x = load i32, ptr %qa
  %xw = sext i32 %x to i64
  %acc1 = add i64 %acc, %xw
  %jm = urem i64 %j, 103
  %qo = getelementptr [103 x i64], ptr %out, i64 0, i64 %jm
  %o = load i64, ptr %qo
  %lt = icmp ult i64 %j, 103
  %oz = select i1 %lt, i64 %o, i64 0
  %om = mul i64 %oz, %j
  %acc3 = add i64 %acc2, %om
  %j1 = add i64 %j, 1
  %more3 = icmp slt i64 %j1, 3001
  br i1 %more3, label %check, label %done
done:
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %s, i64 %acc1, i64 %acc3)
  ret i32 0
}
