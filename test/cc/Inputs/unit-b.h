#define CHUNK 8
#define SCALE 3
/* defined in unit-a.c, counted per thread in unit-b.c */
extern long calls;
#pragma omp threadprivate(calls)
