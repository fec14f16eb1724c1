// Rotated worksharing loops, as LLVM's LoopRotate leaves them (and as a
// front end that optimizes before weft may hand them over): the test is at
// the bottom, in the latch, and a guard before the loop skips it when the
// first test fails. Partitioning needs the test at the top, since a thread
// may get no iteration. weft_find_rotated recognizes such a loop (only
// reading, but for dead phis after it); weft's Rust side computes how many
// iterations it runs once entered (passes/src/prepare/loops.rs), and
// weft_unrotate rebuilds it around a counter tested at the top:
//
//   G: br c, P, X                   G: br c, P, J
//   P: br H                         P: n' = ...; br J
//   H: i = phi [s,P],[i+st,L]       J: n = phi [n',P], [0,G]; br NH
//   ...                             NH: k = phi [0,J],[k+1,L]; br k < n, H, E
//   L: br test(i+st), H, E          H: i = s + k*st ...   L: br NH
//   E: ... X                        E: ... X (X no longer follows G)
//
// so every thread reaches the loop (maybe for no iteration) and the skip
// path runs the loop zero times; without a guard, J is P. Every phi of H
// must be such an induction (it becomes a function of k), code between E and
// X must do nothing, and a value the loop computes may not be used after it.
#include "loops.h"
#include "llvm/IR/IRBuilder.h"

using namespace weft;

namespace {
// The blocks from `From` along unique successors (at most a few), or empty
// when `To` is not among them.
SmallVector<BasicBlock *, 4> straightPath(BasicBlock *From, BasicBlock *To) {
  SmallVector<BasicBlock *, 4> Path;
  for (BasicBlock *B = From; B && Path.size() < 8; B = B->getUniqueSuccessor()) {
    Path.push_back(B);
    if (B == To)
      return Path;
  }
  return {};
}

// Only phis nobody uses and a branch: passing through does nothing.
bool passesThrough(BasicBlock *B) {
  for (Instruction &I : *B)
    if (!(isa<PHINode>(I) && I.use_empty()) && &I != B->getTerminator())
      return false;
  return true;
}
// The first loop on the straight path from `First`, through at most one
// guard (sets Guard, the side it enters the loop by, and Skip, its other
// successor); null if none.
Loop *firstLoop(Loops &Ls, BasicBlock *First, BasicBlock *&Guard, BasicBlock *&Skip, bool &TrueEnters) {
  BasicBlock *BB = First;
  Loop *L = nullptr;
  SmallPtrSet<BasicBlock *, 8> Seen;
  while (BB && Seen.insert(BB).second) {
    // (A loop around the directive, such as a do-while whose body starts
    // with it, is not the region's loop.)
    if (Ls.LI.isLoopHeader(BB) && !Ls.LI.getLoopFor(BB)->contains(First)) {
      L = Ls.LI.getLoopFor(BB);
      break;
    }
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Guard && Br && Br->isConditional()) {
      // A guard: one side reaches a rotated loop's header, the other is
      // where that loop's exit leads.
      for (unsigned S = 0; S < 2 && !L; ++S) {
        for (BasicBlock *B = Br->getSuccessor(S); B && Seen.size() < 32; B = B->getUniqueSuccessor()) {
          if (Ls.LI.isLoopHeader(B) && !Ls.LI.getLoopFor(B)->contains(First)) {
            Loop *C = Ls.LI.getLoopFor(B);
            BasicBlock *E = C->getUniqueExitBlock();
            if (E && !straightPath(E, Br->getSuccessor(1 - S)).empty())
              L = C, Guard = BB, TrueEnters = S == 0, Skip = Br->getSuccessor(1 - S);
            break;
          }
          if (!Seen.insert(B).second)
            break;
        }
      }
      break;
    }
    BB = BB->getUniqueSuccessor();
  }
  return L;
}
} // namespace

extern "C" {

// What weft_find_rotated reports.
struct WeftRotated {
  LLVMBasicBlockRef guard;  // null when the loop is entered unconditionally
  int guard_true_enters;    // the guard's true edge leads to the loop
  LLVMBasicBlockRef skip;   // the guard's other successor
  LLVMBasicBlockRef preheader, header, latch, exit;
  LLVMValueRef iv;          // the phi the latch's test reads (through `next` or not)
  LLVMValueRef start, bound, step;
  int step_negated;
  int pred;                 // continue while `iv' PRED bound` (iv on the left)
  int cast;                 // 0 none, 1 sext, 2 zext before the compare
  int tests_next;           // the test reads the next value (iv + step), not iv
};

// `*found` = 1 when the first loop on the straight path from `first`
// (through at most one guard) is a rotated loop weft can rebuild, described
// in *out; 0 when there is none (or the loop is tested at the top). Returns
// why a rotated loop cannot be rebuilt, else null.
const char *weft_find_rotated(void *loops, LLVMBasicBlockRef first, WeftRotated *out, int *found) {
  Loops &Ls = *static_cast<Loops *>(loops);
  *found = 0;
  BasicBlock *Guard = nullptr, *Skip = nullptr;
  bool TrueEnters = false;
  Loop *L = firstLoop(Ls, unwrap(first), Guard, Skip, TrueEnters);
  if (!L)
    return nullptr;
  BasicBlock *P = L->getLoopPreheader(), *H = L->getHeader(), *Latch = L->getLoopLatch();
  if (!P || !Latch || L->getExitingBlock() != Latch)
    return nullptr; // tested at the top, or not a loop weft can count: find_loop says why
  auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp)
    return "the rotated loop's latch does not end in a branch on an integer comparison";
  bool TrueStays = Br->getSuccessor(0) == H;
  BasicBlock *E = Br->getSuccessor(TrueStays ? 1 : 0);
  if (Br->getSuccessor(TrueStays ? 0 : 1) != H || L->contains(E))
    return "the rotated loop's latch test does not choose between the loop and its exit";
  // Dead LCSSA phis would look like uses after the loop.
  for (PHINode &Phi : make_early_inc_range(E->phis()))
    if (Phi.use_empty())
      Phi.eraseFromParent();
  for (BasicBlock *B : L->blocks())
    for (Instruction &I : *B)
      for (User *U : I.users())
        if (auto *UI = dyn_cast<Instruction>(U); UI && !L->contains(UI))
          return "a value the loop computes is used after it (pass it through a variable: lastprivate)";
  if (Guard) {
    SmallVector<BasicBlock *, 4> Path = straightPath(E, Skip);
    for (BasicBlock *B : Path)
      if (B != Skip && !passesThrough(B))
        return "code runs between the rotated loop's exit and where its guard skips to";
    BasicBlock *Into = Path.size() > 1 ? Path[Path.size() - 2] : Latch;
    for (PHINode &Phi : Skip->phis())
      if (Phi.getIncomingValueForBlock(Guard) != Phi.getIncomingValueForBlock(Into))
        return "the rotated loop's guard and exit give a value after the loop different values";
  }
  // Every phi of the header is an induction: start in the preheader, plus or
  // minus a step that does not change.
  Instruction *At = P->getTerminator();
  for (PHINode &Phi : H->phis()) {
    Value *Step = nullptr;
    int Negated = 0;
    if (!Phi.getType()->isIntegerTy() || Phi.getNumIncomingValues() != 2 ||
        !matchStep(Phi.getIncomingValueForBlock(Latch), &Phi, Step, Negated) || !L->isLoopInvariant(Step))
      return "the rotated loop carries a value from one iteration to the next that is not an induction "
             "variable (a phi)";
  }
  for (int Side = 0; Side < 2; ++Side) {
    int Cast;
    Value *V = stripCast(Cmp->getOperand(Side), Cast);
    Value *Bound = Cmp->getOperand(1 - Side);
    PHINode *Iv = dyn_cast<PHINode>(V);
    bool Next = false;
    if (!Iv || Iv->getParent() != H) {
      // The next value: an add or sub of a header phi.
      Iv = nullptr;
      auto *B = dyn_cast<BinaryOperator>(V);
      for (unsigned k = 0; B && k < 2 && !Iv; ++k)
        if (auto *Phi = dyn_cast<PHINode>(B->getOperand(k)); Phi && Phi->getParent() == H &&
                                                              Phi->getIncomingValueForBlock(Latch) == B)
          Iv = Phi, Next = true;
    }
    if (!Iv)
      continue;
    Value *Step = nullptr;
    int Negated = 0;
    matchStep(Iv->getIncomingValueForBlock(Latch), Iv, Step, Negated);
    Value *HBound = hoist(Bound, L, At, nullptr);
    if (!HBound)
      return "the rotated loop's bound is not computed the same way in every iteration";
    CmpInst::Predicate Pred = TrueStays ? Cmp->getPredicate() : Cmp->getInversePredicate();
    if (Side == 1)
      Pred = CmpInst::getSwappedPredicate(Pred);
    *out = WeftRotated{Guard ? wrap(Guard) : nullptr,
                       TrueEnters,
                       Skip ? wrap(Skip) : nullptr,
                       wrap(P),
                       wrap(H),
                       wrap(Latch),
                       wrap(E),
                       wrap(Iv),
                       wrap(Iv->getIncomingValueForBlock(P)),
                       wrap(HBound),
                       wrap(Step),
                       Negated,
                       (int)Pred,
                       Cast,
                       Next};
    *found = 1;
    return nullptr;
  }
  return "cannot find the rotated loop's induction variable in its latch's test";
}

// Rebuilds the loop `r` describes around a counter tested at the top, which
// runs `trips` iterations (an i64 computed in the preheader, for when the
// loop is entered). Changes the CFG.
void weft_unrotate(const WeftRotated *r, LLVMValueRef trips) {
  BasicBlock *P = unwrap(r->preheader), *H = unwrap(r->header), *Latch = unwrap(r->latch), *E = unwrap(r->exit);
  Value *N = unwrap(trips);
  LLVMContext &Cx = H->getContext();
  Type *I64 = Type::getInt64Ty(Cx);
  Function *F = H->getParent();
  BasicBlock *NH = BasicBlock::Create(Cx, "omp.unrotated.cond", F, H);
  BasicBlock *Pre = P;
  if (r->guard) {
    // The join of the entered and skipped paths: n iterations, or none.
    BasicBlock *G = unwrap(r->guard), *Skip = unwrap(r->skip);
    BasicBlock *J = BasicBlock::Create(Cx, "omp.unrotated.pre", F, NH);
    IRBuilder<> JB(J);
    PHINode *Nj = JB.CreatePHI(I64, 2, "omp.unrotated.n");
    Nj->addIncoming(N, P);
    Nj->addIncoming(ConstantInt::get(I64, 0), G);
    JB.CreateBr(NH);
    P->getTerminator()->replaceSuccessorWith(H, J);
    Skip->removePredecessor(G, /*KeepOneInputPHIs=*/true);
    G->getTerminator()->replaceSuccessorWith(Skip, J);
    N = Nj;
    Pre = J;
  } else {
    P->getTerminator()->replaceSuccessorWith(H, NH);
  }
  IRBuilder<> B(NH);
  PHINode *K = B.CreatePHI(I64, 2, "omp.unrotated.k");
  B.CreateCondBr(B.CreateICmpULT(K, N, "omp.unrotated.more"), H, E);
  // Each induction of the header as start +- k * step.
  B.SetInsertPoint(H->getFirstNonPHI());
  for (PHINode &Phi : make_early_inc_range(H->phis())) {
    Value *Step = nullptr;
    int Negated = 0;
    matchStep(Phi.getIncomingValueForBlock(Latch), &Phi, Step, Negated);
    Value *Off = B.CreateMul(B.CreateSExtOrTrunc(K, Phi.getType()), Step);
    Value *Start = Phi.getIncomingValueForBlock(P);
    Value *V = Negated ? B.CreateSub(Start, Off) : B.CreateAdd(Start, Off);
    V->setName(Phi.getName() + ".unrotated");
    Phi.replaceAllUsesWith(V);
    Phi.eraseFromParent();
  }
  Instruction *Old = Latch->getTerminator();
  B.SetInsertPoint(Old);
  Value *Next = B.CreateNUWAdd(K, ConstantInt::get(I64, 1), "omp.unrotated.k.next");
  B.CreateBr(NH);
  Old->eraseFromParent();
  K->addIncoming(ConstantInt::get(I64, 0), Pre);
  K->addIncoming(Next, Latch);
  E->replacePhiUsesWith(Latch, NH);
}
}
