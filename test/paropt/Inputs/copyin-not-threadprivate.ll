; Not a test: input of copyin.ll (COPYIN of an ordinary global).
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
@g = global i32 0
define void @f() {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.COPYIN"(ptr @g) ]
  store i32 1, ptr @g
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
