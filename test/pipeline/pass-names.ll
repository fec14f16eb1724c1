; Every weft pass name parses, composes with LLVM's own, and runs on a
; directive-free module without changing it.
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; PRINT: W-Region graph for function 'f':
; PRINT-NEXT: (no W-Regions)
;
; RUN: %opt -passes='weft-prepare,weft-paropt,weft-vectorize,weft-cleanup' -S %s | FileCheck %s
; RUN: %opt -passes='weft-genx-legalize,weft-genx-verify' -S %s | FileCheck %s
; RUN: %opt -passes='weft-genx-legalize<grf=64;simd=16>' -S %s | FileCheck %s
; RUN: %opt -passes='weft-genx-emulate' -S %s | FileCheck %s
; RUN: %opt -passes='function(instcombine),weft,function(simplifycfg)' -S %s | FileCheck %s
; RUN: %opt -passes='weft,print<wregions>,weft-cleanup,globaldce' -S %s | FileCheck %s
; CHECK: define i32 @f(i32 %x)
; CHECK-NEXT: %y = add i32 %x, 1
;
; Bad parameters are refused with a reason.
; RUN: not %opt -passes='weft-genx-legalize<grf=48>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADP
; BADP: weft: invalid parameters in 'weft-genx-legalize<grf=48>': grf must be 32 or 64 bytes, got 48
; RUN: not %opt -passes='weft-genx-legalize<lanes=8>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADK
; BADK: unknown parameter 'lanes' (expected grf, simd)

define i32 @f(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
