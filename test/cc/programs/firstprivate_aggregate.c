// RUN: %weftcc-check %s
// firstprivate of an int[4] array, a struct and scalars used as per-thread scratch copies initialized from the originals.
#include <stdio.h>
#include <string.h>

struct params {
  int scale;
  int offset;
  long bias;
  char tag[8];
};

static void apply(int *out, int n, struct params p) {
  int coef[4] = {1, -2, 3, -4};
#pragma omp parallel firstprivate(coef, p)
  {
    /* every thread adjusts its own copy the same way before the loop */
    coef[3] = coef[0] + coef[1] + coef[2];
    p.bias -= 50;
#pragma omp for
    for (int i = 0; i < n; i++)
      out[i] = coef[i % 4] * p.scale * i + p.offset + (int)p.bias + p.tag[i % 3];
  }
}

static long fold(const int *v, int n) {
  long chk = 0;
  for (int i = 0; i < n; i++)
    chk = chk * 3 % 999983 + v[i];
  return chk;
}

int main(void) {
  int a[4] = {10, 20, 30, 40};
  struct params p = {3, 7, 100, "abc"};
  int out[400];

#pragma omp parallel firstprivate(a, p)
  {
    a[0] += p.offset;
    p.scale *= 2;
    strcpy(p.tag, "xyz");
#pragma omp for schedule(static, 9)
    for (int i = 0; i < 400; i++)
      out[i] = a[i % 4] * p.scale + i * p.tag[i % 3];
  }
  printf("region checksum=%ld out[0]=%d out[399]=%d\n", fold(out, 400), out[0], out[399]);

  struct params q = {3, 7, 100, "abc"};
  apply(out, 400, q);
  printf("apply checksum=%ld out[5]=%d out[399]=%d\n", fold(out, 400), out[5], out[399]);
  printf("caller copy: scale=%d bias=%ld tag=%s\n", q.scale, q.bias, q.tag);

  int b[4] = {10, 20, 30, 40};
  int counter = 1000;
  int res[64];
#pragma omp parallel for firstprivate(counter, b) schedule(static, 16)
  for (int i = 0; i < 64; i++)
    res[i] = counter + b[i % 4] + i;
  printf("res checksum=%ld res[63]=%d counter=%d b[3]=%d\n", fold(res, 64), res[63], counter, b[3]);
  return 0;
}
