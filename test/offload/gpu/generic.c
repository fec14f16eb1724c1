// Generic-mode kernels (docs/offload-device.md, "Generic mode"): target
// regions that are not one combined loop. On the GPU each prints what the
// device computed and that it ran there (omp_is_initial_device() 0 inside,
// a team of more than one thread in the parallel loop, four teams in the
// league); a region not offloaded would print dev 1, a wrong partition or
// a local left on the main thread's stack wrong sums. Here (no GPU) the
// host fallback runs it with the same sums; gpu-check.sh runs it on the GPU.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// The device module: generic kernels that LLVM's verifier, the device
// runtime's link (as clang-linker-wrapper links it: only what the module
// needs, internalized), its optimizations (OpenMPOpt may turn a generic
// kernel into generic-SPMD, 3, as it does clang's), llc and ptxas accept,
// also without OpenMPOpt (the runtime's state machine as built). Nothing
// is left undefined but malloc and free, which the CUDA driver provides
// (__kmpc_alloc_shared's memory when the team's shared stack is full).
// RUN: %weftcc -O2 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: opt -passes=verify -disable-output %t.dev.bc
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=MODES %s
// RUN: llvm-link %t.dev.bc --internalize --only-needed %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: opt -O2 %t.linked.bc -o %t.opt.bc
// RUN: llvm-nm --undefined-only -j %t.opt.bc > %t.undef
// RUN: not grep -v -x -e malloc -e free %t.undef
// RUN: llvm-dis %t.opt.bc -o - | FileCheck --check-prefix=LINKED %s
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.opt.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// RUN: opt -O2 -openmp-opt-disable %t.linked.bc -o %t.noopt.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.noopt.bc -o %t.noopt.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.noopt.s -o %t.noopt.cubin
// (At -O2 weft optimizes the image as clang's -foffload-lto device
// compilation does: OpenMPOpt may make a generic kernel generic-SPMD there.)
// MODES-COUNT-6: _exec_mode = weak protected constant i8 {{1|3}}
// MODES-NOT: _exec_mode = 
// LINKED-COUNT-6: _exec_mode = weak protected constant i8 {{1|3}}
// CHECK: seq 5050 dev 1
// CHECK-NEXT: simd 4096
// CHECK-NEXT: par {{[01]}} sum 1501000 dev 1
// CHECK-NEXT: teams {{[1-4]}}
// CHECK-NEXT: nested 8002000
// CHECK-NEXT: call 6048
// GPU-EXPECT: ^seq 5050 dev 0 simd 4096 par 1 sum 1501000 dev 0 teams 4 nested 8002000 call 6048 $
// HOST-EXPECT: ^seq 5050 dev 1 simd 4096 par [01] sum 1501000 dev 1 teams [1-4] nested 8002000 call 6048 $
#include <omp.h>
#include <stdio.h>

#define N 1000
#define M 64

static void fill(int *v, int n, int k) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v[i] = i * k;
}

int main(void) {
  int a[N], b[N * 4], team[N];
  int x = 0, dev = -1;
  // Sequential code only: the main thread of the one team runs it.
#pragma omp target map(tofrom: x, dev)
  {
    dev = omp_is_initial_device();
    for (int i = 1; i <= 100; i++)
      x += i;
  }
  printf("seq %d dev %d\n", x, dev);

  // A simd loop: a plain loop on the main thread (no vectorizer runs on the
  // device module).
  float y[M];
  for (int i = 0; i < M; i++)
    y[i] = i;
#pragma omp target simd map(tofrom: y)
  for (int i = 0; i < M; i++)
    y[i] = 2 * y[i] + 1;
  float sy = 0;
  for (int i = 0; i < M; i++)
    sy += y[i];
  printf("simd %d\n", (int)sy);

  // A parallel loop with code before and after it; k and local are the
  // main thread's locals, which the team reads (shared memory).
  int sum = 0, nth = 0, pdev = -1;
#pragma omp target map(tofrom: a, sum, nth, pdev)
  {
    int k = 3;
    int local[4] = {1, 2, 3, 4};
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
      a[i] = i * k + local[i % 4];
      if (i == 0) {
        nth = omp_get_num_threads();
        pdev = omp_is_initial_device();
      }
    }
    for (int i = 0; i < N; i++)
      sum += a[i];
  }
  printf("par %d sum %d dev %d\n", nth > 1, sum, pdev);

  // A league: distribute among teams, the main thread of each runs it.
  int teams = 0;
#pragma omp target teams num_teams(4) map(from: team)
  {
#pragma omp distribute
    for (int i = 0; i < N; i++)
      team[i] = omp_get_team_num();
  }
  for (int i = 0; i < N; i++)
    teams = team[i] + 1 > teams ? team[i] + 1 : teams;
  printf("teams %d\n", teams);

  // A parallel loop inside each distribute iteration: t is the team's
  // main thread's local.
#pragma omp target teams distribute map(from: b)
  for (int i = 0; i < N; i++) {
    int t = i * 4;
#pragma omp parallel for
    for (int j = 0; j < 4; j++)
      b[t + j] = t + j + 1;
  }
  long s = 0;
  for (int i = 0; i < N * 4; i++)
    s += b[i];
  printf("nested %ld\n", s);

  // A local array of the region passed to a function that forks.
  int total = 0;
#pragma omp target map(tofrom: total)
  {
    int tmp[M];
    fill(tmp, M, 3);
    for (int i = 0; i < M; i++)
      total += tmp[i];
  }
  printf("call %d\n", total);
  return 0;
}
