// RUN: %weftcc-check %s
// More sections than threads (nine) and fewer (two, run at up to seven
// threads), orphaned sections in a function the team calls, a sections
// construct with nowait followed by an explicit barrier, and loops inside
// sections. How each part can fail: each section adds its own bit once, so
// a section run twice or skipped changes the mask; after nowait the
// barrier makes every section's store visible to the single that reads
// them (without the barrier it would read a partial sum); a worksharing
// loop inside a section is refused by OpenMP, but a sequential loop there
// must run whole in the one thread that runs the section.
#include <stdio.h>

static int mask9;
static int parts[9];

static void nine(void) {
#pragma omp sections
  {
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 0, __ATOMIC_SEQ_CST); parts[0] = 1; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 1, __ATOMIC_SEQ_CST); parts[1] = 2; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 2, __ATOMIC_SEQ_CST); parts[2] = 3; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 3, __ATOMIC_SEQ_CST); parts[3] = 4; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 4, __ATOMIC_SEQ_CST); parts[4] = 5; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 5, __ATOMIC_SEQ_CST); parts[5] = 6; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 6, __ATOMIC_SEQ_CST); parts[6] = 7; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 7, __ATOMIC_SEQ_CST); parts[7] = 8; }
#pragma omp section
    { __atomic_fetch_or(&mask9, 1 << 8, __ATOMIC_SEQ_CST); parts[8] = 9; }
  }
}

int main(void) {
  int twice = 0, total = -1;
  long sums[2] = {0, 0};
#pragma omp parallel
  {
    nine();
    // (The implicit barrier of nine's sections: every part is stored.)
    int mine = 0;
    for (int k = 0; k < 9; k++)
      mine += parts[k];
    if (mine != 45)
      __atomic_fetch_add(&twice, 1, __ATOMIC_SEQ_CST);
#pragma omp sections nowait
    {
#pragma omp section
      for (int i = 1; i <= 1000; i++)
        sums[0] += i;
#pragma omp section
      for (int i = 1; i <= 2000; i++)
        sums[1] += 2 * i;
    }
#pragma omp barrier
#pragma omp single
    total = (int)(sums[0] + sums[1]);
  }
  printf("nine sections: mask=%x parts seen incomplete by %d thread(s)\n", mask9, twice);
  printf("two sections with nowait and a barrier: %ld %ld total=%d\n", sums[0], sums[1], total);
  return 0;
}
