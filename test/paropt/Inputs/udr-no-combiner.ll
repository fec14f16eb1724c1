; A user-defined reduction whose combiner is null.
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @f(ptr %x) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.REDUCTION.UDR:NONPOD"(ptr %x, ptr null, ptr null, ptr null, ptr null) ]
  br label %cond
cond:
  %k = phi i64 [ 0, %entry ], [ %k1, %cond ]
  %k1 = add nsw i64 %k, 1
  %c = icmp slt i64 %k1, 50
  br i1 %c, label %cond, label %end
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}
