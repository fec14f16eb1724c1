; ordered: a loop with the ORDERED clause runs its ordered region in the
; order of the iterations, whatever thread runs them. The region folds each
; iteration's value into an order-sensitive hash (h = h * 31 + i), so any
; other order prints another number. Static (the ordered static kind, through
; dispatch), dynamic with a chunk, and a loop written as a loop. Output at
; 1-7 threads equals the serial program's.
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
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: not %opt -passes=weft -disable-output %S/Inputs/ordered-unordered-loop.ll 2>&1 | FileCheck %s --check-prefix=NOCLAUSE
; SERIAL: static {{-?[0-9]+}}
; SERIAL-NEXT: dynamic {{-?[0-9]+}}
; SERIAL-NEXT: cfg {{-?[0-9]+}}
; SHAPE-LABEL: define internal void @ord_static.omp_outlined
; SHAPE: call void @__kmpc_dispatch_init_4(ptr @{{.*}}, i32 %{{.*}}, i32 66,
; SHAPE: call void @__kmpc_ordered(
; SHAPE: call void @__kmpc_end_ordered(
; SHAPE: call void @__kmpc_dispatch_fini_4(
; NOCLAUSE: error: weft: DIR.OMP.ORDERED in function 'f'{{.*}}: an ordered region must be closely nested in a worksharing loop with the ORDERED clause [rule: clause-not-allowed]

target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fs = private constant [15 x i8] c"static %lld\0A\00\00\00"
@fd = private constant [16 x i8] c"dynamic %lld\0A\00\00\00"
@fc = private constant [12 x i8] c"cfg %lld\0A\00\00\00"
@work = global [200 x i64] zeroinitializer

; Region form, normalized: i = 0 .. 199, schedule(static), ordered.
define i64 @ord_static() {
entry:
  %h = alloca i64
  %iv = alloca i32
  %ub = alloca i32
  store i64 7, ptr %h
  store i32 199, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.ORDERED"(i32 0),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub), "QUAL.OMP.SHARED"(ptr %h) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %i, %u
  br i1 %c, label %body, label %end
body:
  %iw = sext i32 %i to i64
  %p = getelementptr [200 x i64], ptr @work, i64 0, i64 %iw
  %sq = mul i64 %iw, %iw
  store i64 %sq, ptr %p
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"() ]
  %h0 = load i64, ptr %h
  %h1 = mul i64 %h0, 31
  %h2 = add i64 %h1, %iw
  store i64 %h2, ptr %h
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %r = load i64, ptr %h
  ret i64 %r
}

; Paper form, a loop written as a loop: for (i = 300; i > 0; i -= 2),
; schedule(dynamic, 3), ordered.
define i64 @ord_dynamic() {
entry:
  %h = alloca i64
  store i64 3, ptr %h
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.ORDERED", i32 0)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 3)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %h)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %cond
cond:
  %i = phi i64 [ 300, %entry ], [ %i1, %latch ]
  %c = icmp sgt i64 %i, 0
  br i1 %c, label %body, label %end
body:
  call void @llvm.directive(metadata !"DIR.OMP.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %h0 = load i64, ptr %h
  %h1 = mul i64 %h0, 31
  %h2 = add i64 %h1, %i
  store i64 %h2, ptr %h
  call void @llvm.directive(metadata !"DIR.OMP.END.ORDERED")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %latch
latch:
  %i1 = sub i64 %i, 2
  br label %cond
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r = load i64, ptr %h
  ret i64 %r
}

; A worksharing loop in a parallel region, -O0 memory form, guided, ordered.
define i64 @ord_cfg() {
entry:
  %h = alloca i64
  %i = alloca i32
  store i64 11, ptr %h
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %h) ]
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.ORDERED"(i32 0),
      "QUAL.OMP.SCHEDULE.GUIDED"(i32 0) ]
  store i32 5, ptr %i
  br label %cond
cond:
  %0 = load i32, ptr %i
  %c = icmp sle i32 %0, 150
  br i1 %c, label %body, label %end
body:
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"() ]
  %1 = load i32, ptr %i
  %iw = sext i32 %1 to i64
  %h0 = load i64, ptr %h
  %h1 = mul i64 %h0, 31
  %h2 = add i64 %h1, %iw
  store i64 %h2, ptr %h
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  br label %inc
inc:
  %2 = load i32, ptr %i
  %3 = add i32 %2, 1
  store i32 %3, ptr %i
  br label %cond
end:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r = load i64, ptr %h
  ret i64 %r
}

define i32 @main() {
  %a = call i64 @ord_static()
  call i32 (ptr, ...) @printf(ptr @fs, i64 %a)
  %b = call i64 @ord_dynamic()
  call i32 (ptr, ...) @printf(ptr @fd, i64 %b)
  %c = call i64 @ord_cfg()
  call i32 (ptr, ...) @printf(ptr @fc, i64 %c)
  ret i32 0
}
