; collapse(n) of loops written as loops: the nest becomes one counter over
; all its iterations, each level's variable computed from it. 2 deep with
; memory variables (-O0 form, bounds reloaded in the headers), 3 deep with
; phis and a downward middle loop, a zero-trip inner loop, and dynamic and
; static schedules. Output at 1-7 threads equals the serial program's.
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
; RUN: not %opt -passes=weft -disable-output %S/Inputs/collapse-imperfect.ll 2>&1 | FileCheck %s --check-prefix=IMPERFECT
;
; mem2: i = 0..9, j = 3..<20 step 4 (5 values): 50 iterations, sum of
; i*100+j and the lastprivate j (23). phi3: i = 0..3, j = 5 down to >0 by 2
; (5,3,1), k = 0..6: 84 iterations. zero: the inner loop runs no iteration.
; SERIAL: mem2 50 23050 23
; SERIAL-NEXT: phi3 84 1285452
; SERIAL-NEXT: zero 0
; SERIAL-NEXT: icx 50 23050
; SHAPE-LABEL: define internal void @mem2.omp_outlined
; SHAPE: udiv i64
; SHAPE: urem i64
; IMPERFECT: error: weft: DIR.OMP.PARALLEL.LOOP in function 'imperfect'{{.*}}: cannot count this worksharing loop's iterations: the collapsed loops are not perfectly nested (code between them) [rule: loop-form]

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@f1 = private constant [23 x i8] c"mem2 %lld %lld %d\0A\00\00\00\00\00"
@f2 = private constant [20 x i8] c"phi3 %lld %lld\0A\00\00\00\00\00"
@f3 = private constant [15 x i8] c"zero %lld\0A\00\00\00\00\00"
@f4 = private constant [15 x i8] c"icx %lld %lld\0A\00"

define void @mem2() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %i = alloca i32
  %j = alloca i32
  %n = alloca i32
  %m = alloca i32
  store i32 10, ptr %n
  store i32 20, ptr %m
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  store i32 -1, ptr %j
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %cnt, ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %j)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %i
  br label %i.cond
i.cond:
  %0 = load i32, ptr %i
  %1 = load i32, ptr %n
  %c0 = icmp slt i32 %0, %1
  br i1 %c0, label %i.body, label %i.end
i.body:
  store i32 3, ptr %j
  br label %j.cond
j.cond:
  %2 = load i32, ptr %j
  %3 = load i32, ptr %m
  %c1 = icmp slt i32 %2, %3
  br i1 %c1, label %j.body, label %j.end
j.body:
  %4 = load i32, ptr %i
  %5 = load i32, ptr %j
  %i100 = mul i32 %4, 100
  %v = add i32 %i100, %5
  %vw = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c2 = add i64 %c, 1
  store i64 %c2, ptr %cnt
  br label %j.inc
j.inc:
  %6 = load i32, ptr %j
  %j4 = add nsw i32 %6, 4
  store i32 %j4, ptr %j
  br label %j.cond
j.end:
  br label %i.inc
i.inc:
  %7 = load i32, ptr %i
  %i1 = add nsw i32 %7, 1
  store i32 %i1, ptr %i
  br label %i.cond
i.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  %rj = load i32, ptr %j
  call i32 (ptr, ...) @printf(ptr @f1, i64 %rc, i64 %rs, i32 %rj)
  ret void
}

define void @phi3() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 3),
      "QUAL.OMP.REDUCTION.ADD"(ptr %cnt), "QUAL.OMP.REDUCTION.ADD"(ptr %sum) ]
  br label %a.cond
a.cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %a.latch ]
  %ca = icmp sle i64 %i, 3
  br i1 %ca, label %a.body, label %a.end
a.body:
  br label %b.cond
b.cond:
  %j = phi i32 [ 5, %a.body ], [ %j1, %b.latch ]
  %cb = icmp sgt i32 %j, 0
  br i1 %cb, label %b.body, label %a.latch
b.body:
  br label %c.cond
c.cond:
  %k = phi i64 [ 0, %b.body ], [ %k1, %c.body ]
  %cc = icmp ult i64 %k, 7
  br i1 %cc, label %c.body, label %b.latch
c.body:
  %jw = sext i32 %j to i64
  %x = mul i64 %i, 10000
  %y = mul i64 %jw, 100
  %xy = add i64 %x, %y
  %v = add i64 %xy, %k
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %v
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cnt
  %k1 = add i64 %k, 1
  br label %c.cond
b.latch:
  %j1 = sub i32 %j, 2
  br label %b.cond
a.latch:
  %i1 = add i64 %i, 1
  br label %a.cond
a.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  call i32 (ptr, ...) @printf(ptr @f2, i64 %rc, i64 %rs)
  ret void
}

define void @zero() {
entry:
  %cnt = alloca i64
  store i64 0, ptr %cnt
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2),
      "QUAL.OMP.REDUCTION.ADD"(ptr %cnt) ]
  br label %a.cond
a.cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %a.latch ]
  %ca = icmp slt i32 %i, 100
  br i1 %ca, label %a.body, label %a.end
a.body:
  br label %b.cond
b.cond:
  %j = phi i32 [ 7, %a.body ], [ %j1, %b.body ]
  %cb = icmp slt i32 %j, 7
  br i1 %cb, label %b.body, label %a.latch
b.body:
  %c = load i64, ptr %cnt
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cnt
  %j1 = add i32 %j, 1
  br label %b.cond
a.latch:
  %i1 = add i32 %i, 1
  br label %a.cond
a.end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %rc = load i64, ptr %cnt
  call i32 (ptr, ...) @printf(ptr @f3, i64 %rc)
  ret void
}

; icx's form of collapse(2): one NORMALIZED pair per level, the loop
; variables (private) recomputed from the counters; the same nest as mem2.
define void @icx2() {
entry:
  %cnt = alloca i64
  %sum = alloca i64
  %iv1 = alloca i32
  %ub1 = alloca i32
  %iv2 = alloca i32
  %ub2 = alloca i32
  %i = alloca i32
  %j = alloca i32
  store i64 0, ptr %cnt
  store i64 0, ptr %sum
  store i32 9, ptr %ub1
  store i32 4, ptr %ub2
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv1, ptr %iv2), "QUAL.OMP.NORMALIZED.UB"(ptr %ub1, ptr %ub2),
      "QUAL.OMP.PRIVATE"(ptr %i, ptr %j), "QUAL.OMP.REDUCTION.ADD"(ptr %cnt, ptr %sum),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 2) ]
  store i32 0, ptr %iv1
  br label %o.cond
o.cond:
  %a = load i32, ptr %iv1
  %ua = load i32, ptr %ub1
  %ca = icmp sle i32 %a, %ua
  br i1 %ca, label %o.body, label %end
o.body:
  %a2 = load i32, ptr %iv1
  store i32 %a2, ptr %i
  store i32 0, ptr %iv2
  br label %i.cond
i.cond:
  %b = load i32, ptr %iv2
  %ub = load i32, ptr %ub2
  %cb = icmp sle i32 %b, %ub
  br i1 %cb, label %i.body, label %o.latch
i.body:
  %b2 = load i32, ptr %iv2
  %b4 = mul i32 %b2, 4
  %jv = add i32 %b4, 3
  store i32 %jv, ptr %j
  %iv = load i32, ptr %i
  %i100 = mul i32 %iv, 100
  %jj = load i32, ptr %j
  %v = add i32 %i100, %jj
  %vw = sext i32 %v to i64
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %vw
  store i64 %s1, ptr %sum
  %c = load i64, ptr %cnt
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cnt
  %b3 = load i32, ptr %iv2
  %bn = add i32 %b3, 1
  store i32 %bn, ptr %iv2
  br label %i.cond
o.latch:
  %a3 = load i32, ptr %iv1
  %an = add i32 %a3, 1
  store i32 %an, ptr %iv1
  br label %o.cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %rc = load i64, ptr %cnt
  %rs = load i64, ptr %sum
  call i32 (ptr, ...) @printf(ptr @f4, i64 %rc, i64 %rs)
  ret void
}

define i32 @main() {
  call void @mem2()
  call void @phi3()
  call void @zero()
  call void @icx2()
  ret i32 0
}
