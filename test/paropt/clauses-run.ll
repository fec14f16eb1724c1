; Clauses of parallel and worksharing regions, executed: num_threads, if,
; proc_bind, nested parallel regions, firstprivate and lastprivate arrays,
; schedules (runtime, auto, guided, static with a chunk) with reductions of
; several operators and types, an unsigned i32 normalized loop, a value
; computed in a region and used after it, a value computed before it and
; read inside, and a critical section inside a worksharing loop. Each
; function prints what the serial program prints (or 1 for a property that
; holds at any team size). Output at 1-7 threads equals the serial program's.
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
; CHECK: num_threads 1
; CHECK-NEXT: if-false 1
; CHECK-NEXT: proc_bind 1
; CHECK-NEXT: nested 1
; CHECK-NEXT: firstprivate-array 1
; CHECK-NEXT: lastprivate-array 97 98 99
; CHECK-NEXT: runtime 4950
; CHECK-NEXT: auto-xor 0
; CHECK-NEXT: guided-max -3
; CHECK-NEXT: static-chunk-fmul 1024
; CHECK-NEXT: unsigned 3000000000
; CHECK-NEXT: out-of-region 42
; CHECK-NEXT: critical-in-loop 5050

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opnd.i1(metadata, i1)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@fmt64 = private constant [9 x i8] c"%s %lld\0A\00"
@fmt3 = private constant [13 x i8] c"%s %d %d %d\0A\00"
@s1 = private constant [12 x i8] c"num_threads\00"
@s2 = private constant [9 x i8] c"if-false\00"
@s3 = private constant [10 x i8] c"proc_bind\00"
@s4 = private constant [7 x i8] c"nested\00"
@s5 = private constant [19 x i8] c"firstprivate-array\00"
@s6 = private constant [18 x i8] c"lastprivate-array\00"
@s7 = private constant [8 x i8] c"runtime\00"
@s8 = private constant [9 x i8] c"auto-xor\00"
@s9 = private constant [11 x i8] c"guided-max\00"
@s10 = private constant [18 x i8] c"static-chunk-fmul\00"
@s11 = private constant [9 x i8] c"unsigned\00"
@s12 = private constant [14 x i8] c"out-of-region\00"
@s13 = private constant [17 x i8] c"critical-in-loop\00"
@ids = global [64 x i32] zeroinitializer

define void @say(ptr %n, i1 %ok) {
  %v = zext i1 %ok to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %n, i32 %v)
  ret void
}

; Each thread writes its id into ids[tid]; the team's size is recorded;
; true when ids[t] == t for every t < size and the size is as asked (or 1).
define i1 @team_ok(i32 %size, i32 %want) {
entry:
  br label %l
l:
  %t = phi i32 [ 0, %entry ], [ %t1, %b ]
  %all = phi i1 [ true, %entry ], [ %all1, %b ]
  %c = icmp slt i32 %t, %size
  br i1 %c, label %b, label %e
b:
  %tw = sext i32 %t to i64
  %p = getelementptr [64 x i32], ptr @ids, i64 0, i64 %tw
  %v = load i32, ptr %p
  %eq = icmp eq i32 %v, %t
  %all1 = and i1 %all, %eq
  %t1 = add i32 %t, 1
  br label %l
e:
  %sz = icmp eq i32 %size, %want
  %one = icmp eq i32 %size, 1
  %szok = or i1 %sz, %one
  %r = and i1 %all, %szok
  ret i1 %r
}

define void @record(ptr %size) {
  %tid = call i32 @omp_get_thread_num()
  %tw = sext i32 %tid to i64
  %p = getelementptr [64 x i32], ptr @ids, i64 0, i64 %tw
  store i32 %tid, ptr %p
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %r, label %d
r:
  %n = call i32 @omp_get_num_threads()
  store i32 %n, ptr %size
  br label %d
d:
  ret void
}

define void @nthreads() {
  %size = alloca i32
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 3),
      "QUAL.OMP.SHARED"(ptr %size) ]
  call void @record(ptr %size)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %s = load i32, ptr %size
  %ok = call i1 @team_ok(i32 %s, i32 3)
  call void @say(ptr @s1, i1 %ok)
  ret void
}

define void @iffalse(i1 %cond) {
  %size = alloca i32
  store i32 99, ptr %size
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive.qual.opnd.i1(metadata !"QUAL.OMP.IF", i1 %cond)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %size)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @record(ptr %size)
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %s = load i32, ptr %size
  %ok = icmp eq i32 %s, 1
  call void @say(ptr @s2, i1 %ok)
  ret void
}

define void @procbind() {
  %size = alloca i32
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PROC.BIND.CLOSE"(),
      "QUAL.OMP.SHARED"(ptr %size) ]
  call void @record(ptr %size)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %s = load i32, ptr %size
  %ok = call i1 @team_ok(i32 %s, i32 %s)
  call void @say(ptr @s3, i1 %ok)
  ret void
}

; Nested: every thread of every inner team adds 1 to `runs`; every outer
; thread adds its inner team's size to `want`. Equal whatever the nesting
; policy.
define void @nested() {
  %runs = alloca i32
  %want = alloca i32
  store i32 0, ptr %runs
  store i32 0, ptr %want
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %runs, ptr %want) ]
  %inner = alloca i32
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 2),
      "QUAL.OMP.SHARED"(ptr %runs, ptr %inner) ]
  atomicrmw add ptr %runs, i32 1 seq_cst
  %it = call i32 @omp_get_thread_num()
  %iz = icmp eq i32 %it, 0
  br i1 %iz, label %rec, label %done
rec:
  %n = call i32 @omp_get_num_threads()
  store i32 %n, ptr %inner
  br label %done
done:
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.PARALLEL"() ]
  %iv = load i32, ptr %inner
  atomicrmw add ptr %want, i32 %iv seq_cst
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %runs
  %w = load i32, ptr %want
  %ok = icmp eq i32 %r, %w
  call void @say(ptr @s4, i1 %ok)
  ret void
}

; firstprivate of an array: every copy starts as the original, although
; each thread scribbles on its own copy.
define void @fparray() {
  %a = alloca [4 x i64]
  %bad = alloca i32
  store [4 x i64] [i64 10, i64 20, i64 30, i64 40], ptr %a
  store i32 0, ptr %bad
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %a, i64 0, i32 4), "QUAL.OMP.SHARED"(ptr %bad) ]
  %p3 = getelementptr [4 x i64], ptr %a, i64 0, i64 3
  %v3 = load i64, ptr %p3
  %ok3 = icmp eq i64 %v3, 40
  br i1 %ok3, label %w, label %mark
mark:
  atomicrmw add ptr %bad, i32 1 seq_cst
  br label %w
w:
  %tid = call i32 @omp_get_thread_num()
  %tw = sext i32 %tid to i64
  store i64 %tw, ptr %p3
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %b = load i32, ptr %bad
  %ok = icmp eq i32 %b, 0
  call void @say(ptr @s5, i1 %ok)
  ret void
}

; lastprivate of an array: the last iteration (i = 97) writes {97, 98, 99}.
define void @lparray() {
entry:
  %a = alloca [3 x i32]
  store [3 x i32] [i32 -1, i32 -1, i32 -1], ptr %a
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE:TYPED", ptr %a, i32 0, i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %c
c:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %k = icmp slt i32 %i, 98
  br i1 %k, label %b, label %e
b:
  %p0 = getelementptr [3 x i32], ptr %a, i64 0, i64 0
  %p1 = getelementptr [3 x i32], ptr %a, i64 0, i64 1
  %p2 = getelementptr [3 x i32], ptr %a, i64 0, i64 2
  store i32 %i, ptr %p0
  %j = add i32 %i, 1
  store i32 %j, ptr %p1
  %l = add i32 %i, 2
  store i32 %l, ptr %p2
  %i1 = add i32 %i, 1
  br label %c
e:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load [3 x i32], ptr %a
  %v0 = extractvalue [3 x i32] %v, 0
  %v1 = extractvalue [3 x i32] %v, 1
  %v2 = extractvalue [3 x i32] %v, 2
  call i32 (ptr, ...) @printf(ptr @fmt3, ptr @s6, i32 %v0, i32 %v1, i32 %v2)
  ret void
}

; schedule(runtime), reduction(+): sum of 0..99.
define void @runtime() {
entry:
  %s = alloca i64
  store i64 0, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.RUNTIME"(i32 0),
      "QUAL.OMP.REDUCTION.ADD"(ptr %s) ]
  br label %c
c:
  %i = phi i64 [ 0, %entry ], [ %i1, %b ]
  %k = icmp slt i64 %i, 100
  br i1 %k, label %b, label %e
b:
  %v = load i64, ptr %s
  %v1 = add i64 %v, %i
  store i64 %v1, ptr %s
  %i1 = add i64 %i, 1
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %s
  call i32 (ptr, ...) @printf(ptr @fmt64, ptr @s7, i64 %r)
  ret void
}

; schedule(auto), reduction(^) over i16: every value 0..63 twice: 0.
define void @autoxor() {
entry:
  %x = alloca i16
  store i16 0, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.AUTO"(i32 0),
      "QUAL.OMP.REDUCTION.BXOR"(ptr %x) ]
  br label %c
c:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %k = icmp slt i32 %i, 128
  br i1 %k, label %b, label %e
b:
  %m = urem i32 %i, 64
  %mt = trunc i32 %m to i16
  %v = load i16, ptr %x
  %v1 = xor i16 %v, %mt
  store i16 %v1, ptr %x
  %i1 = add i32 %i, 1
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i16, ptr %x
  %rw = sext i16 %r to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s8, i32 %rw)
  ret void
}

; schedule(guided, 2), reduction(max) over i8 of -(i % 50) - 3 for i = 0..99: -3.
define void @guidedmax() {
entry:
  %x = alloca i8
  store i8 -128, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.GUIDED"(i32 2),
      "QUAL.OMP.REDUCTION.MAX"(ptr %x) ]
  br label %c
c:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %k = icmp slt i32 %i, 100
  br i1 %k, label %b, label %e
b:
  %m = urem i32 %i, 50
  %n = sub i32 -3, %m
  %nt = trunc i32 %n to i8
  %v = load i8, ptr %x
  %g = icmp sgt i8 %nt, %v
  %v1 = select i1 %g, i8 %nt, i8 %v
  store i8 %v1, ptr %x
  %i1 = add i32 %i, 1
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i8, ptr %x
  %rw = sext i8 %r to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s9, i32 %rw)
  ret void
}

; schedule(static, 5), reduction(*) over float: 2^10.
define void @fmul() {
entry:
  %x = alloca float
  store float 1.0, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.STATIC"(i32 5),
      "QUAL.OMP.REDUCTION.MUL"(ptr %x) ]
  br label %c
c:
  %i = phi i32 [ 0, %entry ], [ %i1, %b ]
  %k = icmp slt i32 %i, 10
  br i1 %k, label %b, label %e
b:
  %v = load float, ptr %x
  %v1 = fmul float %v, 2.0
  store float %v1, ptr %x
  %i1 = add i32 %i, 1
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load float, ptr %x
  %ri = fptosi float %r to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s10, i32 %ri)
  ret void
}

; An unsigned i32 normalized loop past 2^31: 3,000,000,000 iterations are
; counted (each adds 1000 in chunks), ub = 2999999 iterations of 1000.
define void @unsignedloop() {
entry:
  %s = alloca i64
  %iv = alloca i32
  %ub = alloca i32
  store i64 0, ptr %s
  store i32 2999999, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.REDUCTION.ADD"(ptr %s),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 1000) ]
  store i32 0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp ule i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %v = load i64, ptr %s
  %v1 = add i64 %v, 1000
  store i64 %v1, ptr %s
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %s
  call i32 (ptr, ...) @printf(ptr @fmt64, ptr @s11, i64 %r)
  ret void
}

; A value computed before the region and read inside (by value); a value
; computed in the region and used after it (it leaves once).
define void @outofregion(i32 %seed) {
  %base = mul i32 %seed, 2
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  %in = add i32 %base, 40
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s12, i32 %in)
  ret void
}

; A critical section inside a worksharing loop in a parallel region.
define void @critloop() {
entry:
  %s = alloca i32
  store i32 0, ptr %s
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %s) ]
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 3) ]
  br label %c
c:
  %i = phi i32 [ 1, %entry ], [ %i1, %b ]
  %k = icmp sle i32 %i, 100
  br i1 %k, label %b, label %e
b:
  %cr = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  %v = load i32, ptr %s
  %v1 = add i32 %v, %i
  store i32 %v1, ptr %s
  call void @llvm.directive.region.exit(token %cr) [ "DIR.OMP.END.CRITICAL"() ]
  %i1 = add i32 %i, 1
  br label %c
e:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s13, i32 %r)
  ret void
}

define i32 @main() {
  call void @nthreads()
  call void @iffalse(i1 false)
  call void @procbind()
  call void @nested()
  call void @fparray()
  call void @lparray()
  call void @runtime()
  call void @autoxor()
  call void @guidedmax()
  call void @fmul()
  call void @unsignedloop()
  call void @outofregion(i32 1)
  call void @critloop()
  ret i32 0
}
