; OpenMP 5.1's loop transformations in the region form (the same functions
; in the paper's form: tile-paper.ll), run by Inputs/tile-driver.c:
; a tile alone runs its iterations in tiled order (3x4 tiles of a 5x6 nest,
; partial at both edges); a worksharing loop with collapse(2) over a tile
; shares whole tiles (its two floor loops), each tile on one thread; a
; worksharing loop over unroll partial(3) shares groups of three
; iterations (trip counts 0, 1, 2, 7, 100, the last group shorter); a simd
; loop over a tile and the unroll hints keep each iteration once. Were the
; tile done after the worksharing loop (or not at all), "split" would count
; the tiles whose elements two threads ran, at 2 threads and more.
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=SHAPE --implicit-check-not='"DIR.OMP.TILE"' --implicit-check-not='"DIR.OMP.UNROLL"'
; RUN: %opt -passes=weft -verify-each -disable-output %s
; RUN: %opt -passes=weft -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %clang -O0 -c -w %S/Inputs/tile-driver.c -o %t.driver.o
; RUN: %clang -O0 -Wno-override-module %s %t.driver.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s %t.driver.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t2 | FileCheck %s
; CHECK: order 0 1 2 3 10 11 12 13 20 21 22 23 4 5 14 15 24 25 30 31 32 33 40 41 42 43 34 35 44 45
; CHECK-NEXT: tiles: once 143 of 143, split 0
; CHECK-NEXT: groups n=0: once 0, visits 0, split 0
; CHECK-NEXT: groups n=1: once 1, visits 1, split 0
; CHECK-NEXT: groups n=2: once 2, visits 2, split 0
; CHECK-NEXT: groups n=7: once 7, visits 7, split 0
; CHECK-NEXT: groups n=100: once 100, visits 100, split 0
; CHECK-NEXT: simd 0 35 14950
; CHECK-NEXT: hints 1271
; The simd loop applies to the floor loop, whose lanes each run a tile.
; REMARK: DIR.OMP.SIMD (region 1) in function 'simd_tile' vectorized
;
; The shapes: two floor loops over the original loops, each counting its
; tile; the worksharing loop's normalized loop is the floor loops'.
; SHAPE-LABEL: define void @order_tile(
; SHAPE: omp.floor.head:
; SHAPE: %omp.floor.iv = phi i64 [ 0, %{{.*}} ], [ %omp.floor.next, %omp.floor.latch{{.*}} ]
; SHAPE: br i1 %omp.floor.cond, label %omp.floor.body, label %ie
; SHAPE: omp.tile.bounds:
; SHAPE: %omp.tile.lo = mul nuw i64 %omp.floor.iv, 3
; SHAPE: %omp.tile.hi = select
; SHAPE: %omp.tile.lo{{[0-9]+}} = mul nuw i64 %omp.floor.iv{{[0-9]+}}, 4
; SHAPE: ih:
; SHAPE: %omp.tile.iv = phi i64 [ %omp.tile.lo, %omp.tile.bounds ]
; SHAPE-LABEL: define void @shared_tile(
; SHAPE: "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2), "QUAL.OMP.PRIVATE"(ptr %i, ptr %j), "QUAL.OMP.NORMALIZED.IV"(ptr %omp.norm.iv), "QUAL.OMP.NORMALIZED.UB"(ptr %omp.norm.ub)
; SHAPE-LABEL: define void @groups(
; SHAPE: "DIR.OMP.PARALLEL.LOOP"(){{.*}}"QUAL.OMP.NORMALIZED.IV"
; SHAPE: omp.floor.head:
; SHAPE: %omp.tile.lo = mul nuw i64 %{{.*}}, 3
; SHAPE: br label %kh, !llvm.loop ![[COUNT3:[0-9]+]]
; SHAPE-LABEL: define i64 @hints(
; SHAPE: br label %fh, !llvm.loop ![[FULL:[0-9]+]]
; SHAPE: br label %eh, !llvm.loop ![[ENABLE:[0-9]+]]
; SHAPE: br label %ph, !llvm.loop ![[COUNT4:[0-9]+]]
; SHAPE-DAG: ![[COUNT3]] = distinct !{![[COUNT3]], ![[C3:[0-9]+]]}
; SHAPE-DAG: ![[C3]] = !{!"llvm.loop.unroll.count", i32 3}
; SHAPE-DAG: ![[FULL]] = distinct !{![[FULL]], ![[F:[0-9]+]]}
; SHAPE-DAG: ![[F]] = !{!"llvm.loop.unroll.full"}
; SHAPE-DAG: ![[ENABLE]] = distinct !{![[ENABLE]], ![[E:[0-9]+]]}
; SHAPE-DAG: ![[E]] = !{!"llvm.loop.unroll.enable"}
; SHAPE-DAG: ![[COUNT4]] = distinct !{![[COUNT4]], ![[C4:[0-9]+]]}
; SHAPE-DAG: ![[C4]] = !{!"llvm.loop.unroll.count", i32 4}

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @omp_get_thread_num()
declare void @note(i32)
@visits = external global [256 x i32]
@owner = external global [256 x i32]

; tile sizes(3, 4) of a nest in phi form: note(i * 10 + j) in the order run.
define void @order_tile(i32 %n, i32 %m) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 3, i32 4) ]
  br label %ih
ih:
  %i = phi i32 [ 0, %entry ], [ %i1, %il ]
  %ic = icmp slt i32 %i, %n
  br i1 %ic, label %ib, label %ie
ib:
  br label %jh
jh:
  %j = phi i32 [ 0, %ib ], [ %j1, %jb ]
  %jc = icmp slt i32 %j, %m
  br i1 %jc, label %jb, label %je
jb:
  %i10 = mul i32 %i, 10
  %v = add i32 %i10, %j
  call void @note(i32 %v)
  %j1 = add i32 %j, 1
  br label %jh
je:
  br label %il
il:
  %i1 = add i32 %i, 1
  br label %ih
ie:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TILE"() ]
  ret void
}

; parallel for collapse(2) over tile sizes(4, 3), the loops in memory as
; -O0 writes them: visits[i * 16 + j]++, owner = the thread.
define void @shared_tile(i32 %n, i32 %m) {
entry:
  %i = alloca i32
  %j = alloca i32
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2), "QUAL.OMP.PRIVATE"(ptr %i, ptr %j) ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 4, i32 3) ]
  store i32 0, ptr %i
  br label %ih
ih:
  %iv = load i32, ptr %i
  %ic = icmp slt i32 %iv, %n
  br i1 %ic, label %ib, label %ie
ib:
  store i32 0, ptr %j
  br label %jh
jh:
  %jv = load i32, ptr %j
  %jc = icmp slt i32 %jv, %m
  br i1 %jc, label %jb, label %je
jb:
  %i2 = load i32, ptr %i
  %j2 = load i32, ptr %j
  %row = mul i32 %i2, 16
  %k = add i32 %row, %j2
  %k64 = sext i32 %k to i64
  %vp = getelementptr [256 x i32], ptr @visits, i64 0, i64 %k64
  %old = load i32, ptr %vp
  %new = add i32 %old, 1
  store i32 %new, ptr %vp
  %me = call i32 @omp_get_thread_num()
  %op = getelementptr [256 x i32], ptr @owner, i64 0, i64 %k64
  store i32 %me, ptr %op
  %j3 = load i32, ptr %j
  %j4 = add nsw i32 %j3, 1
  store i32 %j4, ptr %j
  br label %jh
je:
  br label %il
il:
  %i3 = load i32, ptr %i
  %i4 = add nsw i32 %i3, 1
  store i32 %i4, ptr %i
  br label %ih
ie:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TILE"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; parallel for over unroll partial(3): visits[k]++, owner[k] = the thread.
define void @groups(i32 %n) {
entry:
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.STATIC"(i32 1) ]
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.UNROLL"(), "QUAL.OMP.PARTIAL"(i32 3) ]
  br label %kh
kh:
  %k = phi i32 [ 0, %entry ], [ %k1, %kb ]
  %kc = icmp slt i32 %k, %n
  br i1 %kc, label %kb, label %ke
kb:
  %k64 = sext i32 %k to i64
  %vp = getelementptr [256 x i32], ptr @visits, i64 0, i64 %k64
  %old = load i32, ptr %vp
  %new = add i32 %old, 1
  store i32 %new, ptr %vp
  %me = call i32 @omp_get_thread_num()
  %op = getelementptr [256 x i32], ptr @owner, i64 0, i64 %k64
  store i32 %me, ptr %op
  %k1 = add nsw i32 %k, 1
  br label %kh
ke:
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.UNROLL"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; simd over tile sizes(8): the sum of 3i + 1 over i < n.
define i64 @simd_tile(i32 %n) {
entry:
  %s = alloca i64
  store i64 0, ptr %s
  %v = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.REDUCTION.ADD"(ptr %s) ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 8) ]
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %b, label %e
b:
  %i3 = mul i32 %i, 3
  %x = add i32 %i3, 1
  %x64 = sext i32 %x to i64
  %old = load i64, ptr %s
  %new = add i64 %old, %x64
  store i64 %new, ptr %s
  %i1 = add nsw i32 %i, 1
  br label %h
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TILE"() ]
  call void @llvm.directive.region.exit(token %v) [ "DIR.OMP.END.SIMD"() ]
  %r = load i64, ptr %s
  ret i64 %r
}

; unroll full (8 iterations), unroll (37), unroll partial(4) (30, counting
; down), each alone: hints only.
define i64 @hints() {
entry:
  %a = call token @llvm.directive.region.entry() [ "DIR.OMP.UNROLL"(), "QUAL.OMP.FULL"() ]
  br label %fh
fh:
  %f = phi i32 [ 0, %entry ], [ %f1, %fb ]
  %fs = phi i64 [ 0, %entry ], [ %fs1, %fb ]
  %fc = icmp slt i32 %f, 8
  br i1 %fc, label %fb, label %fe
fb:
  %ff = mul i32 %f, %f
  %ff64 = zext i32 %ff to i64
  %fs1 = add i64 %fs, %ff64
  %f1 = add nsw i32 %f, 1
  br label %fh
fe:
  call void @llvm.directive.region.exit(token %a) [ "DIR.OMP.END.UNROLL"() ]
  %b = call token @llvm.directive.region.entry() [ "DIR.OMP.UNROLL"() ]
  br label %eh
eh:
  %e = phi i32 [ 0, %fe ], [ %e1, %eb ]
  %es = phi i64 [ %fs, %fe ], [ %es1, %eb ]
  %ec = icmp slt i32 %e, 37
  br i1 %ec, label %eb, label %ee
eb:
  %e64 = zext i32 %e to i64
  %es1 = add i64 %es, %e64
  %e1 = add nsw i32 %e, 1
  br label %eh
ee:
  call void @llvm.directive.region.exit(token %b) [ "DIR.OMP.END.UNROLL"() ]
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.UNROLL"(), "QUAL.OMP.PARTIAL"(i32 4) ]
  br label %ph
ph:
  %p = phi i32 [ 30, %ee ], [ %p1, %pb ]
  %ps = phi i64 [ %es, %ee ], [ %ps1, %pb ]
  %pc = icmp sgt i32 %p, 0
  br i1 %pc, label %pb, label %pe
pb:
  %p64 = zext i32 %p to i64
  %ps1 = add i64 %ps, %p64
  %p1 = sub nsw i32 %p, 1
  br label %ph
pe:
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.UNROLL"() ]
  ret i64 %ps
}
