; weft fuzz, failure class: Rust panic caught at the plugin boundary
; ([rule: internal], inkwell "The given type is not a basic type") when a
; :TYPED clause's type operand is a token (found as mutant 2:1156). Fails:
; opt -passes=weft, default<O2>, clang -O0, clang -O2; print<wregions> accepts it.
; Status: passes with the build of commit 416e99d ("Fuzzer findings fixed").
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f() {
entry:
  %x = alloca i32
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %x, token none, i32 1) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
