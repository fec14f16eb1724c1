//! Non-POD list items (paper III.E): a private copy of a variable of a
//! user-defined type is made by its constructor (or copy constructor, for
//! firstprivate), copied out by its copy assignment, and destroyed when the
//! thread leaves the construct. The helpers come with the clause; a null
//! helper means that step is trivial (a plain copy, or nothing).
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, FunctionValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::Rule;

use super::context::{err, Helpers, Lowerer, Res};
use super::plan::Var;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The variable's helpers, each checked to take the pointers it is given
    /// (`this`, and `from` for the copies); None for a POD variable.
    pub(super) fn nonpod_helpers(&self, v: &Var, name: &str) -> Res<Option<Helpers<'ctx>>> {
        let Some(h) = v.nonpod else { return Ok(None) };
        let resolve = |id, what: &str, params: u32| -> Res<Option<FunctionValue<'ctx>>> {
            let Some(id) = id else { return Ok(None) };
            let p = self.value(id).into_pointer_value();
            let f = self.rt.module.get_function(&p.get_name().to_string_lossy());
            let ok = f.filter(|f| {
                f.count_params() == params && f.get_type().get_param_types().iter().all(|t| t.is_pointer_type())
            });
            match ok {
                Some(f) => Ok(Some(f)),
                None => Err(err(
                    Rule::OperandKind,
                    &v.clause,
                    format!(
                        "the non-POD {what} @{} must be a function of ({})",
                        p.get_name().to_string_lossy(),
                        match (params, what) {
                            (1, _) => "ptr this",
                            (_, "combiner") => "ptr out, ptr in",
                            (_, "initializer") => "ptr priv, ptr orig",
                            _ => "ptr this, ptr from",
                        }
                    ),
                )
                .on_directive(name)),
            }
        };
        let mut helpers = Helpers {
            ctor: resolve(h.ctor, "constructor", 1)?,
            copy_ctor: resolve(h.copy_ctor, "copy constructor", 2)?,
            copy_assign: resolve(h.copy_assign, "copy assignment", 2)?,
            dtor: resolve(h.dtor, "destructor", 1)?,
            combiner: resolve(h.combiner, "combiner", 2)?,
            initializer: resolve(h.initializer, "initializer", 2)?,
        };
        // An array of non-POD objects: each helper runs on every element
        // (the destructor from the last element back, as C++ destroys arrays).
        if let Some((elem, n)) = self.var_type(v).and_then(elements) {
            let each = |f: Option<FunctionValue<'ctx>>, backwards| f.map(|f| self.each_element(f, elem, n, backwards));
            helpers = Helpers {
                ctor: each(helpers.ctor, false),
                copy_ctor: each(helpers.copy_ctor, false),
                copy_assign: each(helpers.copy_assign, false),
                dtor: each(helpers.dtor, true),
                combiner: each(helpers.combiner, false),
                initializer: each(helpers.initializer, false),
            };
        }
        Ok(Some(helpers))
    }

    /// An internal function with `f`'s pointer parameters (`this`, maybe
    /// `from`) that calls `f` on each of the `n` elements of type `elem` of
    /// the arrays they point to; made once per helper and shape.
    fn each_element(
        &self,
        f: FunctionValue<'ctx>,
        elem: BasicTypeEnum<'ctx>,
        n: u64,
        backwards: bool,
    ) -> FunctionValue<'ctx> {
        let name = format!("{}.weft.{}{n}", f.get_name().to_string_lossy(), if backwards { "reversed." } else { "" });
        if let Some(g) = self.rt.module.get_function(&name) {
            return g;
        }
        let (ctx, i64t, ptr) = (self.rt.ctx, self.rt.i64, self.rt.ptr);
        let params = f.count_params();
        let ty = ctx.void_type().fn_type(&vec![ptr.into(); params as usize], false);
        let g = self.rt.module.add_function(&name, ty, Some(Linkage::Internal));
        let b = ctx.create_builder();
        let entry = ctx.append_basic_block(g, "entry");
        let body = ctx.append_basic_block(g, "elem");
        let done = ctx.append_basic_block(g, "done");
        b.position_at_end(entry);
        if n == 0 {
            b.build_unconditional_branch(done).expect("positioned");
        } else {
            b.build_unconditional_branch(body).expect("positioned");
        }
        b.position_at_end(body);
        let i = b.build_phi(i64t, "i").expect("positioned");
        let k = i.as_basic_value().into_int_value();
        let at = if backwards { b.build_int_sub(i64t.const_int(n - 1, false), k, "").expect("positioned") } else { k };
        let args: Vec<PointerValue<'ctx>> = (0..params)
            .map(|p| {
                let base = g.get_nth_param(p).expect("a parameter").into_pointer_value();
                // SAFETY: element `at` < n of an array of n elements.
                unsafe { b.build_gep(elem, base, &[at], "") }.expect("positioned")
            })
            .collect();
        call(&b, f, &args);
        let next = b.build_int_add(k, i64t.const_int(1, false), "").expect("positioned");
        let more = b.build_int_compare(IntPredicate::ULT, next, i64t.const_int(n, false), "").expect("positioned");
        b.build_conditional_branch(more, body, done).expect("positioned");
        i.add_incoming(&[(&i64t.const_zero(), entry), (&next, body)]);
        b.position_at_end(done);
        b.build_return(None).expect("positioned");
        g
    }
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// `void (ptr this, ptr from)` that runs the copy assignment `f` unless
    /// `this == from` (COPYIN on the thread whose instance is the source:
    /// nothing may write the object the team is reading).
    pub(super) fn assign_unless_same(&self, f: FunctionValue<'ctx>) -> FunctionValue<'ctx> {
        let name = format!("{}.weft.unless.same", f.get_name().to_string_lossy());
        if let Some(g) = self.rt.module.get_function(&name) {
            return g;
        }
        let (ctx, ptr) = (self.rt.ctx, self.rt.ptr);
        let g = self.rt.module.add_function(
            &name,
            ctx.void_type().fn_type(&[ptr.into(), ptr.into()], false),
            Some(Linkage::Internal),
        );
        let b = ctx.create_builder();
        let entry = ctx.append_basic_block(g, "entry");
        let copy = ctx.append_basic_block(g, "copy");
        let done = ctx.append_basic_block(g, "done");
        b.position_at_end(entry);
        let [this, from] = [0, 1].map(|k| g.get_nth_param(k).expect("a parameter").into_pointer_value());
        let same = b.build_int_compare(IntPredicate::EQ, this, from, "").expect("positioned");
        b.build_conditional_branch(same, done, copy).expect("positioned");
        b.position_at_end(copy);
        call(&b, f, &[this, from]);
        b.build_unconditional_branch(done).expect("positioned");
        b.position_at_end(done);
        b.build_return(None).expect("positioned");
        g
    }
}

/// An array type's innermost element and how many of them it holds (None
/// for anything but an array).
fn elements(ty: BasicTypeEnum<'_>) -> Option<(BasicTypeEnum<'_>, u64)> {
    let BasicTypeEnum::ArrayType(mut at) = ty else { return None };
    let mut n = u64::from(at.len());
    loop {
        match at.get_element_type() {
            BasicTypeEnum::ArrayType(inner) => {
                n *= u64::from(inner.len());
                at = inner;
            }
            e => return Some((e, n)),
        }
    }
}

fn call<'ctx>(b: &Builder<'ctx>, f: FunctionValue<'ctx>, args: &[PointerValue<'ctx>]) {
    let args: Vec<BasicMetadataValueEnum<'ctx>> = args.iter().map(|&a| a.into()).collect();
    b.build_call(f, &args, "").expect("positioned");
}

/// Constructs a private or lastprivate copy (nothing for a trivial constructor).
pub(super) fn construct<'ctx>(b: &Builder<'ctx>, h: Option<Helpers<'ctx>>, copy: PointerValue<'ctx>) {
    if let Some(f) = h.and_then(|h| h.ctor) {
        call(b, f, &[copy]);
    }
}

/// `dst = src` into storage not yet constructed (firstprivate's copy-in):
/// the copy constructor, else the bytes.
pub(super) fn copy_construct<'ctx>(
    b: &Builder<'ctx>,
    h: Option<Helpers<'ctx>>,
    ty: BasicTypeEnum<'ctx>,
    dst: PointerValue<'ctx>,
    src: PointerValue<'ctx>,
) {
    copy_by(b, h.and_then(|h| h.copy_ctor), ty, dst, src)
}

/// `dst = src` into a live object (lastprivate's copy-out): the copy
/// assignment, else the bytes.
pub(super) fn copy_assign<'ctx>(
    b: &Builder<'ctx>,
    h: Option<Helpers<'ctx>>,
    ty: BasicTypeEnum<'ctx>,
    dst: PointerValue<'ctx>,
    src: PointerValue<'ctx>,
) {
    copy_by(b, h.and_then(|h| h.copy_assign), ty, dst, src)
}

fn copy_by<'ctx>(
    b: &Builder<'ctx>,
    helper: Option<FunctionValue<'ctx>>,
    ty: BasicTypeEnum<'ctx>,
    dst: PointerValue<'ctx>,
    src: PointerValue<'ctx>,
) {
    match helper {
        Some(f) => call(b, f, &[dst, src]),
        None => super::context::copy(b, ty, dst, src),
    }
}

/// A user-defined reduction's private copy: its initializer `(priv, orig)`,
/// else its constructor, else zeros (as C initializes a static variable).
pub(super) fn udr_init<'ctx>(
    b: &Builder<'ctx>,
    h: Option<Helpers<'ctx>>,
    ty: BasicTypeEnum<'ctx>,
    copy: PointerValue<'ctx>,
    orig: PointerValue<'ctx>,
) {
    match (h.and_then(|h| h.initializer), h.and_then(|h| h.ctor)) {
        (Some(f), _) => call(b, f, &[copy, orig]),
        (None, Some(f)) => call(b, f, &[copy]),
        (None, None) => {
            b.build_store(copy, ty.const_zero()).expect("positioned");
        }
    }
}

/// `out op= in` by a user-defined reduction's combiner.
pub(super) fn udr_combine<'ctx>(
    b: &Builder<'ctx>,
    h: Option<Helpers<'ctx>>,
    out: PointerValue<'ctx>,
    inp: PointerValue<'ctx>,
) {
    let f = h.and_then(|h| h.combiner).expect("the plan requires a combiner");
    call(b, f, &[out, inp]);
}

/// Destroys a copy (nothing for a trivial destructor).
pub(super) fn destroy<'ctx>(b: &Builder<'ctx>, h: Option<Helpers<'ctx>>, copy: PointerValue<'ctx>) {
    if let Some(f) = h.and_then(|h| h.dtor) {
        call(b, f, &[copy]);
    }
}
