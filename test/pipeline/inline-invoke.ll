; A region inlined at an invoke site: the inliner would turn the directive
; calls into invokes (which crash instruction selection) unless they are
; nounwind, which weft marks them at pipeline start; the region's own calls
; that may throw get unwind edges, which are not region exits. weft must
; see a valid region and lower it, never crash.
;
; RUN: %clang -O2 -S -emit-llvm %s -o - 2>&1 | FileCheck %s --implicit-check-not='Stack dump' --implicit-check-not=PLEASE
; RUN: %opt -passes='default<O2>' -S %s 2>&1 | FileCheck %s
; CHECK: {{(tail )?}}call void @__kmpc_critical(
; CHECK: void @work()
; CHECK: {{(tail )?}}call void @__kmpc_end_critical(

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @work()
declare void @dtor()
declare i32 @__gxx_personality_v0(...)

define internal void @g() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"() ]
  call void @work()
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.CRITICAL"() ]
  ret void
}

define void @h() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  call void @dtor()
  resume { ptr, i32 } %l
}
