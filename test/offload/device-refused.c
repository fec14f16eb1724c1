// What a device kernel may not name, refused by name when a device image
// is requested (docs/offload-device.md), before anything is built: a
// global variable that is neither constant nor declare target, named in a
// function the kernel calls (the host's copy is not the device's), a function the device does not have, a math
// function without libdevice (the CUDA folder named has none), a printf
// argument the device's vprintf cannot take (a long double), a function's
// `declare variant` for the host (the device's is not in the host
// module; omp.h's omp_is_initial_device is taken: gpu/declare_target.c). The same
// program without a device image builds and runs on the host. Needs no
// offload tools: the refusals come first.
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda -DCASE=1 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=GLOBAL %s
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda -DCASE=2 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=CALL %s
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda --cuda-path=%t.nocuda -DCASE=3 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=MATH %s
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda -DCASE=4 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=PRINTF %s
// RUN: not %weftcc -O2 -fopenmp-targets=nvptx64-nvidia-cuda -DCASE=5 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=VARIANT %s
// RUN: %weftcc -O2 -DCASE=1 %s -o %t -lm && %t | FileCheck --check-prefix=HOST %s
// GLOBAL: not yet supported: the global variable 'plain' on DIR.OMP.TARGET in function '{{.*}}': a device kernel reads its arguments, constants and declare target variables only
// CALL: not yet supported: a call to 'fputs' on DIR.OMP.TARGET
// MATH: not yet supported: a call to 'sin' on DIR.OMP.TARGET in function '{{.*}}': the device's math library, libdevice, is not at '{{.*}}nocuda/nvvm/libdevice/libdevice.10.bc'
// PRINTF: not yet supported: a call to 'printf' in a device kernel on DIR.OMP.TARGET in function '{{.*}}': argument 1 of type x86_fp80
// VARIANT: not yet supported: a call to 'which$ompvariant${{.*}}$Phost' on DIR.OMP.TARGET: the host's variant of 'which' (declare variant, kind(host)) in a device kernel
// HOST: sum 4950
#include <math.h>
#include <stdio.h>

int plain[100];

// (The region's own references take OpenMP's implicit maps; a function it
// calls names the host's global.)
void put(int i) { plain[i] = i; }

int which(void) { return 0; }
#pragma omp begin declare variant match(device = {kind(host)})
int which(void) { return 1; }
#pragma omp end declare variant

int main(void) {
  double s[100];
#pragma omp target teams distribute parallel for map(from: s)
  for (int i = 0; i < 100; i++) {
#if CASE == 1
    put(i);
    s[i] = i;
#elif CASE == 2
    if (i == 0)
      fputs("x", stdout);
    s[i] = i;
#elif CASE == 3
    s[i] = i + sin(i * 0.0);
#elif CASE == 4
    if (i == 0)
      printf("%Lf\n", (long double)i);
    s[i] = i;
#else
    s[i] = i + which();
#endif
  }
  double t = 0;
  for (int i = 0; i < 100; i++)
    t += s[i];
  printf("sum %.0f\n", t);
  return 0;
}
