; Until their capability exists, weft-paropt and weft-vectorize refuse the
; constructs they cannot lower with "not yet supported", and weft-cleanup
; refuses any directive still present; none of them pretends.
;
; RUN: not %opt -passes=weft-paropt -disable-output %s 2>&1 | FileCheck %s --check-prefix=PAROPT
; PAROPT: error: weft: not yet supported: DIR.OMP.TASK in function 'par': weft-paropt cannot lower this construct yet (sections, tasks, target, teams, ordered, ...) [rule: not-yet-supported] (in weft-paropt)
;
; RUN: not %opt -passes=weft-vectorize -disable-output %s 2>&1 | FileCheck %s --check-prefix=VEC
; VEC: error: weft: not yet supported: DIR.OMP.SIMD in function 'vec': weft-vectorize cannot vectorize this region yet (the VPlan vectorizer is not built) [rule: not-yet-supported] (in weft-vectorize)
;
; RUN: not %opt -passes=weft-cleanup -disable-output %s 2>&1 | FileCheck %s --check-prefix=CLEAN
; CLEAN: error: weft: DIR.OMP.TASK in function 'par': no weft pass lowered this directive; directives must not reach code generation [rule: unlowered-directive] (in weft-cleanup)
;
; The whole pipeline stops at the first failing stage.
; RUN: not %opt -passes=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=PAROPT2
; PAROPT2: not yet supported: DIR.OMP.TASK in function 'par'{{.*}}(in weft)

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @par() {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TASK"() ]
  ret void
}

define void @vec() {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
