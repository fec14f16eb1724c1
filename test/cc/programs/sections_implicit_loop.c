// RUN: %weftcc-check %s
// A sections construct whose first structured block has no `section`
// directive and ends in a loop (OpenMP 5.1 §2.10.1 allows the directive to
// be left out for the first block): the block leaves through the loop's exit
// test, not one branch. Once alone in the construct (DataRaceBench's
// DRB122 has that shape, with undeferred tasks in the loop), once before a
// marked section. Each block runs once: were it run by every thread of the
// team, `count` would be a multiple of the thread count, not 10 and 13.
#include <stdio.h>

int main(void) {
  int count = 0, other = 0;
  int i;
#pragma omp parallel sections
  {
    for (i = 0; i < 10; i++) {
#pragma omp task shared(count) if (0)
      count++;
    }
  }
  printf("alone %d\n", count);
#pragma omp parallel sections private(i)
  {
    for (i = 0; i < 3; i++)
      if (i != 7)
        count++;
#pragma omp section
    other += 5;
  }
  printf("first %d other %d\n", count, other);
  return 0;
}
