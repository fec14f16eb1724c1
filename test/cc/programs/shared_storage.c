// RUN: %weftcc-check %s
// Shared data from globals, static locals, heap blocks, struct members and pointer parameters used inside parallel loops.
#include <stdio.h>
#include <stdlib.h>

#define N 700

struct stats {
  long sum;
  int min, max;
  int *buf;
};

int g_in[N];
static struct stats g_stats = {0, 1 << 30, -(1 << 30), NULL};

static int next_id(void) {
  static int counter = 0;
  int id;
#pragma omp parallel for
  for (int i = 0; i < 10; i++) {
#pragma omp atomic
    counter += i;
  }
#pragma omp atomic capture
  id = counter++;
  return id;
}

static void gather(struct stats *st, const int *src, int n) {
  long sum = 0;
  int mn = st->min, mx = st->max;
#pragma omp parallel for reduction(+ : sum) reduction(min : mn) reduction(max : mx)
  for (int i = 0; i < n; i++) {
    st->buf[i] = src[i] * 2 + 1;
    sum += st->buf[i];
    mn = st->buf[i] < mn ? st->buf[i] : mn;
    mx = st->buf[i] > mx ? st->buf[i] : mx;
  }
  st->sum += sum;
  st->min = mn;
  st->max = mx;
}

static void scale_rows(int **rows, int nrows, int ncols, const int *factors) {
#pragma omp parallel for collapse(2)
  for (int r = 0; r < nrows; r++)
    for (int c = 0; c < ncols; c++)
      rows[r][c] *= factors[r];
}

int main(void) {
  for (int i = 0; i < N; i++)
    g_in[i] = (i * 29) % 211 - 100;
  g_stats.buf = malloc(N * sizeof(int));
  gather(&g_stats, g_in, N);
  printf("global struct: sum=%ld min=%d max=%d buf[10]=%d\n", g_stats.sum, g_stats.min,
         g_stats.max, g_stats.buf[10]);

  struct stats local = {100, 1 << 30, -(1 << 30), malloc(N / 2 * sizeof(int))};
  gather(&local, g_in + N / 2, N / 2);
  printf("local struct: sum=%ld min=%d max=%d\n", local.sum, local.min, local.max);

  int a = next_id();
  int b = next_id();
  printf("static counter ids: %d %d\n", a, b);

  int *rows[5];
  int factors[5] = {1, -1, 2, 3, -2};
  for (int r = 0; r < 5; r++) {
    rows[r] = malloc(20 * sizeof(int));
    for (int c = 0; c < 20; c++)
      rows[r][c] = r * 20 + c;
  }
  scale_rows(rows, 5, 20, factors);
  long total = 0;
  for (int r = 0; r < 5; r++) {
    for (int c = 0; c < 20; c++)
      total += rows[r][c] * (c + 1);
    free(rows[r]);
  }
  printf("scaled rows weighted total=%ld\n", total);
  free(g_stats.buf);
  free(local.buf);
  return 0;
}
