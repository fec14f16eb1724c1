// A directive call's operands, which the LLVM 16 C API cannot reach or
// change: its operand bundles (read, added, dropped, renamed), metadata
// string arguments, and the region form's entry and exit calls built with
// their bundles. Every function here is wrapped by exactly one safe function
// in src/ffi/operands.rs.
#include "llvm-c/Core.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include <cstring>
#include <string>

using namespace llvm;

extern "C" {

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

} // extern "C"
