; Not a test: input of default-clause.ll (a global under default(private)).
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
@counter = global i32 0
define void @g() {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.DEFAULT.PRIVATE"() ]
  store i32 1, ptr @counter
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
