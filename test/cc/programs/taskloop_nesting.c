// RUN: %weftcc-check %s
// taskloops in other constructs and over other loop shapes: a critical and
// an atomic inside the tasks (their thread ids are the running thread's:
// the critical's, taken from the creating thread, would break its lock's
// ownership), lastprivate of the loop's own variable declared outside
// (counting down by 2: -1 after the loop), a loop of no iterations (none
// may run: zero stays 0), an unsigned loop counting down with a reduction,
// a taskloop inside a task (an i64 loop stepping by 1000), and one in each
// iteration of a worksharing loop (every thread creates tasks).
// How it fails: a lost critical or atomic update, a task run for an empty
// loop, or the loop variable's value from another task prints other
// numbers; a wrong thread id in the critical can also hang (the test's
// timeout).
#include <stdio.h>
int main(void) {
  long hits = 0, big = 0;
  int cnt = 0, zero_trip = 0, i_last = -5, a[50];
  unsigned u_sum = 0;
  for (int i = 0; i < 50; i++) a[i] = 0;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp taskloop grainsize(2)
      for (int i = 0; i < 20; i++) {
#pragma omp critical
        cnt += i;
#pragma omp atomic
        hits += 1;
      }
      int i;
#pragma omp taskloop lastprivate(i) num_tasks(3)
      for (i = 49; i >= 0; i -= 2) a[i] += 1;
      i_last = i;
#pragma omp taskloop
      for (int j = 5; j < 5; j++) zero_trip++;
#pragma omp taskloop reduction(+: u_sum)
      for (unsigned k = 10u; k > 2u; k--) u_sum += k;
#pragma omp task
      {
#pragma omp taskloop reduction(+: big)
        for (long x = 0; x < 100000L; x += 1000L) big += x;
      }
    }
#pragma omp for
    for (int t = 0; t < 4; t++) {
#pragma omp taskloop grainsize(5)
      for (int q = 0; q < 10; q++) {
#pragma omp atomic
        hits += 10;
      }
    }
  }
  int s = 0; for (int i = 0; i < 50; i++) s += a[i] * i;
  printf("cnt %d hits %ld i %d zero %d u %u big %ld s %d\n", cnt, hits, i_last, zero_trip, u_sum, big, s);
}
