/* The program of test/cc/declare-target-pointer.test: sections through a
   declare target pointer `p` on every device construct, beside a global
   pointer that is not declare target (q), a local pointer named p hiding
   the global, and a declare target array; each object named for
   map_recorder.c. */
#include <stdio.h>
#include <stdlib.h>
#define N 100
void rec_name(void *p, unsigned long size, const char *name);

#pragma omp begin declare target
int *p;
int arr[8];
void use_global_p(int n);
#pragma omp end declare target
int *q;

void use_global_p(int n) {
  for (int i = 0; i < n; i++)
    p[i] += i;
}

static int local_p(void) {
  int loc[4] = {1, 2, 3, 4};
  int *p = loc;
  rec_name(loc, sizeof loc, "loc");
#pragma omp target map(tofrom: p[0:4])
  { p[3] += 10; }
  return loc[3];
}

int main(void) {
  int i;
  p = (int *)malloc(sizeof(int) * N);
  q = (int *)malloc(sizeof(int) * N);
  rec_name(p, sizeof(int) * N, "a");
  rec_name(&p, sizeof p, "p");
  rec_name(q, sizeof(int) * N, "b");
  rec_name(&q, sizeof q, "q");
  rec_name(arr, sizeof arr, "arr");
  rec_name(&i, sizeof i, "i");
  int *a = p;
#pragma omp target map(p[:N])
  {
    for (i = 0; i < N; i++)
      p[i] = i;
    use_global_p(N);
  }
#pragma omp target enter data map(to: p[:N])
#pragma omp target update to(p[0:N])
#pragma omp target update from(p[10:50])
#pragma omp target exit data map(from: p[:N])
#pragma omp target data map(tofrom: p[0:N])
  {
#pragma omp target
    { p[1] += 1; }
  }
#pragma omp target teams distribute parallel for map(tofrom: p[0:N])
  for (int k = 0; k < N; k++)
    p[k] += 1;
#pragma omp target map(tofrom: q[0:N]) map(to: arr[2:3])
  { q[5] = arr[2] + 7; }
  int l = local_p();
  printf("%d %d %d %d %d\n", p[1], p[N - 1], q[5], l, p == a);
  free(p);
  free(q);
  return 0;
}
