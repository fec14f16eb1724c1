; aligned(a:24): not a power of two.
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @f(ptr %a) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.ALIGNED"(ptr %a, i32 24) ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %i, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, 100
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
