; The device image of two SPMD target regions in the paper directive form
; (docs/offload-device.md): weft lowers the host side, clones each host
; fallback into an NVPTX kernel of the same name and parameters, and embeds
; the device module in .llvm.offloading; the image is extracted as
; clang-linker-wrapper would and its IR checked. It fails if a kernel is
; missing, not in SPMD mode, keeps a host fork, or lacks clang 16's kernel
; annotations. (Made by weft-cc -O2 -S -emit-llvm --paper-form from
; test/offload/Inputs/ir.c, with the request @.omp.offload.targets added.)
; REQUIRES: offload-packager
; RUN: %opt -passes=weft %s -o %t.bc
; RUN: llc -filetype=obj %t.bc -o %t.o
; RUN: llvm-objdump --offloading %t.o | FileCheck --check-prefix=IMAGE %s
; RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
; RUN: llvm-dis %t.dev.bc -o - | FileCheck %s
; RUN: llvm-nm %t.o | FileCheck --check-prefix=HOST %s

; IMAGE: kind            llvm ir
; IMAGE-NEXT: arch            sm_90
; IMAGE-NEXT: triple          nvptx64-nvidia-cuda
; IMAGE-NEXT: producer        openmp

; HOST-DAG: .__omp_offloading_[[F:[0-9a-f]+]]_saxpy_{{[lr][0-9]+}}.region_id
; HOST-DAG: .__omp_offloading_[[F]]_scale_{{[lr][0-9]+}}.region_id

; CHECK: target triple = "nvptx64-nvidia-cuda"
; CHECK-DAG: @__omp_offloading_[[F:[0-9a-f]+]]_saxpy_{{[lr][0-9]+}}_exec_mode = weak protected constant i8 2
; CHECK-DAG: @__omp_offloading_[[F]]_scale_{{[lr][0-9]+}}_exec_mode = weak protected constant i8 2
; CHECK-DAG: @__omp_rtl_debug_kind = weak_odr hidden constant i32 0
; CHECK-DAG: @llvm.compiler.used = appending global [2 x ptr]
; CHECK-NOT: __kmpc_fork_call
; CHECK-NOT: __kmpc_fork_teams
; The league's body runs in every thread (SPMD); the team's through parallel_51.
; CHECK-LABEL: define internal void @saxpy.omp_outlined
; CHECK: call void @__kmpc_for_static_init_{{4|8}}(ptr {{.*}}, i32 92,
; The device's default schedule: static with chunk 1, round-robin over the
; team's block (consecutive iterations to a warp's threads: coalesced).
; CHECK: call void @__kmpc_for_static_init_{{4|8}}(ptr {{.*}}, i32 33, {{.*}}, i{{32|64}} 1, i{{32|64}} 1)
; CHECK-LABEL: define internal void @saxpy.omp_outlined
; CHECK: call void @__kmpc_parallel_51(ptr {{.*}}, i32 1, i32 -1, i32 -1, ptr @saxpy.omp_outlined{{.*}}, ptr null, ptr %{{.*}}, i64 1)
; CHECK-LABEL: define internal void @saxpy.omp_target
; CHECK: call i32 @__kmpc_global_thread_num
; CHECK: call void @saxpy.omp_outlined{{.*}}(ptr %omp.gtid.addr, ptr %omp.zero.addr,
; The kernel: the host fallback's name and parameters (the firstprivate
; scalars n and a as their values in i64 slots, paropt/target_literal.rs).
; CHECK: define weak_odr protected void @__omp_offloading_[[F]]_saxpy_{{[lr][0-9]+}}(i64 %0, i64 %1, ptr %2, ptr %3, ptr %4)
; CHECK: %[[R:.*]] = call i32 @__kmpc_target_init(ptr @{{.*}}, i8 2, i1 false)
; CHECK: icmp eq i32 %[[R]], -1
; CHECK: trunc i64 %0 to i32
; CHECK: bitcast i64 %1 to double
; CHECK: call void @__kmpc_target_deinit(ptr @{{.*}}, i8 2)
; CHECK: define weak_odr protected void @__omp_offloading_[[F]]_scale_{{[lr][0-9]+}}(
; CHECK: call i32 @__kmpc_target_init(ptr @{{.*}}, i8 2, i1 false)
; CHECK: attributes #{{.*}} = { {{.*}}"kernel"{{.*}}"target-cpu"="sm_90" "target-features"="+ptx78,+sm_90"
; CHECK: !nvvm.annotations = !{![[A:[0-9]+]], ![[B:[0-9]+]]}
; CHECK-DAG: !{i32 7, !"openmp", i32 50}
; CHECK-DAG: !{i32 7, !"openmp-device", i32 50}
; CHECK-DAG: ![[A]] = !{ptr @__omp_offloading_[[F]]_{{saxpy|scale}}_{{[lr][0-9]+}}, !"kernel", i32 1}

source_filename = "ir.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.omp.offload.targets = internal constant [26 x i8] c"nvptx64-nvidia-cuda:sm_90\00"

@.str = private unnamed_addr constant [15 x i8] c"DIR.OMP.TARGET\00", align 1
@.str.1 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.MAP.TO\00", align 1
@.str.2 = private unnamed_addr constant [20 x i8] c"QUAL.OMP.MAP.TOFROM\00", align 1
@.str.3 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.FIRSTPRIVATE\00", align 1
@.str.4 = private unnamed_addr constant [14 x i8] c"DIR.OMP.TEAMS\00", align 1
@.str.5 = private unnamed_addr constant [27 x i8] c"DIR.OMP.DISTRIBUTE.PARLOOP\00", align 1
@.str.6 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.SHARED\00", align 1
@.str.7 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1
@.str.8 = private unnamed_addr constant [22 x i8] c"DIR.OMP.PARALLEL.LOOP\00", align 1

; Function Attrs: nounwind uwtable
define dso_local void @saxpy(i32 noundef %n, double noundef %a, ptr noundef %x, ptr noundef %y) #0 {
entry:
  %n.addr = alloca i32, align 4
  %a.addr = alloca double, align 8
  %x.addr = alloca ptr, align 8
  %y.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !5
  store double %a, ptr %a.addr, align 8, !tbaa !9
  store ptr %x, ptr %x.addr, align 8, !tbaa !11
  store ptr %y, ptr %y.addr, align 8, !tbaa !11
  %0 = load ptr, ptr %x.addr, align 8, !tbaa !11
  %1 = load ptr, ptr %x.addr, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds double, ptr %1, i64 0
  %2 = load i32, ptr %n.addr, align 4, !tbaa !5
  %conv = sext i32 %2 to i64
  %mul = mul i64 %conv, 8
  %3 = load ptr, ptr %y.addr, align 8, !tbaa !11
  %4 = load ptr, ptr %y.addr, align 8, !tbaa !11
  %arrayidx1 = getelementptr inbounds double, ptr %4, i64 0
  %5 = load i32, ptr %n.addr, align 4, !tbaa !5
  %conv2 = sext i32 %5 to i64
  %mul3 = mul i64 %conv2, 8
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %0, ptr %arrayidx, i64 %mul, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %3, ptr %arrayidx1, i64 %mul3, i64 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n.addr, ptr %a.addr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %y.addr, ptr %x.addr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.DISTRIBUTE.PARLOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr %a.addr, ptr %y.addr, ptr %x.addr)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %6 = load i32, ptr %i, align 4, !tbaa !5
  %7 = load i32, ptr %n.addr, align 4, !tbaa !5
  %cmp = icmp slt i32 %6, %7
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %8 = load double, ptr %a.addr, align 8, !tbaa !9
  %9 = load ptr, ptr %x.addr, align 8, !tbaa !11
  %10 = load i32, ptr %i, align 4, !tbaa !5
  %idxprom = sext i32 %10 to i64
  %arrayidx5 = getelementptr inbounds double, ptr %9, i64 %idxprom
  %11 = load double, ptr %arrayidx5, align 8, !tbaa !9
  %12 = load ptr, ptr %y.addr, align 8, !tbaa !11
  %13 = load i32, ptr %i, align 4, !tbaa !5
  %idxprom7 = sext i32 %13 to i64
  %arrayidx8 = getelementptr inbounds double, ptr %12, i64 %idxprom7
  %14 = load double, ptr %arrayidx8, align 8, !tbaa !9
  %15 = call double @llvm.fmuladd.f64(double %8, double %11, double %14)
  %16 = load ptr, ptr %y.addr, align 8, !tbaa !11
  %17 = load i32, ptr %i, align 4, !tbaa !5
  %idxprom9 = sext i32 %17 to i64
  %arrayidx10 = getelementptr inbounds double, ptr %16, i64 %idxprom9
  store double %15, ptr %arrayidx10, align 8, !tbaa !9
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %18 = load i32, ptr %i, align 4, !tbaa !5
  %inc = add nsw i32 %18, 1
  store i32 %inc, ptr %i, align 4, !tbaa !5
  br label %for.cond, !llvm.loop !13

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.DISTRIBUTE.PARLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local void @scale(i32 noundef %n, ptr noundef %v) #0 {
entry:
  %n.addr = alloca i32, align 4
  %v.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !5
  store ptr %v, ptr %v.addr, align 8, !tbaa !11
  %0 = load ptr, ptr %v.addr, align 8, !tbaa !11
  %1 = load ptr, ptr %v.addr, align 8, !tbaa !11
  %arrayidx = getelementptr inbounds i32, ptr %1, i64 0
  %2 = load i32, ptr %n.addr, align 4, !tbaa !5
  %conv = sext i32 %2 to i64
  %mul = mul i64 %conv, 4
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %0, ptr %arrayidx, i64 %mul, i64 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n.addr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %v.addr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr %v.addr)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4, !tbaa !5
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %3 = load i32, ptr %i, align 4, !tbaa !5
  %4 = load i32, ptr %n.addr, align 4, !tbaa !5
  %cmp = icmp slt i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %5 = load ptr, ptr %v.addr, align 8, !tbaa !11
  %6 = load i32, ptr %i, align 4, !tbaa !5
  %idxprom = sext i32 %6 to i64
  %arrayidx2 = getelementptr inbounds i32, ptr %5, i64 %idxprom
  %7 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %mul3 = mul nsw i32 %7, 3
  store i32 %mul3, ptr %arrayidx2, align 4, !tbaa !5
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %8 = load i32, ptr %i, align 4, !tbaa !5
  %inc = add nsw i32 %8, 1
  store i32 %inc, ptr %i, align 4, !tbaa !5
  br label %for.cond, !llvm.loop !15

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

declare void @llvm.directive(metadata)

declare void @llvm.directive.qual.opndlist(metadata, ...)

declare void @llvm.directive.qual(metadata)

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind }

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
!10 = !{!"double", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"any pointer", !7, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
