; use_device_addr on target data (OpenMP 5.1 §2.14.2), in both directive
; forms: the variable is passed to __tgt_target_data_begin_mapper with map
; type RETURN_PARAM (64) and size 0, and inside the region its uses read
; the address the runtime returns in the pointers array; outside, the
; variable itself. Run: with no device image the address is the host's.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=weft %t/region.ll -S -o - | FileCheck %s
; RUN: %opt -passes=weft %t/paper.ll -S -o - | FileCheck %s
; RUN: %opt -passes=weft %t/region.ll -o %t/weft.bc
; RUN: %clang -O2 -Wno-override-module %t/weft.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/weft
; RUN: %t/weft | FileCheck %s --check-prefix=OUT
; RUN: env OMP_TARGET_OFFLOAD=disabled %t/weft | FileCheck %s --check-prefix=OUT
; RUN: %opt -passes=weft %t/paper.ll -o %t/paper.bc
; RUN: %clang -O2 -Wno-override-module %t/paper.bc -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/paper
; RUN: %t/paper | FileCheck %s --check-prefix=OUT
;
; CHECK: @.offload_maptypes{{[.0-9]*}} = private unnamed_addr constant [2 x i64] [i64 1, i64 64]
; CHECK-LABEL: define i32 @main(
; CHECK: call void @__tgt_target_data_begin_mapper(
; CHECK: %[[SLOT:.*]] = getelementptr inbounds [2 x ptr], ptr %{{.*}}, i32 0, i32 1
; CHECK: %[[DEV:.*]] = load ptr, ptr %[[SLOT]]
; CHECK: store i32 7, ptr %[[DEV]]
; CHECK: call void @__tgt_target_data_end_mapper(
; CHECK: load i32, ptr %x
; OUT: 7

;--- region.ll
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\0A\00"

define i32 @main() {
entry:
  %x = alloca i32
  store i32 1, ptr %x
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.DATA"(), "QUAL.OMP.MAP.TO"(ptr %x, ptr %x, i64 4, i64 1), "QUAL.OMP.USE_DEVICE_ADDR"(ptr %x) ]
  store i32 7, ptr %x
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET.DATA"() ]
  %v = load i32, ptr %x
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %v)
  ret i32 0
}

;--- paper.ll
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c"%d\0A\00"

define i32 @main() {
entry:
  %x = alloca i32
  store i32 1, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.DATA")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr %x, ptr %x, i64 4, i64 1)
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.USE_DEVICE_ADDR", ptr %x)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  store i32 7, ptr %x
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.DATA")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr %x
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %v)
  ret i32 0
}
