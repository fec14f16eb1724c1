; Directive calls must survive LLVM's CFG simplification. Two identical
; `single` regions on the two arms of a branch: without protection,
; SimplifyCFG hoists the identical region.entry calls into one (one entry,
; two ENDs); weft marks the directive intrinsics `nomerge convergent` at the
; start of every pipeline (and in weft-prepare), which keeps them apart.
;
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=ATTR
; ATTR: declare token @llvm.directive.region.entry() #[[A:[0-9]+]]
; ATTR: attributes #[[A]] = { convergent nomerge nounwind }
;
; Unprotected, the graph breaks; protected, both regions stay.
; RUN: not %opt -passes='function(simplifycfg<hoist-common-insts;sink-common-insts>),print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BROKEN
; BROKEN: error: weft: DIR.OMP.SINGLE in function 'f': has more than one END
; RUN: %opt -passes='weft-prepare,function(simplifycfg<hoist-common-insts;sink-common-insts>),print<wregions>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; CHECK: BEGIN WRNSingleNode<1> {
; CHECK: } END WRNSingleNode<1>
; CHECK: BEGIN WRNSingleNode<2> {
; CHECK: } END WRNSingleNode<2>
;
; The automatic pipeline-start hook protects them in clang and opt at -O2:
; the graph is valid and weft-paropt lowers both regions.
; RUN: %clang -O2 -S -emit-llvm %s -o - 2>&1 | FileCheck %s --check-prefix=HOOK --implicit-check-not='more than one END'
; RUN: %opt -passes='default<O2>' -S %s 2>&1 | FileCheck %s --check-prefix=HOOK --implicit-check-not='more than one END'
; HOOK: call i32 @__kmpc_single(
; HOOK: call void @use(i32 1)
; HOOK: call i32 @__kmpc_single(
; HOOK: call void @use(i32 2)

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @use(i32)

define void @f(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b
a:
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  call void @use(i32 1)
  store i32 1, ptr %p
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.SINGLE"() ]
  call void @use(i32 7)
  br label %j
b:
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  call void @use(i32 2)
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.SINGLE"() ]
  call void @use(i32 9)
  br label %j
j:
  ret void
}
