; Non-POD private and firstprivate items on a task (icx's
; PRIVATE:NONPOD(var, ctor, dtor) and FIRSTPRIVATE:NONPOD(var, copy ctor,
; dtor)), executed: each task's firstprivate object is made by the copy
; constructor from the original when the task is created (the original
; changes right after), its private object by the constructor as the task
; starts, and both are destroyed as the task ends. The helpers count what
; they make and destroy: the counts balance (in the serial program, where no
; helper runs, too), and a byte copy, or a copy never destroyed, prints
; "balanced 0". The sum needs each task's value captured at creation.
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
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; CHECK: sum 57 balanced 1
; The copy constructor at creation, into the block; the constructor and
; both destructors in the task's body.
; SHAPE-LABEL: define internal void @main.omp_task.
; SHAPE: call void @ctor(ptr
; SHAPE: call void @dtor(ptr %omp.task.private
; SHAPE: call void @dtor(ptr
; SHAPE-LABEL: define internal void @main.omp_outlined.
; SHAPE: call ptr @__kmpc_omp_task_alloc(
; SHAPE: call void @cctor(ptr %omp.task.private{{.*}}, ptr

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [22 x i8] c"sum %d balanced %d\0A\00\00\00"
@made = global i32 0
@gone = global i32 0

define void @cctor(ptr %this, ptr %from) {
  %v = load i32, ptr %from
  store i32 %v, ptr %this
  %o = atomicrmw add ptr @made, i32 1 seq_cst
  ret void
}
define void @ctor(ptr %this) {
  store i32 7, ptr %this
  %o = atomicrmw add ptr @made, i32 1 seq_cst
  ret void
}
define void @dtor(ptr %this) {
  store i32 -100, ptr %this
  %o = atomicrmw add ptr @gone, i32 1 seq_cst
  ret void
}

define i32 @main() {
entry:
  %out = alloca [6 x i32]
  %s = alloca { i32 }
  %p = alloca { i32 }
  %i = alloca i32
  store i32 7, ptr %p
  br label %par
par:
  %tp = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %out), "QUAL.OMP.PRIVATE"(ptr %i), "QUAL.OMP.SHARED"(ptr %s), "QUAL.OMP.SHARED"(ptr %p) ]
  br label %sgl
sgl:
  %ts = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  store i32 0, ptr %i
  br label %head
head:
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, 6
  br i1 %more, label %mk, label %done
mk:
  store i32 %iv, ptr %s
  br label %task
task:
  %tt = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.FIRSTPRIVATE:NONPOD"(ptr %s, ptr @cctor, ptr @dtor), "QUAL.OMP.PRIVATE:NONPOD"(ptr %p, ptr @ctor, ptr @dtor), "QUAL.OMP.SHARED"(ptr %out) ]
  %sv = load i32, ptr %s
  %pv = load i32, ptr %p
  %v = add i32 %sv, %pv
  %slot = getelementptr [6 x i32], ptr %out, i32 0, i32 %sv
  store i32 %v, ptr %slot
  call void @llvm.directive.region.exit(token %tt) [ "DIR.OMP.END.TASK"() ]
  br label %step
step:
  store i32 -1, ptr %s
  %inc = add i32 %iv, 1
  store i32 %inc, ptr %i
  br label %head
done:
  call void @llvm.directive.region.exit(token %ts) [ "DIR.OMP.END.SINGLE"() ]
  br label %par.end
par.end:
  call void @llvm.directive.region.exit(token %tp) [ "DIR.OMP.END.PARALLEL"() ]
  br label %print
print:
  %a0 = load i32, ptr %out
  %g1 = getelementptr [6 x i32], ptr %out, i32 0, i32 1
  %a1 = load i32, ptr %g1
  %g2 = getelementptr [6 x i32], ptr %out, i32 0, i32 2
  %a2 = load i32, ptr %g2
  %g3 = getelementptr [6 x i32], ptr %out, i32 0, i32 3
  %a3 = load i32, ptr %g3
  %g4 = getelementptr [6 x i32], ptr %out, i32 0, i32 4
  %a4 = load i32, ptr %g4
  %g5 = getelementptr [6 x i32], ptr %out, i32 0, i32 5
  %a5 = load i32, ptr %g5
  %s01 = add i32 %a0, %a1
  %s23 = add i32 %a2, %a3
  %s45 = add i32 %a4, %a5
  %s03 = add i32 %s01, %s23
  %sum = add i32 %s03, %s45
  %m = load i32, ptr @made
  %gn = load i32, ptr @gone
  %bal = icmp eq i32 %m, %gn
  %b = zext i1 %bal to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %sum, i32 %b)
  ret i32 0
}
