// RUN: %weftcc-check %s
// lastprivate(conditional:) on worksharing loops: the original ends as the
// sequentially last iteration that assigned it left it, whichever thread ran
// that iteration and whatever the schedule; it keeps its value when no
// iteration assigns it. A combined parallel loop, loops met several times
// in one parallel region (one with nowait, read after a barrier), two
// variables on one loop, a char and a double.
// CLANG-16-WRONG: as in simd_conditional.c, clang-16 copies an unassigned
// conditional lastprivate's uninitialized private copy out.
#include <stdio.h>

static int a[1000];

int main(void) {
  for (int i = 0; i < 1000; i++)
    a[i] = (i * 37 + 11) % 101;

  int x = -1;
  double d = 0.5;
#pragma omp parallel for schedule(dynamic, 7) lastprivate(conditional: x, d)
  for (int i = 0; i < 1000; i++) {
    if (a[i] > 95)
      x = i;
    if (a[i] % 13 == 4)
      d = a[i] * 0.25 + i;
  }
  printf("x = %d d = %.2f\n", x, d);

  int seen[3] = {0, 0, 0};
  char c = 'A';
  int never = 42, y = 7;
#pragma omp parallel
  {
    for (int round = 0; round < 3; round++) {
      int limit = 100 - 3 * round;
#pragma omp for schedule(static, 5) lastprivate(conditional: c, never)
      for (int i = 0; i < 1000; i++) {
        if (a[i] > limit)
          c = (char)('a' + i % 26);
        if (a[i] > 500)
          never = i;
      }
#pragma omp single
      seen[round] = c;
    }
#pragma omp for nowait lastprivate(conditional: y)
    for (int i = 0; i < 1000; i++)
      if (a[i] == 50)
        y = i;
#pragma omp barrier
#pragma omp single
    x = y;
  }
  printf("rounds %c %c %c, never %d, y %d\n", seen[0], seen[1], seen[2], never, x);
  return 0;
}
