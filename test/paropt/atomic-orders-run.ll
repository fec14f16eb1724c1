; Swap capture and the OpenMP 5.1 memory orders, executed. Every thread
; runs the iterations tid, tid + T, ... of 0 .. N-1 (N = 20000).
; - swap: `{v = x; x = i;}` on an int (seq_cst) and on a double: the old
;   values all swaps return, with the final x, are -1, 0, ..., N-1 exactly
;   once each (checked by their sum and sum of squares);
; - handoff: the primary thread writes data, then ready with a release
;   write; every thread waits with acquire reads and must see the data;
;   arrivals count through a relaxed capture, the bad count through an
;   acq_rel update; acq_rel on a read is acquire, on a write release.
; Output at 1-7 threads, -O0 and -O2, equals the serial program's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s --check-prefix=SERIAL < %t.expected
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
; RUN: %opt -passes=weft -verify-each -disable-output %s
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
;
; sum(-1 .. 19999) = 199989999; sum of squares = 1 + 19999*20000*39999/6.
; SERIAL: swap 199989999 2666466670001 199989999
; SERIAL-NEXT: handoff bad 0 arrived 1
;
; SHAPE-LABEL: define internal void @swap.omp_outlined
; SHAPE: fence seq_cst
; SHAPE: %[[OLD:.*]] = atomicrmw xchg ptr %{{.*}}, i32 %i seq_cst
; SHAPE: store i32 %[[OLD]], ptr %v
; SHAPE: fence seq_cst
; SHAPE: atomicrmw xchg ptr %{{.*}}, i64 %{{.*}} monotonic
; SHAPE: %omp.atomic.old = bitcast i64 %{{.*}} to double
; SHAPE-LABEL: define internal void @handoff.omp_outlined
; (block order puts each fence away from its access: the set, in any order)
; SHAPE-DAG: store atomic i32 1, ptr %{{.*}} release
; SHAPE-DAG: %r = load atomic i32, ptr %{{.*}} acquire
; SHAPE-DAG: %r2 = load atomic i32, ptr %{{.*}} acquire
; SHAPE-DAG: atomicrmw add ptr %{{.*}}, i32 1 acq_rel
; SHAPE-DAG: atomicrmw add ptr %{{.*}}, i32 1 monotonic
; SHAPE-DAG: store atomic i32 %tid, ptr %{{.*}} release
; SHAPE-DAG: fence release
; SHAPE-DAG: fence acquire
; SHAPE: ret void

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @printf(ptr, ...)
@fmt.swap = private constant [23 x i8] c"swap %lld %lld %lld\0A\00\00\00"
@fmt.hand = private constant [27 x i8] c"handoff bad %d arrived %d\0A\00"

define void @swap() {
entry:
  %x = alloca i32
  %dx = alloca double
  %sum = alloca i64
  %sq = alloca i64
  %dsum = alloca double
  %v = alloca i32
  %dv = alloca double
  store i32 -1, ptr %x
  store double -1.0, ptr %dx
  store i64 0, ptr %sum
  store i64 0, ptr %sq
  store double 0.0, ptr %dsum
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %x, ptr %dx, ptr %sum, ptr %sq, ptr %dsum), "QUAL.OMP.PRIVATE"(ptr %v, ptr %dv) ]
  %tid = call i32 @omp_get_thread_num()
  %nt = call i32 @omp_get_num_threads()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %i1, %body ]
  %ls = phi i64 [ 0, %entry ], [ %ls1, %body ]
  %lq = phi i64 [ 0, %entry ], [ %lq1, %body ]
  %ld = phi double [ 0.0, %entry ], [ %ld1, %body ]
  %c = icmp slt i32 %i, 20000
  br i1 %c, label %body, label %end
body:
  %a = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE.SEQ_CST"() ]
  %o = load i32, ptr %x
  store i32 %o, ptr %v
  store i32 %i, ptr %x
  call void @llvm.directive.region.exit(token %a) [ "DIR.OMP.END.ATOMIC"() ]
  %di = sitofp i32 %i to double
  call void @llvm.directive(metadata !"DIR.OMP.ATOMIC")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.CAPTURE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %od = load double, ptr %dx
  store double %od, ptr %dv
  store double %di, ptr %dx
  call void @llvm.directive(metadata !"DIR.OMP.END.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %gv = load i32, ptr %v
  %gw = sext i32 %gv to i64
  %ls1 = add i64 %ls, %gw
  %g2 = mul i64 %gw, %gw
  %lq1 = add i64 %lq, %g2
  %gd = load double, ptr %dv
  %ld1 = fadd double %ld, %gd
  %i1 = add i32 %i, %nt
  br label %loop
end:
  atomicrmw add ptr %sum, i64 %ls seq_cst
  atomicrmw add ptr %sq, i64 %lq seq_cst
  %ldi = fptosi double %ld to i64
  %ldf = sitofp i64 %ldi to double
  call void @addd(ptr %dsum, double %ldf)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %fx = load i32, ptr %x
  %fw = sext i32 %fx to i64
  %s0 = load i64, ptr %sum
  %s1 = add i64 %s0, %fw
  %q0 = load i64, ptr %sq
  %f2 = mul i64 %fw, %fw
  %q1 = add i64 %q0, %f2
  %fd = load double, ptr %dx
  %d0 = load double, ptr %dsum
  %d1 = fadd double %d0, %fd
  %d1i = fptosi double %d1 to i64
  call i32 (ptr, ...) @printf(ptr @fmt.swap, i64 %s1, i64 %q1, i64 %d1i)
  ret void
}

; *p += d with a plain compare-exchange loop (outside any directive).
define void @addd(ptr %p, double %d) {
entry:
  %o = load atomic i64, ptr %p monotonic, align 8
  br label %retry
retry:
  %seen = phi i64 [ %o, %entry ], [ %prev, %retry ]
  %sf = bitcast i64 %seen to double
  %nf = fadd double %sf, %d
  %ni = bitcast double %nf to i64
  %pair = cmpxchg ptr %p, i64 %seen, i64 %ni seq_cst seq_cst
  %prev = extractvalue { i64, i1 } %pair, 0
  %ok = extractvalue { i64, i1 } %pair, 1
  br i1 %ok, label %done, label %retry
done:
  ret void
}

define void @handoff() {
entry:
  %data = alloca i32
  %ready = alloca i32
  %bad = alloca i32
  %arrived = alloca i32
  %team = alloca i32
  %last = alloca i32
  %v = alloca i32
  store i32 0, ptr %data
  store i32 0, ptr %ready
  store i32 0, ptr %bad
  store i32 0, ptr %arrived
  store i32 1, ptr %team
  store i32 -1, ptr %last
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %data, ptr %ready, ptr %bad, ptr %arrived, ptr %team, ptr %last), "QUAL.OMP.PRIVATE"(ptr %v) ]
  %tid = call i32 @omp_get_thread_num()
  %nt = call i32 @omp_get_num_threads()
  %zero = icmp eq i32 %tid, 0
  br i1 %zero, label %produce, label %wait
produce:
  store i32 %nt, ptr %team
  store i32 42, ptr %data
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE.RELEASE"() ]
  store i32 1, ptr %ready
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.ATOMIC"() ]
  br label %wait
wait:
  %rd = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ.ACQUIRE"() ]
  %r = load i32, ptr %ready
  call void @llvm.directive.region.exit(token %rd) [ "DIR.OMP.END.ATOMIC"() ]
  %go = icmp ne i32 %r, 0
  br i1 %go, label %check, label %wait
check:
  %rd2 = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ.ACQ_REL"() ]
  %r2 = load i32, ptr %ready
  call void @llvm.directive.region.exit(token %rd2) [ "DIR.OMP.END.ATOMIC"() ]
  %dv = load i32, ptr %data
  %okd = icmp eq i32 %dv, 42
  %okr = icmp eq i32 %r2, 1
  %ok = and i1 %okd, %okr
  br i1 %ok, label %count, label %mark
mark:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE.ACQ_REL"() ]
  %b0 = load i32, ptr %bad
  %b1 = add i32 %b0, 1
  store i32 %b1, ptr %bad
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.ATOMIC"() ]
  br label %count
count:
  %cp = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE.RELAXED"() ]
  %a0 = load i32, ptr %arrived
  store i32 %a0, ptr %v
  %a1 = add i32 %a0, 1
  store i32 %a1, ptr %arrived
  call void @llvm.directive.region.exit(token %cp) [ "DIR.OMP.END.ATOMIC"() ]
  %lw = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE.ACQ_REL"() ]
  store i32 %tid, ptr %last
  call void @llvm.directive.region.exit(token %lw) [ "DIR.OMP.END.ATOMIC"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %fb = load i32, ptr %bad
  %fa = load i32, ptr %arrived
  %ft = load i32, ptr %team
  %all = icmp eq i32 %fa, %ft
  %alli = zext i1 %all to i32
  call i32 (ptr, ...) @printf(ptr @fmt.hand, i32 %fb, i32 %alli)
  ret void
}

define i32 @main() {
  call void @swap()
  call void @handoff()
  ret i32 0
}
