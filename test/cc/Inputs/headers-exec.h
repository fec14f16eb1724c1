/* OpenMP constructs in a user header, rewritten by weft-cc in a pass of
   its own and read by clang through an overlay under this file's name. */
#define PRAGMA(x) _Pragma(#x)
#define TIMES *

static long header_sum(const int *a, int n) {
  long s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static, 3)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* A _Pragma from a macro, with a clause a macro spells. */
static long header_product(int n) {
  long p = 1;
  PRAGMA(omp parallel for reduction(TIMES : p))
  for (int i = 1; i <= n; i++)
    p *= i % 3 + 1;
  return p;
}

/* Two threadprivate statics of one declaration, beside one that is not. */
static int header_counts(void) {
  static int calls, shared_calls, seen;
#pragma omp threadprivate(calls, seen)
  int bad = 0;
#pragma omp parallel
  {
    calls = omp_get_thread_num();
    seen = 1;
#pragma omp barrier
    if (calls != omp_get_thread_num() || seen != 1)
      bad++;
#pragma omp atomic
    shared_calls++;
  }
  return bad * 1000 + shared_calls;
}

#ifdef BAD_CLAUSE
int header_v[4][4];
int header_bad(void) {
#pragma omp parallel for reduction(+ : header_v[0:2][:])
  for (int i = 0; i < 4; i++)
    header_v[i % 2][0] += i;
  return header_v[0][0];
}
#endif

#ifdef BAD_SCHEDULE
void header_scan(int *a, int *b, int n) {
  long x = 0;
#pragma omp parallel for reduction(inscan, + : x) schedule(dynamic)
  for (int i = 0; i < n; i++) {
    x += a[i];
#pragma omp scan inclusive(x)
    b[i] = x;
  }
}
#endif

/* A macro that holds the construct's loop too, used in the header. */
#define HEADER_FILL(v, n) _Pragma("omp parallel for") for (int i = 0; i < (n); i++)(v)[i] = 2 * i
static long header_filled(void) {
  int v[50];
  long s = 0;
  HEADER_FILL(v, 50);
  for (int i = 0; i < 50; i++)
    s += v[i];
  return s;
}
