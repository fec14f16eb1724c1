// The driver of tile-icx.ll: runs each function, then checks that every
// iteration ran once and that a worksharing loop over a tile shared whole
// tiles (each on one thread).
#include <stdio.h>

int visits[4096], owner[4096];

void nested(void);       // tile sizes(4, 2) over a loop holding tile sizes(8)
void collapsed(void);    // for collapse(2) over a loop and tile sizes(8)
void over_unroll(void);  // for over unroll partial(4), in icx's normalized form

static void reset(void) {
  for (int k = 0; k < 4096; k++) visits[k] = owner[k] = 0;
}

static void report(const char *what, int n, int m, int s) {
  long once = 0, total = 0, split = 0;
  for (int k = 0; k < 4096; k++) total += visits[k];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      once += visits[i * 64 + j] == 1;
      split += j % s && owner[i * 64 + j] != owner[i * 64 + j - 1];
    }
  printf("%s: once %ld of %d, visits %ld, split %ld\n", what, once, n * m, total, split);
}

int main(void) {
  reset();
  nested();
  report("nested", 23, 48, 8);
  reset();
  collapsed();
  report("collapsed", 10, 48, 8);
  reset();
  over_unroll();
  report("over unroll", 1, 30, 4);
  return 0;
}
