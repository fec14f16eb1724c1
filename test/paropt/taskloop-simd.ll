; taskloop simd in the region form (llvm.directive.region.entry/exit with
; operand bundles, as icx writes them), executed: the program of
; taskloop-simd-paper.ll, whose orphaned taskloop (from taskloop-paper.ll) is DIR.OMP.TASKLOOP.SIMD with
; SIMDLEN 4 over a unit-stride loop: tasks first (NUM_TASKS:STRICT 3), then
; each task's loop a DIR.OMP.SIMD region of its own that weft-vectorize
; vectorizes in the outlined task body, its REDUCTION.ADD sum the thread's
; task reduction copy and its LASTPRIVATE last the task's copy. A lane's
; lost partial sum prints another sum, a lastprivate not taken from the last
; lane another last, a wrong vector store another check. The output at 1-7
; threads equals the serial program's.
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
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes='default<O2>' -pass-remarks=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=weft-prepare,weft-paropt -verify-each -S %s | FileCheck %s --check-prefix=REGION
; CHECK: sum 779 last 39 check 4579
; REMARK: DIR.OMP.TASKLOOP.SIMD (region {{[0-9]+}}) lowered: __kmpc_omp_task_alloc, __kmpc_taskloop_5 (strict) in a taskgroup
; (At -O2 the outlined task loop is inlined into the task's entry.)
; REMARK: DIR.OMP.SIMD (region 1) in function 'work.omp_task_entry.{{[0-9]+}}' vectorized with VF 4
; SHAPE-LABEL: define {{.*}}i64 @work(
; SHAPE: call void @__kmpc_taskloop_5(
; SHAPE-LABEL: define internal i32 @work.omp_task_entry.
; SHAPE: call ptr @__kmpc_task_reduction_get_th_data(
; SHAPE: vector.body:
; SHAPE: phi <4 x i64>
; SHAPE: store <4 x i32>
; SHAPE: add <4 x i64>
; (weft-paropt alone: the simd region in the task's body, with the task's
; copies as its own.)
; REGION-LABEL: define internal void @work.omp_taskloop.
; REGION: %[[RED:.+]] = call ptr @__kmpc_task_reduction_get_th_data(
; REGION: call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SIMDLEN"(i32 4), "QUAL.OMP.PRIVATE:TYPED"(ptr %i.priv, i32 0, i32 1), "QUAL.OMP.LASTPRIVATE:TYPED"(ptr %{{.+}}, i32 0, i32 1), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %[[RED]], i64 0, i32 1) ]
; REGION: "DIR.OMP.END.SIMD"()

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [32 x i8] c"sum %ld last %d check %ld\0A\00\00\00\00\00\00"

define i64 @work(ptr %a, i32 %n, ptr %lastp) {
entry:
  %i = alloca i32
  %sum = alloca i64
  %last = alloca i32
  %base = alloca i32
  store i64 0, ptr %sum
  store i32 -1, ptr %last
  store i32 100, ptr %base
  br label %d
d:
  %tl = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKLOOP.SIMD"(), "QUAL.OMP.NUM_TASKS:STRICT"(i32 3), "QUAL.OMP.SIMDLEN"(i32 4), "QUAL.OMP.PRIVATE"(ptr %i), "QUAL.OMP.FIRSTPRIVATE"(ptr %base), "QUAL.OMP.LASTPRIVATE"(ptr %last), "QUAL.OMP.REDUCTION.ADD"(ptr %sum) ]
  store i32 2, ptr %i
  br label %head
head:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %end
body:
  %iv1 = load i32, ptr %i
  %b = load i32, ptr %base
  %val = add i32 %b, %iv1
  %idx = sext i32 %iv1 to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %idx
  store i32 %val, ptr %p
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %idx
  store i64 %s1, ptr %sum
  store i32 %iv1, ptr %last
  br label %inc
inc:
  %iv2 = load i32, ptr %i
  %iv3 = add nsw i32 %iv2, 1
  store i32 %iv3, ptr %i
  br label %head
end:
  call void @llvm.directive.region.exit(token %tl) [ "DIR.OMP.END.TASKLOOP.SIMD"() ]
  store i32 7, ptr %base
  %l = load i32, ptr %last
  store i32 %l, ptr %lastp
  %r = load i64, ptr %sum
  ret i64 %r
}

define i32 @main() {
entry:
  %arr = alloca [40 x i32], align 16
  %res = alloca i64
  %lastv = alloca i32
  call void @llvm.memset.p0.i64(ptr %arr, i8 0, i64 160, i1 false)
  br label %par
par:
  %pt = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %arr, ptr %res, ptr %lastv) ]
  br label %sgl
sgl:
  %st = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  br label %w
w:
  %got = call i64 @work(ptr %arr, i32 40, ptr %lastv)
  store i64 %got, ptr %res
  br label %sgl.end
sgl.end:
  call void @llvm.directive.region.exit(token %st) [ "DIR.OMP.END.SINGLE"() ]
  br label %par.end
par.end:
  call void @llvm.directive.region.exit(token %pt) [ "DIR.OMP.END.PARALLEL"() ]
  br label %check
check:
  %j = phi i64 [ 0, %par.end ], [ %j1, %check ]
  %acc = phi i64 [ 0, %par.end ], [ %acc1, %check ]
  %ap = getelementptr inbounds [40 x i32], ptr %arr, i64 0, i64 %j
  %av = load i32, ptr %ap
  %av64 = sext i32 %av to i64
  %acc1 = add i64 %acc, %av64
  %j1 = add i64 %j, 1
  %more = icmp ult i64 %j1, 40
  br i1 %more, label %check, label %done
done:
  %rv = load i64, ptr %res
  %lv = load i32, ptr %lastv
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %rv, i32 %lv, i64 %acc1)
  ret i32 0
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
