; A critical construct's name given as icx writes it: the NAME operand a
; constant i8 array, with or without a terminating NUL ("QUAL.OMP.NAME"([5 x
; i8] c"tally")). Every spelling of one name (array with and without NUL, a
; global C string, the paper form's metadata string) takes the one lock
; clang and libomp use for it, @.gomp_critical_user_<name>.var; an earlier
; weft named the lock after the printed constant ("[5 x i8] c\22tally\22"),
; so two spellings of one name excluded nothing from each other and the
; lock was not the one another module's `critical(tally)` takes. The loop
; adds 1 to a counter 4000 times, half the iterations under each array
; spelling, with a yield between the load and the store: with two locks,
; updates are lost at 2 or more threads (the SHAPE checks fail
; deterministically, the count very likely).
; RUN: %opt -passes=weft-strip %s -o %t.serial.bc
; RUN: %clang -O0 -Wno-override-module %t.serial.bc -o %t.serial
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
; CHECK: tally 4000
; CHECK-NEXT: paper 1
;
; One lock, named as clang names it, for all four spellings.
; SHAPE: @.gomp_critical_user_tally.var = common global [8 x i32] zeroinitializer
; SHAPE-NOT: gomp_critical_user_{{.*}} = common
; SHAPE-LABEL: define i64 @paper()
; SHAPE: call void @__kmpc_critical(ptr @{{.*}}, i32 %{{.*}}, ptr @.gomp_critical_user_tally.var)
; SHAPE-LABEL: define i64 @cstring()
; SHAPE: call void @__kmpc_critical(ptr @{{.*}}, i32 %{{.*}}, ptr @.gomp_critical_user_tally.var)
; SHAPE-LABEL: define internal void @bump.omp_outlined
; SHAPE: call void @__kmpc_critical(ptr @{{.*}}, i32 %{{.*}}, ptr @.gomp_critical_user_tally.var)
; SHAPE: call void @__kmpc_critical(ptr @{{.*}}, i32 %{{.*}}, ptr @.gomp_critical_user_tally.var)

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd(metadata, metadata)
declare i32 @printf(ptr, ...)
declare i32 @sched_yield()
@count = global i64 0
@name = private constant [6 x i8] c"tally\00"
@fmt = private constant [10 x i8] c"tally %d\0A\00"
@fmtp = private constant [10 x i8] c"paper %d\0A\00"

; The counter's update, the window between load and store widened.
define internal void @add1() {
  %x = load volatile i64, ptr @count
  %y = call i32 @sched_yield()
  %x1 = add i64 %x, 1
  store volatile i64 %x1, ptr @count
  ret void
}

; for (k = 0; k < 4000; k++) critical(tally) count++, the even iterations
; naming it [5 x i8] c"tally", the odd ones [6 x i8] c"tally\00".
define void @bump() {
entry:
  %iv = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  store i32 0, ptr %lb
  store i32 3999, ptr %ub
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.SCHEDULE.STATIC"(i32 1),
      "QUAL.OMP.NORMALIZED.IV:TYPED"(ptr %iv, i32 0),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %lb, i32 0, i32 1),
      "QUAL.OMP.NORMALIZED.UB:TYPED"(ptr %ub, i32 0) ]
  %l = load i32, ptr %lb
  store i32 %l, ptr %iv
  br label %cond
cond:
  %k = load i32, ptr %iv
  %u = load i32, ptr %ub
  %c = icmp sle i32 %k, %u
  br i1 %c, label %body, label %end
body:
  %odd = and i32 %k, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %b, label %a
a:
  %ca = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"([5 x i8] c"tally") ]
  call void @add1()
  call void @llvm.directive.region.exit(token %ca) [ "DIR.OMP.END.CRITICAL"() ]
  br label %next
b:
  %cb = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"([6 x i8] c"tally\00") ]
  call void @add1()
  call void @llvm.directive.region.exit(token %cb) [ "DIR.OMP.END.CRITICAL"() ]
  br label %next
next:
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %iv
  br label %cond
end:
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ret void
}

; The paper form's name, a metadata string (serially: one more).
define i64 @paper() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.CRITICAL")
  call void @llvm.directive.qual.opnd(metadata !"QUAL.OMP.NAME", metadata !"tally")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @add1()
  call void @llvm.directive(metadata !"DIR.OMP.END.CRITICAL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %x = load i64, ptr @count
  ret i64 %x
}

; A global C string as the name.
define i64 @cstring() {
entry:
  %c = call token @llvm.directive.region.entry() [ "DIR.OMP.CRITICAL"(), "QUAL.OMP.NAME"(ptr @name) ]
  %x = load i64, ptr @count
  call void @llvm.directive.region.exit(token %c) [ "DIR.OMP.END.CRITICAL"() ]
  ret i64 %x
}

define i32 @main() {
  call void @bump()
  %n = call i64 @cstring()
  %n32 = trunc i64 %n to i32
  %p1 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %n32)
  %m = call i64 @paper()
  %d = sub i64 %m, %n
  %d32 = trunc i64 %d to i32
  %p2 = call i32 (ptr, ...) @printf(ptr @fmtp, i32 %d32)
  ret i32 0
}
