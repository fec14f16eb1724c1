// weft's C++ helper: the few things the LLVM 16 C API cannot do that are
// not about one concern of their own: printing operands with slot numbers,
// splitting blocks and erasing directive calls, diagnostics and remarks,
// operands replaced, calls found, debug locations. Its neighbours hold the
// rest: operands.cc (a directive call's bundles and metadata strings),
// outline.cc (outlining a region), variables.cc (what a pointer names),
// loops.cc, unrotate.cc, simd.cc, widen.cc. Every function here is wrapped
// by exactly one safe function in src/ffi.rs.
#include "llvm-c/Core.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"
#include <cstring>
#include <string>

using namespace llvm;

extern "C" {

// One slot numbering per function, so that printing many unnamed values
// (%7, %12) costs one numbering instead of one per value. Valid until the
// function is modified.
void *weft_slots_new(LLVMModuleRef m) {
  return new ModuleSlotTracker(unwrap(m), /*ShouldInitializeAllMetadata=*/false);
}

// Switches the tracker to `fn` (numbering its unnamed values); the module's
// own numbering is made once per tracker, not once per function.
void weft_slots_incorporate(void *slots, LLVMValueRef fn) {
  static_cast<ModuleSlotTracker *>(slots)->incorporateFunction(*cast<Function>(unwrap(fn)));
}

void weft_slots_free(void *slots) { delete static_cast<ModuleSlotTracker *>(slots); }

char *weft_print_operand_slots(void *slots, LLVMValueRef v, int with_type) {
  std::string S;
  raw_string_ostream OS(S);
  unwrap(v)->printAsOperand(OS, with_type != 0, *static_cast<ModuleSlotTracker *>(slots));
  OS.flush();
  return strdup(S.c_str());
}

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

// Deletes the blocks of `fn` that its entry cannot reach (LLVM's
// removeUnreachableBlocks). Returns whether any was deleted.
int weft_remove_unreachable_blocks(LLVMValueRef fn) {
  return removeUnreachableBlocks(*cast<Function>(unwrap(fn)));
}

// The block's single predecessor, or null.
LLVMBasicBlockRef weft_single_predecessor(LLVMBasicBlockRef bb) { return wrap(unwrap(bb)->getSinglePredecessor()); }

// An optimization remark of pass "weft" at `inst` (kind 0: passed, 1:
// missed, 2: analysis), shown by opt -pass-remarks=weft (and
// -pass-remarks-missed / -pass-remarks-analysis) and clang -Rpass=weft.
void weft_remark(int kind, LLVMValueRef inst, const char *name, const char *msg) {
  auto *I = cast<Instruction>(unwrap(inst));
  LLVMContext &Ctx = I->getContext();
  switch (kind) {
  case 0: {
    OptimizationRemark R("weft", name, I);
    R << msg;
    Ctx.diagnose(R);
    break;
  }
  case 1: {
    OptimizationRemarkMissed R("weft", name, I);
    R << msg;
    Ctx.diagnose(R);
    break;
  }
  default: {
    OptimizationRemarkAnalysis R("weft", name, I);
    R << msg;
    Ctx.diagnose(R);
    break;
  }
  }
}

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

// A no-op copy of `v` before `before`: `select i1 true, v, v`, made
// directly so that no folder removes it (InstCombine does, later), and not
// a cast, so that rematerializing the pointers derived from `v` does not
// take the copy for one of them.
LLVMValueRef weft_no_op_copy(LLVMValueRef v, LLVMValueRef before, const char *name) {
  Value *V = unwrap(v);
  auto *At = cast<Instruction>(unwrap(before));
  return wrap(SelectInst::Create(ConstantInt::getTrue(At->getContext()), V, V, name, At));
}

// Gives `to` the debug location of `from`.
void weft_copy_debug_loc(LLVMValueRef from, LLVMValueRef to) {
  cast<Instruction>(unwrap(to))->setDebugLoc(cast<Instruction>(unwrap(from))->getDebugLoc());
}

// Calls of `fn` (its users that are calls to it).
unsigned weft_calls_to(LLVMValueRef fn, LLVMValueRef *out, unsigned cap) {
  unsigned n = 0;
  for (User *U : unwrap(fn)->users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == unwrap(fn)) {
      if (n < cap)
        out[n] = wrap(CB);
      ++n;
    }
  return n;
}

// A call's uses go to its first argument, and the call is erased.
void weft_replace_call_by_argument(LLVMValueRef call) {
  auto *CB = cast<CallBase>(unwrap(call));
  CB->replaceAllUsesWith(CB->getArgOperand(0));
  CB->eraseFromParent();
}

// Replaces every operand of `user` that is `from` by `to`; returns how many.
unsigned weft_replace_operand(LLVMValueRef user, LLVMValueRef from, LLVMValueRef to) {
  User *U = cast<User>(unwrap(user));
  unsigned n = 0;
  for (Use &Op : U->operands())
    if (Op.get() == unwrap(from)) {
      Op.set(unwrap(to));
      ++n;
    }
  return n;
}

// Whether `v` is an operand of `user`.
int weft_has_operand(LLVMValueRef user, LLVMValueRef v) {
  User *U = cast<User>(unwrap(user));
  for (Use &Op : U->operands())
    if (Op.get() == unwrap(v))
      return 1;
  return 0;
}

// Every call in a function with debug info to a function with debug info
// (a microtask, a user's helper) must carry a location, or the verifier
// rejects it (an inlinable call) and the inliner can fail on it. Calls weft
// made get the location of the nearest instruction before them that has
// one, else line 0 of the function. Returns how many were given one.
unsigned weft_locate_calls(LLVMValueRef fn) {
  Function *F = cast<Function>(unwrap(fn));
  DISubprogram *SP = F->getSubprogram();
  if (!SP)
    return 0;
  unsigned n = 0;
  for (BasicBlock &BB : *F) {
    DebugLoc Last;
    for (Instruction &I : BB) {
      if (I.getDebugLoc()) {
        Last = I.getDebugLoc();
        continue;
      }
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee || !Callee->getSubprogram())
        continue;
      I.setDebugLoc(Last ? Last : DebugLoc(DILocation::get(F->getContext(), 0, 0, SP)));
      ++n;
    }
  }
  return n;
}

} // extern "C"
