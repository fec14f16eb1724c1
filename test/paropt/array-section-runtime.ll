; Array sections with run-time bounds in private, firstprivate and
; lastprivate (C allows sections in reduction only; those are executed in
; test/cc/programs/array_sections_runtime.c). A pointer variable's section
; gets a private heap buffer per thread (malloc in the prologue, free at the
; end), indexed like the original; an array variable's, a private copy of
; the whole array. Region form (:ARRSECT.TYPED with value bounds, on a
; pointer) and paper form (QUAL.OPND.ARRSECT with a value length, on an
; array: the paper form cannot give a pointer's element type). Output at 1-7 threads
; equals the serial program's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; CHECK: last 0 5 10 15 orig 9 9 first 8 private 7
; SHAPE-LABEL: define internal void @last.omp_outlined
; SHAPE: call ptr @malloc(
; SHAPE: call void @free(

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
declare ptr @malloc(i64)
@fmt = private constant [51 x i8] c"last %d %d %d %d orig %d %d first %d private %lld\0A\00"

; p[lo .. lo+n): firstprivate and lastprivate; iteration i writes
; p[lo+k] = p[lo+k] * 0 + i * k... so the last iteration (i = 5) leaves
; 0 5 10 15; elements outside the section keep 9.
define void @last(ptr %p0, i64 %lo, i64 %n) {
entry:
  %p = alloca ptr
  store ptr %p0, ptr %p
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.FIRSTPRIVATE:ARRSECT.TYPED"(ptr %p, i32 0, i64 %n, i64 %lo),
      "QUAL.OMP.LASTPRIVATE:ARRSECT.TYPED"(ptr %p, i32 0, i64 %n, i64 %lo), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 1) ]
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %c = icmp slt i64 %i, 6
  br i1 %c, label %body, label %done
body:
  %base = load ptr, ptr %p
  br label %inner
inner:
  %k = phi i64 [ 0, %body ], [ %k1, %inner ]
  %idx = add i64 %lo, %k
  %q = getelementptr i32, ptr %base, i64 %idx
  %old = load i32, ptr %q
  %zero = mul i32 %old, 0
  %ik = mul i64 %i, %k
  %ik32 = trunc i64 %ik to i32
  %v = add i32 %zero, %ik32
  store i32 %v, ptr %q
  %k1 = add i64 %k, 1
  %more = icmp slt i64 %k1, %n
  br i1 %more, label %inner, label %next
next:
  %i1 = add i64 %i, 1
  br label %cond
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; a[2 .. 2+n) of an array variable: firstprivate; each thread reads its
; copy's a[2] and a[4] (the original's 3 and 5).
define i32 @first(i64 %n) {
entry:
  %a = alloca [8 x i32]
  %seen = alloca i32
  store i32 0, ptr %seen
  br label %fill
fill:
  %j = phi i64 [ 0, %entry ], [ %j1, %fill ]
  %aj = getelementptr [8 x i32], ptr %a, i64 0, i64 %j
  %j32 = trunc i64 %j to i32
  %v0 = add i32 %j32, 1
  store i32 %v0, ptr %aj
  %j1 = add i64 %j, 1
  %f = icmp slt i64 %j1, 8
  br i1 %f, label %fill, label %go
go:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", metadata !"QUAL.OPND.ARRSECT", ptr %a, i64 1, i64 2, i64 %n, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %seen)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %a2 = getelementptr [8 x i32], ptr %a, i64 0, i64 2
  %x2 = load i32, ptr %a2
  %a4 = getelementptr [8 x i32], ptr %a, i64 0, i64 4
  %x4 = load i32, ptr %a4
  %x = add i32 %x2, %x4
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  store i32 %x, ptr %seen
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %s = load i32, ptr %seen
  ret i32 %s
}

; private(q[0 .. n)) of a pointer variable: scratch per thread; the sum
; each thread computes from its own writes is the same (1+2+...+n - ...).
define i64 @priv(ptr %q0, i64 %n) {
entry:
  %q = alloca ptr
  store ptr %q0, ptr %q
  %out = alloca i64
  store i64 0, ptr %out
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:ARRSECT.TYPED"(ptr %q, i64 0, i64 %n, i64 0), "QUAL.OMP.SHARED"(ptr %out) ]
  %b = load ptr, ptr %q
  br label %w
w:
  %k = phi i64 [ 0, %entry ], [ %k1, %w ]
  %pk = getelementptr i64, ptr %b, i64 %k
  store i64 %k, ptr %pk
  %k1 = add i64 %k, 1
  %m = icmp slt i64 %k1, %n
  br i1 %m, label %w, label %sum
sum:
  %last = getelementptr i64, ptr %b, i64 3
  %y = load i64, ptr %last
  %z = add i64 %y, 4
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  store i64 %z, ptr %out
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i64, ptr %out
  ret i64 %r
}

define i32 @main() {
  %p = call ptr @malloc(i64 40)
  br label %init
init:
  %j = phi i64 [ 0, %0 ], [ %j1, %init ]
  %pj = getelementptr i32, ptr %p, i64 %j
  store i32 9, ptr %pj
  %j1 = add i64 %j, 1
  %f = icmp slt i64 %j1, 10
  br i1 %f, label %init, label %run
run:
  call void @last(ptr %p, i64 2, i64 4)
  %e2 = getelementptr i32, ptr %p, i64 2
  %e3 = getelementptr i32, ptr %p, i64 3
  %e4 = getelementptr i32, ptr %p, i64 4
  %e5 = getelementptr i32, ptr %p, i64 5
  %e1 = getelementptr i32, ptr %p, i64 1
  %e6 = getelementptr i32, ptr %p, i64 6
  %v2 = load i32, ptr %e2
  %v3 = load i32, ptr %e3
  %v4 = load i32, ptr %e4
  %v5 = load i32, ptr %e5
  %v1 = load i32, ptr %e1
  %v6 = load i32, ptr %e6
  %fr = call i32 @first(i64 3)
  %q = call ptr @malloc(i64 80)
  %pr = call i64 @priv(ptr %q, i64 5)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %v2, i32 %v3, i32 %v4, i32 %v5, i32 %v1, i32 %v6, i32 %fr, i64 %pr)
  ret i32 0
}
