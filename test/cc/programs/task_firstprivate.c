// RUN: %weftcc-check %s
// A task's firstprivate variables are captured when the task is created:
// each task below is created, then the variables it captured change before
// the task can run (the creating thread goes on; other threads, or the
// taskwait, run the task later). A task that read them when it ran, or
// from the creating frame after it returned, prints other values. Covers
// an explicit firstprivate scalar, an array and a struct, the implicit
// firstprivate of a local (not shared in the enclosing context), private
// (its own uninitialized copy), and tasks
// created by a function that returns before they run (their data is in
// the task's block, not the creator's frame).
#include <stdio.h>

typedef struct { int a; double b; char tag[6]; } rec;

#define T 24
static long out[T];

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 20000L * (k % 5 + 1); i++)
    s += i;
}

/* Creates a task and returns: the task outlives this frame. */
static void spawn(int k) {
  int local = k * 3;
  long arr[4] = {k, k + 1, k + 2, k + 3};
#pragma omp task firstprivate(arr)
  {
    spin(k);
    out[k] = local + arr[0] * 100 + arr[3] * 10000;
  }
  local = -1;
  arr[0] = arr[3] = -1;
}

int main(void) {
  long v[T], w[T];
  int p = 7;
#pragma omp parallel
#pragma omp single
  {
    rec r = {1, 2.5, "abc"};
    for (int i = 0; i < T; i++) {
      int x = i;
#pragma omp task firstprivate(x, r) shared(v)
      {
        spin(x);
        v[x] = x * 1000 + r.a * 10 + (long)r.b + r.tag[0];
      }
      x = -5;
      r.a++;
      r.b += 1.0;
      r.tag[0]++;
    }
    for (int i = 0; i < T; i++) {
      // (i: implicitly firstprivate, the loop's variable.)
#pragma omp task private(p) shared(w)
      {
        p = i * 2;
        spin(i);
        w[i] = p + i;
      }
    }
    for (int i = 0; i < T; i++)
      spawn(i);
#pragma omp taskwait
  }
  long s = 0;
  for (int i = 0; i < T; i++)
    s = (s * 31 + v[i] + w[i] * 7 + out[i]) % 1000000007;
  printf("v[0]=%ld v[%d]=%ld w[5]=%ld out[3]=%ld\n", v[0], T - 1, v[T - 1], w[5], out[3]);
  printf("checksum %ld\n", s);
  return 0;
}
