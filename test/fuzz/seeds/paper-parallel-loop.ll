; fuzz seed: paper form. A parallel region around a counted loop whose body
; holds a critical region; clauses through all three qual intrinsics.
target triple = "x86_64-pc-linux-gnu"

declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @work(i32)

define void @par_loop(ptr %a, i32 %n) {
entry:
  %sum = alloca i32, align 4
  %i = alloca i32, align 4
  %tmp = alloca float, align 4
  store i32 0, ptr %sum, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.NUM_THREADS", i32 4)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.SHARED")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %i, ptr %tmp)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %a, ptr %sum)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %cmp = icmp slt i32 %k, %n
  br i1 %cmp, label %body, label %exit

body:
  call void @llvm.directive(metadata !"DIR.OMP.CRITICAL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %s = load i32, ptr %sum, align 4
  %s1 = add i32 %s, %k
  store i32 %s1, ptr %sum, align 4
  call void @llvm.directive(metadata !"DIR.OMP.END.CRITICAL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @work(i32 %k)
  %k.next = add nsw i32 %k, 1
  br label %loop

exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
