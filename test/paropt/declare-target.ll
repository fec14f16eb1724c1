; declare target variables in the directive IR: the module's named
; metadata !omp_offload.info lists them as clang 16 and icx do, one node
; per variable !{i32 1, !"name", i32 flags, i32 order[, ptr @var]} (flags 0
; to/enter, 1 link), the same whatever the directive form (module
; metadata is no directive). weft writes each host entry as clang 16
; does: { &var, "var", size, 0, 0 } in section omp_offloading_entries; a
; link variable a weak reference pointer var_decl_tgt_ref_ptr = &var and
; { &ref_ptr, "var_decl_tgt_ref_ptr", 8, 1, 0 }; a node naming the
; reference pointer (clang 16's own shape) names the same entry; running
; weft again adds nothing. Executed with libomptarget and no device: the
; target regions and target update run on the host variables, the
; entries are in the executable (nm).
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=weft -verify-each %t/region.ll -S -o %t/region.out.ll
; RUN: FileCheck %s --check-prefix=ENTRIES < %t/region.out.ll
; RUN: %opt -passes=weft -verify-each %t/paper.ll -S -o - | FileCheck %s --check-prefix=ENTRIES
; RUN: %opt -passes=weft %t/region.out.ll -S -o - | FileCheck %s --check-prefix=ONCE
; RUN: %opt -passes=weft-strip %t/region.ll -o %t/serial.bc
; RUN: %clang -O0 -Wno-override-module %t/serial.bc -o %t/serial && %t/serial > %t/expected
; RUN: FileCheck %s --check-prefix=OUT < %t/expected
; RUN: %clang -O2 -Wno-override-module %t/region.ll -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/r
; RUN: %clang -O0 -Wno-override-module %t/paper.ll -L%libomp -Wl,-rpath,%libomp -lomp -lomptarget -o %t/p
; RUN: %t/r | diff %t/expected -
; RUN: env OMP_TARGET_OFFLOAD=disabled %t/r | diff %t/expected -
; RUN: %t/p | diff %t/expected -
; RUN: llvm-nm-16 %t/r | FileCheck %s --check-prefix=NM
; OUT: g 6 arr 6 k 3
; ENTRIES-DAG: @.omp_offloading.entry.g = weak constant { ptr, ptr, i64, i32, i32 } { ptr @g, ptr @.omp_offloading.entry_name{{[.0-9]*}}, i64 4, i32 0, i32 0 }, section "omp_offloading_entries", align 1
; ENTRIES-DAG: @arr_decl_tgt_ref_ptr = weak global ptr @arr
; ENTRIES-DAG: @.omp_offloading.entry.arr_decl_tgt_ref_ptr = weak constant { ptr, ptr, i64, i32, i32 } { ptr @arr_decl_tgt_ref_ptr, ptr @.omp_offloading.entry_name{{[.0-9]*}}, i64 8, i32 1, i32 0 }, section "omp_offloading_entries", align 1
; ENTRIES-DAG: @k_decl_tgt_ref_ptr = weak global ptr @k
; ENTRIES-DAG: @.omp_offloading.entry.k_decl_tgt_ref_ptr = weak constant {{.*}} { ptr @k_decl_tgt_ref_ptr, ptr @.omp_offloading.entry_name{{[.0-9]*}}, i64 8, i32 1, i32 0 }
; ENTRIES-DAG: c"g\00"
; ENTRIES-DAG: c"arr_decl_tgt_ref_ptr\00"
; ONCE-COUNT-1: @.omp_offloading.entry.g =
; ONCE-NOT: @.omp_offloading.entry.g{{[.0-9]+}} =
; NM: .omp_offloading.entry.arr_decl_tgt_ref_ptr
; NM: .omp_offloading.entry.g

;--- region.ll
target triple = "x86_64-pc-linux-gnu"
declare token @llvm.directive.region.entry()
declare void @llvm.directive.region.exit(token)
declare i32 @printf(ptr, ...)
@fmt = private constant [18 x i8] c"g %d arr %d k %d\0A\00"
@g = global i32 5
@arr = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@k = global i32 3
@k_decl_tgt_ref_ptr = weak global ptr @k

define i32 @main() {
entry:
  %u = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.UPDATE"(), "QUAL.OMP.MAP.TO"(ptr @g, ptr @g, i64 4, i64 1) ]
  call void @llvm.directive.region.exit(token %u) [ "DIR.OMP.END.TARGET.UPDATE"() ]
  %t = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET"(), "QUAL.OMP.OFFLOAD.ENTRY.IDX"(i32 0), "QUAL.OMP.MAP.TOFROM"(ptr @arr, ptr @arr, i64 16, i64 35) ]
  %v = load i32, ptr @g
  %v1 = add i32 %v, 1
  store i32 %v1, ptr @g
  %e = getelementptr [4 x i32], ptr @arr, i64 0, i64 3
  %a = load i32, ptr %e
  %a1 = add i32 %a, 2
  store i32 %a1, ptr %e
  call void @llvm.directive.region.exit(token %t) [ "DIR.OMP.END.TARGET"() ]
  %f = call token @llvm.directive.region.entry() [ "DIR.OMP.TARGET.UPDATE"(), "QUAL.OMP.MAP.FROM"(ptr @g, ptr @g, i64 4, i64 2) ]
  call void @llvm.directive.region.exit(token %f) [ "DIR.OMP.END.TARGET.UPDATE"() ]
  %r0 = load i32, ptr @g
  %e3 = getelementptr [4 x i32], ptr @arr, i64 0, i64 3
  %r1 = load i32, ptr %e3
  %r2 = load i32, ptr @k
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r0, i32 %r1, i32 %r2)
  ret i32 0
}

!omp_offload.info = !{!0, !1, !2}
!0 = !{i32 1, !"g", i32 0, i32 0}
!1 = !{i32 1, !"arr", i32 1, i32 1, ptr @arr}
!2 = !{i32 1, !"k_decl_tgt_ref_ptr", i32 1, i32 2}

;--- paper.ll
target triple = "x86_64-pc-linux-gnu"
declare void @llvm.directive(metadata)
declare void @llvm.directive.qual.opndlist(metadata, ...)
declare i32 @printf(ptr, ...)
@fmt = private constant [18 x i8] c"g %d arr %d k %d\0A\00"
@g = global i32 5
@arr = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@k = global i32 3

define i32 @main() {
entry:
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.UPDATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TO", ptr @g, ptr @g, i64 4, i64 1)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.UPDATE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.TOFROM", ptr @arr)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %v = load i32, ptr @g
  %v1 = add i32 %v, 1
  store i32 %v1, ptr @g
  %e = getelementptr [4 x i32], ptr @arr, i64 0, i64 3
  %a = load i32, ptr %e
  %a1 = add i32 %a, 2
  store i32 %a1, ptr %e
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.TARGET.UPDATE")
  call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.MAP.FROM", ptr @g, ptr @g, i64 4, i64 2)
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  call void @llvm.directive(metadata !"DIR.OMP.END.TARGET.UPDATE")
  call void @llvm.directive(metadata !"DIR.QUAL.LIST.END")
  %r0 = load i32, ptr @g
  %e3 = getelementptr [4 x i32], ptr @arr, i64 0, i64 3
  %r1 = load i32, ptr %e3
  %r2 = load i32, ptr @k
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r0, i32 %r1, i32 %r2)
  ret i32 0
}

!omp_offload.info = !{!0, !1, !2}
!0 = !{i32 1, !"g", i32 0, i32 0}
!1 = !{i32 1, !"arr", i32 1, i32 1, ptr @arr}
!2 = !{i32 1, !"k", i32 1, i32 2}
