// RUN: %weftcc-check %s
// Orphaned distribute loops (and a `loop bind(teams)`): in a function of
// their own, called from a teams region (a host league, and a target teams
// region's host fallback), they deal the iterations to the teams of the
// calling league.
// Each iteration counts itself: a loop each team ran whole would count
// once per team (4 here) and print another count than the serial program;
// the sums say each iteration ran with its own index.
// CLANG-16-WRONG: clang 16 runs an orphaned `loop bind(teams)` whole in
// every team (its count is once per team).
#include <stdio.h>

#define N 1000

void blocks(int *v, int *count, int n) {
#pragma omp distribute
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] += i;
  }
}

void chunks(int *v, int *count, int n) {
#pragma omp distribute dist_schedule(static, 7)
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] += 2 * i;
  }
}

void shared(int *v, int *count, int n) {
#pragma omp distribute parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] += 3 * i;
  }
}

// (`loop bind(teams)`, orphaned: a distribute parallel loop of the calling
// league.)
void looped(int *v, int *count, int n) {
#pragma omp loop bind(teams)
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    *count += 1;
    v[i] += 4 * i;
  }
}

int main(void) {
  // (One array per loop: the teams do not wait for each other between them.)
  static int v1[N], v2[N], v3[N], v4[N];
  int c1 = 0, c2 = 0, c3 = 0, c4 = 0;
#pragma omp teams num_teams(4)
  {
    blocks(v1, &c1, N);
    chunks(v2, &c2, N);
    looped(v4, &c4, N);
  }
#pragma omp target teams num_teams(4) map(tofrom: v3, c3)
  shared(v3, &c3, N);
  long s = 0;
  for (int i = 0; i < N; i++)
    s += v1[i] + v2[i] + v3[i] + v4[i];
  printf("%d %d %d %d %ld\n", c1, c2, c3, c4, s);
  return 0;
}
