; A strided section whose last element, s[2 + 4*2], lies past s[9].
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
@s = global [10 x i64] zeroinitializer

define void @outside() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.LASTPRIVATE:ARRSECT"(ptr @s, i64 1, i64 2, i64 5, i64 2) ]
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
