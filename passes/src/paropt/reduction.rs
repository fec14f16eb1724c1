//! Combining reduction copies (paper III.F): one copy into another by the
//! clause's operator, element by element for arrays and array sections,
//! through a user-defined combiner, and the `reduce_func` libomp calls to
//! combine two threads' records.
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, FunctionValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::vocab::ReductionOp;

use super::context::{Lowerer, Private};
use super::nonpod;
use super::plan::Share;
use super::redop::{combine, reduction_identity};

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `orig = orig op copy` for each reduction variable, at `b`.
    pub(super) fn combine_into_originals(&self, b: &Builder<'ctx>, reds: &[&Private<'ctx>]) {
        for p in reds {
            self.combine_into(b, p, p.orig, p.copy);
        }
    }

    /// `*dst = *dst op *src` for reduction variable `p` (element by element,
    /// through a generated function, for an array).
    pub(super) fn combine_into(
        &self,
        b: &Builder<'ctx>,
        p: &Private<'ctx>,
        dst: PointerValue<'ctx>,
        src: PointerValue<'ctx>,
    ) {
        let Share::Reduction { op, unsigned } = p.share else { unreachable!("reductions only") };
        if op == ReductionOp::Udr {
            nonpod::udr_combine(b, p.nonpod, dst, src);
            return;
        }
        if let Some((_, combine_fn)) = p.array_fns {
            let mut args: Vec<BasicMetadataValueEnum<'ctx>> = vec![dst.into(), src.into()];
            args.extend(p.len.map(BasicMetadataValueEnum::from));
            b.build_call(combine_fn, &args, "").expect("positioned");
            return;
        }
        let x = b.build_load(p.ty, dst, "red.orig").expect("positioned");
        let y = b.build_load(p.ty, src, "red.priv").expect("positioned");
        let z = combine(b, op, unsigned, x, y);
        b.build_store(dst, z).expect("positioned");
    }

    /// An internal function over an array reduction variable, one loop over
    /// its elements: `void (ptr a)` setting each to the operator's identity,
    /// or `void (ptr dst, ptr src)` combining each of src into dst.
    pub(super) fn array_reduction_fn(&self, p: &Private<'ctx>, fname: &str, step: ArrayStep) -> FunctionValue<'ctx> {
        let Share::Reduction { op, unsigned } = p.share else { unreachable!("reductions only") };
        // An array of n elements, or a run-time section (the length a parameter).
        let (elem, n) = match p.ty {
            BasicTypeEnum::ArrayType(at) if p.len.is_none() => (at.get_element_type(), Some(at.len())),
            t => (t, None),
        };
        let ctx = self.rt.ctx;
        let ptr = self.rt.ptr;
        let (name, mut params) = match step {
            ArrayStep::Identity => ("init", vec![ptr.into()]),
            ArrayStep::Combine => ("combine", vec![ptr.into(), ptr.into()]),
        };
        if n.is_none() {
            params.push(self.rt.i64.into());
        }
        let ty = ctx.void_type().fn_type(&params, false);
        let f = self.rt.module.add_function(&format!("{fname}.omp.reduce.{name}"), ty, Some(Linkage::Internal));
        let b = ctx.create_builder();
        let entry = ctx.append_basic_block(f, "entry");
        let body = ctx.append_basic_block(f, "elem");
        let done = ctx.append_basic_block(f, "done");
        let i64t = self.rt.i64;
        let count = match n {
            Some(n) => i64t.const_int(u64::from(n), false),
            None => f.get_last_param().expect("the length").into_int_value(),
        };
        b.position_at_end(entry);
        let none = b.build_int_compare(IntPredicate::EQ, count, i64t.const_zero(), "").expect("positioned");
        b.build_conditional_branch(none, done, body).expect("positioned");
        b.position_at_end(body);
        let i = b.build_phi(i64t, "i").expect("positioned");
        let iv = i.as_basic_value().into_int_value();
        let at_elem = |arg: u32| {
            let base = f.get_nth_param(arg).expect("a parameter").into_pointer_value();
            // SAFETY: i < count, in bounds of the elements the caller passes.
            unsafe { b.build_gep(elem, base, &[iv], "") }.expect("positioned")
        };
        match step {
            ArrayStep::Identity => {
                let id = reduction_identity(elem, op, unsigned).expect("checked when planned");
                b.build_store(at_elem(0), id).expect("positioned");
            }
            ArrayStep::Combine => {
                let (d, s) = (at_elem(0), at_elem(1));
                let x = b.build_load(elem, d, "").expect("positioned");
                let y = b.build_load(elem, s, "").expect("positioned");
                let z = combine(&b, op, unsigned, x, y);
                b.build_store(d, z).expect("positioned");
            }
        }
        let next = b.build_int_add(iv, i64t.const_int(1, false), "").expect("positioned");
        let more = b.build_int_compare(IntPredicate::ULT, next, count, "").expect("positioned");
        b.build_conditional_branch(more, body, done).expect("positioned");
        i.add_incoming(&[(&i64t.const_zero(), entry), (&next, body)]);
        b.position_at_end(done);
        b.build_return(None).expect("positioned");
        f
    }

    /// The combiner the runtime calls in a tree reduction:
    /// `void (ptr lhs, ptr rhs)`, both `[n x ptr]` lists of the reduction
    /// variables' copies, combining each rhs into its lhs.
    pub(super) fn reduce_fn(&self, reds: &[&Private<'ctx>], fname: &str) -> FunctionValue<'ctx> {
        self.pairwise_fn(&format!("{fname}.omp.reduce"), reds.len(), |b, k, l, r| {
            self.combine_into(b, reds[k], l, r);
        })
    }
}

#[derive(Clone, Copy)]
pub(super) enum ArrayStep {
    Identity,
    Combine,
}

/// The type a reduction applies its operator to: an array's element type.
pub(super) fn element_type(ty: BasicTypeEnum<'_>) -> BasicTypeEnum<'_> {
    match ty {
        BasicTypeEnum::ArrayType(a) => a.get_element_type(),
        t => t,
    }
}
