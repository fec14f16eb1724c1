// C's math functions in a device kernel (docs/offload-device.md, "Math
// functions"): weft maps the host IR's libm calls and the intrinsics NVPTX
// cannot select to libdevice's `__nv_*` and links libdevice into the image,
// as clang's math headers and -mlink-builtin-bitcode do. The kernel's
// results are compared with the host's libm within a few ulps (libdevice
// and glibc round differently in the last bits): a function mapped to the
// wrong libdevice function (`sin` to `__nv_cos`, `powf` to `__nv_pow` on
// a float's bits) prints WRONG; the sums are printed to a precision the
// last bits do not reach. On a machine
// without a GPU the host fallback runs (`devices 0 ondev 0`). The device
// module: no libm call is left, the libdevice functions are defined and
// internal, and ptxas takes it.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: opt -passes=verify -disable-output %t.dev.bc
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin

// CHECK: devices 0 ondev 0 double ok float ok sums 3259351.66 11144
// GPU-EXPECT: ^devices 1 ondev 1000 double ok float ok sums 3259351.66 11144 $
// HOST-EXPECT: ^devices 0 ondev 0 double ok float ok sums 3259351.66 11144 $

// DEV-NOT: call {{.*}} @{{sin|cos|exp|log|pow|sqrt|tanh|atan2|fmod|cbrt|sinf|expf|powf|sqrtf|logf}}(
// DEV-NOT: call {{.*}} @llvm.{{sin|cos|exp|log|pow}}.
// DEV-DAG: call double @__nv_sin(
// DEV-DAG: call double @__nv_pow(
// DEV-DAG: call float @__nv_expf(
// DEV-DAG: define internal double @__nv_sin(
// DEV-DAG: define internal float @__nv_powf(
#include <math.h>
#include <omp.h>
#include <stdio.h>

#define N 1000

static double f64(double x) {
  return sqrt(x) + sin(x) + cos(x) + exp(x / 100) + log(x + 1) + pow(x, 1.5) + fabs(x - 500) + floor(x / 3) +
         tanh(x / 100) + atan2(x, 7) + fmod(x, 7.5) + cbrt(x);
}

static float f32(float x) { return sqrtf(x) + sinf(x) + expf(x / 100) + logf(x + 1) + powf(x, 0.5f) + fabsf(x - 9); }

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (fabs(b) + 1); }

int main(void) {
  double d[N];
  float f[N];
  int dev[N];
#pragma omp target teams distribute parallel for map(from: d, f, dev)
  for (int i = 0; i < N; i++) {
    double x = i * 0.37;
    d[i] = sqrt(x) + sin(x) + cos(x) + exp(x / 100) + log(x + 1) + pow(x, 1.5) + fabs(x - 500) + floor(x / 3) +
           tanh(x / 100) + atan2(x, 7) + fmod(x, 7.5) + cbrt(x);
    float y = i * 0.011f;
    f[i] = sqrtf(y) + sinf(y) + expf(y / 100) + logf(y + 1) + powf(y, 0.5f) + fabsf(y - 9);
    dev[i] = !omp_is_initial_device();
  }
  int dok = 1, fok = 1;
  long ondev = 0;
  double ds = 0, fs = 0;
  for (int i = 0; i < N; i++) {
    dok &= near(d[i], f64(i * 0.37), 1e-13);
    fok &= near(f[i], f32(i * 0.011f), 1e-5);
    ds += d[i];
    fs += f[i];
    ondev += dev[i];
  }
  printf("devices %d ondev %ld double %s float %s sums %.2f %.0f\n", omp_get_num_devices(), ondev, dok ? "ok" : "WRONG",
         fok ? "ok" : "WRONG", ds, fs);
  return 0;
}
