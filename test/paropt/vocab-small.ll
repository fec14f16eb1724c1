; The smaller parts of icx's vocabulary, executed: proc_bind spelled
; PROC_BIND.MASTER (region form) and PROC_BIND.PRIMARY (paper form), each
; pushed as primary (2); an ordered region with ORDERED.THREADS, the same as
; a plain one (an order-sensitive hash of the iterations); && and ||
; reductions of float and double (identity 1 and 0, a value true when not
; 0, NaN included; the result 0 or 1, the original taking part); and
; icx's user-defined reduction layouts, the helpers without NONPOD and null
; where there are none: `UDR:TYPED(var, type, count, ctor, dtor, combiner,
; initializer)` with an initializer, an array of two with a null
; initializer (zeroed copies), and the untyped `UDR(var, ctor, dtor,
; combiner, initializer)`. Output at 1-7 threads equals the serial program's.
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
; CHECK: proc_bind 1 1
; CHECK-NEXT: ordered-threads 3572937824485121298
; CHECK-NEXT: logical 1 0 0 1 0
; CHECK-NEXT: udr-typed 499500 999
; CHECK-NEXT: udr-array 4950 9900
; CHECK-NEXT: udr-bundle 1431655765
; CHECK-NEXT: udr-ctor 124755 bad 0 live 0
;
; SHAPE-DAG: call void @__kmpc_push_proc_bind(ptr @{{.*}}, i32 %{{.*}}, i32 2)
; SHAPE-DAG: call void @__kmpc_push_proc_bind(ptr @{{.*}}, i32 %{{.*}}, i32 2)
; SHAPE-DAG: call void @__kmpc_ordered(
; SHAPE-DAG: store float 1.000000e+00, ptr %fa.priv
; SHAPE-DAG: store double 0.000000e+00, ptr %do.priv
; SHAPE-DAG: call void @stats.init(ptr %st.priv, ptr %{{.*}})
; SHAPE-DAG: store i32 0, ptr %x.priv
; SHAPE-DAG: call ptr @C.ctor(ptr %cc.priv)
; SHAPE-DAG: call void @C.dtor(ptr %cc.priv)
; SHAPE-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
%Stats = type { i64, i64 }
%C = type { i64, i64 }
@ctors = global i64 0
@dtors = global i64 0
@bad = global i32 0
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
declare i32 @printf(ptr, ...)
@fmt.pb = private constant [17 x i8] c"proc_bind %d %d\0A\00"
@fmt.ord = private constant [22 x i8] c"ordered-threads %llu\0A\00"
@fmt.log = private constant [24 x i8] c"logical %g %g %g %g %g\0A\00"
@fmt.udr = private constant [21 x i8] c"udr-typed %lld %lld\0A\00"
@fmt.arr = private constant [21 x i8] c"udr-array %lld %lld\0A\00"
@fmt.ctor = private constant [32 x i8] c"udr-ctor %lld bad %d live %lld\0A\00"
@fmt.bun = private constant [15 x i8] c"udr-bundle %d\0A\00"

; A team of 3 (or 1) runs; true when every member checked in.
define i32 @bind_master() {
entry:
  %n = alloca i32
  %size = alloca i32
  store i32 0, ptr %n
  store i32 1, ptr %size
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 3),
      "QUAL.OMP.PROC_BIND.MASTER"(), "QUAL.OMP.SHARED"(ptr %n), "QUAL.OMP.SHARED"(ptr %size) ]
  atomicrmw add ptr %n, i32 1 seq_cst
  %tid = call i32 @omp_get_thread_num()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %r, label %d
r:
  %nt = call i32 @omp_get_num_threads()
  store i32 %nt, ptr %size
  br label %d
d:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %a = load i32, ptr %n
  %b = load i32, ptr %size
  %ok = icmp eq i32 %a, %b
  %v = zext i1 %ok to i32
  ret i32 %v
}

define i32 @bind_primary() {
entry:
  %n = alloca i32
  %size = alloca i32
  store i32 0, ptr %n
  store i32 1, ptr %size
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.PROC_BIND.PRIMARY")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %n, ptr %size)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  atomicrmw add ptr %n, i32 1 seq_cst
  %tid = call i32 @omp_get_thread_num()
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %r, label %d
r:
  %nt = call i32 @omp_get_num_threads()
  store i32 %nt, ptr %size
  br label %d
d:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %a = load i32, ptr %n
  %b = load i32, ptr %size
  %ok = icmp eq i32 %a, %b
  %v = zext i1 %ok to i32
  ret i32 %v
}

; parallel for ordered schedule(dynamic, 1): the ordered threads region
; folds i into h = h * 31 + i, in the order of the iterations.
define i64 @ord_threads() {
entry:
  %h = alloca i64
  store i64 7, ptr %h
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.ORDERED"(i32 0),
      "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 1), "QUAL.OMP.SHARED"(ptr %h) ]
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i64 %i, 150
  br i1 %c, label %body, label %end
body:
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.ORDERED.THREADS"() ]
  %h0 = load i64, ptr %h
  %h1 = mul i64 %h0, 31
  %h2 = add i64 %h1, %i
  store i64 %h2, ptr %h
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  %i1 = add i64 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %h
  ret i64 %r
}

; x = x && v, as C stores it in a float: (x != 0 && v != 0) ? 1 : 0.
define float @fand(float %x, float %v) {
  %a = fcmp une float %x, 0.0
  %b = fcmp une float %v, 0.0
  %c = and i1 %a, %b
  %r = uitofp i1 %c to float
  ret float %r
}
define double @dor(double %x, double %v) {
  %a = fcmp une double %x, 0.0
  %b = fcmp une double %v, 0.0
  %c = or i1 %a, %b
  %r = uitofp i1 %c to double
  ret double %r
}
define double @dand(double %x, double %v) {
  %a = fcmp une double %x, 0.0
  %b = fcmp une double %v, 0.0
  %c = and i1 %a, %b
  %r = uitofp i1 %c to double
  ret double %r
}
define float @forr(float %x, float %v) {
  %a = fcmp une float %x, 0.0
  %b = fcmp une float %v, 0.0
  %c = or i1 %a, %b
  %r = uitofp i1 %c to float
  ret float %r
}

; reduction(&&: fa, da, fz) reduction(||: do, fo) over 200 iterations:
; fa (from 2.5) over values never 0 (one NaN, negatives): 1; da (from 1)
; with one 0 at i = 150: 0; fz (from 0) over non-zero values: 0 (the
; original takes part); do (from 0) with one 3 at i = 77: 1; fo (from 0)
; over 0 and -0: 0.
define void @logical() {
entry:
  %fa = alloca float
  %da = alloca double
  %fz = alloca float
  %do = alloca double
  %fo = alloca float
  store float 2.5, ptr %fa
  store double 1.0, ptr %da
  store float 0.0, ptr %fz
  store double 0.0, ptr %do
  store float 0.0, ptr %fo
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.AND:TYPED"(ptr %fa, float 0.0, i32 1),
      "QUAL.OMP.REDUCTION.AND:TYPED"(ptr %da, double 0.0, i32 1),
      "QUAL.OMP.REDUCTION.AND:TYPED"(ptr %fz, float 0.0, i32 1),
      "QUAL.OMP.REDUCTION.OR:TYPED"(ptr %do, double 0.0, i32 1),
      "QUAL.OMP.REDUCTION.OR:TYPED"(ptr %fo, float 0.0, i32 1),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 7) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 200
  br i1 %c, label %body, label %end
body:
  %if = sitofp i32 %i to float
  %shift = fsub float %if, 100.5
  %nan = icmp eq i32 %i, 13
  %va = select i1 %nan, float 0x7FF8000000000000, float %shift
  %a0 = load float, ptr %fa
  %a1 = call float @fand(float %a0, float %va)
  store float %a1, ptr %fa
  %id = sitofp i32 %i to double
  %idp = fadd double %id, 1.0
  %z150 = icmp eq i32 %i, 150
  %vd = select i1 %z150, double 0.0, double %idp
  %d0 = load double, ptr %da
  %d1 = call double @dand(double %d0, double %vd)
  store double %d1, ptr %da
  %z0 = load float, ptr %fz
  %z1 = call float @fand(float %z0, float %shift)
  store float %z1, ptr %fz
  %o77 = icmp eq i32 %i, 77
  %vo = select i1 %o77, double 3.0, double 0.0
  %o0 = load double, ptr %do
  %o1 = call double @dor(double %o0, double %vo)
  store double %o1, ptr %do
  %odd = and i32 %i, 1
  %isodd = icmp ne i32 %odd, 0
  %vz = select i1 %isodd, float -0.0, float 0.0
  %f0 = load float, ptr %fo
  %f1 = call float @forr(float %f0, float %vz)
  store float %f1, ptr %fo
  %i1 = add i32 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %ra = load float, ptr %fa
  %rd = load double, ptr %da
  %rz = load float, ptr %fz
  %ro = load double, ptr %do
  %rf = load float, ptr %fo
  %pa = fpext float %ra to double
  %pz = fpext float %rz to double
  %pf = fpext float %rf to double
  call i32 (ptr, ...) @printf(ptr @fmt.log, double %pa, double %rd, double %pz, double %ro, double %pf)
  ret void
}

; out.sum += in.sum; out.max = max(out.max, in.max)
define void @stats.comb(ptr %out, ptr %in) {
  %os = load i64, ptr %out
  %is = load i64, ptr %in
  %s = add i64 %os, %is
  store i64 %s, ptr %out
  %omp = getelementptr %Stats, ptr %out, i32 0, i32 1
  %imp = getelementptr %Stats, ptr %in, i32 0, i32 1
  %om = load i64, ptr %omp
  %im = load i64, ptr %imp
  %gt = icmp sgt i64 %im, %om
  %m = select i1 %gt, i64 %im, i64 %om
  store i64 %m, ptr %omp
  ret void
}

; priv = { 0, orig.max }
define void @stats.init(ptr %priv, ptr %orig) {
  store i64 0, ptr %priv
  %pm = getelementptr %Stats, ptr %priv, i32 0, i32 1
  %om = getelementptr %Stats, ptr %orig, i32 0, i32 1
  %m = load i64, ptr %om
  store i64 %m, ptr %pm
  ret void
}

define void @add.comb(ptr %out, ptr %in) {
  %o = load i64, ptr %out
  %i = load i64, ptr %in
  %s = add i64 %o, %i
  store i64 %s, ptr %out
  ret void
}

define void @xor.comb(ptr %out, ptr %in) {
  %o = load i32, ptr %out
  %i = load i32, ptr %in
  %s = xor i32 %o, %i
  store i32 %s, ptr %out
  ret void
}

; A type with a constructor (tag 7, sum 0) and a destructor, both counted;
; the combiner checks that what it combines was constructed.
define ptr @C.ctor(ptr %this) {
  store i64 0, ptr %this
  %tp = getelementptr %C, ptr %this, i32 0, i32 1
  store i64 7, ptr %tp
  atomicrmw add ptr @ctors, i64 1 seq_cst
  ret ptr %this
}
define void @C.dtor(ptr %this) {
  atomicrmw add ptr @dtors, i64 1 seq_cst
  ret void
}
define void @C.comb(ptr %out, ptr %in) {
  %tp = getelementptr %C, ptr %in, i32 0, i32 1
  %tag = load i64, ptr %tp
  %ok = icmp eq i64 %tag, 7
  br i1 %ok, label %add, label %bad
bad:
  atomicrmw add ptr @bad, i32 1 seq_cst
  br label %add
add:
  %o = load i64, ptr %out
  %i = load i64, ptr %in
  %s = add i64 %o, %i
  store i64 %s, ptr %out
  ret void
}

; icx's untyped layout with a constructor and destructor and no
; initializer: each copy is constructed, combined, then destroyed.
define void @udr_ctor() {
entry:
  %cc = alloca %C
  store %C { i64 5, i64 7 }, ptr %cc
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.UDR"(ptr %cc, ptr @C.ctor, ptr @C.dtor, ptr @C.comb, ptr null) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i64 %k, 500
  br i1 %c, label %body, label %end
body:
  %s0 = load i64, ptr %cc
  %s1 = add i64 %s0, %k
  store i64 %s1, ptr %cc
  %k1 = add i64 %k, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %cc
  %b = load i32, ptr @bad
  %nc = load i64, ptr @ctors
  %nd = load i64, ptr @dtors
  %live = sub i64 %nc, %nd
  call i32 (ptr, ...) @printf(ptr @fmt.ctor, i64 %r, i32 %b, i64 %live)
  ret void
}

; parallel for reduction(stats: st) reduction(sum: arr[2]) reduction(xr: x)
; in icx's layouts.
define void @udr() {
entry:
  %st = alloca %Stats
  %arr = alloca [2 x i64]
  %x = alloca i32
  store %Stats { i64 0, i64 -5 }, ptr %st
  store [2 x i64] [i64 0, i64 0], ptr %arr
  store i32 1431655765, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.UDR:TYPED"(ptr %st, %Stats zeroinitializer, i32 1, ptr null, ptr null, ptr @stats.comb, ptr @stats.init),
      "QUAL.OMP.REDUCTION.UDR:TYPED"(ptr %arr, i64 0, i64 2, ptr null, ptr null, ptr @add.comb, ptr null),
      "QUAL.OMP.REDUCTION.UDR"(ptr %x, ptr null, ptr null, ptr @xor.comb, ptr null),
      "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 3) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %xb ]
  %c = icmp slt i64 %k, 1000
  br i1 %c, label %body, label %end
body:
  %s0 = load i64, ptr %st
  %s1 = add i64 %s0, %k
  store i64 %s1, ptr %st
  %mp = getelementptr %Stats, ptr %st, i32 0, i32 1
  %m0 = load i64, ptr %mp
  %gt = icmp sgt i64 %k, %m0
  %m1 = select i1 %gt, i64 %k, i64 %m0
  store i64 %m1, ptr %mp
  %small = icmp slt i64 %k, 100
  br i1 %small, label %arrb, label %xb
arrb:
  %a0 = load i64, ptr %arr
  %a1 = add i64 %a0, %k
  store i64 %a1, ptr %arr
  %p1 = getelementptr [2 x i64], ptr %arr, i64 0, i64 1
  %b0 = load i64, ptr %p1
  %k2 = mul i64 %k, 2
  %b1 = add i64 %b0, %k2
  store i64 %b1, ptr %p1
  br label %xb
xb:
  %kt = trunc i64 %k to i32
  %x0 = load i32, ptr %x
  %x1 = xor i32 %x0, %kt
  store i32 %x1, ptr %x
  %k1 = add i64 %k, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %rs = load i64, ptr %st
  %rmp = getelementptr %Stats, ptr %st, i32 0, i32 1
  %rm = load i64, ptr %rmp
  call i32 (ptr, ...) @printf(ptr @fmt.udr, i64 %rs, i64 %rm)
  %r0 = load i64, ptr %arr
  %rp1 = getelementptr [2 x i64], ptr %arr, i64 0, i64 1
  %r1 = load i64, ptr %rp1
  call i32 (ptr, ...) @printf(ptr @fmt.arr, i64 %r0, i64 %r1)
  %rx = load i32, ptr %x
  call i32 (ptr, ...) @printf(ptr @fmt.bun, i32 %rx)
  ret void
}

define i32 @main() {
  %a = call i32 @bind_master()
  %b = call i32 @bind_primary()
  call i32 (ptr, ...) @printf(ptr @fmt.pb, i32 %a, i32 %b)
  %h = call i64 @ord_threads()
  call i32 (ptr, ...) @printf(ptr @fmt.ord, i64 %h)
  call void @logical()
  call void @udr()
  call void @udr_ctor()
  ret i32 0
}
