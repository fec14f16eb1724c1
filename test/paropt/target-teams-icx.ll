; target teams distribute parallel for as icx writes it: TEAMS nested
; directly in TARGET, the maps (the array, the reduction's item tofrom) and
; the captured num_teams (FIRSTPRIVATE:TYPED) on TARGET, NUM_TEAMS:TYPED
; (read from its slot) and THREAD_LIMIT:TYPED on TEAMS, the loop's bounds
; stored before DIR.OMP.DISTRIBUTE.PARLOOP. The launch passes the league's
; size (loaded from the slot where the target is) and thread limit to
; __tgt_target_kernel as clang does; the host fallback forks the league.
; Executed with and without offloading, at 1-7 threads: every element
; written once (a missed or doubled block changes `sum` and the count).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 OMP_TARGET_OFFLOAD=disabled %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 OMP_TARGET_OFFLOAD=disabled %t0 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; CHECK: sum 870 elements 1 839
; SHAPE-LABEL: define i32 @main()
; SHAPE: %omp.league.value = load i32, ptr %nteams
; SHAPE: %[[NT:[0-9]+]] = insertvalue [3 x i32] zeroinitializer, i32 %omp.league.value, 0
; SHAPE: store [3 x i32] %[[NT]], ptr
; SHAPE: store [3 x i32] [i32 2, i32 0, i32 0], ptr
; SHAPE: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 %omp.league.value, i32 2, ptr @.__omp_offloading_[[ID:[0-9a-f]+_main_r1]].region_id, ptr %omp.kernel_args)
; SHAPE: call void @__omp_offloading_[[ID]](
; SHAPE-LABEL: define internal void @main.omp_outlined.3(
; SHAPE: call void @__kmpc_for_static_init_4(ptr @{{.*}}, i32 %gtid, i32 92, ptr %omp.team.last,
; SHAPE: call void @__kmpc_for_static_init_4(ptr @{{.*}}, i32 %gtid, i32 34, ptr %omp.last,
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE-LABEL: define internal void @main.omp_outlined.2(
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @{{.*}}, i32 1, ptr @main.omp_outlined.3,
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE-LABEL: define internal void @main.omp_target.1(
; SHAPE: call void @__kmpc_push_num_teams(ptr @{{.*}}, i32 %{{.*}}, i32 %omp.teams.value, i32 2)
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @{{.*}}, i32 1, ptr @main.omp_outlined.2,
; SHAPE: define internal void @__omp_offloading_[[ID]](
; SHAPE: call void @main.omp_target.1(ptr %omp.gtid, ptr %omp.bound, ptr %omp.target.args)
; PRINT: BEGIN WRNTargetNode<1>
; PRINT: BEGIN WRNTeamsNode<2>
; PRINT: NUM_TEAMS: ptr %nteams (TYPED i32)
; PRINT: BEGIN WRNDistributeParLoopNode<3>
; PRINT: } END WRNDistributeParLoopNode<3>
; PRINT: } END WRNTeamsNode<2>
; PRINT: } END WRNTargetNode<1>

target triple = "x86_64-pc-linux-gnu"

@.fmt = private constant [25 x i8] c"sum %ld elements %d %ld\0A\00"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %a = alloca [30 x i32], align 16
  %sum = alloca i64, align 8
  %nteams = alloca i32, align 4
  %.omp.iv = alloca i32, align 4
  %.omp.lb = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %i = alloca i32, align 4
  store i64 0, ptr %sum, align 8
  store i32 3, ptr %nteams, align 4
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 120, i1 false)
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0), "QUAL.OMP.MAP.TOFROM"(ptr %a, ptr %a, i64 120, i64 35, ptr null, ptr null), "QUAL.OMP.MAP.TOFROM"(ptr %sum, ptr %sum, i64 8, i64 35, ptr null, ptr null), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %nteams, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.iv, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.lb, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.ub, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  %0 = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"(), "QUAL.OMP.NUM_TEAMS:TYPED"(ptr %nteams, i32 0), "QUAL.OMP.THREAD_LIMIT:TYPED"(i32 2, i32 0), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, i64 0, i64 1), "QUAL.OMP.SHARED:TYPED"(ptr %a, [30 x i32] zeroinitializer, i64 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.iv, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.lb, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %.omp.ub, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  store i32 0, ptr %.omp.lb, align 4
  store i32 29, ptr %.omp.ub, align 4
  %1 = call token @llvm.directive.region.entry() [ "DIR.OMP.DISTRIBUTE.PARLOOP"(), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, i64 0, i64 1), "QUAL.OMP.SHARED:TYPED"(ptr %a, [30 x i32] zeroinitializer, i64 1), "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %.omp.iv, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %.omp.lb, i32 0, i32 1), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %.omp.ub, i32 0), "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  %2 = load i32, ptr %.omp.lb, align 4
  store i32 %2, ptr %.omp.iv, align 4
  br label %omp.inner.for.cond

omp.inner.for.cond:
  %3 = load i32, ptr %.omp.iv, align 4
  %4 = load i32, ptr %.omp.ub, align 4
  %cmp = icmp sle i32 %3, %4
  br i1 %cmp, label %omp.inner.for.body, label %omp.loop.exit

omp.inner.for.body:
  %5 = load i32, ptr %.omp.iv, align 4
  store i32 %5, ptr %i, align 4
  %idx = sext i32 %5 to i64
  %p = getelementptr inbounds [30 x i32], ptr %a, i64 0, i64 %idx
  %old = load i32, ptr %p, align 4
  %new = add i32 %old, 1
  store i32 %new, ptr %p, align 4
  %s = load i64, ptr %sum, align 8
  %w = mul i64 %idx, 2
  %s2 = add i64 %s, %w
  store i64 %s2, ptr %sum, align 8
  %6 = load i32, ptr %.omp.iv, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %.omp.iv, align 4
  br label %omp.inner.for.cond

omp.loop.exit:
  call void @llvm.directive.region.exit(token %1) [ "DIR.OMP.END.DISTRIBUTE.PARLOOP"() ]
  call void @llvm.directive.region.exit(token %0) [ "DIR.OMP.END.TEAMS"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  br label %check

check:
  %k = phi i64 [ 0, %omp.loop.exit ], [ %k1, %check ]
  %all = phi i32 [ 1, %omp.loop.exit ], [ %all1, %check ]
  %weighted = phi i64 [ 0, %omp.loop.exit ], [ %weighted1, %check ]
  %q = getelementptr inbounds [30 x i32], ptr %a, i64 0, i64 %k
  %v = load i32, ptr %q, align 4
  %one = icmp eq i32 %v, 1
  %onez = zext i1 %one to i32
  %all1 = and i32 %all, %onez
  %v64 = sext i32 %v to i64
  %wk = mul i64 %v64, %k
  %weighted1 = add i64 %weighted, %wk
  %weighted2 = add i64 %weighted1, %k
  %k1 = add i64 %k, 1
  %done = icmp eq i64 %k1, 30
  br i1 %done, label %out, label %check

out:
  %total = load i64, ptr %sum, align 8
  %w2 = add i64 %weighted1, %weighted1
  %w3 = sub i64 %w2, 31
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %total, i32 %all1, i64 %w3)
  ret i32 0
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
