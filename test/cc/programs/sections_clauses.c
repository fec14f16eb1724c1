// RUN: %weftcc-check %s
// sections and parallel sections with private, firstprivate, lastprivate,
// reduction, an implicit first section (with a construct in it) and a
// variable declared in a section. How each part can fail: every section
// runs exactly once (hits[] counts each; a loop not partitioned would run
// each on every thread);
// firstprivate copies start as the original (a plain private copy would
// read garbage); lastprivate takes the lexically last section's value even
// though that section finishes first (the earlier ones do more work), so a
// copy-out by "the thread that finished last" prints another value; the
// reductions combine every section's part exactly once.
#include <stdio.h>

static volatile long sink;

static int work(int k, int n) {
  long acc = 0;
  for (int i = 0; i < n; i++)
    acc += (i ^ k) % 7;
  sink = acc;
  return (int)(acc % 5);
}

int main(void) {
  int hits[8] = {0};
  int seen[8] = {0};
  int x = -1, s = 0, f = 10, p = 0;
  long prod = 1;
#pragma omp parallel
  {
#pragma omp sections private(p) firstprivate(f) lastprivate(x) reduction(+ : s) reduction(* : prod)
    {
      {
        p = 1;
        // (A construct in the first section, whose directive is left out.)
#pragma omp critical
        hits[0]++;
        seen[0] = f * 1 + p;
        x = 100 + work(0, 400000);
        s += 1;
        prod *= 2;
      }
#pragma omp section
      {
        p = 2;
        hits[1]++;
        seen[1] = f * 2 + p;
        x = 200 + work(1, 200000);
        s += 2;
        prod *= 3;
      }
#pragma omp section
      {
        int local = 7;
        hits[2]++;
        seen[2] = f * 3 + local;
        x = 300 + work(2, 100000);
        s += 3;
        prod *= 5;
      }
#pragma omp section
      {
        hits[3]++;
        seen[3] = f * 4;
        x = 400;
        s += 4;
        prod *= 7;
      }
    }
  }
  printf("sections: x=%d s=%d prod=%ld\n", x, s, prod);
  for (int k = 0; k < 4; k++)
    printf("  section %d: hits=%d seen=%d\n", k, hits[k], seen[k]);

  int t = 0, last = 0, g = 3;
#pragma omp parallel sections reduction(+ : t) lastprivate(last) firstprivate(g)
  {
#pragma omp section
    {
      t += 10 * g;
      last = work(5, 300000);
    }
#pragma omp section
    {
      t += 20 * g;
      last = 77;
    }
  }
  printf("parallel sections: t=%d last=%d\n", t, last);
  return 0;
}
