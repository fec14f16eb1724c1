; The shape of weft-paropt's output for each construct it lowers.
; RUN: %opt -passes=weft -S %s | FileCheck %s
; RUN: %opt -passes=weft -S %s | FileCheck %s --check-prefix=DYN
; RUN: %opt -passes=weft -pass-remarks=weft -pass-remarks-missed=weft -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=weft -verify-each -disable-output %s

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @work(i32)

; A parallel region with num_threads, proc_bind and if: pushed before the
; fork; the if(false) path runs the microtask serialized.
; CHECK-LABEL: define void @par(
; CHECK: %[[G:.*]] = call i32 @__kmpc_global_thread_num(ptr @[[ID0:.*]])
; CHECK: call void @__kmpc_push_num_threads(ptr @[[ID:.*]], i32 %[[G]], i32 %n)
; CHECK: call void @__kmpc_push_proc_bind(ptr @[[ID]], i32 %[[G]], i32 4)
; CHECK: br i1 %c, label %omp.if.then, label %omp.if.else
; CHECK: omp.if.then:
; CHECK: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @[[ID]], i32 1, ptr @par.omp_outlined.1, ptr %structArg)
; CHECK: omp.if.else:
; CHECK: call void @__kmpc_serialized_parallel(ptr @[[ID]], i32 %[[G]])
; CHECK: call void @par.omp_outlined.1(ptr %omp.serial.gtid, ptr %omp.serial.btid, ptr %structArg)
; CHECK: call void @__kmpc_end_serialized_parallel(ptr @[[ID]], i32 %[[G]])
; CHECK-NOT: llvm.directive
define void @par(i32 %n, i1 %c, i32 %k) {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(), "QUAL.OMP.NUM_THREADS"(i32 %n),
      "QUAL.OMP.PROC.BIND.SPREAD"(), "QUAL.OMP.IF"(i1 %c) ]
  call void @work(i32 %k)
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}
; The microtask: libomp's signature; the thread id is the gtid argument, read
; once; the values the body reads come in one aggregate.
; CHECK-LABEL: define internal void @par.omp_outlined.1(ptr noalias %gtid.addr, ptr noalias %btid.addr, ptr %args)
; CHECK: load i32, ptr
; CHECK: call void @work(i32

; master, critical (named), single nowait (no barrier of its own) and an
; explicit barrier inside a parallel region: one barrier in all.
; RUN: %opt -passes=weft -S %s | grep -c 'call void @__kmpc_barrier(' | FileCheck %s --check-prefix=ONEBARRIER
; ONEBARRIER: 1
; CHECK-LABEL: define internal void @sync.omp_outlined.1(
; CHECK: %gtid = load i32, ptr %gtid.addr
; CHECK-DAG: %[[M:.*]] = call i32 @__kmpc_master(ptr @{{.*}}, i32 %gtid)
; CHECK-DAG: icmp ne i32 %[[M]], 0
; CHECK-DAG: call void @work(i32 1)
; CHECK-DAG: call void @__kmpc_end_master(ptr @{{.*}}, i32 %gtid)
; CHECK-DAG: call void @__kmpc_critical(ptr @{{.*}}, i32 %gtid, ptr @.gomp_critical_user_lk.var)
; CHECK-DAG: call void @work(i32 2)
; CHECK-DAG: call void @__kmpc_end_critical(ptr @{{.*}}, i32 %gtid, ptr @.gomp_critical_user_lk.var)
; CHECK-DAG: call i32 @__kmpc_single(
; CHECK-DAG: call void @work(i32 3)
; CHECK-DAG: call void @__kmpc_end_single(
; CHECK-DAG: call void @__kmpc_barrier(
; CHECK: ret void
@lk = private constant [3 x i8] c"lk\00"
define void @sync() {
entry:
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"() ]
  %m = call token @llvm.directive.region.entry() [ "DIR.OMP.MASTER"() ]
  call void @work(i32 1)
  call void @llvm.directive.region.exit(token %m) [ "DIR.OMP.END.MASTER"() ]
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"(ptr @lk) ]
  call void @work(i32 2)
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"(), "QUAL.OMP.NOWAIT"() ]
  call void @work(i32 3)
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SINGLE"() ]
  %b = call token @llvm.directive.region.entry() [ "DIR.OMP.BARRIER"() ]
  call void @llvm.directive.region.exit(token %b) [ "DIR.OMP.END.BARRIER"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ret void
}

; A dynamic worksharing loop with a chunk: a chunk loop through
; __kmpc_dispatch_next around the loop's own code; i64 unsigned IV.
; DYN-LABEL: define internal void @dyn.omp_outlined.1(
; DYN: call void @__kmpc_dispatch_init_8u(ptr @{{.*}}, i32 %gtid, i32 1073741859, i64 0, i64 %omp.ub0, i64 1, i64 4)
; DYN: omp.dispatch:
; DYN: %omp.more = icmp ne i32 %{{.*}}, 0
; DYN: br i1 %omp.more, label %omp.chunk, label %omp.loop.done
; DYN: omp.chunk:
; DYN: store i64 %omp.chunk.hi, ptr %iv.ub.priv
; DYN: store i64 %omp.chunk.lo, ptr %iv.priv
define void @dyn(i64 %n) {
entry:
  %iv = alloca i64
  %iv.ub = alloca i64
  %last = sub i64 %n, 1
  store i64 %last, ptr %iv.ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(), "QUAL.OMP.SCHEDULE.DYNAMIC"(i64 4),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i64 0), "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %iv.ub, i64 0) ]
  store i64 0, ptr %iv
  br label %cond
cond:
  %i = load i64, ptr %iv
  %u = load i64, ptr %iv.ub
  %c = icmp ule i64 %i, %u
  br i1 %c, label %body, label %done
body:
  %i32 = trunc i64 %i to i32
  call void @work(i32 %i32)
  %i1 = add i64 %i, 1
  store i64 %i1, ptr %iv
  br label %cond
done:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; REMARK-DAG: remark: {{.*}}DIR.OMP.PARALLEL (region 1) lowered; outlined into @par.omp_outlined.1 and forked through __kmpc_fork_call
; REMARK-DAG: remark: {{.*}}DIR.OMP.MASTER (region 2) lowered in place: __kmpc_master / __kmpc_end_master
; REMARK-DAG: remark: {{.*}}DIR.OMP.CRITICAL (region 3) lowered in place: __kmpc_critical on the lock of 'lk'
; REMARK-DAG: remark: {{.*}}DIR.OMP.SINGLE (region 4) lowered in place: __kmpc_single / __kmpc_end_single
; REMARK-DAG: remark: {{.*}}DIR.OMP.PARALLEL.LOOP (region 1) lowered; 1 private, 1 firstprivate, 0 lastprivate, 0 linear, 0 reduction variable(s); loop partitioned, schedule Dynamic with a chunk (sched_type 1073741859), unsigned i64 IV, through __kmpc_dispatch_init_8u/__kmpc_dispatch_next_8u; outlined into @dyn.omp_outlined.1
