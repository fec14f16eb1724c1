// RUN: %weftcc-check %s
// ordered clause with an ordered block printing results in iteration order under static, dynamic and guided schedules.
#include <stdio.h>

static int isqrt(int n) {
  int r = 0;
  while ((r + 1) * (r + 1) <= n)
    r++;
  return r;
}

static void print_table(int lo, int hi, int step) {
#pragma omp parallel for ordered schedule(dynamic)
  for (int i = lo; i < hi; i += step) {
    int r = isqrt(i);
    int rem = i - r * r;
#pragma omp ordered
    printf("isqrt(%d)=%d rem %d\n", i, r, rem);
  }
}

int main(void) {
  print_table(10, 100, 13);

  long running = 0;
#pragma omp parallel for ordered schedule(static, 2)
  for (int i = 1; i <= 12; i++) {
    long sq = (long)i * i * i;
#pragma omp ordered
    {
      running += sq;
      printf("i=%2d cube=%4ld running=%5ld\n", i, sq, running);
    }
  }

  int trace[40];
  int pos = 0;
#pragma omp parallel
  {
#pragma omp for ordered schedule(guided)
    for (int i = 39; i >= 0; i--) {
      int val = (i * 7) % 40;
#pragma omp ordered
      trace[pos++] = val;
    }
  }
  long h = 0;
  for (int i = 0; i < pos; i++)
    h = (h * 41 + trace[i]) % 1000000007L;
  printf("ordered trace hash=%ld first=%d last=%d\n", h, trace[0], trace[pos - 1]);
  return 0;
}
