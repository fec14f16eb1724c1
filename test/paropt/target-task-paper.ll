; Target tasks in the paper's directive form (llvm.directive and
; llvm.directive.qual* with metadata strings), executed: TARGET with
; NOWAIT and DEPEND.IN, TARGET.UPDATE with DEPEND.INOUT alone. weft-prepare
; writes the target task around each (DIR.OMP.TASK with
; QUAL.OMP.TARGET.TASK, the depend items moved onto it, IF(false) without
; nowait) in the same form; the first is deferred
; (__kmpc_omp_task_with_deps), its launch with the kernel's NoWait flag;
; the second undeferred (__kmpc_omp_wait_deps, __kmpc_omp_task_begin_if0).
; The producer task sleeps before it writes %a: a target that did not wait
; for it would read zeros and print "sum 0"; the update's task waits for
; the target (inout on the same item) before the last task reads %b.
; RUN: %opt -passes=weft -S %s -o - | FileCheck %s
; RUN: %opt -passes=weft -S %s -o - | FileCheck %s --check-prefix=BODY
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial && %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=OUT < %t.expected
; RUN: %opt -passes=weft %s -o %t.weft.bc
; RUN: %clang -O0 -Wno-override-module %t.weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t.weft
; RUN: env OMP_NUM_THREADS=1 %t.weft | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t.weft | diff %t.expected -
; RUN: env OMP_TARGET_OFFLOAD=disabled %t.weft | diff %t.expected -
;
; OUT: sum 2992
; CHECK-LABEL: define internal void @main.omp_outlined.{{[0-9]+}}(
; CHECK: call i32 @__kmpc_omp_task_with_deps(
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call i32 @__kmpc_omp_task_with_deps(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, i32 0, ptr null)
; CHECK: call ptr @__kmpc_omp_task_alloc(
; CHECK: call void @__kmpc_omp_wait_deps(ptr {{.*}}, i32 {{.*}}, i32 1, ptr
; CHECK: call void @__kmpc_omp_task_begin_if0(
; CHECK: call void @__kmpc_omp_task_complete_if0(
; CHECK: call i32 @__kmpc_omp_taskwait(
; BODY: call void @__tgt_target_data_update_mapper(ptr {{.*}}, i64 -1, i32 1,
; BODY: store i64 1, ptr
; BODY: call i32 @__tgt_target_kernel(

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [8 x i8] c"sum %d\0A\00"

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
  store [16 x i32] zeroinitializer, ptr %a
  store [16 x i32] zeroinitializer, ptr %b
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %a, ptr %b, ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %single
single:
  call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %producer
producer:
  ; The producer: sleeps, then a[i] = i + 1.
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %a)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.OUT", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
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
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %target
target:
  ; nowait depend(in: x), b = 2 * a.
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.IN", ptr %x)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %a, ptr %a, i64 64, i64 33)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr %b, ptr %b, i64 64, i64 34)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %tloop
tloop:
  %j = phi i64 [ 0, %target ], [ %j1, %tloop ]
  %ta = getelementptr [16 x i32], ptr %a, i64 0, i64 %j
  %tb = getelementptr [16 x i32], ptr %b, i64 0, i64 %j
  %av = load i32, ptr %ta
  %bv = mul i32 %av, 2
  store i32 %bv, ptr %tb
  %j1 = add i64 %j, 1
  %tdone = icmp eq i64 %j1, 16
  br i1 %tdone, label %tend, label %tloop
tend:
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %update
update:
  ; depend(inout: x) alone: waits for the target.
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.UPDATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.INOUT", ptr %x)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr %b, ptr %b, i64 64, i64 2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.UPDATE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %s = call i32 @weigh(ptr %b)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s)
  call void @llvm.directive(metadata !"DIR.OMP.TASKWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %send
send:
  call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %pexit
pexit:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret i32 0
}
