; target teams distribute parallel for in the paper's form (Tian et al.
; 2016, what `weft-cc -S -emit-llvm --paper-form` writes for
;   #pragma omp target teams distribute parallel for num_teams(nt) thread_limit(2)
;       map(to: a) map(tofrom: hits) reduction(+: s) lastprivate(last)
; with nt = argc + 2): DIR.OMP.TEAMS nested directly in DIR.OMP.TARGET,
; the maps and the reduction's and lastprivate's items mapped tofrom on
; TARGET (OpenMP 5.1 §2.16), NUM_TEAMS and THREAD_LIMIT on TEAMS. The launch
; reads nt where the target is and passes the league to
; __tgt_target_kernel; the host fallback forks it. Executed with and
; without offloading, at 1-7 threads and with another league size: each
; element once ("once 0" for a missed or doubled iteration), the sum, the
; last iteration's value mapped back.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 x x | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 x x x x | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 OMP_TARGET_OFFLOAD=disabled %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 OMP_TARGET_OFFLOAD=disabled %t0 x | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; CHECK: sum 4032 once 1 last 63
; SHAPE-LABEL: define dso_local i32 @main(
; SHAPE: %omp.league.value = load i32, ptr %nt
; SHAPE: store [3 x i32] [i32 2, i32 0, i32 0], ptr
; SHAPE: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 %omp.league.value, i32 2, ptr @.__omp_offloading_[[ID:[0-9a-f]+_main_r1]].region_id, ptr %omp.kernel_args)
; SHAPE: call void @__omp_offloading_[[ID]](
; SHAPE-LABEL: define internal void @main.omp_outlined.2(
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @{{.*}}, i32 1, ptr @main.omp_outlined.3,
; SHAPE-LABEL: define internal void @main.omp_target.1(
; SHAPE: call void @__kmpc_push_num_teams(ptr @{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 2)
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @{{.*}}, i32 1, ptr @main.omp_outlined.2,
; SHAPE: define internal void @__omp_offloading_[[ID]](
; SHAPE: call void @main.omp_target.1(ptr %omp.gtid, ptr %omp.bound, ptr %omp.target.args)
; PRINT: BEGIN WRNTargetNode<1>
; PRINT: MAP: TO(ptr %a {{.*}}), TOFROM(ptr %hits {{.*}}), TOFROM(ptr %s (CHAIN begin ptr %s, size i64 8, type i64 515)), TOFROM(ptr %last
; PRINT: BEGIN WRNTeamsNode<2>
; PRINT: REDUCTION: ADD(ptr %s)
; PRINT: NUM_TEAMS: i32 %6
; PRINT: THREAD_LIMIT: i32 2
; PRINT: BEGIN WRNDistributeParLoopNode<3>
; PRINT: } END WRNDistributeParLoopNode<3>
; PRINT: } END WRNTeamsNode<2>
; PRINT: } END WRNTargetNode<1>

source_filename = "target-teams-paper.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [15 x i8] c"DIR.OMP.TARGET\00", align 1
@.str.1 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.MAP.TO\00", align 1
@.str.2 = private unnamed_addr constant [20 x i8] c"QUAL.OMP.MAP.TOFROM\00", align 1
@.str.3 = private unnamed_addr constant [14 x i8] c"DIR.OMP.TEAMS\00", align 1
@.str.4 = private unnamed_addr constant [19 x i8] c"QUAL.OMP.NUM_TEAMS\00", align 1
@.str.5 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.THREAD_LIMIT\00", align 1
@.str.6 = private unnamed_addr constant [23 x i8] c"QUAL.OMP.REDUCTION.ADD\00", align 1
@.str.7 = private unnamed_addr constant [27 x i8] c"DIR.OMP.DISTRIBUTE.PARLOOP\00", align 1
@.str.8 = private unnamed_addr constant [21 x i8] c"QUAL.OMP.LASTPRIVATE\00", align 1
@.str.9 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.SHARED\00", align 1
@.str.10 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1
@.str.11 = private unnamed_addr constant [25 x i8] c"sum %ld once %d last %d\0A\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main(i32 noundef %argc, ptr noundef %argv) #0 {
entry:
  %retval = alloca i32, align 4
  %argc.addr = alloca i32, align 4
  %argv.addr = alloca ptr, align 8
  %a = alloca [64 x i32], align 16
  %hits = alloca [64 x i32], align 16
  %i = alloca i32, align 4
  %s = alloca i64, align 8
  %nt = alloca i32, align 4
  %last = alloca i32, align 4
  %i3 = alloca i32, align 4
  %ok = alloca i32, align 4
  %i17 = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  store i32 %argc, ptr %argc.addr, align 4
  store ptr %argv, ptr %argv.addr, align 8
  call void @llvm.lifetime.start.p0(i64 256, ptr %a) #3
  call void @llvm.lifetime.start.p0(i64 256, ptr %hits) #3
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %cmp = icmp slt i32 %0, 64
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load i32, ptr %i, align 4
  %2 = load i32, ptr %i, align 4
  %idxprom = sext i32 %2 to i64
  %arrayidx = getelementptr inbounds [64 x i32], ptr %a, i64 0, i64 %idxprom
  store i32 %1, ptr %arrayidx, align 4
  %3 = load i32, ptr %i, align 4
  %idxprom1 = sext i32 %3 to i64
  %arrayidx2 = getelementptr inbounds [64 x i32], ptr %hits, i64 0, i64 %idxprom1
  store i32 0, ptr %arrayidx2, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %4 = load i32, ptr %i, align 4
  %inc = add nsw i32 %4, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store i64 0, ptr %s, align 8
  call void @llvm.lifetime.start.p0(i64 4, ptr %nt) #3
  %5 = load i32, ptr %argc.addr, align 4
  %add = add nsw i32 %5, 2
  store i32 %add, ptr %nt, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %last) #3
  store i32 -1, ptr %last, align 4
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %a, ptr %a, i64 256, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %hits, ptr %hits, i64 256, i64 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %s, ptr %s, i64 8, i64 515)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %last, ptr %last, i64 4, i64 515)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %6 = load i32, ptr %nt, align 4
  call void @llvm.directive(metadata !"DIR.OMP.TEAMS")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.NUM_TEAMS", i32 %6)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.THREAD_LIMIT", i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %s)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.DISTRIBUTE.PARLOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %s)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %last)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %a, ptr %hits)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i3) #3
  store i32 0, ptr %i3, align 4
  br label %for.cond4

for.cond4:                                        ; preds = %for.inc14, %for.end
  %7 = load i32, ptr %i3, align 4
  %cmp5 = icmp slt i32 %7, 64
  br i1 %cmp5, label %for.body7, label %for.cond.cleanup6

for.cond.cleanup6:                                ; preds = %for.cond4
  call void @llvm.lifetime.end.p0(i64 4, ptr %i3) #3
  br label %for.end16

for.body7:                                        ; preds = %for.cond4
  %8 = load i32, ptr %i3, align 4
  %idxprom8 = sext i32 %8 to i64
  %arrayidx9 = getelementptr inbounds [64 x i32], ptr %a, i64 0, i64 %idxprom8
  %9 = load i32, ptr %arrayidx9, align 4
  %mul = mul nsw i32 %9, 2
  %conv = sext i32 %mul to i64
  %10 = load i64, ptr %s, align 8
  %add10 = add nsw i64 %10, %conv
  store i64 %add10, ptr %s, align 8
  %11 = load i32, ptr %i3, align 4
  %idxprom11 = sext i32 %11 to i64
  %arrayidx12 = getelementptr inbounds [64 x i32], ptr %hits, i64 0, i64 %idxprom11
  %12 = load i32, ptr %arrayidx12, align 4
  %add13 = add nsw i32 %12, 1
  store i32 %add13, ptr %arrayidx12, align 4
  %13 = load i32, ptr %i3, align 4
  store i32 %13, ptr %last, align 4
  br label %for.inc14

for.inc14:                                        ; preds = %for.body7
  %14 = load i32, ptr %i3, align 4
  %inc15 = add nsw i32 %14, 1
  store i32 %inc15, ptr %i3, align 4
  br label %for.cond4, !llvm.loop !8

for.end16:                                        ; preds = %for.cond.cleanup6
  call void @llvm.directive(metadata !"DIR.OMP.END.DISTRIBUTE.PARLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %ok) #3
  store i32 1, ptr %ok, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %i17) #3
  store i32 0, ptr %i17, align 4
  br label %for.cond18

for.cond18:                                       ; preds = %for.inc27, %for.end16
  %15 = load i32, ptr %i17, align 4
  %cmp19 = icmp slt i32 %15, 64
  br i1 %cmp19, label %for.body22, label %for.cond.cleanup21

for.cond.cleanup21:                               ; preds = %for.cond18
  call void @llvm.lifetime.end.p0(i64 4, ptr %i17) #3
  br label %for.end29

for.body22:                                       ; preds = %for.cond18
  %16 = load i32, ptr %i17, align 4
  %idxprom23 = sext i32 %16 to i64
  %arrayidx24 = getelementptr inbounds [64 x i32], ptr %hits, i64 0, i64 %idxprom23
  %17 = load i32, ptr %arrayidx24, align 4
  %cmp25 = icmp eq i32 %17, 1
  %conv26 = zext i1 %cmp25 to i32
  %18 = load i32, ptr %ok, align 4
  %and = and i32 %18, %conv26
  store i32 %and, ptr %ok, align 4
  br label %for.inc27

for.inc27:                                        ; preds = %for.body22
  %19 = load i32, ptr %i17, align 4
  %inc28 = add nsw i32 %19, 1
  store i32 %inc28, ptr %i17, align 4
  br label %for.cond18, !llvm.loop !9

for.end29:                                        ; preds = %for.cond.cleanup21
  %20 = load i64, ptr %s, align 8
  %21 = load i32, ptr %ok, align 4
  %22 = load i32, ptr %last, align 4
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.11, i64 noundef %20, i32 noundef %21, i32 noundef %22)
  call void @llvm.lifetime.end.p0(i64 4, ptr %ok) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %last) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr %nt) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  call void @llvm.lifetime.end.p0(i64 256, ptr %hits) #3
  call void @llvm.lifetime.end.p0(i64 256, ptr %a) #3
  ret i32 0
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @printf(ptr noundef, ...) #2

declare void @llvm.directive(metadata)

declare void @llvm.directive.qual.opndlist(metadata, ...)

declare void @llvm.directive.qual.opnd.i32(metadata, i32)

declare void @llvm.directive.qual(metadata)

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
