// Worksharing schedules in device kernels (docs/offload-device.md,
// paropt/device_schedule.rs): without a clause and with static, a chunk,
// dynamic, guided and runtime, in `target teams distribute parallel for`
// and `target parallel for`; on a device build every schedule but plain
// static deals its chunks round-robin (no dispatch loop in the image).
// Each loop writes every element once and counts it: a chunk run twice
// or not at all prints another sum or count (ordered loops: ordered.c).
// Here (no GPU) the host fallback runs it; gpu-check.sh runs it on the GPU.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && env OMP_NUM_THREADS=3 %t.O0 | FileCheck %s
// CHECK: none 1 static 1 chunk 1 dynamic 1 guided 1 runtime 1 par 1
// GPU-EXPECT: ^none 1 static 1 chunk 1 dynamic 1 guided 1 runtime 1 par 1 $
// HOST-EXPECT: ^none 1 static 1 chunk 1 dynamic 1 guided 1 runtime 1 par 1 $
#include <stdio.h>

#define N 100003

static int check(const long *v) {
  for (int i = 0; i < N; i++)
    if (v[i] != 3L * i + 1)
      return 0;
  return 1;
}

int main(void) {
  static long v[N];
  int ok[7];
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: v)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[0] = check(v);
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: v) schedule(static)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[1] = check(v);
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: v) schedule(static, 7)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[2] = check(v);
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: v) schedule(dynamic, 5)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[3] = check(v);
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: v) schedule(guided)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[4] = check(v);
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target teams distribute parallel for map(tofrom: v) schedule(runtime)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[5] = check(v);
  for (int i = 0; i < N; i++)
    v[i] = 0;
#pragma omp target parallel for map(tofrom: v) schedule(dynamic)
  for (int i = 0; i < N; i++)
    v[i] += 3L * i + 1;
  ok[6] = check(v);
  printf("none %d static %d chunk %d dynamic %d guided %d runtime %d par %d\n", ok[0], ok[1], ok[2], ok[3], ok[4],
         ok[5], ok[6]);
  return 0;
}
