// RUN: %weftcc-check %s
// Histogram of LCG-generated values built with atomic increments, per-thread bucket maxima merged under a named critical, and a reduction total.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 50000
#define BINS 32

static unsigned values[N];
static int hist[BINS];

static void generate(unsigned *v, int n, unsigned seed) {
  for (int i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    v[i] = (seed >> 16) & 0x7fff;
  }
}

static void build(const unsigned *v, int n, int *h, int bins) {
#pragma omp parallel for schedule(static, 256)
  for (int i = 0; i < n; i++) {
    int b = (int)(v[i] % (unsigned)bins);
#pragma omp atomic
    h[b]++;
  }
}

int main(void) {
  generate(values, N, 2024u);
  build(values, N, hist, BINS);

  unsigned bucket_max[BINS];
  memset(bucket_max, 0, sizeof bucket_max);
  long total = 0;
#pragma omp parallel
  {
    unsigned local_max[BINS];
    for (int b = 0; b < BINS; b++)
      local_max[b] = 0;
#pragma omp for reduction(+ : total) nowait
    for (int i = 0; i < N; i++) {
      unsigned b = values[i] % BINS;
      total += values[i];
      if (values[i] > local_max[b])
        local_max[b] = values[i];
    }
#pragma omp critical(bucket)
    for (int b = 0; b < BINS; b++)
      if (local_max[b] > bucket_max[b])
        bucket_max[b] = local_max[b];
  }

  int check = 0;
  for (int b = 0; b < BINS; b++) {
    check += hist[b];
    if (b % 4 == 0)
      printf("bin %2d: count %5d max %5u\n", b, hist[b], bucket_max[b]);
  }
  printf("count sum=%d total=%ld\n", check, total);
  return 0;
}
