/* Constructs and code #include'd into a construct of this file. */
#include <omp.h>
#include <stdio.h>
int main(void) {
  long sum = 0, first = 0;
#pragma omp parallel
  {
#include "nested-body.h"
#include "nested-plain.h"
  }
#ifdef STMT_ELSEWHERE
#pragma omp parallel for reduction(+ : sum)
#include "nested-loop.h"
#endif
  printf("sum %ld first %ld\n", sum, first);
  return 0;
}
