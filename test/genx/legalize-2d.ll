; 2D regions: a source may be 2D with a power-of-two width of at most 16 and
; splits on row boundaries into pieces of whole rows; a row that is not a
; legal width splits within the row. A destination is never 2D: a 2D
; wrregion becomes one 1D write per row.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s

; 4 rows of 4 x i32 at vstride 8 span 28 elements (3.5 GRFs): two pieces of
; two whole rows each, still 2D (vstride 8, width 4).
define internal <16 x i32> @rows(<32 x i32> %v) {
; CHECK-LABEL: @rows(
; CHECK-NEXT:    [[P0:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 8, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    [[J0:%.*]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> [[P0]], i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    [[P1:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 8, i32 4, i32 1, i16 64, i32 undef)
; CHECK-NEXT:    [[J1:%.*]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> [[J0]], <8 x i32> [[P1]], i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT:    ret <16 x i32> [[J1]]
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 8, i32 4, i32 1, i16 0, i32 undef)
  ret <16 x i32> %r
}

; Width 12 is not a power of two: each row splits 8 + 4.
define internal <24 x i16> @width12(<64 x i16> %v) {
; CHECK-LABEL: @width12(
; CHECK-NEXT:    call <8 x i16> @llvm.genx.rdregioni.v8i16.v64i16.i16(<64 x i16> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    call <24 x i16> @llvm.genx.wrregioni.v24i16.v8i16.i16.i1(<24 x i16> undef, {{.*}}, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT:    call <24 x i16> @llvm.genx.wrregioni.v24i16.v4i16.i16.i1({{.*}}, i16 16, i32 undef, i1 true)
; CHECK-NEXT:    call <8 x i16> @llvm.genx.rdregioni.v8i16.v64i16.i16(<64 x i16> %v, i32 0, i32 8, i32 1, i16 32, i32 undef)
; CHECK-NEXT:    call <24 x i16> @llvm.genx.wrregioni.v24i16.v8i16.i16.i1({{.*}}, i16 24, i32 undef, i1 true)
; CHECK-NEXT:    call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %v, i32 0, i32 4, i32 1, i16 48, i32 undef)
; CHECK-NEXT:    call <24 x i16> @llvm.genx.wrregioni.v24i16.v4i16.i16.i1({{.*}}, i16 40, i32 undef, i1 true)
; CHECK-NEXT:    ret
  %r = call <24 x i16> @llvm.genx.rdregioni.v24i16.v64i16.i16(<64 x i16> %v, i32 16, i32 12, i32 1, i16 0, i32 undef)
  ret <24 x i16> %r
}

; A 2D destination (2 rows of 4 at vstride 8) becomes two 1D row writes.
define internal <32 x float> @dst2d(<32 x float> %old, <8 x float> %new) {
; CHECK-LABEL: @dst2d(
; CHECK-NEXT:    [[N0:%.*]] = call <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float> %new, i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    [[W0:%.*]] = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> %old, <4 x float> [[N0]], i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    [[N1:%.*]] = call <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float> %new, i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT:    [[W1:%.*]] = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> [[W0]], <4 x float> [[N1]], i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT:    ret <32 x float> [[W1]]
  %w = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %old, <8 x float> %new, i32 8, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <32 x float> %w
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <24 x i16> @llvm.genx.rdregioni.v24i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
