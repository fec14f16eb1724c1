// RUN: %weftcc-check %s
// CLANG-16-WRONG: not wrong but different: clang 16 -fopenmp without -fopenmp-targets writes no offload entries, which this program reads ("entries 0 flags 0 ...")
// declare target variables read and written in target regions: one by
// `declare target(list)` (an entry { &var, "var", sizeof var, 0, 0 }), one
// in a declare target block (the same entry), one by `link` (a reference
// pointer var_decl_tgt_ref_ptr = &var and the entry { &ref_ptr,
// "var_decl_tgt_ref_ptr", 8, 1, 0 }, as clang 16 writes them), moved by
// target update to/from around host code. Checked in the executable: the
// entries' names and flags (read from section omp_offloading_entries
// through the linker's __start_/__stop_ symbols) print "entries ...".
// How it fails: a link variable written as a `to` entry prints another
// flag and name; an entry missing prints another count; a target region
// that did not run on the variables (or ran on a copy) prints other sums.
#include <stdio.h>
#include <string.h>

int hits = 0;
long table[16];
#pragma omp declare target(hits)
#pragma omp declare target link(table)

#pragma omp declare target
double scale = 1.5;
#pragma omp end declare target

struct entry { void *addr; const char *name; unsigned long long size; int flags; int reserved; };
#ifdef _OPENMP
extern const struct entry __start_omp_offloading_entries[] __attribute__((weak));
extern const struct entry __stop_omp_offloading_entries[] __attribute__((weak));
#endif

// The declare target entries (not the target regions'), in name order.
static void entries(void) {
  int n = 0, flags = 0;
  unsigned long long bytes = 0;
  char names[256] = "";
#ifdef _OPENMP
  const char *want[] = {"hits", "scale", "table_decl_tgt_ref_ptr"};
  for (int w = 0; w < 3; w++)
    for (const struct entry *e = __start_omp_offloading_entries; e && e < __stop_omp_offloading_entries; e++)
      if (!strcmp(e->name, want[w])) {
        n++;
        flags = flags * 10 + e->flags;
        bytes += e->size;
        strcat(names, e->name);
        strcat(names, " ");
      }
#else
  // (The serial program has no entries: what a right build prints.)
  n = 3, flags = 1, bytes = 4 + 8 + 8;
  strcpy(names, "hits scale table_decl_tgt_ref_ptr ");
#endif
  printf("entries %d flags %d bytes %llu names %s\n", n, flags, bytes, names);
}

int main(void) {
  for (int i = 0; i < 16; i++) table[i] = i;
#pragma omp target update to(table, hits)
#pragma omp target map(tofrom : table)
  for (int i = 0; i < 16; i++) {
    table[i] = table[i] * 3 + (long)scale;
    hits++;
  }
#pragma omp target update from(hits, table)
  long s = 0;
  for (int i = 0; i < 16; i++) s += table[i] * (i + 1);
  printf("hits %d sum %ld\n", hits, s);
  scale = 4.0;
  hits = 100;
#pragma omp target update to(scale, hits)
#pragma omp target teams distribute parallel for map(tofrom : table) reduction(+ : s)
  for (int i = 0; i < 16; i++) {
    table[i] -= (long)scale;
    s += table[i];
  }
#pragma omp target
  hits += 5;
#pragma omp target update from(hits)
  printf("hits %d sum %ld t15 %ld\n", hits, s, table[15]);
  entries();
  return 0;
}
