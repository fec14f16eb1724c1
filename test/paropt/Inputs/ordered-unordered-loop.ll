; Not a test: input of ordered.ll (an ordered region in a loop without ORDERED).
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @f(ptr %h) {
entry:
  %iv = alloca i32
  %ub = alloca i32
  store i32 9, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %i, %u
  br i1 %c, label %body, label %end
body:
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"() ]
  store i32 %i, ptr %h
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}
