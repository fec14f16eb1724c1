// The driver of tile.ll and tile-paper.ll (the same functions in the two
// directive forms): runs each, then checks and prints what it did. Each
// iteration must run once (visits), each tile or group of iterations that
// a worksharing loop shares must run on one thread (owner), and a tile alone
// runs its iterations in tiled order (seq).
#include <stdio.h>

int visits[256], owner[256], seq[256], nseq;
void note(int v) { seq[nseq++] = v; }

void order_tile(int n, int m);   // tile sizes(3, 4) alone
void shared_tile(int n, int m);  // parallel loop collapse(2) over tile sizes(4, 3)
void groups(int n);              // parallel loop over unroll partial(3)
long simd_tile(int n);           // simd over tile sizes(8), a sum
long hints(void);                // unroll full, unroll, unroll partial(4), alone

static void reset(void) {
  for (int k = 0; k < 256; k++) visits[k] = owner[k] = 0;
}

int main(void) {
  order_tile(5, 6);
  printf("order");
  for (int k = 0; k < nseq; k++) printf(" %d", seq[k]);
  printf("\n");

  reset();
  shared_tile(13, 11);
  long once = 0, split = 0;
  for (int i = 0; i < 13; i++)
    for (int j = 0; j < 11; j++) {
      once += visits[i * 16 + j] == 1;
      split += i % 4 && owner[i * 16 + j] != owner[(i - 1) * 16 + j];
      split += j % 3 && owner[i * 16 + j] != owner[i * 16 + j - 1];
    }
  printf("tiles: once %ld of 143, split %ld\n", once, split);

  int trips[] = {0, 1, 2, 7, 100};
  for (int t = 0; t < 5; t++) {
    reset();
    int n = trips[t];
    groups(n);
    long once = 0, total = 0, split = 0;
    for (int k = 0; k < 256; k++) total += visits[k];
    for (int k = 0; k < n; k++) {
      once += visits[k] == 1;
      split += k % 3 && owner[k] != owner[k - 1];
    }
    printf("groups n=%d: once %ld, visits %ld, split %ld\n", n, once, total, split);
  }
  printf("simd %ld %ld %ld\n", simd_tile(0), simd_tile(5), simd_tile(100));
  printf("hints %ld\n", hints());
  return 0;
}
