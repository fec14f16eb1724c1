// RUN: %weftcc-check %s
// Programs the random C tester (test/cc/difftest.py) found weft refusing or miscompiling, each reduced by hand: ?: inside an atomic update's expression and in x's index, atomic read of a local at -O2, x = x | e with x an array element, a collapsed inner bound with a division, private/firstprivate on single, a global privatized by an outer parallel region read in a nested one, atomic capture of a local struct's member, atomic update of a local at -O2, nested regions forked concurrently by the threads of an outer team, x = x + (c ? a : b), a nested reduction into an outer region's private static, a firstprivate struct whose member address the code after the region shares at -O2, an atomic update whose expression is computed after x's load at -O2, (*p) = (*p) | e with ?: in e, locals written only through a pointer (promoted by SROA at -O2), a directive as the whole statement of another, a loop variable named in a clause of a construct inside the loop, atomics on a local with a call in the expression.
#include <stdio.h>

long g;
int h[8];
unsigned a[4];
int gn = 50;
long pg = 1;

static void atomic_cond_in_expr(int n) {
#pragma omp parallel for
  for (int i = 0; i < 20; i++) {
#pragma omp atomic
    g += (i < n ? i % 7 : n % 5);
  }
}

static void atomic_cond_in_index(int lim) {
#pragma omp parallel for
  for (int i = 0; i < 8; i++) {
#pragma omp atomic
    h[i < lim ? i : 0]++;
  }
}

static int atomic_read_local(int n) {
  int t;
#pragma omp atomic read
  t = n;
  return t;
}

static void atomic_x_eq_x_op_elem(void) {
#pragma omp parallel for
  for (int i = 0; i < 8; i++) {
#pragma omp atomic
    a[i % 4] = a[i % 4] | (1u << (i / 2));
  }
}

static long collapse_inner_bound_div(void) {
  long s = 0;
#pragma omp parallel for collapse(2) reduction(+: s)
  for (int i = 0; i < 3; i++)
    for (int j = gn / 2 - 20; j < 7; j++)
      s += i + j;
  return s;
}

static int single_private(void) {
  int x = 5, y = 0, r = 0;
#pragma omp parallel
  {
#pragma omp single firstprivate(x) private(y)
    {
      y = 2;
      r = x + y + 5;
    }
  }
  return r;
}

static long nested_private_global(void) {
  long r = 0;
#pragma omp parallel private(pg) num_threads(1)
  {
    pg = 7;
#pragma omp parallel
    {
#pragma omp master
      r = pg;
    }
  }
  return r;
}

struct rec {
  int cnt;
  long sum;
};

static void capture_struct_member(void) {
  struct rec st = {4, 0};
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    int v;
#pragma omp atomic capture
    {
      v = st.cnt;
      st.cnt = st.cnt + 2;
    }
#pragma omp atomic
    st.sum += v;
  }
  printf("capture of a struct member: cnt=%d sum=%ld\n", st.cnt, st.sum);
}

static short atomic_update_local(int i, unsigned long *p) {
  short t = (short)i;
#pragma omp atomic
  t += (short)((17 + (long)(*p % 7u)) - 32);
  return t;
}

/* Each thread of the outer team forks an inner region that reads the
 * thread's own `mine`: the inner fork's argument block must be per thread. */
static unsigned long nested_concurrent(void) {
  unsigned long sum = 0;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    unsigned mine = i;
#pragma omp parallel
    {
#pragma omp for
      for (int j = 0; j < 30; j++) {
#pragma omp atomic
        sum += mine;
      }
    }
  }
  return sum;
}

static void atomic_x_eq_x_op_cond(int n) {
  g = 0;
#pragma omp parallel for
  for (int i = 0; i < 20; i++) {
#pragma omp atomic
    g = g + (i < n ? i % 7 : n % 5);
  }
  printf("atomic x = x + (c ? a : b): %ld\n", g);
}

/* A static local privatized by an outer region, then a reduction variable
 * of a nested parallel loop: the nested loop reduces into the outer copy. */
static unsigned nested_reduction_private_static(void) {
  static unsigned s = 37u;
  unsigned r = 0;
#pragma omp parallel private(s) num_threads(2)
  {
    s = 1;
#pragma omp parallel for reduction(+: s)
    for (int i = 0; i < 10; ++i)
      s += i;
#pragma omp master
    r = s;
  }
  return r;
}

struct vals {
  long sum;
  int vals[24];
};

static void touch(int *v) { (void)v; }

/* At -O2 EarlyCSE gives the region and the code after it one &st.vals: the
 * code after must still read the original, not the private copy. */
static long firstprivate_struct_array(void) {
  struct vals st = {4, {0}};
  for (int k = 0; k < 24; k++)
    st.vals[k] = k;
#pragma omp parallel firstprivate(st)
  touch(st.vals);
  long ck = 0;
  for (int k = 0; k < 24; k++)
    ck = ck * 31 + st.vals[k];
  return ck + st.sum;
}

unsigned long acc = 36ul;

/* At -O2 the ?: becomes straight-line code after x's load: e is computed
 * after the load, so the update cannot be an atomicrmw at the load. */
static void atomic_late_expr(int n) {
#pragma omp atomic
  acc = acc + (unsigned long)((60 < ((long)n % 16) ? ((long)n % 16) : ((long)n * 4)));
}

static unsigned long atomic_late_expr_team(int n) {
#pragma omp parallel num_threads(4)
  atomic_late_expr(n);
  return (acc - 36ul) % 104ul;
}

/* x through a pointer, with ?: in the expression: at -O0 both x's load and
 * the load of its address come before the branches. */
static unsigned atomic_deref_cond(int n) {
  unsigned u = 0, *p = &u;
#pragma omp parallel for
  for (int i = 0; i < 20; i++) {
#pragma omp atomic
    (*p) = (*p) | (1u << ((i < n ? i : n) % 31));
  }
  return u;
}

/* A local written only through a pointer inside the region: at -O2, SROA
 * promoted p and then u into registers across the region (the region's
 * directive named neither) and every thread counted from 0. */
static int count_through_pointer(void) {
  int u = 0, *p = &u;
#pragma omp parallel
  {
#pragma omp critical
    *p += 1;
  }
  return u;
}

static int atomic_through_pointer(void) {
  int u = 0, *p = &u;
#pragma omp parallel
  {
#pragma omp atomic
    *p += 1;
  }
  return u;
}

/* A construct inside the loop names the loop variable in a clause: the
 * directive call is a use of the variable, not a write of it. */
static long loop_var_in_inner_clause(int n) {
  long total = 0;
#pragma omp parallel for reduction(+: total) schedule(guided)
  for (unsigned i = 3u; i <= (unsigned)(n - 4); i = i + ((unsigned)(2 * n - 11))) {
#pragma omp parallel firstprivate(n) num_threads(1)
    {
#pragma omp single firstprivate(i)
      {
#pragma omp atomic
        total += (long)i * 3;
      }
    }
  }
  return total;
}

static long mix2(long a, long b) { return (a * 7 + b) % 1009; }

/* Atomics on locals with a call in the expression: at -O2 x is a register. */
static unsigned long atomic_local_with_call(unsigned q) {
  unsigned long t = 13ul;
#pragma omp atomic write
  t = (unsigned long)(19 + mix2(6, (long)q));
#pragma omp atomic
  t &= (unsigned long)~(1L << ((unsigned long)(mix2(16, (long)q)) % 64u));
  return t;
}

/* atomic write of a local with ?: in the value: at -O2 the local is a
 * register and the statement has control flow. */
static long atomic_write_local_cond(long lim, long i) {
  long t;
#pragma omp atomic write
  t = (long)((lim % 97 < lim + i) ? (lim + i) : (26 + i));
  return t;
}

int main(void) {
  atomic_cond_in_expr(9);
  printf("atomic ?: in the expression: %ld\n", g);
  atomic_cond_in_index(3);
  int s = 0;
  for (int k = 0; k < 8; k++)
    s += h[k] * (k + 1);
  printf("atomic ?: in the index: %d\n", s);
  printf("atomic read of a local: %d\n", atomic_read_local(7));
  atomic_x_eq_x_op_elem();
  printf("atomic x = x | e on an element: %u %u %u %u\n", a[0], a[1], a[2], a[3]);
  printf("collapse with a divided inner bound: %ld\n", collapse_inner_bound_div());
  printf("single firstprivate/private: %d\n", single_private());
  printf("global private in an outer region, read in a nested one: %ld\n", nested_private_global());
  capture_struct_member();
  unsigned long fifty = 50;
  printf("atomic update of a local: %d\n", atomic_update_local(3, &fifty));
  printf("nested regions of concurrent outer threads: %lu\n", nested_concurrent());
  atomic_x_eq_x_op_cond(9);
  printf("nested reduction into an outer private static: %u\n", nested_reduction_private_static());
  printf("firstprivate struct, its array read after the region: %ld\n", firstprivate_struct_array());
  printf("atomic update whose expression follows the load: %lu\n", atomic_late_expr_team(26));
  printf("atomic (*p) = (*p) | (c ? a : b): %u\n", atomic_deref_cond(9));
  printf("loop variable named by an inner construct's clause: %ld\n", loop_var_in_inner_clause(15));
  printf("atomics on a local with a call in the expression: %lu\n", atomic_local_with_call(5u));
  printf("atomic write of a local with ?:: %ld\n", atomic_write_local_cond(40, 3));
  int team = 0;
  /* A construct as the whole body of another, without braces. */
#pragma omp parallel
#pragma omp atomic
  team++;
  printf("counts through a pointer match the team: %d %d\n", count_through_pointer() == team,
         atomic_through_pointer() == team);
  return 0;
}
