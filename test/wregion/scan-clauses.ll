; Scan reductions in the W-Region graph (OpenMP 5.1 §2.11.8): a WRNScanNode
; inside its loop, with its INCLUSIVE or EXCLUSIVE items; the loop's inscan
; reductions, each with icx's inscan index where it has one. Region form as
; icx writes it (`:INSCAN.TYPED` and `:TYPED.INSCAN`, the index last; the
; scan region holding a fence), and the paper form (no index).
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-LABEL: W-Region graph for function 'icx':
; CHECK:      BEGIN WRNVecLoopNode<1> {
; CHECK:        REDUCTION: ADD(ptr @y (TYPED i32 x 1)) :INSCAN<2>, MAX(ptr %m (TYPED float x 1)) :INSCAN<1>
; CHECK:        BEGIN WRNScanNode<2> {
; CHECK-NEXT:     DIRECTIVE: DIR.OMP.SCAN (llvm.directive.region.entry)
; CHECK:          INCLUSIVE: ptr @y INSCAN<2>, ptr %m (TYPED float x 1) INSCAN<1>
; CHECK-NEXT:     EXCLUSIVE: NONE
; CHECK-NEXT:   } END WRNScanNode<2>
; CHECK:      } END WRNVecLoopNode<1>
; CHECK-LABEL: W-Region graph for function 'paper':
; CHECK:      BEGIN WRNParallelLoopNode<1> {
; CHECK:        REDUCTION: MUL(ptr %p) :INSCAN
; CHECK:        BEGIN WRNScanNode<2> {
; CHECK-NEXT:     DIRECTIVE: DIR.OMP.SCAN (llvm.directive)
; CHECK:          INCLUSIVE: NONE
; CHECK-NEXT:     EXCLUSIVE: ptr %p

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
@y = global i32 0

define void @icx(i32 %n) {
entry:
  %m = alloca float
  %iv = alloca i32
  %ub = alloca i32
  store i32 %n, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(),
      "QUAL.OMP.REDUCTION.ADD:INSCAN.TYPED"(ptr @y, i32 0, i32 1, i64 2),
      "QUAL.OMP.REDUCTION.MAX:TYPED.INSCAN"(ptr %m, float 0.0, i32 1, i64 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  store i32 0, ptr %iv
  br label %c
c:
  %i = load i32, ptr %iv
  %u = load i32, ptr %ub
  %k = icmp sle i32 %i, %u
  br i1 %k, label %b, label %e
b:
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SCAN"(), "QUAL.OMP.INCLUSIVE"(ptr @y, i64 2),
      "QUAL.OMP.INCLUSIVE:TYPED"(ptr %m, float 0.0, i32 1, i64 1) ]
  fence acq_rel
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SCAN"() ]
  %i1 = add i32 %i, 1
  store i32 %i1, ptr %iv
  br label %c
e:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define void @paper(i32 %n) {
entry:
  %p = alloca i32
  %k = alloca i32
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MUL:INSCAN", ptr %p)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %k
  br label %c
c:
  %kv = load i32, ptr %k
  %go = icmp slt i32 %kv, %n
  br i1 %go, label %b, label %e
b:
  call void @llvm.directive(metadata !"DIR.OMP.SCAN")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.EXCLUSIVE", ptr %p)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.SCAN")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %kn = add i32 %kv, 1
  store i32 %kn, ptr %k
  br label %c
e:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
