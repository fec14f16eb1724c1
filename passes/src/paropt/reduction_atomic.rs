//! The atomic method of a reduction: `__kmpc_reduce_nowait` answering 2
//! means each thread combines its copy into the original itself, with
//! atomics. libomp answers 2 only when asked (weft does not ask), the
//! device kernels' rewrite does (docs/offload-device.md): a scalar
//! integer or floating-point item combines with one `atomicrmw` where
//! LLVM has the operator, a compare-exchange loop otherwise; anything else
//! (arrays, sections, user-defined reductions) under a lock as before.
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionValue};
use llvm_plugin::inkwell::{AtomicOrdering, AtomicRMWBinOp};
use weft_intrinsics::ffi;
use weft_intrinsics::vocab::ReductionOp;

use super::atomic_access::scalar_bits;
use super::context::{Lowerer, Private};
use super::plan::Share;
use super::redop::combine;

/// The operator as one `atomicrmw`, when LLVM has it for this type.
fn rmw_op(op: ReductionOp, unsigned: bool, ty: BasicTypeEnum<'_>) -> Option<AtomicRMWBinOp> {
    use ReductionOp as R;
    match ty {
        BasicTypeEnum::IntType(_) => Some(match (op, unsigned) {
            (R::Add | R::Sub, _) => AtomicRMWBinOp::Add,
            (R::Band, _) => AtomicRMWBinOp::And,
            (R::Bor, _) => AtomicRMWBinOp::Or,
            (R::Bxor, _) => AtomicRMWBinOp::Xor,
            (R::Max, false) => AtomicRMWBinOp::Max,
            (R::Max, true) => AtomicRMWBinOp::UMax,
            (R::Min, false) => AtomicRMWBinOp::Min,
            (R::Min, true) => AtomicRMWBinOp::UMin,
            _ => return None,
        }),
        BasicTypeEnum::FloatType(_) if matches!(op, R::Add | R::Sub) => Some(AtomicRMWBinOp::FAdd),
        _ => None,
    }
}

/// Whether every item can combine atomically (a scalar of 8 to 64 bits,
/// a built-in operator).
pub(super) fn all_atomic(reds: &[&Private<'_>]) -> bool {
    reds.iter().all(|p| {
        let Share::Reduction { op, .. } = p.share else { return false };
        let scalar = matches!(p.ty, BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_));
        scalar
            && op != ReductionOp::Udr
            && p.array_fns.is_none()
            && p.len.is_none()
            && scalar_bits(p.ty).is_some_and(|b| (8..=64).contains(&b))
    })
}

/// The metadata kind that marks a reduction's `atomicrmw` with its
/// operator (`add`, `fadd`, `and`, `or`, `xor`, `max`, `min`, `umax`,
/// `umin`): a device kernel combines the values of a warp's threads first
/// (offload/warp_reduce.rs). User atomics carry none.
pub const REDUCTION_MD: &str = "weft.reduction";

/// The operator's name in `REDUCTION_MD`.
pub fn rmw_name(op: AtomicRMWBinOp) -> &'static str {
    RMW_NAMES.iter().find(|(o, _)| *o == op).map_or("other", |&(_, n)| n)
}

/// The operator `rmw_name` names.
pub fn rmw_of_name(name: &str) -> Option<AtomicRMWBinOp> {
    RMW_NAMES.iter().find(|(_, n)| *n == name).map(|&(o, _)| o)
}

/// The operators a reduction's `atomicrmw` may have, by name.
const RMW_NAMES: [(AtomicRMWBinOp, &str); 9] = [
    (AtomicRMWBinOp::Add, "add"),
    (AtomicRMWBinOp::FAdd, "fadd"),
    (AtomicRMWBinOp::And, "and"),
    (AtomicRMWBinOp::Or, "or"),
    (AtomicRMWBinOp::Xor, "xor"),
    (AtomicRMWBinOp::Max, "max"),
    (AtomicRMWBinOp::Min, "min"),
    (AtomicRMWBinOp::UMax, "umax"),
    (AtomicRMWBinOp::UMin, "umin"),
];

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Marks `i` as a reduction's atomic combine with operator `op`.
    fn tag_reduction(&self, i: InstructionValue<'ctx>, op: AtomicRMWBinOp) {
        let ctx = self.rt.ctx;
        let md = ctx.metadata_node(&[ctx.metadata_string(rmw_name(op)).into()]);
        let _ = i.set_metadata(md, ctx.get_kind_id(REDUCTION_MD));
    }

    /// Each item's copy combined into its original atomically, before the
    /// builder's place (which must be a block's terminator: a
    /// compare-exchange loop splits the block there). `all_atomic` holds.
    pub(super) fn combine_atomically(&self, b: &Builder<'ctx>, reds: &[&Private<'ctx>]) {
        let term = b.get_insert_block().and_then(|bb| bb.get_terminator()).expect("at a terminator");
        for p in reds {
            let Share::Reduction { op, unsigned } = p.share else { continue };
            let b = self.at(term);
            let mine = b.build_load(p.ty, p.copy, "red.priv").expect("positioned");
            if let Some(rmw) = rmw_op(op, unsigned, p.ty) {
                let i = match mine {
                    BasicValueEnum::IntValue(i) => b
                        .build_atomicrmw(rmw, p.orig, i, AtomicOrdering::Monotonic)
                        .expect("positioned")
                        .as_instruction_value()
                        .expect("an instruction"),
                    other => ffi::float_atomic_add(term, p.orig, other.into_float_value()),
                };
                self.tag_reduction(i, rmw);
                continue;
            }
            let old = b.build_load(p.ty, p.orig, "red.orig").expect("positioned");
            let new = combine(b, op, unsigned, old, mine);
            let store = b.build_store(p.orig, new).expect("positioned");
            let load = old.as_instruction_value().expect("a load");
            let ords = (AtomicOrdering::Monotonic, AtomicOrdering::Monotonic);
            // (Only scalars of a supported width get here: all_atomic.)
            self.cmpxchg_loop(load, store, p.orig, new, ords).expect("a scalar");
        }
    }
}
