// RUN: %weftcc-check %s
// Loops whose start or bound calls a function (weft-cc computes it once
// before the construct, as clang does: bounds.rs): a worksharing loop
// over omp_get_num_threads() inside a parallel region (as many
// iterations as threads: a bound computed before the fork would give 1
// iteration for a team of 3), a collapsed nest whose bounds call functions, a taskloop
// over strlen(s), a simd loop whose start and bound call functions.
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_num_threads(void) { return 1; }
#endif

static int rows(int n) { return n / 2; }
static int first(void) { return 3; }

int main(void) {
  int iterations = 0, team = 0;
#pragma omp parallel num_threads(3) shared(iterations, team)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for reduction(+: iterations)
    for (int i = 0; i < omp_get_num_threads(); i++)
      iterations += 1;
  }
  printf("as many iterations as threads: %d\n", iterations == team);

  long grid[20][30];
  long s = 0;
#pragma omp parallel
#pragma omp for collapse(2) reduction(+: s)
  for (int i = first(); i < rows(40); i++)
    for (int j = 0; j < rows(60); j++) {
      grid[i][j] = i * 100 + j;
      s += grid[i][j];
    }
  printf("collapsed: %ld\n", s);

  const char *text = "the quick brown fox jumps over the lazy dog";
  int letters[26] = {0};
  int counted = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(5) reduction(+: counted)
  for (size_t i = 0; i < strlen(text); i++)
    if (text[i] != ' ') {
#pragma omp atomic
      letters[text[i] - 'a']++;
      counted++;
    }
  int all = 1;
  for (int k = 0; k < 26; k++)
    all &= letters[k] >= 1;
  printf("taskloop over strlen: %d letters, pangram %d\n", counted, all);

  int v[64];
  for (int i = 0; i < 64; i++)
    v[i] = i;
#pragma omp simd
  for (int i = first(); i < rows(128) - first(); i++)
    v[i] = v[i] * 3 + 1;
  long t = 0;
  for (int i = 0; i < 64; i++)
    t = t * 7 + v[i];
  printf("simd: %ld\n", t);
  return 0;
}
