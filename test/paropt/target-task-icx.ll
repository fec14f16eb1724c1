; Target tasks in icx's directive form (operand bundles), executed: a
; device construct with NOWAIT or DEPEND is a task whose body is the
; construct (OpenMP 5.1 §2.14.5). Both shapes icx's IR can have: the
; clauses on the construct itself (TARGET with NOWAIT and DEPEND.IN,
; TARGET.ENTER.DATA with NOWAIT and DEPEND.OUT, TARGET.UPDATE with DEPEND
; alone: weft-prepare writes the TASK with TARGET.TASK around it), and
; icx's own TASK with TARGET.TASK (and IF(i32 0) without nowait) around
; the construct. A deferred target task is a task like any other
; (__kmpc_omp_task_alloc, not clang's __kmpc_omp_target_task_alloc:
; docs/offload.md), with its dependences __kmpc_omp_task_with_deps; an
; undeferred one (depend without nowait)
; waits for them (__kmpc_omp_wait_deps) and runs between
; __kmpc_omp_task_begin_if0 and __kmpc_omp_task_complete_if0; the launch
; inside a nowait task sets the kernel's NoWait flag (i64 1 in
; __tgt_kernel_arguments' Flags) and a nowait data construct calls the
; *_nowait_mapper entry point with empty dependence lists. The producer
; task sleeps before it writes %a: a target that did not wait for it
; would read zeros and print another sum. The output matches the serial
; program (weft-strip), also with OMP_TARGET_OFFLOAD=disabled.
; RUN: %opt -passes=weft -S %s -o - | FileCheck %s
; RUN: %opt -passes=weft -S %s -o - | FileCheck %s --check-prefix=NOTT
; RUN: %opt -passes=weft -S %s -o - | FileCheck %s --check-prefix=BODY
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial && %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %opt -passes=weft %s -o %t.weft.bc
; RUN: %clang -O2 -Wno-override-module %t.weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.weft
; RUN: env OMP_NUM_THREADS=1 %t.weft | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t.weft | diff %t.expected -
; RUN: env OMP_TARGET_OFFLOAD=disabled %t.weft | diff %t.expected -
;
; NOTT-NOT: __kmpc_omp_target_task_alloc
; OUT: sum 2992 update 2992
; CHECK-LABEL: define internal void @main.omp_outlined.{{[0-9]+}}(
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call i32 @__kmpc_omp_task_with_deps(
; The target: deferred, its dependence on the producer's %x.
; CHECK: call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 1, i64 {{.*}}, i64 {{.*}}, ptr @main.omp_task_entry.{{[0-9]+}})
; CHECK: call i32 @__kmpc_omp_task_with_deps(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, i32 0, ptr null)
; CHECK: call i32 @__kmpc_omp_taskwait(
; The update, icx's own target task with IF(i32 0): undeferred.
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call void @__kmpc_omp_wait_deps(ptr {{.*}}, i32 {{.*}}, i32 1, ptr
; CHECK: call void @__kmpc_omp_task_begin_if0(
; CHECK: call i32 @main.omp_task_entry.{{[0-9]+}}(
; CHECK: call void @__kmpc_omp_task_complete_if0(
; Enter data nowait: deferred.
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call i32 @__kmpc_omp_task_with_deps(
; Exit data with depend alone, weft-prepare's IF(false).
; CHECK: call void @__kmpc_omp_wait_deps(
; CHECK: call void @__kmpc_omp_task_begin_if0(
; Exit data (region 11): the plain entry point; enter data nowait (9): the
; nowait one; the update (7); the launch in the target task (4): NoWait.
; BODY-LABEL: define internal void @main.omp_task.11(
; BODY: call void @__tgt_target_data_end_mapper(
; BODY-LABEL: define internal void @main.omp_task.9(
; BODY: call void @__tgt_target_data_begin_nowait_mapper(ptr {{.*}}, i64 -1, i32 1, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr null, ptr null, i32 0, ptr null, i32 0, ptr null)
; BODY-LABEL: define internal void @main.omp_task.7(
; BODY: call void @__tgt_target_data_update_mapper(ptr {{.*}}, i64 -1, i32 1,
; BODY-LABEL: define internal void @main.omp_task.4(
; BODY: store i64 1, ptr
; BODY: call i32 @__tgt_target_kernel(
; BODY: call void @__omp_offloading_{{.*}}(ptr

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [20 x i8] c"sum %d update %d\0A\00\00\00"

; A busy wait.
define void @spin(i64 %n) {
entry:
  %s = alloca i64
  store volatile i64 0, ptr %s
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %v = load volatile i64, ptr %s
  %v1 = add i64 %v, %i
  store volatile i64 %v1, ptr %s
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; sum of (i + 1) * v[i] over 16 elements.
define i32 @weigh(ptr %v) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %p = getelementptr [16 x i32], ptr %v, i64 0, i64 %i
  %e = load i32, ptr %p
  %i1 = add i64 %i, 1
  %w = trunc i64 %i1 to i32
  %m = mul i32 %e, %w
  %acc1 = add i32 %acc, %m
  %done = icmp eq i64 %i1, 16
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc1
}

define i32 @main() {
entry:
  %a = alloca [16 x i32]
  %b = alloca [16 x i32]
  %x = alloca i32
  %y = alloca i32
  store [16 x i32] zeroinitializer, ptr %a
  store [16 x i32] zeroinitializer, ptr %b
  ; (In a team, so the producer task is deferred: at 1 thread too.)
  %par = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %a), "QUAL.OMP.SHARED"(ptr %b), "QUAL.OMP.SHARED"(ptr %x), "QUAL.OMP.SHARED"(ptr %y) ]
  %sg = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  ; The producer: sleeps, then a[i] = i + 1.
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.SHARED"(ptr %a), "QUAL.OMP.DEPEND.OUT"(ptr %x) ]
  br label %pbody
pbody:
  call void @spin(i64 20000000)
  br label %ploop
ploop:
  %i = phi i64 [ 0, %pbody ], [ %i1, %ploop ]
  %pa = getelementptr [16 x i32], ptr %a, i64 0, i64 %i
  %i1 = add i64 %i, 1
  %iv = trunc i64 %i1 to i32
  store i32 %iv, ptr %pa
  %pdone = icmp eq i64 %i1, 16
  br i1 %pdone, label %pend, label %ploop
pend:
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.TASK"() ]
  ; The target: nowait, depend(in: x), b = 2 * a.
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0), "QUAL.OMP.NOWAIT"(), "QUAL.OMP.DEPEND.IN"(ptr %x), "QUAL.OMP.MAP.TO"(ptr %a, ptr %a, i64 64, i64 33), "QUAL.OMP.MAP.FROM"(ptr %b, ptr %b, i64 64, i64 34) ]
  br label %tloop
tloop:
  %j = phi i64 [ 0, %pend ], [ %j1, %tloop ]
  %ta = getelementptr [16 x i32], ptr %a, i64 0, i64 %j
  %tb = getelementptr [16 x i32], ptr %b, i64 0, i64 %j
  %av = load i32, ptr %ta
  %bv = mul i32 %av, 2
  store i32 %bv, ptr %tb
  %j1 = add i64 %j, 1
  %tdone = icmp eq i64 %j1, 16
  br i1 %tdone, label %tend, label %tloop
tend:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKWAIT"() ]
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.TASKWAIT"() ]
  %s1 = call i32 @weigh(ptr %b)
  ; icx's own target task around an update: depend without nowait.
  %uk = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.IF"(i32 0), "QUAL.OMP.TARGET.TASK"(), "QUAL.OMP.SHARED"(ptr %b), "QUAL.OMP.DEPEND.IN"(ptr %x) ]
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.UPDATE"(), "QUAL.OMP.MAP.TO"(ptr %b, ptr %b, i64 64, i64 1) ]
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.TARGET.UPDATE"() ]
  call void @llvm.directive.region.exit(token %uk) [ "DIR.OMP.END.TASK"() ]
  ; enter data nowait depend(out: y), exit data depend(in: y).
  %ed = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.ENTER.DATA"(), "QUAL.OMP.NOWAIT"(), "QUAL.OMP.DEPEND.OUT"(ptr %y), "QUAL.OMP.MAP.TO"(ptr %a, ptr %a, i64 64, i64 1) ]
  call void @llvm.directive.region.exit(token %ed) [ "DIR.OMP.END.TARGET.ENTER.DATA"() ]
  %xd = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.EXIT.DATA"(), "QUAL.OMP.DEPEND.IN"(ptr %y), "QUAL.OMP.MAP.RELEASE"(ptr %a, ptr %a, i64 64, i64 0) ]
  call void @llvm.directive.region.exit(token %xd) [ "DIR.OMP.END.TARGET.EXIT.DATA"() ]
  %s2 = call i32 @weigh(ptr %b)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s1, i32 %s2)
  call void @llvm.directive.region.exit(token %sg) [ "DIR.OMP.END.SINGLE"() ]
  call void @llvm.directive.region.exit(token %par) [ "DIR.OMP.END.PARALLEL"() ]
  ret i32 0
}
