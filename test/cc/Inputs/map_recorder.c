/* A stand-in for libomptarget's entry points that prints the map arrays a
   program passes (test/cc/map-arrays.test): each entry's base and first
   byte as "object+offset" (objects named by the program through
   rec_name), its size, its map-type bits, and for a MEMBER_OF entry the
   entry it names. It checks what libomptarget relies on: a member comes
   after its parent and is not a kernel argument. Every call fails, so a
   target region runs its host fallback, as without a device. An entry
   with a mapper function (clang's build of a `declare mapper`,
   test/cc/mapper.test) is followed by the entries the function pushes,
   as libomptarget calls it. Printed on stderr; with -DNAMES_ONLY only
   rec_name (for a build that links the real libomptarget). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMBER_OF 0xffff000000000000ull
#define TARGET_PARAM 0x20ull
#define LITERAL 0x100ull

static struct { const char *name; char *at; unsigned long size; } objs[64];
static int nobjs;

void rec_name(void *p, unsigned long size, const char *name) {
  if (nobjs < 64) {
    objs[nobjs].name = name;
    objs[nobjs].at = p;
    objs[nobjs].size = size;
    nobjs++;
  }
}

#ifndef NAMES_ONLY
/* An address as "object+offset" (one past an object's end after every
   object that holds it). */
static void describe(char *out, size_t n, void *p) {
  char *c = p;
  for (int end = 0; end < 2; end++)
    for (int k = 0; k < nobjs; k++)
      if (end ? c == objs[k].at + objs[k].size : c >= objs[k].at && c < objs[k].at + objs[k].size) {
        snprintf(out, n, "%s+%ld", objs[k].name, (long)(c - objs[k].at));
        return;
      }
  snprintf(out, n, p ? "?" : "null");
}

/* What libomptarget gives a mapper function: it pushes each entry of
   the item it maps. */
struct components { int n; void *b[64], *p[64]; int64_t s[64], t[64]; };

int64_t __tgt_mapper_num_components(void *h) { return ((struct components *)h)->n; }

void __tgt_push_mapper_component(void *h, void *b, void *p, int64_t s, int64_t t, void *name) {
  struct components *c = h;
  if (c->n < 64) {
    c->b[c->n] = b;
    c->p[c->n] = p;
    c->s[c->n] = s;
    c->t[c->n] = t;
    c->n++;
  }
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* One call's entries, sorted (the order of kernel arguments is the
   compiler's own); MEMBER_OF shown as the parent it names. */
static void dump(const char *what, int32_t n, void **bases, void **ptrs, int64_t *sizes, int64_t *types) {
  char *lines[64];
  int params = 0;
  fprintf(stderr, "%s: %d entries\n", what, n);
  for (int i = 0; i < n && i < 64; i++) {
    char b[64], p[64], parent[140] = "";
    uint64_t t = (uint64_t)types[i];
    uint64_t m = (t & MEMBER_OF) >> 48;
    if (t & TARGET_PARAM)
      params++;
    if (t & LITERAL) {
      snprintf(b, sizeof b, "literal");
      snprintf(p, sizeof p, "literal");
    } else {
      describe(b, sizeof b, bases[i]);
      describe(p, sizeof p, ptrs[i]);
    }
    if (m) {
      char pb[64], pp[64];
      if (m - 1 >= (uint64_t)i || (t & TARGET_PARAM))
        fprintf(stderr, "  BAD: entry %d is MEMBER_OF(%llu)\n", i, (unsigned long long)m);
      describe(pb, sizeof pb, m - 1 < (uint64_t)n ? bases[m - 1] : 0);
      describe(pp, sizeof pp, m - 1 < (uint64_t)n ? ptrs[m - 1] : 0);
      snprintf(parent, sizeof parent, " member of (%s, %s)", pb, pp);
    }
    lines[i] = malloc(400);
    snprintf(lines[i], 400, "  (%s, %s) size %lld bits %#llx%s\n", b, p, (long long)sizes[i],
             (unsigned long long)(t & ~MEMBER_OF), parent);
  }
  qsort(lines, n < 64 ? n : 64, sizeof lines[0], cmp);
  for (int i = 0; i < n && i < 64; i++) {
    fputs(lines[i], stderr);
    free(lines[i]);
  }
  fprintf(stderr, "  %d kernel arguments\n", params);
}

static void dump_mapped(const char *what, int32_t n, void **bases, void **ptrs, int64_t *sizes, int64_t *types,
                        void **mappers) {
  typedef void mapper_fn(void *, void *, void *, int64_t, int64_t, void *);
  dump(what, n, bases, ptrs, sizes, types);
  for (int i = 0; mappers && i < n; i++)
    if (mappers[i]) {
      struct components c = {0};
      ((mapper_fn *)mappers[i])(&c, bases[i], ptrs[i], sizes[i], types[i], 0);
      dump("  through its mapper", c.n, c.b, c.p, c.s, c.t);
    }
}

struct kernel_args {
  int32_t version, n;
  void **bases, **ptrs;
  int64_t *sizes, *types;
  void **names, **mappers;
  int64_t tripcount, flags;
  int32_t teams[3], threads[3], dyn;
};

int __tgt_target_kernel(void *loc, int64_t dev, int32_t nt, int32_t tl, void *id, struct kernel_args *a) {
  dump_mapped("target", a->n, a->bases, a->ptrs, a->sizes, a->types, a->mappers);
  return 1;
}

/* RETURN_PARAM: libomptarget returns the device address of a
   use_device_ptr/use_device_addr item in the base pointers array; this
   stand-in returns the host address + RETURNED_OFFSET there, so a program
   can tell which array its compiler read it from (never dereferenced). */
#define RETURN_PARAM 0x40ull
#define RETURNED_OFFSET 4096

void __tgt_target_data_begin_mapper(void *loc, int64_t dev, int32_t n, void **b, void **p, int64_t *s, int64_t *t,
                                    void **names, void **mappers) {
  dump_mapped("begin", n, b, p, s, t, mappers);
  for (int i = 0; i < n; i++)
    if ((uint64_t)t[i] & RETURN_PARAM)
      b[i] = (char *)b[i] + RETURNED_OFFSET;
}

void __tgt_target_data_end_mapper(void *loc, int64_t dev, int32_t n, void **b, void **p, int64_t *s, int64_t *t,
                                  void **names, void **mappers) {
  dump_mapped("end", n, b, p, s, t, mappers);
}

void __tgt_target_data_update_mapper(void *loc, int64_t dev, int32_t n, void **b, void **p, int64_t *s, int64_t *t,
                                     void **names, void **mappers) {
  dump_mapped("update", n, b, p, s, t, mappers);
}

void __tgt_register_requires(int64_t flags) {}
#endif
