#!/usr/bin/env python3
"""Randomized differential testing of weft-cc on C programs with OpenMP.

  difftest.py --seed S --count N [--jobs J] [--keep DIR] [--threads 1,2,3,4,7]

For each program k in [S, S+N) (randc.py k):
  * the serial reference: clang -O0 without -fopenmp (the pragmas ignored);
  * clang -fopenmp -O2, run at 4 threads: it must agree with the serial
    program, otherwise the program itself is invalid and it is reported as a
    GENERATOR BUG (a bug in randc.py, not in weft); not run on a program
    with a line `// CLANG-16-WRONG:` (scan reductions clang 16 gets wrong,
    randc_scan.py, and the non-rectangular nests of randc.py it gets wrong);
  * weft-cc -O0 and -O2 ($WEFT_CC, default target/release/weft-cc), each run
    at every thread count of --threads with a 20 s timeout; a compile error,
    crash, timeout or output different from the serial run is a weft failure.
A failing program is saved as DIR/prog-K.c (and the header it includes,
DIR/randc-K.h, if any) with DIR/prog-K.txt (what failed); `randc.py K DIR`
regenerates it. One line per failure, then
`N programs, M failures`. Exit status 1 if weft failed on any program, else
2 if there was a generator bug, else 0.
"""
import argparse
import concurrent.futures as cf
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ next to the tests
import randc  # noqa: E402

# The program generator: randc.py, or another module with the same
# files/build_flags/clang_checks (--generator adjacent: randc_adjacent.py).
GEN = randc

LLVM = os.environ.get("LLVM_SYS_160_PREFIX", "/usr/lib/llvm-16")
CLANG = f"{LLVM}/bin/clang"
WEFT_CC = os.environ.get("WEFT_CC") or os.path.join(ROOT, "target", "release", "weft-cc")
LIBOMP = [f"-L{LLVM}/lib", f"-Wl,-rpath,{LLVM}/lib"]
RUN_TIMEOUT = 20
BUILD_TIMEOUT = 180


def run(cmd, env=None, timeout=RUN_TIMEOUT):
    """(status, stdout, stderr); status is the exit code, or 'timeout'."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""
    return p.returncode, p.stdout, p.stderr


def describe(status, err):
    if status == "timeout":
        return f"timed out after {RUN_TIMEOUT} s"
    if isinstance(status, int) and status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"crashed ({name})" + (f": {err.strip().splitlines()[-1][:200]}" if err.strip() else "")
    return f"exited with status {status}" + (f": {err.strip().splitlines()[-1][:200]}" if err.strip() else "")


def compile_failure(status, err):
    """One line for a failed compilation: a compiler crash (with its innermost frames), else the first error."""
    if status == "timeout":
        return f"compile timed out after {BUILD_TIMEOUT} s"
    lines = err.splitlines()
    if "Stack dump:" in err or "PLEASE submit a bug report" in err or "due to signal" in err:
        frames = [l.strip().split(" ", 2)[-1].split(" (")[0] for l in lines if l.lstrip().startswith("#")]
        frames = [f for f in frames if "llvm::sys::" not in f and not f.startswith(("0x", "("))][:2]
        return "compiler crashed" + (f" in {' <- '.join(frames)}" if frames else "")
    errs = [l for l in lines if "error:" in l and "error generated" not in l and "errors generated" not in l]
    first = (errs or lines[-1:] or [""])[0][:300]
    return f"compile error: {first}" if first else f"compile error (status {status})"


def first_diff(ref, out):
    a, b = ref.splitlines(), out.splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<end of output>"
        y = b[i] if i < len(b) else "<end of output>"
        if x != y:
            return f"line {i + 1}: expected '{x[:120]}', got '{y[:120]}'"
    return "same lines, different bytes"


def check(k, threads, clang_threads):
    """Returns (k, generator_problems, weft_failures); a failure is (config, what, detail)."""
    srcs = GEN.files(k)
    gen, fails = [], []
    with tempfile.TemporaryDirectory(prefix=f"weft-cc-dt-{k}-") as d:
        prog = os.path.join(d, f"prog-{k}.c")
        for name, text in srcs.items():
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        src = srcs  # (every file kept with a failure)
        exe = lambda name: os.path.join(d, name)

        st, _, err = run([CLANG, "-O0", "-w", prog, "-o", exe("serial")], timeout=BUILD_TIMEOUT)
        if st != 0:
            return k, src, [("serial build", "clang -O0 failed", err[-2000:])], []
        st, ref, err = run([exe("serial")])
        if st != 0:
            return k, src, [("serial run", describe(st, err), err[-1000:])], []

        flags = GEN.build_flags(srcs[f"prog-{k}.c"])
        # (A program that uses what clang 16 gets wrong says so: randc_scan.py.)
        if GEN.clang_checks(srcs[f"prog-{k}.c"]):
            st, _, err = run([CLANG, "-O2", "-w", "-fopenmp", *flags, prog, *LIBOMP, "-o", exe("clang")],
                             timeout=BUILD_TIMEOUT)
            if st != 0:
                gen.append(("clang -fopenmp -O2", "compile error", err[-2000:]))
            else:
                for t in clang_threads:
                    st, out, err = run([exe("clang")], env=dict(os.environ, OMP_NUM_THREADS=str(t)))
                    if st != 0:
                        gen.append((f"clang -fopenmp -O2 T={t}", describe(st, err), err[-1000:]))
                    elif out != ref:
                        gen.append((f"clang -fopenmp -O2 T={t}", "output differs from serial: " + first_diff(ref, out),
                                    ""))

        for lvl in ("-O0", "-O2"):
            name = f"weft{lvl}"
            st, _, err = run([WEFT_CC, lvl, "-w", *flags, prog, "-o", exe(name)], timeout=BUILD_TIMEOUT)
            if st != 0:
                fails.append((f"weft-cc {lvl}", compile_failure(st, err), err[:6000] + "\n...\n" + err[-6000:]
                              if len(err) > 12000 else err))
                continue
            for t in threads:
                st, out, err = run([exe(name)], env=dict(os.environ, OMP_NUM_THREADS=str(t)))
                if st != 0:
                    fails.append((f"weft-cc {lvl} T={t}", describe(st, err), err[-1000:]))
                elif out != ref:
                    fails.append((f"weft-cc {lvl} T={t}", "output differs: " + first_diff(ref, out),
                                  f"serial:\n{ref[-1500:]}\nweft:\n{out[-1500:]}"))
    return k, src, gen, fails


def group(fails):
    """Merges the lines of one build that failed the same way at several thread counts."""
    merged = {}
    for cfg, what, detail in fails:
        build, _, t = cfg.partition(" T=")
        key = (build, what.split(": line")[0] if "differs" in what else what)
        if key not in merged:
            merged[key] = [build, [], what, detail]
        if t:
            merged[key][1].append(t)
    res = []
    for build, ts, what, detail in merged.values():
        res.append((build + (f" T={','.join(ts)}" if ts else ""), what, detail))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--generator", choices=["randc", "adjacent"], default="randc",
                    help="adjacent: randc_adjacent.py's adjacent parallel loops")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--threads", default="1,2,3,4,7")
    ap.add_argument("--clang-threads", default="4", help="thread counts for the clang -fopenmp check")
    ap.add_argument("--keep", default=os.path.join(tempfile.gettempdir(), "weft-cc-difftest-failures"))
    a = ap.parse_args()
    if a.generator == "adjacent":
        global GEN
        import randc_adjacent  # noqa: E402
        GEN = randc_adjacent
    threads = [int(t) for t in a.threads.split(",")]
    cthreads = [int(t) for t in a.clang_threads.split(",")]
    if not os.access(WEFT_CC, os.X_OK):
        sys.exit(f"difftest: no weft-cc at {WEFT_CC} (set WEFT_CC)")
    t0 = time.time()
    nfail = ngen = 0
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(check, k, threads, cthreads) for k in range(a.seed, a.seed + a.count)]
        for fut in cf.as_completed(futs):
            k, src, gen, fails = fut.result()
            if gen:
                ngen += 1
                for cfg, what, _ in gen:
                    print(f"GENERATOR BUG seed {k} {cfg}: {what}", flush=True)
            if fails:
                nfail += 1
                for cfg, what, _ in group(fails):
                    print(f"FAIL seed {k} {cfg}: {what}", flush=True)
            if (gen or fails) and a.keep:
                os.makedirs(a.keep, exist_ok=True)
                base = os.path.join(a.keep, f"prog-{k}")
                for name, text in src.items():
                    with open(os.path.join(a.keep, name), "w") as f:
                        f.write(text)
                with open(base + ".txt", "w") as f:
                    for tag, lst in (("GENERATOR BUG", gen), ("FAIL", fails)):
                        for cfg, what, detail in lst:
                            f.write(f"{tag} seed {k} {cfg}: {what}\n{detail}\n\n")
    dt = time.time() - t0
    print(f"difftest: seeds {a.seed}..{a.seed + a.count - 1}, weft-cc -O0/-O2 at {a.threads} threads, {dt:.0f} s")
    extra = f", {ngen} generator bugs" if ngen else ""
    print(f"{a.count} programs, {nfail} failures{extra}")
    sys.exit(1 if nfail else 2 if ngen else 0)


if __name__ == "__main__":
    main()
