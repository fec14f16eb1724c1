// Declare target across files (docs/offload-device.md, "Declare target
// functions"): this file's kernel calls `twice` and reads `offset`, which
// only the other file defines, in a `declare target` block. weft-cc lists
// the declare target functions for weft-markers (the attribute
// "openmp-target-declare"), so the kernel's call to a function without a
// body is allowed, and the other file's device module holds `twice` and
// `offset` though no kernel of its own reaches them; clang-linker-wrapper's
// device link resolves one with the other (nvlink fails on an undefined
// symbol). It fails if either image lacks them or the program computes
// otherwise than the serial loop.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload -c %s -o %t.a.o
// RUN: %weftcc -O2 %offload -c %S/Inputs/declare-function-def.c -o %t.b.o
// RUN: %weftcc %offload %t.a.o %t.b.o -o %t
// RUN: %t | FileCheck %s
// RUN: llvm-objdump --offloading %t | FileCheck --check-prefix=IMAGE %s
// The images' shape before optimization (at -O2 weft optimizes each image
// as clang's -foffload-lto device compilation does: helpers inlined).
// RUN: %weftcc -O0 %offload -c %s -o %t.a0.o
// RUN: %weftcc -O0 %offload -c %S/Inputs/declare-function-def.c -o %t.b0.o
// RUN: clang-offload-packager %t.b0.o --image=file=%t.b.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.b.bc -o - | FileCheck --check-prefix=DEF %s
// RUN: clang-offload-packager %t.a0.o --image=file=%t.a.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.a.bc -o - | FileCheck --check-prefix=USE %s
// (out[i] = 2(i+1) - 2 + 5 + 5.)
// CHECK: out[7] 24.0 sum 136.0
// IMAGE: kind            elf
// DEF-DAG: @offset = protected {{(local_unnamed_addr )?}}global i32 5
// DEF-DAG: define {{.*}}double @twice(
// DEF-DAG: define internal double @helper(
// USE-DAG: @offset = external protected {{(local_unnamed_addr )?}}global i32
// USE-DAG: declare {{.*}}double @twice(
#include <stdio.h>

#pragma omp declare target
double twice(double x);
extern int offset;
#pragma omp end declare target

int main(void) {
  double out[8];
#pragma omp target teams distribute parallel for map(from: out)
  for (int i = 0; i < 8; i++)
    out[i] = twice(i) + offset;
  double s = 0;
  for (int i = 0; i < 8; i++)
    s += out[i];
  printf("out[7] %.1f sum %.1f\n", out[7], s);
  return 0;
}
