"""The threadprivate part of randc.py's programs: some programs include a
header of their own, `randc-SEED.h`, that declares threadprivate variables
(the pragma in the header, or in the program after the include; a variable
static in the header, or declared there and defined in the program), and
call a test function that uses them race-free:

  - a work array as scratch space of each iteration of a worksharing loop
    (every iteration writes it before reading it, as NPB BT does);
  - each thread writes its own values, and after a barrier reads them back
    (a shared variable would make threads read each other's values);
  - the values are still there in the next parallel region of the team;
  - copyin: every thread starts from the primary thread's value.

What it prints depends neither on the number of threads nor on the
schedule. It draws from a random generator of its own, so the rest of each
program stays what it was for its seed.
"""
import random

ITYPES = ['int', 'long', 'unsigned', 'unsigned long']
SCHEDULES = ['static', 'static, 3', 'dynamic', 'dynamic, 2', 'guided', 'runtime']


class Threadprivate:
    """The header, the test function and its call, for one seed (or none)."""

    def __init__(self, seed):
        r = random.Random(seed * 7919 + 17)
        self.wanted = r.random() < 0.3
        self.header_name = f"randc-{seed}.h"
        if not self.wanted:
            return
        self.n = r.randint(5, 64)
        self.iters = r.randint(1, 300)
        self.wty, self.cty, self.sty = (r.choice(ITYPES) for _ in range(3))
        self.offset = r.randint(0, 9)
        self.seed_val = r.randint(0, 500)
        self.schedule = r.choice(SCHEDULES)
        # where the declarations and the pragmas are
        self.extern_seed = r.random() < 0.4
        self.pragma_in_main = r.random() < 0.3
        self.split = r.random() < 0.5
        self.seed = seed

    def pragmas(self):
        names = ['tpw', 'tpc', 'tps']
        if self.split:
            return [f"#pragma omp threadprivate({n})" for n in names]
        return [f"#pragma omp threadprivate({', '.join(names)})"]

    def header(self):
        lines = [f"/* randc.py seed {self.seed}: threadprivate variables of a header */",
                 f"static {self.wty} tpw[{self.n}];", f"static {self.cty} tpc;"]
        lines.append(f"extern {self.sty} tps;" if self.extern_seed else f"static {self.sty} tps;")
        if not self.pragma_in_main:
            lines += self.pragmas()
        return '\n'.join(lines) + '\n'

    def include(self):
        """Lines after the program's prelude."""
        lines = [f'#include "{self.header_name}"']
        if self.extern_seed:
            lines.append(f"{self.sty} tps = {self.seed_val};")
        if self.pragma_in_main:
            lines += self.pragmas()
        return lines

    def function(self):
        n, c = self.n, self.offset
        return f"""static int tp_thread(void) {{
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}}

static void test_tp(void) {{
  static long out[{self.iters}];
  long bad = 0;
#pragma omp parallel for schedule({self.schedule})
  for (int i = 0; i < {self.iters}; i++) {{
    for (int k = 0; k < {n}; k++)
      tpw[k] = ({self.wty})mix(i, k);
    long s = 0;
    for (int k = 0; k < {n}; k++)
      s += (long)tpw[(k * 7) % {n}] * (k % 5 + 1);
    out[i] = s;
  }}
  unsigned long ck = 0;
  for (int i = 0; i < {self.iters}; i++)
    ck = ck * 1000003ul + (unsigned long)out[i];
#pragma omp parallel reduction(+ : bad)
  {{
    int t = tp_thread();
    for (int k = 0; k < {n}; k++)
      tpw[k] = ({self.wty})(t * 1000 + k);
    tpc = ({self.cty})(t + {c});
#pragma omp barrier
    for (int k = 0; k < {n}; k++)
      bad += tpw[k] != ({self.wty})(t * 1000 + k);
    bad += tpc != ({self.cty})(t + {c});
  }}
#pragma omp parallel reduction(+ : bad)
  bad += tpc != ({self.cty})(tp_thread() + {c});
  tps = ({self.sty}){self.seed_val};
#pragma omp parallel copyin(tps) reduction(+ : bad)
  {{
    bad += tps != ({self.sty}){self.seed_val};
    tps += 1;
  }}
  printf("tp bad=%ld ck=%lu tps=%ld\\n", bad, ck, (long)tps);
}}
"""
