; Array reductions (a :TYPED item with an element count): each thread's copy
; starts at the operator's identity element by element, and the copies are
; combined element by element (through the runtime's tree or its lock).
; A histogram with +, a running max over floats, a product on i16 and a
; min on unsigned i8. Output at 1-7 threads equals the serial program's.
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
; weft-paropt on its own (weft-prepare inside it) after SROA and EarlyCSE,
; as clang's early-simplification hook runs it: the loop's BEGIN group gets
; a block of its own again after normalization (an invalid-IR internal
; error before), and the program runs right.
; RUN: %opt '-passes=function(sroa,early-cse),weft-paropt' -verify-each %s -o %t.early.bc
; RUN: %clang -O0 -Wno-override-module %t.early.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.early
; RUN: env OMP_NUM_THREADS=4 %t.early | diff %t.expected -
; SERIAL: hist 125 125 125 125 125 125 125 125
; SERIAL-NEXT: max 996.000000 997.000000 998.000000 999.000000
; SERIAL-NEXT: prod 16 243 32
; SERIAL-NEXT: umin 1 0
; SHAPE: define internal void @histo.omp.reduce.init(ptr
; SHAPE: define internal void @histo.omp.reduce.combine(ptr

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fh = private constant [46 x i8] c"hist %lld %lld %lld %lld %lld %lld %lld %lld\0A\00"
@fm = private constant [19 x i8] c"max %f %f %f %f\0A\00\00\00"
@fp = private constant [16 x i8] c"prod %d %d %d\0A\00\00"
@fu = private constant [12 x i8] c"umin %d %d\0A\00"

define void @histo() {
entry:
  %h = alloca [8 x i64]
  %m = alloca [4 x float]
  %p = alloca [3 x i16]
  %u = alloca [2 x i8]
  call void @llvm.memset.p0.i64(ptr %h, i8 0, i64 64, i1 false)
  store [4 x float] [float -1.0e+03, float -1.0e+03, float -1.0e+03, float -1.0e+03], ptr %m
  store [3 x i16] [i16 1, i16 1, i16 -1], ptr %p
  store [2 x i8] [i8 200, i8 250], ptr %u
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %h, i64 0, i32 8),
      "QUAL.OMP.REDUCTION.MAX:TYPED"(ptr %m, float 0.0, i64 4),
      "QUAL.OMP.REDUCTION.MUL:TYPED"(ptr %p, i16 0, i32 3),
      "QUAL.OMP.REDUCTION.MIN:TYPED.UNSIGNED"(ptr %u, i8 0, i32 2),
      "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 5) ]
  br label %cond
cond:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i64 %i, 1000
  br i1 %c, label %body, label %end
body:
  %b = urem i64 %i, 8
  %hp = getelementptr [8 x i64], ptr %h, i64 0, i64 %b
  %hv = load i64, ptr %hp
  %hv1 = add i64 %hv, 1
  store i64 %hv1, ptr %hp
  %mb = urem i64 %i, 4
  %mp = getelementptr [4 x float], ptr %m, i64 0, i64 %mb
  %mv = load float, ptr %mp
  %fi = sitofp i64 %i to float
  %gt = fcmp ogt float %fi, %mv
  %mv1 = select i1 %gt, float %fi, float %mv
  store float %mv1, ptr %mp
  ; products: only the first 10 iterations multiply by 2 (elem 0), by 3
  ; (elem 1, 5 of them) or by -2 (elem 2, 10 of them); others by 1.
  %small = icmp ult i64 %i, 10
  %pb = urem i64 %i, 3
  %pp = getelementptr [3 x i16], ptr %p, i64 0, i64 %pb
  %pv = load i16, ptr %pp
  %f0 = select i1 %small, i16 2, i16 1
  %is1 = icmp eq i64 %pb, 1
  %is2 = icmp eq i64 %pb, 2
  %f1 = select i1 %is1, i16 3, i16 %f0
  %f2 = select i1 %is2, i16 -2, i16 %f1
  %big1 = icmp uge i64 %i, 15
  %f3 = select i1 %big1, i16 1, i16 %f2
  %pv1 = mul i16 %pv, %f3
  store i16 %pv1, ptr %pp
  %ub = urem i64 %i, 2
  %up = getelementptr [2 x i8], ptr %u, i64 0, i64 %ub
  %uv = load i8, ptr %up
  %it = trunc i64 %i to i8
  %ui = add i8 %it, 3
  %lt = icmp ult i8 %ui, %uv
  %uv1 = select i1 %lt, i8 %ui, i8 %uv
  store i8 %uv1, ptr %up
  %i1 = add i64 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  %h0 = load [8 x i64], ptr %h
  %a0 = extractvalue [8 x i64] %h0, 0
  %a1 = extractvalue [8 x i64] %h0, 1
  %a2 = extractvalue [8 x i64] %h0, 2
  %a3 = extractvalue [8 x i64] %h0, 3
  %a4 = extractvalue [8 x i64] %h0, 4
  %a5 = extractvalue [8 x i64] %h0, 5
  %a6 = extractvalue [8 x i64] %h0, 6
  %a7 = extractvalue [8 x i64] %h0, 7
  call i32 (ptr, ...) @printf(ptr @fh, i64 %a0, i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %a5, i64 %a6, i64 %a7)
  %m0 = load [4 x float], ptr %m
  %x0 = extractvalue [4 x float] %m0, 0
  %x1 = extractvalue [4 x float] %m0, 1
  %x2 = extractvalue [4 x float] %m0, 2
  %x3 = extractvalue [4 x float] %m0, 3
  %d0 = fpext float %x0 to double
  %d1 = fpext float %x1 to double
  %d2 = fpext float %x2 to double
  %d3 = fpext float %x3 to double
  call i32 (ptr, ...) @printf(ptr @fm, double %d0, double %d1, double %d2, double %d3)
  %p0 = load [3 x i16], ptr %p
  %q0 = extractvalue [3 x i16] %p0, 0
  %q1 = extractvalue [3 x i16] %p0, 1
  %q2 = extractvalue [3 x i16] %p0, 2
  %r0 = sext i16 %q0 to i32
  %r1 = sext i16 %q1 to i32
  %r2 = sext i16 %q2 to i32
  call i32 (ptr, ...) @printf(ptr @fp, i32 %r0, i32 %r1, i32 %r2)
  %u0 = load [2 x i8], ptr %u
  %v0 = extractvalue [2 x i8] %u0, 0
  %v1 = extractvalue [2 x i8] %u0, 1
  %w0 = zext i8 %v0 to i32
  %w1 = zext i8 %v1 to i32
  call i32 (ptr, ...) @printf(ptr @fu, i32 %w0, i32 %w1)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
  call void @histo()
  ret i32 0
}
