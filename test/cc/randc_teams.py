"""The teams part of randc.py's programs: some programs call a test
function of host `teams` constructs (OpenMP 5.0), drawn from a random
stream of their own:

  - `teams` around `distribute` (dist_schedule(static) with and without a
    chunk, lastprivate, firstprivate, collapse(2)), or around `distribute
    parallel for` (its schedule, a reduction on both constructs);
  - the combined `teams distribute [simd]`, `teams distribute parallel for
    [simd]`, with num_teams, thread_limit, num_threads;

every iteration writes its own element of an array (from mix()), so an
iteration missed or run twice changes the printed checksum, and the
lastprivate values are the sequentially last iteration's. What it prints
depends neither on the number of teams nor on the threads.
"""
import random

SCHEDULES = ['static', 'static, 2', 'static, 5', 'dynamic', 'dynamic, 3', 'guided']
REDS = ['+', '^', 'max']


class Teams:
    """The test function and its call, for one seed (or none)."""

    def __init__(self, seed):
        self.r = random.Random(seed * 6151 + 29)
        self.wanted = self.r.random() < 0.35
        self.seed = seed

    def teams_clauses(self):
        r, cl = self.r, []
        if r.random() < 0.7:
            cl.append(f"num_teams({r.randint(1, 5)})")
        if r.random() < 0.4:
            cl.append(f"thread_limit({r.randint(1, 4)})")
        return cl

    def loop(self, k, n, collapse):
        """The loop header(s) and the index of the element each iteration writes."""
        r = self.r
        if collapse:
            m = r.randint(2, 9)
            rows = max(1, n // m)
            return ([f"for (int i = 0; i < {rows}; i++)", f"  for (int j = 0; j < {m}; j++)"],
                    f"i * {m} + j", "j + i * 100")
        ty = r.choice(['int', 'long', 'unsigned'])
        lo = r.randint(0, 4)
        step = r.choice([1, 1, 2, 3])
        return [f"for ({ty} i = {lo}; i < {n}; i += {step})"], "i", "i"

    def construct(self, k, out):
        r = self.r
        n = r.randint(1, 300)
        form = r.choice(['teams+distribute', 'teams+dpf', 'teams distribute', 'teams dpf'])
        collapse = r.random() < 0.25
        heads, idx, lastval = self.loop(k, n, collapse)
        red = r.choice(REDS)
        lp = r.random() < 0.5
        fp = r.randint(0, 9)
        dist = []
        if r.random() < 0.6:
            dist.append(f"dist_schedule(static{', ' + str(r.randint(1, 9)) if r.random() < 0.6 else ''})")
        inner = []
        if collapse:
            inner.append("collapse(2)")
        if lp:
            inner.append(f"lastprivate(l{k})")
        inner.append(f"firstprivate(f{k})")
        par = form.endswith('dpf')
        if par:
            # (clang 16 loses lastprivate with dynamic schedules: randc.py's doc.)
            sch = r.choice(SCHEDULES[:3] if lp else SCHEDULES)
            if r.random() < 0.6:
                inner.append(f"schedule({sch})")
            if r.random() < 0.3:
                inner.append(f"num_threads({r.randint(1, 4)})")
            inner.append(f"reduction({red} : s{k})")
            dist = [d for d in dist if ',' not in d]
        simd = ' simd' if r.random() < 0.3 and not par else ''
        simd = ' simd' if par and r.random() < 0.3 else simd
        out.append(f"  long l{k} = -1, s{k} = {r.randint(0, 5)};")
        out.append(f"  int f{k} = {fp};")
        name = 'distribute parallel for' if par else 'distribute'
        if form.startswith('teams+'):
            tcl = self.teams_clauses() + ([f"reduction({red} : s{k})"] if par else [])
            out.append(f"#pragma omp teams {' '.join(tcl)}".rstrip())
            out.append(f"#pragma omp {name}{simd} {' '.join(dist + inner)}")
        else:
            cl = self.teams_clauses() + dist + inner
            out.append(f"#pragma omp teams {name}{simd} {' '.join(cl)}")
        body = f"tm{k}[{idx}] = mix({idx}, {k}) + f{k};"
        if lp:
            body += f" l{k} = {lastval};"
        if par:
            upd = {'+': f"s{k} += tm{k}[{idx}];", '^': f"s{k} ^= tm{k}[{idx}];",
                   'max': f"s{k} = tm{k}[{idx}] > s{k} ? tm{k}[{idx}] : s{k};"}[red]
            body += ' ' + upd
        for d, h in enumerate(heads):
            out.append('  ' * (d + 1) + h)
        out.append('  ' * (len(heads) + 1) + '{ ' + body + ' }')
        out.append(f"  print_tm(\"tm{k}\", tm{k}, {n});")
        out.append(f"  printf(\"l{k}=%ld s{k}=%ld\\n\", l{k}, s{k});")
        return n

    def function(self):
        out, arrays = [], []
        for k in range(self.r.randint(1, 4)):
            arrays.append(f"static long tm{k}[300];")
            self.construct(k, out)
        head = '\n'.join(arrays)
        body = '\n'.join(out)
        return f"""{head}

static void print_tm(const char *name, const long *a, int n) {{
  unsigned long ck = 0;
  for (int i = 0; i < n; i++)
    ck = ck * 1000003ul + (unsigned long)a[i];
  printf("%s ck=%lu\\n", name, ck);
}}

static void test_teams(void) {{
{body}
}}
"""
