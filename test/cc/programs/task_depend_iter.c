// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// Depend clauses with OpenMP 5.0's iterator modifier and with array
// sections of several dimensions. Producers each fill two rows of a grid
// (depend(out: g[2*b:2][0:M]), slow, the first slowest); consumers depend on
// their producer's rows (depend(in: g[2*b:1][0:M]), the same first element)
// and write one sum each; one task depends on every sum through
// depend(iterator(int b = 0:NB), in: rowsum[b]); the creating thread waits
// for tasks with `taskwait depend(iterator(k = NB - 1:-1:-1), in: late[k])`
// (a negative step) before it reads what they wrote. Only the right order
// prints these values (checked: the program without its iterator depend
// clauses prints other totals at 2 threads and more; without the
// two-dimensional ones, other sums).
#include <stdio.h>

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 200000L * k; i++)
    s += i;
}

#define NB 6
#define M 5

int main(void) {
  long g[2 * NB][M], rowsum[NB], late[NB];
  long total = -1, lsum = -1;
  for (int b = 0; b < NB; b++)
    rowsum[b] = late[b] = 0;
  for (int r = 0; r < 2 * NB; r++)
    for (int c = 0; c < M; c++)
      g[r][c] = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int b = 0; b < NB; b++) {
#pragma omp task depend(out: g[2 * b : 2][0 : M]) shared(g)
      {
        spin(NB - b);
        for (int r = 2 * b; r < 2 * b + 2; r++)
          for (int c = 0; c < M; c++)
            g[r][c] = r * 10 + c;
      }
    }
    for (int b = 0; b < NB; b++) {
#pragma omp task depend(in: g[2 * b : 1][0 : M]) depend(out: rowsum[b]) shared(g, rowsum)
      {
        long s = 0;
        for (int r = 2 * b; r < 2 * b + 2; r++)
          for (int c = 0; c < M; c++)
            s += g[r][c];
        rowsum[b] = s * (b + 1);
      }
    }
#pragma omp task depend(iterator(int b = 0:NB), in: rowsum[b]) shared(rowsum, total)
    {
      long t = 0;
      for (int b = 0; b < NB; b++)
        t += rowsum[b];
      total = t;
    }
    for (int b = 0; b < NB; b++) {
#pragma omp task depend(out: late[b]) shared(late)
      {
        spin(NB - b);
        late[b] = (b + 1) * (b + 1);
      }
    }
#pragma omp taskwait depend(iterator(k = NB - 1:-1:-1), in: late[k])
    lsum = 0;
    for (int b = 0; b < NB; b++)
      lsum += late[b];
#pragma omp taskwait
  }
  printf("%ld %ld\n", total, lsum);
  for (int b = 0; b < NB; b++)
    printf("%ld\n", rowsum[b]);
  return 0;
}
