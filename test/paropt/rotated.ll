; Rotated worksharing loops, as LoopRotate leaves them (tested in the latch,
; maybe behind a guard), as a front end that optimizes before weft may hand
; them over: weft rebuilds each around a counter tested at the top, then
; normalizes and partitions it. A guard inside the region and none, a test
; of the next value and of the current one, a widened IV with LFTR's `eq`
; exit, a second induction variable, a step of -3, a loop of one block, zero
; trips. Each function prints what the serial program prints (directives
; stripped) at 1-7 threads.
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
; RUN: not %opt -passes=weft -disable-output %S/Inputs/rotated-escaping.ll 2>&1 | FileCheck %s --check-prefix=ESCAPE
;
; Worked out by hand: sum of k*k for k = 3..10000; none for [5, 5) and
; [7, 2); sum over i < 1000 of i + (7 + 3i); the positive ones of i = 100,
; 97, ..., -50 (the last test reads -50); a[i] = i*i for i < 64.
; SERIAL: guard 333383334995
; SERIAL-NEXT: guard-empty 0
; SERIAL-NEXT: guard-backwards 0
; SERIAL-NEXT: lftr 2005000
; SERIAL-NEXT: down 1717
; SERIAL-NEXT: one-block 85344
;
; SHAPE-LABEL: define i64 @guard(
; SHAPE: call void {{.*}}@__kmpc_fork_call(
; SHAPE-LABEL: define internal void @guard.omp_outlined
; SHAPE: call void @__kmpc_for_static_init_8(
; SHAPE-NOT: llvm.directive
; ESCAPE: error: weft: DIR.OMP.PARALLEL.LOOP in function 'escaping': cannot count this worksharing loop's iterations: a value the loop computes is used after it (pass it through a variable: lastprivate) [rule: loop-form]

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

@f1 = private constant [13 x i8] c"guard %lld\0A\00\00"
@f2 = private constant [18 x i8] c"guard-empty %lld\0A\00"
@f3 = private constant [22 x i8] c"guard-backwards %lld\0A\00"
@f4 = private constant [11 x i8] c"lftr %lld\0A\00"
@f5 = private constant [11 x i8] c"down %lld\0A\00"
@f6 = private constant [16 x i8] c"one-block %lld\0A\00"

; Region form, guard inside the region: for (k = lo; k < n; k++) sum += k*k.
define i64 @guard(i32 %lo, i32 %n) {
entry:
  %sum = alloca i64
  store i64 0, ptr %sum
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.REDUCTION.ADD"(ptr %sum) ]
  %g = icmp slt i32 %lo, %n
  br i1 %g, label %ph, label %done
ph:
  br label %body
body:
  %k = phi i32 [ %lo, %ph ], [ %k.next, %body ]
  %kw = sext i32 %k to i64
  %sq = mul i64 %kw, %kw
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %sq
  store i64 %s1, ptr %sum
  %k.next = add nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %body, label %exit
exit:
  br label %done
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %sum
  ret i64 %r
}

; Paper form, no guard, widened IV with LFTR's exit test and a second
; induction j = 7 + 3i: sum += i + j for i < 1000, in a parallel region
; with a worksharing loop and dynamic chunks of 7.
define i64 @lftr() {
entry:
  %sum = alloca i64
  store i64 0, ptr %sum
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %sum)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 7)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %body ]
  %j = phi i64 [ 7, %entry ], [ %j.next, %body ]
  %v = add i64 %iv, %j
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %v
  store i64 %s1, ptr %sum
  %iv.next = add nuw nsw i64 %iv, 1
  %j.next = add i64 %j, 3
  %exitcond = icmp eq i64 %iv.next, 1000
  br i1 %exitcond, label %exit, label %body
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i64, ptr %sum
  ret i64 %r
}

; Region form, no guard, step -3, the latch tests the current value:
; do { count++ } while (i-- > -50), i from 100 by 3; guided schedule.
define i64 @down() {
entry:
  %sum = alloca i64
  store i64 0, ptr %sum
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.REDUCTION.ADD"(ptr %sum),
      "QUAL.OMP.SCHEDULE.GUIDED"(i32 2) ]
  br label %body
body:
  %i = phi i32 [ 100, %entry ], [ %i.next, %latch ]
  %c = icmp sgt i32 %i, 0
  br i1 %c, label %pos, label %latch
pos:
  %s = load i64, ptr %sum
  %iw = sext i32 %i to i64
  %s1 = add i64 %s, %iw
  store i64 %s1, ptr %sum
  br label %latch
latch:
  %i.next = sub nsw i32 %i, 3
  %more = icmp sgt i32 %i, -50
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %sum
  ret i64 %r
}

; A loop of one block (header and latch), static chunks of 5: a[i] = i*i,
; then summed serially.
define i64 @one_block() {
entry:
  %a = alloca [64 x i64]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr %a),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 5) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %sq = mul i64 %i, %i
  %p = getelementptr [64 x i64], ptr %a, i64 0, i64 %i
  store i64 %sq, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 64
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  br label %sum
sum:
  %j = phi i64 [ 0, %exit ], [ %j.next, %sum ]
  %acc = phi i64 [ 0, %exit ], [ %acc.next, %sum ]
  %q = getelementptr [64 x i64], ptr %a, i64 0, i64 %j
  %x = load i64, ptr %q
  %acc.next = add i64 %acc, %x
  %j.next = add i64 %j, 1
  %again = icmp ult i64 %j.next, 64
  br i1 %again, label %sum, label %out
out:
  ret i64 %acc.next
}

define i32 @main() {
  %r1 = call i64 @guard(i32 3, i32 10001)
  call i32 (ptr, ...) @printf(ptr @f1, i64 %r1)
  %r2 = call i64 @guard(i32 5, i32 5)
  call i32 (ptr, ...) @printf(ptr @f2, i64 %r2)
  %r3 = call i64 @guard(i32 7, i32 2)
  call i32 (ptr, ...) @printf(ptr @f3, i64 %r3)
  %r4 = call i64 @lftr()
  call i32 (ptr, ...) @printf(ptr @f4, i64 %r4)
  %r5 = call i64 @down()
  call i32 (ptr, ...) @printf(ptr @f5, i64 %r5)
  %r6 = call i64 @one_block()
  call i32 (ptr, ...) @printf(ptr @f6, i64 %r6)
  ret i32 0
}
