; A rotated worksharing loop whose last value is used after it: refused.
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define i32 @escaping(ptr %a) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SHARED"(ptr %a) ]
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  store i32 %i, ptr %a
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 10
  br i1 %more, label %body, label %exit
exit:
  %last = phi i32 [ %i, %body ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret i32 %last
}
