; Merging across code between two regions (the paper's form; between-region.ll
; is the same in the other form): in @pure the code between the regions
; (a multiplication and a pure intrinsic on an argument) moves before the
; merged region, computed once before the fork, and the loops are then
; fused; @reads loads @a, which the first region writes, and @stores
; stores to a global: neither may run before the fork, so each runs once,
; under single, in the merged region, after the first loop's barrier (the
; value @reads loads reaches the second loop through a shared local);
; with no-single both keep two forks, with the reason.
; RUN: %opt -passes=weft-regionopt -S %s | FileCheck %s --check-prefix=DIR
; RUN: %opt -passes=weft-regionopt -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes='weft-regionopt<no-single>' -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOSINGLE
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s

; REMARK: remark: <unknown>:0:0: 2 adjacent parallel regions merged into one (one fork instead of 2)
; REMARK: remark: <unknown>:0:0: loop fused into the loop before it
; REMARK: remark: <unknown>:0:0: 2 adjacent parallel regions merged into one (one fork instead of 2)
; REMARK-NEXT: remark: <unknown>:0:0: code between the regions runs once, under single, in the merged region; 1 value(s) it computes reach the team through memory
; REMARK-NEXT: remark: <unknown>:0:0: implied barrier after this loop kept: code between the regions runs under single after it
; REMARK-NEXT: remark: <unknown>:0:0: loop not fused into the loop before it: the barrier before it must stay (implied barrier after this loop kept: code between the regions runs under single after it)
; REMARK-NEXT: remark: <unknown>:0:0: 2 adjacent parallel regions merged into one (one fork instead of 2)
; REMARK-NEXT: remark: <unknown>:0:0: code between the regions runs once, under single, in the merged region
; REMARK-NOT: not merged

; NOSINGLE: remark: <unknown>:0:0: parallel regions not merged: code between the regions reads memory a region before it may write (running it under single is off: no-single)
; NOSINGLE-NEXT: remark: <unknown>:0:0: parallel regions not merged: code between the regions (Store after the first region's end) (running it under single is off: no-single)

; CHECK-LABEL: define void @pure(
; CHECK: %k = fmul double %s, 3.0
; CHECK: call {{.*}} @__kmpc_fork_call(
; CHECK-NOT: @__kmpc_fork_call(
; CHECK-LABEL: define void @reads(
; CHECK: call {{.*}} @__kmpc_fork_call(
; CHECK-NOT: @__kmpc_fork_call(
; CHECK-LABEL: define void @stores(
; CHECK: call {{.*}} @__kmpc_fork_call(
; CHECK-NOT: call {{.*}} @__kmpc_fork_call(
; CHECK-LABEL: define internal void @reads.omp_outlined
; CHECK: call void @__kmpc_barrier(
; CHECK: call i32 @__kmpc_single(
; CHECK: load double, ptr @a
; CHECK: call void @__kmpc_end_single(
; CHECK: call void @__kmpc_barrier(

; DIR-LABEL: define void @pure(
; DIR: %k = fmul double %s, 3.0
; DIR-NEXT: %kk = call double @llvm.fabs.f64(double %k)
; DIR-NEXT: {{.*}}!"DIR.OMP.PARALLEL")
; DIR: done1:
; DIR-NEXT: br label %done2
; DIR-LABEL: define void @reads(
; DIR: !"DIR.OMP.PARALLEL")
; DIR: !"DIR.OMP.SINGLE")
; DIR-NEXT: !"DIR.QUAL.LIST.END")
; DIR-NEXT: %k = load double, ptr @a
; DIR-NEXT: store double %k, ptr %omp.single.value
; DIR: %[[K:.*]] = load double, ptr %omp.single.value
; DIR-NEXT: %y2 = fmul double %x2, %[[K]]
; DIR-LABEL: define void @stores(
; DIR: !"DIR.OMP.PARALLEL")
; DIR: !"DIR.OMP.SINGLE")
; DIR-NEXT: !"DIR.QUAL.LIST.END")
; DIR-NEXT: store double 1.000000e+00, ptr @b

target triple = "x86_64-pc-linux-gnu"
@a = global [1024 x double] zeroinitializer
@b = global [1024 x double] zeroinitializer
declare void @work()
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)

declare double @llvm.fabs.f64(double)

define void @pure(i64 %n, double %s) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a)
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
  %f1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %f1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %k = fmul double %s, 3.0
  %kk = call double @llvm.fabs.f64(double %k)
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b)
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
  %y2 = fmul double %x2, %kk
  %r2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %y2, ptr %r2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @reads(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a)
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
  %f1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %f1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %k = load double, ptr @a
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b)
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
  %y2 = fmul double %x2, %k
  %r2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %y2, ptr %r2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @stores(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a)
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
  %f1 = sitofp i64 %i1 to double
  %p1 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
  store double %f1, ptr %p1
  %next1 = add nsw i64 %i1, 1
  store i64 %next1, ptr %iv1
  br label %cond1
done1:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store double 1.0, ptr @b
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr @a, ptr @b)
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
  %y2 = fmul double %x2, 2.0
  %r2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %y2, ptr %r2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

