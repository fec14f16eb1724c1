// Outlining a region into a microtask with LLVM's CodeExtractor, and the
// code motion around a region's blocks that privatizing and outlining need:
// uses replaced inside the blocks only, derived pointers recomputed from a
// copy, escaping values recomputed after the region. Every function here is
// wrapped by exactly one safe function in src/ffi/outline.rs.
#include "llvm-c/Core.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
#include <string>

using namespace llvm;

extern "C" {

// Outlines blocks[0..n) of one function (blocks[0] is the region's only
// entry; the region has one exit) into an internal microtask
// `void name(ptr gtid, ptr btid, ptr args)`, the shape libomp's
// __kmpc_fork_call calls. Values the region reads are passed in one
// aggregate (CodeExtractor's AggregateArgs), so any number of them fit the
// one pointer. Calls to __kmpc_global_thread_num in the body become loads of
// *gtid: the body runs on the thread that gets that argument. Constant-size
// allocas of the body's first block move to the microtask's entry, so they
// stay static. Returns the microtask and sets *call to the call left in the
// caller, `call void @name(ptr null, ptr null, ptr %agg)`, which the caller
// rewrites into the fork. Null when CodeExtractor refuses the region, or
// when the region would return values (callers demote those first).
//
// Cost: what one region costs must not grow with the function around it,
// or a function of many sibling regions costs O(regions x function). Three
// things in CodeExtractor do: (1) its analysis cache scans the whole
// function, (2) it considers every alloca of the function for sinking, and
// (3) it rewrites the uses of each input by walking all of that input's
// users, in every region. So: (1, 2) CodeExtractor gets one analysis of an
// empty function, shared by every region: it sinks nothing, and weft sinks
// what it would have (below); (3) a value the body reads that has users
// outside the body is read through a no-op copy made just before the body,
// whose only users are the body's.
struct OutlineContext {
  Function *Empty;
  std::unique_ptr<CodeExtractorAnalysisCache> CEAC;
  // Per alloca, its one lifetime.start and one lifetime.end (null when it
  // has none, or more than one of either). weft never erases a lifetime
  // marker, so these stay valid while the context lives.
  DenseMap<AllocaInst *, std::pair<Instruction *, Instruction *>> Lifetime;

  explicit OutlineContext(LLVMContext &Ctx) {
    Empty = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false), GlobalValue::InternalLinkage);
    CEAC = std::make_unique<CodeExtractorAnalysisCache>(*Empty);
  }
  ~OutlineContext() {
    CEAC.reset();
    delete Empty;
  }

  std::pair<Instruction *, Instruction *> lifetime(AllocaInst *AI) {
    auto [It, Fresh] = Lifetime.try_emplace(AI);
    if (!Fresh)
      return It->second;
    Instruction *Start = nullptr, *End = nullptr;
    bool Ok = true;
    for (User *U : AI->users())
      if (auto *II = dyn_cast<IntrinsicInst>(U)) {
        Instruction **Slot = II->getIntrinsicID() == Intrinsic::lifetime_start ? &Start
                             : II->getIntrinsicID() == Intrinsic::lifetime_end ? &End
                                                                                 : nullptr;
        if (Slot) {
          Ok &= !*Slot;
          *Slot = II;
        }
      }
    auto R = Ok && Start && End ? std::make_pair(Start, End) : std::make_pair(nullptr, nullptr);
    Lifetime[AI] = R;
    return R;
  }
};

void *weft_outline_context_new(LLVMValueRef fn) {
  return new OutlineContext(unwrap(fn)->getContext());
}
void weft_outline_context_free(void *cx) { delete static_cast<OutlineContext *>(cx); }

// A variable declared inside the region (an alloca of the function whose
// lifetime.start and .end are both in the body, and whose every use is in
// the body) belongs to the region: moved into its first block, it goes into
// the microtask, one per thread, as OpenMP's block-scoped variables are and
// as CodeExtractor's own sinking would do. A variable used outside the body
// (a clause of the region's directive, which stays outside, included) is not.
static void sinkRegionLocals(OutlineContext &Cx, const SmallPtrSetImpl<BasicBlock *> &In, BasicBlock *First,
                             Function *Parent) {
  SmallSetVector<AllocaInst *, 8> Cands;
  for (BasicBlock *BB : In)
    for (Instruction &I : *BB)
      for (Value *Op : I.operands())
        if (auto *AI = dyn_cast<AllocaInst>(Op); AI && AI->getFunction() == Parent && !In.count(AI->getParent()))
          Cands.insert(AI);
  for (AllocaInst *AI : Cands) {
    auto [Start, End] = Cx.lifetime(AI);
    if (!Start || !In.count(Start->getParent()) || !In.count(End->getParent()))
      continue;
    if (!all_of(AI->users(), [&](User *U) { return In.count(cast<Instruction>(U)->getParent()); }))
      continue;
    AI->moveBefore(&*First->getFirstInsertionPt());
  }
}

// A value read in the body and defined outside it (an argument or an
// instruction), when it also has users outside the body, is read through a
// copy (`bitcast` to its own type, which InstCombine removes) made in the
// body's one predecessor: the copy's users are the body's alone.
static void proxyInputs(const SmallPtrSetImpl<BasicBlock *> &In, BasicBlock *First) {
  BasicBlock *Pred = First->getSinglePredecessor();
  if (!Pred || In.count(Pred))
    return;
  DenseMap<Value *, Value *> Proxy;
  for (BasicBlock *BB : In)
    for (Instruction &I : *BB)
      for (Use &U : I.operands()) {
        Value *V = U.get();
        auto *VI = dyn_cast<Instruction>(V);
        bool Outside = isa<Argument>(V) || (VI && !isa<AllocaInst>(VI) && !VI->isTerminator() &&
                                            !In.count(VI->getParent()));
        Type *T = V->getType();
        if (!Outside || isa<PHINode>(&I) || !(T->isIntOrIntVectorTy() || T->isFPOrFPVectorTy() || T->isPtrOrPtrVectorTy()))
          continue;
        if (V->hasOneUse())
          continue;
        Value *&P = Proxy[V];
        if (!P)
          P = new BitCastInst(V, T, V->getName() + ".in", Pred->getTerminator());
        U.set(P);
      }
}

LLVMValueRef weft_outline_microtask(LLVMBasicBlockRef *blocks, unsigned n, const char *name, void *cx,
                                    LLVMValueRef *call) {
  SmallVector<BasicBlock *, 16> BBs;
  for (unsigned i = 0; i < n; ++i)
    BBs.push_back(unwrap(blocks[i]));
  Function *Parent = BBs[0]->getParent();
  OutlineContext &Cx = *static_cast<OutlineContext *>(cx);
  CodeExtractor CE(BBs, /*DT=*/nullptr, /*AggregateArgs=*/true, nullptr, nullptr, nullptr,
                   /*AllowVarArgs=*/false, /*AllowAlloca=*/true);
  if (!CE.isEligible())
    return nullptr;
  SmallPtrSet<BasicBlock *, 16> In(BBs.begin(), BBs.end());
  sinkRegionLocals(Cx, In, BBs[0], Parent);
  proxyInputs(In, BBs[0]);
  SetVector<Value *> Inputs, Outputs, Sinks;
  CE.findInputsOutputs(Inputs, Outputs, Sinks);
  if (!Outputs.empty())
    return nullptr;
  Function *Old = CE.extractCodeRegion(*Cx.CEAC);
  if (!Old || Old->arg_size() > 1 || !Old->hasOneUser())
    return nullptr;
  LLVMContext &Ctx = Parent->getContext();
  Module *M = Parent->getParent();
  Type *Ptr = PointerType::get(Ctx, 0);
  auto *FT = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, Ptr}, false);
  Function *New = Function::Create(FT, GlobalValue::InternalLinkage, name, M);
  // The microtask takes the extracted function's blocks, attributes (not its
  // parameter's), metadata (its DISubprogram) and personality.
  New->copyAttributesFrom(Old);
  AttributeList OldAttrs = Old->getAttributes();
  New->setAttributes(AttributeList::get(Ctx, OldAttrs.getFnAttrs(), OldAttrs.getRetAttrs(), {}));
  New->setLinkage(GlobalValue::InternalLinkage);
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  Old->getAllMetadata(MDs);
  for (auto &[Kind, Node] : MDs)
    New->setMetadata(Kind, Node);
  Old->clearMetadata();
  New->splice(New->end(), Old);
  New->getArg(0)->setName("gtid.addr");
  New->getArg(1)->setName("btid.addr");
  New->getArg(2)->setName("args");
  if (Old->arg_size() == 1)
    Old->getArg(0)->replaceAllUsesWith(New->getArg(2));
  New->addParamAttr(0, Attribute::NoAlias);
  New->addParamAttr(1, Attribute::NoAlias);

  auto *OldCall = cast<CallInst>(Old->user_back());
  Value *Agg = Old->arg_size() == 1 ? OldCall->getArgOperand(0) : ConstantPointerNull::get(cast<PointerType>(Ptr));
  Value *Null = ConstantPointerNull::get(cast<PointerType>(Ptr));
  auto *NewCall = CallInst::Create(FT, New, {Null, Null, Agg}, "", OldCall);
  NewCall->setDebugLoc(OldCall->getDebugLoc());
  OldCall->eraseFromParent();
  Old->eraseFromParent();

  // Static allocas of the body's first block into the entry block.
  BasicBlock &Entry = New->getEntryBlock();
  if (auto *Br = dyn_cast<BranchInst>(Entry.getTerminator()); Br && Br->isUnconditional()) {
    SmallVector<AllocaInst *, 8> Move;
    for (Instruction &I : *Br->getSuccessor(0))
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isa<ConstantInt>(AI->getArraySize()))
        Move.push_back(AI);
    for (AllocaInst *AI : Move)
      AI->moveBefore(Entry.getTerminator());
  }
  // The thread id: one load of *gtid at entry.
  SmallVector<CallInst *, 4> Gtids;
  for (Instruction &I : instructions(*New))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction(); Callee && Callee->getName() == "__kmpc_global_thread_num")
        Gtids.push_back(CI);
  if (!Gtids.empty()) {
    auto *Tid = new LoadInst(Type::getInt32Ty(Ctx), New->getArg(0), "gtid", Entry.getTerminator());
    for (CallInst *CI : Gtids) {
      CI->replaceAllUsesWith(Tid);
      CI->eraseFromParent();
    }
  }
  *call = wrap(NewCall);
  return wrap(New);
}

// Replaces the uses of `from` by `to` in the instructions of blocks[0..n)
// only (LLVM-C's replace-all-uses has no such scope).
// (Never in `to` itself: a rename of `from` made in those blocks keeps
// taking it.) Returns how many uses changed.
unsigned weft_replace_uses_in_blocks(LLVMValueRef from, LLVMValueRef to, LLVMBasicBlockRef *blocks, unsigned n) {
  SmallPtrSet<BasicBlock *, 16> In;
  for (unsigned i = 0; i < n; ++i)
    In.insert(unwrap(blocks[i]));
  Value *From = unwrap(from), *To = unwrap(to);
  unsigned count = 0;
  for (Use &U : make_early_inc_range(From->uses()))
    if (auto *I = dyn_cast<Instruction>(U.getUser()); I && I != To && In.count(I->getParent())) {
      U.set(To);
      ++count;
    }
  return count;
}

// Pointers derived from `orig` (GEPs and casts, instructions or constant
// expressions) that are computed outside blocks[0..n) but used inside them
// (EarlyCSE merges a GEP inside a region with an identical one before it)
// are recomputed from `copy` before `at`, and the uses inside are rewired.
// Without this, a privatized variable's element would still be written
// through a pointer to the original.
static Value *derivedClone(Value *V, Value *Orig, Value *Copy, Instruction *At,
                           const SmallPtrSetImpl<BasicBlock *> &In, DenseMap<Value *, Value *> &Done) {
  if (V == Orig)
    return Copy;
  if (auto It = Done.find(V); It != Done.end())
    return It->second;
  Instruction *I = nullptr;
  if (auto *CE = dyn_cast<ConstantExpr>(V)) {
    if (!CE->isCast() && CE->getOpcode() != Instruction::GetElementPtr)
      return nullptr;
    I = CE->getAsInstruction();
  } else if (auto *Inst = dyn_cast<Instruction>(V)) {
    if (In.count(Inst->getParent()) || (!isa<GetElementPtrInst>(Inst) && !isa<CastInst>(Inst)))
      return nullptr;
    I = Inst->clone();
  } else {
    return nullptr;
  }
  bool Derived = false;
  for (Use &U : I->operands()) {
    if (Value *C = derivedClone(U.get(), Orig, Copy, At, In, Done)) {
      U.set(C);
      Derived = true;
    }
  }
  if (!Derived) {
    I->deleteValue();
    return nullptr;
  }
  I->insertBefore(At);
  I->setName(V->getName() + ".priv");
  Done[V] = I;
  return I;
}

void weft_rematerialize_derived(LLVMValueRef orig, LLVMValueRef copy, LLVMBasicBlockRef *blocks, unsigned n,
                                LLVMValueRef at) {
  SmallPtrSet<BasicBlock *, 16> In;
  for (unsigned i = 0; i < n; ++i)
    In.insert(unwrap(blocks[i]));
  Value *Orig = unwrap(orig), *Copy = unwrap(copy);
  auto *At = cast<Instruction>(unwrap(at));
  DenseMap<Value *, Value *> Done;
  for (unsigned i = 0; i < n; ++i)
    for (Instruction &I : *unwrap(blocks[i]))
      for (Use &U : I.operands()) {
        Value *V = U.get();
        if (V == Orig || isa<BasicBlock>(V) || (!isa<Instruction>(V) && !isa<ConstantExpr>(V)))
          continue;
        if (Value *C = derivedClone(V, Orig, Copy, At, In, Done))
          U.set(C);
      }
}

// Values computed in blocks[0..n) (a region only some threads run: master,
// single) and used after it are recomputed before `at` (where the region
// ends, on every thread's path) when they are pure computations of values
// from outside: EarlyCSE makes such uses out of a computation the region and
// the code after it share. Returns the first escaping value that cannot be
// recomputed (it reads memory, has effects, or depends on one), or null.
static Value *recompute(Instruction *I, Instruction *At, const SmallPtrSetImpl<BasicBlock *> &In,
                        DenseMap<Instruction *, Instruction *> &Done, unsigned Depth) {
  if (auto It = Done.find(I); It != Done.end())
    return It->second;
  if (Depth > 64 || isa<PHINode>(I) || I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I))
    return nullptr;
  Instruction *C = I->clone();
  for (Use &U : C->operands())
    if (auto *OI = dyn_cast<Instruction>(U.get()); OI && In.count(OI->getParent())) {
      Value *R = recompute(OI, At, In, Done, Depth + 1);
      if (!R) {
        C->deleteValue();
        return nullptr;
      }
      U.set(R);
    }
  C->insertBefore(At);
  C->setName(I->getName() + ".after");
  Done[I] = C;
  return C;
}

// `all`: go on past a value that cannot be recomputed (and return null).
LLVMValueRef weft_recompute_escaping(LLVMBasicBlockRef *blocks, unsigned n, LLVMValueRef at, int all) {
  SmallPtrSet<BasicBlock *, 16> In;
  for (unsigned i = 0; i < n; ++i)
    In.insert(unwrap(blocks[i]));
  auto *At = cast<Instruction>(unwrap(at));
  DenseMap<Instruction *, Instruction *> Done;
  for (unsigned i = 0; i < n; ++i)
    for (Instruction &I : *unwrap(blocks[i])) {
      SmallVector<Use *, 4> Outside;
      for (Use &U : I.uses())
        if (auto *UI = dyn_cast<Instruction>(U.getUser()); UI && !In.count(UI->getParent()))
          Outside.push_back(&U);
      if (Outside.empty())
        continue;
      auto *R = recompute(&I, At, In, Done, 0);
      if (!R && all)
        continue;
      if (!R)
        return wrap(&I);
      for (Use *U : Outside)
        U->set(R);
    }
  return nullptr;
}

// Whether `weft_recompute_escaping` could recompute `I` after the region
// (the same rule, changing nothing): `Inside` tells the region's
// instructions; `Ok` holds those found recomputable.
static bool canRecompute(Instruction *I, function_ref<bool(Instruction *)> Inside,
                         SmallPtrSetImpl<Instruction *> &Ok, unsigned Depth) {
  if (Ok.count(I))
    return true;
  if (Depth > 64 || isa<PHINode>(I) || I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I))
    return false;
  for (Value *Op : I->operands())
    if (auto *OI = dyn_cast<Instruction>(Op); OI && Inside(OI) && !canRecompute(OI, Inside, Ok, Depth + 1))
      return false;
  Ok.insert(I);
  return true;
}

// The first instruction of a region, in the unchanged IR, that is used after
// the region and could not be recomputed there; null if none. The region
// runs from after `begin` (its BEGIN group's last call) to before `end` (its
// END group's first call) through `blocks` (all of its blocks, both ends
// included). Changes nothing: paropt decides its refusals with it before
// any region is lowered.
LLVMValueRef weft_unrecomputable_escaping(LLVMBasicBlockRef *blocks, unsigned n, LLVMValueRef begin,
                                          LLVMValueRef end) {
  auto *Begin = cast<Instruction>(unwrap(begin));
  auto *End = cast<Instruction>(unwrap(end));
  SmallPtrSet<BasicBlock *, 16> In;
  for (unsigned i = 0; i < n; ++i)
    In.insert(unwrap(blocks[i]));
  auto Inside = [&](Instruction *I) {
    BasicBlock *B = I->getParent();
    if (!In.count(B))
      return false;
    if (B == Begin->getParent() && !Begin->comesBefore(I))
      return false;
    if (B == End->getParent() && !I->comesBefore(End))
      return false;
    return true;
  };
  SmallPtrSet<Instruction *, 16> Ok;
  for (unsigned i = 0; i < n; ++i)
    for (Instruction &I : *unwrap(blocks[i])) {
      if (!Inside(&I))
        continue;
      bool Escapes = any_of(I.users(), [&](User *U) {
        auto *UI = dyn_cast<Instruction>(U);
        return UI && !Inside(UI);
      });
      if (Escapes && !canRecompute(&I, Inside, Ok, 0))
        return wrap(&I);
    }
  return nullptr;
}

} // extern "C"
