// RUN: %weftcc-check %s
// Inclusive prefix sums: a two-pass blocked scan with a single-thread block offset pass, and an ordered-clause scan.
#include <stdio.h>
#include <stdlib.h>

#define N 10007
#define NB 16

static void blocked_scan(const int *in, long *out, int n) {
  long block_sum[NB];
  long block_off[NB];
  int bs = (n + NB - 1) / NB;
#pragma omp parallel
  {
#pragma omp for schedule(static, 1)
    for (int b = 0; b < NB; b++) {
      int lo = b * bs, hi = lo + bs < n ? lo + bs : n;
      long s = 0;
      for (int i = lo; i < hi; i++) {
        s += in[i];
        out[i] = s;
      }
      block_sum[b] = s;
    }
#pragma omp single
    {
      long acc = 0;
      for (int b = 0; b < NB; b++) {
        block_off[b] = acc;
        acc += block_sum[b];
      }
    }
#pragma omp for schedule(dynamic)
    for (int b = 1; b < NB; b++) {
      int lo = b * bs, hi = lo + bs < n ? lo + bs : n;
      for (int i = lo; i < hi; i++)
        out[i] += block_off[b];
    }
  }
}

static void ordered_scan(const int *in, long *out, int n) {
  long acc = 0;
#pragma omp parallel for ordered schedule(static, 64)
  for (int i = 0; i < n; i++) {
    int v = in[i] * 2 - in[i];
#pragma omp ordered
    {
      acc += v;
      out[i] = acc;
    }
  }
}

int main(void) {
  int *in = malloc(N * sizeof(int));
  long *p1 = malloc(N * sizeof(long));
  long *p2 = malloc(N * sizeof(long));
  for (int i = 0; i < N; i++)
    in[i] = (i * 7 + 3) % 23 - 11;

  blocked_scan(in, p1, N);
  ordered_scan(in, p2, N);

  int diffs = 0;
  long chk = 0;
  long expect = 0;
  int wrong = 0;
  for (int i = 0; i < N; i++) {
    expect += in[i];
    wrong += p1[i] != expect;
    diffs += p1[i] != p2[i];
    chk = (chk * 3 + p1[i]) % 1000000007L;
  }
  printf("p[0]=%ld p[100]=%ld p[N-1]=%ld\n", p1[0], p1[100], p1[N - 1]);
  printf("blocked vs serial mismatches=%d, blocked vs ordered mismatches=%d\n", wrong, diffs);
  printf("checksum=%ld\n", chk);
  free(in);
  free(p1);
  free(p2);
  return 0;
}
