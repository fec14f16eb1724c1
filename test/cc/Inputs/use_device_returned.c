/* Where a use_device_ptr / use_device_addr item's device address comes
   from: libomptarget returns it in the base pointers array of
   __tgt_target_data_begin_mapper (test/cc/Inputs/map_recorder.c returns
   the host address + 4096 there). Only the addresses are compared: inside
   the region `a` and `p` are the device's, outside the host's, and an
   optimizer before weft lowers the region must not fold one into the
   other (weft renames them at pipeline start, prepare/rename.rs). */
#include <stdio.h>

void rec_name(void *p, unsigned long size, const char *name);

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int *p = a;
  char *host;
  host = (char *)a;
  rec_name(a, sizeof a, "a");
#pragma omp target data map(tofrom: a) use_device_ptr(p)
  { printf("use_device_ptr: %ld\n", (long)((char *)p - host)); }
#pragma omp target data map(tofrom: a) use_device_addr(a)
  { printf("use_device_addr: %ld\n", (long)((char *)a - host)); }
  return 0;
}
