// Worksharing loop fusion for weft-regionopt (passes/src/regionopt/fusion.rs):
// LLVM's DependenceAnalysis (with basic, type-based and scoped alias
// analysis) asked whether two memory instructions may depend, and the CFG
// splice that runs a second normalized loop's body after the first's on the
// same iteration. Only the CFG and the induction variables change here; the
// Rust side edits the directive calls.
#include "llvm-c/Core.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include <memory>

using namespace llvm;

namespace {
// The analyses DependenceInfo needs, built for one function and kept while
// weft-regionopt plans (nothing changes the function meanwhile).
struct Deps {
  DominatorTree DT;
  LoopInfo LI;
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  AssumptionCache AC;
  ScalarEvolution SE;
  BasicAAResult BAA;
  TypeBasedAAResult TBAA;
  ScopedNoAliasAAResult SNA;
  AAResults AA;
  DependenceInfo DI;
  explicit Deps(Function &F)
      : DT(F), LI(DT), TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII, &F), AC(F), SE(F, TLI, AC, DT, LI),
        BAA(F.getParent()->getDataLayout(), F, TLI, AC, &DT), TBAA(), SNA(), AA(TLI), DI(&F, &AA, &SE, &LI) {
    AA.addAAResult(BAA);
    AA.addAAResult(TBAA);
    AA.addAAResult(SNA);
  }
};

bool callsNamed(Instruction *I, StringRef Prefix) {
  auto *C = dyn_cast<CallBase>(I);
  Function *F = C ? C->getCalledFunction() : nullptr;
  return F && F->getName().startswith(Prefix);
}

// The loop whose header loads the normalized induction variable `Iv` and
// that does not contain the directive `Dir`.
Loop *loopOf(LoopInfo &LI, Value *Iv, Instruction *Dir) {
  for (User *U : Iv->users())
    if (auto *Ld = dyn_cast<LoadInst>(U))
      if (Loop *L = LI.getLoopFor(Ld->getParent()); L && L->getHeader() == Ld->getParent() && !L->contains(Dir))
        return L;
  return nullptr;
}

// The first load of `Iv` in block `B`.
LoadInst *loadIn(BasicBlock *B, Value *Iv) {
  for (Instruction &I : *B)
    if (auto *Ld = dyn_cast<LoadInst>(&I); Ld && Ld->getPointerOperand() == Iv)
      return Ld;
  return nullptr;
}

// A top-tested loop as paropt partitions it: a preheader, one latch ending
// in a plain branch back, and the header's test as the only way out.
const char *shape(Loop *L, BasicBlock *&Exit, BasicBlock *&Body) {
  if (!L->getLoopPreheader() || !L->getLoopLatch())
    return "a loop has no preheader or more than one back edge";
  if (L->getExitingBlock() != L->getHeader())
    return "a loop does not leave only from its header's test";
  auto *Br = dyn_cast<BranchInst>(L->getHeader()->getTerminator());
  auto *Back = dyn_cast<BranchInst>(L->getLoopLatch()->getTerminator());
  if (!Br || !Br->isConditional() || !Back || Back->isConditional())
    return "a loop is not a header test with a plain back edge";
  bool TrueStays = L->contains(Br->getSuccessor(0));
  Body = Br->getSuccessor(TrueStays ? 0 : 1);
  Exit = Br->getSuccessor(TrueStays ? 1 : 0);
  if (L->contains(Exit) || !L->contains(Body) || Body == L->getHeader())
    return "a loop's header test does not choose between the loop and its exit";
  return nullptr;
}

// The memory a setup instruction's address reaches, through GEPs, casts and
// weft's private address markers.
Value *base(Value *P) {
  for (int k = 0; k < 32; ++k) {
    P = P->stripPointerCasts();
    if (auto *G = dyn_cast<GEPOperator>(P))
      P = G->getPointerOperand();
    else if (auto *C = dyn_cast<CallInst>(P); C && callsNamed(C, "weft.private.addr"))
      P = C->getArgOperand(0);
    else
      break;
  }
  return P;
}

struct Splice {
  Loop *L1, *L2;
  BasicBlock *Body2, *Exit2;
  LoadInst *Cur1;       // the header's load of the first loop's variable
  Instruction *IncLoad; // where the first loop's increment begins
  SmallVector<Instruction *, 16> Setup;
};

const char *plan(DominatorTree &DT, LoopInfo &LI, Value *Iv1, Value *Iv2, Value *Ub2, Instruction *E1, Instruction *E2,
                 ArrayRef<Value *> Privates, Splice &S) {
  S.L1 = loopOf(LI, Iv1, E1);
  S.L2 = loopOf(LI, Iv2, E2);
  if (!S.L1 || !S.L2)
    return "a loop whose header does not read its normalized induction variable";
  if (S.L1->contains(S.L2) || S.L2->contains(S.L1))
    return "the loops are nested";
  BasicBlock *Exit1, *Body1;
  if (const char *Why = shape(S.L1, Exit1, Body1))
    return Why;
  if (const char *Why = shape(S.L2, S.Exit2, S.Body2))
    return Why;
  (void)Body1;
  (void)Exit1;
  S.Cur1 = loadIn(S.L1->getHeader(), Iv1);
  if (!S.Cur1)
    return "the first loop's header does not load its induction variable";
  // The first loop's increment: slot = load(slot) + step, last in its latch.
  BasicBlock *Latch1 = S.L1->getLoopLatch();
  StoreInst *Inc = nullptr;
  for (User *U : Iv1->users())
    if (auto *St = dyn_cast<StoreInst>(U); St && S.L1->contains(St))
      Inc = Inc ? reinterpret_cast<StoreInst *>(-1) : St;
  if (!Inc || Inc == reinterpret_cast<StoreInst *>(-1) || Inc->getParent() != Latch1)
    return "the first loop's variable is not stepped once, in its latch";
  // (The add reads the variable by a load of its own in the latch, or by
  // the header's.)
  auto *Add = dyn_cast<BinaryOperator>(Inc->getValueOperand());
  LoadInst *Ld = nullptr;
  if (Add)
    for (Value *Op : Add->operands())
      if (auto *L = dyn_cast<LoadInst>(Op); L && L->getPointerOperand() == Iv1 && S.L1->contains(L))
        Ld = L;
  if (!Ld || Add->getParent() != Latch1)
    return "the first loop's step is not an add of its variable stored in its latch";
  Instruction *From = Ld->getParent() == Latch1 && Ld->comesBefore(Add) ? static_cast<Instruction *>(Ld) : Add;
  for (Instruction *I = From; I != Latch1->getTerminator(); I = I->getNextNode())
    if (I != Ld && I != Add && I != Inc && !isa<DbgInfoIntrinsic>(I))
      return "the first loop's latch has body code after its step";
  S.IncLoad = From;
  // The second loop's header runs after the first's body: nothing in it may
  // write.
  for (Instruction &I : *S.L2->getHeader())
    if (&I != S.L2->getHeader()->getTerminator() && I.mayHaveSideEffects())
      return "the second loop's header test has side effects";
  // The second loop's setup (after its directive, before its loop) moves
  // before the first loop: only private stores, loads and computations
  // on values known there.
  BasicBlock *P1 = S.L1->getLoopPreheader(), *P2 = S.L2->getLoopPreheader();
  // (The setup may run through blocks of its own, as weft-prepare splits
  // them at directives: plain branches, each block entered only from the
  // one before.)
  SmallVector<Instruction *, 32> Walk;
  for (BasicBlock *B = E2->getParent();; B = B->getUniqueSuccessor()) {
    if (!B || (B != E2->getParent() && !B->getSinglePredecessor()) || Walk.size() > 256)
      return "the second loop's setup is not a straight path from its directive to its loop";
    for (Instruction &I : *B)
      if (&I != B->getTerminator() && (B != E2->getParent() || E2->comesBefore(&I)))
        Walk.push_back(&I);
    if (B == P2)
      break;
    if (!isa<BranchInst>(B->getTerminator()))
      return "the second loop's setup is not a straight path from its directive to its loop";
  }
  for (Instruction *I : Walk) {
    if (auto *St = dyn_cast<StoreInst>(I)) {
      Value *B = base(St->getPointerOperand());
      if (B != Iv2 && B != Ub2 && !is_contained(Privates, B))
        return "the second loop's setup writes memory other than its private variables";
    } else if (isa<CallBase>(I)) {
      if (!callsNamed(I, "weft.private.addr") && !callsNamed(I, "llvm.lifetime.") && !isa<DbgInfoIntrinsic>(I))
        return "the second loop's setup makes a call";
    } else if (I->mayHaveSideEffects()) {
      return "the second loop's setup has side effects";
    }
    for (Value *Op : I->operands())
      if (auto *D = dyn_cast<Instruction>(Op);
          D && !is_contained(S.Setup, D) && !DT.dominates(D, P1->getTerminator()))
        return "the second loop's setup uses a value computed after the first loop begins";
    S.Setup.push_back(I);
  }
  for (Value *Slot : {Iv2, Ub2})
    for (User *U : Slot->users()) {
      auto *I = dyn_cast<Instruction>(U);
      bool Known = I && (isa<LoadInst>(I) || isa<StoreInst>(I)) && (S.L2->contains(I) || is_contained(S.Setup, I));
      if (I && isa<LoadInst>(I) && Slot == Iv2 && !S.L2->contains(I))
        return "the second loop's setup reads its induction variable";
      if (I && !Known && !callsNamed(I, "llvm.directive"))
        return "the second loop's induction variable or bound is used outside its loop";
      if (auto *St = dyn_cast<StoreInst>(U); St && St->getValueOperand() == Slot)
        return "the second loop's induction variable's address is stored";
    }
  return nullptr;
}

void apply(Splice &S, Value *Iv2, Value *Ub1, Value *Ub2) {
  BasicBlock *P1 = S.L1->getLoopPreheader(), *P2 = S.L2->getLoopPreheader();
  BasicBlock *H1 = S.L1->getHeader(), *H2 = S.L2->getHeader(), *Latch2 = S.L2->getLoopLatch();
  for (Instruction *I : S.Setup)
    I->moveBefore(P1->getTerminator());
  // The second loop runs on the first's iteration: its variable is the
  // first's, its bound the first's (proven equal), its test always true.
  SmallVector<Instruction *, 8> Dead;
  for (Value *Slot : {Iv2, Ub2})
    for (User *U : make_early_inc_range(Slot->users())) {
      if (auto *Ld = dyn_cast<LoadInst>(U)) {
        Value *To = S.Cur1;
        if (Slot == Ub2)
          To = new LoadInst(Ld->getType(), Ub1, "omp.fused.ub", Ld);
        Ld->replaceAllUsesWith(To);
        Dead.push_back(Ld);
      } else if (auto *St = dyn_cast<StoreInst>(U)) {
        Dead.push_back(St);
      }
    }
  for (Instruction *I : Dead)
    I->eraseFromParent();
  BasicBlock *Inc1 = SplitBlock(S.IncLoad->getParent(), S.IncLoad);
  Inc1->setName("omp.fused.inc");
  // first body -> second header -> second body -> first step -> first header
  cast<BranchInst>(Inc1->getSinglePredecessor()->getTerminator())->setSuccessor(0, H2);
  BranchInst::Create(S.Body2, H2->getTerminator());
  H2->getTerminator()->eraseFromParent();
  cast<BranchInst>(Latch2->getTerminator())->setSuccessor(0, Inc1);
  // The second loop's old entry goes straight to its old exit.
  auto *PT = cast<BranchInst>(P2->getTerminator());
  for (unsigned k = 0; k < PT->getNumSuccessors(); ++k)
    if (PT->getSuccessor(k) == H2)
      PT->setSuccessor(k, S.Exit2);
  (void)H1;
}
} // namespace

extern "C" {

void *weft_deps_new(LLVMValueRef f) { return new Deps(*unwrap<Function>(f)); }

void weft_deps_free(void *d) { delete static_cast<Deps *>(d); }

// Whether DependenceAnalysis finds that `a` and `b` (loads or stores) may
// touch the same memory on some iterations: 0 only when it proves they
// never do (alias analysis tells their objects apart, or their subscripts
// differ on every iteration).
int weft_deps_may_depend(void *d, LLVMValueRef a, LLVMValueRef b) {
  auto *D = static_cast<Deps *>(d);
  auto *A = unwrap<Instruction>(a), *B = unwrap<Instruction>(b);
  return D->DI.depends(A, B, true) != nullptr;
}

// Why the loop of the region whose BEGIN group ends at `e2` cannot run its
// body after that of the loop of `e1` on the same iteration, or null; with
// `doit`, also makes it so (the directive calls are left to the caller).
const char *weft_fuse_loops(LLVMValueRef iv1, LLVMValueRef ub1, LLVMValueRef iv2, LLVMValueRef ub2, LLVMValueRef e1,
                            LLVMValueRef e2, LLVMValueRef *privates, unsigned n, int doit) {
  auto *E1 = unwrap<Instruction>(e1), *E2 = unwrap<Instruction>(e2);
  Function &F = *E1->getFunction();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<Value *, 8> Privs;
  for (unsigned k = 0; k < n; ++k)
    Privs.push_back(unwrap(privates[k]));
  Splice S;
  if (const char *Why = plan(DT, LI, unwrap(iv1), unwrap(iv2), unwrap(ub2), E1, E2, Privs, S))
    return Why;
  if (doit)
    apply(S, unwrap(iv2), unwrap(ub1), unwrap(ub2));
  return nullptr;
}
}
