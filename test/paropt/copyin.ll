; copyin of threadprivate (thread_local) variables, a scalar and an array:
; every thread of the team starts with the encountering thread's values,
; then writes its own instance without disturbing the others'. The region
; reads them through llvm.threadlocal.address, as clang emits it (weft
; takes the address directly inside parallel regions, so that EarlyCSE
; cannot hand every thread the encountering thread's instance). A copyin of
; a variable that is not thread_local is an error. Executed at several
; thread counts; the output equals the serial program's.
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
; RUN: not %opt -passes=weft -disable-output %S/Inputs/copyin-not-threadprivate.ll 2>&1 | FileCheck %s --check-prefix=NOTTP
; CHECK: copyin bad 0 tp 0 arr 7
; CHECK-NEXT: nested-tls bad 0
; NOTTP: error: weft: QUAL.OMP.COPYIN on DIR.OMP.PARALLEL in function 'f'{{.*}}: @g is not a threadprivate variable (a thread_local global): COPYIN has nothing to copy into [rule: operand-kind]

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @omp_get_thread_num()
declare i32 @printf(ptr, ...)
@fmt = private constant [33 x i8] c"copyin bad %d tp %d arr %lld\0A\00\00\00\00"
@fmt2 = private constant [19 x i8] c"nested-tls bad %d\0A\00"
@tp = thread_local global i32 0
@arr = thread_local global [3 x i64] zeroinitializer

define i32 @main() {
entry:
  %bad = alloca i32
  store i32 0, ptr %bad
  %m = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  store i32 42, ptr %m
  %ma = call ptr @llvm.threadlocal.address.p0(ptr @arr)
  store [3 x i64] [i64 5, i64 6, i64 7], ptr %ma
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.COPYIN"(ptr @tp),
      "QUAL.OMP.COPYIN:TYPED"(ptr @arr, i64 0, i32 3), "QUAL.OMP.SHARED"(ptr %bad) ]
  %p = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  %v = load i32, ptr %p
  %pa = call ptr @llvm.threadlocal.address.p0(ptr @arr)
  %e2 = getelementptr [3 x i64], ptr %pa, i64 0, i64 2
  %a2 = load i64, ptr %e2
  %ok1 = icmp eq i32 %v, 42
  %ok2 = icmp eq i64 %a2, 7
  %tid = call i32 @omp_get_thread_num()
  store i32 %tid, ptr %p
  %b = call token @llvm.directive.region.entry() [ "DIR.OMP.BARRIER"() ]
  call void @llvm.directive.region.exit(token %b) [ "DIR.OMP.END.BARRIER"() ]
  %v2 = load i32, ptr %p
  %ok3 = icmp eq i32 %v2, %tid
  %ok12 = and i1 %ok1, %ok2
  %ok = and i1 %ok12, %ok3
  br i1 %ok, label %done, label %mark
mark:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %bv = load i32, ptr %bad
  %m2 = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  %tv = load i32, ptr %m2
  %ma2 = call ptr @llvm.threadlocal.address.p0(ptr @arr)
  %f2 = getelementptr [3 x i64], ptr %ma2, i64 0, i64 2
  %av = load i64, ptr %f2
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %bv, i32 %tv, i64 %av)
  call void @nested_tls()
  ret i32 0
}

; A thread-local variable read and written through llvm.threadlocal.address
; inside nested parallel regions: each thread sees its own instance.
define void @nested_tls() {
entry:
  %bad = alloca i32
  store i32 0, ptr %bad
  %o = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  store i32 -5, ptr %o
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %bad) ]
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 2), "QUAL.OMP.SHARED"(ptr %bad) ]
  %p = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  %tid = call i32 @omp_get_thread_num()
  %mark = add i32 %tid, 1000
  store i32 %mark, ptr %p
  %q = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  %v = load i32, ptr %q
  %ok = icmp eq i32 %v, %mark
  br i1 %ok, label %done, label %fail
fail:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %done
done:
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.PARALLEL"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %b = load i32, ptr %bad
  call i32 (ptr, ...) @printf(ptr @fmt2, i32 %b)
  ret void
}
