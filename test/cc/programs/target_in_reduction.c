// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: clang 16's build crashes at one thread and loses updates at more: its target region gets the original variable, not a private copy (the copy __kmpc_task_reduction_get_th_data returns goes unused), so concurrent target tasks race on it; its hidden-helper target tasks also abort now and then (docs/offload.md)
// in_reduction on target (OpenMP 5.1 §2.21.5.6): the target task takes
// part in the task reduction with a private copy of its own, mapped
// tofrom for the region and combined at the task's end into its thread's
// copy. Each region reads its copy, spins, and writes it back: regions
// that worked on the original variable (clang 16's build) race with each
// other and lose updates at 2 threads and more; a copy that were not
// mapped back (the item firstprivate, as an unlisted scalar is in a
// target region, here even asked for by defaultmap(firstprivate: scalar))
// loses every region's contribution, at every thread count.
// - loop: target nowait regions adding i, and host tasks adding 1000 * i,
//   in a taskgroup with task_reduction(+: sum); then without nowait (an
//   included target task): the same;
// - ops: several items and operators (+ on a double, max, * and | on an
//   unsigned), and a whole array (a histogram), in one region;
// - global: a file-scope variable's in_reduction;
// - modifier: `parallel for reduction(task, +: s)` whose iterations each
//   start a target nowait task, and `parallel sections reduction(task,
//   +: s)` with a target in one section and the host in the other;
// - teams: the target's region a teams distribute parallel for with its
//   own reduction on the item (the league's copies combined into the
//   target task's copy), in a taskgroup of the initial thread.
#include <stdio.h>

#define N 40

static void spin(void) {
  volatile int s = 0;
  for (int i = 0; i < 3000; i++)
    s += i;
}

long gsum = 7;

static void loop(void) {
  long sum = 3;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: sum)
    {
      for (int i = 0; i < N; i++) {
#pragma omp target in_reduction(+: sum) nowait defaultmap(firstprivate: scalar)
        {
          long t = sum;
          spin();
          sum = t + i;
        }
#pragma omp task in_reduction(+: sum)
        {
          long t = sum;
          spin();
          sum = t + 1000 * i;
        }
      }
    }
  }
  printf("loop nowait %ld\n", sum);
  sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: sum)
  for (int i = 0; i < N; i++) {
#pragma omp target in_reduction(+: sum)
    {
      long t = sum;
      spin();
      sum = t + i * i;
    }
  }
  printf("loop included %ld\n", sum);
}

static void ops(void) {
  double d = 0.25;
  int mx = -5;
  unsigned prod = 1, bits = 0;
  int hist[8] = {0};
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: d, hist) task_reduction(max: mx) task_reduction(*: prod) task_reduction(|: bits)
  for (int i = 1; i <= 12; i++) {
#pragma omp target in_reduction(+: d, hist) in_reduction(max: mx) in_reduction(*: prod) in_reduction(|: bits) nowait
    {
      d += 0.5 * i;
      mx = mx > 3 * i % 17 ? mx : 3 * i % 17;
      prod *= (unsigned)(i % 3 + 1);
      bits |= 1u << i;
      hist[i % 8] += i;
      spin();
    }
  }
  printf("ops %.2f %d %u %u", d, mx, prod, bits);
  for (int k = 0; k < 8; k++)
    printf(" %d", hist[k]);
  printf("\n");
}

static void global(void) {
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: gsum)
  for (int i = 0; i < N; i++) {
#pragma omp target in_reduction(+: gsum) nowait
    {
      long t = gsum;
      spin();
      gsum = t + 2 * i;
    }
  }
  printf("global %ld\n", gsum);
}

static void modifier(void) {
  long s = 11;
#pragma omp parallel for reduction(task, +: s)
  for (int i = 0; i < N; i++) {
#pragma omp target in_reduction(+: s) nowait
    {
      long t = s;
      spin();
      s = t + i;
    }
    s += 100;
  }
  printf("modifier for %ld\n", s);
  long u = 0;
#pragma omp parallel sections reduction(task, +: u)
  {
#pragma omp section
    {
#pragma omp target in_reduction(+: u)
      {
        long t = u;
        spin();
        u = t + 5;
      }
    }
#pragma omp section
    u += 7;
  }
  printf("modifier sections %ld\n", u);
}

static void teams(void) {
  long s = 5;
  int n = 1000;
  // (Outside a parallel region: a teams region the host fallback forks
  // from a team's worker thread hangs or asserts in libomp 16, in clang's
  // builds too.)
#pragma omp taskgroup task_reduction(+: s)
  for (int k = 0; k < 4; k++) {
#pragma omp target in_reduction(+: s) nowait
#pragma omp teams distribute parallel for reduction(+: s)
    for (int i = 0; i < n; i++)
      s += i + k;
#pragma omp task in_reduction(+: s)
    s += 1000000;
  }
  printf("teams %ld\n", s);
}

int main(void) {
  loop();
  ops();
  global();
  modifier();
  teams();
  return 0;
}
