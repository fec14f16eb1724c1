; Task reductions in icx's region form, executed: a TASKGROUP with
; REDUCTION.ADD:TYPED (icx's task_reduction) and REDUCTION.MAX, tasks with
; INREDUCTION.ADD:TYPED and INREDUCTION.MAX adding to their thread's copy
; (found through __kmpc_task_reduction_get_th_data) with a plain load and
; store; the taskgroup's end combines the copies and the value before it.
; Shared updates instead would lose some at 2 threads and more.
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
; CHECK: sum 788 max 100
; SHAPE-LABEL: define internal void @main.omp_task.
; SHAPE: call ptr @__kmpc_task_reduction_get_th_data(i32 {{.*}}, ptr null, ptr
; SHAPE-LABEL: define internal void @main.omp_outlined.
; SHAPE: call void @__kmpc_taskgroup(
; SHAPE: store ptr @weft.taskred.init.Add.i64, ptr
; SHAPE: store ptr @weft.taskred.comb.Add.i64, ptr
; SHAPE: call ptr @__kmpc_taskred_init(i32 {{.*}}, i32 2, ptr
; SHAPE: call void @__kmpc_end_taskgroup(

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [20 x i8] c"sum %ld max %d\0A\00\00\00\00\00"

define i32 @main() {
entry:
  %sum = alloca i64
  %mx = alloca i32
  %i = alloca i32
  store i64 8, ptr %sum
  store i32 -5, ptr %mx
  br label %par
par:
  %tp = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %sum), "QUAL.OMP.SHARED"(ptr %mx), "QUAL.OMP.PRIVATE"(ptr %i) ]
  br label %sgl
sgl:
  %ts = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  br label %grp
grp:
  %tg = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"(), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %sum, i64 0, i32 1), "QUAL.OMP.REDUCTION.MAX"(ptr %mx) ]
  store i32 0, ptr %i
  br label %head
head:
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, 40
  br i1 %more, label %mk, label %done
mk:
  %tt = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.INREDUCTION.ADD:TYPED"(ptr %sum, i64 0, i32 1), "QUAL.OMP.INREDUCTION.MAX"(ptr %mx), "QUAL.OMP.FIRSTPRIVATE"(ptr %i) ]
  %k = load i32, ptr %i
  %k64 = sext i32 %k to i64
  %old = load volatile i64, ptr %sum
  %new = add i64 %old, %k64
  store volatile i64 %new, ptr %sum
  %m = mul i32 %k, 37
  %r = urem i32 %m, 101
  %cur = load i32, ptr %mx
  %gt = icmp sgt i32 %r, %cur
  %nm = select i1 %gt, i32 %r, i32 %cur
  store i32 %nm, ptr %mx
  call void @llvm.directive.region.exit(token %tt) [ "DIR.OMP.END.TASK"() ]
  br label %step
step:
  %inc = add i32 %iv, 1
  store i32 %inc, ptr %i
  br label %head
done:
  call void @llvm.directive.region.exit(token %tg) [ "DIR.OMP.END.TASKGROUP"() ]
  br label %sgl.end
sgl.end:
  call void @llvm.directive.region.exit(token %ts) [ "DIR.OMP.END.SINGLE"() ]
  br label %par.end
par.end:
  call void @llvm.directive.region.exit(token %tp) [ "DIR.OMP.END.PARALLEL"() ]
  %s = load i64, ptr %sum
  %x = load i32, ptr %mx
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %s, i32 %x)
  ret i32 0
}
