; single copyprivate(x): every thread sees the executing thread's value
; after the region. Executed at several thread counts.
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=1 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t0 | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t2 | FileCheck %s
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
; CHECK: bad 0 arr 42
; SHAPE: call void @__kmpc_copyprivate(ptr @{{.*}}, i32 %{{.*}}, i64 16, ptr %omp.copyprivate.list{{.*}}, ptr @main.omp.copyprivate, i32 %omp.single.didit
; SHAPE-NOT: __kmpc_barrier

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [17 x i8] c"bad %d arr %lld\0A\00"

define i32 @main() {
entry:
  %x = alloca i32
  %arr = alloca [2 x i64]
  %bad = alloca i32
  store i32 0, ptr %bad
  store i32 -1, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PRIVATE"(ptr %x),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %arr, i64 0, i32 2), "QUAL.OMP.SHARED"(ptr %bad) ]
  store i32 0, ptr %x
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"(), "QUAL.OMP.COPYPRIVATE"(ptr %x),
      "QUAL.OMP.COPYPRIVATE:TYPED"(ptr %arr, i64 0, i32 2) ]
  store i32 42, ptr %x
  %e1 = getelementptr [2 x i64], ptr %arr, i64 0, i64 1
  store i64 42, ptr %e1
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SINGLE"() ]
  %v = load i32, ptr %x
  %e = getelementptr [2 x i64], ptr %arr, i64 0, i64 1
  %w = load i64, ptr %e
  %ok1 = icmp eq i32 %v, 42
  %ok2 = icmp eq i64 %w, 42
  %ok = and i1 %ok1, %ok2
  br i1 %ok, label %done, label %mark
mark:
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  store i32 1, ptr %bad
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  br label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %b = load i32, ptr %bad
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %b, i64 42)
  ret i32 0
}
