// RUN: %weftcc-check %s
// Worksharing loops whose directive opens the body of a loop around them
// (a do-while whose body starts with the loop, inside a parallel region,
// and a parallel for as the first statement of a do-while): the region's
// loop is the one after the directive, never the loop around it.
#include <stdio.h>

#define N 1000

int main(void) {
  static float x[N];
  int r = 5, rounds = 0;
#pragma omp parallel shared(r, rounds)
  {
    do {
#pragma omp for
      for (int i = 0; i < N; ++i)
        x[i] += (float)(i % 7);
#pragma omp single
      {
        rounds++;
        --r;
      }
    } while (r > 0);
  }
  int k = 3;
  do {
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      x[i] *= 0.5f;
  } while (--k > 0);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x[i];
  printf("rounds %d sum %.3f\n", rounds, s);
  return 0;
}
