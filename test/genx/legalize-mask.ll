; Vector masks split with rdpredregion on predicate boundaries (8 elements,
; 4 for 64-bit ones); where the pieces cannot start on such a boundary the
; old region is read, blended with a select, and written unmasked.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s

define internal <64 x i32> @split(<64 x i32> %old, <32 x i32> %new, <32 x i1> %m) {
; CHECK-LABEL: @split(
; CHECK-NEXT:    [[N0:%.*]] = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %new, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT:    [[M0:%.*]] = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %m, i32 0)
; CHECK-NEXT:    [[W0:%.*]] = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.v16i1(<64 x i32> %old, <16 x i32> [[N0]], i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> [[M0]])
; CHECK-NEXT:    [[N1:%.*]] = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %new, i32 0, i32 16, i32 1, i16 64, i32 undef)
; CHECK-NEXT:    [[M1:%.*]] = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %m, i32 16)
; CHECK-NEXT:    [[W1:%.*]] = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.v16i1(<64 x i32> [[W0]], <16 x i32> [[N1]], i32 0, i32 16, i32 1, i16 64, i32 undef, <16 x i1> [[M1]])
; CHECK-NEXT:    ret <64 x i32> [[W1]]
  %w = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.v32i1(<64 x i32> %old, <32 x i32> %new, i32 0, i32 32, i32 1, i16 0, i32 undef, <32 x i1> %m)
  ret <64 x i32> %w
}

; Stride 4 of i32: pieces of 4 elements would need a predicate at element 4.
define internal <64 x i32> @blend(<64 x i32> %old, <8 x i32> %new, <8 x i1> %m) {
; CHECK-LABEL: @blend(
; CHECK:         call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %old, i32 0, i32 4, i32 4, i16 0, i32 undef)
; CHECK:         call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %old, i32 0, i32 4, i32 4, i16 64, i32 undef)
; CHECK:         [[B:%.*]] = select <8 x i1> %m, <8 x i32> %new, <8 x i32>
; CHECK:         call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> [[B]], i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK:         call <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.i16.i1(<64 x i32> %old, {{.*}}, i32 0, i32 4, i32 4, i16 0, i32 undef, i1 true)
; CHECK:         call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> [[B]], i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK:         call <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.i16.i1({{.*}}, i32 0, i32 4, i32 4, i16 64, i32 undef, i1 true)
; CHECK-NOT:     rdpredregion
; CHECK:         ret
  %w = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.v8i1(<64 x i32> %old, <8 x i32> %new, i32 0, i32 8, i32 4, i16 0, i32 undef, <8 x i1> %m)
  ret <64 x i32> %w
}

; Predicate regions wider than 32 bits split into 32-bit pieces.
define internal <64 x i1> @pred(<128 x i1> %p) {
; CHECK-LABEL: @pred(
; CHECK-NEXT:    [[A:%.*]] = call <32 x i1> @llvm.genx.rdpredregion.v32i1.v128i1(<128 x i1> %p, i32 64)
; CHECK-NEXT:    [[J:%.*]] = call <64 x i1> @llvm.genx.wrpredregion.v64i1.v32i1(<64 x i1> undef, <32 x i1> [[A]], i32 0)
; CHECK-NEXT:    [[B:%.*]] = call <32 x i1> @llvm.genx.rdpredregion.v32i1.v128i1(<128 x i1> %p, i32 96)
; CHECK-NEXT:    [[K:%.*]] = call <64 x i1> @llvm.genx.wrpredregion.v64i1.v32i1(<64 x i1> [[J]], <32 x i1> [[B]], i32 32)
; CHECK-NEXT:    ret <64 x i1> [[K]]
  %r = call <64 x i1> @llvm.genx.rdpredregion.v64i1.v128i1(<128 x i1> %p, i32 64)
  ret <64 x i1> %r
}

declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.v32i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, <32 x i1>)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.v8i1(<64 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <64 x i1> @llvm.genx.rdpredregion.v64i1.v128i1(<128 x i1>, i32)
