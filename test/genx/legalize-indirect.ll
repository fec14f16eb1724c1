; Variable index: the pieces add constant byte offsets to the index and keep
; the parent width. 16 x i32 from a 64-element vector may touch three GRFs
; wherever %i puts it; 8 elements (32 bytes) cannot. A parent width of 16
; promises the row stays in one 16-element (two-GRF) block: no split then.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s

define internal <16 x i32> @scalar(<64 x i32> %v, i16 %i) {
; CHECK-LABEL: @scalar(
; CHECK-NEXT:    [[P0:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 %i, i32 32)
; CHECK-NEXT:    [[J0:%.*]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> [[P0]], i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    [[I1:%.*]] = add i16 %i, 32
; CHECK-NEXT:    [[P1:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 [[I1]], i32 32)
; CHECK-NEXT:    [[J1:%.*]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> [[J0]], <8 x i32> [[P1]], i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT:    ret <16 x i32> [[J1]]
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %i, i32 32)
  ret <16 x i32> %r
}

define internal <16 x i32> @promise(<64 x i32> %v, i16 %i) {
; CHECK-LABEL: @promise(
; CHECK-NEXT:    %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %i, i32 16)
; CHECK-NEXT:    ret
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %i, i32 16)
  ret <16 x i32> %r
}

; A 2D region with a variable index splits into its rows (a row may cross a GRF).
define internal <8 x float> @rows(<64 x float> %v, i16 %i) {
; CHECK-LABEL: @rows(
; CHECK-NEXT:    call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
; CHECK-NEXT:    call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(
; CHECK-NEXT:    [[I1:%.*]] = add i16 %i, 64
; CHECK-NEXT:    call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v, i32 0, i32 4, i32 1, i16 [[I1]], i32 undef)
; CHECK-NEXT:    call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(
; CHECK-NEXT:    ret
  %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %v, i32 16, i32 4, i32 1, i16 %i, i32 undef)
  ret <8 x float> %r
}

; Multi-indirect: at most 8 elements; 16 rows of width 1 read in two pieces,
; each taking its rows of the offset vector.
define internal <16 x i32> @multi(<64 x i32> %v, <16 x i16> %rows) {
; CHECK-LABEL: @multi(
; CHECK-NEXT:    [[R0:%.*]] = shufflevector <16 x i16> %rows, <16 x i16> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT:    [[P0:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v8i16(<64 x i32> %v, i32 0, i32 1, i32 1, <8 x i16> [[R0]], i32 undef)
; CHECK-NEXT:    call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> [[P0]],
; CHECK-NEXT:    [[R1:%.*]] = shufflevector <16 x i16> %rows, <16 x i16> poison, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
; CHECK-NEXT:    call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v8i16(<64 x i32> %v, i32 0, i32 1, i32 1, <8 x i16> [[R1]], i32 undef)
; CHECK-NEXT:    call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(
; CHECK-NEXT:    ret
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.v16i16(<64 x i32> %v, i32 0, i32 1, i32 1, <16 x i16> %rows, i32 undef)
  ret <16 x i32> %r
}

; A multi-indirect write is done row by row with a scalar index.
define internal <64 x i32> @multi_write(<64 x i32> %old, <4 x i32> %new, <2 x i16> %rows) {
; CHECK-LABEL: @multi_write(
; CHECK-NEXT:    call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %new, i32 0, i32 2, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    [[R0:%.*]] = extractelement <2 x i16> %rows, i32 0
; CHECK-NEXT:    call <64 x i32> @llvm.genx.wrregioni.v64i32.v2i32.i16.i1(<64 x i32> %old, <2 x i32> {{.*}}, i32 0, i32 2, i32 1, i16 [[R0]], i32 undef, i1 true)
; CHECK-NEXT:    call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %new, i32 0, i32 2, i32 1, i16 8, i32 undef)
; CHECK-NEXT:    [[R1:%.*]] = extractelement <2 x i16> %rows, i32 1
; CHECK-NEXT:    call <64 x i32> @llvm.genx.wrregioni.v64i32.v2i32.i16.i1({{.*}}, i16 [[R1]], i32 undef, i1 true)
; CHECK-NEXT:    ret
  %w = call <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.v2i16.i1(<64 x i32> %old, <4 x i32> %new, i32 0, i32 2, i32 1, <2 x i16> %rows, i32 undef, i1 true)
  ret <64 x i32> %w
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.v16i16(<64 x i32>, i32, i32, i32, <16 x i16>, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.v2i16.i1(<64 x i32>, <4 x i32>, i32, i32, i32, <2 x i16>, i32, i1)
