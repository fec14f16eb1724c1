// RUN: %weftcc-check %s
// Copies of over-aligned variables keep their alignment: in every clause,
// the region may rely on the alignment the declaration gives (clang's
// vector stores claim it). Each region reports whether its copy is as
// aligned as declared, then computes with it; a copy at the type's own
// alignment prints "misaligned".
#include <stdint.h>
#include <stdio.h>

typedef struct { double re, im; } dcomplex;   // 16 bytes, as NPB FT's

#define N 64
#define M 18

static int aligned(const void *p, uintptr_t a) { return ((uintptr_t)p & (a - 1)) == 0; }

static void report(const char *what, int bad) { printf("%s: %s\n", what, bad ? "misaligned" : "aligned"); }

int main(void) {
  int bad = 0;
  // A region-local array of 16-byte structs (FT's cffts1 y0).
  double total = 0;
#pragma omp parallel reduction(+ : bad, total)
  {
    _Alignas(32) dcomplex y0[N][M];
    bad |= !aligned(y0, 32);
#pragma omp for
    for (int j = 0; j < M; j++) {
      for (int i = 0; i < N; i++) {
        y0[i][j].re = i + j;
        y0[i][j].im = i - j;
      }
      for (int i = 0; i < N; i++) total += y0[i][j].re * y0[i][j].im;
    }
  }
  report("region-local", bad);
  printf("total %.1f\n", total);

  _Alignas(64) double p[8];
  _Alignas(64) double fp[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  _Alignas(64) double lp[8];
  _Alignas(64) int red = 0;
  _Alignas(32) dcomplex cz[4] = {{1, 1}, {2, 2}, {3, 3}, {4, 4}};
  bad = 0;
  double s = 0;
#pragma omp parallel for private(p) firstprivate(fp, cz) lastprivate(lp) reduction(+ : red, s) reduction(| : bad)
  for (int i = 0; i < 100; i++) {
    bad |= !aligned(p, 64) | !aligned(fp, 64) << 1 | !aligned(lp, 64) << 2 | !aligned(&red, 64) << 3 |
           !aligned(cz, 32) << 4;
    for (int k = 0; k < 8; k++) p[k] = i * k;
    for (int k = 0; k < 8; k++) lp[k] = p[k] + fp[k];
    red += i;
    s += cz[i % 4].re;
  }
  report("parallel for clauses", bad);
  printf("lp[7] %.1f red %d s %.1f\n", lp[7], red, s);

  _Alignas(64) float sp[16];
  bad = 0;
  float acc = 0;
#pragma omp simd private(sp) reduction(+ : acc)
  for (int i = 0; i < 64; i++) {
    for (int k = 0; k < 16; k++) sp[k] = (float)(i + k);
    acc += sp[i % 16];
  }
#pragma omp parallel private(sp) reduction(| : bad)
  bad |= !aligned(sp, 64);
  report("simd and parallel private", bad);
  printf("acc %.1f\n", acc);

  _Alignas(64) static double tp;
#pragma omp threadprivate(tp)
  bad = 0;
#pragma omp parallel reduction(| : bad)
  bad |= !aligned(&tp, 64);
  report("threadprivate", bad);
  return 0;
}
