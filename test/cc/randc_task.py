"""The tasking part of randc.py's programs: some programs call a test
function of explicit tasks, `test_tasks()`: a random sequence of task
statements that one thread (`single` or `master` in a parallel region, or
the encountering thread with no parallel region around) creates, on a row
of shared cells:
- chains of tasks on one cell with `depend(inout:)` (or `out:`, or
  `mutexinoutset` for a commutative update) applying an update that does
  not commute (`c = c * 3 + v`), so only the creation order gives the
  serial program's value;
- tasks that read other cells (`depend(in:)`) and write one
  (`depend(out:)`), and tasks on the two halves of a second row as array
  sections (`d[0:4]`, `d[4:4]`: identical or disjoint, as OpenMP asks);
- `inoutset` groups of atomic additions;
- firstprivate values changed after the task is created (a task that read
  the variable when it ran would see the later value);
- `taskwait` followed by a read of a cell in the creating task;
- `taskgroup` around tasks whose children (nested tasks on the parent
  task's own locals) must be complete at its end, and a `taskgroup
  task_reduction(+: s)` whose tasks add `in_reduction(+: s)`;
- a recursive function creating two tasks per call (`taskwait` before the
  sum), with a cutoff turned into `final`/`if`;
- `if(0)`, `final`, `mergeable`, `untied`, `priority` and `taskyield`
  sprinkled in; none changes what is printed.
The cells are unsigned (the updates wrap, never overflow). Every access a task makes to a shared cell is covered by its depend
clause, and the creating task reads cells only after a `taskwait` or a
`taskgroup`, so the program is race-free and its output is the serial
one; a lowering that drops a dependence, a taskwait or a firstprivate
capture prints something else. The program prints every cell and every
value read.

It draws from a random generator of its own, so the rest of each program
stays what it was for its seed.
"""
import random

CELLS = 8
HALF = 4


class Tasks:
    """The globals, helpers, test function and call of one seed (or none)."""

    def __init__(self, seed):
        r = random.Random(seed * 7919 + 43)
        self.r = r
        self.wanted = r.random() < 0.3
        if not self.wanted:
            return
        self.where = r.choice(['single', 'single', 'master', 'serial'])
        self.nreads = 0
        self.stmts = [self.statement() for _ in range(r.randint(3, 9))]

    def clauses(self, untied=True):
        """Clauses that change nothing printed."""
        r = self.r
        out = []
        if r.random() < 0.15 and untied:
            out.append('untied')
        if r.random() < 0.15:
            out.append('mergeable')
        if r.random() < 0.15:
            out.append(f"priority({r.randint(0, 3)})")
        if r.random() < 0.1:
            out.append(f"final({r.choice(['1', '0', 'tk_c[0] > 5'])})")
        if r.random() < 0.1:
            out.append('if(0)')
        return out

    def pragma(self, extra, untied=True):
        return "#pragma omp task " + ' '.join(extra + self.clauses(untied))

    def statement(self):
        r = self.r
        kind = r.choice(['chain', 'chain', 'readwrite', 'section', 'inoutset', 'capture',
                         'wait', 'group', 'reduction', 'fib', 'yield'])
        return getattr(self, 'st_' + kind)()

    def st_chain(self):
        r = self.r
        k = r.randrange(CELLS)
        dep = r.choice(['inout', 'inout', 'out'])
        lines = []
        for _ in range(r.randint(1, 4)):
            v = r.randint(1, 9)
            if r.random() < 0.2:
                lines += [self.pragma([f"depend(mutexinoutset: tk_c[{k}])"]),
                          f"  tk_c[{k}] += {v};"]
            else:
                lines += [self.pragma([f"depend({dep}: tk_c[{k}])"]),
                          f"  tk_c[{k}] = tk_c[{k}] * 3 + {v};"]
        return lines

    def st_readwrite(self):
        r = self.r
        src = r.sample(range(CELLS), r.randint(1, 3))
        dst = r.choice([c for c in range(CELLS) if c not in src])
        ins = ' '.join(f"depend(in: tk_c[{s}])" for s in src)
        total = ' + '.join(f"tk_c[{s}]" for s in src)
        return [self.pragma([ins, f"depend(out: tk_c[{dst}])"]),
                f"  tk_c[{dst}] = ({total}) % 100003 + {r.randint(1, 5)};"]

    def st_section(self):
        # (Sections of their own array, each of its two halves: sibling
        # tasks' depend items must name identical or disjoint storage,
        # OpenMP 5.1 §2.19.11.)
        r = self.r
        lo = r.choice([0, HALF])
        if r.random() < 0.5:
            return [self.pragma([f"depend(inout: tk_d[{lo}:{HALF}])"]),
                    "  {",
                    f"    for (int q = {lo}; q < {lo + HALF}; q++)",
                    f"      tk_d[q] = tk_d[q] * 2 + q + {r.randint(0, 9)};",
                    "  }"]
        k = r.randrange(CELLS)
        return [self.pragma([f"depend(in: tk_d[{lo}:{HALF}])", f"depend(inout: tk_c[{k}])"]),
                "  {",
                f"    for (int q = {lo}; q < {lo + HALF}; q++)",
                f"      tk_c[{k}] = (tk_c[{k}] * 3 + tk_d[q]) % 1000003;",
                "  }"]

    def st_inoutset(self):
        r = self.r
        k = r.randrange(CELLS)
        lines = []
        for _ in range(r.randint(2, 4)):
            lines += [self.pragma([f"depend(inoutset: tk_c[{k}])"]),
                      "  {",
                      "#pragma omp atomic",
                      f"    tk_c[{k}] += {r.randint(1, 20)};",
                      "  }"]
        # (Then an ordered update, which must see every addition.)
        lines += [self.pragma([f"depend(inout: tk_c[{k}])"]), f"  tk_c[{k}] = tk_c[{k}] * 5 + 1;"]
        return lines

    def st_capture(self):
        r = self.r
        k = r.randrange(CELLS)
        v = r.randint(1, 50)
        return ["{",
                f"  unsigned long tk_v = {v};",
                self.pragma(["firstprivate(tk_v)", f"depend(inout: tk_c[{k}])"]),
                f"  tk_c[{k}] = tk_c[{k}] * 7 + tk_v;",
                f"  tk_v = {v + r.randint(1, 50)};",
                self.pragma(["firstprivate(tk_v)", f"depend(inout: tk_c[{k}])"]),
                f"  tk_c[{k}] = tk_c[{k}] * 7 + tk_v;",
                "}"]

    def st_wait(self):
        k = self.r.randrange(CELLS)
        i = self.nreads
        self.nreads += 1
        return ["#pragma omp taskwait", f"tk_read[{i}] = tk_c[{k}];"]

    def st_group(self):
        r = self.r
        k = r.randrange(CELLS)
        i = self.nreads
        self.nreads += 1
        n = r.randint(2, 5)
        # A task whose children work on its own array; the taskgroup waits
        # for the children too (a taskwait in the parent would as well, but
        # it has none: its locals outlive the children because it waits at
        # the end through a taskgroup of its own).
        # (clang 16's build of an untied task holding a taskgroup crashes.)
        return ["#pragma omp taskgroup",
                "{",
                self.pragma([f"depend(inout: tk_c[{k}])"], untied=False),
                "  {",
                f"    unsigned long tk_part[{n}];",
                "#pragma omp taskgroup",
                "    {",
                f"      for (int q = 0; q < {n}; q++) {{",
                "#pragma omp task firstprivate(q) shared(tk_part)",
                f"        tk_part[q] = (q + 1) * {r.randint(2, 9)};",
                "      }",
                "    }",
                f"    for (int q = 0; q < {n}; q++)",
                f"      tk_c[{k}] = tk_c[{k}] * 3 + tk_part[q];",
                "  }",
                "}",
                f"tk_read[{i}] = tk_c[{k}];"]

    def st_reduction(self):
        r = self.r
        i = self.nreads
        self.nreads += 1
        n = r.randint(1, 6)
        return ["{",
                f"  unsigned long tk_s = {r.randint(0, 9)};",
                "#pragma omp taskgroup task_reduction(+: tk_s)",
                "  {",
                f"    for (int q = 0; q < {n}; q++) {{",
                "#pragma omp task in_reduction(+: tk_s) firstprivate(q)",
                f"      tk_s += q * {r.randint(1, 9)} + 1;",
                "    }",
                "  }",
                f"  tk_read[{i}] = tk_s;",
                "}"]

    def st_fib(self):
        i = self.nreads
        self.nreads += 1
        return [f"tk_read[{i}] = tk_fib({self.r.randint(5, 16)});"]

    def st_yield(self):
        return ["#pragma omp taskyield"]

    def globals(self):
        return [f"static unsigned long tk_c[{CELLS}];", f"static unsigned long tk_d[{2 * HALF}];", f"static unsigned long tk_read[{max(self.nreads, 1)}];"]

    def helpers(self):
        return ["static long tk_fib(int n) {",
                "  if (n < 2)",
                "    return n;",
                "  long x, y;",
                "#pragma omp task shared(x) final(n < 6)",
                "  x = tk_fib(n - 1);",
                "#pragma omp task shared(y) if(n >= 6)",
                "  y = tk_fib(n - 2);",
                "#pragma omp taskwait",
                "  return x + y;",
                "}",
                ""]

    def function(self):
        lines = ["static void test_tasks(void) {",
                 f"  for (int q = 0; q < {CELLS}; q++)",
                 "    tk_c[q] = q + 1;",
                 f"  for (int q = 0; q < {2 * HALF}; q++)",
                 "    tk_d[q] = 2 * q + 1;"]
        body = [l for s in self.stmts for l in s]
        if self.where == 'serial':
            # (No parallel region: the tasks may still be deferred until
            # the taskwait.)
            lines += ['  ' + l if not l.startswith('#') else l for l in body]
            lines.append("#pragma omp taskwait")
        else:
            lines += ["#pragma omp parallel", "  {", f"#pragma omp {self.where}", "    {"]
            lines += ['      ' + l if not l.startswith('#') else l for l in body]
            lines += ["    }", "  }"]
        lines += [f"  for (int q = 0; q < {CELLS}; q++)",
                  "    printf(\"tk_c[%d] = %lu\\n\", q, tk_c[q]);",
                  f"  for (int q = 0; q < {2 * HALF}; q++)",
                  "    printf(\"tk_d[%d] = %lu\\n\", q, tk_d[q]);",
                  f"  for (int q = 0; q < {self.nreads}; q++)",
                  "    printf(\"tk_read[%d] = %lu\\n\", q, tk_read[q]);",
                  "}"]
        return '\n'.join(lines) + '\n'
