/* The league benchmark's kernels as C with #pragma omp: host teams and
   target regions run by libomptarget's host fallback. clang-16 -fopenmp
   (with host-side offloading: -fopenmp-targets=x86_64-pc-linux-gnu
   --offload-host-only, linked with libomptarget, so its target regions go
   through __tgt_target_kernel and the fallback as weft's do) compiles the
   whole file (c_*); the weft side is this file again through weft-cc, once
   per kernel (-DK_TEAMS, -DK_TARGET_TEAMS or -DK_TARGET_PAR, with -Dc_x=w_x
   renames), so a kernel weft-cc refuses leaves the others measured. */
#if !defined(K_TEAMS) && !defined(K_TARGET_TEAMS) && !defined(K_TARGET_PAR)
#define K_TEAMS
#define K_TARGET_TEAMS
#define K_TARGET_PAR
#endif

#ifdef K_TEAMS
/* Host teams (OpenMP 5.0): a league of teams, each sharing its distribute
   chunk among its threads. */
void c_teams(double *y, const double *x, double a, long n, int nteams) {
#pragma omp teams distribute parallel for num_teams(nteams)
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i] * 0.5;
}
#endif

#ifdef K_TARGET_TEAMS
/* The same loop as a target region: launched through __tgt_target_kernel,
   run by the host fallback when no device image is registered. */
void c_target_teams(double *y, const double *x, double a, long n, int nteams) {
#pragma omp target teams distribute parallel for num_teams(nteams) map(to : x[0:n]) map(tofrom : y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i] * 0.5;
}
#endif

#ifdef K_TARGET_PAR
/* target parallel for: one team on the fallback. */
void c_target_par(double *y, const double *x, double a, long n, int nteams) {
  (void)nteams;
#pragma omp target parallel for map(to : x[0:n]) map(tofrom : y[0:n])
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i] * 0.5;
}
#endif
