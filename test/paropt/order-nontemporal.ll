; Two OpenMP 5.x hints as icx writes them: the order clause's modifiers,
; order(reproducible: concurrent) and order(unconstrained: concurrent)
; (OpenMP 5.1 §2.11.3: "QUAL.OMP.ORDER.CONCURRENT:REPRODUCIBLE"), and
; nontemporal(list) on simd (OpenMP 5.0 §2.9.3.1: "QUAL.OMP.NONTEMPORAL",
; an array or, :PTR_TO_PTR, the pointees of a pointer variable). Both only
; permit: the loops run as without them (a reproducible loop keeps weft's
; static schedule; a non-static one with REPRODUCIBLE is refused,
; test/errors/later-work.test). Both forms. Output at 1-7 threads equals the
; serial program's: a reproducible or unconstrained loop whose iterations
; ran on every thread, or a simd loop that skipped lanes, prints another
; sum; an earlier weft refused each of these loops (unknown modifier or
; clause).
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
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; CHECK: reproducible 4950
; CHECK-NEXT: unconstrained 9900
; CHECK-NEXT: nontemporal 2016 2016
; PRINT: DIRECTIVE: DIR.OMP.PARALLEL.LOOP (llvm.directive.region.entry)
; PRINT: DIRECTIVE: DIR.OMP.GENERICLOOP (llvm.directive)
; PRINT: DIRECTIVE: DIR.OMP.SIMD (llvm.directive.region.entry)

target triple = "x86_64-pc-linux-gnu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@f1 = private constant [17 x i8] c"reproducible %d\0A\00"
@f2 = private constant [18 x i8] c"unconstrained %d\0A\00"
@f3 = private constant [19 x i8] c"nontemporal %d %d\0A\00"
@v = global [64 x i32] zeroinitializer
@w = global [64 x i32] zeroinitializer

; parallel for order(reproducible: concurrent) reduction(+: s), 0..99.
define void @reproducible() {
entry:
  %s = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %iv = alloca i32
  store i32 0, ptr %s
  store i32 0, ptr %lb
  store i32 99, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.ORDER.CONCURRENT:REPRODUCIBLE"(), "QUAL.OMP.SCHEDULE.STATIC"(i32 0),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %sv = load i32, ptr %s
  %sv1 = add i32 %sv, %i
  store i32 %sv1, ptr %s
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @f1, i32 %r)
  ret void
}

; Paper form: parallel { loop order(unconstrained: concurrent) reduction(+: s) }
; over i = 0..99, adding 2i.
define void @unconstrained() {
entry:
  %s = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %iv = alloca i32
  store i32 0, ptr %s
  br label %par
par:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %s)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %lb, ptr %ub, ptr %iv)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %lb
  store i32 99, ptr %ub
  br label %loop
loop:
  call void @llvm.directive(metadata !"DIR.OMP.GENERICLOOP")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.ORDER.CONCURRENT:UNCONSTRAINED")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %s)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %lb)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %l0 = load i32, ptr %lb
  store i32 %l0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %sv = load i32, ptr %s
  %i2 = mul i32 %i, 2
  %sv1 = add i32 %sv, %i2
  store i32 %sv1, ptr %s
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive(metadata !"DIR.OMP.END.GENERICLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %pe
pe:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @f2, i32 %r)
  ret void
}

; simd nontemporal(v, p) (p points to w): v[i] = i, p[i] = i, then both sums.
define void @nontemporal() {
entry:
  %p = alloca ptr
  store ptr @w, ptr %p
  br label %pre
pre:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.NONTEMPORAL"(ptr @v),
      "QUAL.OMP.NONTEMPORAL:PTR_TO_PTR"(ptr %p) ]
  %pw = load ptr, ptr %p
  br label %b
b:
  %i = phi i32 [ 0, %pre ], [ %i1, %b ]
  %vi = getelementptr [64 x i32], ptr @v, i32 0, i32 %i
  store i32 %i, ptr %vi
  %wi = getelementptr i32, ptr %pw, i32 %i
  store i32 %i, ptr %wi
  %i1 = add i32 %i, 1
  %k = icmp slt i32 %i1, 64
  br i1 %k, label %b, label %e
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  br label %sum
sum:
  %j = phi i32 [ 0, %e ], [ %j1, %sum ]
  %a = phi i32 [ 0, %e ], [ %a1, %sum ]
  %c = phi i32 [ 0, %e ], [ %c1, %sum ]
  %vj = getelementptr [64 x i32], ptr @v, i32 0, i32 %j
  %wj = getelementptr [64 x i32], ptr @w, i32 0, i32 %j
  %x = load i32, ptr %vj
  %y = load i32, ptr %wj
  %a1 = add i32 %a, %x
  %c1 = add i32 %c, %y
  %j1 = add i32 %j, 1
  %more = icmp slt i32 %j1, 64
  br i1 %more, label %sum, label %done
done:
  call i32 (ptr, ...) @printf(ptr @f3, i32 %a1, i32 %c1)
  ret void
}

define i32 @main() {
  call void @reproducible()
  call void @unconstrained()
  call void @nontemporal()
  ret i32 0
}
