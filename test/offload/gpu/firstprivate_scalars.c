// Firstprivate scalars of every width a kernel reads in each iteration
// (docs/offload.md, "Map entries"; paropt/target_literal.rs): each is
// passed as its value in an i64 kernel argument (map type LITERAL |
// TARGET_PARAM = 288), as clang 16 passes them. Passed by address
// (PRIVATE | TO), libomptarget 16 packs small firstprivates into one
// buffer at offsets of size + size % 16: after the char (1 byte, at 0) the
// short sits at offset 2, the int at 6, the float at 14, the long at 22,
// the double at 38 (the _Bool at 54), and an SPMD kernel that reads them with 2-, 4- and
// 8-byte loads (-O2) stops with CUDA's "misaligned address" on the GPU.
// The checks: the kernel's parameters are values, the launch passes no
// firstprivate by address, and every iteration sees the host's values (a
// wrong byte of any of them changes the sum).
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O2 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// The host side through the same pipeline as weft-cc -O2's (the hooks):
// RUN: %weftcc -O2 %offload -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='default<O2>' %t.ll -S -o - | FileCheck --check-prefix=HOST %s
// CHECK: sum 100515500
// GPU-EXPECT: ^sum 100515500 $
// HOST-EXPECT: ^sum 100515500 $
// DEV: _exec_mode = weak protected constant i8 2
// DEV: define weak_odr protected void @__omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}(i64 %0, i64 %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7
// HOST: @.offload_maptypes = private unnamed_addr constant [{{[0-9]+}} x i64] [i64 288, i64 288, i64 288, i64 288, i64 288, i64 288, i64 288, i64 34
// HOST-NOT: i64 161
#include <stdio.h>

#define N 1000

int main(void) {
  char c = 3;
  short s = -7;
  int i = 100000;
  float f = 0.5f;
  long l = 1L << 33;
  double d = 2.25;
  _Bool b = 1;
  long out[N];
#pragma omp target teams distribute parallel for firstprivate(c, s, i, f, l, d, b) map(from: out)
  for (int k = 0; k < N; k++)
    out[k] = c + s + i + (long)(4 * f) + (l >> 30) + (long)(4 * d) + b + k;
  long sum = 0;
  for (int k = 0; k < N; k++)
    sum += out[k];
  printf("sum %ld\n", sum);
  return 0;
}
