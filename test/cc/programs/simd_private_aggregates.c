// RUN: %weftcc-check %s
// simd loops run by one thread with private copies of aggregates: a struct
// whose field address the optimizer computes once before the loop (the copy
// must be reached through its own address), and a reduction and a private
// over array sections that do not start at element 0.
#include <stdio.h>

struct acc {
  long sum;
  int last;
};

int main(void) {
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = (i * 7) % 23;

  struct acc s = {100, -1};
  struct acc t = {5, 5};
#pragma omp simd private(t) lastprivate(s)
  for (int i = 0; i < 64; i++) {
    t.sum = a[i];
    t.last = i;
    s.sum = t.sum * 2;
    s.last = t.last;
  }
  printf("s = %ld %d\n", s.sum, s.last);

  long h[8] = {1, 1, 1, 1, 1, 1, 1, 1};
#pragma omp simd reduction(+ : h[2:4])
  for (int i = 0; i < 64; i++)
    h[2 + i % 4] += a[i];
  for (int k = 0; k < 8; k++)
    printf("h[%d] = %ld\n", k, h[k]);

  long g[6] = {0, 0, 0, 0, 0, 0};
#pragma omp parallel for reduction(+ : g[3:2])
  for (int i = 0; i < 64; i++) {
    long part[6] = {0, 0, 0, 0, 0, 0};
#pragma omp simd reduction(+ : part[1:4])
    for (int k = 1; k < 5; k++)
      part[k] += a[i] + k;
    g[3 + i % 2] += part[1 + i % 4];
  }
  for (int k = 0; k < 6; k++)
    printf("g[%d] = %ld\n", k, g[k]);
  return 0;
}
