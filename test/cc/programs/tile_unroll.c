// RUN: %weftcc-check %s
// WEFT-CC-FLAGS: -fopenmp-version=51
// OpenMP 5.1's loop transformations (tile, unroll), alone and under
// worksharing loops. Every iteration must run exactly once (per-element
// visit counts and sums show a dropped or repeated one), and each result
// says whether the program ran as its pragmas say, which the serial build
// (no pragmas: _OPENMP undefined) checks against the loops as written:
// - a tile alone runs its iterations in tiled order (checked against that
//   order computed by plain loops);
// - a worksharing loop over a tile shares whole tiles (the floor loops),
//   so every element of a tile is visited by one thread: were the tile
//   done after the worksharing loop, or not at all, at 2 threads and more
//   some tile's rows would go to different threads ("split tiles" > 0);
// - a worksharing loop over unroll partial(3) shares groups of three
//   consecutive iterations (the generated loop), so each group has one
//   owner, for trip counts 0, 1, 2, 7 and 100 (the remainder a shorter
//   group); the same by a step of 2 counting down, and with a dynamic
//   schedule. (Loop variables declared before the loops crash clang-16
//   -fopenmp here; weft-cc takes them: test/cc/transform-vars.c.)
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
static int tid(void) { return omp_get_thread_num(); }
#define TRANSFORMED 1
#else
static int tid(void) { return 0; }
#define TRANSFORMED 0
#endif

#define N1 13
#define N2 11
static int a[N1][N2], bt[N2][N1], visits[N1][N2], order[N1][N2], owner[N1][N2];

/* The order tile sizes(s1, s2) runs an n1 x n2 nest in: floors, then tiles. */
static int tiled_order_ok(int n1, int n2, int s1, int s2) {
  int step = 0, ok = 1;
  for (int f1 = 0; f1 * s1 < n1; f1++)
    for (int f2 = 0; f2 * s2 < n2; f2++)
      for (int i = f1 * s1; i < n1 && i < f1 * s1 + s1; i++)
        for (int j = f2 * s2; j < n2 && j < f2 * s2 + s2; j++)
          ok &= order[i][j] == step++;
  return ok;
}

static int row_major_ok(int n1, int n2) {
  int ok = 1;
  for (int i = 0; i < n1; i++)
    for (int j = 0; j < n2; j++) ok &= order[i][j] == i * n2 + j;
  return ok;
}

static void clear(void) {
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++) visits[i][j] = order[i][j] = owner[i][j] = 0;
}

static void report(const char *what, int s1, int s2) {
  long once = 0, total = 0, split = 0;
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++) {
      once += visits[i][j] == 1;
      total += visits[i][j];
      // Same tile, different owner: the tile's iterations were shared.
      if (TRANSFORMED && i % s1 && owner[i][j] != owner[i - 1][j]) split++;
      if (TRANSFORMED && j % s2 && owner[i][j] != owner[i][j - 1]) split++;
    }
  printf("%s: visited once %ld of %d, visits %ld, split tiles %ld\n", what, once, N1 * N2, total, split);
}

static void transpose(void) {
  clear();
  int step = 0;
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++) a[i][j] = i * 100 + j;
#pragma omp tile sizes(4, 5)
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++) {
      bt[j][i] = a[i][j];
      visits[i][j]++;
      order[i][j] = step++;
    }
  long s = 0;
  int ok = 1;
  for (int j = 0; j < N2; j++)
    for (int i = 0; i < N1; i++) {
      s += (long)bt[j][i] * (i + 3 * j + 1);
      ok &= bt[j][i] == a[i][j];
    }
  int in_order = TRANSFORMED ? tiled_order_ok(N1, N2, 4, 5) : row_major_ok(N1, N2);
  report("transpose", 4, 5);
  printf("transpose: sum %ld, correct %d, order as the pragma says %d\n", s, ok, in_order);
}

#define M 10
#define K 7
#define P 9
static long A[M][K], B[K][P], C[M][P];

static void matmul(void) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) A[i][k] = (i * 7 + k * 3) % 11 - 5;
  for (int k = 0; k < K; k++)
    for (int j = 0; j < P; j++) B[k][j] = (k * 5 + j) % 13 - 6;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) C[i][j] = 0;
#pragma omp tile sizes(3, 4, 5)
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++)
      for (int k = 0; k < K; k++) C[i][j] += A[i][k] * B[k][j];
  long s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < P; j++) s += C[i][j] * (i + 1) * (j + 2);
  printf("matmul tiled 3x4x5: checksum %ld\n", s);
}

static void tiled_parallel(void) {
  clear();
#pragma omp parallel for collapse(2) schedule(static)
#pragma omp tile sizes(4, 3)
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++) {
      visits[i][j]++;
      owner[i][j] = tid();
    }
  report("parallel for collapse(2) over tile sizes(4,3)", 4, 3);
  clear();
#pragma omp parallel for schedule(dynamic, 1)
#pragma omp tile sizes(5, 2)
  for (int i = 0; i < N1; i++)
    for (int j = 0; j < N2; j++) {
      visits[i][j] += 1;
      owner[i][j] = tid();
    }
  report("parallel for dynamic over tile sizes(5,2)", 5, 2);
  clear();
  // collapse(2) whose second loop is a tile's floor loop.
#pragma omp parallel
#pragma omp for collapse(2)
  for (int r = 0; r < N1; r++)
#pragma omp tile sizes(4)
    for (int c = 0; c < N2; c++) {
      visits[r][c]++;
      owner[r][c] = tid();
    }
  report("for collapse(2) over a loop and tile sizes(4)", 1, 4);
}

#define G 100
static int hits[G], gowner[G];

static void groups(const char *what, int n, int group) {
  long once = 0, total = 0, split = 0;
  for (int i = 0; i < n; i++) {
    once += hits[i] == 1;
    total += hits[i];
    if (TRANSFORMED && i % group && gowner[i] != gowner[i - 1]) split++;
  }
  printf("%s n=%d: once %ld, hits %ld, split groups %ld\n", what, n, once, total, split);
}

static void partial3(int n) {
  for (int i = 0; i < G; i++) hits[i] = gowner[i] = 0;
#pragma omp parallel for schedule(static)
#pragma omp unroll partial(3)
  for (int i = 0; i < n; i++) {
    hits[i]++;
    gowner[i] = tid();
  }
  groups("unroll partial(3)", n, 3);
  // Counting down by 2: iterations n-1, n-3, ...; groups of three of them.
  for (int i = 0; i < G; i++) hits[i] = gowner[i] = 0;
#pragma omp parallel for schedule(static, 1)
#pragma omp unroll partial(3)
  for (int i = n - 1; i >= 0; i -= 2) {
    int k = (n - 1 - i) / 2;
    hits[k]++;
    gowner[k] = tid();
  }
  groups("unroll partial(3) by -2", (n + 1) / 2, 3);
  for (int i = 0; i < G; i++) hits[i] = gowner[i] = 0;
#pragma omp parallel for schedule(dynamic)
#pragma omp unroll partial
  for (int i = 0; i < n; i++) {
    hits[i]++;
    gowner[i] = tid();
  }
  groups("unroll partial", n, 2);
}

/* tile over the loop unroll partial generates: whole tiles of 5 pairs. */
static void nested(void) {
  for (int i = 0; i < G; i++) hits[i] = gowner[i] = 0;
#pragma omp parallel for
#pragma omp tile sizes(5)
#pragma omp unroll partial(2)
  for (int i = 0; i < 97; i++) {
    hits[i]++;
    gowner[i] = tid();
  }
  groups("tile sizes(5) over unroll partial(2)", 97, 10);
  for (int i = 0; i < G; i++) hits[i] = gowner[i] = 0;
#pragma omp parallel for
#pragma omp unroll partial(2)
#pragma omp tile sizes(5)
  for (int i = 0; i < 97; i++) {
    hits[i]++;
    gowner[i] = tid();
  }
  groups("unroll partial(2) over tile sizes(5)", 97, 10);
}

static void unrolled(void) {
  static const int w[8] = {3, -1, 4, 1, -5, 9, 2, -6};
  long acc[16] = {0}, total = 0;
#pragma omp parallel for
  for (int r = 0; r < 16; r++) {
#pragma omp unroll full
    for (int k = 0; k < 8; k++) acc[r] += (long)w[k] * (k + r);
  }
  for (int r = 0; r < 16; r++) total += acc[r] * (r + 1);
  printf("unroll full in a parallel for: %ld\n", total);
  long s = 0, t = 0, u = 0;
#pragma omp unroll
  for (int k = 0; k < 37; k++) s += k * k;
#pragma omp unroll partial
  for (int k = 5; k <= 41; k += 3) t += k;
#pragma omp unroll partial(4)
  for (int k = 30; k > 0; k--) u += k ^ 5;
  printf("unroll alone: %ld %ld %ld\n", s, t, u);
}

/* Loops of every form, tiled under a worksharing loop and alone. */
static void forms(int n) {
  long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
#pragma omp parallel for reduction(+ : s1)
#pragma omp tile sizes(3)
  for (unsigned u = (unsigned)n + 2; u >= 3; u -= 3) s1 += u * 7;
#pragma omp parallel for collapse(2) reduction(+ : s2)
#pragma omp tile sizes(4, 2)
  for (long i = -5; i <= n; i += 4)
    for (int j = 5 * (n / 5); j != 0; j -= 5) s2 += i * 31 + j;
#pragma omp tile sizes(5)
  for (long long k = 3; k < n; k += 2) s3 += k * (k % 7);
#pragma omp parallel for reduction(+ : s4) schedule(guided)
#pragma omp unroll partial(4)
  for (int i = n; i >= -n; i--) s4 += (long)i * i * 3 + i;
  unsigned char c;
#pragma omp unroll partial(2)
  for (c = 250; c < 255; c++) s5 += c;
  printf("forms n=%d: %ld %ld %ld %ld %ld c=%d\n", n, s1, s2, s3, s4, s5, c);
}

int main(void) {
  transpose();
  matmul();
  tiled_parallel();
  int trips[] = {0, 1, 2, 7, 100};
  for (int t = 0; t < 5; t++) partial3(trips[t]);
  nested();
  unrolled();
  forms(0);
  forms(20);
  forms(101);
  return 0;
}
