// RUN: %weftcc-check %s
// master, masked and masked filter(0) blocks with barriers separating phases of a parallel region.
#include <stdio.h>

#define N 800

static long phase_log[4];

int main(void) {
  int a[N], b[N];
  long s1 = 0, s2 = 0, mixed = 0;

#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      a[i] = (i * 11) % 97;

#pragma omp master
    {
      long s = 0;
      for (int i = 0; i < N; i++)
        s += a[i];
      phase_log[0] = s;
    }
#pragma omp barrier

#pragma omp for
    for (int i = 0; i < N; i++)
      b[i] = a[i] * 2 + (int)(phase_log[0] % 10);

#pragma omp masked
    {
      for (int i = 0; i < N; i++)
        s1 += b[i];
      phase_log[1] = s1;
    }
#pragma omp barrier

#pragma omp masked filter(0)
    {
      for (int i = 0; i < N; i += 2)
        s2 += b[i] - a[i];
      phase_log[2] = s2 + phase_log[1];
    }
#pragma omp barrier

#pragma omp for reduction(+ : mixed)
    for (int i = 0; i < N; i++)
      mixed += ((a[i] ^ b[i]) & 7) + phase_log[2] % 3;

#pragma omp master
    phase_log[3] = mixed;
  }

  for (int p = 0; p < 4; p++)
    printf("phase %d: %ld\n", p, phase_log[p]);
  printf("s1=%ld s2=%ld\n", s1, s2);
  return 0;
}
