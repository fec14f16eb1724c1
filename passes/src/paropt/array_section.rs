//! Array sections with strides or several dimensions (`a[l1:n1:s1][l2:n2]`,
//! constant bounds, on an array variable): the private copy is a whole
//! array indexed like the original, and only the section's elements are
//! initialized, copied or combined, by generated functions that visit them
//! (one flat counter, each dimension's index taken from it). The shape is
//! plain data, checked against the array's extents before any IR changes.
//! Also the one-dimensional sections of unit stride, whose private copies
//! are indexed like the original too.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{FunctionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::{ffi, Rule};

use super::context::{err, Lowerer, Res};
use super::plan::section::{count, Resolved};
use super::runtime::Rt;

/// An array type's extents (outermost first) and innermost element.
pub fn shape(ty: BasicTypeEnum<'_>) -> (Vec<u64>, BasicTypeEnum<'_>) {
    let mut extents = Vec::new();
    let mut t = ty;
    while let BasicTypeEnum::ArrayType(at) = t {
        extents.push(u64::from(at.len()));
        t = at.get_element_type();
    }
    (extents, t)
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// An internal `void name(ptr a[, ptr b])` over arrays laid out like the
    /// section's variable: `each(builder, &[element of a, element of b])`
    /// for every element of the section.
    pub(super) fn section_fn(
        &self,
        name: &str,
        params: u32,
        elem: BasicTypeEnum<'ctx>,
        dims: &[Resolved],
        each: impl Fn(&Builder<'ctx>, &[PointerValue<'ctx>]),
    ) -> FunctionValue<'ctx> {
        let (ctx, i64t, ptr) = (self.rt.ctx, self.rt.i64, self.rt.ptr);
        let ty = ctx.void_type().fn_type(&vec![ptr.into(); params as usize], false);
        let f = self.rt.module.add_function(name, ty, Some(Linkage::Internal));
        let b = ctx.create_builder();
        let entry = ctx.append_basic_block(f, "entry");
        let body = ctx.append_basic_block(f, "elem");
        let done = ctx.append_basic_block(f, "done");
        b.position_at_end(entry);
        b.build_unconditional_branch(body).expect("positioned");
        b.position_at_end(body);
        let phi = b.build_phi(i64t, "t").expect("positioned");
        let t0 = phi.as_basic_value().into_int_value();
        let c = |n: u64| i64t.const_int(n, false);
        // offset(dims, t), as above.
        let (mut off, mut t): (IntValue<'ctx>, IntValue<'ctx>) = (c(0), t0);
        for d in dims.iter().rev() {
            let k = b.build_int_unsigned_rem(t, c(d.length), "").expect("positioned");
            let i = b.build_int_add(c(d.lower), b.build_int_mul(k, c(d.stride), "").expect("positioned"), "");
            let term = b.build_int_mul(i.expect("positioned"), c(d.scale), "").expect("positioned");
            off = b.build_int_add(off, term, "").expect("positioned");
            t = b.build_int_unsigned_div(t, c(d.length), "").expect("positioned");
        }
        let elems: Vec<PointerValue<'ctx>> = (0..params)
            .map(|p| {
                let base = f.get_nth_param(p).expect("a parameter").into_pointer_value();
                // SAFETY: resolve() checked every offset lies within the array.
                unsafe { b.build_gep(elem, base, &[off], "") }.expect("positioned")
            })
            .collect();
        each(&b, &elems);
        let next = b.build_int_add(t0, c(1), "").expect("positioned");
        let more = b.build_int_compare(IntPredicate::ULT, next, c(count(dims)), "").expect("positioned");
        b.build_conditional_branch(more, body, done).expect("positioned");
        phi.add_incoming(&[(&c(0), entry), (&next, body)]);
        b.position_at_end(done);
        b.build_return(None).expect("positioned");
        f
    }
}

/// One-dimensional sections of unit stride (constant or run-time bounds).
impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `malloc(n * sizeof(elem))` at `b`: a thread's buffer (freed as it
    /// leaves the construct). Aligned as `like`, the variable it copies: past
    /// malloc's 16 bytes through `aligned_alloc` (a size it divides).
    fn heap_elements(
        &self,
        b: &Builder<'ctx>,
        elem: BasicTypeEnum<'ctx>,
        n: IntValue<'ctx>,
        name: &str,
        like: PointerValue<'ctx>,
    ) -> PointerValue<'ctx> {
        let i64t = self.rt.i64;
        let bytes = b.build_int_mul(n, elem.size_of().expect("sized"), "").expect("positioned");
        let align = u64::from(ffi::variable_align(like.into()));
        let buffer = if align > 16 {
            let up = b.build_int_add(bytes, i64t.const_int(align - 1, false), "").expect("positioned");
            let up = b.build_and(up, i64t.const_int(!(align - 1), false), "").expect("positioned");
            self.rt.call_ptr(b, Rt::CAlignedAlloc, &[i64t.const_int(align, false).into(), up.into()])
        } else {
            self.rt.call_ptr(b, Rt::Malloc, &[bytes.into()])
        };
        buffer.set_name(name);
        buffer
    }

    /// An array section `[first, first + n)` of `base` (an array variable, or
    /// a pointer variable pointing at the elements), with `ty` = `[n x elem]`:
    /// the region gets storage of its own indexed like the original (the
    /// whole array, or `first + n` elements behind a private pointer), so its
    /// accesses need no rebasing; returns the addresses of the section in the
    /// original and in the copy, which copy-in, reductions and copy-out use
    /// as for any array variable. Computed in `first`, the prologue.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn privatize_section(
        &self,
        base: PointerValue<'ctx>,
        ty: BasicTypeEnum<'ctx>,
        first: u64,
        home: BasicBlock<'ctx>,
        body: &[BasicBlock<'ctx>],
        prologue: BasicBlock<'ctx>,
        clause: &str,
        name: &str,
    ) -> Res<(PointerValue<'ctx>, PointerValue<'ctx>)> {
        let BasicTypeEnum::ArrayType(sect) = ty else { unreachable!("a section's type is an array") };
        let elem = sect.get_element_type();
        let n = u64::from(sect.len());
        let label = base.get_name().to_string_lossy().into_owned();
        let refuse = |what: String| err(Rule::OperandKind, clause, what).on_directive(name);
        let at = |b: &Builder<'ctx>, p: PointerValue<'ctx>| {
            // SAFETY: element `first` of storage holding at least first + n elements.
            unsafe { b.build_gep(elem, p, &[self.rt.i64.const_int(first, false)], "omp.section") }.expect("positioned")
        };
        match ffi::memory_type(base.into()) {
            Some(BasicTypeEnum::ArrayType(whole)) => {
                if whole.get_element_type() != elem || u64::from(whole.len()) < first + n {
                    return Err(refuse(format!(
                        "the array section [{first}:{n}] does not lie within {label} ({})",
                        whole.print_to_string().to_string_lossy()
                    )));
                }
                let buf = self.alloca_for(home, whole.into(), &format!("{label}.priv"), base);
                ffi::replace_uses_in_blocks(base, buf, body);
                let term = prologue.get_terminator().expect("terminator");
                ffi::rematerialize_derived(base, buf, body, term);
                let b = self.before_terminator(prologue);
                Ok((at(b, base), at(b, buf)))
            }
            Some(BasicTypeEnum::PointerType(_)) => {
                let len = u32::try_from(first + n)
                    .map_err(|_| refuse(format!("the array section [{first}:{n}] is too large")))?;
                let whole = elem.array_type(len);
                let buf = self.alloca_for(home, whole.into(), &format!("{label}.priv"), base);
                let var = self.alloca_for(home, self.rt.ptr.into(), &format!("{label}.ptr.priv"), base);
                ffi::replace_uses_in_blocks(base, var, body);
                let b = self.before_terminator(prologue);
                b.build_store(var, buf).expect("positioned");
                let elems = b.build_load(self.rt.ptr, base, &label).expect("positioned").into_pointer_value();
                Ok((at(b, elems), at(b, buf)))
            }
            _ => Err(refuse(format!("{label} is neither an array nor a pointer: it has no array section"))),
        }
    }

    /// An array section `[first, first + len)` with bounds known only at run
    /// time (`elem` its element type): an array variable gets a private copy
    /// of the whole array, a pointer variable a private heap buffer of
    /// `first + len` elements (returned, to be freed) behind a private
    /// pointer; both indexed like the original. Returns the addresses of the
    /// section's first element in the original and in the copy, and its
    /// length in i64. Computed in `prologue`.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub(super) fn privatize_runtime_section(
        &self,
        base: PointerValue<'ctx>,
        elem: BasicTypeEnum<'ctx>,
        first: weft_intrinsics::model::ValueId,
        length: weft_intrinsics::model::ValueId,
        home: BasicBlock<'ctx>,
        body: &[BasicBlock<'ctx>],
        prologue: BasicBlock<'ctx>,
    ) -> Res<(PointerValue<'ctx>, PointerValue<'ctx>, IntValue<'ctx>, Option<PointerValue<'ctx>>)> {
        let label = base.get_name().to_string_lossy().into_owned();
        let i64t = self.rt.i64;
        let memory = ffi::memory_type(base.into());
        let b = self.before_terminator(prologue);
        let wide = |v: IntValue<'ctx>| {
            if v.get_type().get_bit_width() == 64 {
                v
            } else {
                b.build_int_z_extend(v, i64t, "").expect("positioned")
            }
        };
        let first = wide(self.value(first).into_int_value());
        let len = wide(self.value(length).into_int_value());
        let at = |b: &Builder<'ctx>, p: PointerValue<'ctx>| {
            // SAFETY: element `first` of storage holding at least first + len elements.
            unsafe { b.build_gep(elem, p, &[first], "omp.section") }.expect("positioned")
        };
        match memory {
            Some(BasicTypeEnum::ArrayType(whole)) => {
                let buf = self.alloca(home, whole.into(), &format!("{label}.priv"));
                ffi::replace_uses_in_blocks(base, buf, body);
                let term = prologue.get_terminator().expect("terminator");
                ffi::rematerialize_derived(base, buf, body, term);
                let b = self.before_terminator(prologue);
                Ok((at(b, base), at(b, buf), len, None))
            }
            Some(BasicTypeEnum::PointerType(_)) => {
                let var = self.alloca_for(home, self.rt.ptr.into(), &format!("{label}.ptr.priv"), base);
                ffi::replace_uses_in_blocks(base, var, body);
                let b = self.before_terminator(prologue);
                let n = b.build_int_add(first, len, "").expect("positioned");
                let buf = self.heap_elements(b, elem, n, &format!("{label}.section"), base);
                b.build_store(var, buf).expect("positioned");
                let elems = b.build_load(self.rt.ptr, base, &label).expect("positioned").into_pointer_value();
                Ok((at(b, elems), at(b, buf), len, Some(buf)))
            }
            // A variable-length array: the variable is its elements; each
            // thread gets a heap buffer of its length.
            None if ffi::vla_length(base).is_some() => {
                let b = self.before_terminator(prologue);
                let buf = self.heap_elements(b, elem, len, &format!("{label}.vla"), base);
                let at_term = prologue.get_terminator().expect("terminator");
                let seen = self.privatize_uses(base, buf, body, at_term);
                Ok((seen, buf, len, Some(buf)))
            }
            _ => Err(err(
                Rule::OperandKind,
                "QUAL.OPND.ARRSECT",
                format!("{label} is neither an array nor a pointer: it has no array section"),
            )),
        }
    }
}
