; taskloop in the paper's form (Tian et al. 2016: llvm.directive and
; llvm.directive.qual.opndlist with metadata strings), executed: an
; orphaned taskloop over a loop written as a loop (i = 2; i < n; i += 3,
; normalized by weft-prepare), in a function called from a single region,
; with NUM_TASKS:STRICT, FIRSTPRIVATE base (captured at creation: the
; store of 7 after the loop must not reach the tasks), LASTPRIVATE last (the
; task with the last iteration copies 38 out), REDUCTION.ADD sum (lost
; updates print another sum), PRIVATE i. The output at 1-7 threads equals
; the serial program's.
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
; CHECK: sum 260 last 38 check 1560
; SHAPE-LABEL: define {{.*}}i64 @work(
; SHAPE: call void @__kmpc_taskgroup(
; SHAPE: call ptr @__kmpc_taskred_init(
; SHAPE: call ptr @__kmpc_omp_task_alloc(
; SHAPE: call void @__kmpc_taskloop_5(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr {{.*}}, ptr {{.*}}, i64 1, i32 1, i32 2, i64 3, i32 1, ptr @work.omp_task_dup.
; SHAPE: call void @__kmpc_end_taskgroup(

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
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
  call void @llvm.directive(metadata !"DIR.OMP.TASKLOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.NUM_TASKS:STRICT", i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %base)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %last)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
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
  %iv3 = add nsw i32 %iv2, 3
  store i32 %iv3, ptr %i
  br label %head
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
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
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %arr, ptr %res, ptr %lastv)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %sgl
sgl:
  call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %w
w:
  %got = call i64 @work(ptr %arr, i32 40, ptr %lastv)
  store i64 %got, ptr %res
  br label %sgl.end
sgl.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %par.end
par.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
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
