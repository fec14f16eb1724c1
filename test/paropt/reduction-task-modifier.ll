; The task reduction modifier (OpenMP 5.0 §2.19.5.4) in icx's region form (llvm.directive.region.entry/exit with operand bundles), as weft-cc
; writes it for: parallel reduction(task, +: s) whose tasks (from a single)
; add with in_reduction, and a for reduction(task, max: m) inside a
; parallel whose iterations' tasks take part. Executed at 1, 2, 3, 4 and 7
; threads against the serial program (s lost or doubled task contributions
; would print another sum); the shape: each thread registers its copy with
; __kmpc_taskred_modifier_init (is_ws 0 for parallel, 1 for the loop) and
; finishes with __kmpc_task_reduction_modifier_fini before the region's
; own reduction; the tasks find their copy by address.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %clang -O0 -Wno-override-module -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SHAPE
; CHECK: 195 22
; SHAPE-LABEL: define internal void @main.omp_task.6(
; SHAPE: call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr
; SHAPE-LABEL: define internal void @main.omp_outlined.4(
; SHAPE: store ptr @weft.taskred.init.Max.i32, ptr
; SHAPE: store ptr @weft.taskred.comb.Max.i32, ptr
; SHAPE: call ptr @__kmpc_taskred_modifier_init(ptr @{{.*}}, i32 %gtid, i32 1, i32 1, ptr %omp.taskred.list)
; SHAPE: call void @__kmpc_task_reduction_modifier_fini(ptr @{{.*}}, i32 %gtid, i32 1)
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE-LABEL: define internal void @main.omp_task.3(
; SHAPE: call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr
; SHAPE-LABEL: define internal void @main.omp_outlined.1(
; SHAPE: store ptr @weft.taskred.init.Add.i64, ptr
; SHAPE: call ptr @__kmpc_taskred_modifier_init(ptr @{{.*}}, i32 %gtid, i32 0, i32 1, ptr %omp.taskred.list)
; SHAPE: call void @__kmpc_task_reduction_modifier_fini(ptr @{{.*}}, i32 %gtid, i32 0)
; SHAPE: call i32 @__kmpc_reduce_nowait(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [17 x i8] c"DIR.OMP.PARALLEL\00", align 1
@.str.1 = private unnamed_addr constant [28 x i8] c"QUAL.OMP.REDUCTION.ADD:TASK\00", align 1
@.str.2 = private unnamed_addr constant [15 x i8] c"DIR.OMP.SINGLE\00", align 1
@.str.3 = private unnamed_addr constant [13 x i8] c"DIR.OMP.TASK\00", align 1
@.str.4 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.INREDUCTION.ADD\00", align 1
@.str.5 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.FIRSTPRIVATE\00", align 1
@.str.6 = private unnamed_addr constant [13 x i8] c"DIR.OMP.LOOP\00", align 1
@.str.7 = private unnamed_addr constant [28 x i8] c"QUAL.OMP.REDUCTION.MAX:TASK\00", align 1
@.str.8 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.INREDUCTION.MAX\00", align 1
@.str.9 = private unnamed_addr constant [8 x i8] c"%ld %d\0A\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 {
entry:
  %retval = alloca i32, align 4
  %s = alloca i64, align 8
  %m = alloca i32, align 4
  %k = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store i64 5, ptr %s, align 8
  call void @llvm.lifetime.start.p0(i64 4, ptr %m) #3
  store i32 0, ptr %m, align 4
  %0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.REDUCTION.ADD:TASK"(ptr %s), "QUAL.OMP.PRIVATE"(ptr %k) ]
  %1 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #3
  store i32 0, ptr %k, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %2 = load i32, ptr %k, align 4
  %cmp = icmp slt i32 %2, 20
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %s), "QUAL.OMP.FIRSTPRIVATE"(ptr %k) ]
  %4 = load i32, ptr %k, align 4
  %conv = sext i32 %4 to i64
  %5 = load i64, ptr %s, align 8
  %add = add nsw i64 %5, %conv
  store i64 %add, ptr %s, align 8
  call void @llvm.directive.region.exit(token %3) [ "DIR.OMP.END.TASK"() ]
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i32, ptr %k, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %k, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive.region.exit(token %1) [ "DIR.OMP.END.SINGLE"() ]
  call void @llvm.directive.region.exit(token %0) [ "DIR.OMP.END.PARALLEL"() ]
  %7 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  %8 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.REDUCTION.MAX:TASK"(ptr %m), "QUAL.OMP.PRIVATE"(ptr %i) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc10, %for.end
  %9 = load i32, ptr %i, align 4
  %cmp2 = icmp slt i32 %9, 30
  br i1 %cmp2, label %for.body5, label %for.cond.cleanup4

for.cond.cleanup4:                                ; preds = %for.cond1
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end12

for.body5:                                        ; preds = %for.cond1
  %10 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.INREDUCTION.MAX"(ptr %m), "QUAL.OMP.FIRSTPRIVATE"(ptr %i) ]
  %11 = load i32, ptr %m, align 4
  %12 = load i32, ptr %i, align 4
  %mul = mul nsw i32 %12, 7
  %rem = srem i32 %mul, 23
  %cmp6 = icmp sgt i32 %11, %rem
  br i1 %cmp6, label %cond.true, label %cond.false

cond.true:                                        ; preds = %for.body5
  %13 = load i32, ptr %m, align 4
  br label %cond.end

cond.false:                                       ; preds = %for.body5
  %14 = load i32, ptr %i, align 4
  %mul8 = mul nsw i32 %14, 7
  %rem9 = srem i32 %mul8, 23
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %13, %cond.true ], [ %rem9, %cond.false ]
  store i32 %cond, ptr %m, align 4
  call void @llvm.directive.region.exit(token %10) [ "DIR.OMP.END.TASK"() ]
  br label %for.inc10

for.inc10:                                        ; preds = %cond.end
  %15 = load i32, ptr %i, align 4
  %inc11 = add nsw i32 %15, 1
  store i32 %inc11, ptr %i, align 4
  br label %for.cond1, !llvm.loop !8

for.end12:                                        ; preds = %for.cond.cleanup4
  call void @llvm.directive.region.exit(token %8) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %7) [ "DIR.OMP.END.PARALLEL"() ]
  %16 = load i64, ptr %s, align 8
  %17 = load i32, ptr %m, align 4
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.9, i64 noundef %16, i32 noundef %17)
  call void @llvm.lifetime.end.p0(i64 4, ptr %m) #3
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  ret i32 0
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @printf(ptr noundef, ...) #2

declare token @llvm.directive.region.entry()

declare void @llvm.directive.region.exit(token)

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
