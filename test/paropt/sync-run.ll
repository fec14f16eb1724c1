; Synchronization constructs, executed: each function checks a property
; that holds at any thread count (T = the team's size; 1 in the serial
; program) and prints 1 when it held. master; masked(filter 1); named
; critical with a hint; single nowait then barrier; atomic update of a
; double (a compare-exchange loop); atomic capture (every old value seen
; exactly once); atomic read and write; a worksharing loop with nowait
; followed by a barrier. Output at 1-7 threads equals the serial program's.
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
; RUN: %opt -passes=weft -verify-each -disable-output %s
; CHECK: master 1
; CHECK-NEXT: masked 1
; CHECK-NEXT: critical 1
; CHECK-NEXT: single 1
; CHECK-NEXT: atomic-double 1
; CHECK-NEXT: atomic-capture 1
; CHECK-NEXT: atomic-rw 1
; CHECK-NEXT: nowait-barrier 1

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@s.master = private constant [7 x i8] c"master\00"
@s.masked = private constant [7 x i8] c"masked\00"
@s.critical = private constant [9 x i8] c"critical\00"
@s.single = private constant [7 x i8] c"single\00"
@s.adouble = private constant [14 x i8] c"atomic-double\00"
@s.acapture = private constant [15 x i8] c"atomic-capture\00"
@s.arw = private constant [10 x i8] c"atomic-rw\00"
@s.nowait = private constant [15 x i8] c"nowait-barrier\00"
@lk = private constant [3 x i8] c"lk\00"
@seen = global [700 x i8] zeroinitializer

define void @report(ptr %name, i1 %ok) {
  %v = zext i1 %ok to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i32 %v)
  ret void
}

; master: only thread 0 counts, once per region; two regions: 2.
define void @master() {
entry:
  %n = alloca i32
  store i32 0, ptr %n
  br label %rep
rep:
  %k = phi i32 [ 0, %entry ], [ %k1, %after ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %n) ]
  %m = call token @llvm.directive.region.entry() [ "DIR.OMP.MASTER"() ]
  %v = load i32, ptr %n
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %n
  call void @llvm.directive.region.exit(token %m) [ "DIR.OMP.END.MASTER"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  br label %after
after:
  %k1 = add i32 %k, 1
  %again = icmp slt i32 %k1, 2
  br i1 %again, label %rep, label %done
done:
  %r = load i32, ptr %n
  %ok = icmp eq i32 %r, 2
  call void @report(ptr @s.master, i1 %ok)
  ret void
}

; masked filter(1): thread 1 alone counts (nobody when T = 1).
define void @masked() {
entry:
  %n = alloca i32
  %size = alloca i32
  store i32 0, ptr %n
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %n, ptr %size) ]
  %sz = call i32 @omp_get_num_threads()
  %tid = call i32 @omp_get_thread_num()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %rec, label %go
rec:
  store i32 %sz, ptr %size
  br label %go
go:
  %m = call token @llvm.directive.region.entry() [ "DIR.OMP.MASKED"(), "QUAL.OMP.FILTER"(i32 1) ]
  atomicrmw add ptr %n, i32 1 seq_cst
  call void @llvm.directive.region.exit(token %m) [ "DIR.OMP.END.MASKED"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %n
  %s = load i32, ptr %size
  %many = icmp sgt i32 %s, 1
  %want = zext i1 %many to i32
  %serial = icmp eq i32 %r, 1
  %ok0 = icmp eq i32 %r, %want
  ; (the serial program runs the masked statement once: it has no threads to filter)
  %one = icmp eq i32 %s, 1
  %okserial = and i1 %one, %serial
  %ok = or i1 %ok0, %okserial
  call void @report(ptr @s.masked, i1 %ok)
  ret void
}

; critical(lk) with a hint: sum of tid+1 over the team is T(T+1)/2.
define void @critical() {
entry:
  %sum = alloca i32
  %size = alloca i32
  store i32 0, ptr %sum
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %sum, ptr %size) ]
  %tid = call i32 @omp_get_thread_num()
  %sz = call i32 @omp_get_num_threads()
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"(ptr @lk), "QUAL.OMP.HINT"(i32 2) ]
  %v = load i32, ptr %sum
  %t1 = add i32 %tid, 1
  %v1 = add i32 %v, %t1
  store i32 %v1, ptr %sum
  store i32 %sz, ptr %size
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %sum
  %s = load i32, ptr %size
  %s1 = add i32 %s, 1
  %p = mul i32 %s, %s1
  %w = sdiv i32 %p, 2
  %ok = icmp eq i32 %r, %w
  call void @report(ptr @s.critical, i1 %ok)
  ret void
}

; single nowait writes x, then an explicit barrier: every thread reads 42.
define void @single() {
entry:
  %x = alloca i32
  %bad = alloca i32
  store i32 0, ptr %x
  store i32 0, ptr %bad
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %x, ptr %bad)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %s
s:
  call void @llvm.directive(metadata !"DIR.OMP.SINGLE")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 42, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.END.SINGLE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %b
b:
  call void @llvm.directive(metadata !"DIR.OMP.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr %x
  %ok1 = icmp eq i32 %v, 42
  br i1 %ok1, label %e, label %mark
mark:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %e
e:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %bad
  %ok = icmp eq i32 %r, 0
  call void @report(ptr @s.single, i1 %ok)
  ret void
}

; atomic update of a double: each thread adds 0.5, 1000 times: 500 T.
define void @adouble() {
entry:
  %d = alloca double
  %size = alloca i32
  store double 0.0, ptr %d
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %d, ptr %size) ]
  %sz = call i32 @omp_get_num_threads()
  %tid = call i32 @omp_get_thread_num()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %rec, label %loop
rec:
  store i32 %sz, ptr %size
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 0, %rec ], [ %i1, %body ]
  %c = icmp slt i32 %i, 1000
  br i1 %c, label %body, label %end
body:
  %a = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.UPDATE"() ]
  %o = load double, ptr %d
  %n = fadd double %o, 5.0e-01
  store double %n, ptr %d
  call void @llvm.directive.region.exit(token %a) [ "DIR.OMP.END.ATOMIC"() ]
  %i1 = add i32 %i, 1
  br label %loop
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load double, ptr %d
  %s = load i32, ptr %size
  %sf = sitofp i32 %s to double
  %w = fmul double %sf, 5.0e+02
  %ok = fcmp oeq double %r, %w
  call void @report(ptr @s.adouble, i1 %ok)
  ret void
}

; atomic capture: 100 fetch-and-adds per thread; every old value 0 .. 100T-1
; is seen by exactly one of them.
define void @acapture() {
entry:
  %cnt = alloca i32
  %size = alloca i32
  %bad = alloca i32
  store i32 0, ptr %cnt
  store i32 1, ptr %size
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %cnt, ptr %size) ]
  %sz = call i32 @omp_get_num_threads()
  %tid = call i32 @omp_get_thread_num()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %rec, label %loop
rec:
  store i32 %sz, ptr %size
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 0, %rec ], [ %i1, %body ]
  %c = icmp slt i32 %i, 100
  br i1 %c, label %body, label %end
body:
  %old = alloca i32
  %a = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.CAPTURE"() ]
  %o = load i32, ptr %cnt
  store i32 %o, ptr %old
  %n = add i32 %o, 1
  store i32 %n, ptr %cnt
  call void @llvm.directive.region.exit(token %a) [ "DIR.OMP.END.ATOMIC"() ]
  %ov = load i32, ptr %old
  %ow = sext i32 %ov to i64
  %slot = getelementptr [700 x i8], ptr @seen, i64 0, i64 %ow
  atomicrmw add ptr %slot, i8 1 seq_cst
  %i1 = add i32 %i, 1
  br label %loop
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %s = load i32, ptr %size
  %total = mul i32 %s, 100
  br label %chk
chk:
  %j = phi i32 [ 0, %end ], [ %j1, %chk.body ]
  %allok = phi i1 [ true, %end ], [ %ok2, %chk.body ]
  %cc = icmp slt i32 %j, %total
  br i1 %cc, label %chk.body, label %chk.end
chk.body:
  %jw = sext i32 %j to i64
  %q = getelementptr [700 x i8], ptr @seen, i64 0, i64 %jw
  %qv = load i8, ptr %q
  %one = icmp eq i8 %qv, 1
  %ok2 = and i1 %allok, %one
  %j1 = add i32 %j, 1
  br label %chk
chk.end:
  %cv = load i32, ptr %cnt
  %okc = icmp eq i32 %cv, %total
  %ok = and i1 %allok, %okc
  call void @report(ptr @s.acapture, i1 %ok)
  ret void
}

; atomic write by the master, atomic read by all after a barrier.
define void @arw() {
entry:
  %x = alloca i64
  %bad = alloca i32
  store i64 0, ptr %x
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %x, ptr %bad) ]
  %tid = call i32 @omp_get_thread_num()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %w, label %b
w:
  %a = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE"() ]
  store i64 123456789012, ptr %x
  call void @llvm.directive.region.exit(token %a) [ "DIR.OMP.END.ATOMIC"() ]
  br label %b
b:
  %br = call token @llvm.directive.region.entry() [ "DIR.OMP.BARRIER"() ]
  call void @llvm.directive.region.exit(token %br) [ "DIR.OMP.END.BARRIER"() ]
  %r = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.READ"() ]
  %v = load i64, ptr %x
  call void @llvm.directive.region.exit(token %r) [ "DIR.OMP.END.ATOMIC"() ]
  %ok1 = icmp eq i64 %v, 123456789012
  br i1 %ok1, label %e, label %mark
mark:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %e
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %bv = load i32, ptr %bad
  %ok = icmp eq i32 %bv, 0
  call void @report(ptr @s.arw, i1 %ok)
  ret void
}

; A worksharing loop with nowait fills half an array, a barrier, then a
; second loop reads it: every element is seen filled.
define void @nowait() {
entry:
  %arr = alloca [64 x i32]
  %bad = alloca i32
  call void @llvm.memset.p0.i64(ptr %arr, i8 0, i64 256, i1 false)
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %arr, ptr %bad) ]
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.NOWAIT"(), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 1) ]
  br label %c1
c1:
  %i = phi i64 [ 0, %entry ], [ %i1, %b1 ]
  %k1 = icmp slt i64 %i, 64
  br i1 %k1, label %b1, label %e1
b1:
  %p = getelementptr [64 x i32], ptr %arr, i64 0, i64 %i
  store i32 7, ptr %p
  %i1 = add i64 %i, 1
  br label %c1
e1:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.LOOP"() ]
  %br = call token @llvm.directive.region.entry() [ "DIR.OMP.BARRIER"() ]
  call void @llvm.directive.region.exit(token %br) [ "DIR.OMP.END.BARRIER"() ]
  %l2 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"() ]
  br label %c2
c2:
  %j = phi i64 [ 0, %e1 ], [ %j1, %b2.next ]
  %k2 = icmp slt i64 %j, 64
  br i1 %k2, label %b2, label %e2
b2:
  %q = getelementptr [64 x i32], ptr %arr, i64 0, i64 %j
  %qv = load i32, ptr %q
  %good = icmp eq i32 %qv, 7
  br i1 %good, label %b2.next, label %mark
mark:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %b2.next
b2.next:
  %j1 = add i64 %j, 1
  br label %c2
e2:
  call void @llvm.directive.region.exit(token %l2) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %bv = load i32, ptr %bad
  %ok = icmp eq i32 %bv, 0
  call void @report(ptr @s.nowait, i1 %ok)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
  call void @master()
  call void @masked()
  call void @critical()
  call void @single()
  call void @adouble()
  call void @acapture()
  call void @arw()
  call void @nowait()
  ret i32 0
}
