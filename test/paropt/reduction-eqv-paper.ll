; Fortran's .EQV. and .NEQV. reductions (QUAL.OMP.REDUCTION.EQV / .NEQV),
; paper form (Tian et al. 2016), executed: LOGICAL items as ifx lays them out (an integer,
; .TRUE. = -1, .FALSE. = 0; the body combines with xor, and xor -1 for .EQV.),
; on a parallel loop, a worksharing loop in a parallel region, a parallel
; region and simd loops, over i32 and i8. Each result depends on how many
; .FALSE. (.EQV.) or .TRUE. (.NEQV.) values were combined, so a wrong
; identity (anything but .TRUE. for .EQV., .FALSE. for .NEQV.) flips it once per thread or
; chunk and a combination that wrote .TRUE. as 1 would print 1; the
; output at 1-7 threads must equal the serial program's.
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
; RUN: %opt -passes=weft -verify-each -S %s | FileCheck %s --check-prefix=IR
; The combination on truth values: both sides compared with 0, and the
; result written as 0 or all ones.
; IR-LABEL: define {{.*}}@parloop_eqv
; IR: icmp ne i32
; IR: icmp ne i32
; IR: icmp eq i1
; IR: sext i1 {{.*}} to i32
; CHECK: parloop-eqv 0
; CHECK-NEXT: loop-neqv-i8 -1
; CHECK-NEXT: parallel-eqv-neqv -1 0
; CHECK-NEXT: simd-eqv -1
; CHECK-NEXT: simd-neqv-i8 -1

target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [7 x i8] c"%s %d\0A\00"
@fmt2 = private constant [10 x i8] c"%s %d %d\0A\00"
@s1 = private constant [12 x i8] c"parloop-eqv\00"
@s2 = private constant [13 x i8] c"loop-neqv-i8\00"
@s3 = private constant [18 x i8] c"parallel-eqv-neqv\00"
@s4 = private constant [9 x i8] c"simd-eqv\00"
@s5 = private constant [13 x i8] c"simd-neqv-i8\00"

; parallel do reduction(.eqv.: r), r = .false.: 34 .false. values, even: 0.
define void @parloop_eqv() {
entry:
  %r = alloca i32
  store i32 0, ptr %r
  br label %pre.r
pre.r:
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.EQV", ptr %r)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.STATIC", i32 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %c.r
c.r:
  %i.r = phi i32 [ 0, %pre.r ], [ %i1.r, %b.r ]
  %k.r = icmp slt i32 %i.r, 100
  br i1 %k.r, label %b.r, label %e.r
b.r:
  %m.r = urem i32 %i.r, 3
  %z.r = icmp ne i32 %m.r, 0
  %v.r = select i1 %z.r, i32 -1, i32 0
  %o.r = load i32, ptr %r
  %x.r = xor i32 %o.r, %v.r
  %n.r = xor i32 %x.r, -1
  store i32 %n.r, ptr %r
  %i1.r = add i32 %i.r, 1
  br label %c.r
e.r:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rv = load i32, ptr %r
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s1, i32 %rv)
  ret void
}

; parallel; do reduction(.neqv.: r) over logical(1), r = .false.: 21 .true.
; values, odd: -1.
define void @loop_neqv_i8() {
entry:
  %r = alloca i8
  store i8 0, ptr %r
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SHARED", ptr %r)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %pre.r
pre.r:
  call void @llvm.directive(metadata !"DIR.OMP.LOOP")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.NEQV", ptr %r)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.SCHEDULE.DYNAMIC", i32 4)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %c.r
c.r:
  %i.r = phi i32 [ 0, %pre.r ], [ %i1.r, %b.r ]
  %k.r = icmp slt i32 %i.r, 101
  br i1 %k.r, label %b.r, label %e.r
b.r:
  %m.r = urem i32 %i.r, 5
  %z.r = icmp eq i32 %m.r, 0
  %v.r = select i1 %z.r, i8 -1, i8 0
  %o.r = load i8, ptr %r
  %x.r = xor i8 %o.r, %v.r
  store i8 %x.r, ptr %r
  %i1.r = add i32 %i.r, 1
  br label %c.r
e.r:
  call void @llvm.directive(metadata !"DIR.OMP.END.LOOP")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %after
after:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rv = load i8, ptr %r
  %rw = sext i8 %rv to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s2, i32 %rw)
  ret void
}

; parallel reduction(.eqv.: r) reduction(.neqv.: s), r = .true., s = .false.:
; each thread does r = r .eqv. .true. and s = s .neqv. .false., so the team
; leaves both as they were whatever its size: -1 0.
define void @parallel_eqv_neqv() {
entry:
  %r = alloca i32
  %s = alloca i32
  store i32 -1, ptr %r
  store i32 0, ptr %s
  call void @llvm.directive(metadata !"DIR.OMP.PARALLEL")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.EQV", ptr %r)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.NEQV", ptr %s)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %body
body:
  %r0 = load i32, ptr %r
  %rx = xor i32 %r0, -1
  %rn = xor i32 %rx, -1
  store i32 %rn, ptr %r
  %s0 = load i32, ptr %s
  %sx = xor i32 %s0, 0
  store i32 %sx, ptr %s
  br label %after
after:
  call void @llvm.directive(metadata !"DIR.OMP.END.PARALLEL")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rv = load i32, ptr %r
  %sv = load i32, ptr %s
  call i32 (ptr, ...) @printf(ptr @fmt2, ptr @s3, i32 %rv, i32 %sv)
  ret void
}

; simd reduction(.eqv.: r), r = .true.: .false. where i % 7 != 0 for i < 103
; (88 of them), even: -1.
define void @simd_eqv() {
entry:
  %r = alloca i32
  store i32 -1, ptr %r
  br label %pre.r
pre.r:
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.EQV", ptr %r)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %c.r
c.r:
  %i.r = phi i32 [ 0, %pre.r ], [ %i1.r, %b.r ]
  %k.r = icmp slt i32 %i.r, 103
  br i1 %k.r, label %b.r, label %e.r
b.r:
  %m.r = urem i32 %i.r, 7
  %z.r = icmp eq i32 %m.r, 0
  %v.r = select i1 %z.r, i32 -1, i32 0
  %o.r = load i32, ptr %r
  %x.r = xor i32 %o.r, %v.r
  %n.r = xor i32 %x.r, -1
  store i32 %n.r, ptr %r
  %i1.r = add i32 %i.r, 1
  br label %c.r
e.r:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rv = load i32, ptr %r
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s4, i32 %rv)
  ret void
}

; simd reduction(.neqv.: r) over logical(1), r = .true.: .true. where
; i % 4 == 0 for i < 64 (16 of them), even: -1.
define void @simd_neqv_i8() {
entry:
  %r = alloca i8
  store i8 -1, ptr %r
  br label %pre.r
pre.r:
  call void @llvm.directive(metadata !"DIR.OMP.SIMD")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.REDUCTION.NEQV", ptr %r)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  br label %c.r
c.r:
  %i.r = phi i32 [ 0, %pre.r ], [ %i1.r, %b.r ]
  %k.r = icmp slt i32 %i.r, 64
  br i1 %k.r, label %b.r, label %e.r
b.r:
  %m.r = urem i32 %i.r, 4
  %z.r = icmp eq i32 %m.r, 0
  %v.r = select i1 %z.r, i8 -1, i8 0
  %o.r = load i8, ptr %r
  %x.r = xor i8 %o.r, %v.r
  store i8 %x.r, ptr %r
  %i1.r = add i32 %i.r, 1
  br label %c.r
e.r:
  call void @llvm.directive(metadata !"DIR.OMP.END.SIMD")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %rv = load i8, ptr %r
  %rw = sext i8 %rv to i32
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @s5, i32 %rw)
  ret void
}

define i32 @main() {
  call void @parloop_eqv()
  call void @loop_neqv_i8()
  call void @parallel_eqv_neqv()
  call void @simd_eqv()
  call void @simd_neqv_i8()
  ret i32 0
}
