; OpenMP 5.1 atomic clauses in the W-Region graph: the kind, COMPARE with
; its memory order, FAIL and WEAK, in the region form and the paper form.
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-LABEL: W-Region graph for function 'cas':
; CHECK:      ATOMIC: CAPTURE
; CHECK-NEXT: COMPARE: COMPARE :ACQ_REL
; CHECK-NEXT: FAIL: RELAXED
; CHECK-NEXT: WEAK: YES
; CHECK-LABEL: W-Region graph for function 'paper':
; CHECK:      ATOMIC: UPDATE :RELEASE
; CHECK-NEXT: COMPARE: COMPARE
; CHECK-NEXT: FAIL: SEQ_CST
; CHECK-NEXT: WEAK: NO

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)

define void @cas(ptr %x, i32 %e, i32 %d, ptr %v) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.ATOMIC"(), "QUAL.OMP.COMPARE.ACQ_REL"(), "QUAL.OMP.CAPTURE"(), "QUAL.OMP.FAIL.RELAXED"(), "QUAL.OMP.WEAK"() ]
  %o = load i32, ptr %x
  store i32 %o, ptr %v
  %c = icmp eq i32 %o, %e
  br i1 %c, label %then, label %join
then:
  store i32 %d, ptr %x
  br label %join
join:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.ATOMIC"() ]
  ret void
}

define void @paper(ptr %x, i32 %e) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.ATOMIC")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.UPDATE.RELEASE")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.COMPARE")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.FAIL.SEQ_CST")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  %o = load i32, ptr %x
  %c = icmp slt i32 %o, %e
  br i1 %c, label %then, label %join
then:
  store i32 %e, ptr %x
  br label %join
join:
  call void @llvm.directive(metadata !"DIR.OMP.END.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
