; A task's OpenMP 5.x clauses in both directive forms, for shape (their
; execution: test/cc/programs/task_detach.c and task_depobj.c, which
; check.sh also runs in the paper form). Region form as icx writes it:
; DETACH:TYPED makes the task detachable (flag 0x40 with tied, 65) and
; stores __kmpc_task_allow_completion_event's handle into the event
; variable before the firstprivate copies (the handle is firstprivate in
; the task); AFFINITY is a hint and leaves nothing; DEPARRAY's entries
; follow the DEPEND items in a list sized at run time between stacksave
; and stackrestore, for a task and for a taskwait. Paper form: the same
; clauses through llvm.directive.qual.opndlist.
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @use(i64)

; CHECK-LABEL: define void @region(
; CHECK: [[T:%.*]] = call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 65,
; CHECK-NEXT: [[E:%.*]] = call ptr @__kmpc_task_allow_completion_event(ptr {{.*}}, i32 {{.*}}, ptr [[T]])
; CHECK-NEXT: [[I:%.*]] = ptrtoint ptr [[E]] to i64
; CHECK-NEXT: store i64 [[I]], ptr %ev
; CHECK: load i64, ptr %ev
; CHECK: call i32 @__kmpc_omp_task(
; CHECK-NOT: affinity
; CHECK: call ptr @llvm.stacksave()
; CHECK: [[L:%.*]] = alloca { i64, i64, i8 }, i64 %
; CHECK: call void @llvm.memcpy.p0.p0.i64(
; CHECK: call i32 @__kmpc_omp_task_with_deps(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 %{{.*}}, ptr [[L]], i32 0, ptr null)
; CHECK-NEXT: call void @llvm.stackrestore(
; CHECK: call ptr @llvm.stacksave()
; CHECK: call void @__kmpc_omp_wait_deps(ptr {{.*}}, i32 {{.*}}, i32 %{{.*}}, ptr %{{.*}}, i32 0, ptr null)
; CHECK-NEXT: call void @llvm.stackrestore(
define void @region(ptr %x, ptr %deps, i32 %n) {
  %ev = alloca i64, align 8
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(),
    "QUAL.OMP.DETACH:TYPED"(ptr %ev, i64 0, i32 1),
    "QUAL.OMP.AFFINITY"(ptr %x) ]
  %v = load i64, ptr %ev, align 8
  call void @use(i64 %v)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TASK"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(),
    "QUAL.OMP.DEPEND.IN:TYPED"(ptr %x, i32 0, i64 1),
    "QUAL.OMP.DEPARRAY"(i32 %n, ptr %deps) ]
  call void @use(i64 1)
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.TASK"() ]
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKWAIT"(),
    "QUAL.OMP.DEPARRAY"(i32 %n, ptr %deps) ]
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.TASKWAIT"() ]
  ret void
}

; CHECK-LABEL: define void @paper(
; CHECK: [[T:%.*]] = call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 65,
; CHECK-NEXT: call ptr @__kmpc_task_allow_completion_event(ptr {{.*}}, i32 {{.*}}, ptr [[T]])
; CHECK: call i32 @__kmpc_omp_task_with_deps(
define void @paper(ptr %x, ptr %deps, i32 %n) {
  %ev = alloca i64, align 8
  call void @llvm.directive(metadata !"DIR.OMP.TASK")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DETACH", ptr %ev)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.AFFINITY", ptr %x)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DEPARRAY", i32 %n, ptr %deps)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i64, ptr %ev, align 8
  call void @use(i64 %v)
  call void @llvm.directive(metadata !"DIR.OMP.END.TASK")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
