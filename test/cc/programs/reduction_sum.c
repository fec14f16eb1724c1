// RUN: %weftcc-check %s
// Sum reductions (+) on int, long, unsigned and unsigned long in parallel for loops with schedule(static).
#include <stdio.h>
#include <stdlib.h>

#define N 10000

static int data[N];

static void fill(int *a, int n) {
  unsigned s = 12345u;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (int)((s >> 16) % 1000) - 500;
  }
}

static long sum_squares(const int *a, int n) {
  long total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total)
  for (int i = 0; i < n; i++)
    total += (long)a[i] * a[i];
  return total;
}

int main(void) {
  fill(data, N);

  int isum = 0;
#pragma omp parallel for schedule(static) reduction(+ : isum)
  for (int i = 0; i < N; i++)
    isum += data[i];

  unsigned usum = 7u;
#pragma omp parallel for reduction(+ : usum)
  for (int i = 0; i < N; i++)
    usum += (unsigned)data[i] * 2654435761u;

  unsigned long ulsum = 0;
#pragma omp parallel for schedule(static) reduction(+ : ulsum)
  for (int i = 0; i < N; i++)
    ulsum += (unsigned long)(data[i] + 500) << (i % 20);

  long sq = sum_squares(data, N);

  int pos = 0, neg = 0;
#pragma omp parallel for reduction(+ : pos, neg)
  for (int i = 0; i < N; i++) {
    if (data[i] > 0)
      pos++;
    else if (data[i] < 0)
      neg++;
  }

  printf("int sum      = %d\n", isum);
  printf("unsigned sum = %u\n", usum);
  printf("ulong sum    = %lu\n", ulsum);
  printf("sum squares  = %ld\n", sq);
  printf("pos=%d neg=%d zero=%d\n", pos, neg, N - pos - neg);
  return 0;
}
