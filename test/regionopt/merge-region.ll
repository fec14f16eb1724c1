; weft-regionopt on the token-based region form (icx's operand bundles); merge-paper.ll is
; the same functions in the other form. @fig2 (Figure 2: the second loop
; reads a[i], which the first wrote) is forked once and loses the barrier
; between its loops; @shifted (a[i+1]) is forked once but keeps it; a call
; between the regions, a team setting and a variable shared in one region
; but firstprivate in the other keep two forks.
; RUN: %opt -passes='weft-regionopt<no-fuse>' -S %s | FileCheck %s --check-prefix=DIR
; RUN: %opt -passes=weft-regionopt -S %s | FileCheck %s --check-prefix=FUSE
; RUN: %opt -passes='weft-regionopt<no-barrier;no-fuse>' -S %s | FileCheck %s --check-prefix=KEEP
; RUN: %opt -passes='weft-regionopt<no-merge>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=weft-regionopt -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: not %opt -passes='weft-regionopt<fuse>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PARAM

; PARAM: unknown parameter 'fuse' (expected no-merge, no-single, no-barrier or no-fuse)

; REMARK: remark: <unknown>:0:0: 2 adjacent parallel regions merged into one (one fork instead of 2)
; REMARK-NEXT: remark: <unknown>:0:0: implied barrier after this loop removed (nowait): the next loop touches only what the same thread wrote here, or nothing it wrote
; REMARK-NEXT: remark: <unknown>:0:0: loop fused into the loop before it (one partition; each iteration runs both bodies)
; REMARK-NEXT: remark: <unknown>:0:0: 2 adjacent parallel regions merged into one (one fork instead of 2)
; REMARK-NEXT: remark: <unknown>:0:0: implied barrier after this loop kept: the next loop may touch memory another thread wrote in this loop
; REMARK-NEXT: remark: <unknown>:0:0: loop not fused into the loop before it: the barrier before it must stay (implied barrier after this loop kept: the next loop may touch memory another thread wrote in this loop)
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: code between the regions: a call to work, an external function that may fork a parallel region or call the OpenMP runtime
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: region 2: QUAL.OMP.NUM_THREADS sets the team of its region (regions with their own team settings are not merged)
; REMARK-NEXT: remark: <unknown>:0:0: parallel regions not merged: 'a' is shared in one region and private in the other

; The pipeline: one fork for @fig2 and @shifted, two for the others; one
; fused loop (one partition) and no barrier in @fig2's microtask, two
; loops and the barrier between them in @shifted's.
; CHECK-LABEL: define void @fig2(
; CHECK: call {{.*}} @__kmpc_fork_call(
; CHECK-NOT: @__kmpc_fork_call(
; CHECK-LABEL: define void @shifted(
; CHECK: call {{.*}} @__kmpc_fork_call(
; CHECK-NOT: @__kmpc_fork_call(
; CHECK-LABEL: define void @between(
; CHECK-COUNT-2: call {{.*}} @__kmpc_fork_call(
; CHECK-LABEL: define void @team(
; CHECK-COUNT-2: call {{.*}} @__kmpc_fork_call(
; CHECK-LABEL: define void @conflict(
; CHECK-COUNT-2: call {{.*}} @__kmpc_fork_call(
; CHECK-LABEL: define internal void @fig2.omp_outlined.1(
; CHECK: call void @__kmpc_for_static_init_8(
; CHECK-NOT: call void @__kmpc_for_static_init_8(
; CHECK-NOT: call void @__kmpc_barrier(
; CHECK-LABEL: define internal void @shifted.omp_outlined
; CHECK-SAME: .1(
; CHECK: call void @__kmpc_for_static_init_8(
; CHECK: call void @__kmpc_barrier(
; CHECK: call void @__kmpc_for_static_init_8(
; CHECK-NOT: call void @__kmpc_barrier(
; CHECK-NOT: llvm.directive

; DIR-LABEL: define void @fig2(
; DIR: %[[P:.*]] = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr @a, ptr @b) ]
; DIR: %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1), "QUAL.OMP.NOWAIT"() ]
; DIR: call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.LOOP"() ]
; DIR: %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NORMALIZED.IV"(ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub2), "QUAL.OMP.NOWAIT"() ]
; DIR: call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.LOOP"() ]
; DIR-NEXT: call void @llvm.directive.region.exit(token %[[P]]) [ "DIR.OMP.END.PARALLEL"() ]
; DIR-LABEL: define void @shifted(
; DIR: "DIR.OMP.PARALLEL"()
; DIR: %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]
; DIR-LABEL: define void @between(
; DIR-COUNT-2: "DIR.OMP.PARALLEL.LOOP"()

; KEEP-LABEL: define void @fig2(
; KEEP: "DIR.OMP.PARALLEL"()
; KEEP: %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]

; OFF-NOT: "DIR.OMP.PARALLEL"()

; Fused (the default): @fig2's second loop runs on the first loop's
; iteration: its body follows the first body, its index is the first
; loop's, its test and its own directive are gone; @shifted keeps two loops.
; FUSE-LABEL: define void @fig2(
; FUSE: %[[P:.*]] = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr @a, ptr @b) ]
; FUSE: %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1), "QUAL.OMP.NOWAIT"() ]
; FUSE-NOT: region.entry
; FUSE: body1:
; FUSE: store double %f1, ptr %p1
; FUSE-NEXT: br label %cond2
; FUSE: omp.fused.inc:
; FUSE-NEXT: %next1 = add nsw i64 %i1, 1
; FUSE-NEXT: store i64 %next1, ptr %iv1
; FUSE-NEXT: br label %cond1
; FUSE: done1:
; FUSE-NEXT: br label %done2
; FUSE: cond2:
; FUSE: br label %body2
; FUSE: body2:
; FUSE-NEXT: %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %i1
; FUSE: br label %omp.fused.inc
; FUSE: done2:
; FUSE-NEXT: call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.LOOP"() ]
; FUSE-NEXT: call void @llvm.directive.region.exit(token %[[P]]) [ "DIR.OMP.END.PARALLEL"() ]
; FUSE-LABEL: define void @shifted(
; FUSE: %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"()

target triple = "x86_64-pc-linux-gnu"
@a = global [1024 x double] zeroinitializer
@b = global [1024 x double] zeroinitializer
declare void @work()
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @fig2(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]
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
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a, ptr @b), "QUAL.OMP.NORMALIZED.IV"(ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub2) ]
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
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

define void @shifted(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]
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
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a, ptr @b), "QUAL.OMP.NORMALIZED.IV"(ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub2) ]
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
  %j2 = add nsw i64 %i2, 1
  %q2 = getelementptr inbounds [1024 x double], ptr @a, i64 0, i64 %j2
  %x2 = load double, ptr %q2
  %y2 = fmul double %x2, 2.0
  %r2 = getelementptr inbounds [1024 x double], ptr @b, i64 0, i64 %i2
  store double %y2, ptr %r2
  %next2 = add nsw i64 %i2, 1
  store i64 %next2, ptr %iv2
  br label %cond2
done2:
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

define void @between(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]
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
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  call void @work()
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a, ptr @b), "QUAL.OMP.NORMALIZED.IV"(ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub2) ]
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
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

define void @team(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]
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
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a, ptr @b), "QUAL.OMP.NUM_THREADS"(i32 2), "QUAL.OMP.NORMALIZED.IV"(ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub2) ]
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
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

define void @conflict(i64 %n) {
entry:
  %iv1 = alloca i64
  %ub1 = alloca i64
  %iv2 = alloca i64
  %ub2 = alloca i64
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @a), "QUAL.OMP.NORMALIZED.IV"(ptr %iv1), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1) ]
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
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr @b), "QUAL.OMP.FIRSTPRIVATE"(ptr @a), "QUAL.OMP.NORMALIZED.IV"(ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub2) ]
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
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}
