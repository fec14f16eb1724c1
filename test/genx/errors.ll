; Bad region calls: a clear error naming the call, the function and the rule,
; from every GenX pass; never a crash, never a silent wrong split.
; RUN: split-file %s %t
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/bounds.ll 2>&1 | FileCheck %s --check-prefix=BOUNDS
; RUN: not %opt -passes=weft-genx-emulate -disable-output %t/bounds.ll 2>&1 | FileCheck %s --check-prefix=BOUNDS
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/bounds.ll 2>&1 | FileCheck %s --check-prefix=BOUNDS
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/width.ll 2>&1 | FileCheck %s --check-prefix=WIDTH
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/zero-width.ll 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/dst-stride.ll 2>&1 | FileCheck %s --check-prefix=DSTSTRIDE
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/i1.ll 2>&1 | FileCheck %s --check-prefix=I1
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/count.ll 2>&1 | FileCheck %s --check-prefix=COUNT
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/type.ll 2>&1 | FileCheck %s --check-prefix=TYPE
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/align.ll 2>&1 | FileCheck %s --check-prefix=ALIGN
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/mask.ll 2>&1 | FileCheck %s --check-prefix=MASK
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/variable-bounds.ll 2>&1 | FileCheck %s --check-prefix=VBOUNDS
; RUN: not %opt -passes=weft-genx-emulate -disable-output %t/unknown.ll 2>&1 | FileCheck %s --check-prefix=UNKNOWN

; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/decl-clash.ll 2>&1 | FileCheck %s --check-prefix=DECL --implicit-check-not='LLVM ERROR' --implicit-check-not='Stack dump'
; RUN: not %opt -passes=weft-genx-legalize -disable-output %t/misspelled.ll 2>&1 | FileCheck %s --check-prefix=NAME
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/misspelled.ll 2>&1 | FileCheck %s --check-prefix=NAME
; RUN: not %opt -passes=weft-genx-emulate -disable-output %t/addsat-i1.ll 2>&1 | FileCheck %s --check-prefix=ADDSAT
; BOUNDS: error: weft: %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 24, i32 undef) in function 'f': region-bounds: the region covers elements 6..=9 of a 8-element vector [rule: genx]
; WIDTH: in function 'f': width: width 3 does not divide the execution size 8 [rule: genx]
; ZERO: in function 'f': width: width 0 must be at least 1 [rule: genx]
; DSTSTRIDE: %w = call <8 x i32> @llvm.genx.wrregioni{{.*}} in function 'f': dst-stride: a wrregion with stride 0 writes one element several times [rule: genx]
; I1: in function 'f': element-type: element type i1 is not a Gen region type (i8, i16, i32, i64, half, float, double)
; COUNT: in function 'f': operand-count: llvm.genx.rdregioni.v4i32.v8i32.i16 takes 6 operands, not 5 [rule: genx]
; TYPE: in function 'f': operand-type: the index must be i16 or a vector of i16, not i32 [rule: genx]
; ALIGN: in function 'f': offset-alignment: byte offset 6 is not a multiple of the 4-byte element size [rule: genx]
; MASK: in function 'f': mask-size: a <4 x i1> mask for a region of 8 elements [rule: genx]
; VBOUNDS: in function 'f': region-bounds: the region spans 15 elements, more than the 8-element vector holds at any index [rule: genx]
; UNKNOWN: in function 'f': not-emulated: llvm.genx.simdcf.goto.v32i1 has no portable definition in weft-genx-emulate [rule: genx]

; DECL: in function 'f': declaration: @llvm.genx.rdregioni.v8i32.v64i32.i16 is already declared as <8 x float> (<64 x float>, i32), not <8 x i32> (<64 x i32>, i32, i32, i32, i16, i32) [rule: genx]
; NAME: in function 'f': region-name: @llvm.genx.wrregion.v30i32.v9i32.i1 is not a region intrinsic
; ADDSAT: in function 'f': operand-type: llvm.genx.uuadd.sat.i1.i1: operands and result must be i8, i16, i32 or i64, not i1 and i1 [rule: genx]

;--- bounds.ll
define internal <4 x i32> @f(<8 x i32> %v) {
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 24, i32 undef)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)

;--- width.ll
define internal <8 x i32> @f(<16 x i32> %v) {
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 4, i32 3, i32 1, i16 0, i32 undef)
  ret <8 x i32> %r
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)

;--- zero-width.ll
define internal <8 x i32> @f(<16 x i32> %v) {
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 4, i32 0, i32 1, i16 0, i32 undef)
  ret <8 x i32> %r
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)

;--- dst-stride.ll
define internal <8 x i32> @f(<8 x i32> %v, <4 x i32> %n) {
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %n, i32 0, i32 4, i32 0, i16 0, i32 undef, i1 true)
  ret <8 x i32> %w
}
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)

;--- i1.ll
define internal <4 x i1> @f(<8 x i1> %v) {
  %r = call <4 x i1> @llvm.genx.rdregioni.v4i1.v8i1.i16(<8 x i1> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i1> %r
}
declare <4 x i1> @llvm.genx.rdregioni.v4i1.v8i1.i16(<8 x i1>, i32, i32, i32, i16, i32)

;--- count.ll
define internal <4 x i32> @f(<8 x i32> %v) {
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 0)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16)

;--- type.ll
define internal <4 x i32> @f(<8 x i32> %v) {
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i32(<8 x i32> %v, i32 0, i32 4, i32 1, i32 0, i32 undef)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i32(<8 x i32>, i32, i32, i32, i32, i32)

;--- align.ll
define internal <4 x i32> @f(<8 x i32> %v) {
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 6, i32 undef)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)

;--- mask.ll
define internal <16 x i32> @f(<16 x i32> %v, <8 x i32> %n, <4 x i1> %m) {
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v4i1(<16 x i32> %v, <8 x i32> %n, i32 0, i32 8, i32 1, i16 0, i32 undef, <4 x i1> %m)
  ret <16 x i32> %w
}
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v4i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <4 x i1>)

;--- variable-bounds.ll
define internal <8 x i32> @f(<8 x i32> %v, i16 %i) {
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 0, i32 8, i32 2, i16 %i, i32 undef)
  ret <8 x i32> %r
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)

;--- unknown.ll
define internal <32 x i1> @f(<32 x i1> %em) {
  %r = call <32 x i1> @llvm.genx.simdcf.goto.v32i1(<32 x i1> %em)
  ret <32 x i1> %r
}
declare <32 x i1> @llvm.genx.simdcf.goto.v32i1(<32 x i1>)

;--- decl-clash.ll
; An unrelated declaration already holds the name legalize needs for a piece.
define internal <16 x i32> @f(<64 x i32> %v) {
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 4, i32 undef)
  ret <16 x i32> %r
}
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x float>, i32)

;--- misspelled.ll
; The old spelling in "LLVM IR for the GenX backend" (no i/f): must not pass as an unrelated intrinsic.
define internal <30 x i32> @f(<30 x i32> %old, <9 x i32> %new) {
  %r = call <30 x i32> @llvm.genx.wrregion.v30i32.v9i32.i1(<30 x i32> %old, <9 x i32> %new, i32 7, i32 3, i32 2, i16 32, i32 undef, i1 true)
  ret <30 x i32> %r
}
declare <30 x i32> @llvm.genx.wrregion.v30i32.v9i32.i1(<30 x i32>, <9 x i32>, i32, i32, i32, i16, i32, i1)

;--- addsat-i1.ll
define internal i1 @f(i1 %x) {
  %r = call i1 @llvm.genx.uuadd.sat.i1.i1(i1 %x, i1 %x)
  ret i1 %r
}
declare i1 @llvm.genx.uuadd.sat.i1.i1(i1, i1)
