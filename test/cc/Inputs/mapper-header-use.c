/* A mapper in the compiled file; a device construct in a header it
   includes (test/cc/mapper-refused.test). */
typedef struct { int n; double *d; } V;
#pragma omp declare mapper(V v) map(v, v.d[0:v.n])
#include "mapper-header-use.h"
int main(void) { return bump(1) - 2; }
