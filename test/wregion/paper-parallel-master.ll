; The paper's section V.A example (parallel + master), in the paper's form.
; print<wregions> must show its Figure (I) tree: a WRNParallelNode<1> with a
; WRNMasterNode<2> nested inside, each with entry/exit blocks and data env.
;
; RUN: %opt -passes='print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=RAW --match-full-lines --strict-whitespace
; RUN: %opt -passes='weft-prepare,print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --match-full-lines --strict-whitespace
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=IR

; Before weft-prepare the regions start in the blocks that hold their directives.
; RAW:W-Region graph for function 'foo':
; RAW-NEXT:BEGIN WRNParallelNode<1> {
; RAW-NEXT:  DIRECTIVE: DIR.OMP.PARALLEL (llvm.directive)
; RAW-NEXT:  DEPTH: 0
; RAW-NEXT:  ENTRY BB: %entry
; RAW-NEXT:  EXIT BB: %for.end
; RAW:  BEGIN WRNMasterNode<2> {
; RAW-NEXT:    DIRECTIVE: DIR.OMP.MASTER (llvm.directive)
; RAW-NEXT:    DEPTH: 1
; RAW-NEXT:    ENTRY BB: %for.body
; RAW-NEXT:    EXIT BB: %for.body
; RAW-NEXT:  } END WRNMasterNode<2>
; RAW-NEXT:} END WRNParallelNode<1>

; After weft-prepare each directive group has a block of its own.
; CHECK:W-Region graph for function 'foo':
; CHECK-NEXT:BEGIN WRNParallelNode<1> {
; CHECK-NEXT:  DIRECTIVE: DIR.OMP.PARALLEL (llvm.directive)
; CHECK-NEXT:  DEPTH: 0
; CHECK-NEXT:  ENTRY BB: %DIR.OMP.PARALLEL.1
; CHECK-NEXT:  EXIT BB: %for.end
; CHECK-NEXT:  IF: UNSPECIFIED
; CHECK-NEXT:  NUM_THREADS: UNSPECIFIED
; CHECK-NEXT:  DEFAULT: UNSPECIFIED
; CHECK-NEXT:  PROC_BIND: UNSPECIFIED
; CHECK-NEXT:  SHARED: ptr %a, ptr %x
; CHECK-NEXT:  PRIVATE: ptr %k, ptr %y, ptr @w
; CHECK-NEXT:  FIRSTPRIVATE: NONE
; CHECK-NEXT:  COPYIN: NONE
; CHECK-NEXT:  REDUCTION: NONE
; CHECK-NEXT:  BEGIN WRNMasterNode<2> {
; CHECK-NEXT:    DIRECTIVE: DIR.OMP.MASTER (llvm.directive)
; CHECK-NEXT:    DEPTH: 1
; CHECK-NEXT:    ENTRY BB: %DIR.OMP.MASTER.4
; CHECK-NEXT:    EXIT BB: %DIR.OMP.END.MASTER.6
; CHECK-NEXT:  } END WRNMasterNode<2>
; CHECK-NEXT:} END WRNParallelNode<1>

; The entry and exit blocks hold only their directive group and a branch.
; IR-LABEL: DIR.OMP.MASTER.4:
; IR-NEXT:    call void @llvm.directive(metadata !"DIR.OMP.MASTER")
; IR-NEXT:    call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; IR-NEXT:    br label %DIR.QUAL.LIST.END.5
; IR-LABEL: DIR.OMP.END.MASTER.6:
; IR-NEXT:    call void @llvm.directive(metadata !"DIR.OMP.END.MASTER")
; IR-NEXT:    call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; IR-NEXT:    br label %DIR.QUAL.LIST.END.7
; IR-LABEL: for.end:
; IR-NEXT:    call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
; IR-NEXT:    call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
; IR-NEXT:    br label %DIR.QUAL.LIST.END.3

@w = external global float
@.str = private constant [10 x i8] c"a[] = %f\0A\00"

declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd(metadata, ...)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)

define float @foo(ptr %a, ptr %x, i32 %m) {
entry:
  %k = alloca i32, align 4
  %y = alloca float, align 4
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %k, ptr %y, ptr @w)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %a, ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 3, ptr %k, align 4
  br label %for.cond

for.cond:
  %0 = load i32, ptr %k, align 4
  %cmp = icmp slt i32 %0, 1000
  br i1 %cmp, label %for.body, label %for.end

for.body:
  store float 0x3FFCCCCCC0000000, ptr @w, align 4
  call void @llvm.directive(metadata !"DIR.OMP.MASTER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %idx = sext i32 %0 to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %1 = load float, ptr %p, align 4
  %conv = sitofp i32 %m to float
  %add = fadd float %1, %conv
  %2 = load float, ptr @w, align 4
  %add3 = fadd float %add, %2
  store float %add3, ptr %x, align 4
  call void @llvm.directive(metadata !"DIR.OMP.END.MASTER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %3 = load float, ptr %x, align 4
  store float %3, ptr %y, align 4
  %inc = add nsw i32 %0, 1
  store i32 %inc, ptr %k, align 4
  br label %for.cond

for.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %p5 = getelementptr inbounds float, ptr %a, i64 5
  %4 = load float, ptr %p5, align 4
  %d = fpext float %4 to double
  %call = call i32 (ptr, ...) @printf(ptr @.str, double %d)
  ret float %4
}
