; The target construct and the device data constructs on the host side, in
; both directive forms (icx's map chains in operand bundles; the paper's
; four intrinsics): per target region a weak i8 region id, a
; __tgt_offload_entry record in section omp_offloading_entries naming
; __omp_offloading_<file>_<fn>_r<n> (l<line> with a debug location), the
; map arrays (map types as libomptarget defines them: TOFROM|TARGET_PARAM
; = 35, FROM|TARGET_PARAM = 34, a firstprivate scalar's value LITERAL|
; TARGET_PARAM = 288, a value read by the region LITERAL|TARGET_PARAM|IMPLICIT
; = 800, each in an i64 argument of the fallback), the
; 13-field __tgt_kernel_arguments record (version 2), __tgt_target_kernel
; and the host fallback when it returns nonzero, under if() the fallback
; alone otherwise; a constructor registering the requires flags. Executed
; with libomptarget and no device image: each region runs on the host and
; the results match the serial program (weft-strip), also with
; OMP_TARGET_OFFLOAD=disabled.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=weft %t/region.ll -S -o - | FileCheck %s --check-prefix=REGION
; RUN: %opt -passes=weft %t/region.ll -S -o - | FileCheck %s --check-prefix=REQ
; RUN: %opt -passes='print<wregions>' -disable-output %t/region.ll 2>&1 | FileCheck %s --check-prefix=WREGION
; RUN: %opt -passes='print<wregions>' -disable-output %t/paper.ll 2>&1 | FileCheck %s --check-prefix=WREGION-PAPER
; RUN: %opt -passes=weft %t/paper.ll -S -o - | FileCheck %s --check-prefix=PAPER
; RUN: %opt -passes=weft-strip %t/region.ll -o %t/serial.bc
; RUN: %clang -O0 -Wno-override-module %t/serial.bc -o %t/serial && %t/serial > %t/expected
; RUN: %opt -passes=weft %t/region.ll -o %t/weft.bc
; RUN: %clang -O2 -Wno-override-module %t/weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/weft
; RUN: %t/weft > %t/out && diff %t/expected %t/out
; RUN: env OMP_TARGET_OFFLOAD=disabled %t/weft > %t/out2 && diff %t/expected %t/out2
; RUN: %opt -passes=weft %t/paper.ll -o %t/paper.bc
; RUN: %clang -O2 -Wno-override-module %t/paper.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/paper
; RUN: %t/paper > %t/out3 && diff %t/expected %t/out3
; RUN: llvm-objdump-16 -h %t/weft | FileCheck %s --check-prefix=SECTION
; RUN: llvm-nm-16 %t/weft | FileCheck %s --check-prefix=NM
;
; REGION-DAG: @.__omp_offloading_[[ID:[0-9a-f]+_main_r2]].region_id = weak constant i8 0
; REGION-DAG: @.omp_offloading.entry.__omp_offloading_[[ID]] = weak constant { ptr, ptr, i64, i32, i32 } { ptr @.__omp_offloading_[[ID]].region_id, ptr @.omp_offloading.entry_name{{.*}}, i64 0, i32 0, i32 0 }, section "omp_offloading_entries", align 1
; REGION-DAG: @llvm.global_ctors = appending global {{.*}} @.omp_offloading.requires_reg
; REGION-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [4 x i64] [i64 288, i64 35, i64 800, i64 34]
; REGION-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [1 x i64] [i64 1]
; REGION-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [1 x i64] [i64 3]
; REGION-DAG: @.offload_maptypes{{.*}} = private unnamed_addr constant [1 x i64] [i64 35]
; REGION-LABEL: define {{.*}}i32 @main()
; REGION: call void @__tgt_target_data_begin_mapper(ptr @{{.*}}, i64 -1, i32 1,
; REGION: store i32 2, ptr
; REGION: call i32 @__tgt_target_kernel(ptr @{{.*}}, i64 0, i32 -1, i32 0, ptr @.__omp_offloading_[[ID]].region_id, ptr %omp.kernel_args
; REGION: call void @__omp_offloading_[[ID]](i64 %{{.*}}, ptr %a, i64 %{{.*}}, ptr %s)
; REGION: call void @__tgt_target_data_end_mapper(ptr @{{.*}}, i64 -1, i32 1,
; REGION: call void @__tgt_target_data_update_mapper(
; REGION: br i1 false, label %omp.offload, label %omp.offload.done
; REGION: call void @__omp_offloading_{{[0-9a-f]+}}_main_r4(ptr %s)
; REGION: define internal void @__omp_offloading_[[ID]](i64 %0, ptr %1, i64 %2, ptr %3)
; REGION: trunc i64 %0 to i32
; REGION: trunc i64 %2 to i32
; REGION: call void @main.omp_target.2(ptr %omp.gtid, ptr %omp.bound, ptr %omp.target.args)
; REQ: define internal void @.omp_offloading.requires_reg()
; REQ-NEXT: entry:
; REQ-NEXT: call void @__tgt_register_requires(i64 1)
;
; PAPER: section "omp_offloading_entries"
; PAPER: call void @__tgt_target_data_begin_mapper(
; PAPER: call i32 @__tgt_target_kernel(
; PAPER: call void @__omp_offloading_{{[0-9a-f]+}}_main_r{{[0-9]+}}(
; PAPER: call void @__tgt_target_data_end_mapper(
;
; The data environment print<wregions> shows (maps as chains, the device).
; WREGION: BEGIN WRNTargetDataNode<1> {
; WREGION: MAP: TO(ptr %a (CHAIN begin ptr %a, size i64 16, type i64 1))
; WREGION: USE_DEVICE_ADDR: NONE
; WREGION: BEGIN WRNTargetNode<2> {
; WREGION: FIRSTPRIVATE: ptr %n
; WREGION: DEVICE: i32 0
; WREGION: OFFLOAD.ENTRY.IDX: i32 0
; WREGION: MAP: TOFROM(ptr %a (CHAIN begin ptr %a, size i64 16, type i64 35, ptr null, ptr null)), FROM(ptr %s (CHAIN begin ptr %s, size i64 4, type i64 34))
; WREGION: HAS_DEVICE_ADDR: NONE
; WREGION: BEGIN WRNTargetUpdateNode<3> {
; WREGION-PAPER: BEGIN WRNTargetNode<2> {
; WREGION-PAPER: MAP: TOFROM(ptr %a), FROM(ptr %s (CHAIN begin ptr %s, size i64 4, type i64 2))
;
; SECTION: omp_offloading_entries
; NM: U __tgt_target_data_begin_mapper
; NM: U __tgt_target_kernel

;--- region.ll
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"

define i32 @main() {
entry:
  %a = alloca [4 x i32]
  %s = alloca i32
  %n = alloca i32
  store i32 0, ptr %s
  store i32 5, ptr %n
  store [4 x i32] [i32 1, i32 2, i32 3, i32 4], ptr %a
  %k = add i32 0, 7
  %d = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.DATA"(), "QUAL.OMP.MAP.TO"(ptr %a, ptr %a, i64 16, i64 1) ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0), "QUAL.OMP.MAP.TOFROM"(ptr %a, ptr %a, i64 16, i64 35, ptr null, ptr null), "QUAL.OMP.MAP.FROM"(ptr %s, ptr %s, i64 4, i64 34), "QUAL.OMP.FIRSTPRIVATE"(ptr %n), "QUAL.OMP.DEVICE"(i32 0) ]
  %e0 = getelementptr [4 x i32], ptr %a, i64 0, i64 0
  %e1 = getelementptr [4 x i32], ptr %a, i64 0, i64 3
  %v0 = load i32, ptr %e0
  %v1 = load i32, ptr %e1
  %nv = load i32, ptr %n
  %sum = add i32 %v0, %v1
  %sum2 = add i32 %sum, %nv
  %sum3 = add i32 %sum2, %k
  store i32 %sum3, ptr %s
  store i32 100, ptr %e0
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  call void @llvm.directive.region.exit(token %d) [ "DIR.OMP.END.TARGET.DATA"() ]
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.UPDATE"(), "QUAL.OMP.MAP.TOFROM"(ptr %a, ptr %a, i64 16, i64 3) ]
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.TARGET.UPDATE"() ]
  ; if(false): the fallback alone.
  %f = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.IF"(i1 false), "QUAL.OMP.MAP.TOFROM"(ptr %s, ptr %s, i64 4, i64 35) ]
  %sv = load i32, ptr %s
  %sv1 = add i32 %sv, 1000
  store i32 %sv1, ptr %s
  call void @llvm.directive.region.exit(token %f) [ "DIR.OMP.END.TARGET"() ]
  %e0x = getelementptr [4 x i32], ptr %a, i64 0, i64 0
  %r0 = load i32, ptr %s
  %r1 = load i32, ptr %e0x
  %r2 = load i32, ptr %n
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r0, i32 %r1, i32 %r2, i32 %k, i32 0)
  ret i32 0
}

;--- paper.ll
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare void @llvm.directive.qual.opnd.i64(metadata, i64)
declare i32 @printf(ptr, ...)
@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"

define i32 @main() {
entry:
  %a = alloca [4 x i32]
  %s = alloca i32
  %n = alloca i32
  store i32 0, ptr %s
  store i32 5, ptr %n
  store [4 x i32] [i32 1, i32 2, i32 3, i32 4], ptr %a
  %k = add i32 0, 7
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %a)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %a)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr %s, ptr %s, i64 4, i64 2)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.FIRSTPRIVATE", ptr %n)
  call void @llvm.directive.qual.opnd.i64(metadata !"QUAL.OMP.DEVICE", i64 0)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %e0 = getelementptr [4 x i32], ptr %a, i64 0, i64 0
  %e1 = getelementptr [4 x i32], ptr %a, i64 0, i64 3
  %v0 = load i32, ptr %e0
  %v1 = load i32, ptr %e1
  %nv = load i32, ptr %n
  %sum = add i32 %v0, %v1
  %sum2 = add i32 %sum, %nv
  %sum3 = add i32 %sum2, %k
  store i32 %sum3, ptr %s
  store i32 100, ptr %e0
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void @llvm.directive.qual.opnd.i64(metadata !"QUAL.OMP.IF", i64 0)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr %s)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %sv = load i32, ptr %s
  %sv1 = add i32 %sv, 1000
  store i32 %sv1, ptr %s
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %e0x = getelementptr [4 x i32], ptr %a, i64 0, i64 0
  %r0 = load i32, ptr %s
  %r1 = load i32, ptr %e0x
  %r2 = load i32, ptr %n
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r0, i32 %r1, i32 %r2, i32 %k, i32 0)
  ret i32 0
}
