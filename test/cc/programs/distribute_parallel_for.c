// RUN: %weftcc-check %s
// distribute parallel for (and its simd form) in teams, teams distribute
// parallel for (simd), teams distribute (simd), with reductions, the
// loop's own schedules, collapse, lastprivate and num_threads. Each
// iteration adds to its own element, so an iteration missed or run twice
// changes the weighted checksums and the reductions.
// How it fails: each team's block not taken first (every team running the
// whole loop) doubles the sums; a thread's last-iteration flag not and-ed
// with its team's copies out the end of another team's block (`last`);
// the inner reduction combined into the league's variable without the
// teams' reduction, or not combined, changes `sum`.
#include <stdio.h>

#define N 2011

static long a[N];

// Iterations early in the loop are slow: the teams with the first blocks
// end after the team with the last one, so a copy-out by any of them
// would come last.
static void spin(int i) {
  volatile long s = 0;
  for (long k = 0; k < (i < N / 2 ? 3000 : 0); k++)
    s += k;
}

static long sum_a(void) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 13 + 1);
  return s;
}

int main(void) {
  long sum = 0;
  int last = -1;
#pragma omp teams num_teams(3) thread_limit(3) reduction(+ : sum)
#pragma omp distribute parallel for reduction(+ : sum) lastprivate(last)
  for (int i = 0; i < N; i++) {
    spin(i);
    a[i] += i;
    sum += i % 17;
    last = i;
  }
  printf("dpf %ld sum %ld last %d\n", sum_a(), sum, last);

  sum = 0;
#pragma omp teams num_teams(4) reduction(+ : sum)
#pragma omp distribute parallel for simd schedule(dynamic, 5) reduction(+ : sum)
  for (int i = 1; i < N; i += 2) {
    a[i] += 3;
    sum += i;
  }
  printf("dpfs %ld sum %ld\n", sum_a(), sum);

  long s2 = 0;
  int l2 = 0;
#pragma omp teams distribute parallel for num_teams(3) num_threads(2) reduction(+ : s2) lastprivate(l2) schedule(static, 4)
  for (int i = 0; i < N; i++) {
    spin(i);
    a[i] += 2 * i;
    s2 += a[i] % 5;
    l2 = i * 7;
  }
  printf("tdpf %ld s2 %ld last %d\n", sum_a(), s2, l2);

  long s3 = 0;
#pragma omp teams distribute parallel for simd collapse(2) reduction(+ : s3) num_teams(2)
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 50; j++) {
      a[i * 50 + j] += i ^ j;
      s3 += (i * j) % 9;
    }
  printf("tdpfs %ld s3 %ld\n", sum_a(), s3);

  long s4 = 0;
  int l4 = 0;
#pragma omp teams distribute reduction(+ : s4) lastprivate(l4) num_teams(3) dist_schedule(static, 10)
  for (int i = 0; i < N; i++) {
    a[i] += 1;
    s4 += i;
    l4 = i;
  }
#pragma omp teams distribute simd num_teams(2)
  for (int i = 0; i < N; i++)
    a[i] -= i % 3;
  printf("td %ld s4 %ld last %d\n", sum_a(), s4, l4);
  return 0;
}
