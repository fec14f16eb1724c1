// A simd loop made ready for weft's VPlan (passes/src/vplan): after its
// region's clauses were privatized in place and its directives removed,
// the function's promotable locals (the private copies among them) become
// SSA values, the loop gets a preheader, dedicated exits and LCSSA form and
// is rotated (tested in its latch), and its iteration count is computed in
// its preheader by ScalarEvolution. Also: the target's vector register width
// and instruction costs (the pass pipeline's TargetTransformInfo), and the
// loop metadata that keeps LLVM's LoopVectorize off a loop weft has
// vectorized.
#include "llvm-c/Core.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/LoopRotationUtils.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <memory>
#include <optional>

using namespace llvm;

namespace {
// A TargetTransformInfo for F made without a pass pipeline (unit tests, a
// caller with no analysis manager): from a TargetMachine for the module's
// triple and F's own target-cpu and target-features attributes, when that
// target is registered in this process; else LLVM's default one.
struct OwnTarget {
  std::unique_ptr<TargetMachine> TM;
  std::optional<TargetTransformInfo> TTI;
  explicit OwnTarget(Function &F) {
    std::string Err;
    Triple TT(F.getParent()->getTargetTriple());
    if (const llvm::Target *T = TargetRegistry::lookupTarget(TT.str(), Err)) {
      std::string CPU = F.getFnAttribute("target-cpu").getValueAsString().str();
      std::string Features = F.getFnAttribute("target-features").getValueAsString().str();
      TM.reset(T->createTargetMachine(TT.str(), CPU, Features, TargetOptions(), std::nullopt));
    }
    if (TM)
      TTI.emplace(TM->getTargetTransformInfo(F));
    else
      TTI.emplace(F.getParent()->getDataLayout());
  }
};

// The cost model's TargetTransformInfo for F. From the pass pipeline when
// `Proxy` (the module's FunctionAnalysisManagerModuleProxy result) is given:
// TargetIRAnalysis, as LoopVectorize gets it, so the driver's target (opt's
// -mtriple, -mcpu, -mattr; clang's -march, -mcpu) counts as well as
// F's attributes, and without a target machine it is the same default
// TargetTransformInfo LoopVectorize sees. OwnTarget only without a pipeline.
class TargetInfo {
  std::optional<OwnTarget> Own;
  const TargetTransformInfo *TTI;

public:
  TargetInfo(Function &F, void *Proxy, bool Fresh) {
    if (!Proxy) {
      Own.emplace(F);
      TTI = &*Own->TTI;
      return;
    }
    auto &FAM = static_cast<FunctionAnalysisManagerModuleProxy::Result *>(Proxy)->getManager();
    // (Registers the default only where the pipeline registered none:
    // getResult must never meet an unregistered analysis.)
    FAM.registerPass([] { return TargetIRAnalysis(); });
    // weft's module passes delete and create functions without telling the
    // manager: a new function at a deleted one's address must not get the
    // deleted one's cached results.
    if (Fresh)
      FAM.clear(F, F.getName());
    TTI = &FAM.getResult<TargetIRAnalysis>(F);
  }
  const TargetTransformInfo &operator*() const { return *TTI; }
  const TargetTransformInfo *operator->() const { return TTI; }
};

// The loop property that names a simd region's own loop (weft_tag_simd_loop).
constexpr const char *SimdTag = "weft.simd.loop";

// The loop property of a non-rectangular collapsed nest's loop
// (weft_mark_nonrect_loop): its iterations find their variables from a
// cursor carried from one to the next, so it stays scalar.
constexpr const char *NonRectTag = "weft.nonrect.nest";

// The loop property of an outer loop of a non-rectangular nest kept as a
// nest on a simd construct (weft_mark_simd_nest_loop,
// passes/src/prepare/simd_nest.rs): it runs as a scalar loop and its
// innermost loop is the simd loop, so the search goes into it, and it is
// never the simd loop itself (its lanes would run iterations that are not
// consecutive in the collapsed space).
constexpr const char *SimdNestTag = "weft.simd.nest";

// The first loop on the paths from First that do not pass End (not one
// First is in: the region is inside it); with Tagged, the first such loop
// with the tag weft.simd.loop, looking past the untagged ones (a
// non-rectangular nest's count before its loop, passes/src/prepare/nonrect.rs)
// but never into them (a tagged loop inside an untagged one is another
// region's), except into the outer loops of a simd nest (weft.simd.nest)
// when looking for the tagged loop; such a loop is never the simd loop.
Loop *loopAfter(LoopInfo &LI, BasicBlock *First, BasicBlock *End, bool Tagged = false) {
  SmallVector<BasicBlock *, 16> Work{First};
  SmallPtrSet<BasicBlock *, 16> Seen{First, End};
  for (size_t I = 0; I < Work.size(); ++I) {
    BasicBlock *B = Work[I];
    SmallVector<BasicBlock *, 8> Next(successors(B));
    if (LI.isLoopHeader(B) && !LI.getLoopFor(B)->contains(First)) {
      Loop *L = LI.getLoopFor(B);
      bool Nest = findOptionMDForLoop(L, SimdNestTag);
      // (An outer loop of a simd nest: on into its body for the tagged
      // loop; without a tag to look for, past it, as nothing in it but its
      // tagged loop may be taken.)
      if (!Tagged || !Nest) {
        if (!Nest && (!Tagged || findOptionMDForLoop(L, SimdTag)))
          return L;
        Next.clear();
        L->getExitBlocks(Next);
      }
    }
    for (BasicBlock *S : Next)
      if (Seen.insert(S).second)
        Work.push_back(S);
  }
  return nullptr;
}

// The loop of a simd region: the tagged one when `Tagged`; else null, with
// *Why saying whether the optimizer removed it or left another in its place.
Loop *simdLoop(LoopInfo &LI, BasicBlock *First, BasicBlock *End, bool Tagged, const char **Why) {
  if (Loop *L = loopAfter(LI, First, End, Tagged))
    return L;
  *Why = Tagged && loopAfter(LI, First, End)
             ? "the simd loop is gone (the optimizer unrolled it); the loop left in the region is not the simd loop"
             : "no loop is left in the region (the optimizer may have unrolled or removed it)";
  return nullptr;
}

// Tags L as the simd loop of the region E begins (the loop property
// weft.simd.loop, and metadata of that name on E).
int tagLoop(Instruction *E, Loop *L) {
  LLVMContext &Cx = E->getContext();
  if (!findOptionMDForLoop(L, SimdTag)) {
    SmallVector<Metadata *, 4> Ops{nullptr};
    if (MDNode *Id = L->getLoopID())
      for (unsigned I = 1; I < Id->getNumOperands(); ++I)
        Ops.push_back(Id->getOperand(I));
    Ops.push_back(MDNode::get(Cx, {MDString::get(Cx, SimdTag)}));
    MDNode *Id = MDNode::getDistinct(Cx, Ops);
    Id->replaceOperandWith(0, Id);
    L->setLoopID(Id);
  }
  E->setMetadata(SimdTag, MDNode::get(Cx, {}));
  return 1;
}

// Whether phis A and B always hold the same value, assuming the pairs in
// Same do: phis of one block whose values from each predecessor are the
// same value or such phis again. (The optimizer leaves such twins behind,
// e.g. a reduction's running value and a copy of it kept for after the
// loop; the VPlan would see the copy as carried by neither.)
bool congruent(Value *A, Value *B, SmallVectorImpl<std::pair<PHINode *, PHINode *>> &Same) {
  if (A == B)
    return true;
  auto *PA = dyn_cast<PHINode>(A), *PB = dyn_cast<PHINode>(B);
  if (!PA || !PB || PA->getParent() != PB->getParent() || PA->getType() != PB->getType())
    return false;
  for (auto &[X, Y] : Same)
    if ((X == PA && Y == PB) || (X == PB && Y == PA))
      return true;
  if (Same.size() > 32)
    return false;
  Same.push_back({PA, PB});
  for (BasicBlock *In : PA->blocks())
    if (PB->getBasicBlockIndex(In) < 0 || !congruent(PA->getIncomingValueForBlock(In), PB->getIncomingValueForBlock(In), Same))
      return false;
  return true;
}

// Merges twin phis in L's blocks (congruent above) into one.
void mergeTwinPhis(Loop *L, ScalarEvolution &SE) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : L->blocks()) {
      SmallVector<PHINode *, 8> Phis;
      for (PHINode &P : BB->phis())
        Phis.push_back(&P);
      for (size_t I = 0; I < Phis.size() && !Changed; ++I)
        for (size_t J = I + 1; J < Phis.size() && !Changed; ++J) {
          SmallVector<std::pair<PHINode *, PHINode *>, 8> Same;
          if (!congruent(Phis[I], Phis[J], Same))
            continue;
          // (Each phi in one pair only: then each is replaced once.)
          SmallPtrSet<PHINode *, 16> Once;
          bool Distinct = true;
          for (auto &[X, Y] : Same)
            Distinct &= Once.insert(X).second && Once.insert(Y).second;
          if (!Distinct)
            continue;
          for (auto &[X, Y] : Same) {
            SE.forgetValue(X);
            X->replaceAllUsesWith(Y);
            X->eraseFromParent();
          }
          Changed = true;
        }
      if (Changed)
        break;
    }
  }
}
} // namespace

extern "C" {

// Tags the loop of the simd region between the directive calls `entry` and
// `exit` with the loop property weft.simd.loop, and `entry` with metadata of
// that name, while the loop is still there: LLVM's loop passes may unroll it
// completely before weft-vectorize runs, and a loop inside it is then not a
// simd loop (weft_simd_prepare tells them apart by the tag). Returns whether
// a loop was tagged.
int weft_tag_simd_loop(LLVMValueRef entry, LLVMValueRef exit) {
  auto *E = cast<Instruction>(unwrap(entry)), *X = cast<Instruction>(unwrap(exit));
  Function &F = *E->getFunction();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  // (A loop tagged already, weft_tag_simd_loop_at, is the one: the entry
  // loses its metadata when a clause is added to it.)
  Loop *L = loopAfter(LI, E->getParent(), X->getParent(), true);
  if (!L)
    L = loopAfter(LI, E->getParent(), X->getParent());
  if (!L)
    return 0;
  return tagLoop(E, L);
}

// Tags the loop whose header is `header` as the simd loop of the region
// `entry` begins (weft_tag_simd_loop, for a region whose loop is not the
// first in it: a non-rectangular nest counts its iterations in a loop
// before it).
int weft_tag_simd_loop_at(LLVMValueRef entry, LLVMBasicBlockRef header) {
  auto *E = cast<Instruction>(unwrap(entry));
  DominatorTree DT(*E->getFunction());
  LoopInfo LI(DT);
  Loop *L = LI.getLoopFor(unwrap(header));
  if (!L || L->getHeader() != unwrap(header))
    return 0;
  return tagLoop(E, L);
}

// Defined in loops.cc: adds a loop property, keeping the others.
void weft_add_loop_hint(LLVMValueRef branch, const char *name, int value);

// Adds the loop property weft.nonrect.nest to the loop whose latch ends in
// `branch` (passes/src/prepare/nonrect.rs), keeping its other properties.
void weft_mark_nonrect_loop(LLVMValueRef branch) { weft_add_loop_hint(branch, NonRectTag, -1); }

// Adds the loop property weft.simd.nest to the loop whose latch ends in
// `branch` (an outer loop of a simd nest, passes/src/prepare/simd_nest.rs).
void weft_mark_simd_nest_loop(LLVMValueRef branch) { weft_add_loop_hint(branch, SimdNestTag, -1); }

// Whether weft_tag_simd_loop tagged the loop of the region `entry` begins.
int weft_simd_loop_tagged(LLVMValueRef entry) {
  return cast<Instruction>(unwrap(entry))->getMetadata(SimdTag) != nullptr;
}

// The logical iteration number of the loop of the simd region from `first`
// to `end` (the tagged one when `tagged`): an i64 phi counting from 0 in its
// header. *at is where an iteration's own code starts: the header, or its
// successor in the loop when the header only tests and leaves (a loop not
// rotated). Null when there is no such loop (unrolled away) or it has no
// preheader or single latch.
LLVMValueRef weft_iteration_number(LLVMBasicBlockRef first, LLVMBasicBlockRef end, int tagged, LLVMValueRef *at) {
  BasicBlock *First = unwrap(first), *End = unwrap(end);
  Function &F = *First->getParent();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  const char *Why = nullptr;
  Loop *L = simdLoop(LI, First, End, tagged, &Why);
  if (!L)
    return nullptr;
  simplifyLoop(L, &DT, &LI, nullptr, nullptr, nullptr, /*PreserveLCSSA=*/false);
  BasicBlock *P = L->getLoopPreheader(), *Latch = L->getLoopLatch(), *H = L->getHeader();
  if (!P || !Latch)
    return nullptr;
  Type *I64 = Type::getInt64Ty(F.getContext());
  PHINode *K = PHINode::Create(I64, 2, "omp.simd.k", &H->front());
  Value *Next = BinaryOperator::CreateAdd(K, ConstantInt::get(I64, 1), "omp.simd.k.next", Latch->getTerminator());
  K->addIncoming(ConstantInt::get(I64, 0), P);
  K->addIncoming(Next, Latch);
  Instruction *At = &*H->getFirstInsertionPt();
  if (L->isLoopExiting(H))
    for (BasicBlock *S : successors(H))
      if (S != H && L->contains(S) && S->getSinglePredecessor() == H)
        At = &*S->getFirstInsertionPt();
  *at = wrap(At);
  return wrap(K);
}

// A linear variable whose private copy `copy` the optimizer keeps in a
// header phi of the loop `k` counts (LICM promotes it: the phi starts with a
// load of the copy): the iteration's value `value` replaces the phi wherever
// it dominates the use, so each iteration starts from it. Returns how many
// phis it replaced.
int weft_linear_promoted(LLVMValueRef copy, LLVMValueRef value, LLVMValueRef k) {
  Value *Copy = unwrap(copy);
  auto *V = cast<Instruction>(unwrap(value));
  auto *K = cast<PHINode>(unwrap(k));
  BasicBlock *H = K->getParent();
  DominatorTree DT(*H->getParent());
  int N = 0;
  SmallVector<PHINode *, 4> Dead;
  for (PHINode &P : H->phis()) {
    if (&P == K || P.getType() != V->getType())
      continue;
    bool FromCopy = false;
    for (unsigned I = 0; I < P.getNumIncomingValues(); ++I)
      if (auto *L = dyn_cast<LoadInst>(P.getIncomingValue(I)); L && L->getPointerOperand() == Copy)
        FromCopy = !DT.dominates(H, P.getIncomingBlock(I)); // (from outside the loop)
    if (!FromCopy)
      continue;
    P.replaceUsesWithIf(V, [&](Use &U) { return DT.dominates(V, U); });
    if (P.use_empty())
      Dead.push_back(&P);
    ++N;
  }
  // (A phi nothing reads would look like a value carried across iterations.)
  for (PHINode *P : Dead)
    P->eraseFromParent();
  return N;
}

struct WeftSimdLoop {
  LLVMBasicBlockRef preheader, header, latch, exit;
  LLVMValueRef trips;       // i64: iterations once the preheader is reached
  unsigned vector_bits;     // the widest vector register, in bits
  int deep_loops;           // loops nested in its inner loops
};

// Prepares the loop of a simd region whose body now runs from `first` to
// `end` (the directives are gone; `tagged`: its loop was tagged; `proxy`:
// the pass pipeline's FunctionAnalysisManagerModuleProxy result, or null).
// Returns why it cannot be vectorized, or null with *out filled.
const char *weft_simd_prepare(LLVMBasicBlockRef first, LLVMBasicBlockRef end, int tagged, void *proxy,
                              WeftSimdLoop *out) {
  BasicBlock *First = unwrap(first), *End = unwrap(end);
  Function &F = *First->getParent();
  {
    DominatorTree DT(F);
    SmallVector<AllocaInst *, 16> Promotable;
    for (Instruction &I : F.getEntryBlock())
      if (auto *A = dyn_cast<AllocaInst>(&I); A && isAllocaPromotable(A))
        Promotable.push_back(A);
    if (!Promotable.empty())
      PromoteMemToReg(Promotable, DT);
  }
  DominatorTree DT(F);
  LoopInfo LI(DT);
  TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  TargetInfo Tgt(F, proxy, /*Fresh=*/true);
  const char *Why = nullptr;
  Loop *L = simdLoop(LI, First, End, tagged, &Why);
  if (!L)
    return Why;
  if (findOptionMDForLoop(L, NonRectTag))
    return "a non-rectangular collapsed nest: each iteration finds its loop variables from where the iteration "
           "before left a cursor, a value carried from one iteration to the next (a nest is collapsed so with a "
           "linear variable or a scan reduction, in icx's per-level form, and on for simd with a conditional "
           "lastprivate or ordered; else its innermost loop, or a run of it, is vectorized)";
  mergeTwinPhis(L, SE);
  simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
  formLCSSARecursively(*L, DT, &LI, &SE);
  const SimplifyQuery SQ(F.getParent()->getDataLayout(), &TLI, &DT, &AC);
  // Inner loops too are tested in their latches (the one form of inner loop
  // the VPlan masks, vplan/loops.rs), before the outer loop is rotated.
  bool Rotated = false;
  for (Loop *Sub : L->getSubLoops())
    if (Sub->getExitingBlock() != Sub->getLoopLatch())
      Rotated |= LoopRotation(Sub, &LI, &*Tgt, &AC, &DT, &SE, nullptr, SQ, /*RotationOnly=*/true, ~0u,
                              /*IsUtilMode=*/true);
  if (L->getExitingBlock() != L->getLoopLatch())
    Rotated |= LoopRotation(L, &LI, &*Tgt, &AC, &DT, &SE, nullptr, SQ, /*RotationOnly=*/true, ~0u,
                            /*IsUtilMode=*/true);
  if (Rotated) {
    // (Rotation may leave an inner loop without a dedicated exit or LCSSA phis.)
    simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
    formLCSSARecursively(*L, DT, &LI, &SE);
  }
  BasicBlock *P = L->getLoopPreheader(), *Latch = L->getLoopLatch();
  if (!P || !Latch)
    return "the loop has no preheader or more than one back edge";
  if (L->getExitingBlock() != Latch)
    return "the loop leaves from somewhere other than the test in its latch (a break, a return)";
  BasicBlock *Exit = L->getUniqueExitBlock();
  if (!Exit)
    return "the loop has more than one exit";
  const SCEV *Btc = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Btc))
    return "ScalarEvolution cannot count the loop's iterations";
  Type *I64 = Type::getInt64Ty(F.getContext());
  if (SE.getTypeSizeInBits(Btc->getType()) > 64)
    return "the loop's iteration count is wider than 64 bits";
  const SCEV *Trips = SE.getAddExpr(SE.getNoopOrZeroExtend(Btc, I64), SE.getOne(I64));
  SCEVExpander Expander(SE, F.getParent()->getDataLayout(), "simd.trips");
  Value *N = Expander.expandCodeFor(Trips, I64, P->getTerminator());
  unsigned Bits = Tgt->getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue();
  int Deep = 0;
  for (Loop *Sub : L->getSubLoops())
    Deep += (int)Sub->getSubLoops().size();
  *out = WeftSimdLoop{wrap(P), wrap(L->getHeader()), wrap(Latch), wrap(Exit), wrap(N), Bits ? Bits : 128, Deep};
  return nullptr;
}

// TargetTransformInfo's reciprocal throughput of `opcode` (1 sdiv, 2 udiv,
// 3 srem, 4 urem, 5 fdiv, 6 add, 7 mul) on `ty` in F (`proxy` as for
// weft_simd_prepare, which has run on F before), or -1 when it is not known.
int weft_arith_cost(LLVMValueRef fn, void *proxy, int opcode, LLVMTypeRef ty) {
  Function &F = *cast<Function>(unwrap(fn));
  TargetInfo Tgt(F, proxy, /*Fresh=*/false);
  unsigned Op = 0;
  switch (opcode) {
  case 1: Op = Instruction::SDiv; break;
  case 2: Op = Instruction::UDiv; break;
  case 3: Op = Instruction::SRem; break;
  case 4: Op = Instruction::URem; break;
  case 5: Op = Instruction::FDiv; break;
  case 6: Op = Instruction::Add; break;
  case 7: Op = Instruction::Mul; break;
  default: return -1;
  }
  InstructionCost C = Tgt->getArithmeticInstrCost(Op, unwrap(ty), TargetTransformInfo::TCK_RecipThroughput);
  auto V = C.getValue();
  return V ? (int)*V : -1;
}

// Marks the loop whose latch ends in `branch` as vectorized (with its own
// distinct llvm.loop node), so LoopVectorize leaves it alone.
void weft_mark_vectorized(LLVMValueRef branch) {
  auto *Br = cast<Instruction>(unwrap(branch));
  LLVMContext &Cx = Br->getContext();
  Metadata *Done[] = {MDString::get(Cx, "llvm.loop.isvectorized"),
                      ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Cx), 1))};
  SmallVector<Metadata *, 4> Ops{nullptr, MDNode::get(Cx, Done)};
  MDNode *Id = MDNode::getDistinct(Cx, Ops);
  Id->replaceOperandWith(0, Id);
  Br->setMetadata(LLVMContext::MD_loop, Id);
}
}
