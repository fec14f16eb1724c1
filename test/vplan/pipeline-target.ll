; The cost model's target comes from the pass pipeline (TargetIRAnalysis, as
; LoopVectorize gets it): this module has a triple and a data layout but no
; target-cpu or target-features attributes (as other front ends, MLIR output
; and hand-written IR come). For each target weft's VF for @add is the one
; LoopVectorize picks for the same loop (the module with its directives
; stripped): 4 for baseline x86-64 (SSE2), 8 with AVX2. @div's i32 division
; under a mask runs through f64 vectors with AVX2 (8 lanes), lane by lane
; without it. opt copies -mcpu and -mattr into the functions' attributes;
; clang does not for IR input, so there -march reaches weft only through
; the pipeline's TargetTransformInfo.
;
; opt -mcpu / -mattr:
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %opt -mcpu=x86-64 -passes=loop-vectorize -pass-remarks=loop-vectorize -disable-output %t.serial.bc 2> %t.sse
; RUN: %opt -mcpu=x86-64 -passes=weft -pass-remarks=weft -disable-output %s 2>> %t.sse
; RUN: FileCheck %s --check-prefix=SSE < %t.sse
; RUN: %opt -mcpu=x86-64-v3 -passes=loop-vectorize -pass-remarks=loop-vectorize -disable-output %t.serial.bc 2> %t.avx2
; RUN: %opt -mcpu=x86-64-v3 -passes=weft -pass-remarks=weft -disable-output %s 2>> %t.avx2
; RUN: FileCheck %s --check-prefix=AVX2 < %t.avx2
; RUN: %opt -mattr=+avx2 -passes=loop-vectorize -pass-remarks=loop-vectorize -disable-output %t.serial.bc 2> %t.mattr
; RUN: %opt -mattr=+avx2 -passes=weft -pass-remarks=weft -disable-output %s 2>> %t.mattr
; RUN: FileCheck %s --check-prefix=AVX2 < %t.mattr
; RUN: %opt -mcpu=x86-64-v3 -passes=weft -S %s | FileCheck %s --check-prefix=IR
;
; clang -march on the same attribute-less IR, LoopVectorize's choice and
; weft's read from the optimization records (clang prints no remarks for IR
; input):
; RUN: %clang -O2 -march=x86-64-v3 -Wno-override-module -c %t.serial.bc -o /dev/null \
; RUN:   -fsave-optimization-record -foptimization-record-file=%t.lv.yaml
; RUN: %clang -O2 -march=x86-64-v3 -Wno-override-module -c %s -o /dev/null \
; RUN:   -fsave-optimization-record -foptimization-record-file=%t.weft.yaml
; RUN: cat %t.lv.yaml %t.weft.yaml | FileCheck %s --check-prefix=CLANG
; RUN: %clang -O2 -march=x86-64 -Wno-override-module -c %t.serial.bc -o /dev/null \
; RUN:   -fsave-optimization-record -foptimization-record-file=%t.lv-sse.yaml
; RUN: %clang -O2 -march=x86-64 -Wno-override-module -c %s -o /dev/null \
; RUN:   -fsave-optimization-record -foptimization-record-file=%t.weft-sse.yaml
; RUN: cat %t.lv-sse.yaml %t.weft-sse.yaml | FileCheck %s --check-prefix=CLANG-SSE
;
; SSE:  vectorized loop (vectorization width: [[VF:4]],
; SSE:  in function 'add' vectorized with VF [[VF]] and
; SSE:  in function 'div' vectorized with VF 4 {{.*}} i32 the active lanes only, one by one
;
; AVX2: vectorized loop (vectorization width: [[VF:8]],
; AVX2: in function 'add' vectorized with VF [[VF]] and
; AVX2: in function 'div' vectorized with VF 8 {{.*}} i32 through f64 vectors
;
; IR-LABEL: define void @add(
; IR:         load <8 x i32>
; IR-LABEL: define void @div(
; IR:         fdiv <8 x double>
;
; CLANG:      Pass: loop-vectorize
; CLANG:      Function: add
; CLANG:      VectorizationFactor: '[[VF:8]]'
; CLANG:      in function ''add'' vectorized with VF [[VF]] and
; CLANG:      in function ''div'' vectorized with VF 8 {{.*}} i32 through f64 vectors
;
; CLANG-SSE:  Pass: loop-vectorize
; CLANG-SSE:  Function: add
; CLANG-SSE:  VectorizationFactor: '[[VF:4]]'
; CLANG-SSE:  in function ''add'' vectorized with VF [[VF]] and

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

; for (k = 0; k < 1000; k++) a[k] += b[k];
define void @add(ptr noalias %a, ptr noalias %b) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  br label %body
body:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %k
  %pb = getelementptr inbounds i32, ptr %b, i64 %k
  %x = load i32, ptr %pa
  %y = load i32, ptr %pb
  %s = add i32 %x, %y
  store i32 %s, ptr %pa
  %k1 = add nuw i64 %k, 1
  %done = icmp eq i64 %k1, 1000
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

; for (k = 0; k < 1001; k++) { y = a[k]; if (y > m) y = m / y; a[k] = k + y; }
define void @div(ptr %a, i32 %m) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  br label %body
body:
  %k = phi i64 [ 0, %entry ], [ %k1, %join ]
  %p = getelementptr inbounds i32, ptr %a, i64 %k
  %y = load i32, ptr %p
  %c = icmp sgt i32 %y, %m
  br i1 %c, label %then, label %join
then:
  %d = sdiv i32 %m, %y
  br label %join
join:
  %y2 = phi i32 [ %d, %then ], [ %y, %body ]
  %k32 = trunc i64 %k to i32
  %s = add i32 %k32, %y2
  store i32 %s, ptr %p
  %k1 = add nuw i64 %k, 1
  %done = icmp eq i64 %k1, 1001
  br i1 %done, label %exit, label %body
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
