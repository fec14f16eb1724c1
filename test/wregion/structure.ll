; Region shapes that are valid and must be accepted:
; - a region that never completes (`#pragma omp parallel { abort(); }`): no
;   reachable END, every path ends in unreachable;
; - regions numbered in program order, not dominator-tree order;
; - an unwind edge out of a region is not a region exit (an exception
;   escaping a structured block is undefined in OpenMP);
; and weft-prepare keeps the entry block's static allocas in the entry block.
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=PREP
; RUN: %opt -passes=weft-prepare -S %s | %opt -passes=verify -disable-output

; CHECK-LABEL: W-Region graph for function 'noreturn':
; CHECK:       BEGIN WRNParallelNode<1> {
; CHECK:         EXIT BB: NONE (the region never completes)
declare void @abort() noreturn
define void @noreturn() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @abort()
  unreachable
dead:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; %b comes before %d in the function: MASTER is region 1 although the
; dominator tree visits %d first.
; CHECK-LABEL: W-Region graph for function 'order':
; CHECK:       BEGIN WRNMasterNode<1> {
; CHECK:       BEGIN WRNCriticalNode<2> {
define void @order(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %d
b:
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.MASTER"() ]
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.MASTER"() ]
  ret void
d:
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.CRITICAL"() ]
  ret void
}

; CHECK-LABEL: W-Region graph for function 'unwinds':
; CHECK:       BEGIN WRNCriticalNode<1> {
; CHECK:         EXIT BB: %ok
declare void @work()
declare i32 @__gxx_personality_v0(...)
define void @unwinds() personality ptr @__gxx_personality_v0 {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  invoke void @work() to label %ok unwind label %lp
ok:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.CRITICAL"() ]
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

; PREP-LABEL: define void @allocas()
; PREP-NEXT:  entry:
; PREP-NEXT:    %a = alloca i32
; PREP-NEXT:    %b = alloca [100 x i32]
; PREP-NEXT:    br label %DIR.OMP.PARALLEL.1
define void @allocas() {
entry:
  %a = alloca i32
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PRIVATE"(ptr %a) ]
  %b = alloca [100 x i32]
  store i32 0, ptr %b
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}

declare void @llvm.directive(metadata)
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
