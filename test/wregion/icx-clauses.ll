; Clause layouts that Intel's compiler (icx) emits in the region form:
; ALIGNED with its alignment last, ORDERED(0) for a plain `ordered`,
; NORMALIZED.IV/UB as (slot, type) pairs for collapsed loops,
; REDUCTION:ARRSECT.TYPED (var, type, count, offset), TASKWAIT with DEPEND
; (OpenMP 5.0), MAP chains (base, begin, size, map-type, name, mapper), and
; :TYPED items whose type value is an aggregate.
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: W-Region graph for function 'simd'
; CHECK:       ALIGNED: ptr %p align 32, ptr %q align 32
; CHECK-LABEL: W-Region graph for function 'loop'
; CHECK:       FIRSTPRIVATE: ptr %agg (TYPED [2 x i32] x 1)
; CHECK:       REDUCTION: ADD(ptr %arr (TYPED i32 x 60 from 5))
; CHECK:       COLLAPSE: i32 2
; CHECK-NEXT:  ORDERED: YES
; CHECK:       NORMALIZED.IV: ptr %iv0 (TYPED i32), ptr %iv1 (TYPED i64)
; CHECK-NEXT:  NORMALIZED.UB: ptr %ub0 (TYPED i32), ptr %ub1 (TYPED i64)
; CHECK-LABEL: W-Region graph for function 'tw'
; CHECK:       NOWAIT: YES
; CHECK-NEXT:  DEPEND: IN(ptr %a)
; CHECK-LABEL: W-Region graph for function 'target'
; CHECK:       MAP: TOFROM(ptr %x (CHAIN begin ptr %x, size i64 400, type i64 35, ptr null, ptr null))

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @simd(ptr %p, ptr %q) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"(), "QUAL.OMP.ALIGNED"(ptr %p, ptr %q, i32 32) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}

define void @loop() {
  %agg = alloca [2 x i32]
  %arr = alloca [100 x i32]
  %iv0 = alloca i32
  %iv1 = alloca i64
  %ub0 = alloca i32
  %ub1 = alloca i64
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %agg, [2 x i32] [i32 1, i32 2], i32 1),
      "QUAL.OMP.REDUCTION.ADD:ARRSECT.TYPED"(ptr %arr, i32 0, i64 60, i64 5),
      "QUAL.OMP.COLLAPSE"(i32 2),
      "QUAL.OMP.ORDERED"(i32 0),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv0, i32 0, ptr %iv1, i64 0),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub0, i32 0, ptr %ub1, i64 0) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.LOOP"() ]
  ret void
}

define void @tw(ptr %a) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKWAIT"(), "QUAL.OMP.DEPEND.IN"(ptr %a), "QUAL.OMP.NOWAIT"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TASKWAIT"() ]
  ret void
}

define void @target(ptr %x) {
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %x, ptr %x, i64 400, i64 35, ptr null, ptr null) ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  ret void
}
