// RUN: %weftcc-check %s
// Integer n-body-like simulation: parallel force accumulation per body, position update, and energy/centroid reductions.
#include <stdio.h>
#include <stdlib.h>

#define NB 96
#define STEPS 30

struct body {
  long x, y;
  long vx, vy;
  long mass;
};

static struct body bodies[NB];
static long fx[NB], fy[NB];

static void compute_forces(const struct body *b, long *ox, long *oy, int n) {
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < n; i++) {
    long ax = 0, ay = 0;
    for (int j = 0; j < n; j++) {
      if (j == i)
        continue;
      long dx = b[j].x - b[i].x, dy = b[j].y - b[i].y;
      long d2 = dx * dx + dy * dy + 100;
      ax += dx * b[j].mass * 1000 / d2;
      ay += dy * b[j].mass * 1000 / d2;
    }
    ox[i] = ax;
    oy[i] = ay;
  }
}

static void advance(struct body *b, const long *ax, const long *ay, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    b[i].vx += ax[i] / b[i].mass;
    b[i].vy += ay[i] / b[i].mass;
    b[i].x += b[i].vx;
    b[i].y += b[i].vy;
  }
}

int main(void) {
  unsigned s = 7u;
  for (int i = 0; i < NB; i++) {
    s = s * 1664525u + 1013904223u;
    bodies[i].x = (long)(s >> 20) - 2048;
    s = s * 1664525u + 1013904223u;
    bodies[i].y = (long)(s >> 20) - 2048;
    bodies[i].vx = bodies[i].vy = 0;
    bodies[i].mass = 1 + (long)(i % 5);
  }

  for (int step = 1; step <= STEPS; step++) {
    compute_forces(bodies, fx, fy, NB);
    advance(bodies, fx, fy, NB);
    if (step % 10 == 0) {
      long ke = 0, cx = 0, cy = 0, m = 0;
#pragma omp parallel for reduction(+ : ke, cx, cy, m)
      for (int i = 0; i < NB; i++) {
        ke += bodies[i].mass * (bodies[i].vx * bodies[i].vx + bodies[i].vy * bodies[i].vy);
        cx += bodies[i].mass * bodies[i].x;
        cy += bodies[i].mass * bodies[i].y;
        m += bodies[i].mass;
      }
      printf("step %2d: 2*KE=%ld centroid=(%ld,%ld)\n", step, ke, cx / m, cy / m);
    }
  }
  printf("body 0 at (%ld,%ld) body %d at (%ld,%ld)\n", bodies[0].x, bodies[0].y, NB - 1,
         bodies[NB - 1].x, bodies[NB - 1].y);
  return 0;
}
