; A worksharing loop with lastprivate(conditional:) and no parallel region
; around it in its function: the team's record comes through copyprivate.
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @orphan(ptr %x) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(), "QUAL.OMP.LASTPRIVATE:CONDITIONAL.TYPED"(ptr %x, i32 0, i32 1) ]
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 100
  br i1 %c, label %body, label %end
body:
  store i32 %i, ptr %x
  %i1 = add i32 %i, 1
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.LOOP"() ]
  ret void
}
