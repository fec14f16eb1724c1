; icx's older form of a doacross nest it collapsed itself: `ordered(2)` over
; i and j written as ONE normalized loop k = i*M + j with a NORMALIZED.IV but
; no NORMALIZED.UB (the bound a FIRSTPRIVATE slot the loop compares with),
; ORDERED(2) with no trip counts, and each sink given as one iteration
; number of that loop (sink(i-1, j) as k - M, sink(i, j-1) as k - 1). Its one
; dimension is the normalized loop (paropt/doacross.rs); weft-prepare used to
; look for the second ordered loop inside it and refuse the nest
; (loop-form). Each a[k] reads a[k-M] and a[k-1], so with the iterations
; dealt round-robin (schedule(static, 1)) any iteration that does not wait
; for its sinks prints another number at 2 or more threads. The paper form
; of the same loop follows.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
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
; CHECK: region {{-?[0-9]+}}
; CHECK-NEXT: paper {{-?[0-9]+}}
;
; One dimension: the normalized loop of 20 * 30 iterations.
; SHAPE-LABEL: define internal void @wave.omp_outlined
; SHAPE: call void @__kmpc_doacross_init(ptr @{{.*}}, i32 %{{.*}}, i32 1, ptr %omp.doacross.dims)
; SHAPE: call void @__kmpc_doacross_wait(
; SHAPE: call void @__kmpc_doacross_wait(
; SHAPE: call void @__kmpc_doacross_post(
; SHAPE: call void @__kmpc_doacross_fini(

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@a = global [600 x i64] zeroinitializer
@fmt = private constant [11 x i8] c"region %d\0A\00"
@fmtp = private constant [10 x i8] c"paper %d\0A\00"

; a[k] = (i > 0 ? a[k-M] : 1) * 3 + (j > 0 ? a[k-1] : 1) * 5 + k, M = 30.
define internal void @cell(i32 %k) {
  %j = srem i32 %k, 30
  %up = sub i32 %k, 30
  %left = sub i32 %k, 1
  %hasup = icmp sge i32 %up, 0
  %hasleft = icmp sgt i32 %j, 0
  %upi = select i1 %hasup, i32 %up, i32 0
  %lefti = select i1 %hasleft, i32 %left, i32 0
  %pu = getelementptr [600 x i64], ptr @a, i32 0, i32 %upi
  %pl = getelementptr [600 x i64], ptr @a, i32 0, i32 %lefti
  %vu = load i64, ptr %pu
  %vl = load i64, ptr %pl
  %u = select i1 %hasup, i64 %vu, i64 1
  %l = select i1 %hasleft, i64 %vl, i64 1
  %u3 = mul i64 %u, 3
  %l5 = mul i64 %l, 5
  %s = add i64 %u3, %l5
  %kw = sext i32 %k to i64
  %v = add i64 %s, %kw
  %pk = getelementptr [600 x i64], ptr @a, i32 0, i32 %k
  store i64 %v, ptr %pk
  ret void
}

define internal i32 @last() {
  %p = getelementptr [600 x i64], ptr @a, i32 0, i32 599
  %v = load i64, ptr %p
  %lo = trunc i64 %v to i32
  %hi64 = lshr i64 %v, 32
  %hi = trunc i64 %hi64 to i32
  %x = xor i32 %lo, %hi
  ret i32 %x
}

define void @wave() {
entry:
  %iv = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  store i32 0, ptr %lb
  store i32 599, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.ORDERED"(i32 2),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 1), "QUAL.OMP.FIRSTPRIVATE"(ptr %lb), "QUAL.OMP.NORMALIZED.IV"(ptr %iv),
      "QUAL.OMP.FIRSTPRIVATE"(ptr %ub) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %cond
cond:
  %k = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %k, %u
  br i1 %c, label %body, label %end
body:
  %kup = sub i32 %k, 30
  %kleft = sub i32 %k, 1
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SINK"(i32 %kup),
      "QUAL.OMP.DEPEND.SINK"(i32 %kleft) ]
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.ORDERED"() ]
  call void @cell(i32 %k)
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SOURCE"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.ORDERED"() ]
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; The paper form: the same loop and clauses through llvm.directive*.
define void @wave_paper() {
entry:
  %iv = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  store i32 0, ptr %lb
  store i32 599, ptr %ub
  br label %dir
dir:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.ORDERED", i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %lb, ptr %ub)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %cond
cond:
  %k = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %k, %u
  br i1 %c, label %body, label %end
body:
  %kup = sub i32 %k, 30
  %kleft = sub i32 %k, 1
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SINK", i32 %kup)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SINK", i32 %kleft)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @cell(i32 %k)
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND.SOURCE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %iv
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define i32 @main() {
  call void @wave()
  %r = call i32 @last()
  %p1 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  call void @llvm.memset.p0.i64(ptr @a, i8 0, i64 4800, i1 false)
  call void @wave_paper()
  %q = call i32 @last()
  %p2 = call i32 (ptr, ...) @printf(ptr @fmtp, i32 %q)
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
