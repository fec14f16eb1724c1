// RUN: %weftcc-check %s
// Fixed-point integer Mandelbrot set with schedule(dynamic) rows, an iteration histogram and an integer checksum.
#include <stdio.h>
#include <stdint.h>

#define W 96
#define H 64
#define MAXIT 200
#define FRAC 24

static int iters[H][W];

static int escape(int64_t cr, int64_t ci) {
  int64_t zr = 0, zi = 0;
  const int64_t four = (int64_t)4 << FRAC;
  int n = 0;
  while (n < MAXIT) {
    int64_t zr2 = (zr * zr) >> FRAC, zi2 = (zi * zi) >> FRAC;
    if (zr2 + zi2 > four)
      break;
    int64_t nzi = ((zr * zi) >> (FRAC - 1)) + ci;
    zr = zr2 - zi2 + cr;
    zi = nzi;
    n++;
  }
  return n;
}

int main(void) {
  const int64_t one = (int64_t)1 << FRAC;
  const int64_t x0 = -2 * one, dx = (3 * one) / W;
  const int64_t y0 = -one, dy = (2 * one) / H;

#pragma omp parallel for schedule(dynamic)
  for (int py = 0; py < H; py++)
    for (int px = 0; px < W; px++)
      iters[py][px] = escape(x0 + px * dx, y0 + py * dy);

  long inside = 0;
  uint64_t checksum = 0;
#pragma omp parallel for schedule(dynamic, 3) reduction(+ : inside, checksum)
  for (int py = 0; py < H; py++)
    for (int px = 0; px < W; px++) {
      inside += iters[py][px] == MAXIT;
      checksum += (uint64_t)iters[py][px] * (uint64_t)(py * W + px + 1);
    }

  printf("inside=%ld of %d\n", inside, W * H);
  printf("checksum=%llu\n", (unsigned long long)checksum);
  for (int py = 0; py < H; py += 8) {
    for (int px = 0; px < W; px += 2)
      putchar(iters[py][px] == MAXIT ? '#' : (iters[py][px] > 10 ? '+' : '.'));
    putchar('\n');
  }
  return 0;
}
