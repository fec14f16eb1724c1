; Task reductions of an array section in icx's region form (llvm.directive.region.entry/exit with operand bundles), as weft-cc writes
; taskgroup task_reduction(+: a[2:3]) with tasks' in_reduction(+: a[2:3])
; (REDUCTION.ADD:ARRSECT.TYPED / INREDUCTION.ADD:ARRSECT.TYPED). Executed at
; 1, 2, 3, 4 and 7 threads against the serial program (a copy not moved back
; by the section's start adds into the wrong elements); the shape: the item
; is registered by &a[2] and 3 elements' functions, the task finds its copy
; by &a[2] and addresses a through the copy two elements back.
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
; CHECK: 0 1 137 148 159 5
; SHAPE-LABEL: define internal void @main.omp_task.
; SHAPE: %omp.taskred.sect = getelementptr inbounds i64, ptr %{{.*}}, i64 2
; SHAPE: [[COPY:%.*]] = call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr %omp.taskred.sect)
; SHAPE: %omp.inred.base = getelementptr i64, ptr [[COPY]], i64 -2
; SHAPE-LABEL: define internal void @weft.taskred.init.Add.i64.x3(
; SHAPE-LABEL: define internal void @main.omp_outlined.
; SHAPE: %omp.taskred.sect = getelementptr inbounds i64, ptr %{{.*}}, i64 2
; SHAPE: store ptr %omp.taskred.sect, ptr
; SHAPE: store ptr %omp.taskred.sect, ptr
; SHAPE: store i64 mul (i64 ptrtoint (ptr getelementptr (i64, ptr null, i32 1) to i64), i64 3), ptr
; SHAPE: store ptr @weft.taskred.init.Add.i64.x3, ptr
; SHAPE: call ptr @__kmpc_taskred_init(i32 %gtid, i32 1, ptr %omp.taskred.list)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [17 x i8] c"DIR.OMP.PARALLEL\00", align 1
@.str.1 = private unnamed_addr constant [15 x i8] c"DIR.OMP.SINGLE\00", align 1
@.str.2 = private unnamed_addr constant [18 x i8] c"DIR.OMP.TASKGROUP\00", align 1
@.str.3 = private unnamed_addr constant [37 x i8] c"QUAL.OMP.REDUCTION.ADD:ARRSECT.TYPED\00", align 1
@.str.4 = private unnamed_addr constant [4 x i8] c"i64\00", align 1
@.str.5 = private unnamed_addr constant [13 x i8] c"DIR.OMP.TASK\00", align 1
@.str.6 = private unnamed_addr constant [39 x i8] c"QUAL.OMP.INREDUCTION.ADD:ARRSECT.TYPED\00", align 1
@.str.7 = private unnamed_addr constant [22 x i8] c"QUAL.OMP.FIRSTPRIVATE\00", align 1
@.str.8 = private unnamed_addr constant [25 x i8] c"%ld %ld %ld %ld %ld %ld\0A\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 {
entry:
  %retval = alloca i32, align 4
  %a = alloca [6 x i64], align 16
  %k = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  call void @llvm.lifetime.start.p0(i64 48, ptr %a) #4
  call void @llvm.memset.p0.i64(ptr align 16 %a, i8 0, i64 48, i1 false)
  %0 = getelementptr inbounds [6 x i64], ptr %a, i32 0, i32 1
  store i64 1, ptr %0, align 8
  %1 = getelementptr inbounds [6 x i64], ptr %a, i32 0, i32 2
  store i64 2, ptr %1, align 16
  %2 = getelementptr inbounds [6 x i64], ptr %a, i32 0, i32 3
  store i64 3, ptr %2, align 8
  %3 = getelementptr inbounds [6 x i64], ptr %a, i32 0, i32 4
  store i64 4, ptr %3, align 16
  %4 = getelementptr inbounds [6 x i64], ptr %a, i32 0, i32 5
  store i64 5, ptr %4, align 8
  %5 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PRIVATE"(ptr %k) ]
  %6 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  %7 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"(), "QUAL.OMP.REDUCTION.ADD:ARRSECT.TYPED"(ptr %a, i64 0, i64 3, i64 2) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %k) #4
  store i32 0, ptr %k, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %8 = load i32, ptr %k, align 4
  %cmp = icmp slt i32 %8, 30
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %k) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  %9 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.INREDUCTION.ADD:ARRSECT.TYPED"(ptr %a, i64 0, i64 3, i64 2), "QUAL.OMP.FIRSTPRIVATE"(ptr %k) ]
  %10 = load i32, ptr %k, align 4
  %conv = sext i32 %10 to i64
  %11 = load i32, ptr %k, align 4
  %rem = srem i32 %11, 3
  %add = add nsw i32 2, %rem
  %idxprom = sext i32 %add to i64
  %arrayidx = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 %idxprom
  %12 = load i64, ptr %arrayidx, align 8
  %add1 = add nsw i64 %12, %conv
  store i64 %add1, ptr %arrayidx, align 8
  call void @llvm.directive.region.exit(token %9) [ "DIR.OMP.END.TASK"() ]
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %13 = load i32, ptr %k, align 4
  %inc = add nsw i32 %13, 1
  store i32 %inc, ptr %k, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive.region.exit(token %7) [ "DIR.OMP.END.TASKGROUP"() ]
  call void @llvm.directive.region.exit(token %6) [ "DIR.OMP.END.SINGLE"() ]
  call void @llvm.directive.region.exit(token %5) [ "DIR.OMP.END.PARALLEL"() ]
  %arrayidx2 = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 0
  %14 = load i64, ptr %arrayidx2, align 16
  %arrayidx3 = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 1
  %15 = load i64, ptr %arrayidx3, align 8
  %arrayidx4 = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 2
  %16 = load i64, ptr %arrayidx4, align 16
  %arrayidx5 = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 3
  %17 = load i64, ptr %arrayidx5, align 8
  %arrayidx6 = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 4
  %18 = load i64, ptr %arrayidx6, align 16
  %arrayidx7 = getelementptr inbounds [6 x i64], ptr %a, i64 0, i64 5
  %19 = load i64, ptr %arrayidx7, align 8
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.8, i64 noundef %14, i64 noundef %15, i64 noundef %16, i64 noundef %17, i64 noundef %18, i64 noundef %19)
  call void @llvm.lifetime.end.p0(i64 48, ptr %a) #4
  ret i32 0
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

declare i32 @printf(ptr noundef, ...) #3

declare token @llvm.directive.region.entry()

declare void @llvm.directive.region.exit(token)

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

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
