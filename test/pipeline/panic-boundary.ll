; A Rust panic never crosses into LLVM: it is caught at the plugin boundary
; and reported as an internal error diagnostic with a non-zero exit, and the
; module's directives are stripped first. (weft-test-panic exists only with
; WEFT_ENABLE_TEST_PASSES set.)
;
; RUN: env WEFT_ENABLE_TEST_PASSES=1 not %opt -passes=weft-test-panic -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=panicked --implicit-check-not='Stack dump'
; CHECK: error: weft: weft-test-panic: internal error (a bug in weft, please report it): deliberate panic from weft-test-panic at passes/src/registry.rs:{{[0-9]+}} [rule: internal] (in weft-test-panic)
;
; Without the variable the name is unknown to weft.
; RUN: not %opt -passes=weft-test-panic -disable-output %s 2>&1 | FileCheck %s --check-prefix=HIDDEN
; HIDDEN: unknown pass name 'weft-test-panic'

define void @f() {
  ret void
}
