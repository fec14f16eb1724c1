// RUN: %weftcc-check %s
// The loop construct bound to teams: `loop bind(teams)` in a teams
// region, a `loop` without bind closely nested in teams (bound to the
// teams), and `teams loop` with a reduction. Each iteration adds to its
// own element; an iteration missed or run twice (every team running the
// whole loop, as a loop bound to the thread would) changes the checksums.
// How it fails: a loop bound to the thread in each team doubles `a` at 2
// teams or more; the reduction not combined across teams changes `sum`.
// CLANG-16-WRONG: clang 16 runs a loop bound to teams in every team (the league doubles `a`) and leaves the reduction of `teams loop` at 0, at every thread count.
#include <stdio.h>

#define N 1501

static long a[N];

static long sum_a(void) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 9 + 1);
  return s;
}

int main(void) {
#pragma omp teams num_teams(3)
  {
#pragma omp loop bind(teams)
    for (int i = 0; i < N; i++)
      a[i] += i;
#pragma omp loop
    for (int i = 0; i < N; i += 2)
      a[i] += 5;
  }
  printf("loop %ld\n", sum_a());
  long sum = 0;
#pragma omp teams loop reduction(+ : sum) num_teams(2) collapse(2)
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 50; j++) {
      a[i * 50 + j] += j;
      sum += i + j;
    }
  printf("teams loop %ld sum %ld\n", sum_a(), sum);
  return 0;
}
