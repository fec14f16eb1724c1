; Explicit tasks in the paper's form (Tian et al. 2016: llvm.directive and
; llvm.directive.qual.opndlist with metadata strings), executed: a
; recursive Fibonacci whose tasks are orphaned (created in a function each
; task calls again: tasks nested in tasks), each writing a shared local of
; its creator's frame from the creator's n, captured (firstprivate) into the
; task's block, and waited for by TASKWAIT; a TASKGROUP around the first
; call; in a second function, tasks with DEPEND.INOUT on one variable, each
; a step of a sequence whose result only their order gives, and a
; TASKWAIT with DEPEND.IN. The output at 1-7 threads equals the serial
; program's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; CHECK: fib 610 chain 1234
; SHAPE-LABEL: define {{.*}}i32 @fib(
; SHAPE: call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 1,
; SHAPE: call i32 @__kmpc_omp_task(
; SHAPE: call i32 @__kmpc_omp_taskwait(
; SHAPE-LABEL: define {{.*}}void @chain(
; SHAPE: call i32 @__kmpc_omp_task_with_deps(
; SHAPE: call void @__kmpc_omp_wait_deps(ptr {{.*}}, i32 {{.*}}, i32 1, ptr

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [22 x i8] c"fib %d chain %d\0A\00\00\00\00\00\00"

define i32 @fib(i32 %n) {
entry:
  %n.addr = alloca i32
  %x = alloca i32
  %y = alloca i32
  store i32 %n, ptr %n.addr
  %small = icmp slt i32 %n, 2
  br i1 %small, label %base, label %t1
base:
  ret i32 %n
t1:
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %x)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n.addr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %b1
b1:
  %n1 = load i32, ptr %n.addr
  %m1 = sub i32 %n1, 1
  %f1 = call i32 @fib(i32 %m1)
  store i32 %f1, ptr %x
  br label %e1
e1:
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %t2
t2:
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %y)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n.addr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %b2
b2:
  %n2 = load i32, ptr %n.addr
  %m2 = sub i32 %n2, 2
  %f2 = call i32 @fib(i32 %m2)
  store i32 %f2, ptr %y
  br label %e2
e2:
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %w
w:
  call void @llvm.directive(metadata !"DIR.OMP.TASKWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %s = add i32 %xv, %yv
  ret i32 %s
}

; v = v * 10 + k for k = 1..4, each step a task: 1234 only in order.
define void @chain(ptr %out) {
entry:
  %v = alloca i32
  %k = alloca i32
  store i32 0, ptr %v
  store i32 1, ptr %k
  br label %head
head:
  %kv = load i32, ptr %k
  %more = icmp sle i32 %kv, 4
  br i1 %more, label %t, label %done
t:
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %v)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %k)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.INOUT", ptr %v)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %b
b:
  %old = load i32, ptr %v
  %ten = mul i32 %old, 10
  %kk = load i32, ptr %k
  %new = add i32 %ten, %kk
  store i32 %new, ptr %v
  br label %e
e:
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %k1 = add i32 %kv, 1
  store i32 %k1, ptr %k
  br label %head
done:
  call void @llvm.directive(metadata !"DIR.OMP.TASKWAIT")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.IN", ptr %v)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %v
  store i32 %r, ptr %out
  ret void
}

define i32 @main() {
entry:
  %f = alloca i32
  %c = alloca i32
  br label %par
par:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %f)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %c)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %sgl
sgl:
  call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %grp
grp:
  call void @llvm.directive(metadata !"DIR.OMP.TASKGROUP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %fv = call i32 @fib(i32 15)
  store i32 %fv, ptr %f
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKGROUP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @chain(ptr %c)
  br label %sgl.end
sgl.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %par.end
par.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %fr = load i32, ptr %f
  %cr = load i32, ptr %c
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %fr, i32 %cr)
  ret i32 0
}
