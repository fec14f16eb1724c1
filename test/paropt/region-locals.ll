; Variables and outlining: a local whose lifetime markers and uses all lie
; inside a parallel region is declared in it, so each thread gets its own
; (it moves into the microtask); a local whose lifetime spans the region is
; shared, even when only the region uses it (it stays in the caller and is
; passed by address). Executed at several thread counts.
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t2 | FileCheck %s
; CHECK: bad 0
; SHAPE-LABEL: define i32 @main(
; SHAPE: %shared = alloca i32
; SHAPE-NOT: %mine = alloca
; SHAPE: call {{.*}}@__kmpc_fork_call(
; SHAPE: define internal void @main.omp_outlined
; SHAPE-NOT: %shared = alloca
; SHAPE: %mine = alloca i32
; SHAPE-NOT: %shared = alloca

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare i32 @omp_get_thread_num()
declare i32 @printf(ptr, ...)
@fmt = private constant [8 x i8] c"bad %d\0A\00"
@bad = global i32 0

define i32 @main() {
entry:
  %shared = alloca i32
  %mine = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %shared)
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  call void @llvm.lifetime.start.p0(i64 4, ptr %mine)
  %tid = call i32 @omp_get_thread_num()
  store i32 %tid, ptr %mine
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  store i32 42, ptr %shared
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SINGLE"() ]
  %v = load i32, ptr %shared
  %m = load i32, ptr %mine
  %ok1 = icmp eq i32 %v, 42
  %ok2 = icmp eq i32 %m, %tid
  %ok = and i1 %ok1, %ok2
  call void @llvm.lifetime.end.p0(i64 4, ptr %mine)
  br i1 %ok, label %done, label %mark
mark:
  atomicrmw add ptr @bad, i32 1 seq_cst
  br label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  call void @llvm.lifetime.end.p0(i64 4, ptr %shared)
  %b = load i32, ptr @bad
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %b)
  ret i32 0
}
