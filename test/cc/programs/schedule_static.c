// RUN: %weftcc-check %s
// schedule(static) and schedule(static, c) with various chunk sizes, trip counts and a recorded iteration map.
#include <stdio.h>
#include <stdlib.h>

static int hits[1000];

static void mark(int *h, int lo, int hi, int chunk) {
  (void)chunk;
#pragma omp parallel for schedule(static, chunk)
  for (int i = lo; i < hi; i++)
    h[i] += i % 5 + 1;
}

static long weighted(int n, int chunk) {
  long s = 0;
  (void)chunk;
#pragma omp parallel for schedule(static, chunk) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += (long)i * (i % 3 + 1);
  return s;
}

int main(void) {
  int chunks[] = {1, 2, 3, 7, 64, 999, 5000};
  for (int c = 0; c < 7; c++) {
    mark(hits, 0, 1000, chunks[c]);
    printf("chunk %4d: weighted(997)=%ld weighted(2)=%ld weighted(0)=%ld\n", chunks[c],
           weighted(997, chunks[c]), weighted(2, chunks[c]), weighted(0, chunks[c]));
  }

  int *dst = malloc(1000 * sizeof(int));
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 1000; i++)
    dst[i] = hits[999 - i] * 3;

  long check = 0;
  for (int i = 0; i < 1000; i++)
    check = check * 31 % 1000000007 + dst[i];
  printf("hits[0]=%d hits[999]=%d checksum=%ld\n", hits[0], hits[999], check);
  free(dst);
  return 0;
}
