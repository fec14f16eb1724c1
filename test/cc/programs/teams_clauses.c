// RUN: %weftcc-check %s
// Host teams (OpenMP 5.0): num_teams, thread_limit, and each data-sharing
// clause and reductions on the league. The serial program is one team.
// How it fails: a reduction not combined across the teams (or combined
// twice) prints a count other than the number of teams; a firstprivate
// copy not made from the original (or shared by the teams) changes the
// per-team values; a firstprivate written back changes the original
// after the region (f); a private copy shared by the teams changes got[]; a league not sized by num_teams(3) (libomp's default
// is one team) prints "league 0"; a team of more than thread_limit(2)
// threads prints "limit 0".
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_team_num(void) { return 0; }
static int omp_get_num_teams(void) { return 1; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define MAXT 64

int main(void) {
  long count = 0, prod = 1;
  int maxteam = -1, nt = 0, over = 0;
  int f = 5, p = 9;
  int seen[MAXT] = {0}, got[MAXT] = {0};
#pragma omp teams num_teams(3) thread_limit(2) default(shared) firstprivate(f) private(p) \
    reduction(+ : count) reduction(* : prod) reduction(max : maxteam)
  {
    int t = omp_get_team_num();
    p = 100 + t;
    f += 10 * t;
    count += 1;
    prod *= 2;
    if (t > maxteam)
      maxteam = t;
    if (t < MAXT) {
      seen[t] = 1;
      got[t] = f + p;
    }
    if (t == 0)
      nt = omp_get_num_teams();
#pragma omp parallel reduction(+ : over)
    over += omp_get_num_threads() > 2;
  }
  int ok = 1;
  for (int t = 0; t < nt && t < MAXT; t++)
    ok &= seen[t] == 1 && got[t] == 5 + 10 * t + 100 + t;
  printf("count %d prod %d max %d ok %d\n", count == nt, prod == (1L << nt), maxteam == nt - 1, ok);
#ifdef _OPENMP
  printf("league %d\n", nt >= 2 && nt <= 3);
#else
  printf("league %d\n", 1);
#endif
  printf("limit %d f %d\n", over == 0, f);

  // default(none) with everything listed; a team's local is its own.
  long total = 0;
  int n = 40;
#pragma omp teams num_teams(2) default(none) shared(n) reduction(+ : total)
  {
    long mine = 0;
    for (int i = 0; i < n; i++)
      mine += i;
    total += mine * (omp_get_team_num() < omp_get_num_teams());
  }
  int nt2 = 1;
#ifdef _OPENMP
#pragma omp teams num_teams(2)
  if (omp_get_team_num() == 0)
    nt2 = omp_get_num_teams();
#endif
  printf("total %d\n", total == 780L * nt2);
  return 0;
}
