; Non-POD list items (paper III.E): private copies made by the variable's
; constructor, firstprivate ones by its copy constructor, lastprivate copied
; out by its copy assignment, every copy destroyed when its thread leaves the
; construct. The type %S records its own address: a copy made or copied out
; byte-wise, a copy destroyed twice or never constructed is caught by
; @S.check, and every construction is matched by one destruction. Region
; form with NONPOD.TYPED (parallel, a worksharing loop inside it, a combined
; parallel loop with a variable both firstprivate and lastprivate) and the
; paper form's QUAL.OPND.NONPOD marker (a simd loop). The output at 1-7
; threads equals the serial program's (directives stripped: no helper runs).
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
; RUN: not %opt -passes=weft -disable-output %S/Inputs/nonpod-bad-helper.ll 2>&1 | FileCheck %s --check-prefix=BAD
; CHECK: bad 0 a 7 c 198 d 1005 sum 250 e 3 balanced 1
;
; SHAPE-LABEL: define internal void @main.omp_outlined
; SHAPE-DAG: call void @S.cctor(ptr %a.priv, ptr
; SHAPE-DAG: call ptr @S.ctor(ptr %b.priv)
; SHAPE: call void @S.assign(ptr
; SHAPE-DAG: call void @S.dtor(ptr %a.priv)
; SHAPE-DAG: call void @S.dtor(ptr %b.priv)
; BAD: error: weft: QUAL.OMP.PRIVATE:NONPOD on DIR.OMP.PARALLEL in function 'main': the non-POD destructor @S.assign must be a function of (ptr this) [rule: operand-kind]

target triple = "x86_64-pc-linux-gnu"
%S = type { i64, ptr }

declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)

@ctors = global i32 0
@dtors = global i32 0
@bad = global i32 0
@fmt = private constant [57 x i8] c"bad %d a %lld c %lld d %lld sum %lld e %lld balanced %d\0A\00"

define ptr @S.ctor(ptr %this) {
entry:
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

; A live object points at itself.
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

define void @expect(ptr %s, i64 %want) {
entry:
  call void @S.check(ptr %s)
  %v = load i64, ptr %s
  %ok = icmp eq i64 %v, %want
  br i1 %ok, label %done, label %mark
mark:
  store atomic i32 1, ptr @bad seq_cst, align 4
  br label %done
done:
  ret void
}

define i32 @main() {
entry:
  %a = alloca %S
  %b = alloca %S
  %c = alloca %S
  %d = alloca %S
  %e = alloca %S
  %sum = alloca i64
  %i = alloca i32
  %k = alloca i32
  %j = alloca i32
  call void @S.init(ptr %a, i64 7)
  call void @S.init(ptr %b, i64 0)
  call void @S.init(ptr %c, i64 -1)
  call void @S.init(ptr %d, i64 5)
  call void @S.init(ptr %e, i64 3)
  store i64 0, ptr %sum
  ; parallel firstprivate(a) private(b), and inside it a loop lastprivate(c).
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.FIRSTPRIVATE:NONPOD.TYPED"(ptr %a, %S zeroinitializer, i32 1, ptr @S.cctor, ptr @S.dtor),
      "QUAL.OMP.PRIVATE:NONPOD.TYPED"(ptr %b, %S zeroinitializer, i32 1, ptr @S.ctor, ptr @S.dtor),
      "QUAL.OMP.SHARED"(ptr %c) ]
  call void @expect(ptr %a, i64 7)
  call void @S.check(ptr %b)
  %l = call token @llvm.directive.region.entry() [ "DIR.OMP.LOOP"(),
      "QUAL.OMP.LASTPRIVATE:NONPOD.TYPED"(ptr %c, %S zeroinitializer, i32 1, ptr @S.ctor, ptr @S.assign, ptr @S.dtor),
      "QUAL.OMP.PRIVATE"(ptr %i) ]
  store i32 0, ptr %i
  br label %l.cond
l.cond:
  %iv = load i32, ptr %i
  %lt = icmp slt i32 %iv, 100
  br i1 %lt, label %l.body, label %l.end
l.body:
  call void @S.check(ptr %c)
  %iv2 = shl i32 %iv, 1
  %w = sext i32 %iv2 to i64
  store i64 %w, ptr %c
  %next = add i32 %iv, 1
  store i32 %next, ptr %i
  br label %l.cond
l.end:
  call void @llvm.directive.region.exit(token %l) [ "DIR.OMP.END.LOOP"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  call void @expect(ptr %a, i64 7)
  ; parallel loop firstprivate(d) lastprivate(d) reduction(+:sum).
  %p = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL.LOOP"(),
      "QUAL.OMP.FIRSTPRIVATE:NONPOD.TYPED"(ptr %d, %S zeroinitializer, i32 1, ptr @S.cctor, ptr @S.dtor),
      "QUAL.OMP.LASTPRIVATE:NONPOD.TYPED"(ptr %d, %S zeroinitializer, i32 1, ptr @S.ctor, ptr @S.assign, ptr @S.dtor),
      "QUAL.OMP.REDUCTION.ADD"(ptr %sum), "QUAL.OMP.PRIVATE"(ptr %k), "QUAL.OMP.SCHEDULE.DYNAMIC"(i32 3) ]
  store i32 0, ptr %k
  br label %p.cond
p.cond:
  %kv = load i32, ptr %k
  %plt = icmp slt i32 %kv, 50
  br i1 %plt, label %p.body, label %p.end
p.body:
  call void @S.check(ptr %d)
  %dv = load i64, ptr %d
  ; (A thread that ran iteration 49 before others sees its own 1005.)
  %dm = urem i64 %dv, 1000
  %s = load i64, ptr %sum
  %s1 = add i64 %s, %dm
  store i64 %s1, ptr %sum
  %last = icmp eq i32 %kv, 49
  br i1 %last, label %p.set, label %p.inc
p.set:
  %dv2 = add i64 %dv, 1000
  store i64 %dv2, ptr %d
  br label %p.inc
p.inc:
  %knext = add i32 %kv, 1
  store i32 %knext, ptr %k
  br label %p.cond
p.end:
  call void @llvm.directive.region.exit(token %p) [ "DIR.OMP.END.PARALLEL.LOOP"() ]
  ; simd private(e), paper form: e is a copy made by the constructor.
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", metadata !"QUAL.OPND.NONPOD", ptr %e, ptr @S.ctor, ptr @S.dtor)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.PRIVATE", ptr %j)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 0, ptr %j
  br label %s.cond
s.cond:
  %jv = load i32, ptr %j
  %slt = icmp slt i32 %jv, 8
  br i1 %slt, label %s.body, label %s.end
s.body:
  call void @S.check(ptr %e)
  %jnext = add i32 %jv, 1
  store i32 %jnext, ptr %j
  br label %s.cond
s.end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @S.check(ptr %c)
  call void @S.check(ptr %d)
  call void @S.check(ptr %e)
  %bad = load i32, ptr @bad
  %av = load i64, ptr %a
  %cv = load i64, ptr %c
  %dvv = load i64, ptr %d
  %sv = load i64, ptr %sum
  %ev = load i64, ptr %e
  %nc = load i32, ptr @ctors
  %nd = load i32, ptr @dtors
  %bal = icmp eq i32 %nc, %nd
  %balanced = zext i1 %bal to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %bad, i64 %av, i64 %cv, i64 %dvv, i64 %sv, i64 %ev, i32 %balanced)
  ret i32 0
}
