; thread_limit on target (OpenMP 5.1 §2.14.5) as icx writes it:
; "QUAL.OMP.THREAD_LIMIT:TYPED"(ptr slot, <type> 0), the slot captured
; FIRSTPRIVATE on TARGET (an i32 and an i64 slot), and (i32 n, i32 0), a
; constant; in the paper form QUAL.OMP.THREAD_LIMIT with a value. The
; launch passes one team (-1) and the limit, loaded from the slot where
; the target is, to __tgt_target_kernel and the kernel argument record, as
; clang 16 does. Executed without a device (the host fallback) and with
; offloading disabled: the regions' results match the serial program.
; (Before, the :TYPED form on TARGET was refused as "parsed, but
; weft-paropt does not lower it yet".)
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=weft -verify-each %t/region.ll -S -o - | FileCheck %s --check-prefix=REGION
; RUN: %opt -passes=weft -verify-each %t/paper.ll -S -o - | FileCheck %s --check-prefix=PAPER
; RUN: %opt -passes='print<wregions>' -disable-output %t/region.ll 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %opt -passes=weft-strip %t/region.ll -o %t/serial.bc
; RUN: %clang -O0 -Wno-override-module %t/serial.bc -o %t/serial && %t/serial > %t/expected
; RUN: FileCheck %s --check-prefix=OUT < %t/expected
; RUN: %clang -O0 -Wno-override-module %t/region.ll -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/r0
; RUN: %clang -O2 -Wno-override-module %t/region.ll -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/r2
; RUN: %clang -O2 -Wno-override-module %t/paper.ll -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/p2
; RUN: %t/r0 | diff %t/expected -
; RUN: %t/r2 | diff %t/expected -
; RUN: env OMP_TARGET_OFFLOAD=disabled %t/r2 | diff %t/expected -
; RUN: %t/p2 | diff %t/expected -
; OUT: 21 40 1003
; REGION-LABEL: define i32 @main()
; REGION: %[[TL:omp.league.value[0-9]*]] = load i32, ptr %tl
; REGION: insertvalue [3 x i32] zeroinitializer, i32 %[[TL]], 0
; REGION: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 -1, i32 %[[TL]], ptr @.__omp_offloading_{{[0-9a-f]+}}_main_r1.region_id,
; REGION: %[[N:omp.league.value[0-9]*]] = load i64, ptr %n
; REGION: %[[N32:[0-9]+]] = trunc i64 %[[N]] to i32
; REGION: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 -1, i32 %[[N32]], ptr @.__omp_offloading_{{[0-9a-f]+}}_main_r2.region_id,
; REGION: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 -1, i32 3, ptr @.__omp_offloading_{{[0-9a-f]+}}_main_r3.region_id,
; PAPER-LABEL: define i32 @main()
; PAPER: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 -1, i32 %{{.*}}, ptr @.__omp_offloading_{{[0-9a-f]+}}_main_r1.region_id,
; PAPER: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 -1, i32 -1, i32 3, ptr @.__omp_offloading_{{[0-9a-f]+}}_main_r{{[0-9]+}}.region_id,
; PRINT: BEGIN WRNTargetNode<1>
; PRINT: THREAD_LIMIT: ptr %tl (TYPED i32)
; PRINT: BEGIN WRNTargetNode<2>
; PRINT: THREAD_LIMIT: ptr %n (TYPED i64)
; PRINT: BEGIN WRNTargetNode<3>
; PRINT: THREAD_LIMIT: i32 3

;--- region.ll
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [10 x i8] c"%d %d %d\0A\00"

define i32 @main() {
entry:
  %tl = alloca i32
  %n = alloca i64
  %r = alloca [3 x i32]
  store i32 2, ptr %tl
  store i64 4, ptr %n
  %r0 = getelementptr [3 x i32], ptr %r, i64 0, i64 0
  %r1 = getelementptr [3 x i32], ptr %r, i64 0, i64 1
  %r2 = getelementptr [3 x i32], ptr %r, i64 0, i64 2
  %t1 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0), "QUAL.OMP.MAP.TOFROM"(ptr %r, ptr %r, i64 12, i64 35), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %tl, i32 0, i32 1), "QUAL.OMP.THREAD_LIMIT:TYPED"(ptr %tl, i32 0) ]
  %v = load i32, ptr %tl
  %w = mul i32 %v, 10
  %w1 = add i32 %w, 1
  store i32 %w1, ptr %r0
  call void @llvm.directive.region.exit(token %t1) [ "DIR.OMP.END.TARGET"() ]
  %t2 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 1), "QUAL.OMP.MAP.TOFROM"(ptr %r, ptr %r, i64 12, i64 35), "QUAL.OMP.FIRSTPRIVATE:TYPED"(ptr %n, i64 0, i32 1), "QUAL.OMP.THREAD_LIMIT:TYPED"(ptr %n, i64 0) ]
  %nv = load i64, ptr %n
  %n32 = trunc i64 %nv to i32
  %x = mul i32 %n32, 10
  store i32 %x, ptr %r1
  call void @llvm.directive.region.exit(token %t2) [ "DIR.OMP.END.TARGET"() ]
  %t3 = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 2), "QUAL.OMP.MAP.TOFROM"(ptr %r, ptr %r, i64 12, i64 35), "QUAL.OMP.THREAD_LIMIT:TYPED"(i32 3, i32 0) ]
  store i32 1003, ptr %r2
  call void @llvm.directive.region.exit(token %t3) [ "DIR.OMP.END.TARGET"() ]
  %a = load i32, ptr %r0
  %b = load i32, ptr %r1
  %c = load i32, ptr %r2
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}

;--- paper.ll
target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opnd(metadata, ...)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [10 x i8] c"%d %d %d\0A\00"

define i32 @main() {
entry:
  %tl = alloca i32
  %n = alloca i64
  %r = alloca [3 x i32]
  store i32 2, ptr %tl
  store i64 4, ptr %n
  %r0 = getelementptr [3 x i32], ptr %r, i64 0, i64 0
  %r1 = getelementptr [3 x i32], ptr %r, i64 0, i64 1
  %r2 = getelementptr [3 x i32], ptr %r, i64 0, i64 2
  %lim = load i32, ptr %tl
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %r)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %tl)
  call void (metadata, ...) @llvm.directive.qual.opnd(metadata !"QUAL.OMP.THREAD_LIMIT", i32 %lim)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr %tl
  %w = mul i32 %v, 10
  %w1 = add i32 %w, 1
  store i32 %w1, ptr %r0
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %r)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %nv = load i64, ptr %n
  %n32 = trunc i64 %nv to i32
  %x = mul i32 %n32, 10
  store i32 %x, ptr %r1
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %r)
  call void (metadata, ...) @llvm.directive.qual.opnd(metadata !"QUAL.OMP.THREAD_LIMIT", i32 3)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 1003, ptr %r2
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %a = load i32, ptr %r0
  %b = load i32, ptr %r1
  %c = load i32, ptr %r2
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
