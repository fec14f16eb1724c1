#ifdef OTHER_CHUNK
#define KERNEL_CHUNK 5
#else
#define KERNEL_CHUNK 4
#endif
#include "unit-kernel.h"
long unit_d(const int *v, int n) { return 2 * unit_kernel(v, n); }
