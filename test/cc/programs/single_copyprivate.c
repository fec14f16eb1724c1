// RUN: %weftcc-check %s
// single (with nowait and copyprivate of scalars and an array) broadcasting values computed by one thread.
#include <stdio.h>

#define N 1000

static int data[N];

static long sum_with_broadcast(const int *d, int n) {
  long total = 0;
#pragma omp parallel reduction(+ : total)
  {
    int pivot;
#pragma omp single copyprivate(pivot)
    {
      long s = 0;
      for (int i = 0; i < n; i++)
        s += d[i];
      pivot = (int)(s / n);
    }
#pragma omp for
    for (int i = 0; i < n; i++)
      total += d[i] > pivot ? d[i] - pivot : 0;
  }
  return total;
}

int main(void) {
  for (int i = 0; i < N; i++)
    data[i] = (i * 193) % 457;

  int setup_runs = 0;
  long above = 0;
#pragma omp parallel
  {
    int lo, hi;
    double scale;
    int weights[3];
#pragma omp single copyprivate(lo, hi, scale, weights)
    {
      lo = 100;
      hi = 350;
      scale = 0.5;
      weights[0] = 1;
      weights[1] = 2;
      weights[2] = 3;
      setup_runs++;
    }
#pragma omp for reduction(+ : above)
    for (int i = 0; i < N; i++)
      if (data[i] >= lo && data[i] <= hi)
        above += (long)(data[i] * scale * 2.0) * weights[i % 3];

    /* (Atomic: after nowait, another thread may run the next single at
       the same time.) */
#pragma omp single nowait
    {
#pragma omp atomic
      setup_runs += 10;
    }
#pragma omp single
    {
#pragma omp atomic
      setup_runs += 100;
    }
  }

  printf("setup ran once per single: %d\n", setup_runs);
  printf("weighted in-range sum=%ld\n", above);
  printf("sum above mean=%ld\n", sum_with_broadcast(data, N));
  return 0;
}
