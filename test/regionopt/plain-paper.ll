; Plain parallel regions merged by weft-regionopt (the paper's form; plain-region.ll is
; the same functions in the other form). @counted: two plain regions, each
; with a worksharing loop, a counter increment and a printf between them:
; one region, the increment and printf under single, an explicit barrier
; where the first region joined. @asks (omp_get_num_threads() between),
; @team (num_threads on the second), @copyin, @unknown (a call to an
; external function between) keep two forks, each with why.
; How these can fail: run by every thread, the increment would count N
; times (test/cc/programs/regionopt_plain.c executes that case).
; RUN: %opt -passes=weft-regionopt -S %s | FileCheck %s --check-prefix=DIR
; RUN: %opt -passes=weft-regionopt -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes='weft-regionopt<no-single>' -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOSINGLE
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s

; REMARK: remark: <unknown>:0:0: 2 adjacent parallel regions merged into one (one fork instead of 2; 2 plain, a barrier where each joined)
; REMARK-NEXT: remark: <unknown>:0:0: code between the regions runs once, under single, in the merged region
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: code between the regions: a call to omp_get_num_threads: it answers differently inside a team (between the regions one thread, not in parallel; inside, the team)
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: region 3: QUAL.OMP.NUM_THREADS sets the team of its region (regions with their own team settings are not merged)
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: region 1: QUAL.OMP.COPYIN: threadprivate copies are set from the encountering thread's at each fork
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: code between the regions: a call to work, an external function that may fork a parallel region or call the OpenMP runtime
; REMARK-NOT: merged into one

; NOSINGLE: remark: <unknown>:0:0: parallel regions not merged: code between the regions (Store after the first region's end) (running it under single is off: no-single)

; One fork in @counted; in its microtask the first loop, the barrier where
; the first region joined, the single, the second loop.
; CHECK-LABEL: define void @counted(
; CHECK: call {{.*}} @__kmpc_fork_call(
; CHECK-NOT: call {{.*}} @__kmpc_fork_call(
; CHECK-LABEL: define void @asks(
; CHECK-COUNT-2: call {{.*}} @__kmpc_fork_call(
; CHECK-LABEL: define internal void @counted.omp_outlined
; CHECK: call void @__kmpc_for_static_init_8(
; CHECK: call void @__kmpc_barrier(
; CHECK: call void @__kmpc_barrier(
; CHECK: call i32 @__kmpc_single(
; CHECK: store i64 %new, ptr @counter
; CHECK: call i32 (ptr, ...) @printf(
; CHECK: call void @__kmpc_end_single(
; CHECK: call void @__kmpc_barrier(
; CHECK: call void @__kmpc_for_static_init_8(

; DIR-LABEL: define void @counted(
; DIR: call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
; DIR-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
; DIR-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv1, ptr %ub1)
; DIR-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv2, ptr %ub2)
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.OMP.LOOP")
; DIR: call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.OMP.BARRIER")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.OMP.END.BARRIER")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR: call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR-NEXT: %old = load i64, ptr @counter
; DIR: %said = call i32 (ptr, ...) @printf(
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.OMP.LOOP")
; DIR: call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; DIR-NEXT: call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
; DIR-NOT: !"DIR.OMP.PARALLEL")
; DIR-LABEL: define void @asks(

target triple = "x86_64-pc-linux-gnu"
@a = global [1024 x double] zeroinitializer
@b = global [1024 x double] zeroinitializer
@counter = global i64 0
@tp = thread_local global i64 0
@fmt = private constant [5 x i8] c"%ld\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @omp_get_num_threads()
declare void @work()
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)

define void @counted(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv1, ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last1 = sub i64 %n, 1
  store i64 %last1, ptr %ub1
  store i64 0, ptr %iv1
  br label %cond1
cond1:
  %i1 = load i64, ptr %iv1
  %u1 = load i64, ptr %ub1
  %go1 = icmp sle i64 %i1, %u1
  br i1 %go1, label %body1, label %done1
body1:
  %v1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %v1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %old = load i64, ptr @counter
  %new = add i64 %old, 1
  store i64 %new, ptr @counter
  %said = call i32 (ptr, ...) @printf(ptr @fmt, i64 %new)
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv2, ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last2 = sub i64 %n, 1
  store i64 %last2, ptr %ub2
  store i64 0, ptr %iv2
  br label %cond2
cond2:
  %i2 = load i64, ptr %iv2
  %u2 = load i64, ptr %ub2
  %go2 = icmp sle i64 %i2, %u2
  br i1 %go2, label %body2, label %done2
body2:
  %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i2
  %x2 = load double, ptr %q2
  %c2 = load i64, ptr @counter
  %cf2 = sitofp i64 %c2 to double
  %v2 = fadd double %x2, %cf2
  %p2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %v2, ptr %p2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @asks(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv1, ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last1 = sub i64 %n, 1
  store i64 %last1, ptr %ub1
  store i64 0, ptr %iv1
  br label %cond1
cond1:
  %i1 = load i64, ptr %iv1
  %u1 = load i64, ptr %ub1
  %go1 = icmp sle i64 %i1, %u1
  br i1 %go1, label %body1, label %done1
body1:
  %v1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %v1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %nt = call i32 @omp_get_num_threads()
  %nt64 = sext i32 %nt to i64
  store i64 %nt64, ptr @counter
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv2, ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last2 = sub i64 %n, 1
  store i64 %last2, ptr %ub2
  store i64 0, ptr %iv2
  br label %cond2
cond2:
  %i2 = load i64, ptr %iv2
  %u2 = load i64, ptr %ub2
  %go2 = icmp sle i64 %i2, %u2
  br i1 %go2, label %body2, label %done2
body2:
  %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i2
  %x2 = load double, ptr %q2
  %c2 = load i64, ptr @counter
  %cf2 = sitofp i64 %c2 to double
  %v2 = fadd double %x2, %cf2
  %p2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %v2, ptr %p2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @team(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv1, ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last1 = sub i64 %n, 1
  store i64 %last1, ptr %ub1
  store i64 0, ptr %iv1
  br label %cond1
cond1:
  %i1 = load i64, ptr %iv1
  %u1 = load i64, ptr %ub1
  %go1 = icmp sle i64 %i1, %u1
  br i1 %go1, label %body1, label %done1
body1:
  %v1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %v1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv2, ptr %ub2)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.NUM_THREADS", i32 2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last2 = sub i64 %n, 1
  store i64 %last2, ptr %ub2
  store i64 0, ptr %iv2
  br label %cond2
cond2:
  %i2 = load i64, ptr %iv2
  %u2 = load i64, ptr %ub2
  %go2 = icmp sle i64 %i2, %u2
  br i1 %go2, label %body2, label %done2
body2:
  %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i2
  %x2 = load double, ptr %q2
  %c2 = load i64, ptr @counter
  %cf2 = sitofp i64 %c2 to double
  %v2 = fadd double %x2, %cf2
  %p2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %v2, ptr %p2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @copyin(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv1, ptr %ub1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.COPYIN", ptr @tp)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last1 = sub i64 %n, 1
  store i64 %last1, ptr %ub1
  store i64 0, ptr %iv1
  br label %cond1
cond1:
  %i1 = load i64, ptr %iv1
  %u1 = load i64, ptr %ub1
  %go1 = icmp sle i64 %i1, %u1
  br i1 %go1, label %body1, label %done1
body1:
  %v1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %v1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv2, ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last2 = sub i64 %n, 1
  store i64 %last2, ptr %ub2
  store i64 0, ptr %iv2
  br label %cond2
cond2:
  %i2 = load i64, ptr %iv2
  %u2 = load i64, ptr %ub2
  %go2 = icmp sle i64 %i2, %u2
  br i1 %go2, label %body2, label %done2
body2:
  %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i2
  %x2 = load double, ptr %q2
  %c2 = load i64, ptr @counter
  %cf2 = sitofp i64 %c2 to double
  %v2 = fadd double %x2, %cf2
  %p2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %v2, ptr %p2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @unknown(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv1, ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last1 = sub i64 %n, 1
  store i64 %last1, ptr %ub1
  store i64 0, ptr %iv1
  br label %cond1
cond1:
  %i1 = load i64, ptr %iv1
  %u1 = load i64, ptr %ub1
  %go1 = icmp sle i64 %i1, %u1
  br i1 %go1, label %body1, label %done1
body1:
  %v1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %v1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @work()
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b, ptr @counter)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %iv2, ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %last2 = sub i64 %n, 1
  store i64 %last2, ptr %ub2
  store i64 0, ptr %iv2
  br label %cond2
cond2:
  %i2 = load i64, ptr %iv2
  %u2 = load i64, ptr %ub2
  %go2 = icmp sle i64 %i2, %u2
  br i1 %go2, label %body2, label %done2
body2:
  %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i2
  %x2 = load double, ptr %q2
  %c2 = load i64, ptr @counter
  %cf2 = sitofp i64 %c2 to double
  %v2 = fadd double %x2, %cf2
  %p2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %v2, ptr %p2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

