// RUN: %weftcc-check %s
// OpenMP pragmas from macros (`_Pragma`, as portable code wraps them) and
// clauses that macros spell: weft-cc reads each pragma as the preprocessor
// expands it and replaces the macro's invocation by the construct's start.
// Also a loop body that ends in a function-like macro's invocation (the
// construct must end after its arguments, not after its name).
#include <stdio.h>

#define PRAGMA(x) _Pragma(#x)
#define OMP(directive) PRAGMA(omp directive)
#define PARALLEL_FOR_SUM(v) _Pragma("omp parallel for reduction(+ : total)")
#define SQR(x) ((x) * (x))
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
  printf("total %ld nest %ld prod %ld\n", total, nest, prod);
  return 0;
}
