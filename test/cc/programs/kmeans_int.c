// RUN: %weftcc-check %s
// One-dimensional integer k-means: parallel assignment, critical/atomic accumulation inside a for in a parallel region, single recompute.
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>

#define NP 3000
#define K 4
#define ROUNDS 6

static int points[NP];
static int assign_of[NP];

int main(void) {
  unsigned s = 4242u;
  for (int i = 0; i < NP; i++) {
    s = s * 1664525u + 1013904223u;
    int cluster = (int)((s >> 24) % K);
    s = s * 1664525u + 1013904223u;
    points[i] = cluster * 2500 + (int)((s >> 20) % 900);
  }

  long centroid[K] = {0, 1000, 2000, 3000};
  long sum[K];
  int count[K];
  int changed = 0;

#pragma omp parallel shared(centroid, sum, count, changed)
  {
    for (int round = 0; round < ROUNDS; round++) {
#pragma omp single
      {
        for (int c = 0; c < K; c++) {
          sum[c] = 0;
          count[c] = 0;
        }
        changed = 0;
      }
#pragma omp for schedule(static, 128)
      for (int i = 0; i < NP; i++) {
        int best = 0;
        long bestd = LONG_MAX;
        for (int c = 0; c < K; c++) {
          long d = labs(points[i] - centroid[c]);
          if (d < bestd) {
            bestd = d;
            best = c;
          }
        }
        if (assign_of[i] != best) {
          assign_of[i] = best;
#pragma omp atomic
          changed++;
        }
#pragma omp critical(accumulate)
        {
          sum[best] += points[i];
          count[best]++;
        }
      }
#pragma omp single
      {
        for (int c = 0; c < K; c++)
          if (count[c] > 0)
            centroid[c] = sum[c] / count[c];
        printf("round %d: changed=%d centroids=%ld %ld %ld %ld\n", round, changed, centroid[0],
               centroid[1], centroid[2], centroid[3]);
      }
    }
  }

  long sse = 0;
#pragma omp parallel for reduction(+ : sse)
  for (int i = 0; i < NP; i++) {
    long d = points[i] - centroid[assign_of[i]];
    sse += d * d;
  }
  printf("sizes=%d %d %d %d sse=%ld\n", count[0], count[1], count[2], count[3], sse);
  return 0;
}
