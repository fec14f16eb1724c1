// RUN: %weftcc-check %s
// Storage clang makes inside a construct that no declaration names: a
// struct returned by value, a struct argument built in place, a compound
// literal. Each thread must have its own (weft-cc names what a team shares
// and asks DEFAULT(PRIVATE) for the rest); shared, the threads overwrite
// each other's temporaries and the sums come out wrong at any -O level
// (noinline keeps them at -O2). Also a parameter read only in a loop's
// init and a static declared inside a region (one variable, shared).
#include <stdio.h>

typedef struct { double a, b, c, d, e; } big;
typedef struct { double re, im; } cx;

__attribute__((noinline)) static big mk(int i) { big r = {i, i + 1, i + 2, i + 3, i + 4}; return r; }
__attribute__((noinline)) static double use(big x) { return x.a + x.b + x.c + x.d + x.e; }
__attribute__((noinline)) static cx mul(cx x, cx y) {
  cx r = {x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re};
  return r;
}

static long from(int lo, int hi) {
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = lo; i < hi; i++)
    s += i;
  return s;
}

int main(void) {
  double s = 0, t = 0, u = 0;
#pragma omp parallel for reduction(+ : s, t, u) schedule(dynamic, 7)
  for (int i = 0; i < 20000; i++) {
    s += use(mk(i));
    t += mul((cx){i % 97, 1}, (cx){1, i % 13}).re;
    u += use((big){i, 0, 0, 0, -i}) + mk(i).e;
  }
  printf("s %.1f t %.1f u %.1f\n", s, t, u);
  printf("from %ld %ld\n", from(3, 1000), from(-50, 50));
  int visits = 0;
#pragma omp parallel reduction(+ : visits)
  {
    static int once;
#pragma omp atomic
    once++;
#pragma omp barrier
    visits = once > 0;
  }
  printf("static shared %d\n", visits > 0);
  return 0;
}
