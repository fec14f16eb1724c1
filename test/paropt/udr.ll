; User-defined reductions (REDUCTION.UDR; the helpers ctor, dtor, combiner
; `(ptr out, ptr in)` and initializer `(ptr priv, ptr orig)`): each thread's
; copy is set up by the initializer (given the original), else by the
; constructor, else zeroed; copies are combined by the combiner, in the
; runtime's tree reduction as on its critical path; a copy is destroyed only
; after it was combined. A statistics record (sum and max, the initializer
; reading the original's max) in a parallel loop (region form), an array of
; three of them, an xor on an i32 with no initializer nor constructor, and a
; self-checking type with constructor and destructor (paper form, a loop in
; a parallel region). The output at 1-7 threads equals the serial program's.
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
; RUN: not %opt -passes=weft -disable-output %S/Inputs/udr-no-combiner.ll 2>&1 | FileCheck %s --check-prefix=NOCOMB
; RUN: not %opt -passes=weft -disable-output %S/Inputs/udr-simd.ll 2>&1 | FileCheck %s --check-prefix=SIMD
; CHECK: stats 499500 999 arr 1334 334 335 x 1899667328 live 12105 bad 0 balanced 1
;
; SHAPE-DAG: call void @stats.init(ptr %st.priv, ptr %{{.*}})
; SHAPE-DAG: call void @stats.comb(ptr %{{.*}}, ptr %{{.*}})
; SHAPE-DAG: call void @stats.init.weft.3(ptr %arr.priv, ptr %{{.*}})
; SHAPE-DAG: store i32 0, ptr %x.priv
; SHAPE-DAG: call ptr @L.ctor(ptr %l.priv)
; NOCOMB: error: weft: QUAL.OMP.REDUCTION.UDR:NONPOD on DIR.OMP.PARALLEL.LOOP in function 'f': a user-defined reduction needs its combiner (a function of (ptr out, ptr in)) [rule: operand-kind]
; SIMD: error: weft: not yet supported: QUAL.OMP.REDUCTION.UDR:NONPOD on DIR.OMP.SIMD in function 'f': weft-paropt cannot lower this clause yet

target triple = "x86_64-pc-linux-gnu"
%Stats = type { i64, i64 }
%L = type { i64, ptr }

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)

@bad = global i32 0
@ctors = global i32 0
@dtors = global i32 0
@fmt = private constant [76 x i8] c"stats %lld %lld arr %lld %lld %lld x %d live %lld bad %d balanced %d\0A\00\00\00\00\00\00\00"

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

define void @xor.comb(ptr %out, ptr %in) {
  %o = load i32, ptr %out
  %i = load i32, ptr %in
  %x = xor i32 %o, %i
  store i32 %x, ptr %out
  ret void
}

; %L records its own address: a copy combined after its destructor ran, or
; never constructed, is caught.
define void @L.check(ptr %this) {
entry:
  %self = getelementptr %L, ptr %this, i32 0, i32 1
  %p = load ptr, ptr %self
  %ok = icmp eq ptr %p, %this
  br i1 %ok, label %done, label %mark
mark:
  store atomic i32 1, ptr @bad seq_cst, align 4
  br label %done
done:
  ret void
}

define ptr @L.ctor(ptr %this) {
  store i64 0, ptr %this
  %self = getelementptr %L, ptr %this, i32 0, i32 1
  store ptr %this, ptr %self
  %n = atomicrmw add ptr @ctors, i32 1 seq_cst
  ret ptr %this
}

define void @L.dtor(ptr %this) {
  call void @L.check(ptr %this)
  %self = getelementptr %L, ptr %this, i32 0, i32 1
  store ptr null, ptr %self
  %n = atomicrmw add ptr @dtors, i32 1 seq_cst
  ret void
}

define void @L.comb(ptr %out, ptr %in) {
  call void @L.check(ptr %out)
  call void @L.check(ptr %in)
  %o = load i64, ptr %out
  %i = load i64, ptr %in
  %s = add i64 %o, %i
  store i64 %s, ptr %out
  ret void
}

define void @stats.add(ptr %st, i64 %v) {
  %s = load i64, ptr %st
  %s1 = add i64 %s, %v
  store i64 %s1, ptr %st
  %mp = getelementptr %Stats, ptr %st, i32 0, i32 1
  %m = load i64, ptr %mp
  %gt = icmp sgt i64 %v, %m
  %m1 = select i1 %gt, i64 %v, i64 %m
  store i64 %m1, ptr %mp
  ret void
}

define i32 @main() {
entry:
  %st = alloca %Stats
  %arr = alloca [3 x %Stats]
  %x = alloca i32
  %l = alloca %L
  %i = alloca i32
  store %Stats { i64 0, i64 -5 }, ptr %st
  store [3 x %Stats] [%Stats { i64 1000, i64 0 }, %Stats { i64 1, i64 0 }, %Stats { i64 2, i64 0 }], ptr %arr
  store i32 0, ptr %x
  store i64 12000, ptr %l
  %lself = getelementptr %L, ptr %l, i32 0, i32 1
  store ptr %l, ptr %lself
  ; parallel for reduction(stats: st, arr) reduction(xor: x)
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.UDR:NONPOD.TYPED"(ptr %st, %Stats zeroinitializer, i32 1, ptr null, ptr null, ptr @stats.comb, ptr @stats.init),
      "QUAL.OMP.REDUCTION.UDR:NONPOD.TYPED"(ptr %arr, %Stats zeroinitializer, i32 3, ptr null, ptr null, ptr @stats.comb, ptr @stats.init),
      "QUAL.OMP.REDUCTION.UDR:NONPOD.TYPED"(ptr %x, i32 0, i32 1, ptr null, ptr null, ptr @xor.comb, ptr null),
      "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 5) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i64 %k, 1000
  br i1 %c, label %body, label %end
body:
  %v = urem i64 %k, 991
  call void @stats.add(ptr %st, i64 %k)
  ; (element k % 3 gets 1 per iteration in its sum, its max stays 0)
  %e = urem i64 %k, 3
  %ep = getelementptr [3 x %Stats], ptr %arr, i64 0, i64 %e
  call void @stats.add(ptr %ep, i64 1)
  %m = getelementptr %Stats, ptr %st, i32 0, i32 1
  %mv = load i64, ptr %m
  %big = icmp sgt i64 %v, %mv
  %mv1 = select i1 %big, i64 %v, i64 %mv
  store i64 %mv1, ptr %m
  %xv = load i32, ptr %x
  %k32 = trunc i64 %k to i32
  %k3 = mul i32 %k32, 2654435761
  %xv1 = xor i32 %xv, %k3
  store i32 %xv1, ptr %x
  %k1 = add nsw i64 %k, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ; The paper form: parallel reduction(live: l) with a loop inside.
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.UDR", metadata !"QUAL.OPND.NONPOD", ptr %l, ptr @L.ctor, ptr @L.dtor, ptr @L.comb, ptr null)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %i
  br label %l.cond
l.cond:
  %iv = load i32, ptr %i
  %lt = icmp slt i32 %iv, 15
  br i1 %lt, label %l.body, label %l.end
l.body:
  call void @L.check(ptr %l)
  %lv = load i64, ptr %l
  %iv64 = sext i32 %iv to i64
  %lv1 = add i64 %lv, %iv64
  store i64 %lv1, ptr %l
  %inext = add i32 %iv, 1
  store i32 %inext, ptr %i
  br label %l.cond
l.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %s = load i64, ptr %st
  %smp = getelementptr %Stats, ptr %st, i32 0, i32 1
  %sm = load i64, ptr %smp
  %a0 = load i64, ptr %arr
  %a1p = getelementptr [3 x %Stats], ptr %arr, i64 0, i64 1
  %a1 = load i64, ptr %a1p
  %a2p = getelementptr [3 x %Stats], ptr %arr, i64 0, i64 2
  %a2 = load i64, ptr %a2p
  %xf = load i32, ptr %x
  %lf = load i64, ptr %l
  %bad = load i32, ptr @bad
  %nc = load i32, ptr @ctors
  %nd = load i32, ptr @dtors
  %bal = icmp eq i32 %nc, %nd
  %balanced = zext i1 %bal to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i64 %s, i64 %sm, i64 %a0, i64 %a1, i64 %a2, i32 %xf, i64 %lf, i32 %bad, i32 %balanced)
  ret i32 0
}
