// RUN: %weftcc-check %s
// CLANG-16-WRONG: clang 16's untied tasks: with a variable-length array inside an untied task its build counts 0 queens here at 1 to 4 threads (and BOTS's floorplan crashes), and an untied task undeferred by a false if clause that waits for children of its own aborts in libomp ("Assertion failure at kmp_tasking.cpp(1738): taskdata->td_last_tied", as BOTS's fib, knapsack and nqueens built with -DIF_CUTOFF)
// Untied tasks as the Barcelona OpenMP Tasks Suite writes them (see
// test/bots/README.md): recursion with a depth cutoff by an if clause
// (fib's IF_CUTOFF version), by final and mergeable (its FINAL_CUTOFF
// version), and a branch-and-bound search whose tasks each copy the shared
// state into a variable-length array of their own (floorplan). weft never
// splits an untied task at its scheduling points (docs/threads.md, "Flags"):
// it runs to completion on the thread that started it, which OpenMP allows.
//
// How it can fail: fib's sums are exact only if every taskwait waits for
// the children of the task it is in, undeferred (if false) or included
// (final) ones too; a task that shared its VLA with its siblings, or read
// the board after its parent changed it, would count a different number of
// solutions in `place` (the serial program's count is the reference).
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static int cutoff = 4;
static int width = 7;

static long fib_if(int n, int d) {
  long x, y;
  if (n < 2)
    return n;
#pragma omp task untied shared(x) firstprivate(n) if (d < cutoff)
  x = fib_if(n - 1, d + 1);
#pragma omp task untied shared(y) firstprivate(n) if (d < cutoff)
  y = fib_if(n - 2, d + 1);
#pragma omp taskwait
  return x + y;
}

static long fib_final(int n, int d) {
  long x, y;
  if (n < 2)
    return n;
#pragma omp task untied shared(x) firstprivate(n) final(d + 1 >= cutoff) mergeable
  x = fib_final(n - 1, d + 1);
#pragma omp task untied shared(y) firstprivate(n) final(d + 1 >= cutoff) mergeable
  y = fib_final(n - 2, d + 1);
#pragma omp taskwait
  return x + y;
}

// Places queens row by row on a width x width board; each task copies the
// rows placed so far into a VLA of its own and extends it.
static void place(const int *rows, int row, long *count) {
  if (row == width) {
#pragma omp atomic
    (*count)++;
    return;
  }
  for (int c = 0; c < width; c++) {
#pragma omp task untied firstprivate(c, row) shared(count)
    {
      int mine[width + 1];
      memcpy(mine, rows, sizeof(int) * row);
      int ok = 1;
      for (int r = 0; r < row; r++)
        if (mine[r] == c || mine[r] - c == row - r || c - mine[r] == row - r)
          ok = 0;
      if (ok) {
        mine[row] = c;
        place(mine, row + 1, count);
      }
    }
  }
#pragma omp taskwait
}

int main(void) {
  long a = 0, b = 0, solutions = 0;
#pragma omp parallel
#pragma omp single
  {
    a = fib_if(20, 0);
    b = fib_final(20, 0);
    int none[1] = {0};
    place(none, 0, &solutions);
  }
  printf("fib if %ld, fib final %ld, %d-queens %ld\n", a, b, width, solutions);
  return 0;
}
