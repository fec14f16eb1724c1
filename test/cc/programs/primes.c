// RUN: %weftcc-check %s
// Prime sieve marked in parallel plus prime counting, twin-prime counting and trial-division checks with reductions.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT 200000

static int is_prime_td(int n) {
  if (n < 2)
    return 0;
  for (int d = 2; d * d <= n; d++)
    if (n % d == 0)
      return 0;
  return 1;
}

static void sieve(char *composite, int limit) {
  composite[0] = composite[1] = 1;
  for (int p = 2; p * p <= limit; p++) {
    if (composite[p])
      continue;
#pragma omp parallel for schedule(static)
    for (int m = p * p; m <= limit; m += p)
      composite[m] = 1;
  }
}

int main(void) {
  char *composite = malloc(LIMIT + 1);
  memset(composite, 0, LIMIT + 1);
  sieve(composite, LIMIT);

  int count = 0;
  long sum = 0;
  int largest = 0;
#pragma omp parallel for reduction(+ : count, sum) reduction(max : largest)
  for (int i = 2; i <= LIMIT; i++) {
    if (!composite[i]) {
      count++;
      sum += i;
      if (i > largest)
        largest = i;
    }
  }

  int twins = 0;
#pragma omp parallel for schedule(guided) reduction(+ : twins)
  for (int i = 3; i <= LIMIT - 2; i += 2)
    twins += !composite[i] && !composite[i + 2];

  int disagree = 0;
#pragma omp parallel for schedule(dynamic, 500) reduction(+ : disagree)
  for (int i = 0; i < 20000; i++)
    disagree += is_prime_td(i) != !composite[i];

  printf("primes <= %d: %d\n", LIMIT, count);
  printf("sum of primes: %ld\n", sum);
  printf("largest prime: %d\n", largest);
  printf("twin prime pairs: %d\n", twins);
  printf("sieve vs trial division disagreements: %d\n", disagree);
  free(composite);
  return 0;
}
