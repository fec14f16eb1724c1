; default(firstprivate) and default(private): every local variable the
; region refers to and no clause names gets its own copy per thread (copied
; in for firstprivate); the original is left unchanged. A global variable
; under such a default must be named (an error says so). Executed at several
; thread counts.
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
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=PREP
; RUN: not %opt -passes=weft -disable-output %S/Inputs/default-private-global.ll 2>&1 | FileCheck %s --check-prefix=GLOBAL
; CHECK: firstprivate x 5 bad 0
; CHECK-NEXT: private y 7 bad 0
; PREP: "DIR.OMP.PARALLEL"(), "QUAL.OMP.DEFAULT.FIRSTPRIVATE"(), "QUAL.OMP.SHARED"(ptr %bad), "QUAL.OMP.FIRSTPRIVATE"(ptr %x)
; PREP: "DIR.OMP.PARALLEL"(), "QUAL.OMP.DEFAULT.PRIVATE"(), "QUAL.OMP.SHARED"(ptr %bad), "QUAL.OMP.PRIVATE"(ptr %y)
; GLOBAL: error: weft: not yet supported: QUAL.OMP.DEFAULT.PRIVATE on DIR.OMP.PARALLEL in function 'g'{{.*}}: the region refers to the global variable @counter that no clause names; weft makes local variables private by default, not globals: name it in a clause [rule: not-yet-supported]

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @omp_get_thread_num()
declare i32 @printf(ptr, ...)
@ff = private constant [28 x i8] c"firstprivate x %d bad %d\0A\00\00\00"
@fp = private constant [23 x i8] c"private y %d bad %d\0A\00\00\00"

define void @first() {
entry:
  %x = alloca i32
  %bad = alloca i32
  store i32 5, ptr %x
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.DEFAULT.FIRSTPRIVATE"(),
      "QUAL.OMP.SHARED"(ptr %bad) ]
  %x0 = load i32, ptr %x
  %ok0 = icmp eq i32 %x0, 5
  %tid = call i32 @omp_get_thread_num()
  %x1 = add i32 %x0, %tid
  store i32 %x1, ptr %x
  %x2 = load i32, ptr %x
  %want = add i32 5, %tid
  %ok1 = icmp eq i32 %x2, %want
  %ok = and i1 %ok0, %ok1
  br i1 %ok, label %done, label %mark
mark:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %xf = load i32, ptr %x
  %b = load i32, ptr %bad
  call i32 (ptr, ...) @printf(ptr @ff, i32 %xf, i32 %b)
  ret void
}

define void @priv() {
entry:
  %y = alloca i32
  %bad = alloca i32
  store i32 7, ptr %y
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.DEFAULT.PRIVATE"(),
      "QUAL.OMP.SHARED"(ptr %bad) ]
  %tid = call i32 @omp_get_thread_num()
  %v = mul i32 %tid, 3
  store i32 %v, ptr %y
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  br label %check
check:
  %yf = load i32, ptr %y
  %b = load i32, ptr %bad
  call i32 (ptr, ...) @printf(ptr @fp, i32 %yf, i32 %b)
  ret void
}

define i32 @main() {
  call void @first()
  call void @priv()
  ret i32 0
}
