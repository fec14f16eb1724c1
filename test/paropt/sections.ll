; The sections construct (OpenMP 5.1 §2.10.1), executed: weft-prepare makes
; a worksharing loop over the section index of each sections region
; (prepare/sections.rs) and paropt lowers it as a static loop. Region form
; (icx's token and bundle form): sections in a parallel region with
; lastprivate (the lexically last section's value, though that section
; finishes first), a reduction and firstprivate; each section counts its
; runs. Paper form: orphaned sections with nowait in a function the team
; calls, then an explicit barrier before each thread reads what every
; section stored; and parallel sections. Each line prints 1 when its
; property held; output at 1-7 threads equals the serial program's. A loop
; that ran every section on every thread prints 0 for "runs", one whose
; lastprivate came from the thread that finished last prints x=0.
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
; RUN: env OMP_NUM_THREADS=4 %t2 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t0 | diff %t.expected -
; RUN: env OMP_NUM_THREADS=7 %t2 | diff %t.expected -
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: %opt -passes=weft-prepare -S %s | FileCheck %s --check-prefix=PREP
; CHECK: sections-runs 1
; CHECK-NEXT: sections-lastprivate 1
; CHECK-NEXT: sections-reduction 1
; CHECK-NEXT: sections-firstprivate 1
; CHECK-NEXT: sections-nowait-barrier 1
; CHECK-NEXT: parallel-sections 1
;
; PREP-LABEL: define void @region(
; PREP: %omp.sect.iv = alloca i32
; PREP: %omp.sect.ub = alloca i32
; PREP: "DIR.OMP.SECTIONS"(){{.*}}"QUAL.OMP.NORMALIZED.IV"(ptr %omp.sect.iv), "QUAL.OMP.NORMALIZED.UB"(ptr %omp.sect.ub)
; PREP: omp.sect.init:
; PREP-NEXT: store i32 2, ptr %omp.sect.ub
; PREP-NEXT: store i32 0, ptr %omp.sect.iv
; PREP: switch i32 %omp.sect.index, label %omp.sect.next [
; PREP-NEXT: i32 0, label
; PREP-NEXT: i32 1, label
; PREP-NEXT: i32 2, label
; PREP-NOT: DIR.OMP.SECTION"
; PREP-LABEL: define void @orphan(
; PREP: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.IV", ptr %omp.sect.iv)
; PREP: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.NORMALIZED.UB", ptr %omp.sect.ub)
; PREP-NEXT: call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
;
; SHAPE-LABEL: define void @orphan(
; SHAPE: call void @__kmpc_for_static_init_4(ptr @[[OLOC:.weft.loc[.0-9]*]], i32 %{{.*}}, i32 34,
; SHAPE: call void @__kmpc_for_static_fini(
; SHAPE-NOT: call void @__kmpc_barrier(
; SHAPE: ret void
; SHAPE-LABEL: define internal void @region.omp_outlined.1(
; SHAPE: %x.priv = alloca i32
; SHAPE: call void @__kmpc_for_static_init_4(ptr @{{.*}}, i32 %{{.*}}, i32 34,
; SHAPE: call void @__kmpc_for_static_fini(
; SHAPE: call i32 @__kmpc_reduce_nowait(
; SHAPE: call void @__kmpc_barrier(
; SHAPE-NOT: llvm.directive

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @usleep(i32)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@n1 = private constant [14 x i8] c"sections-runs\00"
@n2 = private constant [21 x i8] c"sections-lastprivate\00"
@n3 = private constant [19 x i8] c"sections-reduction\00"
@n4 = private constant [22 x i8] c"sections-firstprivate\00"
@n5 = private constant [24 x i8] c"sections-nowait-barrier\00"
@n6 = private constant [18 x i8] c"parallel-sections\00"
@parts = global [3 x i32] zeroinitializer
@bad = global i32 0
@team = global i32 0

define void @say(ptr %n, i1 %ok) {
  %v = zext i1 %ok to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %n, i32 %v)
  ret void
}

; sections lastprivate(x) reduction(+: s) firstprivate(f): section k sets
; x = k + 1 (the first two sleep: the last section ends first), adds k + 1
; to s, and records whether f started as 5 and that it ran.
define void @region() {
entry:
  %x = alloca i32
  %s = alloca i32
  %f = alloca i32
  %runs = alloca [3 x i32]
  %fok = alloca i32
  store i32 0, ptr %x
  store i32 0, ptr %s
  store i32 5, ptr %f
  store i32 0, ptr %fok
  call void @llvm.memset.p0.i64(ptr %runs, i8 0, i64 12, i1 false)
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.PARALLEL"(),
      "QUAL.OMP.SHARED:TYPED"(ptr %x, i32 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %s, i32 0, i32 1),
      "QUAL.OMP.SHARED:TYPED"(ptr %f, i32 0, i32 1), "QUAL.OMP.SHARED:TYPED"(ptr %runs, i32 0, i32 3),
      "QUAL.OMP.SHARED:TYPED"(ptr %fok, i32 0, i32 1) ]
  br label %sections
sections:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.SECTIONS"(),
      "QUAL.OMP.LASTPRIVATE:TYPED"(ptr %x, i32 0, i32 1), "QUAL.OMP.REDUCTION.ADD:TYPED"(ptr %s, i32 0, i32 1),
      "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %f, i32 0, i32 1) ]
  br label %s0
s0:
  %v0 = call token @llvm.directive.region.entry() [ "DIR.OMP.SECTION"() ]
  call void @body(i32 0, ptr %x, ptr %s, ptr %f, ptr %runs, ptr %fok)
  call void @llvm.directive.region.exit(token %v0) [ "DIR.OMP.END.SECTION"() ]
  br label %s1
s1:
  %v1 = call token @llvm.directive.region.entry() [ "DIR.OMP.SECTION"() ]
  call void @body(i32 1, ptr %x, ptr %s, ptr %f, ptr %runs, ptr %fok)
  call void @llvm.directive.region.exit(token %v1) [ "DIR.OMP.END.SECTION"() ]
  br label %s2
s2:
  %v2 = call token @llvm.directive.region.entry() [ "DIR.OMP.SECTION"() ]
  call void @body(i32 2, ptr %x, ptr %s, ptr %f, ptr %runs, ptr %fok)
  call void @llvm.directive.region.exit(token %v2) [ "DIR.OMP.END.SECTION"() ]
  br label %done
done:
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.SECTIONS"() ]
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.PARALLEL"() ]
  %r0p = getelementptr [3 x i32], ptr %runs, i32 0, i32 0
  %r1p = getelementptr [3 x i32], ptr %runs, i32 0, i32 1
  %r2p = getelementptr [3 x i32], ptr %runs, i32 0, i32 2
  %r0 = load i32, ptr %r0p
  %r1 = load i32, ptr %r1p
  %r2 = load i32, ptr %r2p
  %r01 = and i32 %r0, %r1
  %r012 = and i32 %r01, %r2
  %once = icmp eq i32 %r012, 1
  call void @say(ptr @n1, i1 %once)
  %xv = load i32, ptr %x
  %xok = icmp eq i32 %xv, 3
  call void @say(ptr @n2, i1 %xok)
  %sv = load i32, ptr %s
  %sok = icmp eq i32 %sv, 6
  call void @say(ptr @n3, i1 %sok)
  %fv = load i32, ptr %fok
  %fgood = icmp eq i32 %fv, 3
  call void @say(ptr @n4, i1 %fgood)
  ret void
}

define void @body(i32 %k, ptr %x, ptr %s, ptr %f, ptr %runs, ptr %fok) {
  %late = icmp slt i32 %k, 2
  br i1 %late, label %nap, label %go
nap:
  call i32 @usleep(i32 20000)
  br label %go
go:
  %k1 = add i32 %k, 1
  store i32 %k1, ptr %x
  %s0 = load i32, ptr %s
  %s1 = add i32 %s0, %k1
  store i32 %s1, ptr %s
  %rp = getelementptr [3 x i32], ptr %runs, i32 0, i32 %k
  %r = load i32, ptr %rp
  %r1 = add i32 %r, 1
  store i32 %r1, ptr %rp
  %fv = load i32, ptr %f
  %fis5 = icmp eq i32 %fv, 5
  %add = zext i1 %fis5 to i32
  atomicrmw add ptr %fok, i32 %add seq_cst
  ; (The private copy changes; the next section this thread runs still
  ; sees 5 only if each section reads before it writes: it adds 0.)
  store i32 %fv, ptr %f
  ret void
}

; Orphaned sections with nowait (paper form): each of three sections
; stores its part; the caller's barrier then makes all three visible.
define void @orphan() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.SECTIONS")
  call void @llvm.directive.qual(metadata !"QUAL.OMP.NOWAIT")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %a
a:
  call void @llvm.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call i32 @usleep(i32 10000)
  store i32 1, ptr @parts
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %b
b:
  call void @llvm.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call i32 @usleep(i32 10000)
  store i32 2, ptr getelementptr ([3 x i32], ptr @parts, i32 0, i32 1)
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %c
c:
  call void @llvm.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call i32 @usleep(i32 10000)
  store i32 3, ptr getelementptr ([3 x i32], ptr @parts, i32 0, i32 2)
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTIONS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ret void
}

define void @nowait_barrier() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  call void @orphan()
  call void @llvm.directive(metadata !"DIR.OMP.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.BARRIER")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %p0 = load i32, ptr @parts
  %p1 = load i32, ptr getelementptr ([3 x i32], ptr @parts, i32 0, i32 1)
  %p2 = load i32, ptr getelementptr ([3 x i32], ptr @parts, i32 0, i32 2)
  %p01 = add i32 %p0, %p1
  %p = add i32 %p01, %p2
  %wrong = icmp ne i32 %p, 6
  %w = zext i1 %wrong to i32
  atomicrmw add ptr @bad, i32 %w seq_cst
  br label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %b = load i32, ptr @bad
  %ok = icmp eq i32 %b, 0
  call void @say(ptr @n5, i1 %ok)
  ret void
}

; parallel sections reduction(+: t): two sections add 10 and 20.
define void @parsec() {
entry:
  %t = alloca i32
  store i32 0, ptr %t
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.SECTIONS")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.ADD", ptr %t)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %a
a:
  call void @llvm.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %t0 = load i32, ptr %t
  %t1 = add i32 %t0, 10
  store i32 %t1, ptr %t
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %b
b:
  call void @llvm.directive(metadata !"DIR.OMP.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %t2 = load i32, ptr %t
  %t3 = add i32 %t2, 20
  store i32 %t3, ptr %t
  call void @llvm.directive(metadata !"DIR.OMP.END.SECTION")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %end
end:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.SECTIONS")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %tv = load i32, ptr %t
  %ok = icmp eq i32 %tv, 30
  call void @say(ptr @n6, i1 %ok)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
  call void @region()
  call void @nowait_barrier()
  call void @parsec()
  ret i32 0
}
