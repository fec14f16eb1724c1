// Metadirectives and declare variant with device selectors in a build with
// offload targets (cc/src/device_choices.rs): weft-cc reads clang's AST of
// the device compilation too, and takes the host's choice where the
// device's is the same. `arch("nvptx")` is not clang 16's name for the
// device's architecture (`nvptx64` is), so both compilations take the
// otherwise variant and the declare variant's base: the program builds and
// runs. With `nvptx64` the device chooses the `teams loop` and the host the
// `parallel loop`: refused by name, as a gpu-kind variant of a function is.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 -fopenmp-version=52 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: not %weftcc -O2 -fopenmp-version=52 %offload -DARCH='"nvptx64"' %s -o %t.bad 2>&1 | FileCheck --check-prefix=META %s
// RUN: not %weftcc -O2 -fopenmp-version=52 %offload -DKIND=gpu %s -o %t.bad 2>&1 | FileCheck --check-prefix=VARIANT %s
// CHECK: -1 -10000 base 7
// META: device-choices.c:{{[0-9]+}}:1: error: '#pragma omp metadirective' with the selector 'device={arch(ARCH)}' in a build with offload targets is not supported by weft-cc yet: clang's device compilation chooses another variant than the host's
// VARIANT: error: '#pragma omp declare variant' with the selector 'device={kind(KIND)}' in a build with offload targets is not supported by weft-cc yet: clang's device compilation calls other variants than the host's
#include <stdio.h>
#ifndef ARCH
#define ARCH "nvptx"
#endif
#ifndef KIND
#define KIND fpga
#endif

#define N 100

int gpu_f(int x) { return x + 100; }
#pragma omp declare variant(gpu_f) match(device={kind(KIND)})
int f(int x) { return x; }

int main(void) {
  int v1[N], v2[N], v3[N], r = 0;
  for (int i = 0; i < N; i++) {
    v1[i] = i + 1;
    v2[i] = -(i + 1);
  }
#pragma omp target map(to: v1, v2) map(from: v3)
#pragma omp metadirective when(device={arch(ARCH)}: teams loop) otherwise(parallel loop)
  for (int i = 0; i < N; i++)
    v3[i] = v1[i] * v2[i];
#pragma omp target map(tofrom: r)
  r = f(7);
  printf("%d %d base %d\n", v3[0], v3[N - 1], r);
  return 0;
}
