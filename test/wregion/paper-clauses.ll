; Paper-form parsing: metadata as a bare string and as a one-string node, the
; llvm.intel.directive* spellings, type-suffixed .qual.opnd, NONPOD and ARRSECT
; items, compound clauses, and the sandwich scheme (Figure 5: a LINEAR clause
; placed right after the phi it refers to).
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 | FileCheck %s

; --- Figure 5: parallel for simd with a sandwich LINEAR on the phi ---
; CHECK-LABEL: W-Region graph for function 'fig5':
; CHECK:       BEGIN WRNParallelLoopSimdNode<1> {
; CHECK-NEXT:    DIRECTIVE: DIR.OMP.PARALLEL.LOOP.SIMD (llvm.directive)
; CHECK:         PRIVATE: ptr %y
; CHECK:         LINEAR: i32 %k.0 step 1
; CHECK:       } END WRNParallelLoopSimdNode<1>
define float @fig5(ptr %a, ptr %x, i32 %m) {
entry:
  %y = alloca float, align 4
  call void @llvm.intel.directive(metadata !"DIR.OMP.PARALLEL.LOOP.SIMD")
  call void (metadata, ...) @llvm.intel.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %y)
  call void @llvm.intel.directive(metadata !"DIR.QUAL.LIST.END")
  br label %for.cond

for.cond:
  %k.0 = phi i32 [ 3, %entry ], [ %inc, %for.body ]
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", i32 %k.0)
  %cmp = icmp slt i32 %k.0, 10001
  br i1 %cmp, label %for.body, label %for.cond.cleanup

for.cond.cleanup:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %p5 = getelementptr inbounds float, ptr %a, i64 5
  %r = load float, ptr %p5, align 4
  ret float %r

for.body:
  %idx = sext i32 %k.0 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %v = load float, ptr %p, align 4
  store float %v, ptr %x, align 4
  %inc = add nsw i32 %k.0, 1
  br label %for.cond
}

; --- metadata nodes (!0 = !{!"..."}), one-operand clauses, schedule, reduction ---
; CHECK-LABEL: W-Region graph for function 'clauses':
; CHECK:       BEGIN WRNParallelLoopNode<1> {
; CHECK:         IF: i1 %c
; CHECK-NEXT:    NUM_THREADS: i32 %n
; CHECK-NEXT:    DEFAULT: SHARED
; CHECK-NEXT:    PROC_BIND: SPREAD
; CHECK-NEXT:    SHARED: ptr %a
; CHECK-NEXT:    PRIVATE: ptr %t, ptr %z (NONPOD ptr @ctor, ptr @dtor)
; CHECK-NEXT:    FIRSTPRIVATE: ptr %f
; CHECK-NEXT:    LASTPRIVATE: ptr %l
; CHECK-NEXT:    COPYIN: NONE
; CHECK-NEXT:    REDUCTION: ADD(ptr %sum), MAX(ptr %mx)
; CHECK-NEXT:    LINEAR: ptr %j step i32 2
; CHECK-NEXT:    SCHEDULE: DYNAMIC chunk i32 16
; CHECK-NEXT:    COLLAPSE: i32 2
; CHECK-NEXT:    ORDERED: YES
; CHECK:       } END WRNParallelLoopNode<1>
define void @clauses(ptr %a, i1 %c, i32 %n) {
entry:
  %t = alloca i32
  %z = alloca i32
  %f = alloca i32
  %l = alloca i32
  %j = alloca i32
  %sum = alloca i32
  %mx = alloca i32
  call void @llvm.directive(metadata !0)
  call void @llvm.directive.qual.opnd.i1(metadata !1, i1 %c)
  call void @llvm.directive.qual.opnd.i32(metadata !2, i32 %n)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.DEFAULT.SHARED")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.PROC.BIND.SPREAD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %a)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %t, metadata !"QUAL.OPND.NONPOD", ptr %z, ptr @ctor, ptr @dtor)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %f)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LASTPRIVATE", ptr %l)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %sum)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MAX", ptr %mx)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.LINEAR", ptr %j, i32 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 16)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.COLLAPSE", i32 2)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.ORDERED")
  call void @llvm.directive(metadata !3)
  br label %body
body:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !3)
  ret void
}

; --- the paper's target example: map with an array section, device, if ---
; CHECK-LABEL: W-Region graph for function 'target':
; CHECK:       BEGIN WRNTargetNode<1> {
; CHECK:         IF: i32 %cond
; CHECK:         DEVICE: i32 1
; CHECK:         NOWAIT: YES
; CHECK-NEXT:    MAP: TOFROM(ptr %xx), TOFROM(ptr %yy[5:100:1])
; CHECK-NEXT:    DEPEND: IN(ptr %a), IN(ptr %b[1:i32 %n:1][1:i32 %m:1]), IN(ptr %c)
; CHECK:       } END WRNTargetNode<1>
define void @target(ptr %xx, ptr %yy, ptr %a, ptr %b, ptr %c, i32 %n, i32 %m, i32 %cond) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.DEVICE", i32 1)
  call void @llvm.directive.qual.opnd.i32(metadata !"QUAL.OMP.IF", i32 %cond)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %xx, metadata !"QUAL.OPND.ARRSECT", ptr %yy, i32 1, i32 5, i32 100, i32 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPEND_IN", ptr %a, metadata !"QUAL.OPND.ARRSECT", ptr %b, i32 2, i32 1, i32 %n, i32 1, i32 1, i32 %m, i32 1, ptr %c)
  call void @llvm.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

; --- Figure 3: atomic update; critical with a name; threadprivate (no END) ---
; CHECK-LABEL: W-Region graph for function 'sync':
; CHECK:       BEGIN WRNAtomicNode<1> {
; CHECK:         ATOMIC: UPDATE :SEQ_CST
; CHECK:       } END WRNAtomicNode<1>
; CHECK:       BEGIN WRNCriticalNode<2> {
; CHECK:         NAME: metadata !"lock1"
; CHECK:       } END WRNCriticalNode<2>
; CHECK:       BEGIN WRNThreadprivateNode<3> {
; CHECK:         THREADPRIVATE: ptr @g
; CHECK:       } END WRNThreadprivateNode<3>
@g = global i32 0
define void @sync(ptr %cnt) {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.ATOMIC")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.UPDATE.SEQ_CST")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr %cnt
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %cnt
  call void @llvm.directive(metadata !"DIR.OMP.END.ATOMIC")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.CRITICAL")
  call void @llvm.directive.qual.opnd.md(metadata !"QUAL.OMP.NAME", metadata !"lock1")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.CRITICAL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.THREADPRIVATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.THREADPRIVATE", ptr @g)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

declare void @ctor(ptr)
declare void @dtor(ptr)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i1(metadata, i1)
declare void @llvm.directive.qual.opnd.i32(metadata, i32)
declare void @llvm.directive.qual.opnd.md(metadata, metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @llvm.intel.directive(metadata)
declare void @llvm.intel.directive.qual.opndlist(metadata, ...)

!0 = !{!"DIR.OMP.PARALLEL.LOOP"}
!1 = !{!"QUAL.OMP.IF"}
!2 = !{!"QUAL.OMP.NUM_THREADS"}
!3 = !{!"DIR.QUAL.LIST.END"}
