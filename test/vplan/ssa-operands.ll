; simd loops whose index is registerized and named by sandwich clauses
; (Tian et al. 2016, III.G, Figure 5): LINEAR on the loop's phi right after
; it (through the typed one-operand intrinsic with the step, as the paper
; writes it, and through the list intrinsic), UNIFORM on a value, the
; widened index IndVarSimplify leaves (the clause names the trunc of an i64
; phi), and `parallel for simd` with LINEAR on its phi. weft alone
; (`opt -passes=weft`) vectorizes the simd loops, clang -O2 all three (the
; thread's chunk of `parallel for simd` once the microtask is optimized, as
; for any such loop); each program at -O0 to -O3 (and at 1-7 threads)
; equals the serial program (directives stripped).
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes=weft -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
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
; RUN: %clang -O2 -Wno-override-module -Rpass=weft %s -c -o /dev/null 2>&1 | FileCheck %s --check-prefix=O2REMARK
;
; REMARK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'vsum' vectorized with VF 4
; REMARK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'widened' vectorized with VF 4
; O2REMARK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'vsum' vectorized with VF 4
; O2REMARK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'widened' vectorized with VF 4
; O2REMARK-DAG: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'pfs.omp_outlined{{.*}}' vectorized with VF 4
;
; By hand: b[k] = a[k] + 3k with a[k] = 7k mod 13, summed for k < 997
; (and b[996]); c[k] = b[k] - k for k < 1000 (b is 0 from 997 on); d[k] = 2k + 1 for k = 5..1999.
; SERIAL: simd 1495490 2992
; SERIAL-NEXT: widened 995990 1996
; SERIAL-NEXT: pfs 3999975 3999
; SERIAL-NOT: {{.}}
;
; SHAPE-LABEL: define i32 @vsum(
; SHAPE: vector.body:
; SHAPE-LABEL: define i32 @widened(
; SHAPE: vector.body:
; SHAPE-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32, i32)
declare void @llvm.directive.qual.opnd(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [14 x i8] c"%s %lld %lld\0A\00"
@n.simd = private constant [5 x i8] c"simd\00"
@n.widened = private constant [8 x i8] c"widened\00"
@n.pfs = private constant [4 x i8] c"pfs\00"
@a = global [1000 x i32] zeroinitializer
@b = global [1000 x i32] zeroinitializer
@c = global [1000 x i32] zeroinitializer
@d = global [2000 x i64] zeroinitializer

; simd with simdlen(4): k registerized, LINEAR right after its phi, UNIFORM
; on the value %m, an add reduction.
define i32 @vsum(i32 %m, i32 %n) {
entry:
  %sum = alloca i32
  store i32 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void @llvm.directive.qual.opnd(metadata !"QUAL.OMP.SIMDLEN", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %for.cond
for.cond:
  %k.0 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.LINEAR", i32 %k.0, i32 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.UNIFORM", i32 %m)
  %cmp = icmp slt i32 %k.0, %n
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %conv = sext i32 %k.0 to i64
  %pa = getelementptr inbounds [1000 x i32], ptr @a, i64 0, i64 %conv
  %va = load i32, ptr %pa
  %km = mul nsw i32 %k.0, %m
  %v = add nsw i32 %va, %km
  %pb = getelementptr inbounds [1000 x i32], ptr @b, i64 0, i64 %conv
  store i32 %v, ptr %pb
  %s = load i32, ptr %sum
  %s1 = add i32 %s, %v
  store i32 %s1, ptr %sum
  %inc = add nsw i32 %k.0, 1
  br label %for.cond
for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %sum
  ret i32 %r
}

; The form the optimizer leaves (rotated, IndVarSimplify's widened index):
; an i64 phi in a loop of one block, tested at the bottom, and the clause
; naming its trunc right after the phis.
define i32 @widened() {
entry:
  %sum = alloca i32
  store i32 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void @llvm.directive.qual.opnd(metadata !"QUAL.OMP.SIMDLEN", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %body ]
  %k = trunc i64 %iv to i32
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i32 %k, i32 1)
  %pb = getelementptr inbounds [1000 x i32], ptr @b, i64 0, i64 %iv
  %vb = load i32, ptr %pb
  %v = sub nsw i32 %vb, %k
  %pc = getelementptr inbounds [1000 x i32], ptr @c, i64 0, i64 %iv
  store i32 %v, ptr %pc
  %s = load i32, ptr %sum
  %s1 = add i32 %s, %v
  store i32 %s1, ptr %sum
  %iv.next = add nuw nsw i64 %iv, 1
  %more = icmp ult i64 %iv.next, 1000
  br i1 %more, label %body, label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %sum
  ret i32 %r
}

; parallel for simd simdlen(4), LINEAR on the phi: threads, then vectors on
; each thread's chunk.
define void @pfs() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP.SIMD")
  call void @llvm.directive.qual.opnd(metadata !"QUAL.OMP.SIMDLEN", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %k = phi i64 [ 5, %entry ], [ %k.next, %body ]
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i64 %k, i64 1)
  %cmp = icmp slt i64 %k, 2000
  br i1 %cmp, label %body, label %end
body:
  %two = shl i64 %k, 1
  %v = add i64 %two, 1
  %p = getelementptr inbounds [2000 x i64], ptr @d, i64 0, i64 %k
  store i64 %v, ptr %p
  %k.next = add nsw i64 %k, 1
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define i32 @main() {
entry:
  br label %init
init:
  %i = phi i64 [ 0, %entry ], [ %i1, %init ]
  %p = getelementptr [1000 x i32], ptr @a, i64 0, i64 %i
  %t = trunc i64 %i to i32
  %x = mul i32 %t, 7
  %y = srem i32 %x, 13
  store i32 %y, ptr %p
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, 1000
  br i1 %c, label %init, label %go
go:
  %r = call i32 @vsum(i32 3, i32 997)
  %rw = sext i32 %r to i64
  %q = getelementptr [1000 x i32], ptr @b, i64 0, i64 996
  %qv = load i32, ptr %q
  %qw = sext i32 %qv to i64
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.simd, i64 %rw, i64 %qw)
  %r2 = call i32 @widened()
  %r2w = sext i32 %r2 to i64
  %q2 = getelementptr [1000 x i32], ptr @c, i64 0, i64 996
  %q2v = load i32, ptr %q2
  %q2w = sext i32 %q2v to i64
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.widened, i64 %r2w, i64 %q2w)
  call void @pfs()
  br label %sum
sum:
  %j = phi i64 [ 0, %go ], [ %j1, %sum ]
  %s = phi i64 [ 0, %go ], [ %s1, %sum ]
  %pd = getelementptr [2000 x i64], ptr @d, i64 0, i64 %j
  %vd = load i64, ptr %pd
  %s1 = add i64 %s, %vd
  %j1 = add i64 %j, 1
  %cj = icmp slt i64 %j1, 2000
  br i1 %cj, label %sum, label %out
out:
  %pl = getelementptr [2000 x i64], ptr @d, i64 0, i64 1999
  %vl = load i64, ptr %pl
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @n.pfs, i64 %s1, i64 %vl)
  ret i32 0
}
