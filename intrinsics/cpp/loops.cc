// Worksharing loops recovered from the CFG, with LLVM's LoopInfo: the loop a
// region runs (its header, latch, exit), its induction variable (a phi, or a
// local variable in memory as an -O0 front end writes it), its start, bound,
// comparison and step. Only reading: weft's Rust side rewrites the loop from
// this description (passes/src/prepare/loops.rs).
#include "loops.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace weft;

// `V` as `base + sum(coef[k] * outer[k])` in the outer loop variables `Ivs`
// (OpenMP 5.0's non-rectangular loops): returns base and fills coefs[k]
// (in V's type), all computed at `At`; null when V is not affine in them.
static Value *affine(Value *V, Loop *Inv, Instruction *At, Value *Slot, ArrayRef<Value *> Ivs, LLVMValueRef *coefs) {
  SmallVector<int, 3> Vals(Ivs.size(), 0);
  int Deg = 0;
  Subst Zero{Ivs, Vals};
  Value *Base = hoist(V, Inv, At, Slot, &Zero, &Deg);
  if (!Base || !V->getType()->isIntegerTy())
    return nullptr;
  IRBuilder<> B(At);
  for (unsigned k = 0; k < Ivs.size(); ++k) {
    Vals.assign(Ivs.size(), 0);
    Vals[k] = 1;
    Subst One{Ivs, Vals};
    Value *At1 = hoist(V, Inv, At, Slot, &One, &Deg);
    if (!At1)
      return nullptr;
    coefs[k] = wrap(B.CreateSub(At1, Base, "omp.nonrect.coef"));
  }
  return Base;
}

extern "C" {

// What weft_find_loop reports (see loops.rs for the meaning of each field).
struct WeftLoop {
  LLVMBasicBlockRef preheader, header, body, latch, exit;
  LLVMValueRef iv;        // the phi, or the variable's alloca
  int in_memory;          // iv is an alloca
  LLVMValueRef start;     // the IV's value on entry
  LLVMValueRef bound;     // what it is compared with, available in the preheader
  int pred;               // LLVMIntPredicate with the IV on the left, true = continue
  int cast;               // 0 none, 1 sext, 2 zext: the IV widened before the compare
  LLVMValueRef step;      // what each iteration adds, available in the preheader
  int step_negated;       // the iteration subtracts step
  LLVMValueRef increment; // the memory form's store of the next value (null for a phi)
};

void *weft_loops_new(LLVMValueRef fn) { return new Loops(*cast<Function>(unwrap(fn))); }
void weft_loops_free(void *l) { delete static_cast<Loops *>(l); }

// A loop variable kept in memory (as an -O0 front end writes it): the one
// store to `Slot` in the loop is `slot = load(slot) +- step` (sets Step,
// Negated and Inc, that store); Start is the value of the nearest store to it
// before the loop (null when there is none). False when `Slot` is not such a
// variable.
static bool memoryInduction(AllocaInst *Slot, Loop *L, BasicBlock *P, Value *&Start, Value *&Step, Instruction *&Inc,
                            int &Negated) {
  // The one store to the variable in the loop: slot = load(slot) +- step.
  StoreInst *Only = nullptr;
  bool Other1 = false;
  for (User *U : Slot->users())
    if (auto *St = dyn_cast<StoreInst>(U); St && St->getPointerOperand() == Slot && L->contains(St))
      Other1 |= Only != nullptr, Only = St;
    else if (auto *I = dyn_cast<Instruction>(U);
             I && L->contains(I) && !isa<LoadInst>(I) && !isa<DbgInfoIntrinsic>(I) && !isDirectiveCall(I))
      Other1 = true;
  if (!Only || Other1)
    return false;
  auto *B = dyn_cast<BinaryOperator>(Only->getValueOperand());
  LoadInst *Cur = nullptr;
  for (Value *Op : B ? B->operands() : Only->operands())
    if (auto *Li = dyn_cast<LoadInst>(Op); B && Li && Li->getPointerOperand() == Slot)
      Cur = Li;
  if (!Cur || !matchStep(B, Cur, Step, Negated))
    return false;
  // The value it starts from: the nearest store to it before the loop.
  for (BasicBlock *W = P; W && !Start; W = W->getSinglePredecessor()) {
    for (Instruction &I : reverse(*W))
      if (auto *St = dyn_cast<StoreInst>(&I); St && St->getPointerOperand() == Slot) {
        Start = St->getValueOperand();
        break;
      }
    if (W == &W->getParent()->getEntryBlock())
      break;
  }
  Inc = Only;
  return true;
}

// Finds the loop that the region starting at `first` runs: the first loop
// header on the straight path from `first`. Fills *out; returns null, or why
// the loop is not one weft can partition. With `outer` (the header of the
// outermost loop of a collapsed nest, `first` then being in its body), the
// loop's start, bound and step must not change in the outer loop either
// (a rectangular nest) and are computed before it; or, given the outer
// loops' variables `ivs[0..n)`, the start and bound may be affine in them:
// then start and bound are their values with every outer variable 0, and
// coefs[k] (start) and coefs[n + k] (bound) what one more of variable k
// adds, all computed before the nest (null for a rectangular loop).
const char *weft_find_loop(void *loops, LLVMBasicBlockRef first, LLVMBasicBlockRef outer, LLVMValueRef *ivs,
                           unsigned n, LLVMValueRef *coefs, WeftLoop *out) {
  for (unsigned k = 0; k < 2 * n; ++k)
    coefs[k] = nullptr;
  Loops &Ls = *static_cast<Loops *>(loops);
  BasicBlock *BB = unwrap(first);
  Loop *Outer = outer ? Ls.LI.getLoopFor(unwrap(outer)) : nullptr;
  SmallPtrSet<BasicBlock *, 8> Seen;
  Loop *L = nullptr;
  while (BB && Seen.insert(BB).second) {
    // (A loop around the directive, such as a do-while whose body starts
    // with it, is not the region's loop; a collapsed level's may start
    // right at the outer loop's body.)
    if (Ls.LI.isLoopHeader(BB) && (outer || !Ls.LI.getLoopFor(BB)->contains(unwrap(first)))) {
      L = Ls.LI.getLoopFor(BB);
      break;
    }
    BasicBlock *Next = BB->getUniqueSuccessor();
    // (Before the outermost loop, code with its own if/else may run.)
    BB = Next || outer ? Next : diamondJoin(BB, Ls.LI);
  }
  if (!L)
    return outer ? "the collapsed loops are not perfectly nested (no loop follows the outer loop's body on its straight path)"
                 : "no loop follows the directive on its straight path";
  if (Outer && (L == Outer || !Outer->contains(L)))
    return "the collapsed loops are not nested";
  BasicBlock *P = L->getLoopPreheader(), *H = L->getHeader(), *Latch = L->getLoopLatch();
  if (!P)
    return "the loop has no preheader (it is entered from more than one place)";
  if (!Latch)
    return "the loop has more than one back edge";
  if (L->getExitingBlock() != H)
    return "the loop does not leave only from its header's test (a break, a return, or a rotated loop)";
  auto *Br = dyn_cast<BranchInst>(H->getTerminator());
  auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp)
    return "the loop's header does not end in a branch on an integer comparison";
  bool TrueStays = L->contains(Br->getSuccessor(0));
  BasicBlock *Body = Br->getSuccessor(TrueStays ? 0 : 1), *Exit = Br->getSuccessor(TrueStays ? 1 : 0);
  if (L->contains(Exit) || !L->contains(Body))
    return "the loop's header test does not choose between the loop and its exit";
  if (Body->getSinglePredecessor() != H)
    return "the loop's body is entered from somewhere other than its header";
  CmpInst::Predicate Pred = TrueStays ? Cmp->getPredicate() : Cmp->getInversePredicate();
  // Where the loop's start, bound and step are computed, and in which loop
  // they must not change.
  Loop *Inv = Outer ? Outer : L;
  BasicBlock *OuterPre = Outer ? Outer->getLoopPreheader() : P;
  if (!OuterPre)
    return "the outer loop has no preheader";
  Instruction *At = OuterPre->getTerminator();

  for (int Side = 0; Side < 2; ++Side) {
    int Cast;
    Value *V = stripCast(Cmp->getOperand(Side), Cast);
    Value *Other = Cmp->getOperand(1 - Side);
    Value *Iv = nullptr, *Start = nullptr, *Step = nullptr;
    Instruction *Inc = nullptr;
    int Negated = 0, InMemory = 0;
    if (auto *Phi = dyn_cast<PHINode>(V); Phi && Phi->getParent() == H && Phi->getNumIncomingValues() == 2) {
      Start = Phi->getIncomingValueForBlock(P);
      Value *Next = Phi->getIncomingValueForBlock(Latch);
      if (!Start || !Next || !matchStep(Next, Phi, Step, Negated))
        continue;
      Iv = Phi;
    } else if (auto *Ld = dyn_cast<LoadInst>(V); Ld && L->contains(Ld) && isa<AllocaInst>(Ld->getPointerOperand())) {
      auto *Slot = cast<AllocaInst>(Ld->getPointerOperand());
      if (!memoryInduction(Slot, L, P, Start, Step, Inc, Negated))
        continue;
      if (!Start)
        return "cannot find the store that gives the loop variable its start before the loop";
      Iv = Slot, InMemory = 1;
    } else {
      continue;
    }
    Value *Slot = InMemory ? Iv : nullptr;
    Value *Bound = hoist(Other, Inv, At, Slot);
    Value *HStep = hoist(Step, Inv, At, Slot);
    Value *HStart = Outer ? hoist(Start, Inv, At, Slot) : Start;
    ArrayRef<Value *> OuterIvs(reinterpret_cast<Value **>(ivs), n);
    if (Outer && n && !Bound)
      Bound = affine(Other, Inv, At, Slot, OuterIvs, coefs + n);
    if (Outer && n && !HStart)
      HStart = affine(Start, Inv, At, Slot, OuterIvs, coefs);
    if (!Bound)
      return Outer ? "the collapsed nest is not rectangular (an inner loop's bound changes with the outer loops, not as an affine function of their variables)"
                   : "the loop's bound is not computed the same way in every iteration";
    if (!HStep)
      return "the loop's step is not the same in every iteration";
    if (!HStart)
      return "the collapsed nest is not rectangular (an inner loop's start changes with the outer loops, not as an affine function of their variables)";
    Start = HStart;
    if (Side == 1)
      Pred = CmpInst::getSwappedPredicate(Pred);
    *out = WeftLoop{wrap(P),     wrap(H),         wrap(Body), wrap(Latch), wrap(Exit), wrap(Iv), InMemory, wrap(Start),
                    wrap(Bound), (int)Pred,       Cast,       wrap(HStep), Negated,    wrap(Inc)};
    return nullptr;
  }
  return "cannot find the loop's induction variable (a phi or a local variable stepped by a constant "
         "or loop-invariant amount and compared in the header)";
}

// Whether `v` (through trunc, sext or zext, as IndVarSimplify leaves a
// widened index) is the induction variable of the loop that the region
// starting at `first` runs: a phi of the header of an outermost loop inside
// the region (the first loop on the directive's straight path, when that
// path reaches one), stepped by a loop-invariant amount in its one latch.
// This is how a sandwich clause names the registerized loop index (Tian et
// al. 2016, Figure 5). Null when it is (*step, *negated: the step; *tested:
// 1 when the loop's exit test compares it or its next value, 2 when it
// compares another phi of the header that way, else 0); else why not.
const char *weft_region_induction(void *loops, LLVMBasicBlockRef first, LLVMValueRef v, LLVMValueRef *step,
                                  int *negated, int *tested) {
  Loops &Ls = *static_cast<Loops *>(loops);
  Value *V = unwrap(v);
  while (isa<TruncInst>(V) || isa<SExtInst>(V) || isa<ZExtInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi)
    return "it is not a phi";
  BasicBlock *H = Phi->getParent(), *S = unwrap(first);
  Loop *L = Ls.LI.getLoopFor(H);
  if (!L || L->getHeader() != H)
    return "its phi is not in a loop header";
  if (L->contains(S) || (L->getParentLoop() && !L->getParentLoop()->contains(S)))
    return "its loop is not the region's loop";
  // (The loop the directive's straight path reaches, when it reaches one.)
  SmallPtrSet<BasicBlock *, 8> Seen;
  for (BasicBlock *BB = S; BB && Seen.insert(BB).second; BB = BB->getUniqueSuccessor())
    if (Ls.LI.isLoopHeader(BB) && !Ls.LI.getLoopFor(BB)->contains(S)) {
      if (Ls.LI.getLoopFor(BB) != L)
        return "its loop is not the region's loop (the first loop after the directive)";
      break;
    }
  BasicBlock *Latch = L->getLoopLatch();
  if (!Latch || Phi->getNumIncomingValues() != 2 || Phi->getBasicBlockIndex(Latch) < 0)
    return "its loop has more than one back edge";
  Value *Step = nullptr;
  if (!matchStep(Phi->getIncomingValueForBlock(Latch), Phi, Step, *negated) || !L->isLoopInvariant(Step))
    return "the loop does not step it by a loop-invariant amount";
  *step = wrap(Step);
  *tested = 0;
  Value *Next = Phi->getIncomingValueForBlock(Latch);
  if (BasicBlock *Exiting = L->getExitingBlock())
    if (auto *Br = dyn_cast<BranchInst>(Exiting->getTerminator()); Br && Br->isConditional())
      if (auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition()))
        for (Value *Op : Cmp->operands()) {
          int Cast;
          Value *S = stripCast(Op, Cast);
          if (S == Phi || S == Next)
            *tested = 1;
          for (PHINode &Other : H->phis())
            if (*tested == 0 && Other.getBasicBlockIndex(Latch) >= 0 &&
                (S == &Other || S == Other.getIncomingValueForBlock(Latch)))
              *tested = 2;
        }
  return nullptr;
}

// How many loops of the function contain `bb` (0: none).
unsigned weft_loop_depth(void *loops, LLVMBasicBlockRef bb) {
  return static_cast<Loops *>(loops)->LI.getLoopDepth(unwrap(bb));
}

// Adds the loop property `name` (with the i32 `value` when it is not
// negative) to the loop whose latch ends in `branch`, keeping the
// properties it has: the hints LLVM's unroller reads
// (llvm.loop.unroll.count, .full, .enable).
void weft_add_loop_hint(LLVMValueRef branch, const char *name, int value) {
  auto *Br = cast<Instruction>(unwrap(branch));
  LLVMContext &Cx = Br->getContext();
  SmallVector<Metadata *, 4> Ops{nullptr};
  if (MDNode *Id = Br->getMetadata(LLVMContext::MD_loop))
    for (unsigned I = 1; I < Id->getNumOperands(); ++I)
      Ops.push_back(Id->getOperand(I));
  SmallVector<Metadata *, 2> Hint{MDString::get(Cx, name)};
  if (value >= 0)
    Hint.push_back(ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Cx), value)));
  Ops.push_back(MDNode::get(Cx, Hint));
  MDNode *Id = MDNode::getDistinct(Cx, Ops);
  Id->replaceOperandWith(0, Id);
  Br->setMetadata(LLVMContext::MD_loop, Id);
}

// A new block named `name` on the edge from `from` to `to` (LLVM's SplitEdge,
// which fixes `to`'s phis); it ends in a branch to `to`.
LLVMBasicBlockRef weft_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to, const char *name) {
  return wrap(SplitEdge(unwrap(from), unwrap(to), nullptr, nullptr, nullptr, name));
}
}
