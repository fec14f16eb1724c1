// RUN: %weftcc-check %s
// simd loops with lastprivate(conditional:): the original ends as the sequentially last assignment left it, or keeps its value when no iteration assigns it; also inside a parallel loop's body.
// CLANG-16-WRONG: when no iteration assigns a lastprivate(conditional:)
// variable, clang-16 copies its uninitialized private copy out (here `never`
// printed as garbage); OpenMP and weft keep the original's value
// (../shared/reference/directives.md).
#include <stdio.h>

static int a[400];

int main(void) {
  for (int i = 0; i < 400; i++)
    a[i] = (i * 37 + 11) % 23;
  int x = -7, never = -7;
#pragma omp simd lastprivate(conditional: x, never)
  for (int i = 0; i < 400; i++) {
    if (a[i] > 20)
      x = i;
    if (a[i] > 30)
      never = i;
  }
  printf("last index above 20: %d, above 30: %d\n", x, never);

  long rows = 0;
#pragma omp parallel for reduction(+: rows)
  for (int r = 0; r < 20; r++) {
    int last = -1;
#pragma omp simd lastprivate(conditional: last)
    for (int c = 0; c < 20; c++)
      if ((r * 20 + c) % 7 == 3)
        last = c;
    rows += last;
  }
  printf("sum of each row's last match: %ld\n", rows);
  return 0;
}
