; Not a test: input of collapse.ll (a collapse(2) nest with code between its loops).
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @work(i32)
define void @imperfect() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %a.cond
a.cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %a.latch ]
  %ca = icmp slt i32 %i, 10
  br i1 %ca, label %a.body, label %a.end
a.body:
  call void @work(i32 %i)
  br label %b.cond
b.cond:
  %j = phi i32 [ 0, %a.body ], [ %j1, %b.body ]
  %cb = icmp slt i32 %j, 10
  br i1 %cb, label %b.body, label %a.latch
b.body:
  %j1 = add i32 %j, 1
  br label %b.cond
a.latch:
  %i1 = add i32 %i, 1
  br label %a.cond
a.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
