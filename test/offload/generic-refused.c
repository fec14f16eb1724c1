// A target region that is not one combined loop would need a generic-mode
// kernel, which weft does not build yet: with a device image requested it
// is refused by name (a device image without one of the program's kernels
// would make libomptarget fail to load it); without one it is lowered for
// the host as before. Needs no offload tools: the refusal comes first.
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %weftcc -O2 -fopenmp-targets=amdgcn-amd-amdhsa -c %s -o %t.o 2>&1 | FileCheck --check-prefix=AMD %s
// RUN: %weftcc -O2 %s -o %t && %t | FileCheck --check-prefix=HOST %s
// CHECK: not yet supported: a target region that is not one combined loop (generic mode) on DIR.OMP.TARGET in function '__omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}'
// AMD: weft builds device images for nvptx64-nvidia-cuda only
// HOST: x 42
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp target map(tofrom: x)
  { x = 42; }
  printf("x %d\n", x);
  return 0;
}
