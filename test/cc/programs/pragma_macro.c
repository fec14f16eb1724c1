// RUN: %weftcc-check %s
// OpenMP pragmas from macros (`_Pragma`, as portable code wraps them) and
// clauses that macros spell: weft-cc reads each pragma as the preprocessor
// expands it and replaces the macro's invocation by the construct's start.
// A macro that holds the construct's loop too (FILL, PARALLEL_RANGE) is
// read with its invocation's lines as the preprocessor expands them. Also
// a loop body that ends in a function-like macro's invocation (the
// construct must end after its arguments, not after its name).
#include <stdio.h>

#define PRAGMA(x) _Pragma(#x)
#define OMP(directive) PRAGMA(omp directive)
#define PARALLEL_FOR_SUM(v) _Pragma("omp parallel for reduction(+ : total)")
#define SQR(x) ((x) * (x))
#define FILL(v, n, k)                                                      \
  _Pragma("omp parallel for") for (int i = 0; i < (n); i++)(v)[i] = i % (k)
#define PARALLEL_RANGE(i, n) OMP(parallel for reduction(+ : odd)) for (i = 0; i < (n); i++)
#define OP +
#define DEPTH 2
#define SCHED dynamic, 3
#define PRIV k, t

#define N 200

int main(void) {
  static long a[N];
  long total = 0, prod = 1, nest = 0;
  int k, t;
  OMP(parallel for)
  for (int i = 0; i < N; i++)
    a[i] = SQR(i % 17);
  PARALLEL_FOR_SUM(total)
  for (int i = 0; i < N; i++)
    total += a[i];
  OMP(parallel for reduction(OP : nest) collapse(DEPTH) schedule(SCHED) private(PRIV))
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 10; j++) {
      k = i * j;
      t = k % 7;
      nest += t;
    }
  PRAGMA(omp parallel)
  {
    OMP(for reduction(* : prod))
    for (int i = 1; i <= 20; i++)
      prod *= (i % 3) + 1;
    OMP(single) nest += 1;
  }
  static long b[N];
  long odd = 0;
  int q;
  FILL(b, N, 11);
  PARALLEL_RANGE(q, N) {
    odd += b[q] % 2;
  }
  printf("total %ld nest %ld prod %ld odd %ld\n", total, nest, prod, odd);
  return 0;
}
