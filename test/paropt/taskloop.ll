; taskloop in icx's region form (token and operand bundles; its spellings:
; NORMALIZED.IV/UB:TYPED with the upper bound stored before the directive,
; GRAINSIZE:STRICT, FIRSTPRIVATE:TYPED, LASTPRIVATE:TYPED,
; REDUCTION.ADD:TYPED, NOGROUP), executed in a single region of a parallel
; region. k is firstprivate: every generated task starts from the value
; captured at creation (3) and counts its own iterations in it, so a[i] =
; 3 + i's place in its task's chunk = 3 + i % 4 under grainsize(strict: 4)
; (a wrong division or a shared copy writes other values: the check of
; `strictly` counts them); sum is a taskloop reduction (lost updates
; would print another sum); last is lastprivate (the task with the last
; iteration copies 39 out). A second taskloop with NOGROUP is waited for by
; the TASKWAIT after it.
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t2 | FileCheck %s
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=DUP
; Without STRICT the plain __kmpc_taskloop, with sched 1 (grainsize):
; RUN: sed 's/GRAINSIZE:STRICT/GRAINSIZE/' %s | %opt -passes=weft -verify-each -S | FileCheck %s --check-prefix=PLAIN
; CHECK: sum 780 last 39 strictly 40 b 780
;
; The pattern task's block: kmp_task_t with the loop fields, then k.
; SHAPE-LABEL: define {{.*}}@main.omp_outlined
; SHAPE: call void @__kmpc_taskgroup(
; SHAPE: call ptr @__kmpc_taskred_init(i32 {{.*}}, i32 1, ptr
; SHAPE: call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 1, i64 ptrtoint (ptr getelementptr ({ { ptr, ptr, i32, ptr, ptr, i64, i64, i64, i32, ptr }, { i32 } }, ptr null, i32 1) to i64),
; SHAPE: call void @__kmpc_taskloop_5(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, ptr {{.*}}, i64 1, i32 1, i32 1, i64 4, i32 1, ptr @main.omp_task_dup.
; SHAPE: call void @__kmpc_end_taskgroup(
; The NOGROUP taskloop: no taskgroup of its own, the TASKWAIT after it.
; SHAPE: call void @__kmpc_taskloop(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, ptr {{.*}}, i64 1, i32 1, i32 2, i64 3, ptr @main.omp_task_dup.
; SHAPE-NOT: call void @__kmpc_end_taskgroup(
; SHAPE: call i32 @__kmpc_omp_taskwait(
; The task-dup function records whether the new task holds the last iteration.
; DUP-LABEL: define internal void @main.omp_task_dup.
; DUP: store i32 %lastpriv, ptr
; PLAIN: call void @__kmpc_taskloop(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, ptr {{.*}}, i64 1, i32 1, i32 1, i64 4, ptr

target triple = "x86_64-pc-linux-gnu"

@.fmt = private constant [35 x i8] c"sum %ld last %d strictly %d b %ld\0A\00"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %a = alloca [40 x i32], align 16
  %b = alloca [40 x i32], align 16
  %sum = alloca i64, align 8
  %last = alloca i32, align 4
  %k = alloca i32, align 4
  %iv = alloca i32, align 4
  %ub = alloca i32, align 4
  %i = alloca i32, align 4
  %iv2 = alloca i32, align 4
  %ub2 = alloca i32, align 4
  store i64 0, ptr %sum, align 8
  store i32 -1, ptr %last, align 4
  store i32 3, ptr %k, align 4
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %a, ptr %b, ptr %sum, ptr %last, ptr %k), "QUAL.OMP.PRIVATE"(ptr %iv, ptr %ub, ptr %i, ptr %iv2, ptr %ub2) ]
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  store i32 39, ptr %ub, align 4
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKLOOP"(), "QUAL.OMP.GRAINSIZE:STRICT"(i32 4), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %k, i32 0, i32 1), "QUAL.OMP.LASTPRIVATE:TYPED"(ptr %last, i32 0, i32 1), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, i64 0, i32 1), "QUAL.OMP.SHARED"(ptr %a), "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0), "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1) ]
  store i32 0, ptr %iv, align 4
  br label %cond

cond:
  %v = load i32, ptr %iv, align 4
  %u = load i32, ptr %ub, align 4
  %c = icmp sle i32 %v, %u
  br i1 %c, label %body, label %exit

body:
  %v1 = load i32, ptr %iv, align 4
  store i32 %v1, ptr %i, align 4
  %kk = load i32, ptr %k, align 4
  %kk1 = add i32 %kk, 1
  store i32 %kk1, ptr %k, align 4
  %idx = sext i32 %v1 to i64
  %p = getelementptr inbounds [40 x i32], ptr %a, i64 0, i64 %idx
  store i32 %kk, ptr %p, align 4
  %s = load i64, ptr %sum, align 8
  %s1 = add i64 %s, %idx
  store i64 %s1, ptr %sum, align 8
  store i32 %v1, ptr %last, align 4
  %n = add nsw i32 %v1, 1
  store i32 %n, ptr %iv, align 4
  br label %cond

exit:
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.TASKLOOP"() ]
  store i32 39, ptr %ub2, align 4
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKLOOP"(), "QUAL.OMP.NUM_TASKS"(i32 3), "QUAL.OMP.NOGROUP"(), "QUAL.OMP.SHARED"(ptr %b), "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv2, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub2, i32 0) ]
  store i32 0, ptr %iv2, align 4
  br label %cond2

cond2:
  %w = load i32, ptr %iv2, align 4
  %wu = load i32, ptr %ub2, align 4
  %wc = icmp sle i32 %w, %wu
  br i1 %wc, label %body2, label %exit2

body2:
  %w1 = load i32, ptr %iv2, align 4
  %widx = sext i32 %w1 to i64
  %wp = getelementptr inbounds [40 x i32], ptr %b, i64 0, i64 %widx
  store i32 %w1, ptr %wp, align 4
  %wn = add nsw i32 %w1, 1
  store i32 %wn, ptr %iv2, align 4
  br label %cond2

exit2:
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.TASKLOOP"() ]
  %t4 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKWAIT"() ]
  call void @llvm.directive.region.exit(token %t4) [ "DIR.OMP.END.TASKWAIT"() ]
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.SINGLE"() ]
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.PARALLEL"() ]
  br label %check

check:
  %j = phi i64 [ 0, %exit2 ], [ %j1, %check ]
  %ok = phi i32 [ 0, %exit2 ], [ %ok1, %check ]
  %bs = phi i64 [ 0, %exit2 ], [ %bs1, %check ]
  %ap = getelementptr inbounds [40 x i32], ptr %a, i64 0, i64 %j
  %av = load i32, ptr %ap, align 4
  %jm = urem i64 %j, 4
  %want = add i64 %jm, 3
  %av64 = sext i32 %av to i64
  %same = icmp eq i64 %av64, %want
  %inc = zext i1 %same to i32
  %ok1 = add i32 %ok, %inc
  %bp = getelementptr inbounds [40 x i32], ptr %b, i64 0, i64 %j
  %bv = load i32, ptr %bp, align 4
  %bv64 = sext i32 %bv to i64
  %bs1 = add i64 %bs, %bv64
  %j1 = add i64 %j, 1
  %more = icmp ult i64 %j1, 40
  br i1 %more, label %check, label %done

done:
  %total = load i64, ptr %sum, align 8
  %l = load i32, ptr %last, align 4
  call i32 (ptr, ...) @printf(ptr @.fmt, i64 %total, i32 %l, i32 %ok1, i64 %bs1)
  ret i32 0
}
