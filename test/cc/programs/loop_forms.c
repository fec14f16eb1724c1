// RUN: %weftcc-check %s
// Canonical loop forms: <, <=, >, >=, i++, i--, i += k, i -= k, pre-declared variables, expression bounds, zero/one-trip loops.
#include <stdio.h>

#define N 1000

static int marks[N + 1];

static long weighted_range(int lo, int hi, int step) {
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = lo; i <= hi; i += step)
    s += (long)i * (i % 7 + 1);
  return s;
}

static long down_range(int hi, int lo, int step) {
  long s = 0;
  int i;
#pragma omp parallel for reduction(+ : s) schedule(dynamic, 3)
  for (i = hi; i > lo; i -= step)
    s += (long)i * (i % 5 + 1);
  return s;
}

int main(void) {
  int n = N;
  int half = n / 2;

  long a = 0;
#pragma omp parallel for reduction(+ : a)
  for (int i = 0; i < n; i++)
    a += i;

  long b = 0;
#pragma omp parallel for reduction(+ : b)
  for (int i = n; i >= 1; i--)
    b += i % 13;

  long c = 0;
  int k;
#pragma omp parallel for reduction(+ : c) schedule(guided)
  for (k = half - 17; k < 2 * half + 3; k += 5)
    c += k;

  long d = 0;
#pragma omp parallel for reduction(+ : d)
  for (long i = 10000000000L; i > 9999990000L; i -= 7)
    d += i % 1000;

  unsigned ucount = 0;
#pragma omp parallel for reduction(+ : ucount)
  for (unsigned u = 3u; u < 300u; u += 4u)
    ucount += u & 3u;

#pragma omp parallel for schedule(static, 3)
  for (int i = n; i >= 0; i -= 3)
    marks[i] = 1;
  int marked = 0;
  for (int i = 0; i <= n; i++)
    marked += marks[i];

  long zero = 0, one = 0;
#pragma omp parallel for reduction(+ : zero)
  for (int i = 5; i < 5; i++)
    zero += 1;
#pragma omp parallel for reduction(+ : one)
  for (int i = 7; i <= 7; i++)
    one += i;

  printf("0..n-1 sum=%ld, n..1 mod13 sum=%ld\n", a, b);
  printf("stride 5 from %d: %ld\n", half - 17, c);
  printf("long downward stride 7: %ld\n", d);
  printf("unsigned stride 4: %u\n", ucount);
  printf("marked every third from top: %d\n", marked);
  printf("zero-trip=%ld one-trip=%ld\n", zero, one);
  printf("weighted_range(3,997,4)=%ld weighted_range(10,9,1)=%ld\n", weighted_range(3, 997, 4),
         weighted_range(10, 9, 1));
  printf("down_range(1000,-50,9)=%ld down_range(5,5,1)=%ld\n", down_range(1000, -50, 9),
         down_range(5, 5, 1));
  return 0;
}
