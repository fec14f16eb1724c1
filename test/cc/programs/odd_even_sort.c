// RUN: %weftcc-check %s
// Odd-even transposition sort in one parallel region: alternating for loops, a single-thread convergence check, and reductions.
#include <stdio.h>
#include <stdlib.h>

#define N 600

static int arr[N];

static void oddeven_sort(int *a, int n, int *phases_out) {
  int swapped = 1;
  int phases = 0;
#pragma omp parallel shared(swapped, phases)
  {
    while (1) {
#pragma omp barrier
      if (!swapped)
        break;
#pragma omp barrier
#pragma omp single
      swapped = 0;
      int local = 0;
#pragma omp for
      for (int i = 0; i < n - 1; i += 2)
        if (a[i] > a[i + 1]) {
          int t = a[i];
          a[i] = a[i + 1];
          a[i + 1] = t;
          local = 1;
        }
#pragma omp for
      for (int i = 1; i < n - 1; i += 2)
        if (a[i] > a[i + 1]) {
          int t = a[i];
          a[i] = a[i + 1];
          a[i + 1] = t;
          local = 1;
        }
      if (local) {
#pragma omp atomic write
        swapped = 1;
      }
#pragma omp barrier
#pragma omp master
      phases++;
    }
  }
  *phases_out = phases;
}

int main(void) {
  unsigned s = 17u;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    arr[i] = (int)((s >> 16) % 10000);
  }
  long before = 0;
#pragma omp parallel for reduction(+ : before)
  for (int i = 0; i < N; i++)
    before += arr[i];

  int phases = 0;
  oddeven_sort(arr, N, &phases);

  int unsorted = 0;
  long after = 0;
#pragma omp parallel for reduction(+ : unsorted, after)
  for (int i = 0; i < N; i++) {
    after += arr[i];
    if (i > 0 && arr[i - 1] > arr[i])
      unsorted++;
  }
  printf("sum before=%ld after=%ld out-of-order pairs=%d\n", before, after, unsorted);
  printf("double phases until no swap=%d\n", phases);
  printf("min=%d median=%d max=%d\n", arr[0], arr[N / 2], arr[N - 1]);
  return 0;
}
