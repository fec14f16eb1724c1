// Reductions whose original a league shares, and critical sections, in
// device kernels (docs/offload-device.md, "Reductions"): a `distribute
// parallel for reduction` nested in a `teams` without the reduction
// combines every thread's copy into the variable all teams share, so the
// combine must be atomic (a plain one loses the other threads' parts:
// DataRaceBench's DRB162 printed 1 for 20); an array reduction's teams
// combine is atomic element by element (a lock without acquire and release
// loses parts: DRB163 printed 60..69 for 100); a `critical` section
// updates an array all teams share. Each result is checked against the
// serial loop. Here (no GPU) the host fallback runs it; gpu-check.sh runs
// it on the GPU too.
// CLANG-16-WRONG: on the H200 clang 16's build printed nested, scalar and
// critical WRONG (its device runtime's lock excludes no one; see
// offload/locks.rs).
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && env OMP_TARGET_OFFLOAD=disabled %t.O0 | FileCheck %s
// The device image: critical sections take weft's own lock (fenced), no
// call of the device runtime's; the arrays' combines are atomic loops.
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o %t.dev.ll
// RUN: FileCheck --check-prefix=DEV --implicit-check-not=__kmpc_critical --implicit-check-not=__kmpc_end_critical %s < %t.dev.ll
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// DEV-DAG: call void @__weft_device_set_lock(ptr @.gomp_critical_user_.var)
// DEV-DAG: call void @__weft_device_unset_lock(ptr @.gomp_critical_user_.var)
// DEV-DAG: cmpxchg ptr %0, i32 0, i32 1 monotonic monotonic
// DEV-DAG: call void @llvm.nvvm.membar.gl()
// DEV-DAG: call void @main.omp.reduce.combine.atomic(
// DEV-DAG: atomicrmw add ptr
// CHECK: devices 0 nested ok combined ok scalar ok max ok critical ok
// GPU-EXPECT: ^devices 1 nested ok combined ok scalar ok max ok critical ok  $
// HOST-EXPECT: ^devices 0 nested ok combined ok scalar ok max ok critical ok  $
#include <omp.h>
#include <stdio.h>

#define N 20000
#define C 16

static int same(const long *x, const long *y) {
  for (int j = 0; j < C; j++)
    if (x[j] != y[j]) {
      printf("[%d: %ld not %ld] ", j, x[j], y[j]);
      return 0;
    }
  return 1;
}

static const char *ok(int good) { return good ? "ok" : "WRONG"; }

int main(void) {
  long ref[C] = {0}, nested[C] = {0}, combined[C] = {0}, crit[C] = {0};
  double mref[C], mx[C];
  long s = 0, sref = 0;
  for (int j = 0; j < C; j++)
    mref[j] = mx[j] = -1.0;
  for (int i = 0; i < N; i++) {
    sref += i % 97;
    for (int j = 0; j < C; j++) {
      ref[j] += (i + j) % 5;
      double v = (double)((i * 31 + j * 17) % 1009);
      mref[j] = v > mref[j] ? v : mref[j];
    }
  }
  int devices = omp_get_num_devices();
#pragma omp target map(tofrom: nested)
#pragma omp teams num_teams(8) thread_limit(128)
#pragma omp distribute parallel for reduction(+: nested)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < C; j++)
      nested[j] += (i + j) % 5;
#pragma omp target teams distribute parallel for reduction(+: combined) map(tofrom: combined)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < C; j++)
      combined[j] += (i + j) % 5;
#pragma omp target map(tofrom: s)
#pragma omp teams num_teams(8)
#pragma omp distribute parallel for reduction(+: s)
  for (int i = 0; i < N; i++)
    s += i % 97;
#pragma omp target teams distribute parallel for reduction(max: mx) map(tofrom: mx)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < C; j++) {
      double v = (double)((i * 31 + j * 17) % 1009);
      mx[j] = v > mx[j] ? v : mx[j];
    }
#pragma omp target teams distribute parallel for map(tofrom: crit)
  for (int i = 0; i < N; i++) {
#pragma omp critical
    for (int j = 0; j < C; j++)
      crit[j] += (i + j) % 5;
  }
  int mok = 1;
  for (int j = 0; j < C; j++)
    mok &= mx[j] == mref[j];
  printf("devices %d nested %s combined %s scalar %s max %s critical %s \n", devices > 0, ok(same(nested, ref)),
         ok(same(combined, ref)), ok(s == sref), ok(mok), ok(same(crit, ref)));
  return 0;
}
