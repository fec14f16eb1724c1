// The device module of offloading (docs/offload-device.md): the host
// module's kernels cloned into a module of their own (CloneModule, keeping
// only the named functions' bodies and the constants they read), and the
// finished device module packed as clang-offload-packager packs it
// (object::OffloadBinary) into the host module's `.llvm.offloading`
// section (embedBufferInModule, what clang's -fembed-offload-object does).
#include "llvm-c/Core.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <vector>

using namespace llvm;

extern "C" {

// A copy of `host` in its context with the bodies of the `n` functions
// named in `keep` and the initializers of constant globals; every other
// function is a declaration, every other global too. Globals and
// declarations nothing uses are removed.
LLVMModuleRef weft_device_clone(LLVMModuleRef host, const char **keep, unsigned n) {
  Module *M = unwrap(host);
  StringSet<> names;
  for (unsigned k = 0; k < n; ++k)
    names.insert(keep[k]);
  ValueToValueMapTy map;
  std::unique_ptr<Module> D = CloneModule(*M, map, [&](const GlobalValue *G) {
    if (isa<Function>(G))
      return names.contains(G->getName());
    if (auto *V = dyn_cast<GlobalVariable>(G))
      return V->isConstant() && V->hasInitializer() && !V->hasAppendingLinkage();
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
    if (V.hasInitializer())
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

}
