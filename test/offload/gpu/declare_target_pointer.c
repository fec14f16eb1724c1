// A declare target pointer attached to the sections mapped through it
// (docs/offload.md, "declare target pointers"; OpenMP 5.1 §2.21.7.1): the
// OpenMP Examples' target_ptr_map.2 (`map(p[:N])`, then device functions
// reading the global `p`: "003 297"), then `target enter data`, a kernel
// with no map that reads `p` through a declare target function, `target
// update from` half of the section (so on a GPU the host's last element
// keeps its old value, 297, where the host fallback, writing the host's
// array, prints 298), `target exit data`, a `target data` region around a
// target that maps nothing, and a section that does not start at p[0] (the
// device's p points that far before the section's device copy). Each map
// entry is clang 16's, base &p with PTR_AND_OBJ (the ARRAYS lines, the map
// arrays printed by test/cc/Inputs/map_recorder.c in the device build), so
// libomptarget writes the section's device address into the device's own
// p; without it the device's p stays null and the first kernel faults on
// the GPU (an illegal address). The device module defines p and reads it
// in place.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O2 %offload -DRECORD %s %S/../../cc/Inputs/map_recorder.c -o %t.rec
// RUN: %t.rec 2> %t.arrays | FileCheck %s
// RUN: FileCheck --check-prefix=ARRAYS %s < %t.arrays
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: opt -passes=verify -disable-output %t.dev.bc
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// CHECK: example 003 297 ondev 0 update 4 298 data 5 397 offset ok host ok
// GPU-EXPECT: ^example 003 297 ondev 1 update 4 297 data 5 397 offset ok host ok $
// HOST-EXPECT: ^example 003 297 ondev 0 update 4 298 data 5 397 offset ok host ok $
// ARRAYS: target: 3 entries
// ARRAYS: (p+0, a+0) size 400 bits 0x13
// ARRAYS: begin: 1 entries
// ARRAYS-NEXT: (p+0, a+0) size 400 bits 0x11
// ARRAYS: update: 1 entries
// ARRAYS-NEXT: (p+0, a+0) size 200 bits 0x12
// ARRAYS: end: 1 entries
// ARRAYS-NEXT: (p+0, a+0) size 400 bits 0x12
// ARRAYS: begin: 1 entries
// ARRAYS-NEXT: (p+0, a+0) size 400 bits 0x13
// ARRAYS: end: 1 entries
// ARRAYS-NEXT: (p+0, a+0) size 400 bits 0x13
// ARRAYS: (p+0, a+40) size 80 bits 0x13
// DEV: @p = protected global ptr null
// DEV: define {{.*}} @use_global_p(
// DEV: load ptr, ptr @p
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define N 100

#pragma omp begin declare target
int *p;
void use_arg_p(int *q, int n);
void use_global_p(int n);
int read_global_p(int k);
#pragma omp end declare target

#ifdef RECORD
void rec_name(void *p, unsigned long size, const char *name);
#endif

void use_arg_p(int *q, int n) {
  for (int i = 0; i < n; i++)
    q[i] *= 2;
}

void use_global_p(int n) {
  for (int i = 0; i < n; i++)
    p[i] += i;
}

int read_global_p(int k) { return p[k]; }

int main(void) {
  int i, ondev = 0;
  p = (int *)malloc(sizeof(int) * N);
  int *host = p;
#ifdef RECORD
  rec_name(p, sizeof(int) * N, "a");
  rec_name(&p, sizeof p, "p");
#endif
#pragma omp target map(p[:N]) map(from: ondev)
  {
    for (i = 0; i < N; i++)
      p[i] = i;
    use_arg_p(p, N);
    use_global_p(N);
    ondev = !omp_is_initial_device();
  }
  printf("example %3.3d %3.3d ondev %d", p[1], p[N - 1], ondev);
#pragma omp target enter data map(to: p[:N])
#pragma omp target teams distribute parallel for
  for (int k = 0; k < N; k++)
    p[k] = read_global_p(k) + 1;
#pragma omp target update from(p[0:N / 2])
  printf(" update %d %d", p[1], p[N - 1]);
#pragma omp target exit data map(from: p[:N])
#pragma omp target data map(tofrom: p[0:N])
  {
#pragma omp target
    use_global_p(N);
  }
  printf(" data %d %d", p[1], p[N - 1]);
#pragma omp target map(tofrom: p[10:20])
  for (int k = 10; k < 30; k++)
    p[k] = read_global_p(k) * 2;
  printf(" offset %s", p[9] == 37 && p[10] == 82 && p[29] == 234 && p[30] == 121 ? "ok" : "WRONG");
  printf(" host %s\n", p == host ? "ok" : "WRONG");
  free(p);
  return 0;
}
