/* A mapper declared in an included file (test/cc/mapper-refused.test). */
typedef struct { int a, b; } H;
#pragma omp declare mapper(H h) map(h.a)
