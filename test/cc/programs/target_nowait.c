// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// CLANG-16-WRONG: clang 16 without -fopenmp-targets drops target enter data and target update altogether, their depend clauses too, so its target does not wait for the writer ("chain 0")
// Target tasks (OpenMP 5.1 §2.14.5): nowait and depend on target, target
// enter data, target exit data, target update and a combined target form.
// Each producer sleeps (a busy loop) before it writes, so a consumer that
// does not wait for it reads the old values and prints another checksum:
// - chain: a task writes a (token x); enter data nowait depend(in: x,
//   out: y); update nowait depend(in: y, out: z); target nowait
//   depend(in: z, out: w) reads a. Only the dependences of the two data
//   constructs order the target after the writer (dropping either prints,
//   at 2 threads or more, "chain 0"); exit data depend(inout: w) without nowait is an included
//   task that waits for the target, so b is read right after it, before
//   any taskwait (a deferred one prints "included 0").
// - fan: target nowait regions in a single, each writing its slice after
//   a sleep, with the slice's number captured when the task is created
//   (firstprivate: a later value prints another sum); a taskwait waits
//   for them (without it: "fan 0").
// - combined: target parallel for nowait depend(out: c), then a task
//   depend(in: c) that sums c: without the dependence it sums zeros.
// - barrier: target nowait regions in a parallel region, completed by its
//   barrier.
// - captured: a global firstprivate and an is_device_ptr pointer on target
//   nowait are captured when the task is created: the global changes
//   after each region is created, and to 0 before the taskwait (a region
//   that read it late prints another value).
#include <stdio.h>

#define N 64

static void spin(int n) {
  volatile long s = 0;
  for (long i = 0; i < n * 100000L; i++) s += i;
}

static int a[N], b[N], c[N], d[N], e[N];

static long sum(const int *v) {
  long s = 0;
  for (int i = 0; i < N; i++) s += v[i] * (long)(i + 1);
  return s;
}

static void chain(void) {
  int x = 0, y = 0, z = 0, w = 0;
  long included = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x) shared(a)
    {
      spin(40);
      for (int i = 0; i < N; i++) a[i] = i + 1;
    }
#pragma omp target enter data map(to: a) nowait depend(in: x) depend(out: y)
#pragma omp target update to(a) nowait depend(in: y) depend(out: z)
#pragma omp target map(to: a) map(from: b) nowait depend(in: z) depend(out: w)
    for (int i = 0; i < N; i++) b[i] = 2 * a[i];
#pragma omp target exit data map(release: a) depend(inout: w)
    included = sum(b);
#pragma omp taskwait
  }
  printf("chain %ld included %d\n", sum(b), included == sum(b));
}

static void fan(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 4; k++) {
      int first = k * (N / 4);
#pragma omp target nowait map(tofrom: c[first:N/4])
      {
        spin(10);
        for (int i = first; i < first + N / 4; i++) c[i] = k + 1;
      }
    }
#pragma omp taskwait
    printf("fan %ld\n", sum(c));
  }
}

static void combined(void) {
  long s = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp target parallel for nowait depend(out: d) map(from: d)
    for (int i = 0; i < N; i++) {
      if (i == 0) spin(40);
      d[i] = 3 * i;
    }
#pragma omp task depend(in: d) shared(s)
    s = sum(d);
#pragma omp taskwait
  }
  printf("combined %ld\n", s);
}

static void barrier(void) {
#pragma omp parallel
  {
#pragma omp single nowait
    for (int k = 0; k < N; k += 16) {
#pragma omp target nowait map(tofrom: e[k:16]) firstprivate(k)
      {
        spin(5);
        for (int i = k; i < k + 16; i++) e[i] = i % 7;
      }
    }
  }
  printf("barrier %ld\n", sum(e));
}

static int g = 1;
static int out[4];

static void captured(void) {
  int *p = out;
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 4; k++) {
      g = k + 10;
#pragma omp target nowait firstprivate(g) is_device_ptr(p)
      {
        spin(5);
        p[k] = g;
      }
    }
    g = 0;
    p = 0;
#pragma omp taskwait
  }
  printf("captured %d %d %d %d\n", out[0], out[1], out[2], out[3]);
}

int main(void) {
  captured();
  chain();
  fan();
  combined();
  barrier();
  return 0;
}
