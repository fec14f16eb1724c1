; Task reductions of whole arrays and of declared reductions, for shape
; (their execution: test/cc/programs/task_reduction_array.c and
; task_reduction_udr.c, which check.sh also runs in the paper form).
; Region form as icx writes it: a taskgroup's REDUCTION.ADD:TYPED of 8 i32
; registers 32 bytes with init and comb functions that loop over the 8
; elements; a REDUCTION.UDR item registers functions that call its
; initializer and combiner, and its destructor as fini; a task's
; INREDUCTION.UDR finds its thread's copy. Paper form: an array variable's
; REDUCTION.MAX through llvm.directive.qual.opndlist.
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @use(ptr)

define internal void @comb(ptr %out, ptr %in) {
  ret void
}
define internal void @init(ptr %priv, ptr %orig) {
  ret void
}
define internal void @dtor(ptr %this) {
  ret void
}

; CHECK-LABEL: define void @region(
; CHECK: store ptr @weft.taskred.init.Add.i32.x8, ptr
; CHECK: store ptr @weft.taskred.comb.Add.i32.x8, ptr
; CHECK: store ptr @weft.taskred.udr.comb.i64.init, ptr
; CHECK-NEXT: getelementptr
; CHECK-NEXT: store ptr @dtor, ptr
; CHECK-NEXT: getelementptr
; CHECK-NEXT: store ptr @weft.taskred.udr.comb.i64.comb, ptr
; CHECK: call ptr @__kmpc_taskred_init(i32 {{.*}}, i32 2, ptr
define void @region() {
  %a = alloca [8 x i32], align 4
  %u = alloca i64, align 8
  %g = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"(),
    "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %a, i32 0, i64 8),
    "QUAL.OMP.REDUCTION.UDR"(ptr %u, ptr null, ptr @dtor, ptr @comb, ptr @init) ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(),
    "QUAL.OMP.INREDUCTION.ADD:TYPED"(ptr %a, i32 0, i64 8),
    "QUAL.OMP.INREDUCTION.UDR"(ptr %u, ptr null, ptr @dtor, ptr @comb, ptr @init) ]
  call void @use(ptr %a)
  call void @use(ptr %u)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TASK"() ]
  call void @llvm.directive.region.exit(token %g) [ "DIR.OMP.END.TASKGROUP"() ]
  ret void
}

; CHECK-LABEL: define void @paper(
; CHECK: store ptr @weft.taskred.init.Max.i64.x4, ptr
; CHECK: call ptr @__kmpc_taskred_init(i32 {{.*}}, i32 1, ptr
; The task's body (outlined after both functions) finds its copies.
; CHECK: call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr %{{.*}}a)
; CHECK: call ptr @__kmpc_task_reduction_get_th_data(i32 %gtid, ptr null, ptr %{{.*}}u)
; The init function stores the identity into each of the 8 elements.
; CHECK-LABEL: define internal void @weft.taskred.init.Add.i32.x8(
; CHECK: phi i64
; CHECK: store i32 0, ptr
; CHECK: icmp ult i64 %{{.*}}, 8
; CHECK-LABEL: define internal void @weft.taskred.udr.comb.i64.init(
; CHECK: call void @init(ptr %0, ptr %1)
; CHECK-LABEL: define internal void @weft.taskred.udr.comb.i64.comb(
; CHECK: call void @comb(ptr %0, ptr %1)
define void @paper() {
  %m = alloca [4 x i64], align 8
  call void @llvm.directive(metadata !"DIR.OMP.TASKGROUP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.MAX", ptr %m)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @use(ptr %m)
  call void @llvm.directive(metadata !"DIR.OMP.END.TASKGROUP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
