/* Per-thread work arrays and counters declared in a header, with their
   threadprivate pragma there too (as the NAS Parallel Benchmarks' BT
   declares its work arrays). -DSHARED_WORK leaves the work array and
   counter shared: the program must then print something else. */
#define NWORK 48

static double work[NWORK];
static long tp_count;
#ifndef SHARED_WORK
#pragma omp threadprivate(work, tp_count)
#endif

/* copied into each thread by copyin */
int tp_seed;
double tp_scale[4];
#pragma omp threadprivate(tp_seed, tp_scale)
