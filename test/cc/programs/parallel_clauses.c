// RUN: %weftcc-check %s
// parallel with if(...), num_threads(...) and proc_bind(close|spread|master), including if(0) serialized regions.
#include <stdio.h>

#define N 2048

static int v[N];

static long region_sum(int use_parallel, int nt) {
  long s = 0;
  (void)use_parallel;
  (void)nt;
#pragma omp parallel if (use_parallel) num_threads(nt) reduction(+ : s)
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      s += v[i];
  }
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    v[i] = (i * i + 3 * i) % 1001;

  for (int nt = 1; nt <= 5; nt += 2)
    printf("num_threads(%d): parallel=%ld serial=%ld\n", nt, region_sum(1, nt), region_sum(0, nt));

  int count = 0;
#pragma omp parallel num_threads(3) proc_bind(close)
  {
#pragma omp atomic
    count += 1;
  }
  int one = 0;
#pragma omp parallel if (0) proc_bind(spread)
  {
#pragma omp atomic
    one += 1;
  }
  printf("if(0) region ran %d time(s); num_threads(3) region ran %s\n", one,
         count >= 1 && count <= 3 ? "between 1 and 3 times" : "an unexpected number of times");

  long evens = 0, odds = 0;
#pragma omp parallel num_threads(4) proc_bind(master)
  {
#pragma omp for reduction(+ : evens, odds) schedule(static, 32)
    for (int i = 0; i < N; i++) {
      if (v[i] % 2 == 0)
        evens += v[i];
      else
        odds += v[i];
    }
  }
  printf("evens=%ld odds=%ld\n", evens, odds);

  long big = 0;
  int thresh = N / 4;
#pragma omp parallel for if (thresh > 100) num_threads(2 + thresh % 3) proc_bind(spread) reduction(+ : big)
  for (int i = 0; i < N; i++)
    big += v[i] > thresh;
  printf("values above %d: %ld\n", thresh, big);
  return 0;
}
