; A running prefix: s carries from one iteration to the next and is stored
; each time (not a reduction): weft-vectorize leaves it scalar.
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @prefix(ptr %a, i64 %n) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i1, %body ]
  %s = phi i64 [ 0, %entry ], [ %s1, %body ]
  %p = getelementptr i64, ptr %a, i64 %i
  %x = load i64, ptr %p
  %s1 = add i64 %s, %x
  store i64 %s1, ptr %p
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %body, label %exit
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
