// RUN: %weftcc-check %s
// CLANG-16-WRONG: clang 16 does not map a combined target form's lastprivate item back (OpenMP 5.1 §2.16 maps it tofrom): it prints "target ... last 0"
// distribute parallel for with dist_schedule(static, chunk) (OpenMP 5.1
// §2.11.6.1; the OpenMP Examples' teams.4 form): the teams take the
// loop's chunks round-robin, and inside each chunk the team's threads
// share it with the loop's own schedule (static, dynamic, guided), with a
// reduction and lastprivate, in teams, in teams distribute parallel for
// and in target teams distribute parallel for.
// How it fails: a team taking one block instead of chunks in turn (the
// schedule weft had before, or the chunk ignored) prints "owner" != 0 (the
// iterations whose team is not (i / chunk) % teams); a chunk missed or run
// twice changes the checksum and the sums; lastprivate copied out by a
// chunk that does not end the loop (the runtime's flag says "this team
// has the last chunk", true for its earlier chunks too, which slow
// iterations make end last) prints another `last`. The serial program is
// one team: every owner is 0 there.
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_team_num(void) { return 0; }
static int omp_get_num_teams(void) { return 1; }
#endif

#define N 1003

static long a[N];
static int owner[N];
static int teams_seen[N];

// Late iterations are slow: a team's earlier chunks end after its last.
static void spin(int i) {
  volatile long s = 0;
  for (long k = 0; k < (i > N - 40 ? 0 : 2000); k++)
    s += k;
}

static long sum_a(void) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 13 + 1);
  return s;
}

// Iterations whose team is not the round-robin owner of their chunk.
static int misplaced(int chunk) {
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += owner[i] != (i / chunk) % teams_seen[i];
  return bad;
}

int main(void) {
  long sum = 0;
  int last = -1;
#pragma omp teams num_teams(3) thread_limit(3) reduction(+ : sum)
#pragma omp distribute parallel for dist_schedule(static, 7) reduction(+ : sum) lastprivate(last)
  for (int i = 0; i < N; i++) {
    spin(i);
    owner[i] = omp_get_team_num();
    teams_seen[i] = omp_get_num_teams();
    a[i] += i;
    sum += i % 17;
    last = i;
  }
  printf("static %ld sum %ld last %d owner %d\n", sum_a(), sum, last, misplaced(7));

  long s2 = 0;
  int l2 = 0;
#pragma omp teams distribute parallel for num_teams(4) dist_schedule(static, 16) schedule(dynamic, 3) reduction(+ : s2) lastprivate(l2)
  for (int i = 0; i < N; i++) {
    spin(i);
    owner[i] = omp_get_team_num();
    teams_seen[i] = omp_get_num_teams();
    a[i] += 2 * i;
    s2 += a[i] % 5;
    l2 = i * 7;
  }
  printf("dynamic %ld s2 %ld last %d owner %d\n", sum_a(), s2, l2, misplaced(16));

  long s3 = 0;
  long l3 = 0;
#pragma omp target teams distribute parallel for num_teams(2) dist_schedule(static, 5) schedule(guided) map(tofrom : a, owner, teams_seen) reduction(+ : s3) lastprivate(l3)
  for (int i = 0; i < N; i++) {
    owner[i] = omp_get_team_num();
    teams_seen[i] = omp_get_num_teams();
    a[i] ^= i;
    s3 += i * 3;
    l3 = i;
  }
  printf("target %ld s3 %ld last %ld owner %d\n", sum_a(), s3, l3, misplaced(5));
  return 0;
}
