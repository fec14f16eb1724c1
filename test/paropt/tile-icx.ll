; Loop transformations as icx writes them (its public VPO tests): the loops
; already in its normalized form (a counter from a lower-bound slot to an
; upper-bound slot), their NORMALIZED.IV/UB slots and LIVEIN variables on
; the DIR.OMP.TILE, a tile applied to a loop holding another tile (whose
; generated floor loop is then the outer tile's second loop), a worksharing
; loop with collapse(2) whose second loop is a tile's (icx names the tile's
; slots in the loop's NORMALIZED lists), and a worksharing loop over unroll
; partial. weft finds the loops from the CFG and ignores the slots and
; LIVEIN; a worksharing loop over a transformation is normalized anew from
; the loops the transformation generated. Run by Inputs/tile-icx-driver.c
; at -O0 and -O2 on 1-7 threads: every iteration once, and each tile (8
; iterations of j) or group of 4 iterations on one thread.
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=SHAPE --implicit-check-not='"DIR.OMP.TILE"' --implicit-check-not='"DIR.OMP.UNROLL"'
; RUN: %opt -passes=weft -verify-each -disable-output %s
; RUN: %clang -O0 -c -w %S/Inputs/tile-icx-driver.c -o %t.driver.o
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
; CHECK: nested: once 1104 of 1104, visits 1104, split 0
; CHECK-NEXT: collapsed: once 480 of 480, visits 480, split 0
; CHECK-NEXT: over unroll: once 30 of 30, visits 30, split 0
;
; The nested tiles: four floor loops (two of the inner tile's floor loop and
; of i, then i's and the inner floor loop's tiles, then the inner tile loop).
; SHAPE-LABEL: define void @nested(
; SHAPE-COUNT-3: omp.floor.head{{[0-9]*}}:
; SHAPE-LABEL: define void @collapsed(
; The worksharing loop's slots are weft's own, over i and the floor loop;
; icx's IV slots stay private (the one of J counts the tile loop now).
; SHAPE: "DIR.OMP.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2), "QUAL.OMP.FIRSTPRIVATE"(ptr %lb1, ptr %lb2), "QUAL.OMP.PRIVATE"(ptr %I, ptr %J), "QUAL.OMP.PRIVATE"(ptr %iv1, ptr %iv2), "QUAL.OMP.NORMALIZED.IV"(ptr %omp.norm.iv), "QUAL.OMP.NORMALIZED.UB"(ptr %omp.norm.ub)
; SHAPE-LABEL: define void @over_unroll(
; SHAPE: "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.PRIVATE"(ptr %J), "QUAL.OMP.PRIVATE"(ptr %iv), "QUAL.OMP.NORMALIZED.IV"(ptr %omp.norm.iv), "QUAL.OMP.NORMALIZED.UB"(ptr %omp.norm.ub)

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @omp_get_thread_num()
@visits = external global [4096 x i32]
@owner = external global [4096 x i32]

; visits[(I - 1) * 64 + (J - 1)]++ and owner = the thread.
define internal void @visit(ptr %I, ptr %J) {
  %i = load i32, ptr %I
  %j = load i32, ptr %J
  %i0 = sub i32 %i, 1
  %row = mul i32 %i0, 64
  %j0 = sub i32 %j, 1
  %k = add i32 %row, %j0
  %k64 = sext i32 %k to i64
  %vp = getelementptr [4096 x i32], ptr @visits, i64 0, i64 %k64
  %old = load i32, ptr %vp
  %new = add i32 %old, 1
  store i32 %new, ptr %vp
  %me = call i32 @omp_get_thread_num()
  %op = getelementptr [4096 x i32], ptr @owner, i64 0, i64 %k64
  store i32 %me, ptr %op
  ret void
}

; tile sizes(4, 2) over do I = 1, 23 { tile sizes(8) over do J = 1, 48 }.
define void @nested() {
alloca_0:
  %I = alloca i32
  %J = alloca i32
  %iv1 = alloca i32
  %lb1 = alloca i32
  %ub1 = alloca i32
  %iv2 = alloca i32
  %lb2 = alloca i32
  %ub2 = alloca i32
  store i32 0, ptr %lb1
  store i32 22, ptr %ub1
  store i32 0, ptr %lb2
  store i32 47, ptr %ub2
  br label %bb1
bb1:
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 4, i32 2),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv1, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub1, i32 0),
      "QUAL.OMP.LIVEIN"(ptr %lb1) ]
  %l1 = load i32, ptr %lb1
  store i32 %l1, ptr %iv1
  br label %cond1
cond1:
  %a = load i32, ptr %iv1
  %b = load i32, ptr %ub1
  %c = icmp sle i32 %a, %b
  br i1 %c, label %body1, label %end1
body1:
  %a1 = load i32, ptr %iv1
  %i = add nsw i32 %a1, 1
  store i32 %i, ptr %I
  br label %bb2
bb2:
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 8),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv2, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub2, i32 0),
      "QUAL.OMP.LIVEIN"(ptr %J), "QUAL.OMP.LIVEIN"(ptr %I), "QUAL.OMP.LIVEIN"(ptr %lb2) ]
  %l2 = load i32, ptr %lb2
  store i32 %l2, ptr %iv2
  br label %cond2
cond2:
  %d = load i32, ptr %iv2
  %e = load i32, ptr %ub2
  %f = icmp sle i32 %d, %e
  br i1 %f, label %body2, label %end2
body2:
  %d1 = load i32, ptr %iv2
  %j = add nsw i32 %d1, 1
  store i32 %j, ptr %J
  call void @visit(ptr %I, ptr %J)
  %d2 = load i32, ptr %iv2
  %d3 = add nsw i32 %d2, 1
  store i32 %d3, ptr %iv2
  br label %cond2
end2:
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TILE"() ]
  br label %latch1
latch1:
  %a2 = load i32, ptr %iv1
  %a3 = add nsw i32 %a2, 1
  store i32 %a3, ptr %iv1
  br label %cond1
end1:
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.TILE"() ]
  ret void
}

; parallel { do collapse(2): do I = 1, 10 { tile sizes(8) over do J = 1, 48 } }:
; the loop's second NORMALIZED slot is the tile's.
define void @collapsed() {
alloca_0:
  %I = alloca i32
  %J = alloca i32
  %iv1 = alloca i32
  %lb1 = alloca i32
  %ub1 = alloca i32
  %iv2 = alloca i32
  %lb2 = alloca i32
  %ub2 = alloca i32
  store i32 0, ptr %lb1
  store i32 9, ptr %ub1
  store i32 0, ptr %lb2
  store i32 47, ptr %ub2
  br label %bb0
bb0:
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %lb1, ptr %ub1, ptr %lb2, ptr %ub2),
      "QUAL.OMP.PRIVATE"(ptr %iv1, ptr %iv2) ]
  br label %bb1
bb1:
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2),
      "QUAL.OMP.FIRSTPRIVATE"(ptr %lb1, ptr %lb2), "QUAL.OMP.PRIVATE"(ptr %I, ptr %J),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv1, i32 0, ptr %iv2, i32 0),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub1, i32 0, ptr %ub2, i32 0) ]
  %l1 = load i32, ptr %lb1
  store i32 %l1, ptr %iv1
  br label %cond1
cond1:
  %a = load i32, ptr %iv1
  %b = load i32, ptr %ub1
  %c = icmp sle i32 %a, %b
  br i1 %c, label %body1, label %end1
body1:
  %a1 = load i32, ptr %iv1
  %i = add nsw i32 %a1, 1
  store i32 %i, ptr %I
  br label %bb2
bb2:
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TILE"(), "QUAL.OMP.SIZES"(i32 8),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv2, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub2, i32 0),
      "QUAL.OMP.LIVEIN"(ptr %J), "QUAL.OMP.LIVEIN"(ptr %I), "QUAL.OMP.LIVEIN"(ptr %lb2) ]
  %l2 = load i32, ptr %lb2
  store i32 %l2, ptr %iv2
  br label %cond2
cond2:
  %d = load i32, ptr %iv2
  %e = load i32, ptr %ub2
  %f = icmp sle i32 %d, %e
  br i1 %f, label %body2, label %end2
body2:
  %d1 = load i32, ptr %iv2
  %j = add nsw i32 %d1, 1
  store i32 %j, ptr %J
  call void @visit(ptr %I, ptr %J)
  %d2 = load i32, ptr %iv2
  %d3 = add nsw i32 %d2, 1
  store i32 %d3, ptr %iv2
  br label %cond2
end2:
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TILE"() ]
  br label %latch1
latch1:
  %a2 = load i32, ptr %iv1
  %a3 = add nsw i32 %a2, 1
  store i32 %a3, ptr %iv1
  br label %cond1
end1:
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}

; parallel do over unroll partial(4) over do J = 1, 30 (I = 1): the loop's
; slots are the unrolled loop's.
define void @over_unroll() {
alloca_0:
  %I = alloca i32
  %J = alloca i32
  %iv = alloca i32
  %ub = alloca i32
  store i32 1, ptr %I
  store i32 29, ptr %ub
  br label %bb1
bb1:
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.PRIVATE"(ptr %J),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub) ]
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.UNROLL"(), "QUAL.OMP.PARTIAL"(i64 4),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %d = load i32, ptr %iv
  %e = load i32, ptr %ub
  %f = icmp sle i32 %d, %e
  br i1 %f, label %body, label %end
body:
  %d1 = load i32, ptr %iv
  %j = add nsw i32 %d1, 1
  store i32 %j, ptr %J
  call void @visit(ptr %I, ptr %J)
  %d2 = load i32, ptr %iv
  %d3 = add nsw i32 %d2, 1
  store i32 %d3, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.UNROLL"() ]
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}
