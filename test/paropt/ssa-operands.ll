; Registerized loop indices named by sandwich clauses (Tian et al. 2016,
; III.F-G, Figure 5): the index is a phi, and LINEAR or PRIVATE on it sits
; right after the phi, inside the loop header. A private SSA value needs no
; copy; LINEAR on the loop's phi is the loop's own induction, which each
; thread computes from its iterations. weft checks such clauses and removes
; them before it normalizes the loop (no directive call reaches code
; generation). Programs: `parallel for` (LINEAR, i32), a loop counting
; down in i64 under a dynamic schedule (LINEAR with the loop's step, and
; PRIVATE on the index at the top of the body), a worksharing loop in a
; parallel region (PRIVATE through the typed one-operand intrinsic), the
; widened form IndVarSimplify leaves (an i64 phi, the clause naming its
; trunc), a second induction of a loop named by LINEAR, and Figure 5's
; `parallel for simd private(y)` itself. Each at -O0 to -O3, at 1-7
; threads, equals the serial program (directives stripped).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=SERIAL < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O1 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t1
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: %clang -O3 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t3
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t1 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t3 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t1 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t3 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t1 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t3 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t1 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t3 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t1 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t3 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=PREPARED
;
; By hand: a[k] = 2k + 5 for k = 3..10000, checksum sum a[i]*(i+1); b[i] =
; i*i for i = 998, 995, ..., 2, checksum sum b[i] xor i; then a[j] += j for
; j < 9000; the widened loop adds 1 to a[k] for k = 0..9999; c[i] = 100 +
; 7i for i < 500, checksum sum c[i]*(i+1).
; SERIAL: pfor 667116754959 0
; SERIAL-NEXT: pdown 111289478 0
; SERIAL-NEXT: inner 910116751959 0
; SERIAL-NEXT: widened 910166756959 0
; SERIAL-NEXT: second 304190500 0
; SERIAL-NEXT: fig5 {{[0-9]+}} 23
;
; SHAPE-LABEL: define void @pfor(
; SHAPE: call void {{.*}}@__kmpc_fork_call(
; SHAPE-LABEL: define internal void @pfor.omp_outlined
; SHAPE: call void @__kmpc_for_static_init_8(
; SHAPE-LABEL: define internal void @foo.omp_outlined
; SHAPE: call void @__kmpc_for_static_init_8(
; SHAPE-NOT: llvm.directive
;
; (weft-prepare has taken the sandwich clauses and normalized the loops.)
; PREPARED-LABEL: define void @pfor(
; PREPARED: for.cond:
; PREPARED-NEXT: phi i32
; PREPARED-NOT: QUAL.OMP.LINEAR
; PREPARED: QUAL.OMP.NORMALIZED.IV
; PREPARED-LABEL: define void @inner(
; PREPARED-NOT: QUAL.OMP.PRIVATE", i32
; PREPARED-LABEL: define i64 @isum(

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [14 x i8] c"%s %lld %lld\0A\00"
@n.pfor = private constant [5 x i8] c"pfor\00"
@n.pdown = private constant [6 x i8] c"pdown\00"
@n.inner = private constant [6 x i8] c"inner\00"
@n.fig5 = private constant [5 x i8] c"fig5\00"
@n.widened = private constant [8 x i8] c"widened\00"
@n.second = private constant [7 x i8] c"second\00"
@ic = global [500 x i32] zeroinitializer
@ia = global [10001 x i32] zeroinitializer
@ib = global [1000 x i64] zeroinitializer
@fa = global [10001 x float] zeroinitializer

; Figure 5's loop without the SIMD: `parallel for`, k registerized, LINEAR
; on its phi right after it (the sandwich scheme).
define void @pfor(i32 %m) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %for.cond
for.cond:
  %k.0 = phi i32 [ 3, %entry ], [ %inc, %for.body ]
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i32 %k.0, i32 1)
  %conv = sext i32 %k.0 to i64
  %cmp = icmp slt i64 %conv, 10001
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %p = getelementptr inbounds [10001 x i32], ptr @ia, i64 0, i64 %conv
  %k2 = mul nsw i32 %k.0, 2
  %v = add nsw i32 %k2, %m
  store i32 %v, ptr %p
  %inc = add nsw i32 %k.0, 1
  br label %for.cond
for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; Counting down by 3 in i64 under schedule(dynamic, 5): LINEAR with the
; loop's own step, and PRIVATE on a value (a temporary of the body, named
; where it is used: the top of the body block).
define void @pdown() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 5)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i64 [ 998, %entry ], [ %i.next, %body ]
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i64 %i, i64 -3)
  %c = icmp sge i64 %i, 0
  br i1 %c, label %body, label %end
body:
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", i64 %i)
  %sq = mul i64 %i, %i
  %p = getelementptr inbounds [1000 x i64], ptr @ib, i64 0, i64 %i
  store i64 %sq, ptr %p
  %i.next = sub nsw i64 %i, 3
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; A worksharing loop in a parallel region, schedule(static, 7): PRIVATE on
; the registerized index (the paper's other reading of it), by the typed
; one-operand intrinsic.
define void @inner(i32 %n) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %ws
ws:
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 7)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %j = phi i32 [ 0, %ws ], [ %j1, %body ]
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.PRIVATE", i32 %j)
  %c = icmp slt i32 %j, %n
  br i1 %c, label %body, label %done
body:
  %jw = zext i32 %j to i64
  %p = getelementptr inbounds [10001 x i32], ptr @ia, i64 0, i64 %jw
  %old = load i32, ptr %p
  %new = add i32 %old, %j
  store i32 %new, ptr %p
  %j1 = add nuw i32 %j, 1
  br label %cond
done:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %out
out:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; The form IndVarSimplify leaves: the index widened to an i64 phi, and the
; clause naming its trunc right after the phis.
define void @widened() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.GUIDED", i32 0)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %body ]
  %k = trunc i64 %iv to i32
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i32 %k, i32 1)
  %c = icmp ult i64 %iv, 10000
  br i1 %c, label %body, label %end
body:
  %p = getelementptr inbounds [10001 x i32], ptr @ia, i64 0, i64 %iv
  %old = load i32, ptr %p
  %new = add i32 %old, 1
  store i32 %new, ptr %p
  %iv.next = add nuw nsw i64 %iv, 1
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; Figure 5 itself: `parallel for simd private(y)`, k registerized and
; LINEAR right after its phi.
define float @foo(ptr %a, i32 %m) {
entry:
  %y = alloca float, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %y)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %for.cond
for.cond:
  %k.0 = phi i32 [ 3, %entry ], [ %inc, %for.body ]
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i32 %k.0)
  %conv = sext i32 %k.0 to i64
  %cmp = icmp slt i64 %conv, 10001
  br i1 %cmp, label %for.body, label %for.cond.cleanup
for.cond.cleanup:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %arrayidx13 = getelementptr inbounds float, ptr %a, i64 5
  %r = load float, ptr %arrayidx13, align 4
  ret float %r
for.body:
  %ak = getelementptr inbounds float, ptr %a, i64 %conv
  %mf = sitofp i32 %m to float
  %w = fadd float %mf, 1.5
  %kf = sitofp i32 %k.0 to float
  %yv = fmul float %kf, 2.5
  %yy = fadd float %w, %yv
  store float %yy, ptr %y
  %kd = sitofp i32 %k.0 to double
  %k18 = fmul double %kd, 1.5
  %y2 = load float, ptr %y
  %yd = fpext float %y2 to double
  %t = fadd double %k18, %yd
  %tf = fptrunc double %t to float
  store float %tf, ptr %ak
  %inc = add nsw i32 %k.0, 1
  br label %for.cond
}

; A second induction of the loop, j = 100 + 7k, named by LINEAR with its
; step under schedule(static, 3): each thread's chunk starts from its own j.
define void @second() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %j = phi i32 [ 100, %entry ], [ %j1, %body ]
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i32 %j, i32 7)
  %c = icmp slt i64 %i, 500
  br i1 %c, label %body, label %end
body:
  %p = getelementptr inbounds [500 x i32], ptr @ic, i64 0, i64 %i
  store i32 %j, ptr %p
  %i1 = add nsw i64 %i, 1
  %j1 = add nsw i32 %j, 7
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define i64 @isum(ptr %a, i64 %n) {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %s = phi i64 [ 0, %entry ], [ %s1, %l ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %vw = sext i32 %v to i64
  %iw = add i64 %i, 1
  %t = mul i64 %vw, %iw
  %s1 = add i64 %s, %t
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %n
  br i1 %c, label %l, label %e
e:
  ret i64 %s1
}

define i64 @lsum(ptr %a, i64 %n) {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %s = phi i64 [ 0, %entry ], [ %s1, %l ]
  %p = getelementptr i64, ptr %a, i64 %i
  %v = load i64, ptr %p
  %t = xor i64 %v, %i
  %s1 = add i64 %s, %t
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %n
  br i1 %c, label %l, label %e
e:
  ret i64 %s1
}

define i64 @fsum(ptr %a, i64 %n) {
entry:
  br label %l
l:
  %i = phi i64 [ 0, %entry ], [ %i1, %l ]
  %s = phi i64 [ 0, %entry ], [ %s1, %l ]
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p
  %vi = fptosi float %v to i64
  %s1 = add i64 %s, %vi
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %n
  br i1 %c, label %l, label %e
e:
  ret i64 %s1
}

define i32 @main() {
entry:
  call void @pfor(i32 5)
  %s1 = call i64 @isum(ptr @ia, i64 10001)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.pfor, i64 %s1, i64 0)
  call void @pdown()
  %s2 = call i64 @lsum(ptr @ib, i64 1000)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.pdown, i64 %s2, i64 0)
  call void @inner(i32 9000)
  %s3 = call i64 @isum(ptr @ia, i64 10001)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.inner, i64 %s3, i64 0)
  call void @widened()
  %s5 = call i64 @isum(ptr @ia, i64 10001)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.widened, i64 %s5, i64 0)
  call void @second()
  %s6 = call i64 @isum(ptr @ic, i64 500)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.second, i64 %s6, i64 0)
  %r = call float @foo(ptr @fa, i32 2)
  %s4 = call i64 @fsum(ptr @fa, i64 10001)
  %ri = fptosi float %r to i64
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.fig5, i64 %s4, i64 %ri)
  ret i32 0
}
