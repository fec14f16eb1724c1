// File-scope pointers whose pointees a target region maps (`map(to:
// x[0:n])` with `double *x` global, DataRaceBench's DRB149 pattern): the
// region reads the pointer value the map entry names, which libomptarget
// replaces by the section's device address (paropt/target_global_pointers.rs);
// the device image names none of the host's pointers (a kernel reading
// `x` itself would read a variable the device does not have: refused
// before). A kernel that wrote one of them is refused by name as before.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: not %weftcc -O2 %offload -DWRITES %s -o %t.bad 2>&1 | FileCheck --check-prefix=WRITES %s
// DEV-NOT: @x =
// DEV-NOT: @y =
// DEV-NOT: load ptr, ptr @
// CHECK: saxpy 1 scale 1 sum 1
// WRITES: not yet supported: the global variable 'y' on DIR.OMP.TARGET
// GPU-EXPECT: ^saxpy 1 scale 1 sum 1 $
// HOST-EXPECT: ^saxpy 1 scale 1 sum 1 $
#include <stdio.h>
#include <stdlib.h>

double *x, *y;

int main(void) {
  int n = 10007;
  x = malloc(n * sizeof *x);
  y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++)
    x[i] = i % 17, y[i] = 1;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
  int ok = 1;
  for (int i = 0; i < n; i++)
    ok &= y[i] == 1 + 2 * (i % 17);
#pragma omp target parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] *= 3;
  int ok2 = 1;
  for (int i = 0; i < n; i++)
    ok2 &= y[i] == 3 * (1 + 2 * (i % 17));
  double s = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: s)
  {
    for (int i = 0; i < n; i++)
      s += x[i];
  }
  double r = 0;
  for (int i = 0; i < n; i++)
    r += i % 17;
#ifdef WRITES
#pragma omp target map(tofrom: y[0:n])
  { y = y + 1; }
#endif
  printf("saxpy %d scale %d sum %d\n", ok, ok2, s == r);
  return 0;
}
