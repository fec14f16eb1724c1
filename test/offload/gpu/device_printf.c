// printf in a device kernel (docs/offload-device.md, "printf"): each call
// becomes the device runtime's `__llvm_omp_vprintf(format, buffer, size)`
// on a struct of its promoted arguments, as clang 16 writes it for NVPTX.
// One iteration prints (one thread: the order is the program's): a call
// without arguments, one with an int, a double, a char (promoted to int),
// a string constant, a long, an unsigned and a float (promoted to double),
// and one from a declare target function. An argument packed at the wrong
// offset or size prints other numbers than the host's. The buffers'
// layouts are checked in the device module (the same as clang's: 56 bytes
// for `{ i32, double, i32, ptr, i64, i32, double }`), and ptxas takes it.
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

// CHECK: devices {{[01]}}
// CHECK-NEXT: device says hello
// CHECK-NEXT: device i 5 d 12.50 c x s str l 1099511627776 u 4000000000 f 1.5
// CHECK-NEXT: helper 25
// CHECK-NEXT: done ondev 0
// GPU-EXPECT: ^devices 1 device says hello device i 5 d 12.50 c x s str l 1099511627776 u 4000000000 f 1.5 helper 25 done ondev 64 $
// HOST-EXPECT: ^devices 0 device says hello device i 5 d 12.50 c x s str l 1099511627776 u 4000000000 f 1.5 helper 25 done ondev 0 $

// DEV-NOT: @printf
// DEV-DAG: call i32 @__llvm_omp_vprintf(ptr @{{.*}}, ptr null, i32 0)
// DEV-DAG: call i32 @__llvm_omp_vprintf(ptr @{{.*}}, ptr %{{.*}}, i32 56)
// DEV-DAG: call i32 @__llvm_omp_vprintf(ptr @{{.*}}, ptr %{{.*}}, i32 4)
// DEV-DAG: alloca { i32, double, i32, ptr, i64, i32, double }
// The kernel takes c, u and f as their values (paropt/target_literal.rs):
// passed by address, libomptarget 16 packed them at offsets 0, 2 and 10
// and the -O2 kernel's 4-byte loads of u and f stopped with CUDA's
// "misaligned address" on the H200.
// DEV: define weak_odr protected void @__omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}(i64 %0, i64 %1, i64 %2, ptr
#include <omp.h>
#include <stdio.h>

#define N 64

#pragma omp declare target
void helper(int k) { printf("helper %d\n", k * k); }
#pragma omp end declare target

int main(void) {
  int dev[N];
  float f = 1.5f;
  char c = 'x';
  unsigned u = 4000000000u;
  printf("devices %d\n", omp_get_num_devices());
  // (The device's lines come at the kernel's end: the host's go first.)
  fflush(stdout);
#pragma omp target teams distribute parallel for map(from: dev)
  for (int i = 0; i < N; i++) {
    dev[i] = !omp_is_initial_device();
    if (i == 5) {
      printf("device says hello\n");
      printf("device i %d d %.2f c %c s %s l %ld u %u f %.1f\n", i, 2.5 * i, c, "str", 1L << 40, u, f);
      helper(i);
    }
  }
  fflush(stdout);
  long ondev = 0;
  for (int i = 0; i < N; i++)
    ondev += dev[i];
  printf("done ondev %ld\n", ondev);
  return 0;
}
