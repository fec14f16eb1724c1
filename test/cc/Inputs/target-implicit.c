#include <stdio.h>

typedef struct {
  int x, y;
} pair_t;
typedef int quad_t[4];

int arr[8];
struct {
  int x, y;
} pt;
int g = 5;
static double h = 2.5;

int main(void) {
  pair_t s = {1, 2};
  quad_t q = {0};
  g = 7;
#pragma omp target
  {
    for (int i = 0; i < 8; i++)
      arr[i] = i * g;
    pt.y = (int)(h * 2);
    s.x = 5;
    q[1] = 3;
    // (Firstprivate: the host's g and h keep their values.)
    g = 1;
    h = 0;
  }
  printf("arr %d pt %d g %d h %.1f s %d q %d\n", arr[7], pt.y, g, h, s.x, q[1]);
  return 0;
}
