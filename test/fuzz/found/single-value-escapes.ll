; weft fuzz, failure class: broken module after weft's lowering. A value
; defined inside a SINGLE region (nested in a PARALLEL) and used after its END
; no longer dominates its use: "Instruction does not dominate all uses!" then
; "LLVM ERROR: Broken module found" (SIGABRT) (found as mutant 3:644). Fails:
; opt -passes=weft -verify-each and opt default<O2>; clang does not verify its
; output and compiles the broken IR without a word. MASTER and MASKED regions do
; the same; CRITICAL does not.
; Status: passes with the build of commit 416e99d ("Fuzzer findings fixed").
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @use(i32)

define void @f(i32 %n) {
entry:
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  %v = icmp slt i32 %n, 10
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SINGLE"() ]
  br i1 %v, label %a, label %b
a:
  call void @use(i32 1)
  br label %b
b:
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
