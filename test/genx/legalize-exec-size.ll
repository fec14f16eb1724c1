; Execution size: a 32 x i32 read is 128 bytes, more than two 32-byte GRFs:
; it splits into two 16-element pieces joined into the result. With 64-byte
; GRFs it is already legal and stays as it is.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s --check-prefix=GRF32
; RUN: %opt -passes='weft-genx-legalize<grf=64>' -S %s | FileCheck %s --check-prefix=GRF64
; And SIMD16 limits 32 x i8 (32 bytes) to 16 elements a piece.
; RUN: %opt -passes='weft-genx-legalize<grf=64;simd=16>' -S %s | FileCheck %s --check-prefix=SIMD16

define internal <32 x i32> @exec32(<32 x i32> %v) {
; GRF32-LABEL: @exec32(
; GRF32-NEXT:    [[P0:%.*]] = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 0, i32 undef)
; GRF32-NEXT:    [[J0:%.*]] = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> [[P0]], i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
; GRF32-NEXT:    [[P1:%.*]] = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 64, i32 undef)
; GRF32-NEXT:    [[J1:%.*]] = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> [[J0]], <16 x i32> [[P1]], i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
; GRF32-NEXT:    ret <32 x i32> [[J1]]
; GRF64-LABEL: @exec32(
; GRF64-NEXT:    %r = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32> %v, i32 0, i32 32, i32 1, i16 0, i32 undef)
; GRF64-NEXT:    ret <32 x i32> %r
  %r = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32> %v, i32 0, i32 32, i32 1, i16 0, i32 undef)
  ret <32 x i32> %r
}

define internal <32 x i8> @bytes32(<64 x i8> %v) {
; SIMD16-LABEL: @bytes32(
; SIMD16-NEXT:    call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %v, i32 0, i32 16, i32 1, i16 0, i32 undef)
; SIMD16-NEXT:    call <32 x i8> @llvm.genx.wrregioni.v32i8.v16i8.i16.i1(
; SIMD16-NEXT:    call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %v, i32 0, i32 16, i32 1, i16 16, i32 undef)
; SIMD16-NEXT:    call <32 x i8> @llvm.genx.wrregioni.v32i8.v16i8.i16.i1(
; SIMD16-NEXT:    ret <32 x i8>
  %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v64i8.i16(<64 x i8> %v, i32 0, i32 32, i32 1, i16 0, i32 undef)
  ret <32 x i8> %r
}

declare <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i8> @llvm.genx.rdregioni.v32i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
