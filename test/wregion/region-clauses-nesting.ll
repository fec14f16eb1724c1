; Region-form parsing (operand bundles with :TYPED, :NONPOD, :IV, :UNSIGNED,
; :CONDITIONAL and schedule modifiers; NORMALIZED.IV/UB, also null after
; optimization) and nesting: three levels, siblings in program order, a
; region on one arm of a branch.
;
; RUN: %opt -passes='weft-prepare,print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --match-full-lines --strict-whitespace

; CHECK:W-Region graph for function 'nest':
; CHECK-NEXT:BEGIN WRNParallelNode<1> {
; CHECK:  NUM_THREADS: i32 4
; CHECK:  FIRSTPRIVATE: ptr %s (NONPOD ptr @cctor, ptr @dtor)
; CHECK:  REDUCTION: MIN(ptr %mn (TYPED i32 x 1)) :UNSIGNED
; CHECK-NEXT:  BEGIN WRNWksLoopNode<2> {
; CHECK-NEXT:    DIRECTIVE: DIR.OMP.LOOP (llvm.directive.region.entry)
; CHECK-NEXT:    DEPTH: 1
; CHECK:    LASTPRIVATE: ptr %l (TYPED i32 x 1) :CONDITIONAL
; CHECK:    LINEAR: ptr %i (TYPED i32 x 1) step i32 1 :IV
; CHECK-NEXT:    SCHEDULE: STATIC chunk UNSPECIFIED :MONOTONIC
; CHECK:    NOWAIT: NO
; CHECK-NEXT:    LIVEIN: NONE
; CHECK-NEXT:    NORMALIZED.IV: ptr null
; CHECK-NEXT:    NORMALIZED.UB: ptr %ub (TYPED i32)
; CHECK-NEXT:    BEGIN WRNSingleNode<3> {
; CHECK-NEXT:      DIRECTIVE: DIR.OMP.SINGLE (llvm.directive.region.entry)
; CHECK-NEXT:      DEPTH: 2
; CHECK:      NOWAIT: YES
; CHECK-NEXT:    } END WRNSingleNode<3>
; CHECK-NEXT:    BEGIN WRNCriticalNode<4> {
; CHECK-NEXT:      DIRECTIVE: DIR.OMP.CRITICAL (llvm.directive.region.entry)
; CHECK-NEXT:      DEPTH: 2
; CHECK:    } END WRNCriticalNode<4>
; CHECK-NEXT:  } END WRNWksLoopNode<2>
; CHECK-NEXT:  BEGIN WRNVecLoopNode<5> {
; CHECK-NEXT:    DIRECTIVE: DIR.OMP.SIMD (llvm.directive.region.entry)
; CHECK-NEXT:    DEPTH: 1
; CHECK:    SAFELEN: i32 8
; CHECK-NEXT:    SIMDLEN: i32 4
; CHECK:  } END WRNVecLoopNode<5>
; CHECK-NEXT:} END WRNParallelNode<1>

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @cctor(ptr, ptr)
declare void @dtor(ptr)

define void @nest(i1 %c) {
entry:
  %s = alloca i32
  %mn = alloca i32
  %l = alloca i32
  %i = alloca i32
  %ub = alloca i32
  %v = alloca i32
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.NUM_THREADS"(i32 4),
      "QUAL.OMP.FIRSTPRIVATE:NONPOD"(ptr %s, ptr @cctor, ptr @dtor),
      "QUAL.OMP.REDUCTION.MIN:UNSIGNED.TYPED"(ptr %mn, i32 0, i32 1) ]
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(),
      "QUAL.OMP.LASTPRIVATE:CONDITIONAL.TYPED"(ptr %l, i32 0, i32 1),
      "QUAL.OMP.LINEAR:IV.TYPED"(ptr %i, i32 0, i32 1, i32 1),
      "QUAL.OMP.SCHEDULE.STATIC:MONOTONIC"(i32 0),
      "QUAL.OMP.NORMALIZED.IV"(ptr null),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  br i1 %c, label %then, label %else

then:
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"(), "QUAL.OMP.NOWAIT"() ]
  store i32 1, ptr %v
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.SINGLE"() ]
  br label %join

else:
  br label %join

join:
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  store i32 2, ptr %v
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.CRITICAL"() ]
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.LOOP"() ]
  %t4 = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.SAFELEN"(i32 8), "QUAL.OMP.SIMDLEN"(i32 4) ]
  store i32 3, ptr %v
  call void @llvm.directive.region.exit(token %t4) [ "DIR.OMP.END.SIMD"() ]
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
