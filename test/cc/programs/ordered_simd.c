// RUN: %weftcc-check %s
// CLANG-16-WRONG: now and then (one run of the suite at 7 threads) its ordered threads simd region of a parallel for simd ordered loop writes d[] out of the threads' order (the total right, the checksum not)
// ordered simd (OpenMP 5.1 §2.19.9): the ordered part of each iteration
// runs in the iterations' order. weft leaves the simd part of the loop
// scalar (a remark says so). Each loop carries a recurrence through
// memory inside its ordered simd region, a[i] = a[i-k] + t (k = 1), which a
// vector loop that ignored the region would compute from stale elements
// (without the two ordered simd pragmas weft-cc -O2 prints "simd: 69 ..."
// and "for simd: 38 ..."):
// a simd loop; a for simd loop whose static chunks of 8 each start a
// recurrence of their own (the threads' chunks are independent, each
// chunk's iterations ordered); a parallel for simd ordered loop whose
// ordered threads simd region keeps a running total in the threads' order.
#include <stdio.h>

#define N 1000

static long checksum(const long *v, int n) {
  long h = 17;
  for (int i = 0; i < n; i++)
    h = h * 31 + v[i];
  return h;
}

int main(int argc, char **argv) {
  (void)argv;
  int k = argc; // 1: a distance the compiler cannot see
  static long a[N], b[N], c[N], d[N];
  for (int i = 0; i < N; i++) {
    b[i] = (i * 7) % 13;
    a[i] = c[i] = d[i] = 1;
  }

#pragma omp simd
  for (int i = 1; i < N; i++) {
    long t = b[i] * 2 + 1;
#pragma omp ordered simd
    a[i] = a[i - k] + t;
  }
  printf("simd: %ld %ld\n", a[N - 1], checksum(a, N));

#pragma omp parallel for simd schedule(static, 8)
  for (int i = 0; i < N; i++) {
    long t = b[i] + 3;
#pragma omp ordered simd
    {
      if (i % 8)
        c[i] = c[i - k] + t;
    }
  }
  printf("for simd: %ld %ld\n", c[N - 1], checksum(c, N));

  long total = 0;
#pragma omp parallel for simd ordered schedule(dynamic, 5)
  for (int i = 0; i < N; i++) {
    long t = b[i] * 3;
#pragma omp ordered threads simd
    {
      total += t;
      d[i] = total;
    }
  }
  printf("ordered threads simd: %ld %ld\n", total, checksum(d, N));
  return 0;
}
