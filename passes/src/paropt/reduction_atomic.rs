//! The atomic method of a reduction: `__kmpc_reduce_nowait` answering 2
//! means each thread combines its copy into the original itself, with
//! atomics. libomp answers 2 only when asked (weft does not ask), the
//! device kernels' rewrite does (docs/offload-device.md): a scalar
//! integer or floating-point item combines with one `atomicrmw` where
//! LLVM has the operator, a compare-exchange loop otherwise; an array or a
//! section of constant length of such elements element by element (a
//! loop in a function of its own); anything else (a run-time section, a
//! user-defined reduction, an array of arrays) under a lock as before.
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::{ArrayType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, InstructionValue};
use llvm_plugin::inkwell::{AtomicOrdering, AtomicRMWBinOp, IntPredicate};
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

/// Whether an item can combine atomically: a scalar of 8 to 64 bits, or
/// an array (a section) of constant length of such scalars, with a
/// built-in operator.
pub(super) fn atomic_item(p: &Private<'_>) -> bool {
    let Share::Reduction { op, .. } = p.share else { return false };
    let scalar = |t: BasicTypeEnum<'_>| {
        matches!(t, BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_))
            && scalar_bits(t).is_some_and(|b| (8..=64).contains(&b))
    };
    let shape = match (p.ty, p.array_fns) {
        (BasicTypeEnum::ArrayType(at), Some(_)) => at.len() > 0 && scalar(at.get_element_type()),
        (t, None) => scalar(t),
        _ => false,
    };
    shape && op != ReductionOp::Udr && p.len.is_none()
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
    /// compare-exchange loop splits the block there). `atomic_item` holds
    /// for each.
    pub(super) fn combine_atomically(&self, b: &Builder<'ctx>, reds: &[&Private<'ctx>], fname: &str) {
        let term = b.get_insert_block().and_then(|bb| bb.get_terminator()).expect("at a terminator");
        for p in reds {
            let Share::Reduction { op, unsigned } = p.share else { continue };
            let b = self.at(term);
            if let BasicTypeEnum::ArrayType(at) = p.ty {
                let f = self.array_atomic_fn(at, op, unsigned, fname);
                b.build_call(f, &[p.orig.into(), p.copy.into()], "").expect("positioned");
                continue;
            }
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
    /// `void (ptr dst, ptr src)`: each element of src combined into dst's
    /// atomically, one loop over the elements (each element as a scalar
    /// item is, untagged: the warp's shuffle of offload/warp_reduce.rs
    /// serves one value per thread, not a loop of them). Built with a
    /// builder of its own: the lowering's stays where it is.
    fn array_atomic_fn(
        &self,
        at: ArrayType<'ctx>,
        op: ReductionOp,
        unsigned: bool,
        fname: &str,
    ) -> FunctionValue<'ctx> {
        let ctx = self.rt.ctx;
        let (elem, i64t) = (at.get_element_type(), self.rt.i64);
        let ty = ctx.void_type().fn_type(&[self.rt.ptr.into(), self.rt.ptr.into()], false);
        let f = self.rt.module.add_function(&format!("{fname}.omp.reduce.combine.atomic"), ty, Some(Linkage::Internal));
        let b = ctx.create_builder();
        let block = |name| ctx.append_basic_block(f, name);
        let (entry, body, latch, done) = (block("entry"), block("elem"), block("next"), block("done"));
        // (atomic_item: at least one element.)
        b.position_at_end(entry);
        b.build_unconditional_branch(body).expect("positioned");
        b.position_at_end(body);
        let i = b.build_phi(i64t, "i").expect("positioned");
        let iv = i.as_basic_value().into_int_value();
        let at_elem = |k: u32| {
            let base = f.get_nth_param(k).expect("a parameter").into_pointer_value();
            // SAFETY: i < the array's length, in bounds of both arrays.
            unsafe { b.build_gep(elem, base, &[iv], "") }.expect("positioned")
        };
        let (d, s) = (at_elem(0), at_elem(1));
        let mine = b.build_load(elem, s, "red.priv").expect("positioned");
        match (rmw_op(op, unsigned, elem), mine) {
            (Some(rmw), BasicValueEnum::IntValue(v)) => {
                b.build_atomicrmw(rmw, d, v, AtomicOrdering::Monotonic).expect("positioned");
                b.build_unconditional_branch(latch).expect("positioned");
            }
            (Some(_), other) => {
                let br = b.build_unconditional_branch(latch).expect("positioned");
                ffi::float_atomic_add(br, d, other.into_float_value());
            }
            (None, _) => {
                // seen = *d; until cas(d, seen, seen op mine) succeeds.
                let bits = scalar_bits(elem).expect("atomic_item: a scalar element");
                let ity = ctx.custom_width_int_type(bits);
                let retry = ctx.insert_basic_block_after(body, "retry");
                let first = b.build_load(elem, d, "red.orig").expect("positioned");
                b.build_unconditional_branch(retry).expect("positioned");
                b.position_at_end(retry);
                let seen = b.build_phi(elem, "seen").expect("positioned");
                let new = combine(&b, op, unsigned, seen.as_basic_value(), mine);
                let as_int =
                    |v: BasicValueEnum<'ctx>| b.build_bit_cast(v, ity, "").expect("positioned").into_int_value();
                let pair = b
                    .build_cmpxchg(
                        d,
                        as_int(seen.as_basic_value()),
                        as_int(new),
                        AtomicOrdering::Monotonic,
                        AtomicOrdering::Monotonic,
                    )
                    .expect("positioned");
                let prev = b.build_extract_value(pair, 0, "").expect("a pair");
                let prev = b.build_bit_cast(prev, elem, "").expect("positioned");
                let ok = b.build_extract_value(pair, 1, "").expect("a pair").into_int_value();
                b.build_conditional_branch(ok, latch, retry).expect("positioned");
                seen.add_incoming(&[(&first, body), (&prev, retry)]);
            }
        }
        b.position_at_end(latch);
        let next = b.build_int_add(iv, i64t.const_int(1, false), "").expect("positioned");
        let more = b
            .build_int_compare(IntPredicate::ULT, next, i64t.const_int(u64::from(at.len()), false), "")
            .expect("positioned");
        b.build_conditional_branch(more, body, done).expect("positioned");
        i.add_incoming(&[(&i64t.const_zero(), entry), (&next, latch)]);
        b.position_at_end(done);
        b.build_return(None).expect("positioned");
        f
    }
}
