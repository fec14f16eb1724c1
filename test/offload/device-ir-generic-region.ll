; Generic-mode device kernels in the region directive form (docs/offload-device.md,
; "Generic mode"), against what clang 16 emits for the same source
; (--offload-device-only -S -emit-llvm, before its own optimizations): a
; plain target region with code around a parallel loop, and a league whose
; distribute iterations each start a parallel loop. Each kernel is exec mode
; 1 with __kmpc_target_init(ident, 1, true) (the runtime's state machine runs
; the workers) and __kmpc_target_deinit(ident, 1); a fork is
; __kmpc_parallel_51 with the microtask's wrapper, which reads the arguments
; with __kmpc_get_shared_variables; the main thread's locals the parallel
; loop reads (k, the firstprivate n and v, the league's t and argument
; block) live in __kmpc_alloc_shared memory, freed last first before each
; return; the league's body is called by each team's main thread with a
; block of the team's own. It fails if a kernel is SPMD, lacks a wrapper,
; leaves a shared local on the stack or forgets a free. (Made by weft-cc -O2
; -S -emit-llvm from test/offload/Inputs/generic.c, with the request
; @.omp.offload.targets added.)
; REQUIRES: offload-packager
; RUN: %opt -passes=weft %s -o %t.bc
; RUN: llc -filetype=obj %t.bc -o %t.o
; RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
; RUN: opt -passes=verify -disable-output %t.dev.bc
; RUN: llvm-dis %t.dev.bc -o - | FileCheck %s

; CHECK: target triple = "nvptx64-nvidia-cuda"
; CHECK-DAG: @__omp_offloading_[[F:[0-9a-f]+]]_around_{{[lr][0-9]+}}_exec_mode = weak protected constant i8 1
; CHECK-DAG: @__omp_offloading_[[F]]_league_{{[lr][0-9]+}}_exec_mode = weak protected constant i8 1
; CHECK-NOT: __kmpc_fork_call
; CHECK-NOT: __kmpc_fork_teams

; The target's body: k (4 bytes), the firstprivate n (4) and v (8) move to
; the team's memory; the parallel loop with its wrapper; the sequential sum
; after it; the frees before the return, last first.
; CHECK-LABEL: define internal void @around.omp_target.1(
; CHECK: [[V:%[0-9a-z.]+]] = call align 16 ptr @__kmpc_alloc_shared(i64 8)
; CHECK-NEXT: [[N:%[0-9a-z.]+]] = call align 16 ptr @__kmpc_alloc_shared(i64 4)
; CHECK-NEXT: [[K:%[0-9a-z.]+]] = call align 16 ptr @__kmpc_alloc_shared(i64 4)
; The sequential loop's own counter stays on the main thread's stack.
; CHECK: %i{{[0-9]+}}.priv = alloca i32
; CHECK: call void @__kmpc_parallel_51(ptr @{{.*}}, i32 %{{.*}}, i32 1, i32 -1, i32 -1, ptr @around.omp_outlined.2, ptr @around.omp_outlined.2_wrapper, ptr %{{.*}}, i64 1)
; CHECK: for.body
; CHECK: call void @__kmpc_free_shared(ptr [[K]], i64 4)
; CHECK-NEXT: call void @__kmpc_free_shared(ptr [[N]], i64 4)
; CHECK-NEXT: call void @__kmpc_free_shared(ptr [[V]], i64 8)
; CHECK-NEXT: ret void

; The kernel: the fallback's name and parameters, generic mode.
; CHECK: define weak_odr protected void @__omp_offloading_[[F]]_around_{{[lr][0-9]+}}(i64 %0, ptr %1, ptr %2, ptr %3)
; CHECK: %[[R:.*]] = call i32 @__kmpc_target_init(ptr @{{.*}}, i8 1, i1 true)
; CHECK-NEXT: icmp eq i32 %[[R]], -1
; CHECK: call void @around.omp_target.1(
; CHECK-NEXT: call void @__kmpc_target_deinit(ptr @{{.*}}, i8 1)

; The league's body: t and the parallel loop's argument block in the
; team's memory; distribute by team (92), the loop by thread (34).
; CHECK-LABEL: define internal void @league.omp_outlined.2(
; CHECK: [[T:%[0-9a-z.]+]] = call align 16 ptr @__kmpc_alloc_shared(i64 4)
; CHECK-NEXT: [[B:%[0-9a-z.]+]] = call align 16 ptr @__kmpc_alloc_shared(i64 24)
; CHECK: call void @__kmpc_for_static_init_8(ptr @{{.*}}, i32 %{{.*}}, i32 92,
; CHECK: call void @__kmpc_parallel_51(ptr @{{.*}}, i32 %{{.*}}, i32 1, i32 -1, i32 -1, ptr @league.omp_outlined.4, ptr @league.omp_outlined.4_wrapper, ptr %{{.*}}, i64 1)
; CHECK: call void @__kmpc_free_shared(ptr [[B]], i64 24)
; CHECK-NEXT: call void @__kmpc_free_shared(ptr [[T]], i64 4)

; The target's body: each team's main thread fills a block of its own (an
; alloca of the target's body, where the host lowering keeps it) and calls
; the league's body with it.
; CHECK-LABEL: define internal void @league.omp_target.1(
; CHECK: [[TB:%[0-9a-zA-Z.]+]] = alloca { ptr, ptr, ptr, ptr, ptr }
; CHECK: call void @league.omp_outlined.2(ptr %omp.gtid.addr, ptr %omp.zero.addr, ptr [[TB]])
; CHECK: define weak_odr protected void @__omp_offloading_[[F]]_league_{{[lr][0-9]+}}(
; CHECK: call i32 @__kmpc_target_init(ptr @{{.*}}, i8 1, i1 true)
; CHECK: call void @__kmpc_target_deinit(ptr @{{.*}}, i8 1)

; The wrappers, as clang's: (i16 zeroext, i32 gtid), the arguments from the
; runtime, the microtask called with &gtid and &zero.
; CHECK-LABEL: define internal void @around.omp_outlined.2_wrapper(i16 zeroext %0, i32 %1)
; CHECK: store i32 %1, ptr [[G:%.*]], align 4
; CHECK-NEXT: store i32 0, ptr [[Z:%.*]], align 4
; CHECK-NEXT: call void @__kmpc_get_shared_variables(ptr [[S:%.*]])
; CHECK-NEXT: [[A:%.*]] = load ptr, ptr [[S]]
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds ptr, ptr [[A]], i64 0
; CHECK-NEXT: [[X:%.*]] = load ptr, ptr [[P]]
; CHECK-NEXT: call void @around.omp_outlined.2(ptr [[G]], ptr [[Z]], ptr [[X]])
; CHECK-NEXT: ret void
; CHECK-LABEL: define internal void @league.omp_outlined.4_wrapper(i16 zeroext %0, i32 %1)
; CHECK: call void @league.omp_outlined.4(
; CHECK: attributes #{{.*}} = { {{.*}}"kernel"{{.*}}"target-cpu"="sm_90" "target-features"="+ptx78,+sm_90"
; CHECK: !nvvm.annotations = !{![[A1:[0-9]+]], ![[A2:[0-9]+]]}

source_filename = "generic.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.omp.offload.targets = internal constant [26 x i8] c"nvptx64-nvidia-cuda:sm_90\00"

@.str = private unnamed_addr constant [15 x i8] c"DIR.OMP.TARGET\00", align 1
@.str.1 = private unnamed_addr constant [20 x i8] c"QUAL.OMP.MAP.TOFROM\00", align 1
@.str.2 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.FIRSTPRIVATE\00", align 1
@.str.3 = private unnamed_addr constant [22 x i8] c"DIR.OMP.PARALLEL.LOOP\00", align 1
@.str.4 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.SHARED\00", align 1
@.str.5 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1
@.str.6 = private unnamed_addr constant [14 x i8] c"DIR.OMP.TEAMS\00", align 1
@.str.7 = private unnamed_addr constant [19 x i8] c"DIR.OMP.DISTRIBUTE\00", align 1

; Function Attrs: nounwind uwtable
define dso_local void @around(i32 noundef %n, ptr noundef %v, ptr noundef %sum) #0 {
entry:
  %n.addr = alloca i32, align 4
  %v.addr = alloca ptr, align 8
  %sum.addr = alloca ptr, align 8
  %k = alloca i32, align 4
  %i = alloca i32, align 4
  %i7 = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !5
  store ptr %v, ptr %v.addr, align 8, !tbaa !9
  store ptr %sum, ptr %sum.addr, align 8, !tbaa !9
  %0 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %1 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds i32, ptr %1, i64 0
  %2 = load i32, ptr %n.addr, align 4, !tbaa !5
  %conv = sext i32 %2 to i64
  %mul = mul i64 %conv, 4
  %3 = load ptr, ptr %sum.addr, align 8, !tbaa !9
  %4 = load ptr, ptr %sum.addr, align 8, !tbaa !9
  %arrayidx1 = getelementptr inbounds i32, ptr %4, i64 0
  %5 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %0, ptr %arrayidx, i64 %mul, i64 3), "QUAL.OMP.MAP.TOFROM"(ptr %3, ptr %arrayidx1, i64 4, i64 3), "QUAL.OMP.FIRSTPRIVATE"(ptr %n.addr), "QUAL.OMP.FIRSTPRIVATE"(ptr %v.addr, ptr %sum.addr), "QUAL.OMP.PRIVATE"(ptr %k, ptr %i7) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #2
  store i32 3, ptr %k, align 4, !tbaa !5
  %6 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr %n.addr, ptr %v.addr, ptr %k), "QUAL.OMP.DEFAULT.PRIVATE"(), "QUAL.OMP.PRIVATE"(ptr %i) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #2
  store i32 0, ptr %i, align 4, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %7 = load i32, ptr %i, align 4, !tbaa !5
  %8 = load i32, ptr %n.addr, align 4, !tbaa !5
  %cmp = icmp slt i32 %7, %8
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #2
  br label %for.end

for.body:                                         ; preds = %for.cond
  %9 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %10 = load i32, ptr %i, align 4, !tbaa !5
  %idxprom = sext i32 %10 to i64
  %arrayidx3 = getelementptr inbounds i32, ptr %9, i64 %idxprom
  %11 = load i32, ptr %arrayidx3, align 4, !tbaa !5
  %12 = load i32, ptr %k, align 4, !tbaa !5
  %mul4 = mul nsw i32 %11, %12
  %13 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %14 = load i32, ptr %i, align 4, !tbaa !5
  %idxprom5 = sext i32 %14 to i64
  %arrayidx6 = getelementptr inbounds i32, ptr %13, i64 %idxprom5
  store i32 %mul4, ptr %arrayidx6, align 4, !tbaa !5
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %15 = load i32, ptr %i, align 4, !tbaa !5
  %inc = add nsw i32 %15, 1
  store i32 %inc, ptr %i, align 4, !tbaa !5
  br label %for.cond, !llvm.loop !11

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive.region.exit(token %6) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %i7) #2
  store i32 0, ptr %i7, align 4, !tbaa !5
  br label %for.cond8

for.cond8:                                        ; preds = %for.inc16, %for.end
  %16 = load i32, ptr %i7, align 4, !tbaa !5
  %17 = load i32, ptr %n.addr, align 4, !tbaa !5
  %cmp9 = icmp slt i32 %16, %17
  br i1 %cmp9, label %for.body12, label %for.cond.cleanup11

for.cond.cleanup11:                               ; preds = %for.cond8
  call void @llvm.lifetime.end.p0(i64 4, ptr %i7) #2
  br label %for.end18

for.body12:                                       ; preds = %for.cond8
  %18 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %19 = load i32, ptr %i7, align 4, !tbaa !5
  %idxprom13 = sext i32 %19 to i64
  %arrayidx14 = getelementptr inbounds i32, ptr %18, i64 %idxprom13
  %20 = load i32, ptr %arrayidx14, align 4, !tbaa !5
  %21 = load ptr, ptr %sum.addr, align 8, !tbaa !9
  %arrayidx15 = getelementptr inbounds i32, ptr %21, i64 0
  %22 = load i32, ptr %arrayidx15, align 4, !tbaa !5
  %add = add nsw i32 %22, %20
  store i32 %add, ptr %arrayidx15, align 4, !tbaa !5
  br label %for.inc16

for.inc16:                                        ; preds = %for.body12
  %23 = load i32, ptr %i7, align 4, !tbaa !5
  %inc17 = add nsw i32 %23, 1
  store i32 %inc17, ptr %i7, align 4, !tbaa !5
  br label %for.cond8, !llvm.loop !13

for.end18:                                        ; preds = %for.cond.cleanup11
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #2
  call void @llvm.directive.region.exit(token %5) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local void @league(i32 noundef %n, ptr noundef %v) #0 {
entry:
  %n.addr = alloca i32, align 4
  %v.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  %cleanup.dest.slot = alloca i32, align 4
  %t = alloca i32, align 4
  %j = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !5
  store ptr %v, ptr %v.addr, align 8, !tbaa !9
  %0 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %1 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %arrayidx = getelementptr inbounds i32, ptr %1, i64 0
  %2 = load i32, ptr %n.addr, align 4, !tbaa !5
  %mul = mul nsw i32 %2, 4
  %conv = sext i32 %mul to i64
  %mul1 = mul i64 %conv, 4
  %3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %0, ptr %arrayidx, i64 %mul1, i64 3), "QUAL.OMP.FIRSTPRIVATE"(ptr %n.addr), "QUAL.OMP.FIRSTPRIVATE"(ptr %v.addr) ]
  %4 = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"() ]
  %5 = call token @llvm.directive.region.entry() [ "DIR.OMP.DISTRIBUTE"(), "QUAL.OMP.PRIVATE"(ptr %i, ptr %t) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #2
  store i32 0, ptr %i, align 4, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc11, %entry
  %6 = load i32, ptr %i, align 4, !tbaa !5
  %7 = load i32, ptr %n.addr, align 4, !tbaa !5
  %cmp = icmp slt i32 %6, %7
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  store i32 2, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #2
  br label %for.end13

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 4, ptr %t) #2
  %8 = load i32, ptr %i, align 4, !tbaa !5
  %mul3 = mul nsw i32 %8, 4
  store i32 %mul3, ptr %t, align 4, !tbaa !5
  %9 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr %v.addr, ptr %t), "QUAL.OMP.DEFAULT.PRIVATE"(), "QUAL.OMP.PRIVATE"(ptr %j) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %j) #2
  store i32 0, ptr %j, align 4, !tbaa !5
  br label %for.cond4

for.cond4:                                        ; preds = %for.inc, %for.body
  %10 = load i32, ptr %j, align 4, !tbaa !5
  %cmp5 = icmp slt i32 %10, 4
  br i1 %cmp5, label %for.body8, label %for.cond.cleanup7

for.cond.cleanup7:                                ; preds = %for.cond4
  store i32 5, ptr %cleanup.dest.slot, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %j) #2
  br label %for.end

for.body8:                                        ; preds = %for.cond4
  %11 = load i32, ptr %t, align 4, !tbaa !5
  %12 = load ptr, ptr %v.addr, align 8, !tbaa !9
  %13 = load i32, ptr %t, align 4, !tbaa !5
  %14 = load i32, ptr %j, align 4, !tbaa !5
  %add = add nsw i32 %13, %14
  %idxprom = sext i32 %add to i64
  %arrayidx9 = getelementptr inbounds i32, ptr %12, i64 %idxprom
  %15 = load i32, ptr %arrayidx9, align 4, !tbaa !5
  %add10 = add nsw i32 %15, %11
  store i32 %add10, ptr %arrayidx9, align 4, !tbaa !5
  br label %for.inc

for.inc:                                          ; preds = %for.body8
  %16 = load i32, ptr %j, align 4, !tbaa !5
  %inc = add nsw i32 %16, 1
  store i32 %inc, ptr %j, align 4, !tbaa !5
  br label %for.cond4, !llvm.loop !14

for.end:                                          ; preds = %for.cond.cleanup7
  call void @llvm.directive.region.exit(token %9) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  call void @llvm.lifetime.end.p0(i64 4, ptr %t) #2
  br label %for.inc11

for.inc11:                                        ; preds = %for.end
  %17 = load i32, ptr %i, align 4, !tbaa !5
  %inc12 = add nsw i32 %17, 1
  store i32 %inc12, ptr %i, align 4, !tbaa !5
  br label %for.cond, !llvm.loop !15

for.end13:                                        ; preds = %for.cond.cleanup
  call void @llvm.directive.region.exit(token %5) [ "DIR.OMP.END.DISTRIBUTE"() ]
  call void @llvm.directive.region.exit(token %4) [ "DIR.OMP.END.TEAMS"() ]
  call void @llvm.directive.region.exit(token %3) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

declare token @llvm.directive.region.entry()

declare void @llvm.directive.region.exit(token)

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = distinct !{!13, !12}
!14 = distinct !{!14, !12}
!15 = distinct !{!15, !12}
