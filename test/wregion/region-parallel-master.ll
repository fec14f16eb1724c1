; The paper's section V.A example (parallel + master) in the region form that
; Intel's compiler emits: token-based region.entry/exit with operand bundles.
; It must give the same W-Region tree as the paper form (Figure (I)).
;
; RUN: %opt -passes='weft-prepare,print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --match-full-lines --strict-whitespace
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=IR

; CHECK:W-Region graph for function 'foo':
; CHECK-NEXT:BEGIN WRNParallelNode<1> {
; CHECK-NEXT:  DIRECTIVE: DIR.OMP.PARALLEL (llvm.directive.region.entry)
; CHECK-NEXT:  DEPTH: 0
; CHECK-NEXT:  ENTRY BB: %DIR.OMP.PARALLEL.1
; CHECK-NEXT:  EXIT BB: %for.end
; CHECK-NEXT:  IF: UNSPECIFIED
; CHECK-NEXT:  NUM_THREADS: UNSPECIFIED
; CHECK-NEXT:  DEFAULT: UNSPECIFIED
; CHECK-NEXT:  PROC_BIND: UNSPECIFIED
; CHECK-NEXT:  SHARED: ptr %a (TYPED ptr x 1), ptr %x (TYPED ptr x 1)
; CHECK-NEXT:  PRIVATE: ptr %k (TYPED i32 x 1), ptr %y (TYPED float x 1), ptr @w (TYPED float x 1)
; CHECK-NEXT:  FIRSTPRIVATE: NONE
; CHECK-NEXT:  COPYIN: NONE
; CHECK-NEXT:  REDUCTION: NONE
; CHECK-NEXT:  BEGIN WRNMasterNode<2> {
; CHECK-NEXT:    DIRECTIVE: DIR.OMP.MASTER (llvm.directive.region.entry)
; CHECK-NEXT:    DEPTH: 1
; CHECK-NEXT:    ENTRY BB: %DIR.OMP.MASTER.4
; CHECK-NEXT:    EXIT BB: %DIR.OMP.END.MASTER.6
; CHECK-NEXT:  } END WRNMasterNode<2>
; CHECK-NEXT:} END WRNParallelNode<1>

; IR-LABEL: DIR.OMP.MASTER.4:
; IR-NEXT:    %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.MASTER"() ]
; IR-NEXT:    br label %DIR.QUAL.LIST.END.5
; IR-LABEL: DIR.OMP.END.MASTER.6:
; IR-NEXT:    call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.MASTER"() ]
; IR-NEXT:    br label %DIR.QUAL.LIST.END.7

@w = external global float
@.str = private constant [10 x i8] c"a[] = %f\0A\00"

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)

define float @foo(ptr %a, ptr %x, i32 %m) {
entry:
  %k = alloca i32, align 4
  %y = alloca float, align 4
  %a.addr = alloca ptr, align 8
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %k, i32 0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr %y, float 0.0, i32 1),
      "QUAL.OMP.PRIVATE:TYPED"(ptr @w, float 0.0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %a, ptr null, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %x, ptr null, i32 1) ]
  store i32 3, ptr %k, align 4
  br label %for.cond

for.cond:
  %0 = load i32, ptr %k, align 4
  %cmp = icmp slt i32 %0, 1000
  br i1 %cmp, label %for.body, label %for.end

for.body:
  store float 0x3FFCCCCCC0000000, ptr @w, align 4
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.MASTER"() ]
  %idx = sext i32 %0 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %1 = load float, ptr %p, align 4
  %conv = sitofp i32 %m to float
  %add = fadd float %1, %conv
  %2 = load float, ptr @w, align 4
  %add3 = fadd float %add, %2
  store float %add3, ptr %x, align 4
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.MASTER"() ]
  %3 = load float, ptr %x, align 4
  store float %3, ptr %y, align 4
  %inc = add nsw i32 %0, 1
  store i32 %inc, ptr %k, align 4
  br label %for.cond

for.end:
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.PARALLEL"() ]
  %p5 = getelementptr inbounds float, ptr %a, i64 5
  %4 = load float, ptr %p5, align 4
  %d = fpext float %4 to double
  %call = call i32 (ptr, ...) @printf(ptr @.str, double %d)
  ret float %4
}
