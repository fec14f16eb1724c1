; A non-POD destructor that takes two pointers: refused, naming the clause.
%S = type { i64, ptr }
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare ptr @S.ctor(ptr)
declare void @S.assign(ptr, ptr)

define void @main() {
  %b = alloca %S
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:NONPOD"(ptr %b, ptr @S.ctor, ptr @S.assign) ]
  store i64 1, ptr %b
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
