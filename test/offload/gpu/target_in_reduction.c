// in_reduction on target with a device (OpenMP 5.1 §2.21.5.6,
// paropt/target_inred.rs): each target task's own copy of the item is
// mapped tofrom for its region, so the device's updates come back to the
// copy the task combines into the reduction. A copy mapped `to` only
// (the first region has defaultmap(to: aggregate), which the array, an
// in_reduction item, does not follow) or not mapped at all would lose
// every region's contribution on the device (sum 803 hist 0 0 0 0, d
// 0.50), which the host fallback cannot show:
// there the kernel's argument is the copy itself. The second taskgroup's
// target region is a teams distribute parallel for with its own reduction
// on the item (the league's result combined into the mapped copy), in a
// taskgroup of the initial thread (a teams region the host fallback forks
// from a team's worker thread hangs in libomp 16).
// The device image takes the copy's address as a kernel argument and asks
// libomp for nothing (the task, on the host, makes and combines the copy).
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && env OMP_NUM_THREADS=1 %t.O0 | FileCheck %s
// RUN: %weftcc -O2 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// CHECK: sum 831 hist 4 6 8 10 d 25000.50
// DEV-NOT: __kmpc_task_reduction_get_th_data
// DEV-NOT: weft.taskred
// (The first argument is the firstprivate k or n, passed as its value.)
// DEV: define weak_odr protected void @__omp_offloading_{{.*}}(i64 %0, ptr
// DEV: define weak_odr protected void @__omp_offloading_{{.*}}(i64 %0, ptr
// CLANG-16-WRONG: clang 16 maps the original variable, not a private copy, for every target task at once (their copies back race), and crashes now and then
// GPU-EXPECT: ^sum 831 hist 4 6 8 10 d 25000.50 $
// HOST-EXPECT: ^sum 831 hist 4 6 8 10 d 25000.50 $
#include <stdio.h>

int main(void) {
  long sum = 3;
  int hist[4] = {0};
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: sum, hist)
  for (int k = 0; k < 8; k++) {
#pragma omp target in_reduction(+: sum, hist) nowait defaultmap(to: aggregate)
    {
      sum += k;
      hist[k % 4] += k;
    }
#pragma omp task in_reduction(+: sum)
    sum += 100;
  }
  double d = 0.5;
  int n = 100000;
#pragma omp taskgroup task_reduction(+: d)
  {
#pragma omp target in_reduction(+: d)
#pragma omp teams distribute parallel for reduction(+: d)
    for (int i = 0; i < n; i++)
      d += 0.25;
  }
  printf("sum %ld hist %d %d %d %d d %.2f\n", sum, hist[0], hist[1], hist[2], hist[3], d);
  return 0;
}
