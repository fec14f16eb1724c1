"""Random C programs of adjacent parallel loops, for weft-regionopt's region
merging, barrier elimination and loop fusion (docs/regionopt.md): each test
function is a run of 2 to 4 `parallel for` loops over rows of unsigned
cells, some with the same trip count and a static schedule (fusable), some
not (other counts, chunks, `dynamic`), each body writing its own row at the
loop index and reading other rows at the index, at a shifted index
(i+1, i-2), at a reversed index (n-1-i) or a fixed one, with private and
firstprivate scalars; sometimes a reduction loop, a plain `parallel`
region (one or two `for` loops, the last perhaps `nowait`, with `single`,
`master` and barriers between them, its own private or firstprivate
scalar), or a statement between two regions (pure, or with a side effect:
a counter increment, a printf, a store to a row, a call of a function of
the program that updates a global). Every loop writes only its own
row at its own index and reads only other rows, so the program is race-free
and its output is the serial one; a merge, a barrier removed or a fusion
that broke a dependence prints something else. The program prints every
row's checksum after each function.

Run it through the differential tester:
    python3 test/cc/difftest.py --generator adjacent --seed 1 --count 20
or print one program: python3 test/cc/randc_adjacent.py SEED
"""
import random
import sys

ROWS = "abcdef"
PAD = 4  # cells before and after each row, so shifted reads stay inside


class Program:
    def __init__(self, seed):
        self.r = random.Random(seed * 104729 + 7)
        self.n = self.r.choice([1, 7, 64, 100, 257, 1000])
        self.funcs = []

    def index(self, src):
        """A read of row `src` in a loop over i in [0, m)."""
        r = self.r
        kind = r.choice(["same"] * 5 + ["shift", "reversed", "fixed"])
        if kind == "same":
            return f"{src}[i + {PAD}]"
        if kind == "shift":
            return f"{src}[i + {PAD} + ({r.choice([-2, -1, 1, 2])})]"
        if kind == "reversed":
            return f"{src}[{PAD} + (n - 1 - i)]"
        return f"{src}[{PAD} + {r.randrange(0, 3)} % n]"

    def loop(self, rows_used, directive="parallel for", nowait=False):
        r = self.r
        dst = r.choice(ROWS)
        srcs = [x for x in ROWS if x != dst]
        count = r.choice(["n"] * 8 + ["n - 1", "n / 2"])
        sched = r.choice([""] * 6 + [" schedule(static)", " schedule(static, 4)", " schedule(dynamic, 3)"])
        reads = [self.index(r.choice(srcs)) for _ in range(r.randrange(1, 3))]
        expr = " + ".join(f"{x} * {r.randrange(1, 9)}u" for x in reads)
        clauses = sched
        body = f"{dst}[i + {PAD}] = {expr} + (unsigned)i;"
        if r.random() < 0.3 and directive == "parallel for":
            # (Inside a plain region k may be private there: a worksharing
            # loop's firstprivate item must be shared in the region.)
            clauses += " firstprivate(k)"
            body = f"{dst}[i + {PAD}] = ({expr}) * k + (unsigned)i;"
        if r.random() < 0.3:
            clauses += " private(t)"
            body = f"t = {expr}; {dst}[i + {PAD}] = t ^ (unsigned)i;"
        rows_used.add(dst)
        clauses += " nowait" if nowait else ""
        return f"#pragma omp {directive}{clauses}\n  for (long i = 0; i < {count}; i++) {{ {body} }}"

    def plain(self, rows_used):
        """A plain parallel region: one or two worksharing loops (the last
        perhaps nowait: the region's join follows), single, master and
        barriers between them."""
        r = self.r
        clauses = r.choice(["", "", " firstprivate(k)", " private(t)"])
        inner = []
        nloops = r.randrange(1, 3)
        for j in range(nloops):
            inner.append(self.loop(rows_used, "for", nowait=j == nloops - 1 and r.random() < 0.4))
            if r.random() < 0.35:
                inner.append(r.choice(["#pragma omp single\n  calls++;",
                                       "#pragma omp master\n  calls += 3u;\n#pragma omp barrier",
                                       "#pragma omp barrier"]))
        body = "\n  ".join(inner)
        return f"#pragma omp parallel{clauses}\n  {{\n  {body}\n  }}"

    def function(self, k):
        r = self.r
        parts, used = [], set()
        for j in range(r.randrange(2, 5)):
            if j and r.random() < 0.3:
                parts.append(r.choice(["k = k * 3u + 1u;", "calls++;", "{ unsigned z = k * 2u; k = z + 1u; }",
                                       'printf("between %u %u\\n", k, calls);', f"{r.choice(ROWS)}[{PAD}] += k;",
                                       "k = bump(k);"]))
            if r.random() < 0.3:
                parts.append(self.plain(used))
            elif r.random() < 0.07:
                src = r.choice(ROWS)
                parts.append(f"#pragma omp parallel for reduction(+ : s)\n  for (long i = 0; i < n; i++) s += "
                             f"{src}[i + {PAD}];")
            else:
                parts.append(self.loop(used))
        body = "\n  ".join(parts)
        return (f"static void test{k}(long n) {{\n  unsigned t = 0, k = {r.randrange(1, 5)}u;\n  (void)t;\n"
                f"  {body}\n  sink += s + k;\n}}\n")

    def text(self):
        nf = self.r.randrange(1, 4)
        rows = "".join(f"static unsigned {x}[N + 2 * {PAD}];\n" for x in ROWS)
        funcs = "".join(self.function(k).replace("sink += s", "s_all += s") for k in range(nf))
        funcs = funcs.replace("unsigned t = 0,", "unsigned s = 0, t = 0,")
        calls = "".join(f"  test{k}(N);\n  dump({k});\n" for k in range(nf))
        return f"""// Generated by test/cc/randc_adjacent.py: adjacent parallel loops.
#include <stdio.h>
#define N {self.n}
{rows}static unsigned calls, sink, s_all;

static unsigned bump(unsigned x) {{
  calls += 2u;
  return x * 5u + 3u;
}}

static void dump(int k) {{
  unsigned h[{len(ROWS)}] = {{0}};
  unsigned *rows[] = {{{", ".join(ROWS)}}};
  for (int r = 0; r < {len(ROWS)}; r++)
    for (long i = 0; i < N + 2 * {PAD}; i++) h[r] = h[r] * 31u + rows[r][i];
  printf("test%d", k);
  for (int r = 0; r < {len(ROWS)}; r++) printf(" %u", h[r]);
  printf(" | %u %u %u\\n", calls, sink, s_all);
}}

{funcs}
int main(void) {{
  unsigned *rows[] = {{{", ".join(ROWS)}}};
  for (int r = 0; r < {len(ROWS)}; r++)
    for (long i = 0; i < N + 2 * {PAD}; i++) rows[r][i] = (unsigned)(i * (r + 3) + r);
{calls}  return 0;
}}
"""


def files(seed):
    """The program's files, as randc.files gives them (one here)."""
    return {f"prog-{seed}.c": Program(seed).text()}


def build_flags(src):
    return []


def clang_checks(src):
    return True


if __name__ == "__main__":
    sys.stdout.write(files(int(sys.argv[1]) if len(sys.argv) > 1 else 1)[f"prog-{int(sys.argv[1]) if len(sys.argv) > 1 else 1}.c"])
