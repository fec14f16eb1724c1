// RUN: %weftcc-check %s
// + and max/min reductions on char, short, unsigned char-sized counters and float/double with exact values.
#include <stdio.h>
#include <string.h>

#define N 1200

static const char *text =
    "the quick brown fox jumps over the lazy dog while seven wizards hex a jovial crowd";

int main(void) {
  int len = (int)strlen(text);

  char spaces = 0;
#pragma omp parallel for reduction(+ : spaces)
  for (int i = 0; i < len; i++)
    spaces += (char)(text[i] == ' ');

  char maxc = 0, minc = 127;
#pragma omp parallel for reduction(max : maxc) reduction(min : minc)
  for (int i = 0; i < len; i++) {
    if (text[i] != ' ' && text[i] > maxc)
      maxc = text[i];
    if (text[i] != ' ' && text[i] < minc)
      minc = text[i];
  }

  short sh = 0;
#pragma omp parallel for schedule(static, 5) reduction(+ : sh)
  for (int i = 0; i < N; i++)
    sh += (short)(i % 17 - 8);

  short smax = -32768;
#pragma omp parallel for reduction(max : smax)
  for (int i = 0; i < N; i++) {
    short v = (short)((i * 97) % 1999);
    if (v > smax)
      smax = v;
  }

  float fs = 0.0f;
#pragma omp parallel for reduction(+ : fs)
  for (int i = 0; i < N; i++)
    fs += (float)(i % 10);

  double ds = 0.5;
#pragma omp parallel for schedule(static, 9) reduction(+ : ds)
  for (int i = 0; i < N; i++)
    ds += (double)(i % 4) * 0.25;

  float fprod = 1.0f;
#pragma omp parallel for reduction(* : fprod)
  for (int i = 0; i < 24; i++)
    fprod *= (i % 3 == 0) ? 2.0f : 1.0f;

  printf("length=%d spaces=%d\n", len, (int)spaces);
  printf("max char=%c min char=%c\n", maxc, minc);
  printf("short sum=%d short max=%d\n", (int)sh, (int)smax);
  printf("float sum=%.1f float prod=%.1f\n", (double)fs, (double)fprod);
  printf("double sum=%.2f\n", ds);
  return 0;
}
