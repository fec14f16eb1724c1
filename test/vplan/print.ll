; print<vplan> on the paper's loop (Tian et al. 2016, V.B), region form: the
; initial VPlan is the loop one-to-one (VPBlocks keeping their original
; blocks, in the paper's notation); after analysis every value has its
; divergence, the header phis their roles, the division under a condition
; a safe divisor and an all-false bypass (a VPBlock of its own, OriginalBB
; none), and the phi where the paths meet a blend.
; RUN: %opt -passes='print<vplan>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'foo' (initial):
; CHECK-NEXT: VPBlock<1>:
; CHECK-NEXT:   OriginalBB: for.body
; CHECK:        %cmp2 = icmp sgt i32 %0, %m
; CHECK-NEXT:   VPBlockSuccessors <2> @%cmp2, <3> @!%cmp2
; CHECK-NEXT: VPBlock<2>:
; CHECK-NEXT:   OriginalBB: if.then
; CHECK-NEXT:   %div = sdiv i32 %m, %0
; CHECK-NEXT:   VPBlockSuccessors <3>
; CHECK-NEXT: VPBlock<3>:
; CHECK-NEXT:   OriginalBB: if.end
;
; CHECK-LABEL: VPlan for DIR.OMP.SIMD (region 1) in function 'foo' (after analysis: VF {{[0-9]+}}):
; CHECK-NEXT: VPBlock<1>:
; CHECK-NEXT:   OriginalBB: for.body
; CHECK-NEXT:   Mask: all lanes
; CHECK-NEXT:   %k = phi i64{{.*}}; linear 1, induction step 1
; CHECK-NEXT:   %arrayidx = getelementptr inbounds i32, ptr %a, i64 %k{{.*}}; linear 4
; CHECK-NEXT:   %0 = load i32, ptr %arrayidx{{.*}}; varying
; CHECK-NEXT:   %cmp2 = icmp sgt i32 %0, %m{{.*}}; varying
; CHECK-NEXT:   VPBlockSuccessors <4>
; CHECK-NEXT: VPBlock<4>:
; CHECK-NEXT:   OriginalBB: none
; CHECK-NEXT:   %if.then.any = vector_mask_to_int %cmp2 ; any lane active
; CHECK-NEXT:   VPBlockSuccessors <2> @%if.then.any, <3> @!%if.then.any
; CHECK-NEXT: VPBlock<2>:
; CHECK-NEXT:   OriginalBB: if.then
; CHECK-NEXT:   Mask: %cmp2
; CHECK-NEXT:   %div.safe.divisor = select %cmp2, %0, 1 ; safe divisor
; CHECK-NEXT:   %div = sdiv i32 %m, %0{{.*}}; varying, masked by %cmp2
; CHECK-NEXT:   VPBlockSuccessors <3>
; CHECK-NEXT: VPBlock<3>:
; CHECK-NEXT:   OriginalBB: if.end
; CHECK-NEXT:   Mask: all lanes
; CHECK-NEXT:   %for.body.not = not %cmp2
; CHECK-NEXT:   %y = blend %div @%cmp2, %0 @%for.body.not
; CHECK:        store i32 %add, ptr %arrayidx{{.*}}; varying
;
; A loop with a value carried from one iteration to the next has a plan,
; but no vector code (weft-vectorize says why).
; RUN: %opt -passes=weft-vectorize -pass-remarks-missed=weft -disable-output %S/Inputs/carried.ll 2>&1 | FileCheck %s --check-prefix=CARRIED
; CARRIED: remark: {{.*}}DIR.OMP.SIMD (region 1) in function 'prefix' left scalar: %s carries a value from one iteration to the next that is neither an induction nor a reduction

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)

define void @foo(ptr %a, i32 %m) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.SIMD"() ]
  br label %for.body
for.body:
  %k = phi i64 [ 3, %entry ], [ %k.next, %if.end ]
  %arrayidx = getelementptr inbounds i32, ptr %a, i64 %k
  %0 = load i32, ptr %arrayidx, align 4
  %cmp2 = icmp sgt i32 %0, %m
  br i1 %cmp2, label %if.then, label %if.end
if.then:
  %div = sdiv i32 %m, %0
  br label %if.end
if.end:
  %y = phi i32 [ %div, %if.then ], [ %0, %for.body ]
  %k32 = trunc i64 %k to i32
  %add = add nsw i32 %k32, %y
  store i32 %add, ptr %arrayidx, align 4
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, 10001
  br i1 %done, label %exit, label %for.body
exit:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.SIMD"() ]
  ret void
}
