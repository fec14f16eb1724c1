// RUN: %weftcc-check %s
// The device data constructs on the host side: target data around target
// regions (with use_device_ptr), target enter data, target update (to and
// from), target exit data (release, delete). Without a device libomptarget
// maps nothing and the host's data is the data; every region's results
// are printed, so a fallback that did not run, or a data construct that
// dropped its region, prints something else.
#include <stdio.h>

#define N 100
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; }
  int *p = b;
#pragma omp target data map(to: a) map(tofrom: b[0:N]) use_device_ptr(p)
  {
#pragma omp target map(to: a) map(tofrom: b[0:N])
    for (int i = 0; i < N; i++) b[i] += a[i];
    p[0] += 1000;
#pragma omp target
    for (int i = 1; i < N; i++) b[i] += 1;
  }
  printf("data: %d %d %d\n", b[0], b[1], b[N - 1]);

#pragma omp target enter data map(to: a[0:N]) map(alloc: b)
  for (int i = 0; i < N; i++) a[i] = -i;
#pragma omp target update to(a[0:N])
#pragma omp target map(alloc: a) map(from: b)
  for (int i = 0; i < N; i++) b[i] = a[i] * 2;
#pragma omp target update from(a, b[0:N])
#pragma omp target exit data map(release: a[0:N])
#pragma omp target exit data map(delete: b)
  long s = 0;
  for (int i = 0; i < N; i++) s += a[i] + b[i];
  printf("enter/update/exit: %ld %d\n", s, b[N - 1]);
  int k = 3;
#pragma omp target data map(tofrom: k) if(k > 2) device(0)
  {
#pragma omp target map(tofrom: k)
    k *= 5;
  }
  printf("if/device: %d\n", k);
  return 0;
}
