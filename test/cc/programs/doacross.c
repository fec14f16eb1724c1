// RUN: %weftcc-check %s
// Doacross loops (ordered(1) with ordered depend(sink: ...) and
// ordered depend(source)): a chain stepping by 2 under schedule(static, 3),
// and one counting down under schedule(dynamic, 2) inside a parallel region;
// every iteration reads what its sink iteration wrote, so an iteration that
// ran early would change the result.
#include <stdio.h>
#define N 2000
static long a[N + 2], b[N + 2];
int main(void) {
  for (int i = 0; i < N + 2; i++) a[i] = b[i] = i % 7;
#pragma omp parallel for ordered(1) schedule(static, 3)
  for (int i = 2; i <= N; i += 2) {
    long x = (long)i * i % 1000;
#pragma omp ordered depend(sink: i - 2)
    a[i] = a[i - 2] * 3 % 1000003 + x;
#pragma omp ordered depend(source)
    b[i] = a[i] / 7;
  }
  long s = 0;
  for (int i = 0; i < N + 2; i++) s = (s * 31 + a[i] + b[i]) % 1000000007;
  printf("%ld %ld\n", a[N], s);
  /* a loop counting down */
#pragma omp parallel
  {
#pragma omp for ordered(1) schedule(dynamic, 2)
    for (int i = N - 1; i >= 0; i--) {
#pragma omp ordered depend(sink: i + 1)
      a[i] = (a[i + 1] * 7 + i) % 1000003;
#pragma omp ordered depend(source)
    }
  }
  printf("%ld\n", a[0]);
  return 0;
}
