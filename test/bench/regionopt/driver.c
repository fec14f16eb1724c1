// weft-regionopt's benchmark driver: each kernel of kernels.c as built by
// each compiler, on the same arrays, alternated, best of REPS.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef void kernel(double *, double *, double *, long);
#define SIDE(p) kernel p##_fig2, p##_chain3, p##_jacobi, p##_plain2;
SIDE(clang)
SIDE(merging)
SIDE(hand)
SIDE(weftbase)
SIDE(weft)

#define W 5
#define NK 4
static kernel *table[NK][W] = {
    {clang_fig2, merging_fig2, hand_fig2, weftbase_fig2, weft_fig2},
    {clang_chain3, merging_chain3, hand_chain3, weftbase_chain3, weft_chain3},
    {clang_jacobi, merging_jacobi, hand_jacobi, weftbase_jacobi, weft_jacobi},
    {clang_plain2, merging_plain2, hand_plain2, weftbase_plain2, weft_plain2},
};
static const char *kernels[NK] = {"fig2-pair", "chain3", "jacobi-pair", "plain-pair"};
static const char *sides[W] = {"clang", "clang-merging", "clang-hand-fused", "weft-base", "weft"};

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  long sizes[2] = {4096, 8L << 20};
  int nsizes = 2;
  // (bench REPS N: only arrays of N elements.)
  if (argc > 2) sizes[0] = atol(argv[2]), nsizes = 1;
  double *a = malloc(sizeof(double) * sizes[1]), *b = malloc(sizeof(double) * sizes[1]);
  double *c = malloc(sizeof(double) * sizes[1]);
  for (int s = 0; s < nsizes; s++) {
    long n = sizes[s];
    long calls = n < 100000 ? 20000 : 10;
    for (int k = 0; k < NK; k++) {
      double best[W] = {1e30, 1e30, 1e30, 1e30, 1e30}, check[W];
      for (int r = 0; r < reps; r++)
        for (int w = 0; w < W; w++) {
          for (long i = 0; i < n; i++) a[i] = b[i] = i % 17, c[i] = 0;
          double t = omp_get_wtime();
          for (long j = 0; j < calls; j++) table[k][w](a, b, c, n);
          t = (omp_get_wtime() - t) / calls;
          if (t < best[w]) best[w] = t;
          check[w] = a[n / 2] + c[n / 3];
        }
      printf("%d threads n=%-8ld %-12s", omp_get_max_threads(), n, kernels[k]);
      int same = 1;
      for (int w = 0; w < W; w++) printf("  %s %.2f us", sides[w], best[w] * 1e6), same &= check[w] == check[0];
      printf("%s\n", same ? "" : "  RESULTS DIFFER");
    }
  }
  return 0;
}
