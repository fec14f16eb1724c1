; Non-rectangular collapsed nests (OpenMP 5.0) in both directive forms:
; collapse(3) with two varying loops (j from i, k from j) as an -O0 front
; end writes them (variables in memory, lastprivate of all three, dynamic
; schedule, the region form's bundles); the same shape counting down by
; other steps in the paper's form (the four llvm.directive* intrinsics),
; static schedule; a collapse(3) with phis and two varying loops; and a
; simd collapse(2) over a triangle with phis, in the region form. Output
; at 1-7 threads equals the serial program's (weft-strip), lastprivate
; included: the variables get what the serial nest leaves in them (OpenMP
; 5.1 §2.21.4.5, 5.2 §5.4.5), though its last outer iterations run no inner
; one.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=SERIAL < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes=weft -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
;
; tok3: i = 0..8, j = i..8, k = j..<8: 120 iterations; (i, j) = (8, 8) runs
; no k, and sets k to 8 (the last iteration, (7, 7, 7), would leave 8 too;
; j's 9 comes from i = 8, which the last iteration does not reach).
; paper3: i = 9 down by 2 (9,7,5,3,1), j = 2i down to >= i - 3, k = -j
; up to <= j - 4 by 3: j's last entry (i = 1) starts at 2 and runs to -3,
; k's last entry (j = -2) starts at 2 and runs none. tri: j = i..<n-1 over
; i < n = 9: 36 iterations; its lastprivate items are stored by the body
; (a simd nest: its inner loop is vectorized, prepare/simd_nest.rs).
; phi3: phis, i = 0..5, j = 2i down to > i - 2, k = j..<8 (i64): 105
; iterations, guided schedule. (Its odometer's slots are written after the
; directive's own block: built through clang's pipeline, where private
; variables are renamed at its start, writing them there once wrote the
; originals; -O0 at 1 thread counted nothing.)
; SERIAL: tok3 120 252630 9 9 8
; SERIAL-NEXT: paper3 195 1661916 -1 -3 2
; SERIAL-NEXT: phi3 105 2374990
; SERIAL-NEXT: tri 36 1512 7 8
; SHAPE-LABEL: define internal void @tok3.omp_outlined
; SHAPE: omp.nonrect.up
; SHAPE: omp.nonrect.down
; SHAPE: omp.nonrect.ended
; SHAPE-LABEL: define internal void @paper3.omp_outlined
; SHAPE: omp.nonrect.up
; SHAPE-DAG: !{!"weft.nonrect.nest"}
; REMARK: DIR.OMP.SIMD (region 1) in function 'tri' vectorized

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@f1 = private constant [27 x i8] c"tok3 %lld %lld %d %d %d\0A\00\00\00"
@f2 = private constant [29 x i8] c"paper3 %lld %lld %d %d %d\0A\00\00\00"
@f3 = private constant [22 x i8] c"tri %lld %lld %d %d\0A\00\00"
@f4 = private constant [20 x i8] c"phi3 %lld %lld\0A\00\00\00\00\00"

define void @tok3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %n = alloca i32
  store i32 9, ptr %n
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  store i32 -1, ptr %i
  store i32 -1, ptr %j
  store i32 -1, ptr %k
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 3),
      "QUAL.OMP.REDUCTION.ADD"(ptr %cnt), "QUAL.OMP.REDUCTION.ADD"(ptr %sum), "QUAL.OMP.LASTPRIVATE"(ptr %i),
      "QUAL.OMP.LASTPRIVATE"(ptr %j), "QUAL.OMP.LASTPRIVATE"(ptr %k), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 2),
      "QUAL.OMP.SHARED"(ptr %n) ]
  store i32 0, ptr %i
  br label %i.cond
i.cond:
  %0 = load i32, ptr %i
  %1 = load i32, ptr %n
  %c0 = icmp slt i32 %0, %1
  br i1 %c0, label %i.body, label %i.end
i.body:
  %2 = load i32, ptr %i
  store i32 %2, ptr %j
  br label %j.cond
j.cond:
  %3 = load i32, ptr %j
  %4 = load i32, ptr %n
  %c1 = icmp slt i32 %3, %4
  br i1 %c1, label %j.body, label %j.end
j.body:
  %5 = load i32, ptr %j
  store i32 %5, ptr %k
  br label %k.cond
k.cond:
  %6 = load i32, ptr %k
  %7 = load i32, ptr %n
  %nm1 = sub nsw i32 %7, 1
  %c2 = icmp slt i32 %6, %nm1
  br i1 %c2, label %k.body, label %k.end
k.body:
  %vi = load i32, ptr %i
  %vj = load i32, ptr %j
  %vk = load i32, ptr %k
  %a = mul i32 %vi, 1000
  %b = mul i32 %vj, 100
  %ab = add i32 %a, %b
  %v = add i32 %ab, %vk
  %vw = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c3 = add i64 %c, 1
  store i64 %c3, ptr %cnt
  br label %k.inc
k.inc:
  %8 = load i32, ptr %k
  %k1 = add nsw i32 %8, 1
  store i32 %k1, ptr %k
  br label %k.cond
k.end:
  br label %j.inc
j.inc:
  %9 = load i32, ptr %j
  %j1 = add nsw i32 %9, 1
  store i32 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %10 = load i32, ptr %i
  %i1 = add nsw i32 %10, 1
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %i
  %rj = load i32, ptr %j
  %rk = load i32, ptr %k
  call i32 (ptr, ...) @printf(ptr @f1, i64 %rc, i64 %rs, i32 %ri, i32 %rj, i32 %rk)
  ret void
}

define void @paper3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %k = alloca i32
  %n = alloca i32
  store i32 9, ptr %n
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %cnt, ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %i, ptr %j, ptr %k)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 0)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %n0 = load i32, ptr %n
  store i32 %n0, ptr %i
  br label %i.cond
i.cond:
  %p0 = load i32, ptr %i
  %c0 = icmp sgt i32 %p0, 0
  br i1 %c0, label %i.body, label %i.end
i.body:
  %p2 = load i32, ptr %i
  %twoi = mul nsw i32 %p2, 2
  store i32 %twoi, ptr %j
  br label %j.cond
j.cond:
  %p3 = load i32, ptr %j
  %p4 = load i32, ptr %i
  %im3 = sub nsw i32 %p4, 3
  %c1 = icmp sge i32 %p3, %im3
  br i1 %c1, label %j.body, label %j.end
j.body:
  %p5 = load i32, ptr %j
  %negj = sub nsw i32 0, %p5
  store i32 %negj, ptr %k
  br label %k.cond
k.cond:
  %p6 = load i32, ptr %k
  %p7 = load i32, ptr %j
  %jm4 = sub nsw i32 %p7, 4
  %c2 = icmp sle i32 %p6, %jm4
  br i1 %c2, label %k.body, label %k.end
k.body:
  %vi = load i32, ptr %i
  %vj = load i32, ptr %j
  %vk = load i32, ptr %k
  %a = mul i32 %vi, 1000
  %b = mul i32 %vj, 100
  %ab = add i32 %a, %b
  %v = add i32 %ab, %vk
  %vw = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c3 = add i64 %c, 1
  store i64 %c3, ptr %cnt
  br label %k.inc
k.inc:
  %p8 = load i32, ptr %k
  %k1 = add nsw i32 %p8, 3
  store i32 %k1, ptr %k
  br label %k.cond
k.end:
  br label %j.inc
j.inc:
  %p9 = load i32, ptr %j
  %j1 = sub nsw i32 %p9, 1
  store i32 %j1, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %p10 = load i32, ptr %i
  %i1 = sub nsw i32 %p10, 2
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %i
  %rj = load i32, ptr %j
  %rk = load i32, ptr %k
  call i32 (ptr, ...) @printf(ptr @f2, i64 %rc, i64 %rs, i32 %ri, i32 %rj, i32 %rk)
  ret void
}

define void @phi3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 3),
      "QUAL.OMP.REDUCTION.ADD"(ptr %cnt), "QUAL.OMP.REDUCTION.ADD"(ptr %sum), "QUAL.OMP.SCHEDULE.GUIDED"(i32 0) ]
  br label %a.cond
a.cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %a.latch ]
  %ca = icmp slt i32 %i, 6
  br i1 %ca, label %a.body, label %a.end
a.body:
  %twoi = shl i32 %i, 1
  %lo = sub i32 %i, 2
  br label %b.cond
b.cond:
  %j = phi i32 [ %twoi, %a.body ], [ %j1, %b.latch ]
  %cb = icmp sgt i32 %j, %lo
  br i1 %cb, label %b.body, label %a.latch
b.body:
  %jw = sext i32 %j to i64
  br label %c.cond
c.cond:
  %k = phi i64 [ %jw, %b.body ], [ %k1, %c.body ]
  %cc = icmp slt i64 %k, 8
  br i1 %cc, label %c.body, label %b.latch
c.body:
  %iw = sext i32 %i to i64
  %x = mul i64 %iw, 10000
  %y = mul i64 %jw, 100
  %xy = add i64 %x, %y
  %v = add i64 %xy, %k
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %v
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cnt
  %k1 = add i64 %k, 1
  br label %c.cond
b.latch:
  %j1 = sub i32 %j, 1
  br label %b.cond
a.latch:
  %i1 = add i32 %i, 1
  br label %a.cond
a.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  call i32 (ptr, ...) @printf(ptr @f4, i64 %rc, i64 %rs)
  ret void
}

define void @tri(i32 %n) {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %li = alloca i32
  %lj = alloca i32
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  %nm1 = sub i32 %n, 1
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.COLLAPSE"(i32 2),
      "QUAL.OMP.REDUCTION.ADD"(ptr %cnt), "QUAL.OMP.REDUCTION.ADD"(ptr %sum),
      "QUAL.OMP.LASTPRIVATE"(ptr %li), "QUAL.OMP.LASTPRIVATE"(ptr %lj) ]
  br label %a.cond
a.cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %a.latch ]
  %ca = icmp slt i32 %i, %n
  br i1 %ca, label %a.body, label %a.end
a.body:
  br label %b.cond
b.cond:
  %j = phi i32 [ %i, %a.body ], [ %j1, %b.body ]
  %cb = icmp slt i32 %j, %nm1
  br i1 %cb, label %b.body, label %a.latch
b.body:
  %x = mul i32 %i, 16
  %y = add i32 %x, %j
  %yw = sext i32 %y to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %yw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cnt
  store i32 %i, ptr %li
  %j1 = add i32 %j, 1
  store i32 %j1, ptr %lj
  br label %b.cond
a.latch:
  %i1 = add i32 %i, 1
  br label %a.cond
a.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %ri = load i32, ptr %li
  %rj = load i32, ptr %lj
  call i32 (ptr, ...) @printf(ptr @f3, i64 %rc, i64 %rs, i32 %ri, i32 %rj)
  ret void
}

define i32 @main() {
  call void @tok3()
  call void @paper3()
  call void @phi3()
  call void @tri(i32 9)
  ret i32 0
}
