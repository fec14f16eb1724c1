// What a pointer names, for the data-sharing clauses: the variable behind
// renames and thread-local addresses, its type and alignment, whether it is
// a variable-length array or thread-local, whether it may be captured, what
// an instruction writes through or points into, and constant strings.
// Every function here is wrapped by exactly one safe function in
// src/ffi/variables.rs.
#include "llvm-c/Core.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include <cstring>
#include <string>

using namespace llvm;

extern "C" {

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

// The type of the memory a pointer names when it is an alloca (its
// allocated type) or a global variable (its value type); null otherwise.
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

} // extern "C"
