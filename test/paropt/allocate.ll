; The allocate clause (QUAL.OMP.ALLOCATE, icx's (alignment, variable[,
; allocator]) and its older (variable[, allocator])), executed: each
; thread's private copy of an ALLOCATE item comes from libomp's
; __kmpc_alloc, or __kmpc_aligned_alloc when it needs more alignment than
; libomp's blocks have (the clause's, or the variable's own), and goes back
; through __kmpc_free as the thread leaves the construct: after the
; lastprivate copy-out and the reduction, before a worksharing loop's
; barrier, and inside a single region (the thread that ran it). Region form:
; a parallel region with a private array from a user allocator (made by
; omp_init_allocator, aligned to 4096) and a firstprivate scalar, a loop in
; it with a reduction and a lastprivate, a single region with a private
; copy, and a scope (OpenMP 5.1, which no C front end weft has writes)
; with firstprivate and reduction copies. Paper form: a combined parallel
; loop with a firstprivate array and a reduction, one item in icx's layout
; and one in its older layout.
; `from(p, h)` reads the descriptor libomp keeps before each block (its
; address and allocator, the last two words): the serial program (weft-strip,
; whose variables are on the stack) fails every such check.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial | FileCheck %s --check-prefix=SERIAL
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=1 %t2 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t0 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=2 %t2 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t0 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=3 %t2 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t0 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=4 %t2 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t0 2>/dev/null | FileCheck %s
; RUN: env OMP_NUM_THREADS=7 %t2 2>/dev/null | FileCheck %s
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes='weft-prepare,print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; CHECK: region bad 0 total 499500 last 2997
; CHECK-NEXT: paper bad 0 sum 342
; CHECK-NEXT: scope bad 0
; SERIAL: region bad {{[1-9][0-9]*}} total 499500 last 2997
; SERIAL-NEXT: paper bad {{[1-9][0-9]*}} sum 342
; SERIAL-NEXT: scope bad {{[1-9][0-9]*}}
;
; SHAPE: declare noalias ptr @__kmpc_alloc(i32, i64, ptr)
; SHAPE: declare void @__kmpc_free(i32, ptr, ptr)
; SHAPE: declare noalias ptr @__kmpc_aligned_alloc(i32, i64, i64, ptr)
; SHAPE-LABEL: define internal void @region.omp_outlined.
; SHAPE: %arr.priv = call align 64 ptr @__kmpc_aligned_alloc(i32 %{{.*}}, i64 64, i64 64, ptr %[[AL:[^)]+]])
; SHAPE-NEXT: %fp.priv = call align 8 ptr @__kmpc_alloc(i32 %{{.*}}, i64 8, ptr inttoptr (i64 5 to ptr))
; SHAPE: %last.priv = call align 32 ptr @__kmpc_aligned_alloc(i32 %{{.*}}, i64 32, i64 8, ptr null)
; SHAPE-NEXT: %total.priv = call align 8 ptr @__kmpc_alloc(i32 %{{.*}}, i64 8, ptr inttoptr (i64 8 to ptr))
; SHAPE: br i1 %{{.*}}, label %lastprivate.copyout,
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE: call void @__kmpc_free(i32 %{{.*}}, ptr %last.priv, ptr null)
; SHAPE-NEXT: call void @__kmpc_free(i32 %{{.*}}, ptr %total.priv, ptr inttoptr (i64 8 to ptr))
; SHAPE: call void @__kmpc_barrier(
; SHAPE: call i32 @__kmpc_single(
; SHAPE: %priv = call align 8 ptr @__kmpc_alloc(i32 %{{.*}}, i64 4, ptr %[[SAL:[^)]+]])
; SHAPE: call void @__kmpc_free(i32 %{{.*}}, ptr %arr.priv, ptr %[[AL]])
; SHAPE-NEXT: call void @__kmpc_free(i32 %{{.*}}, ptr %fp.priv, ptr inttoptr (i64 5 to ptr))
; SHAPE: call void @__kmpc_free(i32 %{{.*}}, ptr %priv, ptr %[[SAL]])
; SHAPE-NEXT: call void @__kmpc_end_single(
; SHAPE-LABEL: define internal void @paper.omp_outlined.
; SHAPE: %arr.priv = call align 128 ptr @__kmpc_aligned_alloc(i32 %{{.*}}, i64 128, i64 64, ptr %{{.*}})
; SHAPE-NEXT: %sum.priv = call align 8 ptr @__kmpc_alloc(i32 %{{.*}}, i64 8, ptr inttoptr (i64 7 to ptr))
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE: call void @__kmpc_free(i32 %{{.*}}, ptr %arr.priv,
; SHAPE-NEXT: call void @__kmpc_free(i32 %{{.*}}, ptr %sum.priv, ptr inttoptr (i64 7 to ptr))
; SHAPE-LABEL: define internal void @scope_fn.omp_outlined.
; SHAPE: call void @__kmpc_scope(
; SHAPE: %y.priv = call align 4 ptr @__kmpc_alloc(i32 %{{.*}}, i64 4, ptr inttoptr (i64 6 to ptr))
; SHAPE: %s.priv = call align 8 ptr @__kmpc_alloc(i32 %{{.*}}, i64 8, ptr %{{.*}})
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE: call void @__kmpc_free(i32 %{{.*}}, ptr %y.priv,
; SHAPE-NEXT: call void @__kmpc_free(i32 %{{.*}}, ptr %s.priv,
; SHAPE: call void @__kmpc_end_scope(
; SHAPE-NOT: llvm.directive
; A global privatized by a region and by one nested in it (which names it
; through a copy of its address): both copies as aligned as the global, whose
; alignment the accesses claim, from the allocator or the stack.
; SHAPE-LABEL: define internal void @nested_global.omp_outlined.
; SHAPE: %omp.global.ref.priv = alloca [16 x double], align 16
; SHAPE-LABEL: define internal void @nested_global.omp_outlined.
; SHAPE: %gd.priv = call align 16 ptr @__kmpc_aligned_alloc(i32 %{{.*}}, i64 16, i64 128, ptr inttoptr (i64 5 to ptr))
; SHAPE-NEXT: getelementptr inbounds [16 x double], ptr %gd.priv, i64 0, i64 2
; A non-POD copy is constructed in the memory taken, destroyed before it
; goes back.
; SHAPE-LABEL: define internal void @nonpod.omp_outlined.
; SHAPE: %s.priv = call align 8 ptr @__kmpc_alloc(i32 %{{.*}}, i64 8, ptr inttoptr (i64 3 to ptr))
; SHAPE-NEXT: call void @ctor(ptr %s.priv)
; SHAPE: call void @dtor(ptr %s.priv)
; SHAPE-NEXT: call void @__kmpc_free(i32 %{{.*}}, ptr %s.priv, ptr inttoptr (i64 3 to ptr))
;
; PRINT-LABEL: W-Region graph for function 'region':
; PRINT: ALLOCATE: ptr %arr align 64 allocator i64 %al, ptr %fp allocator i64 5
; PRINT: ALLOCATE: ptr %total allocator i64 8, ptr %last align 32 allocator default
; PRINT-LABEL: W-Region graph for function 'paper':
; PRINT: ALLOCATE: ptr %arr align 128 allocator i64 %al, ptr %sum allocator i64 7

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd(metadata, ...)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i64 @omp_init_allocator(i64, i32, ptr)
declare i32 @omp_get_thread_num()
declare i32 @printf(ptr, ...)

; omp_alloctrait_t { omp_atk_alignment (2), 4096 }
@traits = private constant [1 x { i32, i64 }] [{ i32, i64 } { i32 2, i64 4096 }]
@fmt.region = private constant [34 x i8] c"region bad %d total %ld last %ld\0A\00"
@fmt.paper = private constant [22 x i8] c"paper bad %d sum %ld\0A\00"
@fmt.scope = private constant [14 x i8] c"scope bad %d\0A\00"

; Whether p is a block libomp's allocator h handed out.
define i1 @from(ptr %p, i64 %h) {
  %at = getelementptr i8, ptr %p, i64 -16
  %self = load ptr, ptr %at
  %ha = getelementptr i8, ptr %p, i64 -8
  %by = load i64, ptr %ha
  %a = icmp eq ptr %self, %p
  %b = icmp eq i64 %by, %h
  %c = and i1 %a, %b
  ret i1 %c
}

; Sets bit `bit` of *bad (atomically) unless `ok`.
define void @check(ptr %bad, i1 %ok, i32 %bit) {
  br i1 %ok, label %d, label %f
f:
  %m = shl i32 1, %bit
  atomicrmw or ptr %bad, i32 %m seq_cst
  br label %d
d:
  ret void
}

define i1 @aligned(ptr %p, i64 %a) {
  %i = ptrtoint ptr %p to i64
  %m = sub i64 %a, 1
  %r = and i64 %i, %m
  %z = icmp eq i64 %r, 0
  ret i1 %z
}

; parallel private(arr) firstprivate(fp) allocate(al: arr) allocate(5: fp)
;   for reduction(+: total) lastprivate(last) allocate(8: total) allocate(align(32): last)
;   single private(p) allocate(al: p)
define void @region(i64 %al) {
entry:
  %arr = alloca [16 x i32], align 16
  %fp = alloca i64, align 8
  %total = alloca i64, align 8
  %last = alloca i64, align 8
  %i = alloca i32, align 4
  %p = alloca i32, align 4
  %bad = alloca i32, align 4
  store i64 100, ptr %fp
  store i64 0, ptr %total
  store i64 -1, ptr %last
  store i32 0, ptr %bad
  br label %par

par:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %arr, i32 0, i64 16),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %fp, i64 0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %total, i64 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %last, i64 0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %bad, i32 0, i32 1), "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %p, i32 0, i32 1),
      "QUAL.OMP.ALLOCATE"(i64 64, ptr %arr, i64 %al),
      "QUAL.OMP.ALLOCATE"(i64 0, ptr %fp, i64 5) ]
  %f1 = call i1 @from(ptr %arr, i64 %al)
  call void @check(ptr %bad, i1 %f1, i32 0)
  %a1 = call i1 @aligned(ptr %arr, i64 4096)
  call void @check(ptr %bad, i1 %a1, i32 1)
  %f2 = call i1 @from(ptr %fp, i64 5)
  call void @check(ptr %bad, i1 %f2, i32 2)
  %fv = load i64, ptr %fp
  %f3 = icmp eq i64 %fv, 100
  call void @check(ptr %bad, i1 %f3, i32 3)
  %tid = call i32 @omp_get_thread_num()
  %e0 = getelementptr [16 x i32], ptr %arr, i64 0, i64 15
  store i32 %tid, ptr %e0, align 4
  store i64 -5, ptr %fp
  br label %loop

loop:
  %w = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %total, i64 0, i32 1),
      "QUAL.OMP.LASTPRIVATE:TYPED"(ptr %last, i64 0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %i, i32 0, i32 1),
      "QUAL.OMP.ALLOCATE"(i64 0, ptr %total, i64 8),
      "QUAL.OMP.ALLOCATE"(i64 32, ptr %last) ]
  store i32 0, ptr %i
  br label %cond

cond:
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, 1000
  br i1 %more, label %body, label %done

body:
  %f4 = call i1 @from(ptr %total, i64 8)
  call void @check(ptr %bad, i1 %f4, i32 4)
  %f5 = call i1 @from(ptr %last, i64 1)
  call void @check(ptr %bad, i1 %f5, i32 5)
  %a2 = call i1 @aligned(ptr %last, i64 32)
  call void @check(ptr %bad, i1 %a2, i32 6)
  %t0 = load i64, ptr %total
  %ix = sext i32 %iv to i64
  %t1 = add i64 %t0, %ix
  store i64 %t1, ptr %total
  %l = mul i64 %ix, 3
  store i64 %l, ptr %last
  %next = add i32 %iv, 1
  store i32 %next, ptr %i
  br label %cond

done:
  call void @llvm.directive.region.exit(token %w) [ "DIR.OMP.END.LOOP"() ]
  br label %single

single:
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %p, i32 0, i32 1),
      "QUAL.OMP.ALLOCATE"(i64 8, ptr %p, i64 %al) ]
  %f6 = call i1 @from(ptr %p, i64 %al)
  call void @check(ptr %bad, i1 %f6, i32 7)
  store i32 9, ptr %p
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SINGLE"() ]
  ; (The thread's own array copy is still its own.)
  %mine = load i32, ptr %e0, align 4
  %same = icmp eq i32 %mine, %tid
  call void @check(ptr %bad, i1 %same, i32 8)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %fpv = load i64, ptr %fp
  %kept = icmp eq i64 %fpv, 100
  call void @check(ptr %bad, i1 %kept, i32 9)
  %b = load i32, ptr %bad
  %tv = load i64, ptr %total
  %lv = load i64, ptr %last
  call i32 (ptr, ...) @printf(ptr @fmt.region, i32 %b, i64 %tv, i64 %lv)
  ret void
}

; Paper form, icx's older layout (variable[, allocator]) and the new one:
; parallel for firstprivate(arr) reduction(+: sum) allocate(align(128), al: arr) allocate(7: sum)
define void @paper(i64 %al) {
entry:
  %arr = alloca [8 x i64], align 16
  %sum = alloca i64, align 8
  %i = alloca i32, align 4
  %bad = alloca i32, align 4
  store i64 0, ptr %sum
  store i32 0, ptr %bad
  br label %init

init:
  %k = phi i64 [ 0, %entry ], [ %k1, %init ]
  %ek = getelementptr [8 x i64], ptr %arr, i64 0, i64 %k
  store i64 %k, ptr %ek
  %k1 = add i64 %k, 1
  %kd = icmp eq i64 %k1, 8
  br i1 %kd, label %go, label %init

go:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %arr)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %bad)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.ALLOCATE", i64 128, ptr %arr, i64 %al)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.ALLOCATE", ptr %sum, i64 7)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %i
  br label %cond

cond:
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, 100
  br i1 %more, label %body, label %done

body:
  %f1 = call i1 @from(ptr %arr, i64 %al)
  call void @check(ptr %bad, i1 %f1, i32 0)
  %a1 = call i1 @aligned(ptr %arr, i64 4096)
  call void @check(ptr %bad, i1 %a1, i32 1)
  %f2 = call i1 @from(ptr %sum, i64 7)
  call void @check(ptr %bad, i1 %f2, i32 2)
  %r = srem i32 %iv, 8
  %rx = sext i32 %r to i64
  %er = getelementptr [8 x i64], ptr %arr, i64 0, i64 %rx
  %v = load i64, ptr %er
  %s0 = load i64, ptr %sum
  %s1 = add i64 %s0, %v
  store i64 %s1, ptr %sum
  %next = add i32 %iv, 1
  store i32 %next, ptr %i
  br label %cond

done:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %b = load i32, ptr %bad
  %sv = load i64, ptr %sum
  call i32 (ptr, ...) @printf(ptr @fmt.paper, i32 %b, i64 %sv)
  ret void
}

; parallel { scope firstprivate(y) reduction(+: s) allocate(6: y) allocate(al: s) }:
; every thread's y starts as 7, s ends as the team's size.
define void @scope_fn(i64 %al) {
entry:
  %y = alloca i32, align 4
  %s = alloca i64, align 8
  %bad = alloca i32, align 4
  store i32 7, ptr %y
  store i64 0, ptr %s
  store i32 0, ptr %bad
  br label %par

par:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %y, i32 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %s, i64 0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %bad, i32 0, i32 1) ]
  br label %sc

sc:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.SCOPE"(),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %y, i32 0, i32 1),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i64 0, i32 1),
      "QUAL.OMP.ALLOCATE"(i64 4, ptr %y, i64 6),
      "QUAL.OMP.ALLOCATE"(i64 8, ptr %s, i64 %al) ]
  %f1 = call i1 @from(ptr %y, i64 6)
  call void @check(ptr %bad, i1 %f1, i32 0)
  %f2 = call i1 @from(ptr %s, i64 %al)
  call void @check(ptr %bad, i1 %f2, i32 1)
  %yv = load i32, ptr %y
  %y7 = icmp eq i32 %yv, 7
  call void @check(ptr %bad, i1 %y7, i32 2)
  store i32 0, ptr %y
  %s0 = load i64, ptr %s
  %s1 = add i64 %s0, 1
  store i64 %s1, ptr %s
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.SCOPE"() ]
  ; (After the scope's barrier every thread sees the team's total.)
  %n = load i64, ptr %s
  %pos = icmp sgt i64 %n, 0
  call void @check(ptr %bad, i1 %pos, i32 3)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %yk = load i32, ptr %y
  %kept = icmp eq i32 %yk, 7
  call void @check(ptr %bad, i1 %kept, i32 4)
  %b = load i32, ptr %bad
  call i32 (ptr, ...) @printf(ptr @fmt.scope, i32 %b)
  ret void
}

@gd = global [16 x double] zeroinitializer, align 16

; (Shape only: not run.)
define void @nested_global() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.FIRSTPRIVATE"(ptr @gd), "QUAL.OMP.ALLOCATE"(i64 0, ptr @gd, i64 5) ]
  store double -1.0, ptr getelementptr inbounds ([16 x double], ptr @gd, i64 0, i64 2), align 16
  br label %inner
inner:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.FIRSTPRIVATE"(ptr @gd) ]
  %v = load double, ptr getelementptr inbounds ([16 x double], ptr @gd, i64 0, i64 2), align 16
  store double %v, ptr getelementptr inbounds ([16 x double], ptr @gd, i64 0, i64 3), align 8
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.PARALLEL"() ]
  br label %out
out:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}

define void @ctor(ptr %p) {
  store { i32, i32 } { i32 1, i32 2 }, ptr %p
  ret void
}

define void @dtor(ptr %p) {
  store { i32, i32 } zeroinitializer, ptr %p
  ret void
}

; (Shape only: not run.)
define void @nonpod() {
entry:
  %s = alloca { i32, i32 }, align 8
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:NONPOD.TYPED"(ptr %s, { i32, i32 } zeroinitializer, i32 1, ptr @ctor, ptr @dtor),
      "QUAL.OMP.ALLOCATE"(i64 8, ptr %s, i64 3) ]
  %f = getelementptr { i32, i32 }, ptr %s, i64 0, i32 1
  store i32 5, ptr %f
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}

define i32 @main() {
  %al = call i64 @omp_init_allocator(i64 0, i32 1, ptr @traits)
  call void @region(i64 %al)
  call void @paper(i64 %al)
  call void @scope_fn(i64 %al)
  ret i32 0
}
