// RUN: %weftcc-check %s
// schedule(runtime) and schedule(auto) loops whose results must not depend on the runtime schedule.
#include <stdio.h>

#define N 4000

static int a[N], b[N];

static void saxpy_runtime(int *y, const int *x, int k, int n) {
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < n; i++)
    y[i] = k * x[i] + y[i];
}

int main(void) {
#pragma omp parallel for schedule(auto)
  for (int i = 0; i < N; i++) {
    a[i] = i % 97;
    b[i] = (i * 13) % 89;
  }

  saxpy_runtime(b, a, 3, N);

  long dot = 0;
#pragma omp parallel for schedule(runtime) reduction(+ : dot)
  for (int i = 0; i < N; i++)
    dot += (long)a[i] * b[i];

  int mx = 0;
#pragma omp parallel for schedule(auto) reduction(max : mx)
  for (int i = 0; i < N; i++)
    mx = b[i] > mx ? b[i] : mx;

  long check = 0;
  for (int i = 0; i < N; i++)
    check = (check * 7 + b[i]) % 1000003;
  printf("dot=%ld\n", dot);
  printf("max b=%d\n", mx);
  printf("checksum b=%ld\n", check);
  return 0;
}
