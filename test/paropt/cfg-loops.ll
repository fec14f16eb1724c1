; Worksharing loops written as loops (the paper's form, and the region form
; without NORMALIZED slots): a phi or a local variable in memory (-O0), each
; comparison, a step of either sign, a bound recomputed in the header, a zero
; trip count. weft normalizes them and partitions them; each program's output
; at 1-7 threads equals the serial program's (directives stripped).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
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
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
;
; The serial results, worked out by hand: sum of k*k for k = 3..10000; sum
; of i for i = 100, 97, ..., -47; sum of i for i = 5, 12, ..., 999; a[i] =
; 3i for even i < 64 (sum 3 * 992 = 2976); no iteration; i after the loop.
; SERIAL: phi-slt 333383334995
; SERIAL-NEXT: mem-sgt-sub 1325
; SERIAL-NEXT: mem-ule-hoist 71786
; SERIAL-NEXT: phi-ne 2976
; SERIAL-NEXT: zero 0
; SERIAL-NEXT: lastprivate 103
;
; SHAPE-LABEL: define i64 @phi_slt(
; SHAPE: call void {{.*}}@__kmpc_fork_call(
; SHAPE-LABEL: define internal void @phi_slt.omp_outlined
; SHAPE: call void @__kmpc_for_static_init_8(
; SHAPE-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

@f1 = private constant [17 x i8] c"phi-slt %lld\0A\00\00\00\00"
@f2 = private constant [21 x i8] c"mem-sgt-sub %lld\0A\00\00\00\00"
@f3 = private constant [23 x i8] c"mem-ule-hoist %lld\0A\00\00\00\00"
@f4 = private constant [17 x i8] c"phi-ne %lld\0A\00\00\00\00\00"
@f5 = private constant [15 x i8] c"zero %lld\0A\00\00\00\00\00"
@f6 = private constant [22 x i8] c"lastprivate %lld\0A\00\00\00\00\00"

; Paper form, SSA: for (k = 3; k < 10001; k++) sum += k*k.
define i64 @phi_slt() {
entry:
  %sum = alloca i64
  store i64 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %for.cond
for.cond:
  %k = phi i32 [ 3, %entry ], [ %inc, %for.body ]
  %cmp = icmp slt i32 %k, 10001
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %kw = sext i32 %k to i64
  %sq = mul i64 %kw, %kw
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %sq
  store i64 %s1, ptr %sum
  %inc = add nsw i32 %k, 1
  br label %for.cond
for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i64, ptr %sum
  ret i64 %r
}

; Paper form, -O0 memory form: for (i = 100; i > -50; i -= 3) sum += i,
; dynamic schedule with chunk 4; i is not listed (it becomes private).
define i64 @mem_sgt_sub() {
entry:
  %sum = alloca i64
  %i = alloca i32
  store i64 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 100, ptr %i
  br label %for.cond
for.cond:
  %0 = load i32, ptr %i
  %cmp = icmp sgt i32 %0, -50
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %1 = load i32, ptr %i
  %w = sext i32 %1 to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %w
  store i64 %s1, ptr %sum
  br label %for.inc
for.inc:
  %2 = load i32, ptr %i
  %dec = sub nsw i32 %2, 3
  store i32 %dec, ptr %i
  br label %for.cond
for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i64, ptr %sum
  ret i64 %r
}

; Region form, memory form, unsigned i64: for (i = 5; i <= n; i += 7) with n
; reloaded in the header every iteration (as -O0 does), guided schedule.
define i64 @mem_ule_hoist(i64 %nv) {
entry:
  %sum = alloca i64
  %i = alloca i64
  %n = alloca i64
  store i64 %nv, ptr %n
  store i64 0, ptr %sum
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.REDUCTION.ADD"(ptr %sum),
      "QUAL.OMP.SCHEDULE.GUIDED"(i64 0), "QUAL.OMP.SHARED"(ptr %n) ]
  store i64 5, ptr %i
  br label %for.cond
for.cond:
  %0 = load i64, ptr %i
  %bound = load i64, ptr %n
  %cmp = icmp ule i64 %0, %bound
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %1 = load i64, ptr %i
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %1
  store i64 %s1, ptr %sum
  %2 = load i64, ptr %i
  %add = add i64 %2, 7
  store i64 %add, ptr %i
  br label %for.cond
for.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %sum
  ret i64 %r
}

; Region form, SSA: a worksharing loop in a parallel region,
; for (i = 0; i != 64; i += 2) a[i] = 3*i; then the sum of a.
define i64 @phi_ne() {
entry:
  %a = alloca [64 x i64]
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 512, i1 false)
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %a) ]
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"() ]
  br label %for.cond
for.cond:
  %i = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %cmp = icmp ne i64 %i, 64
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %p = getelementptr [64 x i64], ptr %a, i64 0, i64 %i
  %v = mul i64 %i, 3
  store i64 %v, ptr %p
  %inc = add i64 %i, 2
  br label %for.cond
for.end:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  br label %sum.cond
sum.cond:
  %j = phi i64 [ 0, %for.end ], [ %j1, %sum.body ]
  %acc = phi i64 [ 0, %for.end ], [ %acc1, %sum.body ]
  %c = icmp ult i64 %j, 64
  br i1 %c, label %sum.body, label %sum.end
sum.body:
  %q = getelementptr [64 x i64], ptr %a, i64 0, i64 %j
  %x = load i64, ptr %q
  %acc1 = add i64 %acc, %x
  %j1 = add i64 %j, 1
  br label %sum.cond
sum.end:
  ret i64 %acc
}

; No iteration: for (i = 10; i < 5; i++) sum += 1.
define i64 @zero() {
entry:
  %sum = alloca i64
  store i64 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %for.cond
for.cond:
  %k = phi i32 [ 10, %entry ], [ %inc, %for.body ]
  %cmp = icmp slt i32 %k, 5
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %s = load i64, ptr %sum
  %s1 = add i64 %s, 1
  store i64 %s1, ptr %sum
  %inc = add nsw i32 %k, 1
  br label %for.cond
for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i64, ptr %sum
  ret i64 %r
}

; lastprivate(i), memory form: for (i = 0; i < 101; i += 2); i is 102 after
; the loop, plus 1.
define i64 @lastpriv() {
entry:
  %i = alloca i32
  store i32 -7, ptr %i
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %i)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %i
  br label %for.cond
for.cond:
  %0 = load i32, ptr %i
  %cmp = icmp slt i32 %0, 101
  br i1 %cmp, label %for.body, label %for.end
for.body:
  br label %for.inc
for.inc:
  %1 = load i32, ptr %i
  %add = add nsw i32 %1, 2
  store i32 %add, ptr %i
  br label %for.cond
for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr %i
  %w = add i32 %v, 1
  %r = sext i32 %w to i64
  ret i64 %r
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
  %a = call i64 @phi_slt()
  call i32 (ptr, ...) @printf(ptr @f1, i64 %a)
  %b = call i64 @mem_sgt_sub()
  call i32 (ptr, ...) @printf(ptr @f2, i64 %b)
  %c = call i64 @mem_ule_hoist(i64 999)
  call i32 (ptr, ...) @printf(ptr @f3, i64 %c)
  %d = call i64 @phi_ne()
  call i32 (ptr, ...) @printf(ptr @f4, i64 %d)
  %e = call i64 @zero()
  call i32 (ptr, ...) @printf(ptr @f5, i64 %e)
  %f = call i64 @lastpriv()
  call i32 (ptr, ...) @printf(ptr @f6, i64 %f)
  ret i32 0
}
