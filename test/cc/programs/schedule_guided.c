// RUN: %weftcc-check %s
// schedule(guided) and schedule(guided, c) with triangular work, decreasing loops and per-element output.
#include <stdio.h>
#include <stdlib.h>

#define N 1500

static long row_work(int i) {
  long s = 0;
  for (int j = 0; j <= i; j++)
    s += (long)(i ^ j) & 15;
  return s;
}

int main(void) {
  long *out = calloc(N, sizeof(long));

#pragma omp parallel for schedule(guided)
  for (int i = 0; i < N; i++)
    out[i] = row_work(i);

  long g4 = 0;
#pragma omp parallel for schedule(guided, 4) reduction(+ : g4)
  for (int i = N - 1; i >= 0; i--)
    g4 += row_work(i) * (i % 2 ? -1 : 1);

  int cnt = 0;
#pragma omp parallel for schedule(guided, 50) reduction(+ : cnt)
  for (int i = 0; i < N; i += 3)
    cnt += out[i] % 2 == 0;

  long check = 0;
  for (int i = 0; i < N; i++)
    check = (check * 131 + out[i]) % 1000000007L;
  printf("out[0]=%ld out[%d]=%ld\n", out[0], N - 1, out[N - 1]);
  printf("checksum=%ld\n", check);
  printf("alternating guided,4 sum=%ld\n", g4);
  printf("even entries (stride 3)=%d\n", cnt);
  free(out);
  return 0;
}
