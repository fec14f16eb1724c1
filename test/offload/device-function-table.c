// A declare target table of function pointers (docs/offload-device.md,
// "Declare target functions"): the device module keeps each function the
// table's initializer names, a static one too, though no kernel calls it
// directly, so the device's copy of the table points at device code; the
// kernel calls through it. It fails if a function is left a declaration
// (weft refuses such an image by name: an undefined symbol of the device
// link) or the host fallback computes otherwise than the serial loop.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O2 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// CHECK: ops 30 100
// DEV-DAG: @ops = protected {{(local_unnamed_addr )?}}global [2 x ptr] [ptr @sq, ptr @cube]
// DEV-DAG: define internal i32 @sq(
// DEV-DAG: define {{.*}}i32 @cube(
#include <stdio.h>

#pragma omp declare target
static int sq(int x) { return x * x; }
int cube(int x) { return x * x * x; }
int (*ops[2])(int) = {sq, cube};
#pragma omp end declare target

int main(void) {
  int r[4], s[4];
#pragma omp target teams distribute parallel for map(from: r, s)
  for (int i = 0; i < 4; i++) {
    r[i] = ops[0](i + 1);
    s[i] = ops[1](i + 1);
  }
  printf("ops %d %d\n", r[0] + r[1] + r[2] + r[3], s[0] + s[1] + s[2] + s[3]);
  return 0;
}
