// The driver of test/offload/device-globals-{region,paper}.ll: runs the
// kernel (its host fallback without a GPU) and prints what it computed.
#include <stdio.h>

extern int counter;
void kernel(int n, double *out);

int main(void) {
  double out[16];
  kernel(16, out);
  double s = 0;
  for (int i = 0; i < 16; i++)
    s += out[i];
  printf("counter %d sum %.3f\n", counter, s);
  return 0;
}
