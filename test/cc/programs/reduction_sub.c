// RUN: %weftcc-check %s
// The (-) reduction operator on int, long and double, mixed with + on the same loop.
#include <stdio.h>

#define N 3000

int balance = 1000000;

static long debit(const int *amounts, int n, long start) {
  long acc = start;
#pragma omp parallel for schedule(static) reduction(- : acc)
  for (int i = 0; i < n; i++)
    acc -= amounts[i];
  return acc;
}

int main(void) {
  int amounts[N];
  for (int i = 0; i < N; i++)
    amounts[i] = (i * 37) % 101 + 1;

#pragma omp parallel for reduction(- : balance)
  for (int i = 0; i < N; i++)
    balance -= amounts[i];

  long left = debit(amounts, N, 5000000L);

  double dsum = 0.0;
  int credits = 0;
#pragma omp parallel for reduction(- : dsum) reduction(+ : credits)
  for (int i = 0; i < N; i++) {
    dsum -= (double)(amounts[i] % 7);
    if (amounts[i] > 50)
      credits += 1;
  }

  printf("global balance = %d\n", balance);
  printf("long remainder = %ld\n", left);
  printf("double sum     = %.1f\n", dsum);
  printf("credits        = %d\n", credits);
  return 0;
}
