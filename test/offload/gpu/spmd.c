// SPMD device kernels built without a GPU (docs/offload-device.md): weft-cc
// with -fopenmp-targets builds a program whose image clang-linker-wrapper
// linked (an sm_90 cubin), and which runs every target region on the host
// when there is no device, with the serial program's results. The image's
// kernels are the host entries' names, the device module passes LLVM's
// verifier (weft checks it), and ptxas accepts its PTX. It fails if a
// kernel is missing or named differently, if the image is not linked in, or
// if the host fallback computes something else than the serial loops below.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t 2>&1 | FileCheck --allow-empty --check-prefix=BUILD %s
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: llvm-objdump --offloading %t | FileCheck --check-prefix=IMAGE %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 2>&1 | FileCheck --allow-empty --check-prefix=BUILD %s
// RUN: %t.O0 | FileCheck %s
// The device module itself: its kernels' names against the host's entries,
// and its PTX through ptxas.
// RUN: %weftcc -O2 %offload -c %s -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=BUILD %s
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: opt -passes=verify -disable-output %t.dev.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.dev.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// RUN: llvm-nm %t.o | grep -o '__omp_offloading_[0-9a-f]*_[a-z]*_l[0-9]*' | sort -u > %t.host
// RUN: grep -o '\.entry __omp_offloading_[0-9a-f]*_[a-z]*_l[0-9]*' %t.s | cut -d' ' -f2 | sort -u > %t.dev
// RUN: diff %t.host %t.dev
// RUN: FileCheck --check-prefix=ENTRIES %s < %t.dev

// BUILD-NOT: error
// IMAGE: OFFLOADING IMAGE [0]:
// IMAGE-NEXT: kind            elf
// IMAGE-NEXT: arch            sm_90
// IMAGE-NEXT: triple          nvptx64-nvidia-cuda
// ENTRIES: __omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}
// ENTRIES-NEXT: __omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}
// ENTRIES-NEXT: __omp_offloading_{{[0-9a-f]+}}_scale_l{{[0-9]+}}

// GPU-EXPECT: ^devices 1 saxpy 1 sum 1749250.0 y\[5\] 1007.5 scale 1 sum 2498500 square 1 sum 332833500 $
// HOST-EXPECT: ^devices 0 saxpy 1 sum 1749250.0 y\[5\] 1007.5 scale 1 sum 2498500 square 1 sum 332833500 $
// CHECK: devices 0
// CHECK-NEXT: saxpy 1 sum 1749250.0 y[5] 1007.5
// CHECK-NEXT: scale 1 sum 2498500
// CHECK-NEXT: square 1 sum 332833500
#include <omp.h>
#include <stdio.h>

#define N 1000

static void scale(int n, int *v, int k) {
#pragma omp target parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] = v[i] * k + 1;
}

int main(void) {
  double x[N], y[N], yr[N];
  int v[N], vr[N];
  long sq[N];
  double a = 2.5;
  for (int i = 0; i < N; i++) {
    x[i] = i;
    y[i] = yr[i] = N - i;
    v[i] = vr[i] = i;
  }
  printf("devices %d\n", omp_get_num_devices());
#pragma omp target teams distribute parallel for map(to: x) map(tofrom: y)
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];
  double s = 0;
  int same = 1;
  for (int i = 0; i < N; i++) {
    yr[i] = a * x[i] + yr[i];
    same &= y[i] == yr[i];
    s += y[i];
  }
  printf("saxpy %d sum %.1f y[5] %.1f\n", same, s, y[5]);
  scale(N, v, 5);
  long t = 0;
  same = 1;
  for (int i = 0; i < N; i++) {
    same &= v[i] == vr[i] * 5 + 1;
    t += v[i];
  }
  printf("scale %d sum %ld\n", same, t);
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(64) map(from: sq)
  for (int i = 0; i < N; i++)
    sq[i] = (long)i * i;
  t = 0;
  same = 1;
  for (int i = 0; i < N; i++) {
    same &= sq[i] == (long)i * i;
    t += sq[i];
  }
  printf("square %d sum %ld\n", same, t);
  return 0;
}
