// RUN: %weftcc-check %s
// default(none), default(shared), shared, private and firstprivate on parallel regions with globals, locals and pointer parameters.
#include <stdio.h>
#include <stdlib.h>

#define N 600

int gtable[N];
static long gtotal;

static void scale_into(int *dst, const int *src, int n, int factor) {
  int tmp;
#pragma omp parallel default(none) shared(dst, src, n, factor) private(tmp)
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      tmp = src[i] * factor;
      dst[i] = tmp - i;
    }
  }
}

int main(void) {
  int *local = malloc(N * sizeof(int));
  int n = N;
  int k = 4;

#pragma omp parallel default(shared)
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      gtable[i] = (i * 7) % 13 + k;
  }

  scale_into(local, gtable, n, 3);

  long sum = 0;
  int t, u;
#pragma omp parallel default(none) shared(local, n, gtable) private(t, u) reduction(+ : sum)
  {
#pragma omp for schedule(static, 11)
    for (int i = 0; i < n; i++) {
      t = local[i] * 2;
      u = gtable[i] + t;
      sum += u;
    }
  }

  int base = 50;
#pragma omp parallel default(none) shared(gtotal, gtable, n) firstprivate(base)
  {
    long part = 0;
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      part += gtable[i] + base;
#pragma omp atomic
    gtotal += part;
  }

  long chk = 0;
  for (int i = 0; i < n; i++)
    chk = (chk * 17 + local[i]) % 1000000009L;
  printf("scaled checksum=%ld local[0]=%d local[%d]=%d\n", chk, local[0], n - 1, local[n - 1]);
  printf("private sum=%ld\n", sum);
  printf("gtotal=%ld base=%d\n", gtotal, base);
  free(local);
  return 0;
}
