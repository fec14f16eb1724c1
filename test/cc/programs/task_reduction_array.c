// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// Task reductions of whole arrays: a taskgroup's task_reduction over a
// histogram (one dimension) and a table of maxima (two dimensions), with
// in_reduction in the tasks (some created by other tasks), and a
// taskloop's reduction over an array. Each task updates its thread's copy
// of the whole array, and the copies are combined into the array when the
// group ends. Checked able to fail: a build of weft whose init and
// combine functions cover only an array's first element prints other
// values at 2 threads and more. (Without the in_reduction clauses the tasks
// race on the shared array, each reading an element, waiting, and writing
// it back; on the loaded 2-core machine this was written on that race did
// not show, so it is not the check.)
#include <stdio.h>

static void pause(int k) {
  volatile long s = 0;
  for (long i = 0; i < k; i++)
    s += i;
}

#define N 2000
#define H 8

int main(void) {
  long hist[H];
  int top[3][4];
  double w[H];
  for (int k = 0; k < H; k++) {
    hist[k] = 0;
    w[k] = 1.0;
  }
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 4; b++)
      top[a][b] = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: hist) task_reduction(max: top)
    {
      for (int i = 0; i < N; i += 10) {
#pragma omp task in_reduction(+: hist) in_reduction(max: top) firstprivate(i)
        {
          for (int j = i; j < i + 10; j++) {
            // (Read, wait, write: on a shared array, a race loses updates.)
            long t = hist[(j * 7) % H];
            pause(3000);
            hist[(j * 7) % H] = t + j % 13;
            int v = (j * 31) % 101;
            if (v > top[j % 3][j % 4])
              top[j % 3][j % 4] = v;
          }
#pragma omp task in_reduction(+: hist) firstprivate(i)
          hist[i % H] += 1;
        }
      }
    }
#pragma omp taskloop reduction(*: w) grainsize(4)
    for (int i = 0; i < 64; i++)
      w[i % H] *= (i % 3 == 0) ? 2.0 : 1.0;
  }
  for (int k = 0; k < H; k++)
    printf("%ld %.1f\n", hist[k], w[k]);
  for (int a = 0; a < 3; a++)
    printf("%d %d %d %d\n", top[a][0], top[a][1], top[a][2], top[a][3]);
  return 0;
}
