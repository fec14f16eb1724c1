// What weft's VPlan code generator (passes/src/vplan/codegen.rs) asks of
// LLVM's IRBuilder, one instruction at a time: an original instruction's
// operation on vector operands, vector memory accesses (consecutive,
// masked, gathers and scatters), splats and lane sequences, horizontal
// reductions, and rewiring the scalar loop's header phis to resume where
// the vector loop stopped. Each inserts before `before`.
#include "llvm-c/Core.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {
Type *vec(Type *T, unsigned VF) { return FixedVectorType::get(T, VF); }
} // namespace

extern "C" {

// Whether the call neither reads nor writes memory nor throws (it may run
// in any lane; whether it returns is the program's promise for a simd loop).
// Whether `inst` may run where the program would not run it (LLVM's
// isSafeToSpeculativelyExecute: no side effect, no undefined behaviour on
// any operand), so a lane that is off may compute it too.
int weft_is_speculatable(LLVMValueRef inst) {
  return isSafeToSpeculativelyExecute(cast<Instruction>(unwrap(inst)));
}

int weft_call_is_pure(LLVMValueRef call) {
  auto *CB = dyn_cast<CallBase>(unwrap(call));
  return CB && CB->doesNotAccessMemory() && !CB->mayThrow();
}

// `orig` (a binary or unary operator, cast, compare, select, getelementptr
// or call of a vectorizable intrinsic or math function) on the `n` operands
// `ops`, vectors of `vf` lanes (or scalars where the operation takes one:
// a select's condition, an intrinsic's scalar operand). Null when it has no
// vector form.
LLVMValueRef weft_widen(LLVMValueRef orig, LLVMValueRef *ops, unsigned n, unsigned vf, LLVMValueRef before) {
  auto *I = cast<Instruction>(unwrap(orig));
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  SmallVector<Value *, 4> Ops;
  for (unsigned k = 0; k < n; ++k)
    Ops.push_back(unwrap(ops[k]));
  Value *V = nullptr;
  if (auto *Bo = dyn_cast<BinaryOperator>(I)) {
    V = B.CreateBinOp(Bo->getOpcode(), Ops[0], Ops[1]);
  } else if (auto *U = dyn_cast<UnaryOperator>(I)) {
    V = B.CreateUnOp(U->getOpcode(), Ops[0]);
  } else if (auto *C = dyn_cast<CastInst>(I)) {
    V = B.CreateCast(C->getOpcode(), Ops[0], vec(C->getDestTy(), vf));
  } else if (auto *Cmp = dyn_cast<CmpInst>(I)) {
    V = B.CreateCmp(Cmp->getPredicate(), Ops[0], Ops[1]);
  } else if (isa<SelectInst>(I)) {
    V = B.CreateSelect(Ops[0], Ops[1], Ops[2]);
  } else if (auto *G = dyn_cast<GetElementPtrInst>(I)) {
    V = B.CreateGEP(G->getSourceElementType(), Ops[0], ArrayRef<Value *>(Ops).drop_front(), "",
                    G->isInBounds());
  } else if (auto *CI = dyn_cast<CallInst>(I)) {
    TargetLibraryInfoImpl TLII(Triple(I->getModule()->getTargetTriple()));
    TargetLibraryInfo TLI(TLII);
    Intrinsic::ID ID = getVectorIntrinsicIDForCall(CI, &TLI);
    if (ID == Intrinsic::not_intrinsic || !isTriviallyVectorizable(ID)) {
      // A vector variant the call names (vector-function-abi-variant: from
      // -fveclib, or declare simd), with every operand a vector.
      Function *VecF =
          VFDatabase(*CI).getVectorizedFunction(VFShape::get(*CI, ElementCount::getFixed(vf), false));
      if (!VecF)
        return nullptr;
      V = B.CreateCall(VecF, Ops);
      V->setName(I->getName() + ".vec");
      return wrap(V);
    }
    // (The result's type is the first overloaded type.)
    SmallVector<Type *, 2> Tys{vec(CI->getType(), vf)};
    for (unsigned k = 0; k < n; ++k)
      if (isVectorIntrinsicWithOverloadTypeAtArg(ID, k))
        Tys.push_back(Ops[k]->getType());
    Function *F = Intrinsic::getDeclaration(I->getModule(), ID, Tys);
    V = B.CreateCall(F, Ops);
  } else {
    return nullptr;
  }
  if (auto *VI = dyn_cast<Instruction>(V); VI && VI != I) {
    if (isa<BinaryOperator>(I) || isa<UnaryOperator>(I) || isa<CastInst>(I) || isa<CmpInst>(I))
      VI->copyIRFlags(I);
    VI->setName(I->getName() + ".vec");
  }
  return wrap(V);
}

// Whether a call is one weft_widen turns into a vector intrinsic, or into a
// call of a vector variant of `vf` lanes.
int weft_call_has_vector_form(LLVMValueRef call, unsigned vf) {
  auto *CI = dyn_cast<CallInst>(unwrap(call));
  if (!CI)
    return 0;
  TargetLibraryInfoImpl TLII(Triple(CI->getModule()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII);
  Intrinsic::ID ID = getVectorIntrinsicIDForCall(CI, &TLI);
  if (ID != Intrinsic::not_intrinsic && isTriviallyVectorizable(ID))
    return 1;
  return VFDatabase(*CI).getVectorizedFunction(VFShape::get(*CI, ElementCount::getFixed(vf), false)) != nullptr;
}

// Whether the intrinsic `call` calls takes operand `k` as a scalar even in
// its vector form (powi's exponent, ...).
int weft_call_scalar_operand(LLVMValueRef call, unsigned k) {
  auto *CI = cast<CallInst>(unwrap(call));
  TargetLibraryInfoImpl TLII(Triple(CI->getModule()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII);
  Intrinsic::ID ID = getVectorIntrinsicIDForCall(CI, &TLI);
  return ID != Intrinsic::not_intrinsic && isVectorIntrinsicWithScalarOpAtArg(ID, k);
}

LLVMValueRef weft_splat(LLVMValueRef v, unsigned vf, LLVMValueRef before) {
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  return wrap(B.CreateVectorSplat(vf, unwrap(v)));
}

// Lane l: lane0 + l * stride (an integer), or lane0 advanced by l * stride
// bytes (a pointer).
LLVMValueRef weft_lanes(LLVMValueRef lane0, int64_t stride, unsigned vf, LLVMValueRef before) {
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  Value *L0 = unwrap(lane0);
  Type *T = L0->getType();
  Type *IdxT = T->isPointerTy() ? B.getInt64Ty() : T;
  SmallVector<Constant *, 16> Steps;
  for (unsigned l = 0; l < vf; ++l)
    Steps.push_back(ConstantInt::get(IdxT, (uint64_t)(stride * (int64_t)l), true));
  Value *Off = ConstantVector::get(Steps);
  Value *Base = B.CreateVectorSplat(vf, L0);
  if (T->isPointerTy())
    return wrap(B.CreateGEP(B.getInt8Ty(), Base, Off));
  return wrap(B.CreateAdd(Base, Off));
}

// The vector form of load `orig`: from `addr`, lane 0's address of
// consecutive elements (`consecutive`), or a vector of addresses (a gather);
// under `mask` (null: every lane).
LLVMValueRef weft_vload(LLVMValueRef orig, LLVMValueRef addr, int consecutive, LLVMValueRef mask, unsigned vf,
                        LLVMValueRef before) {
  auto *L = cast<LoadInst>(unwrap(orig));
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  Type *VT = vec(L->getType(), vf);
  Value *M = mask ? unwrap(mask) : nullptr;
  Value *V;
  if (consecutive)
    V = M ? static_cast<Value *>(B.CreateMaskedLoad(VT, unwrap(addr), L->getAlign(), M))
          : static_cast<Value *>(B.CreateAlignedLoad(VT, unwrap(addr), L->getAlign()));
  else
    V = B.CreateMaskedGather(VT, unwrap(addr), L->getAlign(), M);
  V->setName(L->getName() + ".vec");
  return wrap(V);
}

void weft_vstore(LLVMValueRef orig, LLVMValueRef val, LLVMValueRef addr, int consecutive, LLVMValueRef mask,
                 LLVMValueRef before) {
  auto *S = cast<StoreInst>(unwrap(orig));
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  Value *M = mask ? unwrap(mask) : nullptr;
  if (consecutive) {
    if (M)
      B.CreateMaskedStore(unwrap(val), unwrap(addr), S->getAlign(), M);
    else
      B.CreateAlignedStore(unwrap(val), unwrap(addr), S->getAlign());
  } else {
    B.CreateMaskedScatter(unwrap(val), unwrap(addr), S->getAlign(), M);
  }
}

// The lanes of `v` combined by `op` (plan.rs's RedOp, in its order: add,
// mul, and, or, xor, fadd, fmul, smin, smax, umin, umax, fmin, fmax). The
// floating-point sums and products may reassociate: a reduction clause
// allows it.
LLVMValueRef weft_reduce(int op, LLVMValueRef v, LLVMValueRef before) {
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  Value *V = unwrap(v);
  Type *E = cast<VectorType>(V->getType())->getElementType();
  Value *R = nullptr;
  FastMathFlags FMF;
  FMF.setAllowReassoc();
  B.setFastMathFlags(FMF);
  switch (op) {
  case 0: R = B.CreateAddReduce(V); break;
  case 1: R = B.CreateMulReduce(V); break;
  case 2: R = B.CreateAndReduce(V); break;
  case 3: R = B.CreateOrReduce(V); break;
  case 4: R = B.CreateXorReduce(V); break;
  case 5: R = B.CreateFAddReduce(ConstantFP::getNegativeZero(E), V); break;
  case 6: R = B.CreateFMulReduce(ConstantFP::get(E, 1.0), V); break;
  case 7: R = B.CreateIntMinReduce(V, true); break;
  case 8: R = B.CreateIntMaxReduce(V, true); break;
  case 9: R = B.CreateIntMinReduce(V, false); break;
  case 10: R = B.CreateIntMaxReduce(V, false); break;
  case 11: R = B.CreateFPMinReduce(V); break;
  case 12: R = B.CreateFPMaxReduce(V); break;
  default: return nullptr;
  }
  return wrap(R);
}

// Whether any lane of the mask is on.
LLVMValueRef weft_any_lane(LLVMValueRef mask, LLVMValueRef before) {
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  return wrap(B.CreateOrReduce(unwrap(mask)));
}

// The scalar loop's header phi `phi` now comes from `resume_block` (a new
// block between `old_pred` and the header) instead of `old_pred`, with
// `resume` when the vector loop ran (from `vector_done`) and its old value
// otherwise.
void weft_resume_phi(LLVMValueRef phi, LLVMBasicBlockRef old_pred, LLVMBasicBlockRef resume_block,
                     LLVMValueRef resume, LLVMBasicBlockRef vector_done) {
  auto *P = cast<PHINode>(unwrap(phi));
  BasicBlock *Old = unwrap(old_pred), *RB = unwrap(resume_block), *Done = unwrap(vector_done);
  int K = P->getBasicBlockIndex(Old);
  Value *Start = P->getIncomingValue(K);
  IRBuilder<> B(RB, RB->getFirstInsertionPt());
  PHINode *R = B.CreatePHI(P->getType(), 2, P->getName() + ".resume");
  R->addIncoming(Start, Old);
  R->addIncoming(unwrap(resume), Done);
  P->setIncomingBlock(K, RB);
  P->setIncomingValue(K, R);
}

// `start` combined with the lanes of `v` in lane order (an ordered
// floating-point reduction: no reassociation), for op 5 (fadd) or 6 (fmul).
LLVMValueRef weft_reduce_in_order(int op, LLVMValueRef start, LLVMValueRef v, LLVMValueRef before) {
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  if (op == 5)
    return wrap(B.CreateFAddReduce(unwrap(start), unwrap(v)));
  if (op == 6)
    return wrap(B.CreateFMulReduce(unwrap(start), unwrap(v)));
  return nullptr;
}

// Whether `inst` is floating-point arithmetic that may be reassociated.
int weft_allows_reassoc(LLVMValueRef inst) {
  auto *I = dyn_cast<Instruction>(unwrap(inst));
  return I && isa<FPMathOperator>(I) && I->getFastMathFlags().allowReassoc();
}

// The scalar loop's header phi `phi` now comes from `new_pred` instead of
// `old_pred`, with `value`.
void weft_set_incoming(LLVMValueRef phi, LLVMBasicBlockRef old_pred, LLVMBasicBlockRef new_pred, LLVMValueRef value) {
  auto *P = cast<PHINode>(unwrap(phi));
  int K = P->getBasicBlockIndex(unwrap(old_pred));
  P->setIncomingBlock(K, unwrap(new_pred));
  P->setIncomingValue(K, unwrap(value));
}
}

extern "C" {
// The bytes a getelementptr's last index steps over (0 when it selects a
// struct field).
uint64_t weft_gep_last_stride(LLVMValueRef gep) {
  auto *G = cast<GetElementPtrInst>(unwrap(gep));
  const DataLayout &DL = G->getModule()->getDataLayout();
  uint64_t Stride = 0;
  for (gep_type_iterator GTI = gep_type_begin(G), E = gep_type_end(G); GTI != E; ++GTI)
    Stride = GTI.isStruct() ? 0 : DL.getTypeAllocSize(GTI.getIndexedType()).getFixedValue();
  return Stride;
}

// The bytes a value of `ty` occupies in memory.
uint64_t weft_store_size(LLVMValueRef in_module, LLVMTypeRef ty) {
  const DataLayout &DL = cast<Instruction>(unwrap(in_module))->getModule()->getDataLayout();
  return DL.getTypeStoreSize(unwrap(ty)).getFixedValue();
}
}

extern "C" {
// Two partial reductions (vectors) combined lane by lane by `op` (as in
// weft_reduce).
LLVMValueRef weft_combine(int op, LLVMValueRef a, LLVMValueRef b, LLVMValueRef before) {
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  Value *A = unwrap(a), *C = unwrap(b);
  FastMathFlags FMF;
  FMF.setAllowReassoc();
  B.setFastMathFlags(FMF);
  switch (op) {
  case 0: return wrap(B.CreateAdd(A, C));
  case 1: return wrap(B.CreateMul(A, C));
  case 2: return wrap(B.CreateAnd(A, C));
  case 3: return wrap(B.CreateOr(A, C));
  case 4: return wrap(B.CreateXor(A, C));
  case 5: return wrap(B.CreateFAdd(A, C));
  case 6: return wrap(B.CreateFMul(A, C));
  case 7: return wrap(B.CreateBinaryIntrinsic(Intrinsic::smin, A, C));
  case 8: return wrap(B.CreateBinaryIntrinsic(Intrinsic::smax, A, C));
  case 9: return wrap(B.CreateBinaryIntrinsic(Intrinsic::umin, A, C));
  case 10: return wrap(B.CreateBinaryIntrinsic(Intrinsic::umax, A, C));
  case 11: return wrap(B.CreateBinaryIntrinsic(Intrinsic::minnum, A, C));
  case 12: return wrap(B.CreateBinaryIntrinsic(Intrinsic::maxnum, A, C));
  default: return nullptr;
  }
}
}

extern "C" {
// The vector form of load `orig` whose lane l reads `lane0` advanced by
// l * k elements: one consecutive load of k * vf elements from lane 0's
// address, then every k-th. (It reads k - 1 elements past the last lane's;
// they lie before what the loop's next iteration reads, which the scalar
// epilogue always runs, so within the same object.)
LLVMValueRef weft_strided_load(LLVMValueRef orig, LLVMValueRef lane0, unsigned k, unsigned vf, LLVMValueRef before) {
  auto *L = cast<LoadInst>(unwrap(orig));
  IRBuilder<> B(cast<Instruction>(unwrap(before)));
  Type *Wide = FixedVectorType::get(L->getType(), k * vf);
  Value *W = B.CreateAlignedLoad(Wide, unwrap(lane0), L->getAlign(), L->getName() + ".wide");
  SmallVector<int, 16> Pick;
  for (unsigned l = 0; l < vf; ++l)
    Pick.push_back((int)(l * k));
  return wrap(B.CreateShuffleVector(W, Pick, L->getName() + ".strided"));
}
}


extern "C" {
// Deletes blocks no other block branches to any more (the vector loop of a
// failed attempt: the loop before it is whole again).
void weft_delete_blocks(LLVMBasicBlockRef *bbs, unsigned n) {
  // (Not DeleteDeadBlocks: it updates the phis of successors one dead
  // predecessor at a time, which a phi of two dead predecessors does not
  // survive. These blocks only refer to each other.)
  for (unsigned k = 0; k < n; ++k)
    unwrap(bbs[k])->dropAllReferences();
  for (unsigned k = 0; k < n; ++k)
    unwrap(bbs[k])->eraseFromParent();
}
}
