; distribute parallel for with dist_schedule(static, chunk) in both
; directive forms: every thread of a team asks for its team's chunks
; (__kmpc_for_static_init with kmp_distribute_static_chunked, 91), the
; team's chunk loop (omp.team.next: the chunk's first iteration, its upper
; bound cut at the loop's end, its own last flag) around the loop's own
; schedule (34, static), the next chunk after each inner loop. (Refused
; before: "a distribute chunk size on a distribute parallel loop".)
; Executed in test/cc/programs/distribute_parallel_for_chunk.c (weft-cc,
; both forms, against the serial program; the team of each iteration
; checked against the round-robin owner of its chunk).
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=weft -verify-each -S %t/region.ll | FileCheck %s
; RUN: %opt -passes=weft -verify-each -S %t/paper.ll | FileCheck %s
; CHECK: call void @__kmpc_for_static_init_4(ptr @{{.*}}, i32 %gtid, i32 91, ptr %omp.team.last, ptr %omp.team.lo, ptr %omp.team.hi, ptr %omp.team.stride, i32 1, i32 4)
; CHECK: omp.team.next:
; CHECK: %omp.team.more = icmp sle i32 %omp.team.first,
; CHECK: %omp.team.ends = icmp sge i32 %omp.team.upper,
; CHECK: store i32 %{{.*}}, ptr %omp.team.last
; CHECK: %omp.team.ub = select i1 %omp.team.ends,
; CHECK: omp.team.done:
; CHECK: omp.team.chunk:
; CHECK: call void @__kmpc_for_static_init_4(ptr @{{.*}}, i32 %gtid, i32 34, ptr %omp.last,
; CHECK: call void @__kmpc_for_static_fini(
; CHECK: %omp.team.step = load i32, ptr %omp.team.stride
; CHECK: br label %omp.team.next

;--- region.ll
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
define void @f() {
entry:
  %iv = alloca i32, align 4
  %ub = alloca i32, align 4
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TEAMS"() ]
  store i32 9, ptr %ub, align 4
  %d = call token @llvm.directive.region.entry() [ "DIR.OMP.DISTRIBUTE.PARLOOP"(), "QUAL.OMP.DIST_SCHEDULE.STATIC"(i32 4), "QUAL.OMP.NORMALIZED.IV"(ptr %iv), "QUAL.OMP.NORMALIZED.UB"(ptr %ub) ]
  store i32 0, ptr %iv, align 4
  br label %cond
cond:
  %i = load i32, ptr %iv, align 4
  %u = load i32, ptr %ub, align 4
  %c = icmp sle i32 %i, %u
  br i1 %c, label %body, label %exit
body:
  %n = add i32 %i, 1
  store i32 %n, ptr %iv, align 4
  br label %cond
exit:
  call void @llvm.directive.region.exit(token %d) [ "DIR.OMP.END.DISTRIBUTE.PARLOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TEAMS"() ]
  ret void
}

;--- paper.ll
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
define void @f() {
entry:
  %iv = alloca i32, align 4
  %ub = alloca i32, align 4
  call void @llvm.directive(metadata !"DIR.OMP.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 9, ptr %ub, align 4
  call void @llvm.directive(metadata !"DIR.OMP.DISTRIBUTE.PARLOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.DIST_SCHEDULE.STATIC", i32 4)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %iv)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %ub)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %iv, align 4
  br label %cond
cond:
  %i = load i32, ptr %iv, align 4
  %u = load i32, ptr %ub, align 4
  %c = icmp sle i32 %i, %u
  br i1 %c, label %body, label %exit
body:
  %n = add i32 %i, 1
  store i32 %n, ptr %iv, align 4
  br label %cond
exit:
  call void @llvm.directive(metadata !"DIR.OMP.END.DISTRIBUTE.PARLOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TEAMS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}
