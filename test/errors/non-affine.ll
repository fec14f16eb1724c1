; A collapsed inner loop whose bound is not affine in the outer loop's
; variable (i * i, i / 2) cannot be counted: refused with the loop's
; directive and function, never lowered with the bound weft would guess.
; RUN: sed 's/BOUND/%%lim = mul i32 %%iv1, %%iv1/' %s | not %opt -passes=weft -disable-output 2>&1 | FileCheck %s
; RUN: sed 's/BOUND/%%lim = sdiv i32 %%iv1, 2/' %s | not %opt -passes=weft -disable-output 2>&1 | FileCheck %s
; RUN: sed 's/BOUND/%%lim = add i32 %%iv1, 1/' %s | %opt -passes=weft -disable-output
; CHECK: error: weft: DIR.OMP.PARALLEL.LOOP in function 'f': cannot count this worksharing loop's iterations: the collapsed nest is not rectangular (an inner loop's bound changes with the outer loops, not as an affine function of their variables) [rule: loop-form]
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @f(i32 %n, ptr %a) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.COLLAPSE"(i32 2), "QUAL.OMP.SHARED"(ptr %a) ]
  br label %h1
h1:
  %iv1 = phi i32 [ 0, %entry ], [ %n1, %l1 ]
  %c1 = icmp slt i32 %iv1, %n
  br i1 %c1, label %b1, label %e1
b1:
  br label %h2
h2:
  %iv2 = phi i32 [ 0, %b1 ], [ %n2, %b2 ]
  BOUND
  %c2 = icmp slt i32 %iv2, %lim
  br i1 %c2, label %b2, label %l1
b2:
  %x = mul i32 %iv1, 64
  %y = add i32 %x, %iv2
  %p = getelementptr i32, ptr %a, i32 %y
  store i32 1, ptr %p
  %n2 = add i32 %iv2, 1
  br label %h2
l1:
  %n1 = add i32 %iv1, 1
  br label %h1
e1:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}
