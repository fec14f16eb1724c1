; A worksharing loop of an int variable counted up by 1 from a non-negative
; constant (`for (i = 1; i <= n; i++)`) gets a 32-bit normalized counter,
; as clang's own lowering has: __kmpc_for_static_init_4 and the variable
; `start + k` with nsw, so the body's `sext i` of each array index is an
; affine recurrence (prepare/narrow_iv.rs). With the 64-bit counter the
; variable is `start + trunc(k)`, whose sext SCEV cannot fold: -O2 leaves a
; `shl`/`ashr exact` pair per index per iteration and run-time checks in
; front of the vector loop (NPB SP's `lhsx` loops: 33 instructions an
; iteration against clang's 19). `zero_le` (start 0 with `<=`: n may be
; 2^31) and `var_start` (a start that may be negative) keep the 64-bit
; counter, and show the shape the narrow one removes. Executed in
; test/cc/programs/narrow_counter.c at 1-7 threads.
; The paper's form (metadata strings); test/paropt/narrow-iv.ll has the other.
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s --check-prefix=O2
; CHECK-LABEL: define internal void @narrow.omp_outlined
; CHECK: call void @__kmpc_for_static_init_4(
; CHECK: %omp.norm.k = load i32, ptr %omp.norm.iv.priv
; CHECK: %omp.norm.var = add nsw i32 1, %omp.norm.k
; CHECK-LABEL: define internal void @zero_le.omp_outlined
; CHECK: call void @__kmpc_for_static_init_8(
; CHECK-LABEL: define internal void @var_start.omp_outlined
; CHECK: call void @__kmpc_for_static_init_8(
; O2-LABEL: define internal void @narrow.omp_outlined
; O2-NOT: ashr
; O2-NOT: vector.scevcheck
; O2: load <2 x double>
; O2-NOT: ashr
; O2-LABEL: define internal void @zero_le.omp_outlined
; O2: ashr exact i64

target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [22 x i8] c"DIR.OMP.PARALLEL.LOOP\00", align 1
@.str.1 = private unnamed_addr constant [16 x i8] c"QUAL.OMP.SHARED\00", align 1
@a = global [100 x double] zeroinitializer, align 16
@b = global [100 x double] zeroinitializer, align 16
@.str.2 = private unnamed_addr constant [25 x i8] c"QUAL.OMP.DEFAULT.PRIVATE\00", align 1

define void @narrow(i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr @a, ptr @b)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i)
  store i32 1, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp sle i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i)
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %i, align 4
  %sub = sub nsw i32 %2, 1
  %idxprom = sext i32 %sub to i64
  %arrayidx = getelementptr inbounds [100 x double], ptr @b, i64 0, i64 %idxprom
  %3 = load double, ptr %arrayidx, align 8
  %4 = load i32, ptr %i, align 4
  %add = add nsw i32 %4, 1
  %idxprom1 = sext i32 %add to i64
  %arrayidx2 = getelementptr inbounds [100 x double], ptr @b, i64 0, i64 %idxprom1
  %5 = load double, ptr %arrayidx2, align 8
  %add3 = fadd double %3, %5
  %6 = load i32, ptr %i, align 4
  %idxprom4 = sext i32 %6 to i64
  %arrayidx5 = getelementptr inbounds [100 x double], ptr @a, i64 0, i64 %idxprom4
  store double %add3, ptr %arrayidx5, align 8
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %7 = load i32, ptr %i, align 4
  %inc = add nsw i32 %7, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

define void @zero_le(i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n.addr, ptr @a, ptr @b)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i)
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp sle i32 %0, %1
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i)
  br label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %i, align 4
  %idxprom = sext i32 %2 to i64
  %arrayidx = getelementptr inbounds [100 x double], ptr @b, i64 0, i64 %idxprom
  %3 = load double, ptr %arrayidx, align 8
  %4 = load i32, ptr %i, align 4
  %idxprom1 = sext i32 %4 to i64
  %arrayidx2 = getelementptr inbounds [100 x double], ptr @a, i64 0, i64 %idxprom1
  store double %3, ptr %arrayidx2, align 8
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %5 = load i32, ptr %i, align 4
  %inc = add nsw i32 %5, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @var_start(i32 %s, i32 %n) {
entry:
  %s.addr = alloca i32, align 4
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %s, ptr %s.addr, align 4
  store i32 %n, ptr %n.addr, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %s.addr, ptr %n.addr, ptr @a, ptr @b)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.PRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.lifetime.start.p0(i64 4, ptr %i)
  %0 = load i32, ptr %s.addr, align 4
  store i32 %0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %1 = load i32, ptr %i, align 4
  %2 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %1, %2
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 4, ptr %i)
  br label %for.end

for.body:                                         ; preds = %for.cond
  %3 = load i32, ptr %i, align 4
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds [100 x double], ptr @b, i64 0, i64 %idxprom
  %4 = load double, ptr %arrayidx, align 8
  %5 = load i32, ptr %i, align 4
  %idxprom1 = sext i32 %5 to i64
  %arrayidx2 = getelementptr inbounds [100 x double], ptr @a, i64 0, i64 %idxprom1
  store double %4, ptr %arrayidx2, align 8
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i32, ptr %i, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

declare void @llvm.directive(metadata)

declare void @llvm.directive.qual.opndlist(metadata, ...)

declare void @llvm.directive.qual(metadata)
