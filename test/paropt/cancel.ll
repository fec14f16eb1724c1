; cancel and cancellation point (OpenMP 5.1 §2.20), executed with
; OMP_CANCELLATION unset (libomp answers 0: nothing is cancelled) and set.
; Region form: a search whose worksharing loop has a cancellation point in
; every iteration and cancels itself at the key; the finder's own static
; block then stops at the key (iteration 351 is in the block of 350 at 1-7
; threads), and every thread sees the key after the loop's static fini and
; closing barrier. Paper form: the first thread of a parallel region
; cancels it (cancel with an if clause); the barrier after it is a cancel
; barrier, so with cancellation on no thread runs what follows it. Each
; can fail: a cancel that does not branch runs iteration 351 (ON sees 1),
; one that branches on a 0 answer skips it (OFF sees 0); a plain barrier
; hangs, one that leaves on a 0 answer prints skipped 1 under OFF.
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s --check-prefix=OFF
; RUN: env OMP_NUM_THREADS=3 %t2 | FileCheck %s --check-prefix=OFF
; RUN: env OMP_NUM_THREADS=7 %t0 | FileCheck %s --check-prefix=OFF
; RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %t0 | FileCheck %s --check-prefix=ON
; RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %t2 | FileCheck %s --check-prefix=ON
; RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 %t0 | FileCheck %s --check-prefix=ON
; RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=7 %t2 | FileCheck %s --check-prefix=ON
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; OFF: found 350 unseen 0 next-ran 1
; OFF-NEXT: skipped 0
; ON: found 350 unseen 0 next-ran 0
; ON-NEXT: skipped 1
;
; SHAPE-LABEL: define internal void @search.omp_outlined.1(
; SHAPE: call void @__kmpc_for_static_init_{{4|8}}(
; SHAPE: [[EXIT:[a-z]+]]: {{.*}}%omp.cancel.leave
; SHAPE-NEXT: call void @__kmpc_for_static_fini(
; SHAPE-NEXT: br label %[[END:.*]]
; SHAPE: [[END]]:
; SHAPE-NEXT: call i32 @__kmpc_cancel_barrier(
; SHAPE: %[[P:[0-9]+]] = call i32 @__kmpc_cancellationpoint(ptr @{{.*}}, i32 %gtid, i32 2)
; SHAPE-NEXT: %[[PC:.*]] = icmp ne i32 %[[P]], 0
; SHAPE-NEXT: br i1 %[[PC]], label %[[LEAVE:[a-z0-9.]+]], label
; SHAPE: [[LEAVE]]:
; SHAPE-NEXT: br label %[[EXIT]]
; SHAPE: call i32 @__kmpc_cancel(ptr @{{.*}}, i32 %gtid, i32 2)
; SHAPE-NOT: call void @__kmpc_barrier(
; SHAPE-LABEL: define internal void @par.omp_outlined.1(
; SHAPE: br i1 %first, label %omp.cancel.ask, label
; SHAPE: omp.cancel.ask:
; SHAPE-NEXT: call i32 @__kmpc_cancel(ptr @{{.*}}, i32 %gtid, i32 1)
; SHAPE: omp.cancel.leave:
; SHAPE-NEXT: call i32 @__kmpc_cancel_barrier(
; SHAPE: %[[B:[0-9]+]] = call i32 @__kmpc_cancel_barrier(
; SHAPE-NEXT: %[[BC:.*]] = icmp ne i32 %[[B]], 0
; SHAPE-NEXT: br i1 %[[BC]]
; SHAPE-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opnd.i1(metadata, i1)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt1 = private constant [32 x i8] c"found %d unseen %d next-ran %d\0A\00"
@fmt2 = private constant [12 x i8] c"skipped %d\0A\00"
@ran = global [700 x i8] zeroinitializer
@ticket = global i32 0
@after = global i32 0

define void @search() {
entry:
  %found = alloca i32
  %unseen = alloca i32
  store i32 -1, ptr %found
  store i32 0, ptr %unseen
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %found, i32 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %unseen, i32 0, i32 1) ]
  br label %l
l:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"() ]
  br label %h
h:
  %i = phi i32 [ 0, %l ], [ %i1, %latch ]
  %c = icmp slt i32 %i, 700
  br i1 %c, label %b, label %x
b:
  %cp = call token @llvm.directive.region.entry() [ "DIR.OMP.CANCELLATION.POINT"(), "QUAL.OMP.CANCEL.LOOP"() ]
  call void @llvm.directive.region.exit(token %cp) [ "DIR.OMP.END.CANCELLATION.POINT"() ]
  %p = getelementptr [700 x i8], ptr @ran, i32 0, i32 %i
  store i8 1, ptr %p
  %hit = icmp eq i32 %i, 350
  br i1 %hit, label %y, label %latch
y:
  store i32 %i, ptr %found
  %cc = call token @llvm.directive.region.entry() [ "DIR.OMP.CANCEL"(), "QUAL.OMP.CANCEL.LOOP"() ]
  call void @llvm.directive.region.exit(token %cc) [ "DIR.OMP.END.CANCEL"() ]
  br label %latch
latch:
  %i1 = add i32 %i, 1
  br label %h
x:
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.LOOP"() ]
  %f = load i32, ptr %found
  %miss = icmp ne i32 %f, 350
  %m = zext i1 %miss to i32
  atomicrmw add ptr %unseen, i32 %m seq_cst
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %fv = load i32, ptr %found
  %uv = load i32, ptr %unseen
  %nx = load i8, ptr getelementptr ([700 x i8], ptr @ran, i32 0, i32 351)
  %n = zext i8 %nx to i32
  call i32 (ptr, ...) @printf(ptr @fmt1, i32 %fv, i32 %uv, i32 %n)
  ret void
}

define void @par() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  %me = atomicrmw add ptr @ticket, i32 1 seq_cst
  %first = icmp eq i32 %me, 0
  call void @llvm.directive(metadata !"DIR.OMP.CANCEL")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.CANCEL.PARALLEL")
  call void @llvm.directive.qual.opnd.i1(metadata !"QUAL.OMP.IF", i1 %first)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.CANCEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  atomicrmw add ptr @after, i32 1 seq_cst
  br label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %a = load i32, ptr @after
  %none = icmp eq i32 %a, 0
  %s = zext i1 %none to i32
  call i32 (ptr, ...) @printf(ptr @fmt2, i32 %s)
  ret void
}

define i32 @main() {
  call void @search()
  call void @par()
  ret i32 0
}
