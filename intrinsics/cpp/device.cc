// The device module of offloading (docs/offload-device.md): the host
// module's kernels cloned into a module of their own (CloneModule, keeping
// only the named functions' bodies, the declare target variables and the
// constants they read), and the finished device module packed as
// clang-offload-packager packs it (object::OffloadBinary) into the host
// module's `.llvm.offloading` section (embedBufferInModule, what clang's
// -fembed-offload-object does). Also what the device module needs besides:
// a `link` variable reached through its reference pointer, libdevice
// linked in as clang's -mlink-builtin-bitcode links it, the global
// variables a function names.
#include "llvm-c/Core.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

using namespace llvm;

// Every `T` (a global variable, a function) constant `C` names, directly or
// inside constant expressions and aggregates, into `found`, each once.
template <class T>
static void collect_named(Constant *C, std::vector<T *> &found, std::vector<Constant *> &seen) {
  if (std::find(seen.begin(), seen.end(), C) != seen.end())
    return;
  seen.push_back(C);
  if (auto *G = dyn_cast<T>(C)) {
    found.push_back(G);
    return;
  }
  if (isa<GlobalValue>(C))
    return;
  for (Use &U : C->operands())
    if (auto *op = dyn_cast<Constant>(U.get()))
      collect_named(op, found, seen);
}

extern "C" {

// A copy of `host` in its context with the bodies of the `n` functions
// named in `keep`, the `nvars` variables named in `vars` (declare target:
// kept with their initializers and their linkage, even unused) and the
// initializers of constant globals; every other function is a
// declaration, every other global too. Globals and declarations nothing
// uses are removed.
LLVMModuleRef weft_device_clone(LLVMModuleRef host, const char **keep, unsigned n, const char **vars,
                                unsigned nvars) {
  Module *M = unwrap(host);
  StringSet<> names, declared;
  for (unsigned k = 0; k < n; ++k)
    names.insert(keep[k]);
  for (unsigned k = 0; k < nvars; ++k) {
    names.insert(vars[k]);
    declared.insert(vars[k]);
  }
  ValueToValueMapTy map;
  std::unique_ptr<Module> D = CloneModule(*M, map, [&](const GlobalValue *G) {
    if (isa<Function>(G))
      return names.contains(G->getName());
    if (auto *V = dyn_cast<GlobalVariable>(G))
      return declared.contains(V->getName()) ||
             (V->isConstant() && V->hasInitializer() && !V->hasAppendingLinkage());
    return false;
  });
  // What the clone does not reach: the host's other declarations, the
  // globals it left as declarations, llvm.used and the constructors.
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<GlobalValue *> dead;
    for (GlobalValue &G : D->global_values()) {
      // (An erased global's initializer leaves constants that still use
      // what it named.)
      G.removeDeadConstantUsers();
      if (G.use_empty() && !names.contains(G.getName()))
        dead.push_back(&G);
    }
    for (GlobalValue *G : dead) {
      G->eraseFromParent();
      changed = true;
    }
  }
  // The host's constants are the device module's own: internal, so the
  // NVPTX back end gives names PTX cannot spell (`.weft.loc.1`) valid ones.
  for (GlobalVariable &V : D->globals())
    if (V.hasInitializer() && !declared.contains(V.getName()))
      V.setLinkage(GlobalValue::InternalLinkage);
  // Host debug information and module flags (PIC, unwind tables) are the
  // host's; the device module gets its own flags.
  StripDebugInfo(*D);
  if (NamedMDNode *flags = D->getModuleFlagsMetadata())
    D->eraseNamedMetadata(flags);
  D->setModuleIdentifier(M->getModuleIdentifier() + ".device");
  return wrap(D.release());
}

// The device module `dev` as an OffloadBinary image (LLVM bitcode, OpenMP)
// for `triple`/`arch` with target `feature`, embedded in `host` as
// `@llvm.embedded.object` in section `.llvm.offloading`.
void weft_device_embed(LLVMModuleRef host, LLVMModuleRef dev, const char *triple, const char *arch,
                       const char *feature) {
  SmallString<0> code;
  raw_svector_ostream os(code);
  WriteBitcodeToFile(*unwrap(dev), os);
  object::OffloadBinary::OffloadingImage image;
  image.TheImageKind = object::IMG_Bitcode;
  image.TheOffloadKind = object::OFK_OpenMP;
  image.Flags = 0;
  image.StringData["triple"] = triple;
  image.StringData["arch"] = arch;
  image.StringData["feature"] = feature;
  image.Image = MemoryBuffer::getMemBuffer(StringRef(code.data(), code.size()), "", false);
  std::unique_ptr<MemoryBuffer> binary = object::OffloadBinary::write(image);
  embedBufferInModule(*unwrap(host), binary->getMemBufferRef(), ".llvm.offloading",
                      Align(object::OffloadBinary::getAlignment()));
}


// The device module optimized as clang optimizes a device compilation
// under -foffload-lto (the full-LTO pre-link pipeline at `level`, with the
// NVPTX target's cost model for `cpu`/`features`): the image's bitcode then
// reaches clang-linker-wrapper's link-time pipeline in the shape clang's
// does (a host fallback's clone is unoptimized: it is taken at the start of
// the host's pipeline). 0 when done, 1 when the process has no NVPTX target.
int weft_device_optimize(LLVMModuleRef dev, const char *cpu, const char *features, unsigned level) {
  Module &M = *unwrap(dev);
  std::string error;
  const Target *T = TargetRegistry::lookupTarget(M.getTargetTriple(), error);
  if (!T)
    return 1;
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(M.getTargetTriple(), cpu, features, TargetOptions(), std::nullopt));
  if (!TM)
    return 1;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM.get());
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  OptimizationLevel L = level >= 3 ? OptimizationLevel::O3 : level == 2 ? OptimizationLevel::O2 : OptimizationLevel::O1;
  ModulePassManager MPM = PB.buildLTOPreLinkDefaultPipeline(L);
  MPM.run(M, MAM);
  return 0;
}

// Every use of the variable `var` in the functions of `dev` reads its
// address from the pointer `ref` instead (a `declare target link`
// variable: libomptarget stores the device copy's address in `ref` when
// the variable is mapped). The pointer does not change while a kernel
// runs, so each function loads it once at its entry and rebuilds there the
// constant expressions that named the variable. Returns 0, or 1 when the
// variable is named where no function can load it (another global's
// initializer); `var` goes when nothing uses it.
int weft_device_link_through(LLVMModuleRef dev, const char *var, const char *ref) {
  Module *D = unwrap(dev);
  GlobalVariable *V = D->getGlobalVariable(var, true);
  GlobalVariable *R = D->getGlobalVariable(ref, true);
  if (!V || !R)
    return 0;
  V->removeDeadConstantUsers();
  for (Function &F : *D) {
    if (F.isDeclaration())
      continue;
    std::map<Constant *, Value *> done;
    Instruction *at = &*F.getEntryBlock().getFirstInsertionPt();
    // The value of constant `C` with `V` read through `R`; null when `C`
    // does not name `V`. Nested constant expressions are rebuilt as
    // instructions, operands first.
    std::function<Value *(Constant *)> rebuild = [&](Constant *C) -> Value * {
      auto hit = done.find(C);
      if (hit != done.end())
        return hit->second;
      Value *out = nullptr;
      if (C == V) {
        out = new LoadInst(R->getValueType(), R, V->getName() + ".device", at);
      } else if (auto *CE = dyn_cast<ConstantExpr>(C)) {
        std::vector<Value *> ops;
        bool named = false;
        for (Use &U : CE->operands()) {
          Value *op = rebuild(cast<Constant>(U.get()));
          named |= op != nullptr;
          ops.push_back(op ? op : U.get());
        }
        if (named) {
          Instruction *I = CE->getAsInstruction(at);
          for (unsigned k = 0; k < ops.size(); ++k)
            I->setOperand(k, ops[k]);
          out = I;
        }
      }
      done[C] = out;
      return out;
    };
    for (BasicBlock &B : F)
      for (Instruction &I : B) {
        for (Use &U : I.operands()) {
          auto *C = dyn_cast<Constant>(U.get());
          if (!C || (isa<GlobalValue>(C) && C != V))
            continue;
          if (Value *r = rebuild(C))
            U.set(r);
        }
      }
  }
  V->removeDeadConstantUsers();
  if (!V->use_empty())
    return 1;
  V->eraseFromParent();
  return 0;
}

// Links the functions `dev` calls from the bitcode library at `path`
// (libdevice) into `dev`, as clang's -mlink-builtin-bitcode does: only
// what is needed, internalized. Returns null, or the reason it could not
// (a message for LLVMDisposeMessage).
char *weft_device_link_bitcode(LLVMModuleRef dev, const char *path) {
  Module *D = unwrap(dev);
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf = MemoryBuffer::getFile(path);
  if (!buf)
    return LLVMCreateMessage(("cannot read " + std::string(path) + ": " + buf.getError().message()).c_str());
  Expected<std::unique_ptr<Module>> lib = parseBitcodeFile((*buf)->getMemBufferRef(), D->getContext());
  if (!lib)
    return LLVMCreateMessage((std::string(path) + ": " + toString(lib.takeError())).c_str());
  (*lib)->setTargetTriple(D->getTargetTriple());
  (*lib)->setDataLayout(D->getDataLayout());
  bool failed = Linker::linkModules(*D, std::move(*lib), Linker::LinkOnlyNeeded,
                                    [](Module &M, const StringSet<> &linked) {
                                      internalizeModule(M, [&linked](const GlobalValue &G) {
                                        return !G.hasName() || !linked.contains(G.getName());
                                      });
                                    });
  if (failed)
    return LLVMCreateMessage(("cannot link " + std::string(path)).c_str());
  return nullptr;
}

// The global variables the instructions of `fn` name, directly or inside
// constant expressions and aggregates, each once; the first `cap` go to
// `out`, the count is returned.
unsigned weft_device_named_globals(LLVMValueRef fn, LLVMValueRef *out, unsigned cap) {
  std::vector<GlobalVariable *> found;
  std::vector<Constant *> seen;
  for (BasicBlock &B : *unwrap<Function>(fn))
    for (Instruction &I : B)
      for (Use &U : I.operands())
        if (auto *C = dyn_cast<Constant>(U.get()))
          collect_named(C, found, seen);
  for (unsigned k = 0; k < found.size() && k < cap; ++k)
    out[k] = wrap(found[k]);
  return found.size();
}

// The functions the initializer of global variable `gv` names, directly
// or inside constant expressions and aggregates, each once; the first
// `cap` go to `out`, the count is returned.
unsigned weft_device_initializer_functions(LLVMValueRef gv, LLVMValueRef *out, unsigned cap) {
  std::vector<Function *> found;
  std::vector<Constant *> seen;
  auto *V = dyn_cast<GlobalVariable>(unwrap(gv));
  if (V && V->hasInitializer())
    collect_named(V->getInitializer(), found, seen);
  for (unsigned k = 0; k < found.size() && k < cap; ++k)
    out[k] = wrap(found[k]);
  return found.size();
}

}
