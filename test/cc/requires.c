// #pragma omp requires: weft-cc states the directives' flags in the i64
// constant .omp.requires, and weft's constructor registers them with
// __tgt_register_requires as clang 16 does (unified_shared_memory 8;
// unified_address and dynamic_allocators leave OMP_REQ_NONE, 1), in both
// directive forms. Without a requires directive, OMP_REQ_NONE.
// RUN: rm -rf %t && split-file %s %t
// RUN: %weftcc -O1 -S -emit-llvm %t/usm.c -o %t/usm.ll
// RUN: %opt -passes=weft %t/usm.ll -S -o - | FileCheck %s --check-prefix=USM
// RUN: %weftcc -O1 -S -emit-llvm --paper-form %t/usm.c -o %t/usm.paper.ll
// RUN: %opt -passes=weft %t/usm.paper.ll -S -o - | FileCheck %s --check-prefix=USM
// RUN: %weftcc -O1 -S -emit-llvm %t/ua.c -o %t/ua.ll
// RUN: %opt -passes=weft %t/ua.ll -S -o - | FileCheck %s --check-prefix=NONE
// RUN: %weftcc -O1 -S -emit-llvm %t/plain.c -o %t/plain.ll
// RUN: %opt -passes=weft %t/plain.ll -S -o - | FileCheck %s --check-prefix=NONE
//
// USM: @.omp.requires = internal constant i64 8
// USM: define internal void @.omp_offloading.requires_reg()
// USM-NEXT: entry:
// USM-NEXT: call void @__tgt_register_requires(i64 8)
// NONE: define internal void @.omp_offloading.requires_reg()
// NONE-NEXT: entry:
// NONE-NEXT: call void @__tgt_register_requires(i64 1)

//--- usm.c
#pragma omp requires unified_address
#pragma omp requires unified_shared_memory dynamic_allocators
int f(int x) {
#pragma omp target map(tofrom: x)
  x += 1;
  return x;
}

//--- ua.c
#pragma omp requires unified_address, dynamic_allocators
int f(int x) {
#pragma omp target map(tofrom: x)
  x += 1;
  return x;
}

//--- plain.c
int f(int x) {
#pragma omp target map(tofrom: x)
  x += 1;
  return x;
}
