; A map chain whose size is wider than libomptarget's i64 is refused by
; name before any IR changes (found by the fuzzer: it reached lowering and
; failed there as an internal error).
; RUN: not %opt -passes=weft -disable-output %s 2>&1 | FileCheck %s --implicit-check-not='Stack dump'
; CHECK: error: weft: QUAL.OMP.MAP.TO on DIR.OMP.TARGET.DATA in function 'main': a map chain's size must be an integer of at most 64 bits, got i128 5 [rule: operand-kind]

define i32 @main() {
entry:
  %x = alloca i32, align 4
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.DATA"(), "QUAL.OMP.MAP.TO"(ptr %x, ptr %x, i128 5, i64 1), "QUAL.OMP.USE_DEVICE_ADDR"(ptr %x) ]
  store i32 1, ptr %x, align 4
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET.DATA"() ]
  ret i32 0
}

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
