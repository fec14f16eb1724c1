; A section through a declare target pointer (docs/offload.md, "declare
; target pointers"; OpenMP 5.1 §2.21.7.1, pointer attachment), in both
; directive forms: `int *p` listed in !omp_offload.info, mapped as clang 16
; writes it, (&p, p, 32, TOFROM | PTR_AND_OBJ), and as a front end may give
; it with the pointer's value as the base, (%v, begin, size, TOFROM) with
; %v = load ptr, ptr @p; on target, target enter data, target update to and
; from, target exit data. Each gets clang's entry: base &p, the section as
; begin and size, PTR_AND_OBJ, no TARGET_PARAM (libomptarget writes the
; section's device address into the device's own p, which the region and
; every device function read in place). A region that reads the loaded
; value itself passes it (its own entry) and attaches p too. A global
; pointer that is not declare target (q) keeps its value as the base. Each
; form is lowered as a host-only build and as a device build (the module
; asking for an NVPTX image, `.omp.offload.targets`): in the latter a
; mapped global is otherwise passed through a copy of its address
; (TARGET_PARAM, which with PTR_AND_OBJ libomptarget translates to the
; section's device address, not p's: 0x33) and a loaded pointer's reads
; replaced by the mapped value (0x23), both leaving the device's p unset.
; The map arrays are printed by test/cc/Inputs/map_recorder.c (a stand-in
; for libomptarget that fails each launch, so the host fallback runs); the
; program then runs with the real libomptarget, as the serial program
; (weft-strip) prints. clang's entry through a global pointer that is not
; declare target is refused by name in a device build (the kernel would
; read a global the device image does not have).
; RUN: rm -rf %t && split-file %s %t
; RUN: cat %t/region.ll %t/request.ll > %t/region-dev.ll
; RUN: cat %t/paper.ll %t/request.ll > %t/paper-dev.ll
; RUN: %clang -O0 -c %S/../cc/Inputs/map_recorder.c -o %t/rec.o
; RUN: %clang -O0 -DNAMES_ONLY -c %S/../cc/Inputs/map_recorder.c -o %t/names.o
; RUN: %opt -passes=weft-strip %t/region.ll -o %t/serial.bc
; RUN: %clang -O0 -Wno-override-module %t/serial.bc %t/names.o -o %t/serial && %t/serial > %t/expected
; RUN: FileCheck %s --check-prefix=OUT < %t/expected
; RUN: %opt -passes=weft %t/region.ll -o %t/region.bc
; RUN: %clang -O2 -Wno-override-module %t/region.bc %t/rec.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t/region
; RUN: %t/region > %t/out 2> %t/arrays && diff %t/expected %t/out
; RUN: FileCheck %s --check-prefixes=ARRAYS,HOST < %t/arrays
; RUN: %opt -passes=weft %t/paper.ll -o %t/paper.bc
; RUN: %clang -O2 -Wno-override-module %t/paper.bc %t/rec.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t/paper
; RUN: %t/paper > %t/out 2> %t/arrays && diff %t/expected %t/out
; RUN: FileCheck %s --check-prefixes=ARRAYS,HOST < %t/arrays
; RUN: %opt -passes=weft %t/region-dev.ll -o %t/region-dev.bc
; RUN: llvm-dis-16 %t/region-dev.bc -o - | FileCheck %s --check-prefix=IR
; RUN: %clang -O2 -Wno-override-module %t/region-dev.bc %t/rec.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t/region-dev
; RUN: %t/region-dev > %t/out 2> %t/arrays && diff %t/expected %t/out
; RUN: FileCheck %s --check-prefixes=ARRAYS,DEVICE < %t/arrays
; RUN: %opt -passes=weft %t/paper-dev.ll -o %t/paper-dev.bc
; RUN: llvm-dis-16 %t/paper-dev.bc -o - | FileCheck %s --check-prefix=IR
; RUN: %clang -O2 -Wno-override-module %t/paper-dev.bc %t/rec.o -L%libomp -Wl,-rpath,%libomp -lomp -o %t/paper-dev
; RUN: %t/paper-dev > %t/out 2> %t/arrays && diff %t/expected %t/out
; RUN: FileCheck %s --check-prefixes=ARRAYS,DEVICE < %t/arrays
; RUN: %clang -O2 -Wno-override-module %t/region-dev.bc %t/names.o -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/real
; RUN: %t/real | diff %t/expected -
; RUN: env OMP_TARGET_OFFLOAD=disabled %t/real | diff %t/expected -
; RUN: cat %t/not-declared.ll %t/request.ll > %t/not-declared-dev.ll
; RUN: not %opt -passes=weft -disable-output %t/not-declared-dev.ll 2>&1 | FileCheck %s --check-prefix=NOT_DECLARED
;
; OUT: 1 12 23 7 44 1 1
; ARRAYS: target: 1 entries
; ARRAYS-NEXT: (p+0, a+0) size 32 bits 0x13
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: target: 1 entries
; ARRAYS-NEXT: (p+0, a+8) size 16 bits 0x13
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: target: 2 entries
; ARRAYS-NEXT: (a+0, a+8) size 16 bits 0x23
; ARRAYS-NEXT: (p+0, a+8) size 16 bits 0x13
; ARRAYS-NEXT: 1 kernel arguments
; ARRAYS-NEXT: begin: 1 entries
; ARRAYS-NEXT: (p+0, a+0) size 32 bits 0x11
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: update: 1 entries
; ARRAYS-NEXT: (p+0, a+0) size 32 bits 0x11
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: update: 1 entries
; ARRAYS-NEXT: (p+0, a+4) size 8 bits 0x12
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: end: 1 entries
; ARRAYS-NEXT: (p+0, a+0) size 32 bits 0x12
; ARRAYS-NEXT: 0 kernel arguments
; ARRAYS-NEXT: target: 1 entries
; (q: read as the global on the host only, passed as the mapped value with a
; device image: target_global_pointers.rs.)
; HOST-NEXT: (b+0, b+0) size 32 bits 0x3
; HOST-NEXT: 0 kernel arguments
; DEVICE-NEXT: (b+0, b+0) size 32 bits 0x23
; DEVICE-NEXT: 1 kernel arguments
;
; In the device build the host fallbacks of the regions that read p take
; no argument (p is read in place, on a device the image's own p).
; IR: call void @__omp_offloading_{{[0-9a-f]+}}_main_r1()
; IR: call void @__omp_offloading_{{[0-9a-f]+}}_main_r2()
; IR: define internal void @main.omp_target.1(
; IR: load ptr, ptr @p

; clang's entry through a pointer that is not declare target, in a device
; build: the kernel would read a global the image does not have.
; NOT_DECLARED: error: weft: not yet supported: the global variable 'q' on DIR.OMP.TARGET in function '__omp_offloading_{{[0-9a-f]+}}_f_r1': a device kernel reads its arguments, constants and declare target variables only

;--- request.ll
@.omp.offload.targets = internal constant [26 x i8] c"nvptx64-nvidia-cuda:sm_90\00"
@llvm.compiler.used = appending global [1 x ptr] [ptr @.omp.offload.targets], section "llvm.metadata"

;--- region.ll
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
declare void @rec_name(ptr, i64, ptr)
@fmt = private constant [22 x i8] c"%d %d %d %d %d %d %d\0A\00"
@na = private constant [2 x i8] c"a\00"
@nb = private constant [2 x i8] c"b\00"
@np = private constant [2 x i8] c"p\00"
@nq = private constant [2 x i8] c"q\00"
@p = global ptr null
@q = global ptr null

define i32 @main() {
entry:
  %a = alloca [8 x i32]
  %b = alloca [8 x i32]
  store [8 x i32] zeroinitializer, ptr %a
  store [8 x i32] zeroinitializer, ptr %b
  store ptr %a, ptr @p
  store ptr %b, ptr @q
  call void @rec_name(ptr %a, i64 32, ptr @na)
  call void @rec_name(ptr %b, i64 32, ptr @nb)
  call void @rec_name(ptr @p, i64 8, ptr @np)
  call void @rec_name(ptr @q, i64 8, ptr @nq)
  ; map(tofrom: p[0:8]) as clang writes it: (&p, p, 32, TOFROM | PTR_AND_OBJ).
  %p0 = load ptr, ptr @p
  %t0 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr @p, ptr %p0, i64 32, i64 19) ]
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pv = load ptr, ptr @p
  %e = getelementptr i32, ptr %pv, i64 %i
  %iv = trunc i64 %i to i32
  store i32 %iv, ptr %e
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, 8
  br i1 %c, label %loop, label %done
done:
  call void @llvm.directive.region.exit(token %t0) [ "DIR.OMP.END.TARGET"() ]
  ; map(tofrom: p[2:4]) with the pointer's value as the base: clang's entry.
  %p1 = load ptr, ptr @p
  %p1b = getelementptr i32, ptr %p1, i64 2
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %p1, ptr %p1b, i64 16, i64 3) ]
  %pw = load ptr, ptr @p
  %e2 = getelementptr i32, ptr %pw, i64 2
  %v2 = load i32, ptr %e2
  %w2 = add i32 %v2, 10
  store i32 %w2, ptr %e2
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TARGET"() ]
  ; The same, the region reading the value loaded before it: that value
  ; passed (its own entry, TARGET_PARAM) and the pointer attached too.
  %p2 = load ptr, ptr @p
  %p2b = getelementptr i32, ptr %p2, i64 2
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %p2, ptr %p2b, i64 16, i64 3) ]
  %e3 = getelementptr i32, ptr %p2, i64 3
  %v3 = load i32, ptr %e3
  %w3 = add i32 %v3, 20
  store i32 %w3, ptr %e3
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.TARGET"() ]
  ; target enter data map(to: p[0:8]) (clang's entry), target update
  ; to(p[0:8]) (the value as the base), target update from(p[1:2])
  ; (clang's), target exit data map(from: p[0:8]) (the value).
  %p3 = load ptr, ptr @p
  %ed = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.ENTER.DATA"(), "QUAL.OMP.MAP.TO"(ptr @p, ptr %p3, i64 32, i64 17) ]
  call void @llvm.directive.region.exit(token %ed) [ "DIR.OMP.END.TARGET.ENTER.DATA"() ]
  %p4 = load ptr, ptr @p
  %ut = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.UPDATE"(), "QUAL.OMP.MAP.TO"(ptr %p4, ptr %p4, i64 32, i64 1) ]
  call void @llvm.directive.region.exit(token %ut) [ "DIR.OMP.END.TARGET.UPDATE"() ]
  %p5 = load ptr, ptr @p
  %p5b = getelementptr i32, ptr %p5, i64 1
  %uf = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.UPDATE"(), "QUAL.OMP.MAP.FROM"(ptr @p, ptr %p5b, i64 8, i64 18) ]
  call void @llvm.directive.region.exit(token %uf) [ "DIR.OMP.END.TARGET.UPDATE"() ]
  %p6 = load ptr, ptr @p
  %xd = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.EXIT.DATA"(), "QUAL.OMP.MAP.FROM"(ptr %p6, ptr %p6, i64 32, i64 2) ]
  call void @llvm.directive.region.exit(token %xd) [ "DIR.OMP.END.TARGET.EXIT.DATA"() ]
  ; A global pointer that is not declare target keeps its value as the base.
  %q0 = load ptr, ptr @q
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr %q0, ptr %q0, i64 32, i64 3) ]
  %qv = load ptr, ptr @q
  %e4 = getelementptr i32, ptr %qv, i64 4
  store i32 44, ptr %e4
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.TARGET"() ]
  %r0 = getelementptr [8 x i32], ptr %a, i64 0, i64 1
  %s0 = load i32, ptr %r0
  %r1 = getelementptr [8 x i32], ptr %a, i64 0, i64 2
  %s1 = load i32, ptr %r1
  %r2 = getelementptr [8 x i32], ptr %a, i64 0, i64 3
  %s2 = load i32, ptr %r2
  %r3 = getelementptr [8 x i32], ptr %a, i64 0, i64 7
  %s3 = load i32, ptr %r3
  %r4 = getelementptr [8 x i32], ptr %b, i64 0, i64 4
  %s4 = load i32, ptr %r4
  %pe = load ptr, ptr @p
  %same = icmp eq ptr %pe, %a
  %sz = zext i1 %same to i32
  %qe = load ptr, ptr @q
  %sameq = icmp eq ptr %qe, %b
  %szq = zext i1 %sameq to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s0, i32 %s1, i32 %s2, i32 %s3, i32 %s4, i32 %sz, i32 %szq)
  ret i32 0
}

!omp_offload.info = !{!0}
!0 = !{i32 1, !"p", i32 0, i32 0}

;--- paper.ll
target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
declare void @rec_name(ptr, i64, ptr)
@fmt = private constant [22 x i8] c"%d %d %d %d %d %d %d\0A\00"
@na = private constant [2 x i8] c"a\00"
@nb = private constant [2 x i8] c"b\00"
@np = private constant [2 x i8] c"p\00"
@nq = private constant [2 x i8] c"q\00"
@p = global ptr null
@q = global ptr null

define i32 @main() {
entry:
  %a = alloca [8 x i32]
  %b = alloca [8 x i32]
  store [8 x i32] zeroinitializer, ptr %a
  store [8 x i32] zeroinitializer, ptr %b
  store ptr %a, ptr @p
  store ptr %b, ptr @q
  call void @rec_name(ptr %a, i64 32, ptr @na)
  call void @rec_name(ptr %b, i64 32, ptr @nb)
  call void @rec_name(ptr @p, i64 8, ptr @np)
  call void @rec_name(ptr @q, i64 8, ptr @nq)
  ; map(tofrom: p[0:8]) as clang writes it: (&p, p, 32, TOFROM | PTR_AND_OBJ).
  %p0 = load ptr, ptr @p
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr @p, ptr %p0, i64 32, i64 19)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pv = load ptr, ptr @p
  %e = getelementptr i32, ptr %pv, i64 %i
  %iv = trunc i64 %i to i32
  store i32 %iv, ptr %e
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, 8
  br i1 %c, label %loop, label %done
done:
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ; map(tofrom: p[2:4]) with the pointer's value as the base: clang's entry.
  %p1 = load ptr, ptr @p
  %p1b = getelementptr i32, ptr %p1, i64 2
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %p1, ptr %p1b, i64 16, i64 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %pw = load ptr, ptr @p
  %e2 = getelementptr i32, ptr %pw, i64 2
  %v2 = load i32, ptr %e2
  %w2 = add i32 %v2, 10
  store i32 %w2, ptr %e2
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ; The same, the region reading the value loaded before it: that value
  ; passed (its own entry, TARGET_PARAM) and the pointer attached too.
  %p2 = load ptr, ptr @p
  %p2b = getelementptr i32, ptr %p2, i64 2
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %p2, ptr %p2b, i64 16, i64 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %e3 = getelementptr i32, ptr %p2, i64 3
  %v3 = load i32, ptr %e3
  %w3 = add i32 %v3, 20
  store i32 %w3, ptr %e3
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ; target enter data map(to: p[0:8]) (clang's entry), target update
  ; to(p[0:8]) (the value as the base), target update from(p[1:2])
  ; (clang's), target exit data map(from: p[0:8]) (the value).
  %p3 = load ptr, ptr @p
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.ENTER.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr @p, ptr %p3, i64 32, i64 17)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.ENTER.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %p4 = load ptr, ptr @p
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.UPDATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %p4, ptr %p4, i64 32, i64 1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.UPDATE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %p5 = load ptr, ptr @p
  %p5b = getelementptr i32, ptr %p5, i64 1
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.UPDATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr @p, ptr %p5b, i64 8, i64 18)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.UPDATE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %p6 = load ptr, ptr @p
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.EXIT.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr %p6, ptr %p6, i64 32, i64 2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.EXIT.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  ; A global pointer that is not declare target keeps its value as the base.
  %q0 = load ptr, ptr @q
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %q0, ptr %q0, i64 32, i64 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %qv = load ptr, ptr @q
  %e4 = getelementptr i32, ptr %qv, i64 4
  store i32 44, ptr %e4
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r0 = getelementptr [8 x i32], ptr %a, i64 0, i64 1
  %s0 = load i32, ptr %r0
  %r1 = getelementptr [8 x i32], ptr %a, i64 0, i64 2
  %s1 = load i32, ptr %r1
  %r2 = getelementptr [8 x i32], ptr %a, i64 0, i64 3
  %s2 = load i32, ptr %r2
  %r3 = getelementptr [8 x i32], ptr %a, i64 0, i64 7
  %s3 = load i32, ptr %r3
  %r4 = getelementptr [8 x i32], ptr %b, i64 0, i64 4
  %s4 = load i32, ptr %r4
  %pe = load ptr, ptr @p
  %same = icmp eq ptr %pe, %a
  %sz = zext i1 %same to i32
  %qe = load ptr, ptr @q
  %sameq = icmp eq ptr %qe, %b
  %szq = zext i1 %sameq to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s0, i32 %s1, i32 %s2, i32 %s3, i32 %s4, i32 %sz, i32 %szq)
  ret i32 0
}

!omp_offload.info = !{!0}
!0 = !{i32 1, !"p", i32 0, i32 0}

;--- not-declared.ll
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
@q = global ptr null

define void @f() {
  %q0 = load ptr, ptr @q
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.MAP.TOFROM"(ptr @q, ptr %q0, i64 32, i64 51) ]
  %qv = load ptr, ptr @q
  store i32 1, ptr %qv
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  ret void
}
