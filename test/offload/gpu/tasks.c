// Explicit tasks in target regions (docs/offload-device.md, "Tasks"): the
// device runtime runs each task where it is made (undeferred, which
// OpenMP allows), with the host's task layout, so weft's task lowering
// needs nothing of its own on the device: a task and taskwait in each
// iteration of an SPMD loop, a taskgroup of tasks with dependences in a
// generic kernel, an `if(0)` task (one with dependences is refused by
// name: its __kmpc_omp_wait_deps is not in the device runtime). Each task
// writes its own element: a task that did not run, or ran with another
// iteration's firstprivate copy, leaves another sum. The device image
// links with the device runtime with nothing undefined but the CUDA
// driver's heap, and ptxas takes it. The SPMD kernel's launch passes the
// loop's trip count (64, as clang 16 does: one team of 128 threads), also
// where pipeline start has renamed the loop's private `i` for the task
// (prepare/rename.rs): without it the plugin launched its default league
// (3200 teams on the H200), on which the kernel stopped with "an illegal
// memory access" (docs/offload-device.md, "Tasks").
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llvm-nm --undefined-only %t.linked.bc | FileCheck --allow-empty --check-prefix=UNDEF %s
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// The host side through the pipelines weft-cc -O2 and -O0 run (the hooks):
// RUN: %weftcc -O2 %offload -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='default<O2>' %t.ll -S -o - | FileCheck --check-prefix=TRIP %s
// RUN: %weftcc -O0 %offload -S -emit-llvm %s -o %t.O0.ll
// RUN: %opt -passes='default<O0>' %t.O0.ll -S -o - | FileCheck --check-prefix=TRIP %s
// TRIP: [[SLOT:%[0-9a-z._]+]] = getelementptr inbounds { i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64, i64, [3 x i32], [3 x i32], i32 }, ptr %{{[0-9a-z._]+}}, i{{32|64}} 0, i32 8
// TRIP: store i64 64, ptr [[SLOT]]
// TRIP: call i32 @__tgt_target_kernel(
// DEV-DAG: call {{.*}}@__kmpc_omp_task_alloc(
// DEV-DAG: call {{.*}}@__kmpc_omp_task(
// DEV-DAG: call {{.*}}@__kmpc_omp_task_with_deps(
// DEV-DAG: call {{.*}}@__kmpc_taskgroup(
// DEV-DAG: call {{.*}}@__kmpc_omp_taskwait(
// UNDEF-NOT: __kmpc
// CHECK: a 4032 b 2080 c 64
// GPU-EXPECT: ^a 4032 b 2080 c 64  $
// HOST-EXPECT: ^a 4032 b 2080 c 64  $
#include <stdio.h>

#define N 64

int main(void) {
  int a[N], b[N], c = 0;
#pragma omp target teams distribute parallel for map(from: a)
  for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) shared(a)
    a[i] = 2 * i;
#pragma omp taskwait
  }
#pragma omp target map(from: b) map(tofrom: c)
  {
#pragma omp taskgroup
    {
      for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) shared(b) depend(out: b[i])
        b[i] = i + 1;
#pragma omp task shared(c) if(0)
        c += b[i] == i + 1;
      }
    }
  }
  int sa = 0, sb = 0;
  for (int i = 0; i < N; i++) {
    sa += a[i];
    sb += b[i];
  }
  printf("a %d b %d c %d \n", sa, sb, c);
  return 0;
}
