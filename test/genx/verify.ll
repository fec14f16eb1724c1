; weft-genx-verify: the IR rules of "LLVM IR for the GenX backend". Good modules (its 6-operand
; kernel metadata and today's 9-operand layout) pass unchanged; each broken
; rule is reported with its function, instruction and rule.
; RUN: split-file %s %t
; RUN: %opt -passes=weft-genx-verify -disable-output %t/seed-layout.ll
; RUN: %opt -passes=weft-genx-verify -disable-output %t/today-layout.ll
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/not-listed.ll 2>&1 | FileCheck %s --check-prefix=NOTLISTED
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/bad-metadata.ll 2>&1 | FileCheck %s --check-prefix=BADMD
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/linkage.ll 2>&1 | FileCheck %s --check-prefix=LINKAGE
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/global.ll 2>&1 | FileCheck %s --check-prefix=GLOBAL
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/types.ll 2>&1 | FileCheck %s --check-prefix=TYPES
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/load.ll 2>&1 | FileCheck %s --check-prefix=LOAD
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/escape.ll 2>&1 | FileCheck %s --check-prefix=ESCAPE
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/mangling.ll 2>&1 | FileCheck %s --check-prefix=MANGLING
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/parent-width.ll 2>&1 | FileCheck %s --check-prefix=PW

; RUN: %opt -passes=weft-genx-verify -disable-output %t/mem2reg-able.ll
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/volatile.ll 2>&1 | FileCheck %s --check-prefix=VOLATILE
; RUN: not %opt -passes=weft-genx-verify -disable-output %t/punned.ll 2>&1 | FileCheck %s --check-prefix=PUNNED
; NOTLISTED: error: weft: @k in function 'k': kernel-metadata: a dllexport kernel missing from !genx.kernels [rule: genx]
; BADMD: error: weft: !genx.kernels entry for @k: kernel-metadata: argument kinds: 1 entries for 2 kernel arguments (one i32 each) [rule: genx]
; LINKAGE: error: weft: @f in function 'f': linkage: linkage LinkOnceODR
; GLOBAL: error: weft: @g: no-globals: global variables are not supported by the GenX backend [rule: genx]
; TYPES: error: weft: %x = zext i64 %a to i128 in function 'f': gen-types: type i128 is not a Gen type [rule: genx]
; LOAD: error: weft: %x = load i32, ptr %p, align 4 in function 'f': static-alloca: loads and stores may only address a static alloca [rule: genx]
; ESCAPE: error: weft: %a = alloca i32, align 4 in function 'f': static-alloca: an alloca may only be loaded from and stored to, non-volatile and as its own type [rule: genx]
; MANGLING: in function 'f': mangling: for these operand types the intrinsic is @llvm.genx.rdregioni.v4i32.v8i32.i16, not @llvm.genx.rdregioni.v4i32.v8i32 [rule: genx]
; PW: in function 'f': parent-width: a row spans 8 elements, so it must cross a multiple of parent width 4 [rule: genx]

; VOLATILE: error: weft: %a = alloca i32, align 4 in function 'f': static-alloca: an alloca may only be loaded from and stored to, non-volatile and as its own type [rule: genx]
; PUNNED: error: weft: %b = alloca float, align 4 in function 'f': static-alloca: an alloca may only be loaded from and stored to, non-volatile and as its own type [rule: genx]

;--- seed-layout.ll
define dllexport void @k(<8 x i32> %a, i32 %b) {
  %p = alloca <8 x i32>, align 32
  store <8 x i32> %a, ptr %p
  %l = load <8 x i32>, ptr %p
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %l, i32 0, i32 4, i32 1, i16 12, i32 undef)
  call void @sub(<4 x i32> %r)
  ret void
}
define internal void @sub(<4 x i32> %x) {
  ret void
}
define void @helper() {
  ret void
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
!genx.kernels = !{!0}
!0 = !{ptr @k, !"k", !"k_asm", !{i32 0, i32 0}, i32 0, !{i32 32, i32 64}}

;--- today-layout.ll
define dllexport void @k(<16 x float> %a) {
  ret void
}
!genx.kernels = !{!0}
!0 = !{ptr @k, !"k", !{i32 0}, i32 1024, !{i32 32}, !{i32 0}, !{!"svmptr_t"}, i32 0, i32 1}

;--- not-listed.ll
define dllexport void @k() {
  ret void
}

;--- bad-metadata.ll
define dllexport void @k(i32 %a, i32 %b) {
  ret void
}
!genx.kernels = !{!0}
!0 = !{ptr @k, !"k", !{i32 0}, i32 0, !{i32 32, i32 36}, !{i32 0, i32 0}, !{!"", !""}, i32 0, i32 0}

;--- linkage.ll
define linkonce_odr void @f() {
  ret void
}

;--- global.ll
@g = internal global i32 0
define internal void @f() {
  ret void
}

;--- types.ll
define internal void @f(i64 %a) {
  %x = zext i64 %a to i128
  ret void
}

;--- load.ll
define internal void @f(ptr %p) {
  %x = load i32, ptr %p, align 4
  ret void
}

;--- escape.ll
declare void @use(ptr)
define internal void @f() {
  %a = alloca i32, align 4
  call void @use(ptr %a)
  ret void
}

;--- mangling.ll
define internal <4 x i32> @f(<8 x i32> %v) {
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32(<8 x i32> %v, i32 0, i32 4, i32 1, i16 12, i32 undef)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32(<8 x i32>, i32, i32, i32, i16, i32)

;--- parent-width.ll
define internal <8 x i32> @f(<64 x i32> %v, i16 %i) {
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 0, i32 8, i32 1, i16 %i, i32 4)
  ret <8 x i32> %r
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)

;--- mem2reg-able.ll
; Lifetime markers and llvm.uadd.with.overflow (which "LLVM IR for the GenX backend" lists as
; supported) are fine: mem2reg removes this alloca.
define internal i32 @f(i32 %x) {
  %a = alloca i32, align 4
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  %s = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %x, i32 1)
  %v = extractvalue { i32, i1 } %s, 0
  store i32 %v, ptr %a, align 4
  %r = load i32, ptr %a, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  ret i32 %r
}
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)

;--- volatile.ll
define internal i32 @f() {
  %a = alloca i32, align 4
  store volatile i32 1, ptr %a, align 4
  %r = load i32, ptr %a, align 4
  ret i32 %r
}

;--- punned.ll
define internal i16 @f() {
  %b = alloca float, align 4
  store float 1.0, ptr %b, align 4
  %r = load i16, ptr %b, align 4
  ret i16 %r
}
