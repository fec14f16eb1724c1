// Declare target variables and functions in the device image
// (docs/offload-device.md, "Declare target variables"): `scale` and `table`
// are set on the host and copied with `target update to`, so a kernel that
// read its image's initial `scale` (3) or an empty `table` prints WRONG;
// `hits` is written by one iteration of a kernel and read back with
// `target update from` (0 without it); `poly` and the static `twice_plus`
// are declare target functions the kernel calls; `lnk` is a `link` variable
// the first kernel reads without a map clause (weft-cc maps it through its
// reference pointer, as clang does) and the second maps tofrom and
// updates (a kernel that read it through an unset pointer faults). On a
// machine without a GPU the host fallback prints the same but `devices 0
// ondev 0`. The device module: the variables defined under their entries'
// names, protected, the link variable's pointer, nothing undefined after
// the device runtime is linked, and ptxas takes it.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && %t.O0 | FileCheck %s
// (The image's shape before optimization: -O0.)
// RUN: %weftcc -O0 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: opt -passes=verify -disable-output %t.dev.bc
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=DEV %s
// RUN: llvm-link --only-needed %t.dev.bc %libomp/libomptarget-nvptx-sm_90.bc -o %t.linked.bc
// RUN: llvm-nm --undefined-only %t.linked.bc | FileCheck --allow-empty --check-prefix=UNDEF %s
// RUN: llc -mcpu=sm_90 -mattr=+ptx78 %t.linked.bc -o %t.s
// RUN: %cuda/bin/ptxas -arch=sm_90 -c %t.s -o %t.cubin
// RUN: FileCheck --check-prefix=PTX %s < %t.s

// CHECK: devices 0 ondev 0 poly ok hits 42 link ok
// GPU-EXPECT: ^devices 1 ondev 1000 poly ok hits 42 link ok $
// HOST-EXPECT: ^devices 0 ondev 0 poly ok hits 42 link ok $

// DEV-DAG: @hits = protected {{(local_unnamed_addr )?}}global i32 0
// DEV-DAG: @scale = protected {{(local_unnamed_addr )?}}global i64 3
// DEV-DAG: @table = protected {{(local_unnamed_addr )?}}global [1000 x double] zeroinitializer
// DEV-DAG: @lnk_decl_tgt_ref_ptr = weak global ptr null
// DEV-NOT: @lnk =
// (omp.h's host variant of omp_is_initial_device is the device runtime's.)
// DEV-NOT: ompvariant
// DEV: define {{.*}} @poly(
// DEV: define internal {{.*}} @twice_plus(
// DEV: %[[P:.*]] = load ptr, ptr @lnk_decl_tgt_ref_ptr
// DEV: getelementptr inbounds [1000 x i32], ptr %[[P]], i64 0, i64 3
// DEV: call i32 @"omp_is_initial_device$device"()
// Undefined after the device runtime is linked: only its own externals,
// CUDA's (the driver provides them).
// UNDEF: U free
// UNDEF-NEXT: U malloc
// UNDEF-NEXT: U vprintf
// UNDEF-NOT: U
// PTX-DAG: .visible .global .align 4 .u32 hits
// PTX-DAG: .weak .global .align 8 .u64 lnk_decl_tgt_ref_ptr
// PTX-DAG: .visible .global .align 8 .u64 scale = 3
#include <omp.h>
#include <stdio.h>

#define N 1000

#pragma omp declare target
int hits = 0;
long scale = 3;
double table[N];
static double twice_plus(double x) { return 2.0 * x + scale; }
double poly(double x) { return twice_plus(x) * x; }
#pragma omp end declare target

int lnk[N];
#pragma omp declare target link(lnk)

int main(void) {
  double out[N];
  int dev[N];
  for (int i = 0; i < N; i++) {
    table[i] = i % 17;
    lnk[i] = i % 5;
  }
  scale = 5;
#pragma omp target update to(table, scale)
#pragma omp target teams distribute parallel for map(from: out, dev)
  for (int i = 0; i < N; i++) {
    // (lnk[3]: a constant address of the link variable, rebuilt on the
    // device from its pointer.)
    out[i] = poly(table[i]) + lnk[i] + lnk[3];
    dev[i] = !omp_is_initial_device();
    if (i == 7)
      hits = 42;
  }
#pragma omp target update from(hits)
  long ondev = 0;
  int same = 1;
  for (int i = 0; i < N; i++) {
    double t = i % 17;
    same &= out[i] == (2.0 * t + 5) * t + i % 5 + 3;
    ondev += dev[i];
  }
#pragma omp target teams distribute parallel for map(tofrom: lnk)
  for (int i = 0; i < N; i++)
    lnk[i] = lnk[i] * 2 + 1;
  int linked = 1;
  for (int i = 0; i < N; i++)
    linked &= lnk[i] == (i % 5) * 2 + 1;
  printf("devices %d ondev %ld poly %s hits %d link %s\n", omp_get_num_devices(), ondev, same ? "ok" : "WRONG", hits,
         linked ? "ok" : "WRONG");
  return 0;
}
