; lastprivate(conditional:) on a worksharing loop, region form: each store
; to the copy keeps the thread's latest iteration and its value; leaving the
; loop, the thread offers them to the team's record under a lock; the
; loop's barrier stays even with nowait. (Executed in
; test/cc/programs/loop_conditional.c at 1-7 threads.) An orphaned loop (no
; parallel region around it in its function) gets its record from the
; thread that runs a single, through __kmpc_copyprivate (executed in
; test/cc/programs/conditional_orphaned.c).
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=LOCK
; RUN: %opt -passes=weft -verify-each -S %S/Inputs/conditional-orphaned.ll | FileCheck %s --check-prefix=ORPHAN
; CHECK-LABEL: define void @f(
; CHECK: store i64 0, ptr %x.cond.team.seen
; CHECK-NEXT: store i64 -1, ptr %x.cond.team.iter
; CHECK: call {{.*}}@__kmpc_fork_call(
; CHECK-LABEL: define internal void @f.omp_outlined
; CHECK: store i32 %i.v, ptr %x.priv
; CHECK-NEXT: %omp.lastprivate.cond.k = load {{i32|i64}}, ptr %omp.norm.iv.priv
; LOCK-LABEL: define internal void @f.omp_outlined
; LOCK: call void @__kmpc_critical(
; LOCK: omp.lastprivate.cond.wins
; LOCK: call void @__kmpc_end_critical(
; LOCK: call void @__kmpc_barrier(
; ORPHAN-LABEL: define void @orphan(
; ORPHAN: call i32 @__kmpc_single(
; ORPHAN: store i64 -1, ptr
; ORPHAN: call void @__kmpc_end_single(
; ORPHAN: call void @__kmpc_copyprivate({{.*}}, i64 8, ptr %omp.lastprivate.cond.team.list, ptr @orphan.omp.lastprivate.cond.copy,
; ORPHAN: call void @__kmpc_critical(
; ORPHAN: call void @__kmpc_end_critical(
; ORPHAN: call void @__kmpc_barrier(

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f(ptr %a, ptr %out) {
entry:
  %x = alloca i32
  store i32 -1, ptr %x
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %x, ptr %a) ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.LASTPRIVATE:CONDITIONAL"(ptr %x),
      "QUAL.OMP.NOWAIT"() ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, 100
  br i1 %c, label %body, label %end
body:
  %ap = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %ap
  %big = icmp sgt i32 %v, 10
  br i1 %big, label %set, label %latch
set:
  %i.v = add i32 %i, 0
  store i32 %i.v, ptr %x
  br label %latch
latch:
  %i1 = add i32 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %x
  store i32 %r, ptr %out
  ret void
}
