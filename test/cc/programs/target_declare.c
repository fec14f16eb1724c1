// RUN: %weftcc-check %s
// declare target: variables (an offload entry each, with the variable's
// address and size, in section omp_offloading_entries) and a function
// (nothing on the host side), used by target regions, target update and
// enter/exit data. A region that did not run, or ran on other storage,
// prints other values.
#include <stdio.h>

#pragma omp declare target
int table[8];
double scale = 2.0;
static int helper(int x) { return x * 3; }
#pragma omp end declare target

int counter = 0;
#pragma omp declare target(counter)

int main(void) {
  for (int i = 0; i < 8; i++) table[i] = i;
#pragma omp target update to(table)
#pragma omp target map(tofrom: table)
  for (int i = 0; i < 8; i++) table[i] = helper(table[i]) * (int)scale;
#pragma omp target update from(table)
#pragma omp target enter data map(to: counter)
#pragma omp target
  counter += 5;
#pragma omp target exit data map(from: counter)
  printf("%d %d %d\n", table[0], table[7], counter);
  return 0;
}
