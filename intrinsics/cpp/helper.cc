// weft's C++ helper: the few things the LLVM 16 C API cannot do.
// Every function here is wrapped by exactly one safe function in src/ffi.rs.
#include "llvm-c/Core.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/IR/Constants.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Transforms/Utils/Local.h"

#include <cstring>
#include <string>

using namespace llvm;

extern "C" {

// ---- operand bundles (LLVM 16's C API has no accessor for them) ----

unsigned weft_bundle_count(LLVMValueRef call) {
  auto *CB = dyn_cast_or_null<CallBase>(unwrap(call));
  return CB ? CB->getNumOperandBundles() : 0;
}

// The tag's bytes stay owned by the LLVMContext.
const char *weft_bundle_tag(LLVMValueRef call, unsigned i, size_t *len) {
  auto *CB = cast<CallBase>(unwrap(call));
  StringRef Tag = CB->getOperandBundleAt(i).getTagName();
  *len = Tag.size();
  return Tag.data();
}

unsigned weft_bundle_input_count(LLVMValueRef call, unsigned i) {
  return cast<CallBase>(unwrap(call))->getOperandBundleAt(i).Inputs.size();
}

LLVMValueRef weft_bundle_input(LLVMValueRef call, unsigned i, unsigned j) {
  return wrap(cast<CallBase>(unwrap(call))->getOperandBundleAt(i).Inputs[j].get());
}

// ---- metadata operands ----

// The string of `metadata !"S"` or of `metadata !{!"S"}` (a one-string node,
// as the paper also writes it); null when the value is neither.
const char *weft_metadata_string(LLVMValueRef v, size_t *len) {
  auto *MAV = dyn_cast_or_null<MetadataAsValue>(unwrap(v));
  if (!MAV)
    return nullptr;
  Metadata *MD = MAV->getMetadata();
  if (auto *N = dyn_cast<MDNode>(MD)) {
    if (N->getNumOperands() != 1)
      return nullptr;
    MD = N->getOperand(0).get();
  }
  auto *S = dyn_cast_or_null<MDString>(MD);
  if (!S)
    return nullptr;
  *len = S->getString().size();
  return S->getString().data();
}

int weft_is_metadata(LLVMValueRef v) { return isa<MetadataAsValue>(unwrap(v)); }

// ---- printing ----

// One slot numbering per function, so that printing many unnamed values
// (%7, %12) costs one numbering instead of one per value. Valid until the
// function is modified.
void *weft_slots_new(LLVMValueRef fn) {
  auto *F = cast<Function>(unwrap(fn));
  auto *MST = new ModuleSlotTracker(F->getParent(), /*ShouldInitializeAllMetadata=*/false);
  MST->incorporateFunction(*F);
  return MST;
}

void weft_slots_free(void *slots) { delete static_cast<ModuleSlotTracker *>(slots); }

char *weft_print_operand_slots(void *slots, LLVMValueRef v, int with_type) {
  std::string S;
  raw_string_ostream OS(S);
  unwrap(v)->printAsOperand(OS, with_type != 0, *static_cast<ModuleSlotTracker *>(slots));
  OS.flush();
  return strdup(S.c_str());
}

// ---- CFG utilities worth reusing ----

// Splits the block of `inst` before it; the new block gets `name` and the
// terminator; successors' phis are updated by LLVM.
LLVMBasicBlockRef weft_split_block_before(LLVMValueRef inst, const char *name) {
  auto *I = cast<Instruction>(unwrap(inst));
  return wrap(I->getParent()->splitBasicBlock(I, name));
}

// Erases the directive calls (or invokes) `calls[0..n)` whatever uses them.
// Invokes become a call and a branch first (LLVM's changeToCall). A call
// that takes a doomed call's token belongs to the directive and is erased
// too (ISel cannot lower a `token none` operand), transitively. Every use is
// replaced (token none or poison) before anything is erased, and each
// instruction is erased exactly once, whatever the order of the calls.
void weft_erase_directive_calls(LLVMValueRef *calls, unsigned n) {
  SmallVector<Instruction *, 16> Doomed;
  SmallPtrSet<Instruction *, 16> Seen;
  auto Add = [&](Instruction *I) {
    if (auto *II = dyn_cast<InvokeInst>(I))
      I = changeToCall(II);
    if (Seen.insert(I).second)
      Doomed.push_back(I);
  };
  for (unsigned i = 0; i < n; ++i)
    Add(cast<Instruction>(unwrap(calls[i])));
  for (size_t k = 0; k < Doomed.size(); ++k) {
    Instruction *I = Doomed[k];
    if (!I->getType()->isTokenTy())
      continue;
    SmallSetVector<Instruction *, 4> Users;
    for (User *U : I->users())
      if (auto *CB = dyn_cast<CallBase>(U))
        Users.insert(CB);
    for (Instruction *U : Users)
      if (!Seen.count(U))
        Add(U);
  }
  for (Instruction *I : Doomed) {
    if (I->use_empty())
      continue;
    Type *T = I->getType();
    if (T->isTokenTy())
      I->replaceAllUsesWith(ConstantTokenNone::get(I->getContext()));
    else
      I->replaceAllUsesWith(PoisonValue::get(T));
  }
  for (Instruction *I : Doomed)
    I->eraseFromParent();
}

// Moves `inst` before `before` (same function).
void weft_move_before(LLVMValueRef inst, LLVMValueRef before) {
  cast<Instruction>(unwrap(inst))->moveBefore(cast<Instruction>(unwrap(before)));
}

// ---- diagnostics ----

namespace {
class WeftDiagnostic : public DiagnosticInfo {
  std::string Msg;

public:
  WeftDiagnostic(int Kind, DiagnosticSeverity Sev, std::string M)
      : DiagnosticInfo(Kind, Sev), Msg(std::move(M)) {}
  void print(DiagnosticPrinter &DP) const override { DP << Msg; }
};
int weftDiagKind() {
  static int Kind = getNextAvailablePluginDiagnosticKind();
  return Kind;
}
} // namespace

// Reports through the context's diagnostic handler: clang prints it as
// `error: ...` and fails the compile; opt prints it and exits 1.
// severity: 0 error, 1 warning, 3 note (LLVM's DiagnosticSeverity).
void weft_diagnose(LLVMModuleRef m, int severity, const char *msg) {
  LLVMContext &Ctx = unwrap(m)->getContext();
  Ctx.diagnose(WeftDiagnostic(weftDiagKind(), (DiagnosticSeverity)severity, msg));
}

} // extern "C"
