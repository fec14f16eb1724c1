; A construct weft-paropt does not lower yet.
target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)

define void @foo() {
  call void @llvm.directive(metadata !"DIR.OMP.WORKSHARE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.WORKSHARE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
