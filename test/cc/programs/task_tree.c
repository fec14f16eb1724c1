// RUN: %weftcc-check %s
// A task tree in a single region: each node's task creates its children's
// tasks (tasks nested in tasks, in a function each task calls), and a
// taskgroup waits for all of them, the descendants included (a taskwait
// would wait for the children only: the sum read after it would miss the
// grandchildren's, which are slow). The nodes' values are combined
// atomically into a shared total. Then taskyield inside tasks, untied and
// priority tasks, and a taskgroup in a worksharing loop's iterations.
#include <stdio.h>

static long total;

static void spin(int k) {
  volatile long s = 0;
  for (long i = 0; i < 50000L * k; i++)
    s += i;
}

static void node(int depth, long id) {
  if (depth == 0) {
    spin(2);
#pragma omp atomic
    total += id;
    return;
  }
  for (int c = 0; c < 3; c++) {
#pragma omp task
    node(depth - 1, id * 3 + c);
  }
#pragma omp atomic
  total += id * 1000;
}

int main(void) {
  long after_group = 0, yielded = 0, loops[6] = {0};
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp taskgroup
      {
#pragma omp task
        node(4, 1);
      }
      after_group = total;
      for (int k = 0; k < 8; k++) {
#pragma omp task untied priority(k % 3) shared(yielded)
        {
          spin(1);
#pragma omp taskyield
#pragma omp atomic
          yielded += k;
        }
      }
    }
#pragma omp for
    for (int i = 0; i < 6; i++) {
      long part = 0;
#pragma omp taskgroup
      {
        for (int j = 0; j <= i; j++) {
#pragma omp task shared(part)
          {
#pragma omp task shared(part)
            {
              spin(1);
#pragma omp atomic
              part += j * 10 + i;
            }
          }
        }
      }
      loops[i] = part;
    }
  }
  printf("tree total %ld (read after the taskgroup: %ld)\n", total, after_group);
  printf("yielded %ld, loops %ld %ld %ld %ld %ld %ld\n", yielded, loops[0], loops[1], loops[2], loops[3], loops[4],
         loops[5]);
  return 0;
}
