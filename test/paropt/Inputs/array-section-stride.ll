; A strided section whose stride is known only at run time.
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
@h = global [16 x i64] zeroinitializer

define void @strided(i64 %st) {
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", metadata !"QUAL.OPND.ARRSECT", ptr @h, i64 1, i64 0, i64 4, i64 %st)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %h
h:
  %i = phi i32 [ 0, %0 ], [ %i1, %l ]
  %c = icmp slt i32 %i, 10
  br i1 %c, label %l, label %e
l:
  %i1 = add nsw i32 %i, 1
  br label %h
e:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
