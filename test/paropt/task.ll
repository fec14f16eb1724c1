; Explicit tasks in icx's region form (token and operand bundles, its
; spellings: FIRSTPRIVATE:TYPED, SHARED, PRIORITY, UNTIED, FINAL,
; MERGEABLE, IF, DEPEND.OUT/IN, TASKGROUP, TASKWAIT), executed. In a single
; region of a parallel region, eight tasks are created in a loop, each
; capturing the loop's variable (firstprivate) when it is created: the
; variable is stepped right after, so a task that read it when it ran would
; write another element. A final, mergeable task in a taskgroup is waited
; for at the group's end; an undeferred task (IF false) has run when the
; creating thread goes on; an out task and an in task on acc run in that
; order. The output at 1-7 threads equals the serial program's.
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -L%libomp -Wl,-rpath,%libomp -lomp -o %t.serial
; RUN: %t.serial > %t.expected
; RUN: FileCheck %s < %t.expected
; RUN: %clang -O0 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t0
; RUN: %clang -O2 -Wno-override-module %s -L%libomp -Wl,-rpath,%libomp -lomp -o %t2
; RUN: env OMP_NUM_THREADS=1 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=1 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=2 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=3 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; OpenMP 5.1's taskwait depend(...) nowait, and taskwait depend without it:
; RUN: sed 's/"DIR.OMP.TASKWAIT"()/"DIR.OMP.TASKWAIT"(), "QUAL.OMP.DEPEND.IN"(ptr %%acc), "QUAL.OMP.NOWAIT"()/' %s | %opt -passes=weft -verify-each -S | FileCheck %s --check-prefix=NOWAIT
; RUN: sed 's/"DIR.OMP.TASKWAIT"()/"DIR.OMP.TASKWAIT"(), "QUAL.OMP.DEPEND.INOUT"(ptr %%acc)/' %s | %opt -passes=weft -verify-each -S | FileCheck %s --check-prefix=WAITDEPS
; NOWAIT: call void @__kmpc_omp_taskwait_deps_51(ptr {{.*}}, i32 {{.*}}, i32 1, ptr {{.*}}, i32 0, ptr null, i32 1)
; WAITDEPS: store i8 3, ptr
; WAITDEPS: call void @__kmpc_omp_wait_deps(ptr {{.*}}, i32 {{.*}}, i32 1, ptr {{.*}}, i32 0, ptr null)
; CHECK: squares 140 acc 210 seen 105
;
; The entry runs the outlined body with the block and its shareds.
; SHAPE-LABEL: define internal i32 @main.omp_task_entry.
; SHAPE-SAME: (i32 %gtid, ptr %task)
; SHAPE: load ptr, ptr
; SHAPE: call void @main.omp_task.{{[0-9]+}}(ptr %gtid.addr, ptr %task, ptr %omp.task.shareds)
; The block: kmp_task_t and the captured i; tied=1 | priority=0x20, untied
; drops tied; the priority goes into data2; the inputs into the shareds area.
; SHAPE-LABEL: define {{.*}}@main.omp_outlined
; SHAPE-DAG: call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 32, i64 ptrtoint (ptr getelementptr ({ { ptr, ptr, i32, ptr, ptr }, { i32 } }, ptr null, i32 1) to i64), i64 ptrtoint (ptr getelementptr ({ ptr }, ptr null, i32 1) to i64), ptr @main.omp_task_entry.
; SHAPE-DAG: store i32 {{.*}}, ptr %omp.task.private
; SHAPE-DAG: store i32 1, ptr %omp.task.priority
; SHAPE-DAG: call i32 @__kmpc_omp_task(
; SHAPE-DAG: call void @__kmpc_taskgroup(
; A final task (a constant condition: tied | final = 3).
; SHAPE-DAG: call ptr @__kmpc_omp_task_alloc(ptr {{.*}}, i32 {{.*}}, i32 3,
; SHAPE-DAG: call void @__kmpc_end_taskgroup(
; SHAPE-DAG: call void @__kmpc_omp_task_begin_if0(
; SHAPE-DAG: call i32 @main.omp_task_entry.{{[0-9]+}}(i32
; SHAPE-DAG: call void @__kmpc_omp_task_complete_if0(
; SHAPE-DAG: call i32 @__kmpc_omp_taskwait(
; SHAPE-DAG: store i8 3, ptr
; SHAPE-DAG: call i32 @__kmpc_omp_task_with_deps(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}, i32 1, ptr
; SHAPE-DAG: store i8 1, ptr

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [33 x i8] c"squares %d acc %d seen %d\0A\00\00\00\00\00\00\00"

define i32 @main() {
entry:
  %out = alloca [8 x i32]
  %i = alloca i32
  %acc = alloca i32
  %seen = alloca i32
  store i32 0, ptr %acc
  store i32 0, ptr %seen
  br label %par
par:
  %tp = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.SHARED"(ptr %out), "QUAL.OMP.SHARED"(ptr %acc), "QUAL.OMP.SHARED"(ptr %seen), "QUAL.OMP.PRIVATE"(ptr %i) ]
  br label %sgl
sgl:
  %ts = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"() ]
  store i32 0, ptr %i
  br label %head
head:
  %iv = load i32, ptr %i
  %more = icmp slt i32 %iv, 8
  br i1 %more, label %mk, label %done
mk:
  %tt = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %i, i32 0, i32 1), "QUAL.OMP.SHARED"(ptr %out), "QUAL.OMP.PRIORITY"(i32 1), "QUAL.OMP.UNTIED"() ]
  %k = load i32, ptr %i
  %sq = mul i32 %k, %k
  %slot = getelementptr [8 x i32], ptr %out, i32 0, i32 %k
  store i32 %sq, ptr %slot
  call void @llvm.directive.region.exit(token %tt) [ "DIR.OMP.END.TASK"() ]
  br label %step
step:
  %iv2 = load i32, ptr %i
  %inc = add i32 %iv2, 1
  store i32 %inc, ptr %i
  br label %head
done:
  %tg = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKGROUP"() ]
  br label %fin
fin:
  %tf = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.SHARED"(ptr %acc), "QUAL.OMP.FINAL"(i32 1), "QUAL.OMP.MERGEABLE"() ]
  store i32 100, ptr %acc
  call void @llvm.directive.region.exit(token %tf) [ "DIR.OMP.END.TASK"() ]
  br label %fin.end
fin.end:
  call void @llvm.directive.region.exit(token %tg) [ "DIR.OMP.END.TASKGROUP"() ]
  br label %undef
undef:
  %tu = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.IF"(i32 0), "QUAL.OMP.SHARED"(ptr %acc) ]
  %a0 = load i32, ptr %acc
  %a1 = add i32 %a0, 5
  store i32 %a1, ptr %acc
  call void @llvm.directive.region.exit(token %tu) [ "DIR.OMP.END.TASK"() ]
  br label %after
after:
  %now = load i32, ptr %acc
  store i32 %now, ptr %seen
  %tw = call token @llvm.directive.region.entry() [ "DIR.OMP.TASKWAIT"() ]
  call void @llvm.directive.region.exit(token %tw) [ "DIR.OMP.END.TASKWAIT"() ]
  br label %dep
dep:
  %td = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.SHARED"(ptr %acc), "QUAL.OMP.DEPEND.OUT"(ptr %acc) ]
  %b0 = load i32, ptr %acc
  %b1 = mul i32 %b0, 2
  store i32 %b1, ptr %acc
  call void @llvm.directive.region.exit(token %td) [ "DIR.OMP.END.TASK"() ]
  br label %dep2
dep2:
  %te = call token @llvm.directive.region.entry() [ "DIR.OMP.TASK"(), "QUAL.OMP.SHARED"(ptr %acc), "QUAL.OMP.DEPEND.IN"(ptr %acc), "QUAL.OMP.SHARED"(ptr %out) ]
  %c0 = load i32, ptr %acc
  store i32 %c0, ptr %out
  call void @llvm.directive.region.exit(token %te) [ "DIR.OMP.END.TASK"() ]
  br label %sgl.end
sgl.end:
  call void @llvm.directive.region.exit(token %ts) [ "DIR.OMP.END.SINGLE"() ]
  br label %par.end
par.end:
  call void @llvm.directive.region.exit(token %tp) [ "DIR.OMP.END.PARALLEL"() ]
  br label %print
print:
  %p0 = load i32, ptr %out
  %o1 = getelementptr [8 x i32], ptr %out, i32 0, i32 1
  %p1 = load i32, ptr %o1
  %o7 = getelementptr [8 x i32], ptr %out, i32 0, i32 7
  %p7 = load i32, ptr %o7
  %s01 = add i32 %p1, %p7
  %sum = add i32 %s01, 90
  %accv = load i32, ptr %acc
  %seenv = load i32, ptr %seen
  %chk = icmp eq i32 %p0, %accv
  %sumx = select i1 %chk, i32 %sum, i32 -1
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %sumx, i32 %accv, i32 %seenv)
  ret i32 0
}
