; Horizontal stride: a destination allows 1, 2 or 4. A stride-8 write of 4
; x i16 becomes four single-element writes (each fed by an rdregion of the
; new value); a stride-8 source is legal (encoded as width-1 rows), a
; stride-3 source is not a power of two and is read element by element.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s

define internal <64 x i16> @dst_stride8(<64 x i16> %old, <4 x i16> %new) {
; CHECK-LABEL: @dst_stride8(
; CHECK-NEXT:    [[N0:%.*]] = call <1 x i16> @llvm.genx.rdregioni.v1i16.v4i16.i16(<4 x i16> %new, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    [[W0:%.*]] = call <64 x i16> @llvm.genx.wrregioni.v64i16.v1i16.i16.i1(<64 x i16> %old, <1 x i16> [[N0]], i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    [[N1:%.*]] = call <1 x i16> @llvm.genx.rdregioni.v1i16.v4i16.i16(<4 x i16> %new, i32 0, i32 1, i32 1, i16 2, i32 undef)
; CHECK-NEXT:    [[W1:%.*]] = call <64 x i16> @llvm.genx.wrregioni.v64i16.v1i16.i16.i1(<64 x i16> [[W0]], <1 x i16> [[N1]], i32 0, i32 1, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT:    [[N2:%.*]] = call <1 x i16> @llvm.genx.rdregioni.v1i16.v4i16.i16(<4 x i16> %new, i32 0, i32 1, i32 1, i16 4, i32 undef)
; CHECK-NEXT:    [[W2:%.*]] = call <64 x i16> @llvm.genx.wrregioni.v64i16.v1i16.i16.i1(<64 x i16> [[W1]], <1 x i16> [[N2]], i32 0, i32 1, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT:    [[N3:%.*]] = call <1 x i16> @llvm.genx.rdregioni.v1i16.v4i16.i16(<4 x i16> %new, i32 0, i32 1, i32 1, i16 6, i32 undef)
; CHECK-NEXT:    [[W3:%.*]] = call <64 x i16> @llvm.genx.wrregioni.v64i16.v1i16.i16.i1(<64 x i16> [[W2]], <1 x i16> [[N3]], i32 0, i32 1, i32 1, i16 48, i32 undef, i1 true)
; CHECK-NEXT:    ret <64 x i16> [[W3]]
  %w = call <64 x i16> @llvm.genx.wrregioni.v64i16.v4i16.i16.i1(<64 x i16> %old, <4 x i16> %new, i32 0, i32 4, i32 8, i16 0, i32 undef, i1 true)
  ret <64 x i16> %w
}

define internal <64 x i16> @dst_stride4(<64 x i16> %old, <4 x i16> %new) {
; CHECK-LABEL: @dst_stride4(
; CHECK-NEXT:    %w = call <64 x i16> @llvm.genx.wrregioni.v64i16.v4i16.i16.i1(<64 x i16> %old, <4 x i16> %new, i32 0, i32 4, i32 4, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    ret
  %w = call <64 x i16> @llvm.genx.wrregioni.v64i16.v4i16.i16.i1(<64 x i16> %old, <4 x i16> %new, i32 0, i32 4, i32 4, i16 0, i32 undef, i1 true)
  ret <64 x i16> %w
}

define internal <4 x i16> @src_stride8(<64 x i16> %v) {
; CHECK-LABEL: @src_stride8(
; CHECK-NEXT:    %r = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %v, i32 0, i32 4, i32 8, i16 0, i32 undef)
; CHECK-NEXT:    ret
  %r = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %v, i32 0, i32 4, i32 8, i16 0, i32 undef)
  ret <4 x i16> %r
}

define internal <2 x i16> @src_stride3(<64 x i16> %v) {
; CHECK-LABEL: @src_stride3(
; CHECK-NEXT:    call <1 x i16> @llvm.genx.rdregioni.v1i16.v64i16.i16(<64 x i16> %v, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    call <2 x i16> @llvm.genx.wrregioni.v2i16.v1i16.i16.i1(<2 x i16> undef,
; CHECK-NEXT:    call <1 x i16> @llvm.genx.rdregioni.v1i16.v64i16.i16(<64 x i16> %v, i32 0, i32 1, i32 1, i16 6, i32 undef)
; CHECK-NEXT:    call <2 x i16> @llvm.genx.wrregioni.v2i16.v1i16.i16.i1(
; CHECK-NEXT:    ret
  %r = call <2 x i16> @llvm.genx.rdregioni.v2i16.v64i16.i16(<64 x i16> %v, i32 0, i32 2, i32 3, i16 0, i32 undef)
  ret <2 x i16> %r
}

declare <64 x i16> @llvm.genx.wrregioni.v64i16.v4i16.i16.i1(<64 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <2 x i16> @llvm.genx.rdregioni.v2i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
