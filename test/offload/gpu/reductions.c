// Reductions in device kernels (docs/offload-device.md): every thread
// combines into its own team copy, the teams' copies combine into the
// target's variable with atomics (atomicrmw where LLVM has the operator,
// compare-exchange loops for the others), and `target parallel for`
// combines atomically into the mapped variable. Each sum is checked
// against the serial loop; a kernel that lost or doubled a thread's or a
// team's part prints another value (a non-atomic teams combine loses
// parts under the GPU's thousands of threads). Here (no GPU) the host
// fallback runs it; gpu-check.sh runs it on the GPU too.
// REQUIRES: nvptx-tools
// RUN: %weftcc -O2 %offload %s -o %t && %t | FileCheck %s
// RUN: %weftcc -O0 %offload %s -o %t.O0 && env OMP_TARGET_OFFLOAD=disabled %t.O0 | FileCheck --check-prefix=HOST %s
// CHECK: devices 0 isum ok dsum ok fsum ok prod ok max ok min ok and ok or ok xor ok land ok lor ok psum ok wsum ok
// HOST: devices 0 isum ok
// Each kernel is SPMD (exec mode 2): its teams' combine after
// __kmpc_reduce_nowait is each thread's own work, not the main thread's
// (offload/body.rs); read as the main thread's, the kernels ran generic
// and the dot product of test/bench/gpu took 0.65 ms for 0.49 on the H200.
// RUN: %weftcc -O2 %offload -c %s -o %t.o
// RUN: clang-offload-packager %t.o --image=file=%t.dev.bc,triple=nvptx64-nvidia-cuda,arch=sm_90
// RUN: llvm-dis %t.dev.bc -o - | FileCheck --check-prefix=MODE %s
// MODE-COUNT-3: _exec_mode = weak protected constant i8 2
// GPU-EXPECT: ^devices 1 isum ok dsum ok fsum ok prod ok max ok min ok and ok or ok xor ok land ok lor ok psum ok wsum ok $
// HOST-EXPECT: ^devices 0 isum ok dsum ok fsum ok prod ok max ok min ok and ok or ok xor ok land ok lor ok psum ok wsum ok $
#include <omp.h>
#include <stdio.h>

#define N 1000003

static const char *ok(int good) { return good ? "ok" : "WRONG"; }

int main(void) {
  static int v[N];
  for (int i = 0; i < N; i++)
    v[i] = (i * 7919) % 1000 - 500;
  long isum = 0, rs = 0;
  double dsum = 0, rd = 0;
  float fsum = 0;
  double prod = 1, rp = 1;
  int mx = -1000000, mn = 1000000, rmx = -1000000, rmn = 1000000;
  unsigned band = ~0u, bor = 0, bxor = 0, rand_ = ~0u, ror = 0, rxor = 0;
  int land = 1, lor = 0;
  long psum = 0, wsum = 0;
#pragma omp target teams distribute parallel for map(to: v) reduction(+: isum, dsum, fsum) reduction(*: prod) \
    reduction(max: mx) reduction(min: mn) reduction(&: band) reduction(|: bor) reduction(^: bxor) \
    reduction(&&: land) reduction(||: lor)
  for (int i = 0; i < N; i++) {
    isum += v[i];
    dsum += v[i] * 0.5;
    fsum += (v[i] & 1) * 0.25f;
    if (i % 100000 == 0)
      prod *= 1.5;
    mx = v[i] > mx ? v[i] : mx;
    mn = v[i] < mn ? v[i] : mn;
    band &= (unsigned)v[i] | 0x10u;
    bor |= (unsigned)(v[i] & 0xff);
    bxor ^= (unsigned)v[i];
    land = land && v[i] != 1000;
    lor = lor || v[i] == 499;
  }
#pragma omp target parallel for map(to: v) reduction(+: psum)
  for (int i = 0; i < N; i++)
    psum += v[i] % 7;
  // Teams of 40 threads: a warp of 8 combines lane by lane.
#pragma omp target teams distribute parallel for num_teams(5) thread_limit(40) map(to: v) reduction(+: wsum)
  for (int i = 0; i < N; i++)
    wsum += v[i] % 5;
  int fcount = 0;
  long pr = 0, wr = 0;
  for (int i = 0; i < N; i++) {
    rs += v[i];
    rd += v[i] * 0.5;
    fcount += v[i] & 1;
    if (i % 100000 == 0)
      rp *= 1.5;
    rmx = v[i] > rmx ? v[i] : rmx;
    rmn = v[i] < rmn ? v[i] : rmn;
    rand_ &= (unsigned)v[i] | 0x10u;
    ror |= (unsigned)(v[i] & 0xff);
    rxor ^= (unsigned)v[i];
    pr += v[i] % 7;
    wr += v[i] % 5;
  }
  printf("devices %d isum %s dsum %s fsum %s prod %s max %s min %s and %s or %s xor %s land %s lor %s psum %s wsum %s\n",
         omp_get_num_devices(), ok(isum == rs), ok(dsum == rd), ok(fsum == fcount * 0.25f), ok(prod == rp),
         ok(mx == rmx), ok(mn == rmn), ok(band == rand_), ok(bor == ror), ok(bxor == rxor), ok(land == 1), ok(lor == 1),
         ok(psum == pr), ok(wsum == wr));
  return 0;
}
