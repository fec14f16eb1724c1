; Arrays of non-POD items and non-POD items in COPYIN and COPYPRIVATE. An
; array's helpers run on every element (the destructor from the last one
; back); COPYIN assigns each thread's threadprivate instance from the
; encountering thread's by its copy assignment (never on the encountering
; thread's own instance); COPYPRIVATE assigns each thread's variable from the
; executing thread's by its copy assignment. %S records its own address, so a
; copy made or copied out byte-wise, or an element never constructed, is
; caught by @S.check; every construction is matched by one destruction. %T's
; assignment marks the object it assigns, so a byte-wise copyin is caught.
; Region form (NONPOD.TYPED with a count, a two-dimensional array, COPYIN and
; COPYPRIVATE with NONPOD) and the paper form (an array variable after
; QUAL.OPND.NONPOD). The output at 1-7 threads equals the serial program's.
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
; CHECK: bad 0 la 36 37 38 39 balanced 1
;
; SHAPE-DAG: call void @S.ctor.weft.3(ptr %arr.priv)
; SHAPE-DAG: call void @S.cctor.weft.2(ptr %fa.priv, ptr
; SHAPE-DAG: call void @T.assign.weft.unless.same(ptr %omp.copyin.to, ptr
; SHAPE-DAG: call void @S.dtor.weft.reversed.3(ptr %arr.priv)
; SHAPE-DAG: call void @S.ctor.weft.2(ptr %pa.priv)
; SHAPE-DAG: call void @__kmpc_copyprivate(ptr {{.*}}, ptr @main.omp.copyprivate, i32
; SHAPE-DAG: define internal void @main.omp.copyprivate({{.*}}
; SHAPE-DAG: call void @S.assign(ptr
; SHAPE-DAG: define internal void @S.dtor.weft.reversed.3(ptr %0)
; SHAPE-DAG: %[[K:[0-9]+]] = sub i64 2, %i
; SHAPE-DAG: getelementptr %S, ptr %0, i64 %[[K]]

target triple = "x86_64-pc-linux-gnu"
%S = type { i64, ptr }
%T = type { i64, i64 }

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @printf(ptr, ...)

@ctors = global i32 0
@dtors = global i32 0
@bad = global i32 0
@tp = thread_local global %T zeroinitializer
@fmt = private constant [47 x i8] c"bad %d la %lld %lld %lld %lld balanced %d\0A\00\00\00\00\00"

define ptr @S.ctor(ptr %this) {
  store i64 100, ptr %this
  %self = getelementptr %S, ptr %this, i32 0, i32 1
  store ptr %this, ptr %self
  %n = atomicrmw add ptr @ctors, i32 1 seq_cst
  ret ptr %this
}

define void @S.cctor(ptr %this, ptr %from) {
  call void @S.check(ptr %from)
  %v = load i64, ptr %from
  store i64 %v, ptr %this
  %self = getelementptr %S, ptr %this, i32 0, i32 1
  store ptr %this, ptr %self
  %n = atomicrmw add ptr @ctors, i32 1 seq_cst
  ret void
}

define void @S.assign(ptr %this, ptr %from) {
  call void @S.check(ptr %this)
  call void @S.check(ptr %from)
  %v = load i64, ptr %from
  store i64 %v, ptr %this
  ret void
}

define void @S.check(ptr %this) {
entry:
  %self = getelementptr %S, ptr %this, i32 0, i32 1
  %p = load ptr, ptr %self
  %ok = icmp eq ptr %p, %this
  br i1 %ok, label %done, label %mark
mark:
  store atomic i32 1, ptr @bad seq_cst, align 4
  br label %done
done:
  ret void
}

define void @S.dtor(ptr %this) {
  call void @S.check(ptr %this)
  %self = getelementptr %S, ptr %this, i32 0, i32 1
  store ptr null, ptr %self
  %n = atomicrmw add ptr @dtors, i32 1 seq_cst
  ret void
}

define void @S.init(ptr %this, i64 %v) {
  store i64 %v, ptr %this
  %self = getelementptr %S, ptr %this, i32 0, i32 1
  store ptr %this, ptr %self
  ret void
}

define void @T.assign(ptr %this, ptr %from) {
  %v = load i64, ptr %from
  store i64 %v, ptr %this
  %tag = getelementptr %T, ptr %this, i32 0, i32 1
  store i64 1, ptr %tag
  ret void
}

define void @fail_unless(i1 %ok) {
entry:
  br i1 %ok, label %done, label %mark
mark:
  store atomic i32 1, ptr @bad seq_cst, align 4
  br label %done
done:
  ret void
}

; Element k of the n elements of %S at %a holds first + k * step.
define void @expect_all(ptr %a, i64 %n, i64 %first, i64 %step) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %e = getelementptr %S, ptr %a, i64 %k
  call void @S.check(ptr %e)
  %v = load i64, ptr %e
  %ks = mul i64 %k, %step
  %want = add i64 %first, %ks
  %ok = icmp eq i64 %v, %want
  call void @fail_unless(i1 %ok)
  %k1 = add i64 %k, 1
  br label %head
done:
  ret void
}

define void @check_all(ptr %a, i64 %n) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %e = getelementptr %S, ptr %a, i64 %k
  call void @S.check(ptr %e)
  %k1 = add i64 %k, 1
  br label %head
done:
  ret void
}

define void @init_all(ptr %a, i64 %n, i64 %first) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %e = getelementptr %S, ptr %a, i64 %k
  %v = add i64 %first, %k
  call void @S.init(ptr %e, i64 %v)
  %k1 = add i64 %k, 1
  br label %head
done:
  ret void
}

define i32 @main() {
entry:
  %arr = alloca [3 x %S]
  %fa = alloca [2 x %S]
  %la = alloca [2 x [2 x %S]]
  %pa = alloca [2 x %S]
  %x = alloca %S
  %i = alloca i32
  %master = alloca ptr
  call void @init_all(ptr %arr, i64 3, i64 10)
  call void @init_all(ptr %fa, i64 2, i64 20)
  call void @init_all(ptr %la, i64 4, i64 -5)
  call void @init_all(ptr %pa, i64 2, i64 30)
  call void @S.init(ptr %x, i64 1)
  %mine0 = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  store i64 42, ptr %mine0
  store ptr %mine0, ptr %master
  ; parallel private(arr) firstprivate(fa) copyin(tp) private(x) shared(la)
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.PRIVATE:NONPOD.TYPED"(ptr %arr, %S zeroinitializer, i32 3, ptr @S.ctor, ptr @S.dtor),
      "QUAL.OMP.FIRSTPRIVATE:NONPOD.TYPED"(ptr %fa, %S zeroinitializer, i32 2, ptr @S.cctor, ptr @S.dtor),
      "QUAL.OMP.COPYIN:NONPOD"(ptr @tp, ptr @T.assign),
      "QUAL.OMP.PRIVATE:NONPOD.TYPED"(ptr %x, %S zeroinitializer, i32 1, ptr @S.ctor, ptr @S.dtor),
      "QUAL.OMP.SHARED"(ptr %la), "QUAL.OMP.SHARED"(ptr %master) ]
  ; (The serial program runs no constructor: private copies are only live.)
  call void @check_all(ptr %arr, i64 3)
  call void @expect_all(ptr %fa, i64 2, i64 20, i64 1)
  ; Every instance of tp holds 42; those of the other threads were assigned.
  %mine = call ptr @llvm.threadlocal.address.p0(ptr @tp)
  %tv = load i64, ptr %mine
  %tv.ok = icmp eq i64 %tv, 42
  call void @fail_unless(i1 %tv.ok)
  %mp = load ptr, ptr %master
  %other = icmp ne ptr %mine, %mp
  %tagp = getelementptr %T, ptr %mine, i32 0, i32 1
  %tag = load i64, ptr %tagp
  %tagged = icmp eq i64 %tag, 1
  %tag.ok = icmp eq i1 %tagged, %other
  call void @fail_unless(i1 %tag.ok)
  ; single copyprivate(x)
  %s = call token @llvm.directive.region.entry() [ "DIR.OMP.SINGLE"(),
      "QUAL.OMP.COPYPRIVATE:NONPOD"(ptr %x, ptr @S.assign) ]
  store i64 77, ptr %x
  call void @llvm.directive.region.exit(token %s) [ "DIR.OMP.END.SINGLE"() ]
  call void @expect_all(ptr %x, i64 1, i64 77, i64 0)
  ; for lastprivate(la) over 10 iterations: la[k] = 4 * i + k
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(),
      "QUAL.OMP.LASTPRIVATE:NONPOD.TYPED"(ptr %la, %S zeroinitializer, i32 4, ptr @S.ctor, ptr @S.assign, ptr @S.dtor),
      "QUAL.OMP.PRIVATE"(ptr %i), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 1) ]
  store i32 0, ptr %i
  br label %l.cond
l.cond:
  %iv = load i32, ptr %i
  %lt = icmp slt i32 %iv, 10
  br i1 %lt, label %l.body, label %l.end
l.body:
  %iv4 = mul i32 %iv, 4
  %first = sext i32 %iv4 to i64
  call void @set_all(ptr %la, i64 4, i64 %first)
  %next = add i32 %iv, 1
  store i32 %next, ptr %i
  br label %l.cond
l.end:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  ; The paper form: parallel private(pa), an array variable.
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", metadata !"QUAL.OPND.NONPOD", ptr %pa, ptr @S.ctor, ptr @S.dtor)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @check_all(ptr %pa, i64 2)
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ; The originals: arr, fa, pa as they were; la from the last iteration.
  call void @expect_all(ptr %arr, i64 3, i64 10, i64 1)
  call void @expect_all(ptr %fa, i64 2, i64 20, i64 1)
  call void @expect_all(ptr %pa, i64 2, i64 30, i64 1)
  call void @expect_all(ptr %la, i64 4, i64 36, i64 1)
  %bad = load i32, ptr @bad
  %l0 = load i64, ptr %la
  %la1 = getelementptr %S, ptr %la, i64 1
  %l1 = load i64, ptr %la1
  %la2 = getelementptr %S, ptr %la, i64 2
  %l2 = load i64, ptr %la2
  %la3 = getelementptr %S, ptr %la, i64 3
  %l3 = load i64, ptr %la3
  %nc = load i32, ptr @ctors
  %nd = load i32, ptr @dtors
  %bal = icmp eq i32 %nc, %nd
  %balanced = zext i1 %bal to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %bad, i64 %l0, i64 %l1, i64 %l2, i64 %l3, i32 %balanced)
  ret i32 0
}

; Element k of the n elements at %a (each checked live) := first + k.
define void @set_all(ptr %a, i64 %n, i64 %first) {
entry:
  br label %head
head:
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %more = icmp slt i64 %k, %n
  br i1 %more, label %body, label %done
body:
  %e = getelementptr %S, ptr %a, i64 %k
  call void @S.check(ptr %e)
  %v = add i64 %first, %k
  store i64 %v, ptr %e
  %k1 = add i64 %k, 1
  br label %head
done:
  ret void
}
