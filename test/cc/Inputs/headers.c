#include "headers.h"
int main(void) {
  int v[4] = {0};
#ifdef LOCAL_STATIC
  v[0] = counter();
#endif
#ifdef EXEC
  fill(v, 4);
#endif
#ifdef EXPLICIT_VARIANT
  v[1] = once(1);
#endif
  return v[0];
}
