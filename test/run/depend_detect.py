#!/usr/bin/env python3
"""Shows that randprog's task programs can fail: each program of a seed
with DEPEND.INOUT items is built with every depend clause removed, run
8 times at 2, 4 and 7 threads, and compared with its serial meaning; the
last line counts the programs whose output then differs (a lowering that
dropped dependences would be caught by difftest.py on those).

  depend_detect.py [--seed S] [--count N]   (run from anywhere, in a scratch directory)
"""
import argparse, os, re, subprocess, sys, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import randprog  # noqa: E402
P = os.path.join(os.path.dirname(os.path.dirname(HERE)), "target", "release", "libweft.so")
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--count", type=int, default=60)
a = ap.parse_args()
os.chdir(tempfile.mkdtemp())
L=["-L/usr/lib/llvm-16/lib","-Wl,-rpath,/usr/lib/llvm-16/lib","-lomp"]
def sh(c, env=None): return subprocess.run(c, capture_output=True, text=True, env=env, timeout=60)
found = 0; tried = 0
for idx in range(a.count):
    src = randprog.program(a.seed, idx)
    if "DEPEND.INOUT" not in src: continue
    strip = re.sub(r', "QUAL\.OMP\.DEPEND\.[A-Z]+"\([^)]*\)', '', src)
    strip = "\n".join(l for l in strip.split("\n") if "QUAL.OMP.DEPEND" not in l)
    open("p.ll","w").write(src); open("nodep.ll","w").write(strip)
    sh(["opt-16", f"-load-pass-plugin={P}", "-passes=weft-strip", "p.ll", "-S", "-o", "s.ll"])
    sh(["clang-16","-O0","-Wno-override-module","s.ll","-o","serial"])
    ref = sh(["./serial"]).stdout
    r = sh(["clang-16","-O2","-Wno-override-module",f"-fpass-plugin={P}","nodep.ll",*L,"-o","nodep"])
    if r.returncode: print(idx, "build failed", r.stderr[:300]); continue
    tried += 1
    diffs = 0
    for t in [2,4,7,4,2,7,4,7]:
        out = sh(["./nodep"], env=dict(os.environ, OMP_NUM_THREADS=str(t))).stdout
        diffs += out != ref
    print(f"index {idx}: {src.splitlines()[0]}: depend stripped, {diffs}/8 runs differ")
    found += diffs > 0
print(f"{found} of {tried} depend programs detect the stripped depend clauses")
