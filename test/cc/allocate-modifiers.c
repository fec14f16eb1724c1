// OpenMP 5.1's allocate modifiers, allocate(allocator(a), align(n): list)
// (either one, in either order), which clang 16 does not parse: weft-cc
// shows clang the clause in its 5.0 form, `allocate(a: list)`, and reads the
// modifiers itself. Each copy comes from its allocator (libomp's block
// descriptor, just before the block, names it: see
// programs/allocate_clause.c) and is aligned as asked, beyond what the
// allocator and the variable's type give: a copy from the stack, or aligned
// only as its type is, prints a nonzero mask. Checked at -O0 and -O2, in
// the directive IR weft-cc writes in both forms, and at 1, 2, 3, 4 and 7
// threads (the serial program has no copies to check).
// RUN: %weftcc -O0 %s -o %t0
// RUN: %weftcc -O2 %s -o %t2
// RUN: %weftcc -O2 -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %weftcc -O2 -S -emit-llvm --paper-form %s -o %t.paper.ll
// RUN: FileCheck %s --check-prefix=PAPER < %t.paper.ll
// RUN: %clang -O2 -Wno-override-module %t.paper.ll -L%libomp -Wl,-rpath,%libomp -lomp -o %tp
// RUN: env OMP_NUM_THREADS=1 %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %t2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %tp | FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %tp | FileCheck %s
// CHECK: parallel bad 0 sum 4950
// CHECK-NEXT: for bad 0 total 499500 last 999
// IR: "QUAL.OMP.ALLOCATE"(i64 256, ptr %x, i64 %{{[0-9]+}})
// IR-SAME: "QUAL.OMP.ALLOCATE"(i64 64, ptr %a)
// IR: "QUAL.OMP.ALLOCATE"(i64 0, ptr %s{{[0-9]*}}, i64 5)
// IR-SAME: "QUAL.OMP.ALLOCATE"(i64 128, ptr %last, i64 8)
// PAPER: call void (metadata, ...) @llvm.directive.qual.opndlist(metadata !"QUAL.OMP.ALLOCATE", i64 256, ptr %x, i64 %{{[0-9]+}})
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

static int from(const void *p, omp_allocator_handle_t h) {
  return ((void *const *)p)[-2] == p && ((const uintptr_t *)p)[-1] == (uintptr_t)h;
}

static int aligned(const void *p, uintptr_t a) { return ((uintptr_t)p & (a - 1)) == 0; }

int main(void) {
  omp_alloctrait_t traits[1] = {{omp_atk_fallback, omp_atv_default_mem_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 1, traits);
  int x = 3, bad = 0;
  double a[100];
  long sum = 0;
  for (int k = 0; k < 100; k++)
    a[k] = k;
#pragma omp parallel firstprivate(x, a) reduction(| : bad) reduction(+ : sum) \
    allocate(allocator(al), align(256) : x) allocate(align(64) : a)
  {
    bad |= !from(&x, al) | !aligned(&x, 256) << 1 | !from(a, omp_default_mem_alloc) << 2 | !aligned(a, 64) << 3 |
           (x != 3) << 4;
    double s = 0;
    for (int k = 0; k < 100; k++)
      s += a[k];
    if (omp_get_thread_num() == 0)
      sum = (long)s;
    x = -1;
  }
  printf("parallel bad %d sum %ld\n", bad | (x != 3) << 5, sum);
  long s = 0;
  int last = -1;
  bad = 0;
#pragma omp parallel for reduction(+ : s) lastprivate(last) reduction(| : bad) \
    allocate(allocator(omp_low_lat_mem_alloc) : s) allocate(align(128), allocator(omp_thread_mem_alloc) : last)
  for (int i = 0; i < 1000; i++) {
    bad |= !from(&s, omp_low_lat_mem_alloc) | !from(&last, omp_thread_mem_alloc) << 1 | !aligned(&last, 128) << 2;
    s += i;
    last = i;
  }
  printf("for bad %d total %ld last %d\n", bad, s, last);
  return 0;
}
