// What loops.cc (finding a worksharing loop) and unrotate.cc (turning a
// rotated loop back into one tested at the top) share: the function's loop
// forest, and how a loop's pieces are recognized.
#pragma once
#include "llvm-c/Core.h"
#include "llvm/IR/Constants.h"
#include <algorithm>
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace weft {
using namespace llvm;

// One dominator tree and loop forest per function: finding the loops of many
// regions costs one analysis, not one per region. Valid while the function's
// CFG is unchanged (normalizing a loop adds instructions, never edges).
struct Loops {
  DominatorTree DT;
  LoopInfo LI;
  explicit Loops(Function &F) : DT(F), LI(DT) {}
};


inline bool isDirectiveCall(Instruction *I);

// Whether the local variable `Ptr` points to may be written in `L`: a store
// to it, or a call given its address. (An outer loop's variable in memory,
// or a value the outer body computes into a local: a load of it is not the
// same in every iteration of `L`, and cannot be read once before it.)
inline bool writtenInLoop(Value *Ptr, Loop *L) {
  auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
  if (!A)
    return false;
  SmallVector<Value *, 8> Todo{A};
  SmallPtrSet<Value *, 8> Seen{A};
  while (!Todo.empty()) {
    Value *V = Todo.pop_back_val();
    for (User *U : V->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I)) {
        if (Seen.insert(I).second)
          Todo.push_back(I);
        continue;
      }
      if (!L->contains(I) || isa<LoadInst>(I) || isa<DbgInfoIntrinsic>(I))
        continue;
      if (auto *St = dyn_cast<StoreInst>(I); St && St->getValueOperand() == V)
        return true; // (its address escapes in the loop)
      if (isa<StoreInst>(I) || (isa<CallBase>(I) && !isDirectiveCall(I) && !I->isLifetimeStartOrEnd()))
        return true;
    }
  }
  return false;
}

// The outer loop variables of a collapsed nest and the integer each stands
// for while an inner loop's bounds are copied before the nest (0 or 1, to
// read off an affine bound's coefficients: OpenMP 5.0 lets an inner bound be
// `a * outer + b`). Each is a header phi or a variable's alloca (a load of
// it is the variable).
struct Subst {
  ArrayRef<Value *> Ivs;
  ArrayRef<int> Vals;
  // The index of the variable `V` is (or loads), else -1.
  int of(Value *V) const {
    if (auto *Ld = dyn_cast<LoadInst>(V))
      V = Ld->getPointerOperand();
    for (unsigned k = 0; k < Ivs.size(); ++k)
      if (Ivs[k] == V)
        return k;
    return -1;
  }
};

// `V` computed before the loop: V itself when the loop does not define it,
// else a copy of its computation (loads, casts, arithmetic, GEPs) before the
// preheader's terminator, which OpenMP allows since a worksharing loop's
// bounds and step are loop-invariant. Null when V cannot be copied (a phi, a
// call, a load of the IV itself). With `S`, an outer variable of the nest
// is replaced by its integer, and *Deg says how V depends on the outer
// variables: 0 not at all, 1 affinely (anything else is refused).
inline Value *hoist(Value *V, Loop *L, Instruction *At, Value *IvSlot, const Subst *S = nullptr, int *Deg = nullptr,
                    int Depth = 0) {
  int Local = 0;
  int &D = Deg ? *Deg : Local;
  D = 0;
  if (int k = S ? S->of(V) : -1; k >= 0 && V->getType()->isIntegerTy()) {
    D = 1;
    return ConstantInt::get(V->getType(), S->Vals[k]);
  }
  if (L->isLoopInvariant(V))
    return V;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 16)
    return nullptr;
  // (Comparisons and selects too: a trip count computed inside an outer
  // loop, as a tile's or an unrolled loop's generated loop has, is one.)
  if (!(isa<LoadInst>(I) || isa<CastInst>(I) || isa<BinaryOperator>(I) || isa<GetElementPtrInst>(I) ||
        isa<ICmpInst>(I) || isa<SelectInst>(I)))
    return nullptr;
  if (auto *LdI = dyn_cast<LoadInst>(I); LdI && (LdI->getPointerOperand() == IvSlot || LdI->isVolatile() ||
                                                  writtenInLoop(LdI->getPointerOperand(), L)))
    return nullptr;
  SmallVector<Value *, 4> Ops;
  SmallVector<int, 4> Degs;
  for (Value *Op : I->operands()) {
    int OpDeg = 0;
    Value *H = hoist(Op, L, At, IvSlot, S, &OpDeg, Depth + 1);
    if (!H)
      return nullptr;
    Ops.push_back(H);
    Degs.push_back(OpDeg);
  }
  // The degree in the outer variables: sums and differences keep it,
  // a product adds them, casts keep it; anything else must not see them.
  auto Max = [&] {
    int M = 0;
    for (int Dg : Degs)
      M = std::max(M, Dg);
    return M;
  };
  unsigned Op = I->getOpcode();
  if (Op == Instruction::Add || Op == Instruction::Sub || isa<CastInst>(I))
    D = Max();
  else if (Op == Instruction::Mul)
    D = Degs[0] + Degs[1];
  else if (Op == Instruction::Shl && Degs[1] == 0)
    D = Degs[0];
  else if (Max() > 0)
    return nullptr;
  if (D > 1)
    return nullptr;
  Instruction *C = I->clone();
  for (unsigned k = 0; k < Ops.size(); ++k)
    C->setOperand(k, Ops[k]);
  C->setName(I->getName() + ".pre");
  C->insertBefore(At);
  return C;
}

// The IV behind a compare operand: the operand itself, or a sext/zext of it.
inline Value *stripCast(Value *V, int &Cast) {
  Cast = 0;
  if (auto *S = dyn_cast<SExtInst>(V))
    return Cast = 1, S->getOperand(0);
  if (auto *Z = dyn_cast<ZExtInst>(V))
    return Cast = 2, Z->getOperand(0);
  return V;
}

// A directive intrinsic call: its operands are clause variables (a construct
// inside the loop naming the loop variable), which the call does not write.
inline bool isDirectiveCall(Instruction *I) {
  auto *C = dyn_cast<CallBase>(I);
  Function *F = C ? C->getCalledFunction() : nullptr;
  return F && (F->getName().startswith("llvm.directive") || F->getName().startswith("llvm.intel.directive"));
}

// `Next` = IV + step or IV - step (either operand order for +): sets Step.
inline bool matchStep(Value *Next, Value *Iv, Value *&Step, int &Negated) {
  auto *B = dyn_cast<BinaryOperator>(Next);
  if (!B)
    return false;
  if (B->getOpcode() == Instruction::Add) {
    Negated = 0;
    if (B->getOperand(0) == Iv)
      return Step = B->getOperand(1), true;
    if (B->getOperand(1) == Iv)
      return Step = B->getOperand(0), true;
  }
  if (B->getOpcode() == Instruction::Sub && B->getOperand(0) == Iv)
    return Negated = 1, Step = B->getOperand(1), true;
  return false;
}

// Where the two sides of `BB`'s conditional branch meet again, each side a
// straight path of a few blocks outside any loop (an if/else, or the skip
// around a guarded loop's preheader); null when they do not.
inline BasicBlock *diamondJoin(BasicBlock *BB, LoopInfo &LI) {
  auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
  if (!Br || !Br->isConditional())
    return nullptr;
  SmallVector<BasicBlock *, 8> Left;
  for (BasicBlock *B = Br->getSuccessor(0); B && Left.size() < 8 && !LI.isLoopHeader(B); B = B->getUniqueSuccessor())
    Left.push_back(B);
  int Steps = 0;
  for (BasicBlock *B = Br->getSuccessor(1); B && Steps < 8; B = B->getUniqueSuccessor(), ++Steps) {
    if (is_contained(Left, B))
      return B;
    if (LI.isLoopHeader(B))
      return nullptr;
  }
  return nullptr;
}
} // namespace weft
