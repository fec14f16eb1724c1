declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @bad(ptr %x, ptr %y) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.WRITE"() ]
  store i32 1, ptr %x
  store i32 2, ptr %y
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}
