// RUN: %weftcc-check %s
// omp_get_thread_num/omp_get_num_threads/omp_get_max_threads used only for sanity checks that never change the output.
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
static int omp_get_max_threads(void) { return 1; }
#endif

#define N 3000

int main(void) {
  int bad = 0;
  int maxt = omp_get_max_threads();
  long total = 0;

#pragma omp parallel reduction(+ : total) reduction(| : bad)
  {
    int id = omp_get_thread_num();
    int nt = omp_get_num_threads();
    if (id < 0 || id >= nt || nt > maxt)
      bad |= 1;
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      total += i % 11;
  }

  int outside = omp_get_num_threads() == 1 && omp_get_thread_num() == 0;
  long slots[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    slots[i] = (long)i * i % 97 + (omp_get_thread_num() >= 0 ? 0 : 1000);

  long chk = 0;
  for (int i = 0; i < N; i++)
    chk += slots[i];
  printf("total=%ld\n", total);
  printf("thread ids consistent: %s\n", bad ? "no" : "yes");
  printf("outside region single-threaded: %s\n", outside ? "yes" : "no");
  printf("slot checksum=%ld\n", chk);
  return 0;
}
