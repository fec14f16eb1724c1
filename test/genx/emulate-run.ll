; Executable semantics: region calls emulated with portable IR run under lli,
; and give the same output after legalization (for both GRF sizes).
; RUN: %opt -passes=weft-genx-emulate %s -S -o %t.plain.ll
; RUN: %lli %t.plain.ll | FileCheck %s
; RUN: %opt -passes='weft-genx-legalize<grf=32>,weft-genx-emulate' %s -S -o %t.grf32.ll
; RUN: %lli %t.grf32.ll | FileCheck %s
; RUN: %opt -passes='weft-genx-legalize<grf=64;simd=16>,weft-genx-emulate' %s -S -o %t.grf64.ll
; RUN: %lli %t.grf64.ll | FileCheck %s
; RUN: %opt -passes='weft-genx-legalize<grf=32>' %s -S | FileCheck %s --check-prefix=SPLIT
; SPLIT: rd.piece
; RUN: %opt -passes=weft-genx-emulate %s -S | FileCheck %s --check-prefix=PORTABLE
; PORTABLE-NOT: llvm.genx

@fmt = private constant [28 x i8] c"%d %d %d %d %d %d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define internal void @print8(i32 %tag, <8 x i32> %v) {
  %a = extractelement <8 x i32> %v, i32 0
  %b = extractelement <8 x i32> %v, i32 1
  %c = extractelement <8 x i32> %v, i32 2
  %d = extractelement <8 x i32> %v, i32 3
  %e = extractelement <8 x i32> %v, i32 4
  %f = extractelement <8 x i32> %v, i32 5
  %g = extractelement <8 x i32> %v, i32 6
  %h = extractelement <8 x i32> %v, i32 7
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %tag, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h)
  ret void
}

; 2D read: vstride 8, width 2, stride 3, from element 1: 1 4 9 12 17 20 25 28.
; CHECK: 1 10 40 90 120 170 200 250 280
; 32-element read with a variable index 8 bytes in (element 2), lanes 0-7 and 24-31.
; CHECK-NEXT: 2 20 30 40 50 60 70 80 90
; CHECK-NEXT: 3 260 270 280 290 300 310 320 330
; Masked write of 16 x 7 at stride 2 from element 4 (elements 4, 6, .., 34);
; mask bit i = (i % 3 != 0). Elements 0-7, then 12-19.
; CHECK-NEXT: 4 0 10 20 30 40 50 7 70
; CHECK-NEXT: 5 7 130 7 150 160 170 7 190
; Multi-indirect read, rows at elements 30, 3, 17, 8, each 2 wide at stride 1.
; CHECK-NEXT: 6 300 310 30 40 170 180 80 90
; Arithmetic: ssadd.sat of 100 and 60 as i8 saturates to 127; uuadd.sat i16 + i16
; to i8 saturates to 255; smin, umax (printed signed), sat(1.5)*10,
; sat(-2)*10, any + all.
; CHECK-NEXT: 7 127 -128 255 -5 -1 10 0 1
define i32 @main() {
  %v = call <64 x i32> @iota(i32 10)
  %r1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 8, i32 2, i32 3, i16 4, i32 undef)
  call void @print8(i32 1, <8 x i32> %r1)

  %r2 = call <32 x i32> @read32(<64 x i32> %v, i16 8)
  %lo = shufflevector <32 x i32> %r2, <32 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %hi = shufflevector <32 x i32> %r2, <32 x i32> poison, <8 x i32> <i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  call void @print8(i32 2, <8 x i32> %lo)
  call void @print8(i32 3, <8 x i32> %hi)

  %m = call <16 x i1> @mask16()
  %w = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.v16i1(<64 x i32> %v, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>, i32 0, i32 16, i32 2, i16 16, i32 undef, <16 x i1> %m)
  %w0 = shufflevector <64 x i32> %w, <64 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %w1 = shufflevector <64 x i32> %w, <64 x i32> poison, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %w2 = shufflevector <64 x i32> %w, <64 x i32> poison, <8 x i32> <i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23>
  %w01 = shufflevector <8 x i32> %w0, <8 x i32> %w1, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  call void @print8(i32 4, <8 x i32> %w01)
  %w12 = shufflevector <8 x i32> %w1, <8 x i32> %w2, <8 x i32> <i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11>
  call void @print8(i32 5, <8 x i32> %w12)

  %r6 = call <8 x i32> @multi(<64 x i32> %v, <4 x i16> <i16 120, i16 12, i16 68, i16 32>)
  call void @print8(i32 6, <8 x i32> %r6)

  %s1 = call i8 @llvm.genx.ssadd.sat.i8.i8(i8 100, i8 60)
  %s1x = sext i8 %s1 to i32
  %s2 = call i8 @llvm.genx.ssadd.sat.i8.i8(i8 -100, i8 -60)
  %s2x = sext i8 %s2 to i32
  %s3 = call i8 @llvm.genx.uuadd.sat.i8.i16(i16 200, i16 300)
  %s3x = zext i8 %s3 to i32
  %mn = call <2 x i32> @llvm.genx.smin.v2i32.v2i32(<2 x i32> <i32 -5, i32 3>, <2 x i32> <i32 4, i32 -1>)
  %mn0 = extractelement <2 x i32> %mn, i32 0
  %mx = call i32 @llvm.genx.umax.i32.i32(i32 -1, i32 4)
  %st = call <2 x float> @llvm.genx.sat.v2f32.v2f32(<2 x float> <float 1.5, float -2.0>)
  %st0 = extractelement <2 x float> %st, i32 0
  %st1 = extractelement <2 x float> %st, i32 1
  %st0x = fmul float %st0, 10.0
  %st1x = fmul float %st1, 10.0
  %st0i = fptosi float %st0x to i32
  %st1i = fptosi float %st1x to i32
  %an = call i1 @llvm.genx.any.v16i1(<16 x i1> %m)
  %al = call i1 @llvm.genx.all.v16i1(<16 x i1> %m)
  %anal = add i1 %an, %al
  %anx = zext i1 %anal to i32
  %ar = insertelement <8 x i32> undef, i32 %s1x, i32 0
  %ar1 = insertelement <8 x i32> %ar, i32 %s2x, i32 1
  %ar2 = insertelement <8 x i32> %ar1, i32 %s3x, i32 2
  %ar3 = insertelement <8 x i32> %ar2, i32 %mn0, i32 3
  %ar4 = insertelement <8 x i32> %ar3, i32 %mx, i32 4
  %ar5 = insertelement <8 x i32> %ar4, i32 %st0i, i32 5
  %ar6 = insertelement <8 x i32> %ar5, i32 %st1i, i32 6
  %ar7 = insertelement <8 x i32> %ar6, i32 %anx, i32 7
  call void @print8(i32 7, <8 x i32> %ar7)
  ret i32 0
}

; <0, k, 2k, ...> built with wrregion of scalars (a variable-index write).
define internal <64 x i32> @iota(i32 %k) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi <64 x i32> [ zeroinitializer, %entry ], [ %acc1, %loop ]
  %x = mul i32 %i, %k
  %i4 = mul i32 %i, 4
  %off = trunc i32 %i4 to i16
  %acc1 = call <64 x i32> @llvm.genx.wrregioni.v64i32.i32.i16.i1(<64 x i32> %acc, i32 %x, i32 0, i32 1, i32 1, i16 %off, i32 undef, i1 true)
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 64
  br i1 %done, label %exit, label %loop
exit:
  ret <64 x i32> %acc1
}

define internal <32 x i32> @read32(<64 x i32> %v, i16 %i) {
  %r = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v, i32 0, i32 32, i32 1, i16 %i, i32 undef)
  ret <32 x i32> %r
}

define internal <16 x i1> @mask16() {
  ret <16 x i1> <i1 0, i1 1, i1 1, i1 0, i1 1, i1 1, i1 0, i1 1, i1 1, i1 0, i1 1, i1 1, i1 0, i1 1, i1 1, i1 0>
}

define internal <8 x i32> @multi(<64 x i32> %v, <4 x i16> %rows) {
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v4i16(<64 x i32> %v, i32 0, i32 2, i32 1, <4 x i16> %rows, i32 undef)
  ret <8 x i32> %r
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.v4i16(<64 x i32>, i32, i32, i32, <4 x i16>, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.v16i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.i32.i16.i1(<64 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare i8 @llvm.genx.ssadd.sat.i8.i8(i8, i8)
declare i8 @llvm.genx.uuadd.sat.i8.i16(i16, i16)
declare <2 x i32> @llvm.genx.smin.v2i32.v2i32(<2 x i32>, <2 x i32>)
declare i32 @llvm.genx.umax.i32.i32(i32, i32)
declare <2 x float> @llvm.genx.sat.v2f32.v2f32(<2 x float>)
declare i1 @llvm.genx.any.v16i1(<16 x i1>)
declare i1 @llvm.genx.all.v16i1(<16 x i1>)
