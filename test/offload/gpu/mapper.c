// declare mapper in device builds (docs/offload.md, "User-defined mappers";
// the OpenMP Examples target_mapper.1 and target_update.3): a default
// mapper that maps a struct with the array its pointer member points to
// (the pointer attached to the array's device copy), applied to the struct
// a target region uses without a clause; a named mapper whose members map
// to, from and alloc, on target data and in target update. On a GPU each
// copy is the device's: a mapper not applied would leave s.data pointing
// at host memory in the kernel (a fault, or zeros back), and a combination
// that copied t.x back (the mapper maps it `to`) would print t.x 99 on the
// GPU, where the host's t.x stays 10 (the host fallback writes the host's
// t.x itself: 99 there). Built here without a GPU: the image is linked in
// and the host fallback runs; gpu-check.sh runs it on the GPU machine.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t 2>&1 | FileCheck --allow-empty --check-prefix=BUILD %s
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: llvm-objdump --offloading %t | FileCheck --check-prefix=IMAGE %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 2>&1 | FileCheck --allow-empty --check-prefix=BUILD %s
// RUN: %t.O0 | FileCheck %s
// RUN: %weftcc -O2 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// BUILD-NOT: error
// IMAGE: OFFLOADING IMAGE [0]:
// IMAGE-NEXT: kind            elf
// DEV-COUNT-2: define {{.*}}void @__omp_offloading_{{[0-9a-f]+}}_main_l{{[0-9]+}}(
// GPU-EXPECT: ^s.data\[99\]=99.0 len 100 t.x 10 a 10 t.y 5 t 10 5 10 $
// HOST-EXPECT: ^s.data\[99\]=99.0 len 100 t.x 99 a 10 t.y 5 t 99 5 10 $
// CHECK: s.data[99]=99.0 len 100
// CHECK-NEXT: t.x 99 a 10 t.y 5
// CHECK-NEXT: t 99 5 10
#include <stdio.h>
#include <stdlib.h>
#define N 100

typedef struct myvec {
  size_t len;
  double *data;
} myvec_t;
#pragma omp declare mapper(myvec_t v) map(v, v.data[0:v.len])

typedef struct {
  int x;
  int y;
  int z;
} T;
#pragma omp declare mapper(custom : T S) map(to : S.x) map(from : S.y) map(alloc : S.z)

int main(void) {
  myvec_t s;
  s.data = (double *)calloc(N, sizeof(double));
  s.len = N;
#pragma omp target
  for (size_t i = 0; i < s.len; i++)
    s.data[i] = i;
  printf("s.data[%d]=%.1f len %zu\n", N - 1, s.data[N - 1], s.len);

  T t = {5, 5, 5};
  int a = 0;
#pragma omp target data map(mapper(custom), tofrom : t)
  {
    t.x += 5;
    t.y += 5;
    t.z += 5;
#pragma omp target update to(mapper(custom) : t)
#pragma omp target map(from : a)
    {
      a = t.x;
      t.y = 5;
      t.x = 99;
    }
#pragma omp target update from(mapper(custom) : t)
    printf("t.x %d a %d t.y %d\n", t.x, a, t.y);
  }
  printf("t %d %d %d\n", t.x, t.y, t.z);
  free(s.data);
  return 0;
}
