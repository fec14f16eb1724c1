// RUN: %weftcc-check %s
// A section through a declare target pointer (the OpenMP Examples'
// target_ptr_map.2: "003 297"): mapped with the pointer's address as the
// base and PTR_AND_OBJ (docs/offload.md, "declare target pointers"), read
// in the region and by declare target functions through the global, on
// target, target enter data, target update, target exit data and target
// data, a parallel loop in a target region among them. On the host
// fallback every region works on the host's array through the host's p,
// which keeps pointing at it; a region that did not run, or read another
// array, prints other values.
#include <stdio.h>
#include <stdlib.h>
#define N 100

#pragma omp begin declare target
int *p;
void use_arg_p(int *q, int n);
void use_global_p(int n);
#pragma omp end declare target

void use_arg_p(int *q, int n) {
  for (int i = 0; i < n; i++)
    q[i] *= 2;
}

void use_global_p(int n) {
  for (int i = 0; i < n; i++)
    p[i] += i;
}

int main(void) {
  int i;
  p = (int *)malloc(sizeof(int) * N);
  int *host = p;
#pragma omp target map(p[:N])
  {
    for (i = 0; i < N; i++)
      p[i] = i;
    use_arg_p(p, N);
    use_global_p(N);
  }
  printf(" %3.3d %3.3d\n", p[1], p[N - 1]);
#pragma omp target enter data map(to: p[:N])
#pragma omp target map(tofrom: p[0:N])
  {
#pragma omp parallel for
    for (int k = 0; k < N; k++)
      p[k] = p[k] * 3 + 1;
  }
#pragma omp target update from(p[0:N])
#pragma omp target exit data map(release: p[:N])
#pragma omp target data map(tofrom: p[10:20])
  {
#pragma omp target
    for (int k = 10; k < 30; k++)
      p[k] -= k;
  }
  long sum = 0;
  for (int k = 0; k < N; k++)
    sum += p[k] * (k % 7 + 1);
  printf("%d %d %d %ld %d\n", p[1], p[10], p[N - 1], sum, p == host);
  free(p);
  return 0;
}
