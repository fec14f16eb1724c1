# lit configuration for weft. Run through scripts/test.sh (or `lit -sv test`).
import os
import lit.formats

config.name = "weft"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".c"]
config.excludes = ["Inputs", "bench", "examples", "seeds", "found", "failures"]
config.test_source_root = os.path.dirname(__file__)

root = os.path.dirname(config.test_source_root)
llvm = os.environ.get("LLVM_SYS_160_PREFIX", "/usr/lib/llvm-16")
bindir = os.path.join(llvm, "bin")
plugin = os.path.join(root, "target", "release", "libweft.so")
if not os.path.exists(plugin):
    lit_config.fatal(f"{plugin} is missing: run `cargo build --release` first (scripts/test.sh does)")

config.environment["PATH"] = os.pathsep.join([bindir, config.environment.get("PATH", os.environ["PATH"])])
# Threaded tests pick their own counts; keep the environment from leaking in.
for var in ["OMP_NUM_THREADS", "RUST_LOG"]:
    config.environment.pop(var, None)

config.substitutions.append(("%opt", f"{bindir}/opt -load-pass-plugin={plugin}"))
config.substitutions.append(("%clang", f"{bindir}/clang -fpass-plugin={plugin}"))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%libomp", os.path.join(llvm, "lib")))
config.substitutions.append(("%lli", f"{bindir}/lli"))
config.substitutions.append(("%root", root))
# A C program through weft-cc, clang -fopenmp and serially (test/cc/check.sh).
config.substitutions.append(("%weftcc-check", f"bash {os.path.join(root, 'test', 'cc', 'check.sh')}"))
config.substitutions.append(("%weftcc", os.path.join(root, "target", "release", "weft-cc")))
