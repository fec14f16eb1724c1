; printf's arguments promoted on the device as C promotes a variadic
; argument, for an IR producer that passes them unpromoted (region directive
; form; device-printf-promote-paper.ll is the other): a signext i8
; sign-extended, a zeroext i8 and an i1 zero-extended, a float extended to
; double, packed in { i32, i32, double, i32 } (24 bytes with its tail, as
; clang sizes the buffer) for the device runtime's __llvm_omp_vprintf. It
; fails if an argument keeps its type or is extended the other way. (Made
; by weft-cc -O2 -S -emit-llvm from test/offload/Inputs/printf-promote.c,
; the printf call's promotions undone, the request added.)
; REQUIRES: nvptx-tools
; RUN: %opt -passes=weft %s -o %t.bc
; RUN: llc -relocation-model=pic -filetype=obj %t.bc -o %t.o
; RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
; RUN: opt -passes=verify -disable-output %t.dev.bc
; RUN: llvm-dis %t.dev.bc -o - | FileCheck %s
; RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.dev.bc -o %t.s
; RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
; CHECK-NOT: @printf(
; CHECK: %[[BUF:.*]] = alloca { i32, i32, double, i32 }
; CHECK: %[[C:printf.arg[0-9]*]] = sext i8 %{{.*}} to i32
; CHECK: %[[U:printf.arg[0-9]*]] = zext i8 %{{.*}} to i32
; CHECK: %[[F:printf.arg[0-9]*]] = fpext float %{{.*}} to double
; CHECK: %[[B:printf.arg[0-9]*]] = zext i1 %{{.*}} to i32
; CHECK: store i32 %[[C]]
; CHECK: store i32 %[[U]]
; CHECK: store double %[[F]]
; CHECK: store i32 %[[B]]
; CHECK: call i32 @__llvm_omp_vprintf(ptr @{{.*}}, ptr %[[BUF]], i32 24)

source_filename = "/tmp/weft-cc-2856-0/3/pr.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.omp.offload.targets = internal constant [26 x i8] c"nvptx64-nvidia-cuda:sm_90\00"

@.str = private unnamed_addr constant [15 x i8] c"DIR.OMP.TARGET\00", align 1
@.str.1 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.FIRSTPRIVATE\00", align 1
@.str.2 = private unnamed_addr constant [14 x i8] c"DIR.OMP.TEAMS\00", align 1
@.str.3 = private unnamed_addr constant [27 x i8] c"DIR.OMP.DISTRIBUTE.PARLOOP\00", align 1
@.str.4 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.SHARED\00", align 1
@.str.5 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1
@.str.6 = private unnamed_addr constant [15 x i8] c"%d %u %.1f %d\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local void @show(i32 noundef %n, i8 noundef signext %c, i8 noundef zeroext %u, float noundef %f, i1 noundef zeroext %b) #0 {
entry:
  %n.addr = alloca i32, align 4
  %c.addr = alloca i8, align 1
  %u.addr = alloca i8, align 1
  %f.addr = alloca float, align 4
  %b.addr = alloca i8, align 1
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4, !tbaa !5
  store i8 %c, ptr %c.addr, align 1, !tbaa !9
  store i8 %u, ptr %u.addr, align 1, !tbaa !9
  store float %f, ptr %f.addr, align 4, !tbaa !10
  %frombool = zext i1 %b to i8
  store i8 %frombool, ptr %b.addr, align 1, !tbaa !12
  %0 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.FIRSTPRIVATE"(ptr %n.addr, ptr %c.addr, ptr %u.addr, ptr %f.addr, ptr %b.addr) ]
  %1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"() ]
  %2 = call token @llvm.directive.region.entry() [ "DIR.OMP.DISTRIBUTE.PARLOOP"(), "QUAL.OMP.SHARED"(ptr %n.addr, ptr %c.addr, ptr %u.addr, ptr %f.addr, ptr %b.addr), "QUAL.OMP.DEFAULT.PRIVATE"(), "QUAL.OMP.PRIVATE"(ptr %i) ]
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
  %5 = load i32, ptr %i, align 4, !tbaa !5
  %cmp1 = icmp eq i32 %5, 0
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %6 = load i8, ptr %c.addr, align 1, !tbaa !9
  %conv = sext i8 %6 to i32
  %7 = load i8, ptr %u.addr, align 1, !tbaa !9
  %conv2 = zext i8 %7 to i32
  %8 = load float, ptr %f.addr, align 4, !tbaa !10
  %conv3 = fpext float %8 to double
  %9 = load i8, ptr %b.addr, align 1, !tbaa !12, !range !14, !noundef !15
  %tobool = trunc i8 %9 to i1
  %conv4 = zext i1 %tobool to i32
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.6, i8 signext %6, i8 zeroext %7, float %8, i1 %tobool)
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %10 = load i32, ptr %i, align 4, !tbaa !5
  %inc = add nsw i32 %10, 1
  store i32 %inc, ptr %i, align 4, !tbaa !5
  br label %for.cond, !llvm.loop !16

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive.region.exit(token %2) [ "DIR.OMP.END.DISTRIBUTE.PARLOOP"() ]
  call void @llvm.directive.region.exit(token %1) [ "DIR.OMP.END.TEAMS"() ]
  call void @llvm.directive.region.exit(token %0) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

declare i32 @printf(ptr noundef, ...) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare token @llvm.directive.region.entry()

declare void @llvm.directive.region.exit(token)

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!9 = !{!7, !7, i64 0}
!10 = !{!11, !11, i64 0}
!11 = !{!"float", !7, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"_Bool", !7, i64 0}
!14 = !{i8 0, i8 2}
!15 = !{}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
