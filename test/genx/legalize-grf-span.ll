; At most two GRFs touched: 16 x i32 from element 4 would touch GRFs 0-2, so
; it splits into 8 (elements 4-11, GRFs 0-1) and 8 (elements 12-19, GRFs 1-2).
; From element 0 it is exactly two GRFs and stays.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s

define internal <16 x i32> @misaligned(<32 x i32> %v) {
; CHECK-LABEL: @misaligned(
; CHECK-NEXT:    [[P0:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
; CHECK-NEXT:    [[J0:%.*]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> [[P0]], i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:    [[P1:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 1, i16 48, i32 undef)
; CHECK-NEXT:    [[J1:%.*]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> [[J0]], <8 x i32> [[P1]], i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT:    ret <16 x i32> [[J1]]
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 16, i32 undef)
  ret <16 x i32> %r
}

define internal <16 x i32> @aligned(<32 x i32> %v) {
; CHECK-LABEL: @aligned(
; CHECK-NEXT:    %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    ret
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 0, i32 undef)
  ret <16 x i32> %r
}

; The reference's example: 2 rows of 15 doubles at vstride 16 split into
; 8,4,2,1 and then 4,4,4,2,1: the second row's joins start at element 15 of
; the result, so GRF crossings in the result cut its pieces.
define internal <30 x double> @doubles(<32 x double> %v) {
; CHECK-LABEL: @doubles(
; CHECK:         @llvm.genx.rdregionf.v8f64.v32f64.i16(<32 x double> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v4f64.v32f64.i16(<32 x double> %v, i32 0, i32 4, i32 1, i16 64, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v2f64.v32f64.i16(<32 x double> %v, i32 0, i32 2, i32 1, i16 96, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v1f64.v32f64.i16(<32 x double> %v, i32 0, i32 1, i32 1, i16 112, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v4f64.v32f64.i16(<32 x double> %v, i32 0, i32 4, i32 1, i16 128, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v4f64.v32f64.i16(<32 x double> %v, i32 0, i32 4, i32 1, i16 160, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v4f64.v32f64.i16(<32 x double> %v, i32 0, i32 4, i32 1, i16 192, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v2f64.v32f64.i16(<32 x double> %v, i32 0, i32 2, i32 1, i16 224, i32 undef)
; CHECK:         @llvm.genx.rdregionf.v1f64.v32f64.i16(<32 x double> %v, i32 0, i32 1, i32 1, i16 240, i32 undef)
; CHECK-NOT:     @llvm.genx.rdregionf.v30f64
; CHECK:         ret <30 x double>
  %r = call <30 x double> @llvm.genx.rdregionf.v30f64.v32f64.i16(<32 x double> %v, i32 16, i32 15, i32 1, i16 0, i32 undef)
  ret <30 x double> %r
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <30 x double> @llvm.genx.rdregionf.v30f64.v32f64.i16(<32 x double>, i32, i32, i32, i16, i32)
