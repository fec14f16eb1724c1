//! The runtime paropt calls: its entry points, declared from one typed
//! table (`runtime/table.rs`), typed helpers for the calls several
//! constructs make, and the `ident_t` source locations, one per construct.
pub mod table;

use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, IntType, PointerType};
use llvm_plugin::inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, CallSiteValue, FunctionValue, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::AddressSpace;
pub use table::Rt;
use table::{Lib, Ty};
use weft_intrinsics::ffi;

/// `ident_t` flags (kmp.h): KMP_IDENT_KMPC, plus the kind of construct.
pub const IDENT_KMPC: i32 = 0x02;
pub const IDENT_BARRIER_EXPL: i32 = 0x20;
pub const IDENT_BARRIER_IMPL_FOR: i32 = 0x40;
pub const IDENT_BARRIER_IMPL_SINGLE: i32 = 0x140;
pub const IDENT_WORK_LOOP: i32 = 0x200;
/// A sections construct's loop over the section index (kmp.h's KMP_IDENT_WORK_SECTIONS).
pub const IDENT_WORK_SECTIONS: i32 = 0x400;

pub struct Runtime<'a, 'ctx> {
    pub module: &'a Module<'ctx>,
    pub ctx: ContextRef<'ctx>,
    pub ptr: PointerType<'ctx>,
    pub i32: IntType<'ctx>,
    pub i64: IntType<'ctx>,
    idents: usize,
}

impl<'a, 'ctx> Runtime<'a, 'ctx> {
    pub fn new(module: &'a Module<'ctx>) -> Self {
        let ctx = module.get_context();
        Runtime {
            ptr: ctx.ptr_type(AddressSpace::default()),
            i32: ctx.i32_type(),
            i64: ctx.i64_type(),
            ctx,
            module,
            idents: 0,
        }
    }

    /// Runtime function `e`, declared from the table when the module does
    /// not have it yet.
    pub fn decl(&self, e: Rt) -> FunctionValue<'ctx> {
        let ep = e.entry();
        if let Some(f) = self.module.get_function(ep.name) {
            return f;
        }
        let ps: Vec<BasicMetadataTypeEnum<'ctx>> =
            ep.params.iter().map(|&t| self.ty(t).expect("a parameter type").into()).collect();
        let ty = match self.ty(ep.ret) {
            Some(r) => r.fn_type(&ps, ep.variadic),
            None => self.ctx.void_type().fn_type(&ps, ep.variadic),
        };
        let f = self.module.add_function(ep.name, ty, Some(Linkage::External));
        if matches!(ep.lib, Lib::Libomp | Lib::Libomptarget | Lib::DeviceRtl) {
            // libomp's entry points do not unwind (clang declares them so
            // too): calls to them inlined at an invoke site stay calls.
            let kind = Attribute::get_named_enum_kind_id("nounwind");
            f.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(kind, 0));
        }
        if ep.fresh_memory {
            let kind = Attribute::get_named_enum_kind_id("noalias");
            f.add_attribute(AttributeLoc::Return, self.ctx.create_enum_attribute(kind, 0));
        }
        f
    }

    fn ty(&self, t: Ty) -> Option<BasicTypeEnum<'ctx>> {
        match t {
            Ty::Void => None,
            Ty::I8 => Some(self.ctx.i8_type().into()),
            Ty::I1 => Some(self.ctx.bool_type().into()),
            Ty::I32 => Some(self.i32.into()),
            Ty::I64 => Some(self.i64.into()),
            Ty::Ptr => Some(self.ptr.into()),
        }
    }

    /// Calls runtime function `e` with `args`, which must have the table's
    /// types (a caller passing others is a bug in weft, caught here rather
    /// than by the verifier).
    pub fn call(&self, b: &Builder<'ctx>, e: Rt, args: &[BasicValueEnum<'ctx>]) -> CallSiteValue<'ctx> {
        let ep = e.entry();
        let fixed = args.len().min(ep.params.len());
        assert!(
            (args.len() == ep.params.len() || ep.variadic && args.len() > ep.params.len())
                && args[..fixed].iter().zip(ep.params).all(|(a, &t)| Some(a.get_type()) == self.ty(t)),
            "{}: arguments do not match the runtime table",
            ep.name
        );
        let f = self.decl(e);
        let args: Vec<BasicMetadataValueEnum<'ctx>> = args.iter().map(|&a| a.into()).collect();
        b.build_call(f, &args, "").expect("builder is positioned")
    }

    /// Calls `e`, which returns an i32.
    pub fn call_i32(&self, b: &Builder<'ctx>, e: Rt, args: &[BasicValueEnum<'ctx>]) -> IntValue<'ctx> {
        self.call(b, e, args).try_as_basic_value().left().expect("returns i32").into_int_value()
    }

    /// Calls `e`, which returns a pointer.
    pub fn call_ptr(&self, b: &Builder<'ctx>, e: Rt, args: &[BasicValueEnum<'ctx>]) -> PointerValue<'ctx> {
        self.call(b, e, args).try_as_basic_value().left().expect("returns a pointer").into_pointer_value()
    }

    /// `__kmpc_barrier(ident, gtid)`.
    pub fn barrier(&self, b: &Builder<'ctx>, ident: PointerValue<'ctx>, gtid: IntValue<'ctx>) {
        self.call(b, Rt::Barrier, &[ident.into(), gtid.into()]);
    }

    /// Enters the critical section of `lock`: `__kmpc_critical`, or
    /// `__kmpc_critical_with_hint` when the construct gives a hint.
    pub fn critical(
        &self,
        b: &Builder<'ctx>,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        lock: PointerValue<'ctx>,
        hint: Option<IntValue<'ctx>>,
    ) {
        match hint {
            Some(h) => self.call(b, Rt::CriticalWithHint, &[ident.into(), gtid.into(), lock.into(), h.into()]),
            None => self.call(b, Rt::Critical, &[ident.into(), gtid.into(), lock.into()]),
        };
    }

    /// Leaves the critical section of `lock`.
    pub fn end_critical(
        &self,
        b: &Builder<'ctx>,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        lock: PointerValue<'ctx>,
    ) {
        self.call(b, Rt::EndCritical, &[ident.into(), gtid.into(), lock.into()]);
    }

    /// `body`, built where `b` stands, inside the critical section of `lock`.
    pub fn with_critical(
        &self,
        b: &Builder<'ctx>,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        lock: PointerValue<'ctx>,
        body: impl FnOnce(&Builder<'ctx>),
    ) {
        self.critical(b, ident, gtid, lock, None);
        body(b);
        self.end_critical(b, ident, gtid, lock);
    }

    /// `__kmpc_fork_call(ident, argc, microtask, args...)`.
    pub fn fork_call(
        &self,
        b: &Builder<'ctx>,
        ident: PointerValue<'ctx>,
        microtask: PointerValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
    ) {
        let argc = self.i32.const_int(args.len() as u64, false);
        let mut all: Vec<BasicValueEnum<'ctx>> = vec![ident.into(), argc.into(), microtask.into()];
        all.extend_from_slice(args);
        self.call(b, Rt::ForkCall, &all);
    }

    /// `__kmpc_copyprivate(ident, gtid, size, list, copy_fn, didit)`.
    #[allow(clippy::too_many_arguments)]
    pub fn copyprivate(
        &self,
        b: &Builder<'ctx>,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        size: IntValue<'ctx>,
        list: PointerValue<'ctx>,
        copy_fn: PointerValue<'ctx>,
        didit: IntValue<'ctx>,
    ) {
        self.call(
            b,
            Rt::Copyprivate,
            &[ident.into(), gtid.into(), size.into(), list.into(), copy_fn.into(), didit.into()],
        );
    }

    /// A new `ident_t` for one construct: `{ 0, flags, 0, 0, ";file;function;line;col;;" }`,
    /// with the location of `at` when it has debug info.
    pub fn ident(&mut self, function: &str, at: Option<InstructionValue<'ctx>>, flags: i32) -> PointerValue<'ctx> {
        self.idents += 1;
        let loc = at.and_then(ffi::debug_location).unwrap_or_else(|| "unknown:0:0".to_string());
        let mut parts = loc.rsplitn(3, ':');
        let (col, line, file) =
            (parts.next().unwrap_or("0"), parts.next().unwrap_or("0"), parts.next().unwrap_or("unknown"));
        let text = format!(";{file};{function};{line};{col};;");
        let s = self.ctx.const_string(text.as_bytes(), true);
        let sg = self.module.add_global(s.get_type(), None, &format!(".weft.loc.str.{}", self.idents));
        sg.set_initializer(&s);
        sg.set_constant(true);
        sg.set_linkage(Linkage::Private);
        sg.set_unnamed_addr(true);
        let zero = self.i32.const_zero();
        let st = self.ctx.const_struct(
            &[
                zero.into(),
                self.i32.const_int(flags as u64, false).into(),
                zero.into(),
                zero.into(),
                sg.as_pointer_value().into(),
            ],
            false,
        );
        let g = self.module.add_global(st.get_type(), None, &format!(".weft.loc.{}", self.idents));
        g.set_initializer(&st);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        g.set_unnamed_addr(true);
        g.as_pointer_value()
    }

    /// The zero-initialized `[8 x i32]` lock of a critical name, shared by
    /// every module that names it (common linkage, as clang emits it).
    pub fn critical_lock(&self, name: &str) -> PointerValue<'ctx> {
        let gname = format!(".gomp_critical_user_{name}.var");
        if let Some(g) = self.module.get_global(&gname) {
            return g.as_pointer_value();
        }
        let ty = self.i32.array_type(8);
        let g = self.module.add_global(ty, None, &gname);
        g.set_initializer(&ty.const_zero());
        g.set_linkage(Linkage::Common);
        g.set_alignment(8);
        g.as_pointer_value()
    }
}
