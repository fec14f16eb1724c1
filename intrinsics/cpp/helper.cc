// weft's C++ helper: the few things the LLVM 16 C API cannot do.
// Every function here is wrapped by exactly one safe function in src/ffi.rs.
#include "llvm-c/Core.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"
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

// ---- outlining (LLVM's CodeExtractor) ----

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

// Deletes the blocks of `fn` that its entry cannot reach (LLVM's
// removeUnreachableBlocks). Returns whether any was deleted.
int weft_remove_unreachable_blocks(LLVMValueRef fn) {
  return removeUnreachableBlocks(*cast<Function>(unwrap(fn)));
}

// The block's single predecessor, or null.
LLVMBasicBlockRef weft_single_predecessor(LLVMBasicBlockRef bb) { return wrap(unwrap(bb)->getSinglePredecessor()); }

// The type of the memory a pointer names when it is an alloca (its
// allocated type) or a global variable (its value type); null otherwise.
// The global behind `llvm.threadlocal.address(@g)` (how C code takes the
// address of a thread-local variable), else `v` itself.
static Value *throughThreadLocalAddress(Value *V) {
  if (auto *II = dyn_cast<IntrinsicInst>(V); II && II->getIntrinsicID() == Intrinsic::threadlocal_address)
    return II->getArgOperand(0)->stripPointerCasts();
  return V;
}

// The thread-local global `v` names (itself, or through
// `llvm.threadlocal.address`), or null.
LLVMValueRef weft_thread_local_global(LLVMValueRef v) {
  auto *GV = dyn_cast<GlobalVariable>(throughThreadLocalAddress(unwrap(v)->stripPointerCasts()));
  return GV && GV->isThreadLocal() ? wrap(GV) : nullptr;
}

// Whether `v` is a thread-local global variable, or this thread's instance
// of one (`llvm.threadlocal.address`).
int weft_is_thread_local(LLVMValueRef v) {
  auto *GV = dyn_cast<GlobalVariable>(throughThreadLocalAddress(unwrap(v)->stripPointerCasts()));
  return GV && GV->isThreadLocal();
}

// The variable behind renames of a private variable (weft-prepare's
// `weft.private.addr` calls, made at pipeline start).
static Value *throughRenames(Value *V) {
  V = V->stripPointerCasts();
  while (auto *CB = dyn_cast<CallBase>(V)) {
    Function *F = CB->getCalledFunction();
    if (!F || F->getName() != "weft.private.addr" || CB->arg_size() != 1)
      break;
    V = CB->getArgOperand(0)->stripPointerCasts();
  }
  return V;
}

LLVMTypeRef weft_memory_type(LLVMValueRef v) {
  Value *V = throughThreadLocalAddress(throughRenames(unwrap(v)));
  if (auto *AI = dyn_cast<AllocaInst>(V))
    return isa<ConstantInt>(AI->getArraySize()) && cast<ConstantInt>(AI->getArraySize())->isOne()
               ? wrap(AI->getAllocatedType())
               : nullptr;
  if (auto *GV = dyn_cast<GlobalVariable>(V))
    return wrap(GV->getValueType());
  // A struct passed by value: the caller's copy, which the callee owns.
  if (auto *A = dyn_cast<Argument>(V))
    if (Type *T = A->getParamByValType())
      return wrap(T);
  return nullptr;
}

// The alignment the program may assume of the variable a pointer names
// (behind renames and `llvm.threadlocal.address`): the front end's accesses
// to it claim that much, so a copy weft makes for the variable must have it
// too (an `align 16` local array whose vector stores `movaps` into it).
unsigned weft_variable_align(LLVMValueRef v) {
  Value *V = throughThreadLocalAddress(throughRenames(unwrap(v)));
  const Module *M = nullptr;
  if (auto *I = dyn_cast<Instruction>(V))
    M = I->getModule();
  else if (auto *G = dyn_cast<GlobalValue>(V))
    M = G->getParent();
  else if (auto *A = dyn_cast<Argument>(V))
    M = A->getParent()->getParent();
  if (!M || !V->getType()->isPointerTy())
    return 1;
  return V->getPointerAlignment(M->getDataLayout()).value();
}

// Adds the operand bundle `tag`(values[0..n)) to a call: LLVM makes a new
// call with the extra bundle, which replaces the old one. Returns the new call.
LLVMValueRef weft_add_bundle(LLVMValueRef call, const char *tag, LLVMValueRef *values, unsigned n) {
  auto *CB = cast<CallBase>(unwrap(call));
  SmallVector<Value *, 4> Inputs;
  for (unsigned i = 0; i < n; ++i)
    Inputs.push_back(unwrap(values[i]));
  // Not CallBase::addOperandBundle: it returns the call itself when a bundle
  // with this tag is already there (SHARED often is), and directive clauses
  // may repeat.
  SmallVector<OperandBundleDef, 4> Bundles;
  CB->getOperandBundlesAsDefs(Bundles);
  Bundles.emplace_back(tag, Inputs);
  CallBase *New = CallBase::Create(CB, Bundles, CB);
  New->takeName(CB);
  CB->replaceAllUsesWith(New);
  CB->eraseFromParent();
  return wrap(New);
}

// Removes from a call the operand bundles whose tag starts with `prefix`:
// LLVM makes a new call without them, which replaces the old one. Returns
// the new call (the old one when it has none).
LLVMValueRef weft_drop_bundles(LLVMValueRef call, const char *prefix) {
  auto *CB = cast<CallBase>(unwrap(call));
  SmallVector<OperandBundleDef, 4> Bundles, Kept;
  CB->getOperandBundlesAsDefs(Bundles);
  for (auto &B : Bundles)
    if (!StringRef(B.getTag()).startswith(prefix))
      Kept.push_back(B);
  if (Kept.size() == Bundles.size())
    return call;
  CallBase *New = CallBase::Create(CB, Kept, CB);
  New->takeName(CB);
  CB->replaceAllUsesWith(New);
  CB->eraseFromParent();
  return wrap(New);
}

// Renames the operand bundle tagged `from` to `to` (a directive the region
// form spells as its first bundle): LLVM makes a new call, which replaces
// the old one. Returns the new call (the old one when no bundle matched).
LLVMValueRef weft_rename_bundle(LLVMValueRef call, const char *from, const char *to) {
  auto *CB = cast<CallBase>(unwrap(call));
  SmallVector<OperandBundleDef, 4> Bundles, Renamed;
  CB->getOperandBundlesAsDefs(Bundles);
  bool Any = false;
  for (auto &B : Bundles) {
    bool Match = B.getTag() == from;
    Any |= Match;
    Renamed.emplace_back(Match ? std::string(to) : B.getTag().str(), std::vector<Value *>(B.input_begin(), B.input_end()));
  }
  if (!Any)
    return call;
  CallBase *New = CallBase::Create(CB, Renamed, CB);
  New->takeName(CB);
  CB->replaceAllUsesWith(New);
  CB->eraseFromParent();
  return wrap(New);
}

// Replaces a call's argument `idx` by the metadata string `s` (a paper-form
// directive or clause name).
void weft_set_metadata_argument(LLVMValueRef call, unsigned idx, const char *s) {
  auto *CB = cast<CallBase>(unwrap(call));
  LLVMContext &Ctx = CB->getContext();
  CB->setArgOperand(idx, MetadataAsValue::get(Ctx, MDString::get(Ctx, s)));
}

// The allocas a store, atomic or memory intrinsic inside an instruction
// writes through (its pointer operand, through GEPs and casts); null if none.
LLVMValueRef weft_written_alloca(LLVMValueRef inst) {
  Instruction *I = cast<Instruction>(unwrap(inst));
  Value *P = nullptr;
  if (auto *SI = dyn_cast<StoreInst>(I))
    P = SI->getPointerOperand();
  else if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
    P = RMW->getPointerOperand();
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
    P = CX->getPointerOperand();
  else if (auto *MI = dyn_cast<MemIntrinsic>(I))
    P = MI->getDest();
  if (!P)
    return nullptr;
  return wrap(dyn_cast<AllocaInst>(getUnderlyingObject(P)));
}

// What the pointer operands of `inst` point into (LLVM's getUnderlyingObject,
// through GEPs and casts), when that is an alloca (kind 1) or a global
// variable neither constant nor thread-local (kind 2): up to `cap` of them
// into out/kind; returns how many there are. Operands of any type are
// looked at (tokens and metadata are skipped), which LLVM-C's accessors
// through inkwell cannot do safely.
unsigned weft_pointed_variables(LLVMValueRef inst, LLVMValueRef *out, int *kind, unsigned cap) {
  unsigned n = 0;
  for (Value *Op : cast<Instruction>(unwrap(inst))->operands()) {
    if (!Op->getType()->isPointerTy())
      continue;
    Value *Obj = getUnderlyingObject(Op);
    int K = 0;
    if (isa<AllocaInst>(Obj))
      K = 1;
    else if (auto *GV = dyn_cast<GlobalVariable>(Obj); GV && !GV->isConstant() && !GV->isThreadLocal())
      K = 2;
    if (!K)
      continue;
    if (n < cap) {
      out[n] = wrap(Obj);
      kind[n] = K;
    }
    ++n;
  }
  return n;
}

// The C string of a critical construct's name: a constant i8 array given
// as the operand itself (icx's `"QUAL.OMP.NAME"([5 x i8] c"xaxis")`, with or
// without a NUL), or a global constant such an array initializes, read up
// to its first NUL. Null otherwise.
const char *weft_c_string(LLVMValueRef v, size_t *len) {
  Constant *C = dyn_cast<Constant>(unwrap(v));
  if (auto *GV = dyn_cast<GlobalVariable>(unwrap(v)->stripPointerCasts()))
    C = GV->hasInitializer() ? GV->getInitializer() : nullptr;
  if (!C)
    return nullptr;
  auto *AT = dyn_cast<ArrayType>(C->getType());
  if (!AT || !AT->getElementType()->isIntegerTy(8))
    return nullptr;
  if (isa<ConstantAggregateZero>(C)) {
    *len = 0;
    return "";
  }
  auto *CDS = dyn_cast<ConstantDataSequential>(C);
  if (!CDS)
    return nullptr;
  StringRef S = CDS->getRawDataValues();
  *len = S.find('\0') == StringRef::npos ? S.size() : S.find('\0');
  return S.data();
}

// The first global (other than LLVM's own `llvm.*` lists) whose
// initializer holds `v`'s address, looking through constant expressions
// and aggregates; null if none. A thread-local variable's address is not
// a link-time constant, so such a variable cannot become one.
LLVMValueRef weft_initializer_user(LLVMValueRef v) {
  SmallVector<User *, 8> Work(unwrap(v)->users());
  SmallPtrSet<User *, 8> Seen;
  while (!Work.empty()) {
    User *U = Work.pop_back_val();
    if (!Seen.insert(U).second)
      continue;
    if (auto *GV = dyn_cast<GlobalValue>(U)) {
      if (!GV->getName().startswith("llvm."))
        return wrap(GV);
    } else if (isa<Constant>(U)) {
      Work.append(U->user_begin(), U->user_end());
    }
  }
  return nullptr;
}

// ---- diagnostics ----

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


// Builds `llvm.directive.region.entry()` before `before`, with one operand
// bundle per tag (`counts[i]` inputs each, taken in order from `ops`) and
// `before`'s debug location (weft-cc's markers carry the source line).
LLVMValueRef weft_build_region_entry(LLVMValueRef before, const char **tags, const unsigned *counts, unsigned ntags,
                                     LLVMValueRef *ops) {
  auto *At = cast<Instruction>(unwrap(before));
  LLVMContext &C0 = At->getContext();
  FunctionCallee Entry =
      At->getModule()->getOrInsertFunction("llvm.directive.region.entry", FunctionType::get(Type::getTokenTy(C0), false));
  SmallVector<OperandBundleDef, 8> Bundles;
  unsigned k = 0;
  for (unsigned i = 0; i < ntags; ++i) {
    SmallVector<Value *, 4> Inputs;
    for (unsigned j = 0; j < counts[i]; ++j)
      Inputs.push_back(unwrap(ops[k++]));
    Bundles.emplace_back(tags[i], Inputs);
  }
  CallInst *C = CallInst::Create(Entry, {}, Bundles, "", At);
  C->setDebugLoc(At->getDebugLoc());
  return wrap(C);
}

// Builds `llvm.directive.region.exit(token)` with the bundle `tag()` before
// `before`, with its debug location.
LLVMValueRef weft_build_region_exit(LLVMValueRef before, LLVMValueRef token, const char *tag) {
  auto *At = cast<Instruction>(unwrap(before));
  LLVMContext &C0 = At->getContext();
  FunctionCallee Exit = At->getModule()->getOrInsertFunction(
      "llvm.directive.region.exit", FunctionType::get(Type::getVoidTy(C0), {Type::getTokenTy(C0)}, false));
  OperandBundleDef B(tag, ArrayRef<Value *>{});
  CallInst *C = CallInst::Create(Exit, {unwrap(token)}, {B}, "", At);
  C->setDebugLoc(At->getDebugLoc());
  return wrap(C);
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

// Whether a pointer may be captured: stored somewhere, passed to a call,
// turned into an integer (LLVM's CaptureTracking).
int weft_may_be_captured(LLVMValueRef v) {
  return PointerMayBeCaptured(unwrap(v), /*ReturnCaptures=*/false, /*StoreCaptures=*/true);
}

// Whether `inst` writes memory through a pointer that is not known to be a
// particular alloca or global (a store, atomicrmw or cmpxchg through a
// loaded or computed address).
int weft_writes_through_unknown(LLVMValueRef inst) {
  Value *Ptr = nullptr;
  Instruction *I = cast<Instruction>(unwrap(inst));
  if (auto *S = dyn_cast<StoreInst>(I))
    Ptr = S->getPointerOperand();
  else if (auto *R = dyn_cast<AtomicRMWInst>(I))
    Ptr = R->getPointerOperand();
  else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I))
    Ptr = X->getPointerOperand();
  if (!Ptr)
    return 0;
  const Value *O = getUnderlyingObject(Ptr);
  return !isa<AllocaInst>(O) && !isa<GlobalVariable>(O);
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

// A variable-length array: an alloca (maybe behind renames) whose element
// count is not the constant 1. Returns the count (and *elem its element
// type), else null.
LLVMValueRef weft_vla_length(LLVMValueRef v, LLVMTypeRef *elem) {
  auto *AI = dyn_cast<AllocaInst>(throughRenames(unwrap(v)));
  if (!AI)
    return nullptr;
  if (auto *C = dyn_cast<ConstantInt>(AI->getArraySize()); C && C->isOne())
    return nullptr;
  *elem = wrap(AI->getAllocatedType());
  return wrap(AI->getArraySize());
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
