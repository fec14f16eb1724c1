#!/usr/bin/env python3
"""Executed differential testing of weft's threaded code generation.

Each random program (randprog.py, both directive forms) is compiled with
clang-16 -fpass-plugin at -O0 and -O2, linked with libomp, run at several
thread counts (cancellation on at every other one), and its output compared with the same program with its
directives stripped (weft-strip), compiled at -O0 and run once: the serial
meaning. Every program also passes `opt -passes=weft -verify-each`.

  difftest.py --seed S --count N [--jobs J] [--threads 1,2,3,4,7] [--keep DIR]
Last line: `difftest: P passed, F failed`; exit 1 if any failed. A failing
program is kept (with its outputs) under --keep and can be regenerated with
`randprog.py --seed S --index I`.
"""
import argparse
import concurrent.futures as cf
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import randprog  # noqa: E402

LLVM = os.environ.get("LLVM_SYS_160_PREFIX", "/usr/lib/llvm-16")
OPT, CLANG = f"{LLVM}/bin/opt", f"{LLVM}/bin/clang"
PLUGIN = os.environ.get("WEFT_PLUGIN") or os.path.join(ROOT, "target", "release", "libweft.so")
# (libomptarget for the target kernels; --as-needed: only programs that call it.)
LIBOMP = [f"-L{LLVM}/lib", f"-Wl,-rpath,{LLVM}/lib", "-lomp", "-Wl,--as-needed", "-lomptarget"]


def run(cmd, env=None, timeout=60):
    """(exit code, stdout, stderr); a command that outlives `timeout` is a hang (code -999)."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return -999, "", f"timed out after {timeout} s (hang): {' '.join(cmd)}"
    return p.returncode, p.stdout, p.stderr


def check(seed, index, threads, keep):
    src = randprog.program(seed, index)
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "p.ll")
        with open(prog, "w") as f:
            f.write(src)
        problems = []

        def fail(what, detail=""):
            problems.append(f"{what}\n{detail}".strip())

        rc, _, err = run([OPT, f"-load-pass-plugin={PLUGIN}", "-passes=weft", "-verify-each", prog, "-disable-output"])
        if rc != 0:
            fail("opt -passes=weft -verify-each failed", err[-2000:])
        serial_ll = os.path.join(d, "serial.ll")
        rc, _, err = run([OPT, f"-load-pass-plugin={PLUGIN}", "-passes=weft-strip", prog, "-S", "-o", serial_ll])
        rc2, _, err2 = run([CLANG, "-O0", "-Wno-override-module", serial_ll, "-o", os.path.join(d, "serial")]) if rc == 0 else (1, "", "")
        if rc or rc2:
            fail("building the serial reference failed", (err + err2)[-2000:])
            ref = None
        else:
            rc, ref, err = run([os.path.join(d, "serial")])
            if rc != 0:
                fail(f"serial reference exited {rc}", err[-1000:])
        for lvl in ["-O0", "-O2"]:
            exe = os.path.join(d, f"par{lvl}")
            rc, _, err = run([CLANG, lvl, "-Wno-override-module", f"-fpass-plugin={PLUGIN}", prog, *LIBOMP, "-o", exe])
            if rc != 0:
                fail(f"clang {lvl} failed", err[-2000:])
                continue
            for t in threads:
                # Cancellation on at every other thread count: cancel then
                # takes effect there and is a no-op elsewhere (randprog_tasks.py).
                env = dict(os.environ, OMP_NUM_THREADS=str(t),
                           OMP_CANCELLATION="true" if threads.index(t) % 2 else "false")
                rc, out, err = run([exe], env=env, timeout=30)
                if rc != 0:
                    fail(f"{lvl} T={t}: exited {rc}", err[-1000:])
                elif ref is not None and out != ref:
                    fail(f"{lvl} T={t}: output differs from the serial program", f"serial:\n{ref}\nweft:\n{out}")
        if problems and keep:
            dst = os.path.join(keep, f"prog-{seed}-{index}")
            os.makedirs(dst, exist_ok=True)
            with open(os.path.join(dst, "prog.ll"), "w") as f:
                f.write(src)
            with open(os.path.join(dst, "problems.txt"), "w") as f:
                f.write("\n\n".join(problems))
        return index, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--threads", default="1,2,3,4,7")
    ap.add_argument("--keep", default=os.path.join(tempfile.gettempdir(), "weft-difftest-failures"))
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    t0 = time.time()
    passed = failed = 0
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(check, a.seed, i, threads, a.keep) for i in range(a.start, a.start + a.count)]
        for fut in cf.as_completed(futs):
            i, problems = fut.result()
            if problems:
                failed += 1
                print(f"FAIL seed {a.seed} index {i} (randprog.py --seed {a.seed} --index {i}):", file=sys.stderr)
                for p in problems[:3]:
                    print("  " + p.replace("\n", "\n  ")[:1500], file=sys.stderr)
            else:
                passed += 1
    dt = time.time() - t0
    print(f"difftest: seed {a.seed}, programs {a.start}..{a.start + a.count - 1}, threads {a.threads}, "
          f"-O0 and -O2, {dt:.1f} s ({a.count / dt:.2f} programs/s)")
    print(f"difftest: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
