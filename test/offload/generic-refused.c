// What generic-mode kernels do not build yet (docs/offload-device.md,
// "What stays refused"): with a device image requested, a variable-length
// array of the target region that a parallel region reads (it would have to
// move to the team's shared memory with a size known only at run time) and
// an indirect call in the region's sequential part (the plan cannot see
// what the callee shares with a parallel region) are refused by name, each
// kernel on its own (a device image without one of the program's kernels
// would make libomptarget fail to load it); without a request both are
// lowered for the host as before. Needs no offload tools: the refusals come
// first.
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %weftcc -O2 -fopenmp-targets=amdgcn-amd-amdhsa -c %s -o %t.o 2>&1 | FileCheck --check-prefix=AMD %s
// RUN: %weftcc -O2 %s -o %t && %t | FileCheck --check-prefix=HOST %s
// CHECK-DAG: not yet supported: {{.*}} of 'main.omp_target.{{[0-9]+}}' that a parallel region reads on DIR.OMP.TARGET in function '__omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}': a variable-length array cannot move to the team's shared memory yet
// CHECK-DAG: not yet supported: an indirect call in the sequential part of a generic-mode kernel on DIR.OMP.TARGET in function '__omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}'
// AMD: weft builds device images for nvptx64-nvidia-cuda only
// HOST: x 42 s 28
#include <stdio.h>

static void twice(int *p) { *p *= 2; }

int main(int argc, char **argv) {
  int x = 21, n = argc + 6, s = 0;
  void (*fp)(int *) = twice;
  (void)argv;
#pragma omp target map(tofrom: x)
  { fp(&x); }
#pragma omp target map(tofrom: s)
  {
    int v[n];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      v[i] = i + 1;
    for (int i = 0; i < n; i++)
      s += v[i];
  }
  printf("x %d s %d\n", x, s);
  return 0;
}
