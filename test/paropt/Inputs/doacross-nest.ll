; ordered(2) on one loop: a doacross nest needs the two loops it names.
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f() {
entry:
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.ORDERED"(i32 2, i64 10, i64 10) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %cond ]
  %k1 = add nsw i64 %k, 1
  %c = icmp slt i64 %k1, 10
  br i1 %c, label %cond, label %end
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
