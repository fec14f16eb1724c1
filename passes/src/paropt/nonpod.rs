//! Non-POD list items (paper III.E): a private copy of a variable of a
//! user-defined type is made by its constructor (or copy constructor, for
//! firstprivate), copied out by its copy assignment, and destroyed when the
//! thread leaves the construct. The helpers come with the clause; a null
//! helper means that step is trivial (a plain copy, or nothing).
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicMetadataValueEnum, FunctionValue, PointerValue};
use weft_intrinsics::Rule;

use super::lower::{err, Lowerer, Res};
use super::plan::Var;

/// A non-POD variable's helpers, as functions of the module.
#[derive(Clone, Copy, Default)]
pub(super) struct Helpers<'ctx> {
    pub(super) ctor: Option<FunctionValue<'ctx>>,
    pub(super) copy_ctor: Option<FunctionValue<'ctx>>,
    pub(super) copy_assign: Option<FunctionValue<'ctx>>,
    pub(super) dtor: Option<FunctionValue<'ctx>>,
}

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
                        if params == 1 { "ptr this" } else { "ptr this, ptr from" }
                    ),
                )
                .on_directive(name)),
            }
        };
        Ok(Some(Helpers {
            ctor: resolve(h.ctor, "constructor", 1)?,
            copy_ctor: resolve(h.copy_ctor, "copy constructor", 2)?,
            copy_assign: resolve(h.copy_assign, "copy assignment", 2)?,
            dtor: resolve(h.dtor, "destructor", 1)?,
        }))
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
        None => super::privatize::copy(b, ty, dst, src),
    }
}

/// Destroys a copy (nothing for a trivial destructor).
pub(super) fn destroy<'ctx>(b: &Builder<'ctx>, h: Option<Helpers<'ctx>>, copy: PointerValue<'ctx>) {
    if let Some(f) = h.and_then(|h| h.dtor) {
        call(b, f, &[copy]);
    }
}
