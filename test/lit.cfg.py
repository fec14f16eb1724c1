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

# Offloading's device side (docs/offload-device.md). `offload-packager`:
# clang-offload-packager (Debian's clang-tools-16) reads device images out
# of objects. `nvptx-tools`: also clang-linker-wrapper and a CUDA folder
# with ptxas, nvlink and fatbinary (WEFT_CUDA_PATH, or the .cuda folder
# `scripts/setup.sh` makes, or /usr/local/cuda): device images are linked
# into programs. CI's clean machine has neither; those tests are skipped.
def _tool(name):
    return os.path.exists(os.path.join(bindir, name))

if _tool("clang-offload-packager"):
    config.available_features.add("offload-packager")
_cuda = next(
    (p for p in [os.environ.get("WEFT_CUDA_PATH"), os.path.join(root, ".cuda"), "/usr/local/cuda"]
     if p and all(os.path.exists(os.path.join(p, "bin", t)) for t in ["ptxas", "nvlink", "fatbinary"])),
    None,
)
if _cuda and _tool("clang-offload-packager") and _tool("clang-linker-wrapper"):
    config.available_features.add("nvptx-tools")
    config.substitutions.append(("%cuda", _cuda))
    config.substitutions.append((
        "%offload",
        f"-fopenmp-targets=nvptx64-nvidia-cuda -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_90 --cuda-path={_cuda}",
    ))
