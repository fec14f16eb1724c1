// Declare variant and orphaned distribute loops on the device: the call in
// a target teams region names the variant clang chose for
// construct={target, teams} (cc/src/declare_variant.rs), a declare target
// function whose `distribute` loop binds to the calling league (an
// orphaned distribute, docs/threads.md), and a `loop bind(teams)` in
// another: each iteration counted once over the whole league (a base
// function or a loop each team ran whole counts once per team). The
// device image assembles (ptxas); on a machine without a GPU the host
// fallback prints the same but `devices 0`.
// CLANG-16-WRONG: clang 16 runs an orphaned `loop bind(teams)` whole in
// every team (its host fallback counts 8192 with two teams).
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// CHECK: devices 0 teams count 4096 v 8190 loop count 4096 v 12285
// GPU-EXPECT: ^devices 1 teams count 4096 v 8190 loop count 4096 v 12285  $
// HOST-EXPECT: ^devices 0 teams count 4096 v 8190 loop count 4096 v 12285  $
#include <omp.h>
#include <stdio.h>

#define N 4096

#pragma omp declare target
void team_work(int *v, int *count, int n);
void loop_work(int *v, int *count, int n);
#pragma omp end declare target

#pragma omp declare variant(team_work) match(construct={target, teams})
void work(int *v, int *count, int n) {
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] = 2 * i;
  }
}

#pragma omp declare target
void team_work(int *v, int *count, int n) {
#pragma omp distribute
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] = 2 * i;
  }
}

void loop_work(int *v, int *count, int n) {
#pragma omp loop bind(teams)
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] = 3 * i;
  }
}
#pragma omp end declare target

int main(void) {
  static int v[N], w[N];
  int count = 0, lcount = 0, devices = omp_get_num_devices() > 0;
#pragma omp target teams num_teams(8) map(tofrom: v, count)
  work(v, &count, N);
#pragma omp target teams num_teams(8) map(tofrom: w, lcount)
  loop_work(w, &lcount, N);
  printf("devices %d teams count %d v %d loop count %d v %d \n", devices, count, v[N - 1], lcount, w[N - 1]);
  return 0;
}
