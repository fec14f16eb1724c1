; An orphaned distribute loop in the token form (llvm.directive.region.entry/exit with operand bundles), as weft-cc writes it:
; `distribute dist_schedule(static, 3)` in a function of its own, which a
; `teams num_teams(3)` region calls. It binds to the calling league: the
; thread's number from the runtime (the function has no outlined-region
; arguments), its team's chunks from libomp's distribute schedule, no
; barrier. Executed at 1-7 threads: each iteration once (a loop every team
; ran whole would count 300).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; CHECK: count 100 sum 4950
; SHAPE-LABEL: define dso_local void @blocks(
; SHAPE: %[[GTID:.*]] = call i32 @__kmpc_global_thread_num(
; SHAPE: call void @__kmpc_for_static_init_8(ptr @{{.*}}, i32 %[[GTID]], i32 91, ptr %omp.last, ptr %omp.lo, ptr %omp.hi, ptr %omp.stride, i64 1, i64 3)
; SHAPE: omp.dist.done:
; SHAPE: call void @__kmpc_for_static_fini(
; SHAPE-NOT: call void @__kmpc_barrier(
; SHAPE: ret void
; SHAPE-LABEL: define dso_local i32 @main()
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [19 x i8] c"DIR.OMP.DISTRIBUTE\00", align 1
@.str.1 = private unnamed_addr constant [30 x i8] c"QUAL.OMP.DIST_SCHEDULE.STATIC\00", align 1
@.str.2 = private unnamed_addr constant [15 x i8] c"DIR.OMP.ATOMIC\00", align 1
@count = dso_local global i32 0, align 4
@v = dso_local global [100 x i32] zeroinitializer, align 16
@.str.3 = private unnamed_addr constant [14 x i8] c"DIR.OMP.TEAMS\00", align 1
@.str.4 = private unnamed_addr constant [19 x i8] c"QUAL.OMP.NUM_TEAMS\00", align 1
@.str.5 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1
@.str.6 = private unnamed_addr constant [18 x i8] c"count %d sum %ld\0A\00", align 1

; Function Attrs: nounwind uwtable
define dso_local void @blocks(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  %0 = call token @llvm.directive.region.entry() [ "DIR.OMP.DISTRIBUTE"(), "QUAL.OMP.DIST_SCHEDULE.STATIC"(i32 3), "QUAL.OMP.PRIVATE"(ptr %i) ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %1 = load i32, ptr %i, align 4
  %2 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %1, %2
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %3 = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"() ]
  %4 = load i32, ptr @count, align 4
  %add = add nsw i32 %4, 1
  store i32 %add, ptr @count, align 4
  call void @llvm.directive.region.exit(token %3) [ "DIR.OMP.END.ATOMIC"() ]
  %5 = load i32, ptr %i, align 4
  %6 = load i32, ptr %i, align 4
  %idxprom = sext i32 %6 to i64
  %arrayidx = getelementptr inbounds [100 x i32], ptr @v, i64 0, i64 %idxprom
  %7 = load i32, ptr %arrayidx, align 4
  %add1 = add nsw i32 %7, %5
  store i32 %add1, ptr %arrayidx, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %8 = load i32, ptr %i, align 4
  %inc = add nsw i32 %8, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive.region.exit(token %0) [ "DIR.OMP.END.DISTRIBUTE"() ]
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local i32 @main() #0 {
entry:
  %retval = alloca i32, align 4
  %s = alloca i64, align 8
  %i = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  %0 = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"(), "QUAL.OMP.NUM_TEAMS"(i32 3), "QUAL.OMP.DEFAULT.PRIVATE"() ]
  call void @blocks(i32 noundef 100)
  call void @llvm.directive.region.exit(token %0) [ "DIR.OMP.END.TEAMS"() ]
  call void @llvm.lifetime.start.p0(i64 8, ptr %s) #3
  store i64 0, ptr %s, align 8
  call void @llvm.lifetime.start.p0(i64 4, ptr %i) #3
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %1 = load i32, ptr %i, align 4
  %cmp = icmp slt i32 %1, 100
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i) #3
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %i, align 4
  %idxprom = sext i32 %2 to i64
  %arrayidx = getelementptr inbounds [100 x i32], ptr @v, i64 0, i64 %idxprom
  %3 = load i32, ptr %arrayidx, align 4
  %conv = sext i32 %3 to i64
  %4 = load i64, ptr %s, align 8
  %add = add nsw i64 %4, %conv
  store i64 %add, ptr %s, align 8
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %5 = load i32, ptr %i, align 4
  %inc = add nsw i32 %5, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  %6 = load i32, ptr @count, align 4
  %7 = load i64, ptr %s, align 8
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.6, i32 noundef %6, i64 noundef %7)
  call void @llvm.lifetime.end.p0(i64 8, ptr %s) #3
  ret i32 0
}

declare i32 @printf(ptr noundef, ...) #2

declare token @llvm.directive.region.entry()

declare void @llvm.directive.region.exit(token)

attributes #0 = { nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }


