; ordered depend(source) in a loop with a plain ORDERED clause.
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f() {
entry:
  %iv = alloca i32
  %ub = alloca i32
  store i32 9, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.ORDERED"(i32 0),
      "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub) ]
  store i32 0, ptr %iv
  br label %cond
cond:
  %k = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %k, %u
  br i1 %c, label %body, label %end
body:
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.DEPEND.SOURCE"() ]
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.ORDERED"() ]
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}
