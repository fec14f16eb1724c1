; in_reduction on target (OpenMP 5.1 §2.21.5.6) in the region form,
; executed: a TASKGROUP with REDUCTION.ADD on %sum and on the 4-element
; %arr (icx's task_reduction), and in it
; - a TARGET with INREDUCTION.ADD and NOWAIT: weft-prepare writes its
;   target task (DIR.OMP.TASK, TARGET.TASK, the INREDUCTION copied onto
;   it), deferred;
; - a TARGET with INREDUCTION.ADD on %sum and INREDUCTION.ADD:TYPED on
;   the array, and no NOWAIT: still
;   a target task (in_reduction makes one), undeferred (IF(false));
; - a task with INREDUCTION.ADD, as before (its thread's copy);
; - icx's own target task: a TASK with TARGET.TASK and INREDUCTION around
;   a TARGET with the same INREDUCTION.
; Each target task makes its own copy (%sum.inred, %arr.inred: the
; operator's identity), which the target maps tofrom | IMPLICIT |
; TARGET_PARAM (547) and the host fallback gets, and combines it at its end
; into the copy __kmpc_task_reduction_get_th_data returns. Each region
; reads its copy, spins, and writes it back: on the shared variable the
; deferred regions would race (another sum at 2 threads and more); a copy
; not combined back would lose its 1, 10 or 1000. The serial program (the
; directives stripped) prints the same.
; RUN: %opt -passes=weft-prepare -S %s -o - | FileCheck %s --check-prefix=PREP
; RUN: %opt -passes=weft -verify-each -S %s -o - | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial && %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %opt -passes=weft %s -o %t.weft.bc
; RUN: %clang -O0 -Wno-override-module %t.weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.weft0
; RUN: %clang -O2 -Wno-override-module %t.weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.weft2
; RUN: env OMP_NUM_THREADS=1 %t.weft0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t.weft0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t.weft2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t.weft2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 OMP_TARGET_OFFLOAD=disabled %t.weft2 | diff %t.expected -
; (Through clang's pipeline too: weft at pipeline start, renames first.)
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.pipe
; RUN: env OMP_NUM_THREADS=3 %t.pipe | diff %t.expected -
;
; OUT: sum 1116 arr 7 2 9 4
; weft-prepare: each TARGET with INREDUCTION in its target task, the item
; on both; the one without NOWAIT undeferred; icx's own left as it is.
; PREP: "DIR.OMP.TASK"(), "QUAL.OMP.TARGET.TASK"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
; PREP: "DIR.OMP.TARGET"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum), "QUAL.OMP.NOWAIT"() ]
; PREP: "DIR.OMP.TASK"(), "QUAL.OMP.TARGET.TASK"(), "QUAL.OMP.IF"(i1 false), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum), "QUAL.OMP.INREDUCTION.ADD:TYPED"(ptr %arr, i32 0, i64 4) ]
; PREP: "DIR.OMP.TARGET"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum), "QUAL.OMP.INREDUCTION.ADD:TYPED"(ptr %arr, i32 0, i64 4) ]
; PREP: "DIR.OMP.TASK"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
; PREP: "DIR.OMP.TASK"(), "QUAL.OMP.TARGET.TASK"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
; PREP: "DIR.OMP.TARGET"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
; PREP-NOT: DIR.OMP.TASK
;
; The copy mapped: tofrom | IMPLICIT | TARGET_PARAM (the region with two
; items: two entries).
; CHECK-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [1 x i64] [i64 547]
; CHECK-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [2 x i64] [i64 547, i64 547]
; A target task's body: its own copy, the identity, mapped (the launch's
; pointer array) and passed to the host fallback, combined into the
; thread's copy at its end.
; CHECK-LABEL: define internal void @main.omp_task.{{[0-9]+}}(
; CHECK: %sum.inred = alloca i64
; CHECK: %[[TH:[0-9]+]] = call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr %loadgep_sum)
; CHECK-NEXT: call void @weft.taskred.init.Add.i64(ptr %sum.inred, ptr %[[TH]])
; CHECK: store ptr %sum.inred, ptr
; The kernel argument record's Flags (field 9): no NoWait, though the
; task is deferred (the task combines the copy right after the launch).
; CHECK: %omp.kernel_args, i32 0, i32 9
; CHECK-NEXT: store i64 0, ptr
; CHECK: call i32 @__tgt_target_kernel(
; CHECK: call void @__omp_offloading_
; CHECK: call void @weft.taskred.comb.Add.i64(ptr %[[TH]], ptr %sum.inred)
; CHECK-NEXT: br label
; CHECK-LABEL: define internal void @main.omp_task.{{[0-9]+}}(
; CHECK: %arr.inred = alloca [4 x i32]
; CHECK: %[[TA:[0-9]+]] = call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr %loadgep_arr)
; CHECK-NEXT: call void @weft.taskred.init.Add.i32.x4(ptr %arr.inred, ptr %[[TA]])
; CHECK: store ptr %arr.inred, ptr
; CHECK: call void @weft.taskred.comb.Add.i32.x4(ptr %[[TA]], ptr %arr.inred)
; The creating thread: the first target task deferred, the second undeferred.
; CHECK-LABEL: define internal void @main.omp_outlined.{{[0-9]+}}(
; CHECK: call ptr @__kmpc_taskred_init(
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call i32 @__kmpc_omp_task(
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call void @__kmpc_omp_task_begin_if0(
; CHECK: call void @__kmpc_omp_task_complete_if0(
; CHECK: call void @__kmpc_end_taskgroup(

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [27 x i8] c"sum %ld arr %d %d %d %d\0A\00\00\00"

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

; *p = *p + k, with a spin between the read and the write.
define void @slow_add(ptr %p, i64 %k) {
entry:
  %v = load i64, ptr %p
  call void @spin(i64 20000)
  %v1 = add i64 %v, %k
  store i64 %v1, ptr %p
  ret void
}

define i32 @main() {
entry:
  %sum = alloca i64
  %arr = alloca [4 x i32]
  store i64 5, ptr %sum
  store [4 x i32] [i32 1, i32 2, i32 3, i32 4], ptr %arr
  %par = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %sum), "QUAL.OMP.SHARED"(ptr %arr) ]
  %sg = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  %tg = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"(), "QUAL.OMP.REDUCTION.ADD"(ptr %sum), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %arr, i32 0, i64 4) ]
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum), "QUAL.OMP.NOWAIT"() ]
  call void @slow_add(ptr %sum, i64 1)
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TARGET"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum), "QUAL.OMP.INREDUCTION.ADD:TYPED"(ptr %arr, i32 0, i64 4) ]
  %a0 = getelementptr [4 x i32], ptr %arr, i64 0, i64 0
  %e0 = load i32, ptr %a0
  %e0n = add i32 %e0, 6
  store i32 %e0n, ptr %a0
  %a2 = getelementptr [4 x i32], ptr %arr, i64 0, i64 2
  %e2 = load i32, ptr %a2
  %e2n = add i32 %e2, 6
  store i32 %e2n, ptr %a2
  call void @slow_add(ptr %sum, i64 10)
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.TARGET"() ]
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
  call void @slow_add(ptr %sum, i64 100)
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.TASK"() ]
  %t4 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.TARGET.TASK"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
  %t5 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.INREDUCTION.ADD"(ptr %sum) ]
  call void @slow_add(ptr %sum, i64 1000)
  call void @llvm.directive.region.exit(token %t5) [ "DIR.OMP.END.TARGET"() ]
  call void @llvm.directive.region.exit(token %t4) [ "DIR.OMP.END.TASK"() ]
  call void @llvm.directive.region.exit(token %tg) [ "DIR.OMP.END.TASKGROUP"() ]
  call void @llvm.directive.region.exit(token %sg) [ "DIR.OMP.END.SINGLE"() ]
  call void @llvm.directive.region.exit(token %par) [ "DIR.OMP.END.PARALLEL"() ]
  %s = load i64, ptr %sum
  %b0 = getelementptr [4 x i32], ptr %arr, i64 0, i64 0
  %v0 = load i32, ptr %b0
  %b1 = getelementptr [4 x i32], ptr %arr, i64 0, i64 1
  %v1 = load i32, ptr %b1
  %b2 = getelementptr [4 x i32], ptr %arr, i64 0, i64 2
  %v2 = load i32, ptr %b2
  %b3 = getelementptr [4 x i32], ptr %arr, i64 0, i64 3
  %v3 = load i32, ptr %b3
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %s, i32 %v0, i32 %v1, i32 %v2, i32 %v3)
  ret i32 0
}
