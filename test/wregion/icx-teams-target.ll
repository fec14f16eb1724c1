; icx's target and teams vocabulary, parsed and printed (lowered later):
; OFFLOAD.ENTRY.IDX and DEFAULTMAP.* (both spellings of the category) on
; TARGET, NUM_TEAMS:TYPED and THREAD_LIMIT:TYPED
; (a slot and a value of its type; an integer once optimization folded
; the slot), THREAD_LIMIT:TYPED on TARGET, IMPLICIT on TASKGROUP and TASK,
; the scope construct, PROC_BIND.* spellings, ORDERED.THREADS, and the
; UDR layouts without NONPOD (printed as non-POD items with their helpers).
; weft-paropt refuses the constructs that carry what it does not lower,
; naming the clause.
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --match-full-lines --strict-whitespace
; RUN: not %opt -passes=weft-paropt -disable-output %s 2>&1 | FileCheck %s --check-prefix=LOWER

; CHECK:W-Region graph for function 'target_teams':
; CHECK-NEXT:BEGIN WRNTargetNode<1> {
; CHECK:  THREAD_LIMIT: ptr %tl (TYPED i32)
; CHECK:  OFFLOAD.ENTRY.IDX: i32 0
; CHECK:  BEGIN WRNTeamsNode<2> {
; CHECK:    NUM_TEAMS: ptr %n (TYPED i32)
; CHECK-NEXT:    THREAD_LIMIT: i32 33 (TYPED i32)
; CHECK:  } END WRNTeamsNode<2>
; CHECK:} END WRNTargetNode<1>
; CHECK:BEGIN WRNTargetNode<3> {
; CHECK:  THREAD_LIMIT: UNSPECIFIED
; CHECK:  OFFLOAD.ENTRY.IDX: i32 7
; CHECK:  DEFAULTMAP: TO:AGGREGATE, TOFROM:SCALAR, FIRSTPRIVATE:POINTER
; CHECK:W-Region graph for function 'implicit':
; CHECK-NEXT:BEGIN WRNTaskgroupNode<1> {
; CHECK:  IMPLICIT: YES
; CHECK:  BEGIN WRNTaskNode<2> {
; CHECK:    IMPLICIT: YES
; CHECK:W-Region graph for function 'small':
; CHECK-NEXT:BEGIN WRNParallelNode<1> {
; CHECK:  PROC_BIND: MASTER
; CHECK:  REDUCTION: UDR(ptr %s (NONPOD ptr null, ptr null, ptr @comb, ptr @init)), UDR(ptr %x (NONPOD ptr null, ptr @dtor, ptr @comb, ptr null))
; CHECK:  BEGIN WRNScopeNode<2> {
; CHECK-NEXT:    DIRECTIVE: DIR.OMP.SCOPE (llvm.directive.region.entry)
; CHECK-NEXT:    DEPTH: 1
; CHECK-NEXT:    ENTRY BB: %entry
; CHECK-NEXT:    EXIT BB: %entry
; CHECK-NEXT:    PRIVATE: ptr %p (TYPED i32 x 1)
; CHECK-NEXT:    FIRSTPRIVATE: NONE
; CHECK-NEXT:    REDUCTION: OR(ptr %f (TYPED float x 1))
; CHECK-NEXT:    NOWAIT: YES
; CHECK-NEXT:  } END WRNScopeNode<2>
; CHECK:BEGIN WRNParallelNode<3> {
; CHECK:  PROC_BIND: SPREAD
; CHECK:BEGIN WRNOrderedNode<4> {
; CHECK:  ORDERED.THREADS: YES
; CHECK-NEXT:  ORDERED.SIMD: NO
;
; (THREAD_LIMIT:TYPED on TARGET is lowered: test/paropt/target-thread-limit-typed.ll.)
; LOWER: error: weft: not yet supported: QUAL.OMP.IMPLICIT on DIR.OMP.TASK in function 'implicit': parsed, but weft-paropt does not lower it yet [rule: not-yet-supported]

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @comb(ptr, ptr)
declare void @init(ptr, ptr)
declare void @dtor(ptr)

define void @target_teams(i32 %v) {
entry:
  %n = alloca i32
  %tl = alloca i32
  store i32 %v, ptr %n
  store i32 4, ptr %tl
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0),
      "QUAL.OMP.THREAD_LIMIT:TYPED"(ptr %tl, i32 0), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %n, i32 0, i32 1) ]
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"(),
      "QUAL.OMP.NUM_TEAMS:TYPED"(ptr %n, i32 0), "QUAL.OMP.THREAD_LIMIT:TYPED"(i32 33, i32 0) ]
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.TEAMS"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 7),
      "QUAL.OMP.DEFAULTMAP.TO:AGGREGATE"(), "QUAL.OMP.DEFAULTMAP.TOFROM.SCALAR"(),
      "QUAL.OMP.DEFAULTMAP.FIRSTPRIVATE:POINTER"() ]
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.TARGET"() ]
  ret void
}

define void @implicit() {
entry:
  %p = alloca ptr
  %g = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"(), "QUAL.OMP.IMPLICIT"() ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.IMPLICIT"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %p, ptr null, i32 1) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TASK"() ]
  call void @llvm.directive.region.exit(token %g) [ "DIR.OMP.END.TASKGROUP"() ]
  ret void
}

define void @small() {
entry:
  %s = alloca i64
  %x = alloca i32
  %p = alloca i32
  %f = alloca float
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PROC_BIND.MASTER"(),
      "QUAL.OMP.REDUCTION.UDR:TYPED"(ptr %s, i64 0, i64 1, ptr null, ptr null, ptr @comb, ptr @init),
      "QUAL.OMP.REDUCTION.UDR"(ptr %x, ptr null, ptr @dtor, ptr @comb, ptr null) ]
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.SCOPE"(), "QUAL.OMP.NOWAIT"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %p, i32 0, i32 1), "QUAL.OMP.REDUCTION.OR:TYPED"(ptr %f, float 0.0, i32 1) ]
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.SCOPE"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.PROC_BIND.SPREAD"() ]
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.PARALLEL"() ]
  %o = call token @llvm.directive.region.entry() [ "DIR.OMP.ORDERED"(), "QUAL.OMP.ORDERED.THREADS"() ]
  call void @llvm.directive.region.exit(token %o) [ "DIR.OMP.END.ORDERED"() ]
  ret void
}
