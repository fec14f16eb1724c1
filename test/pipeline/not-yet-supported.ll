; Until their capability exists, weft-paropt refuses the constructs it
; cannot lower with "not yet supported", weft-vectorize leaves a simd
; region it cannot vectorize a scalar loop and says why in a
; missed-optimization remark (here: it holds no loop), and weft-cleanup
; refuses any directive still present; none of them pretends.
;
; RUN: not %opt -passes=weft-paropt -disable-output %s 2>&1 | FileCheck %s --check-prefix=PAROPT
; PAROPT: error: weft: not yet supported: DIR.OMP.WORKSHARE in function 'par': weft-paropt cannot lower this construct yet (workshare, ...) [rule: not-yet-supported] (in weft-paropt)
;
; RUN: %opt -passes=weft-vectorize -pass-remarks-missed=weft -S %s 2>&1 | FileCheck %s --check-prefix=VEC
; VEC: remark: <unknown>:0:0: DIR.OMP.SIMD (region 1) in function 'vec' left scalar: no loop is left in the region (the optimizer may have unrolled or removed it)
; VEC-LABEL: define void @vec()
; VEC-NOT: directive
; VEC: ret void
;
; RUN: not %opt -passes=weft-cleanup -disable-output %s 2>&1 | FileCheck %s --check-prefix=CLEAN
; CLEAN: error: weft: DIR.OMP.WORKSHARE in function 'par': no weft pass lowered this directive; directives must not reach code generation [rule: unlowered-directive] (in weft-cleanup)
;
; The whole pipeline stops at the first failing stage.
; RUN: not %opt -passes=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=PAROPT2
; PAROPT2: not yet supported: DIR.OMP.WORKSHARE in function 'par'{{.*}}(in weft)

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @par() {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.WORKSHARE"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.WORKSHARE"() ]
  ret void
}

define void @vec() {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
