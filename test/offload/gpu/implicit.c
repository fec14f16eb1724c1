// What a target region uses without a clause, with a device image (OpenMP
// 5.1 §2.21.7, as clang 16 makes it): a scalar of static storage is
// firstprivate (read before the region and passed as its value,
// paropt::target_literal; the region's write stays on the device), an
// array and a struct of static storage are
// mapped tofrom and passed to the kernel, a typedef'd struct local is
// mapped tofrom. The device image names none of the host's globals (a
// kernel reading one would read a variable the device does not have).
// It fails if a global were shared (g would print 1) or not mapped back
// (arr or pt print 0), on the device and on the host fallback alike.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// DEV-NOT: @g =
// DEV-NOT: @arr =
// DEV-NOT: @pt =
// CHECK: arr 49 pt 5 g 7 s 5
// GPU-EXPECT: ^arr 49 pt 5 g 7 s 5  $
// HOST-EXPECT: ^arr 49 pt 5 g 7 s 5  $
#include <stdio.h>

typedef struct {
  int x, y;
} pair_t;

int arr[8];
struct {
  int x, y;
} pt;
int g = 5;

int main(void) {
  pair_t s = {1, 2};
  g = 7;
#pragma omp target
  {
    for (int i = 0; i < 8; i++)
      arr[i] = i * g;
    pt.y = 5;
    s.x = 5;
    g = 1;
  }
  printf("arr %d pt %d g %d s %d \n", arr[7], pt.y, g, s.x);
  return 0;
}
