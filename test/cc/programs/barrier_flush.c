// RUN: %weftcc-check %s
// for nowait, explicit barrier and flush, including a flag-based producer/consumer hand-off inside a parallel region.
#include <stdio.h>

#define N 1024

static int x[N], y[N], z[N];
static int ready;
static long payload;

static long phased(int n, int rounds) {
  long result = 0;
#pragma omp parallel shared(result)
  {
    for (int r = 0; r < rounds; r++) {
#pragma omp for nowait
      for (int i = 0; i < n; i++)
        x[i] = x[i] + i % (r + 2);
#pragma omp for nowait
      for (int i = 0; i < n; i++)
        y[i] = y[i] * 3 % 1009 + r;
#pragma omp barrier
#pragma omp for
      for (int i = 0; i < n; i++)
        z[i] = x[(i + 1) % n] - y[(i + n - 1) % n];
    }
#pragma omp for reduction(+ : result)
    for (int i = 0; i < n; i++)
      result += z[i];
  }
  return result;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = i;
    y[i] = N - i;
  }
  printf("phased(4 rounds)=%ld\n", phased(N, 4));
  printf("x[7]=%d y[7]=%d z[7]=%d\n", x[7], y[7], z[7]);

  long consumed = 0;
#pragma omp parallel reduction(max : consumed)
  {
#pragma omp single nowait
    {
      payload = 1234567;
#pragma omp flush
#pragma omp atomic write
      ready = 1;
#pragma omp flush
    }
    int seen = 0;
    while (!seen) {
#pragma omp flush
#pragma omp atomic read
      seen = ready;
    }
#pragma omp flush
    consumed = payload;
  }
  printf("consumer saw payload=%ld\n", consumed);

  int w[4] = {0, 0, 0, 0};
#pragma omp parallel
  {
#pragma omp for nowait schedule(static)
    for (int i = 0; i < 4; i++)
      w[i] = (i + 1) * 100;
#pragma omp flush(w)
#pragma omp barrier
#pragma omp single
    printf("after barrier: %d %d %d %d\n", w[0], w[1], w[2], w[3]);
  }
  return 0;
}
