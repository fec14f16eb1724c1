#!/usr/bin/env python3
"""Randomized differential testing of weft's simd vectorizer.

  simdtest.py --seed S --count N [--inputs R] [--jobs J] [--keep DIR]

For each program k in [S, S+N) (randsimd.py k), built four ways:
  * the serial reference: clang -O0 without OpenMP (the pragmas ignored);
  * weft-cc -O2 and weft-cc -O0 (region form), vectorized by weft;
  * the paper form: weft-cc -S -emit-llvm --paper-form, then clang -O2 with
    weft loaded;
each weft build is run on R random inputs (the program's seed argument) and
must print exactly what the serial program prints. The -O2 build's remarks
say which loops weft vectorized; the summary counts them. A failing
program is saved as DIR/simd-K.c with what failed. Exit status 1 on any
failure, else 0.
"""
import argparse
import concurrent.futures as cf
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import randsimd  # noqa: E402

LLVM = os.environ.get("LLVM_SYS_160_PREFIX", "/usr/lib/llvm-16")
CLANG = f"{LLVM}/bin/clang"
WEFT_CC = os.environ.get("WEFT_CC") or os.path.join(ROOT, "target", "release", "weft-cc")
PLUGIN = os.environ.get("WEFT_PLUGIN") or os.path.join(ROOT, "target", "release", "libweft.so")


def run(cmd, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""
    return p.returncode, p.stdout, p.stderr


def one(k, inputs, keep):
    src = randsimd.Gen(k).program()
    with tempfile.TemporaryDirectory(prefix="weft-simd-") as d:
        c = os.path.join(d, "p.c")
        with open(c, "w") as fh:
            fh.write(src)
        builds = {}
        steps = [
            ("serial", [CLANG, "-O0", "-w", c, "-lm", "-o", f"{d}/serial"]),
            ("weft-O2", [WEFT_CC, "-O2", "-Rpass=weft", "-Rpass-missed=weft", c, "-lm", "-o", f"{d}/o2"]),
            ("weft-O0", [WEFT_CC, "-O0", c, "-lm", "-o", f"{d}/o0"]),
            ("paper-form", [WEFT_CC, "-O2", "-S", "-emit-llvm", "--paper-form", c, "-o", f"{d}/p.ll"]),
            ("paper-form", [CLANG, "-O2", f"-fpass-plugin={PLUGIN}", "-Wno-override-module", f"{d}/p.ll", "-lm",
                            f"-L{LLVM}/lib", f"-Wl,-rpath,{LLVM}/lib", "-lomp", "-o", f"{d}/paper"]),
        ]
        remarks = ""
        for name, cmd in steps:
            st, out, err = run(cmd)
            if st != 0:
                first = next((ln for ln in err.splitlines() if "error" in ln), err.strip()[:300])
                return fail(k, src, keep, f"{name}: build failed ({st}): {first[:400]}"), 0, 0
            if name == "weft-O2":
                remarks = err
        internal = next((ln for ln in remarks.splitlines() if "internal error" in ln), None)
        if internal:
            # (The vectorizer undid its attempt, so the program still runs
            # right: the bug is only visible here.)
            return fail(k, src, keep, f"weft-O2: {internal.strip()[:400]}"), 0, 0
        vec = len(re.findall(r"vectorized with VF", remarks))
        scalar = len(re.findall(r"left scalar", remarks))
        for s in range(1, inputs + 1):
            st, ref, err = run([f"{d}/serial", str(s)], timeout=30)
            if st != 0:
                return fail(k, src, keep, f"GENERATOR BUG: the serial program failed ({st}) on input {s}: {err[-200:]}"), vec, scalar
            for name, exe in [("weft-O2", "o2"), ("weft-O0", "o0"), ("paper-form", "paper")]:
                st, out, err = run([f"{d}/{exe}", str(s)], timeout=30)
                if st != 0 or out != ref:
                    diff = next((f"{x!r} != {y!r}" for x, y in zip(out.splitlines(), ref.splitlines()) if x != y), "")
                    return fail(k, src, keep, f"{name} on input {s}: status {st}, first difference {diff}"), vec, scalar
    return None, vec, scalar


def fail(k, src, keep, why):
    if keep:
        os.makedirs(keep, exist_ok=True)
        with open(os.path.join(keep, f"simd-{k}.c"), "w") as fh:
            fh.write(src)
        with open(os.path.join(keep, f"simd-{k}.txt"), "w") as fh:
            fh.write(why + "\n")
    return f"program {k}: {why}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--inputs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", default="/tmp/weft-simd-failures")
    args = ap.parse_args()
    failures = 0
    vec = scalar = 0
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for why, v, s in ex.map(lambda k: one(k, args.inputs, args.keep), range(args.seed, args.seed + args.count)):
            vec += v
            scalar += s
            if why:
                failures += 1
                print(why, flush=True)
    print(f"simdtest: {args.count} programs x {args.inputs} inputs, {failures} failures; "
          f"{vec} simd loops vectorized, {scalar} left scalar (weft-cc -O2)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
