; weft fuzz, failure class: [rule: internal] "LLVM's CodeExtractor could not
; outline this region" when an unreachable block branches into a parallel
; region's body (found as mutants 1:275 and 2:14). Fails: opt -passes=weft,
; clang -O0; default<O2>/clang -O2 pass (SimplifyCFG drops the dead block first).
; Status: passes with the build of commit 416e99d ("Fuzzer findings fixed").
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  br label %body
body:
  br label %end
dead:
  br label %body
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
