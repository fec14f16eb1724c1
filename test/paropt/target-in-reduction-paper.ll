; in_reduction on target in the paper's directive form (llvm.directive and
; llvm.directive.qual* with metadata strings), executed:
; - a TASKGROUP with REDUCTION.ADD on %sum and REDUCTION.MAX on %m; in it
;   a TARGET with INREDUCTION.ADD and NOWAIT (adding 1), a TARGET with
;   INREDUCTION.MAX and no NOWAIT (max with 42), a task with
;   INREDUCTION.ADD (adding 100);
; - a PARALLEL with REDUCTION.ADD:TASK on %t (the task reduction
;   modifier), whose SINGLE starts a TARGET with INREDUCTION.ADD and
;   NOWAIT (adding 1) and adds 10 to its own copy.
; weft-prepare writes each target task in the same form (the INREDUCTION
; copied onto the TASK, IF(false) without NOWAIT); each target task makes
; its own copy, mapped tofrom and combined into its thread's copy at its
; end. A target that wrote the shared variable would race with the host
; task (another sum at 2 threads and more); a copy not combined back
; would lose the 1 or the 42.
; RUN: %opt -passes=weft-prepare -S %s -o - | FileCheck %s --check-prefix=PREP
; RUN: %opt -passes=weft -verify-each -S %s -o - | FileCheck %s
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial && %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %opt -passes=weft %s -o %t.weft.bc
; RUN: %clang -O0 -Wno-override-module %t.weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.weft0
; RUN: %clang -O2 -Wno-override-module %t.weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.weft2
; RUN: env OMP_NUM_THREADS=1 %t.weft0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t.weft2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t.weft0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t.weft2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 OMP_TARGET_OFFLOAD=disabled %t.weft2 | diff %t.expected -
; (Through clang's pipeline too: weft at pipeline start, renames first.)
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.pipe
; RUN: env OMP_NUM_THREADS=3 %t.pipe | diff %t.expected -
;
; OUT: sum 106 max 42 modifier 14
; PREP: call void @llvm.directive(metadata !"DIR.OMP.TASK")
; PREP-NEXT: call void @llvm.directive.qual(metadata !"QUAL.OMP.TARGET.TASK")
; PREP-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %sum)
; PREP-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; PREP: call void @llvm.directive(metadata !"DIR.OMP.TARGET")
; PREP-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %sum)
; PREP: call void @llvm.directive(metadata !"DIR.OMP.TASK")
; PREP-NEXT: call void @llvm.directive.qual(metadata !"QUAL.OMP.TARGET.TASK")
; PREP-NEXT: call void @llvm.directive.qual.opnd.i1(metadata !"QUAL.OMP.IF", i1 false)
; PREP-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.MAX", ptr %m)
; PREP: call void @llvm.directive(metadata !"DIR.OMP.TASK")
; PREP-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %sum)
; PREP: call void @llvm.directive(metadata !"DIR.OMP.TASK")
; PREP-NEXT: call void @llvm.directive.qual(metadata !"QUAL.OMP.TARGET.TASK")
; PREP-NEXT: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %t)
;
; The target tasks' bodies (each its own copy, mapped, combined at its
; end), in the order weft lowers them: the modifier's (the PARALLEL
; registering its copies, then combining them), MAX's, then ADD's.
; CHECK: @.offload_maptypes{{.*}} = private unnamed_addr constant [1 x i64] [i64 547]
; CHECK-LABEL: define internal void @main.omp_task.{{[0-9]+}}(
; CHECK: %t.inred = alloca i32
; CHECK: %[[T:[0-9]+]] = call ptr @__kmpc_task_reduction_get_th_data(
; CHECK-NEXT: call void @weft.taskred.init.Add.i32(ptr %t.inred, ptr %[[T]])
; CHECK: store ptr %t.inred, ptr
; CHECK: call void @weft.taskred.comb.Add.i32(ptr %[[T]], ptr %t.inred)
; CHECK: call ptr @__kmpc_taskred_modifier_init(
; CHECK: call void @__kmpc_task_reduction_modifier_fini(
; CHECK: %m.inred = alloca i32
; CHECK: %[[M:[0-9]+]] = call ptr @__kmpc_task_reduction_get_th_data(
; CHECK-NEXT: call void @weft.taskred.init.Max.i32(ptr %m.inred, ptr %[[M]])
; CHECK: store ptr %m.inred, ptr
; CHECK: call void @weft.taskred.comb.Max.i32(ptr %[[M]], ptr %m.inred)
; CHECK: %sum.inred = alloca i32
; CHECK: %[[S:[0-9]+]] = call ptr @__kmpc_task_reduction_get_th_data(
; CHECK-NEXT: call void @weft.taskred.init.Add.i32(ptr %sum.inred, ptr %[[S]])
; CHECK: store ptr %sum.inred, ptr
; CHECK: call void @weft.taskred.comb.Add.i32(ptr %[[S]], ptr %sum.inred)

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [32 x i8] c"sum %d max %d modifier %d\0A\00\00\00\00\00\00"

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
define void @slow_add(ptr %p, i32 %k) {
entry:
  %v = load i32, ptr %p
  call void @spin(i64 20000)
  %v1 = add i32 %v, %k
  store i32 %v1, ptr %p
  ret void
}

; *p = max(*p, k).
define void @max_with(ptr %p, i32 %k) {
entry:
  %v = load i32, ptr %p
  %gt = icmp sgt i32 %k, %v
  %r = select i1 %gt, i32 %k, i32 %v
  store i32 %r, ptr %p
  ret void
}

define i32 @main() {
entry:
  %sum = alloca i32
  %m = alloca i32
  %t = alloca i32
  store i32 5, ptr %sum
  store i32 -3, ptr %m
  store i32 3, ptr %t
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %sum, ptr %m)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %single
single:
  call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %group
group:
  call void @llvm.directive(metadata !"DIR.OMP.TASKGROUP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MAX", ptr %m)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %target1
target1:
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %sum)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %t1body
t1body:
  call void @slow_add(ptr %sum, i32 1)
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %target2
target2:
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.MAX", ptr %m)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %t2body
t2body:
  call void @max_with(ptr %m, i32 42)
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %task
task:
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %sum)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %taskbody
taskbody:
  call void @slow_add(ptr %sum, i32 100)
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %endgroup
endgroup:
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKGROUP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %endsingle
endsingle:
  call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %endpar
endpar:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %modifier
modifier:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD:TASK", ptr %t)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %msingle
msingle:
  call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %target3
target3:
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.INREDUCTION.ADD", ptr %t)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %t3body
t3body:
  call void @slow_add(ptr %t, i32 1)
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %own
own:
  call void @slow_add(ptr %t, i32 10)
  call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %endmod
endmod:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %done
done:
  %s = load i32, ptr %sum
  %mv = load i32, ptr %m
  %tv = load i32, ptr %t
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s, i32 %mv, i32 %tv)
  ret i32 0
}
