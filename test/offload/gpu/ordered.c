// Ordered loops in device kernels (docs/offload-device.md, "Ordered
// loops"): the whole loop is one chunk, so the team's first thread runs
// every iteration in order and the ordered region needs no code, as LLVM
// 16's device runtime does through dispatch loops that ptxas refuses in a
// linked image. A chain where each iteration reads the one before (as
// DataRaceBench's DRB155), a dynamic schedule whose ordered regions append
// the iteration to a list (another order, or a lost or doubled entry,
// prints WRONG), and an ordered chain in each team of a league. In both
// directive forms the device image has no dispatch loop and no
// `__kmpc_ordered` left.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && env OMP_TARGET_OFFLOAD=disabled %t.O0 | FileCheck %s
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o %t.dev.ll
// RUN: FileCheck --check-prefix=DEV --implicit-check-not=__kmpc_dispatch --implicit-check-not=__kmpc_ordered %s < %t.dev.ll
// RUN: %weftcc -O0 --paper-form %offload -c %s -o %t.paper.o
// RUN: clang-offload-packager %t.paper.o --image=file=%t.paper.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.paper.bc -o %t.paper.ll
// RUN: FileCheck --check-prefix=DEV --implicit-check-not=__kmpc_dispatch --implicit-check-not=__kmpc_ordered %s < %t.paper.ll
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// CHECK: devices 0 chain ok order ok teams ok
// DEV-COUNT-3: call void @__kmpc_for_static_init_{{[48]}}(ptr @{{.*}}, i32 %{{.*}}, i32 33,
// GPU-EXPECT: ^devices 1 chain ok order ok teams ok  $
// HOST-EXPECT: ^devices 0 chain ok order ok teams ok  $
#include <omp.h>
#include <stdio.h>

#define N 1000

static const char *ok(int good) { return good ? "ok" : "WRONG"; }

int main(void) {
  int var[N], out[N], tvar[N], k = 0;
  for (int i = 0; i < N; i++)
    var[i] = 0, out[i] = -1, tvar[i] = i % (N / 4) == 0 ? i : -1;
  int devices = omp_get_num_devices();
#pragma omp target map(tofrom: var)
#pragma omp parallel for ordered
  for (int i = 1; i < N; i++) {
#pragma omp ordered
    var[i] = var[i - 1] + 1;
  }
#pragma omp target map(tofrom: out, k)
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
    int w = (i * 7) % 5;
#pragma omp ordered
    out[k++] = i + w - w;
  }
#pragma omp target teams num_teams(4) thread_limit(64) map(tofrom: tvar)
  {
    // (Each team its rows: a host fallback may form fewer than 4.)
    for (int t = omp_get_team_num(), m = N / 4; t < 4; t += omp_get_num_teams()) {
#pragma omp parallel for ordered
      for (int i = 1; i < m; i++) {
#pragma omp ordered
        tvar[t * m + i] = tvar[t * m + i - 1] + 1;
      }
    }
  }
  int chain = 1, order = k == N, teams = 1;
  for (int i = 0; i < N; i++) {
    chain &= var[i] == i;
    order &= out[i] == i;
    teams &= tvar[i] == i;
  }
  printf("devices %d chain %s order %s teams %s \n", devices > 0, ok(chain), ok(order), ok(teams));
  return 0;
}
