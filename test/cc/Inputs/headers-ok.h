/* What weft-cc takes from a header: threadprivate variables (made
   thread-local), declare simd and begin declare variant (clang's own). */
extern int hits;
static int per_thread[3];
#pragma omp threadprivate(hits, per_thread)

#pragma omp declare simd notinbranch
double scale(double x);

#pragma omp begin declare variant match(device = {kind(host)})
static int where(void) { return 7; }
#pragma omp end declare variant
static int where(void) { return 0; }
