"""The target part of randc.py's programs: some programs call a test
function of `target` constructs (run by the host fallback: no device),
drawn from a random stream of their own:

  - `target` around a serial loop, `target parallel for`;
  - the combined `target teams distribute [simd]`, `target teams
    distribute parallel for [simd]`, `target teams loop`, and `target
    teams` around a `distribute` or a `distribute parallel for`;

with num_teams, thread_limit, a map(to:) input array, a map(from:) (or
tofrom) output array of which every iteration writes its own element (from
mix()), so an iteration missed or run twice changes the printed checksum;
a firstprivate scalar; a reduction (+, ^, max) whose item the target maps
tofrom (OpenMP 5.1 §2.16); a lastprivate, mapped tofrom by a map clause
too, since clang 16 does not map it back by itself (and never on `target
teams loop`, nor a reduction there: clang 16 loses both). What it prints
depends neither on the number of teams nor on the threads.
"""
import random

SCHEDULES = ['static', 'static, 2', 'static, 5', 'dynamic', 'dynamic, 3', 'guided']
REDS = ['+', '^', 'max']
FORMS = ['target', 'target parallel for', 'target teams distribute', 'target teams distribute simd',
         'target teams distribute parallel for', 'target teams distribute parallel for simd',
         'target teams loop', 'target teams+distribute', 'target teams+dpf']


class Target:
    """The test function and its call, for one seed (or none)."""

    def __init__(self, seed):
        self.r = random.Random(seed * 7919 + 41)
        self.wanted = self.r.random() < 0.3
        self.seed = seed
        self.clang_wrong = None
        self.teams = False

    def league(self):
        r, cl = self.r, []
        if r.random() < 0.6:
            cl.append(f"num_teams({r.randint(1, 5)})")
        if r.random() < 0.4:
            cl.append(f"thread_limit({r.randint(1, 4)})")
        return cl

    def construct(self, k, out):
        r = self.r
        n = r.randint(1, 300)
        form = r.choice(FORMS)
        teams = 'teams' in form
        self.teams = self.teams or teams
        par = 'parallel' in form or form.endswith('dpf')
        loop = form.endswith('loop')
        if loop:
            self.clang_wrong = "clang 16's host fallback of target teams loop loses the loop's writes"
        red = r.choice(REDS) if form != 'target' and not loop else None
        lp = r.random() < 0.5 and form != 'target' and not loop
        lo = r.randint(0, 4)
        step = r.choice([1, 1, 2, 3])
        ty = r.choice(['int', 'long', 'unsigned'])
        # (from only when every element is written: a device's copy of an
        # element left alone is undefined.)
        back = r.choice(['from', 'tofrom']) if lo == 0 and step == 1 else 'tofrom'
        maps = [f"map(to : in{k}[0 : {n}])", f"map({back} : tg{k}[0 : {n}])"]
        data = [f"firstprivate(f{k})"]
        if lp:
            data.append(f"lastprivate(l{k})")
            maps.append(f"map(tofrom : l{k})")
        if red:
            data.append(f"reduction({red} : s{k})")
        inner = []
        if par and r.random() < 0.5:
            # (clang 16 loses lastprivate with dynamic schedules: randc.py's doc.)
            inner.append(f"schedule({r.choice(SCHEDULES[:3] if lp else SCHEDULES)})")
        if teams and not par and not loop and r.random() < 0.4:
            inner.append(f"dist_schedule(static{', ' + str(r.randint(1, 9)) if r.random() < 0.6 else ''})")
        out.append(f"  long l{k} = -1, s{k} = {r.randint(0, 5)}, tg{k}[{n}], in{k}[{n}];")
        out.append(f"  int f{k} = {r.randint(0, 9)};")
        out.append(f"  for (int i = 0; i < {n}; i++) in{k}[i] = mix(i, {k} + 50), tg{k}[i] = -1;")
        head = f"for ({ty} i = {lo}; i < {n}; i += {step})"
        body = f"tg{k}[i] = in{k}[i] + f{k};"
        if lp:
            body += f" l{k} = i;"
        if red:
            body += ' ' + {'+': f"s{k} += tg{k}[i];", '^': f"s{k} ^= tg{k}[i];",
                           'max': f"s{k} = tg{k}[i] > s{k} ? tg{k}[i] : s{k};"}[red]
        if '+' in form:
            inner_name = 'distribute parallel for' if par else 'distribute'
            # (f is firstprivate on the inner construct: shared in the league.)
            tcl = self.league() + maps + ([data[-1]] if red else [])
            if lp:
                tcl.append(f"shared(l{k})")
            out.append(f"#pragma omp target teams {' '.join(tcl)}")
            # (A distribute loop takes no reduction: the league's.)
            own = data if par else [d for d in data if not d.startswith('reduction')]
            out.append(f"#pragma omp {inner_name} {' '.join(own + inner)}")
            out.append(f"  {head}")
            out.append(f"    {{ {body} }}")
        elif form == 'target':
            out.append(f"#pragma omp target {' '.join(maps + data)}")
            out.append(f"  {head}")
            out.append(f"    {{ {body} }}")
        else:
            cl = (self.league() if teams else []) + maps + data + inner
            if form == 'target parallel for' and r.random() < 0.3:
                cl.append(f"num_threads({r.randint(1, 4)})")
            out.append(f"#pragma omp {form} {' '.join(cl)}")
            out.append(f"  {head}")
            out.append(f"    {{ {body} }}")
        out.append(f"  print_tg(\"tg{k}\", tg{k}, {n});")
        out.append(f"  printf(\"l{k}=%ld s{k}=%ld\\n\", l{k}, s{k});")

    def function(self):
        out = []
        for k in range(self.r.randint(1, 4)):
            self.construct(k, out)
        body = '\n'.join(out)
        return f"""
static void print_tg(const char *name, const long *a, int n) {{
  unsigned long ck = 0;
  for (int i = 0; i < n; i++)
    ck = ck * 1000003ul + (unsigned long)a[i];
  printf("%s ck=%lu\\n", name, ck);
}}

static void test_target(void) {{
{body}
}}
"""
