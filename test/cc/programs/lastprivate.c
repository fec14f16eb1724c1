// RUN: %weftcc-check %s
// lastprivate on a loop variable declared outside the loop and on separate scalars, with static and guided schedules.
#include <stdio.h>

#define N 1000

int g_last;

static int find_last_index(const int *v, int n) {
  int i;
#pragma omp parallel for lastprivate(i) schedule(static)
  for (i = 0; i < n; i++)
    (void)v[i];
  return i;
}

int main(void) {
  int v[N];
  for (int k = 0; k < N; k++)
    v[k] = (k * k) % 1009;

  int i;
  int last_val = -1;
#pragma omp parallel for lastprivate(i, last_val)
  for (i = 0; i < N; i += 7)
    last_val = v[i] + i;
  printf("after stride-7 loop: i=%d last_val=%d\n", i, last_val);

  long sq = 0;
  int j;
#pragma omp parallel for schedule(guided, 3) lastprivate(sq, j)
  for (j = N; j > 10; j -= 3)
    sq = (long)j * j;
  printf("after downward loop: j=%d sq=%ld\n", j, sq);

  int fp = 5;
#pragma omp parallel for firstprivate(fp) lastprivate(fp) schedule(static, 4)
  for (int k = 0; k < 50; k++)
    fp = fp * 0 + k * 3 + v[k] % 2;
  printf("firstprivate+lastprivate fp=%d\n", fp);

  int m;
#pragma omp parallel
  {
#pragma omp for lastprivate(m, g_last) schedule(static, 8)
    for (m = 3; m <= 250; m++)
      g_last = v[m] * 2;
  }
  printf("in region: m=%d g_last=%d\n", m, g_last);

  printf("find_last_index=%d (n=%d)\n", find_last_index(v, N), N);
  printf("find_last_index=%d (n=37)\n", find_last_index(v, 37));
  return 0;
}
