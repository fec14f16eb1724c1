// Where each SPMD kernel ran and what it computed: on the GPU machine
// `ondev` is the number of iterations that ran on the device (all of them),
// on a machine without one 0; the sums equal the serial loops' either way.
// Here (no GPU) the host fallback runs it; gpu-check.sh runs it on the GPU.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// Without a device, OMP_TARGET_OFFLOAD=mandatory stops the program at its
// first target region, as clang's build does (libomptarget's own error).
// RUN: env OMP_TARGET_OFFLOAD=mandatory not --crash %t 2>&1 | FileCheck --check-prefix=MANDATORY %s
// MANDATORY: ondevice.c:{{[0-9]+}}:{{[0-9]+}}: Libomptarget fatal error 1: failure of target construct while offloading is mandatory
// CHECK: devices 0 ondev 0 saxpy ok scale ok
// GPU-EXPECT: ^devices 1 ondev 100000 saxpy ok scale ok $
// HOST-EXPECT: ^devices 0 ondev 0 saxpy ok scale ok $
#include <omp.h>
#include <stdio.h>

#define N 100000

int main(void) {
  double x[N], y[N];
  int dev[N], v[N];
  double a = 0.5;
  for (int i = 0; i < N; i++) {
    x[i] = i % 97;
    y[i] = i % 13;
    v[i] = i;
  }
#pragma omp target teams distribute parallel for map(to: x) map(tofrom: y) map(from: dev)
  for (int i = 0; i < N; i++) {
    y[i] = a * x[i] + y[i];
    dev[i] = !omp_is_initial_device();
  }
#pragma omp target parallel for map(tofrom: v)
  for (int i = 0; i < N; i++)
    v[i] = 3 * v[i] + 1;
  double s = 0, r = 0;
  long t = 0, ondev = 0;
  for (int i = 0; i < N; i++) {
    s += y[i];
    r += 0.5 * (i % 97) + (i % 13);
    t += v[i] - (3L * i + 1);
    ondev += dev[i];
  }
  printf("devices %d ondev %ld saxpy %s scale %s\n", omp_get_num_devices(), ondev, s == r ? "ok" : "WRONG",
         t == 0 ? "ok" : "WRONG");
  return 0;
}
