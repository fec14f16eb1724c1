; A constant-expression index has no value at compile time: it is split as a
; variable index (constant byte adds on the expression), not read as 0.
; RUN: %opt -passes='weft-genx-legalize<grf=32>' -S %s | FileCheck %s
; CHECK: @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 and (i16 ptrtoint (ptr @pad to i16), i16 4), i32 undef)
; CHECK: @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 add (i16 and (i16 ptrtoint (ptr @pad to i16), i16 4), i16 32), i32 undef)
; CHECK-NOT: v16i32.v64i32
; A variable-index broadcast (vstride 0, width 1) reads one element: it stays whole.
; CHECK-LABEL: @splat(
; CHECK-NEXT: call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 1, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: ret
define internal void @pad() {
  ret void
}
define internal <16 x i32> @f(<64 x i32> %v) {
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 and (i16 ptrtoint (ptr @pad to i16), i16 4), i32 undef)
  ret <16 x i32> %r
}
define internal <16 x i32> @splat(<64 x i32> %v, i16 %i) {
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 1, i32 1, i16 %i, i32 undef)
  ret <16 x i32> %r
}
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
