// RUN: %weftcc-check %s
// Logical reductions && and || checking array properties in parallel.
#include <stdio.h>

#define N 2000

static int sorted_arr[N];
static int mixed[N];

static int is_sorted(const int *a, int n) {
  int ok = 1;
#pragma omp parallel for reduction(&& : ok)
  for (int i = 1; i < n; i++)
    ok = ok && (a[i - 1] <= a[i]);
  return ok;
}

static int contains(const int *a, int n, int key) {
  int found = 0;
#pragma omp parallel for schedule(static, 50) reduction(|| : found)
  for (int i = 0; i < n; i++)
    found = found || (a[i] == key);
  return found;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    sorted_arr[i] = i / 3;
    mixed[i] = (i * 7919) % N;
  }

  int all_even = 1, any_neg = 0;
#pragma omp parallel for reduction(&& : all_even) reduction(|| : any_neg)
  for (int i = 0; i < N; i++) {
    all_even = all_even && (sorted_arr[i] * 2 % 2 == 0);
    any_neg = any_neg || (mixed[i] < 0);
  }

  long nonzero = 1;
#pragma omp parallel for reduction(&& : nonzero)
  for (int i = 0; i < N; i++)
    nonzero = nonzero && mixed[i];

  printf("sorted_arr sorted: %d\n", is_sorted(sorted_arr, N));
  printf("mixed sorted: %d\n", is_sorted(mixed, N));
  printf("contains 1234: %d, contains %d: %d\n", contains(mixed, N, 1234), N, contains(mixed, N, N));
  printf("all_even=%d any_neg=%d nonzero=%ld\n", all_even, any_neg, nonzero);
  return 0;
}
