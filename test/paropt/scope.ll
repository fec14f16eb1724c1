; OpenMP 5.1 scope (DIR.OMP.SCOPE), executed: every thread of the team runs
; the block, with its own private and firstprivate copies; reductions are
; combined across the team; the implicit barrier at the end means every
; thread then reads the team's total. Region form with private,
; firstprivate and reduction (threads other than 0 are slow, so thread 0
; would read the total early without the barrier); paper form, orphaned (in
; a function each thread calls) with a double reduction; nowait followed by
; an explicit barrier. Each function prints 1 when its property held (T =
; the team's size; 1 in the serial program). Output at 1-7 threads equals
; the serial program's. The same program with NOWAIT on the first scope
; prints 0 (its total read before the others combined theirs).
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
; RUN: sed 's/"DIR.OMP.SCOPE"(),/"DIR.OMP.SCOPE"(), "QUAL.OMP.NOWAIT"(),/' %s > %t.nowait.ll
; RUN: %clang -O0 -Wno-override-module %t.nowait.ll -L%libomp -Wl,-rpath,%libomp -lomp -o %t.nowait
; RUN: env OMP_NUM_THREADS=4 %t.nowait | FileCheck %s --check-prefix=NOWAIT
; CHECK: scope-region 1
; CHECK-NEXT: scope-paper-orphaned 1
; CHECK-NEXT: scope-nowait-barrier 1
; NOWAIT: scope-region 0
;
; SHAPE-LABEL: define void @orphan(
; SHAPE: %gtot.priv = alloca double
; SHAPE: call void @__kmpc_scope(
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE: call void @__kmpc_end_scope(
; SHAPE-NEXT: call void @__kmpc_barrier(
; SHAPE-LABEL: define internal void @region.omp_outlined.1(
; SHAPE: %s.priv = alloca i32
; SHAPE: call void @__kmpc_scope(
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE: call void @__kmpc_end_scope(
; SHAPE-NEXT: call void @__kmpc_barrier(
; SHAPE-LABEL: define internal void @nowait_barrier.omp_outlined.1(
; SHAPE: call void @__kmpc_end_scope(
; SHAPE: call void @__kmpc_barrier(
; SHAPE-NOT: call void @__kmpc_barrier(
; SHAPE-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @usleep(i32)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@s1 = private constant [13 x i8] c"scope-region\00"
@s2 = private constant [21 x i8] c"scope-paper-orphaned\00"
@s3 = private constant [21 x i8] c"scope-nowait-barrier\00"
@gtot = global double 0.0
@gbad = global i32 0

define void @say(ptr %n, i1 %ok) {
  %v = zext i1 %ok to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %n, i32 %v)
  ret void
}

; Threads other than 0 sleep 30 ms.
define void @nap(i32 %tid) {
  %slow = icmp sgt i32 %tid, 0
  br i1 %slow, label %z, label %d
z:
  call i32 @usleep(i32 30000)
  br label %d
d:
  ret void
}

define void @fail(ptr %bad, i1 %c) {
  br i1 %c, label %f, label %d
f:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %d
d:
  ret void
}

; scope private(x) firstprivate(y) reduction(+: s) in a parallel region:
; x is each thread's own, y starts as 7 in each, s ends as T for every
; thread once the scope is over.
define void @region() {
entry:
  %s = alloca i32
  %x = alloca i32
  %y = alloca i32
  %bad = alloca i32
  %size = alloca i32
  store i32 0, ptr %s
  store i32 -1, ptr %x
  store i32 7, ptr %y
  store i32 0, ptr %bad
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %s, i32 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %x, i32 0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %y, i32 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %bad, i32 0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %size, i32 0, i32 1) ]
  %tid = call i32 @omp_get_thread_num()
  %n = call i32 @omp_get_num_threads()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %rec, label %go
rec:
  store i32 %n, ptr %size
  br label %go
go:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.SCOPE"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %x, i32 0, i32 1),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %y, i32 0, i32 1),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1) ]
  store i32 %tid, ptr %x
  %y0 = load i32, ptr %y
  %y1 = add i32 %y0, %tid
  store i32 %y1, ptr %y
  call void @nap(i32 %tid)
  %s0 = load i32, ptr %s
  %s1 = add i32 %s0, 1
  store i32 %s1, ptr %s
  %xv = load i32, ptr %x
  %yv = load i32, ptr %y
  %yw = add i32 %tid, 7
  %c1 = icmp ne i32 %xv, %tid
  %c2 = icmp ne i32 %yv, %yw
  %c = or i1 %c1, %c2
  call void @fail(ptr %bad, i1 %c)
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.SCOPE"() ]
  %sv = load i32, ptr %s
  %c3 = icmp ne i32 %sv, %n
  call void @fail(ptr %bad, i1 %c3)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %b = load i32, ptr %bad
  %st = load i32, ptr %s
  %sz = load i32, ptr %size
  %yo = load i32, ptr %y
  %ok1 = icmp eq i32 %b, 0
  %ok2 = icmp eq i32 %st, %sz
  %ok3 = icmp eq i32 %yo, 7
  %ok12 = and i1 %ok1, %ok2
  %ok = and i1 %ok12, %ok3
  call void @say(ptr @s1, i1 %ok)
  ret void
}

; Paper form, orphaned: each thread of the caller's team adds 0.5 to the
; global @gtot through the scope's reduction; after it, @gtot is T / 2.
define void @orphan(i32 %n) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.SCOPE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr @gtot)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  %v = load double, ptr @gtot
  %v1 = fadd double %v, 5.000000e-01
  store double %v1, ptr @gtot
  br label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SCOPE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %got = load double, ptr @gtot
  %nf = sitofp i32 %n to double
  %want = fmul double %nf, 5.000000e-01
  %c = fcmp une double %got, %want
  call void @fail(ptr @gbad, i1 %c)
  ret void
}

define void @paper() {
entry:
  store double 0.0, ptr @gtot
  store i32 0, ptr @gbad
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %n = call i32 @omp_get_num_threads()
  call void @orphan(i32 %n)
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %b = load i32, ptr @gbad
  %ok = icmp eq i32 %b, 0
  call void @say(ptr @s2, i1 %ok)
  ret void
}

; scope nowait reduction(+: s), then an explicit barrier: the total is
; complete after the barrier.
define void @nowait_barrier() {
entry:
  %s = alloca i64
  %bad = alloca i32
  store i64 0, ptr %s
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %s, i64 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %bad, i32 0, i32 1) ]
  %tid = call i32 @omp_get_thread_num()
  %n = call i32 @omp_get_num_threads()
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.SCOPE"(), "QUAL.OMP.NOWAIT"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i64 0, i32 1) ]
  %tw = sext i32 %tid to i64
  %s0 = load i64, ptr %s
  %s1 = add i64 %s0, %tw
  store i64 %s1, ptr %s
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.SCOPE"() ]
  %bar = call token @llvm.directive.region.entry() [ "DIR.OMP.BARRIER"() ]
  call void @llvm.directive.region.exit(token %bar) [ "DIR.OMP.END.BARRIER"() ]
  %nw = sext i32 %n to i64
  %nm = sub i64 %nw, 1
  %pr = mul i64 %nw, %nm
  %want = sdiv i64 %pr, 2
  %sv = load i64, ptr %s
  %c = icmp ne i64 %sv, %want
  call void @fail(ptr %bad, i1 %c)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %b = load i32, ptr %bad
  %ok = icmp eq i32 %b, 0
  call void @say(ptr @s3, i1 %ok)
  ret void
}

define i32 @main() {
  call void @region()
  call void @paper()
  call void @nowait_barrier()
  ret i32 0
}
