//! The libomp entry points paropt calls (declared on first use, with the
//! signatures of `shared/reference/libomp-abi.md`) and the `ident_t` source
//! locations, one per construct.
use llvm_plugin::inkwell::attributes::{Attribute, AttributeLoc};
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::context::ContextRef;
use llvm_plugin::inkwell::module::{Linkage, Module};
use llvm_plugin::inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, IntType, PointerType};
use llvm_plugin::inkwell::values::{
    BasicMetadataValueEnum, BasicValueEnum, CallSiteValue, FunctionValue, InstructionValue, IntValue, PointerValue,
};
use llvm_plugin::inkwell::AddressSpace;
use weft_intrinsics::ffi;

/// `ident_t` flags (kmp.h): KMP_IDENT_KMPC, plus the kind of construct.
pub const IDENT_KMPC: i32 = 0x02;
pub const IDENT_BARRIER_EXPL: i32 = 0x20;
pub const IDENT_BARRIER_IMPL_FOR: i32 = 0x40;
pub const IDENT_BARRIER_IMPL_SINGLE: i32 = 0x140;
pub const IDENT_WORK_LOOP: i32 = 0x200;

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

    /// The function `name`, declared with `params -> ret` if not yet present.
    pub fn func(
        &self,
        name: &str,
        ret: Option<BasicTypeEnum<'ctx>>,
        params: &[BasicTypeEnum<'ctx>],
        var: bool,
    ) -> FunctionValue<'ctx> {
        if let Some(f) = self.module.get_function(name) {
            return f;
        }
        let ps: Vec<BasicMetadataTypeEnum<'ctx>> = params.iter().map(|&p| p.into()).collect();
        let ty = match ret {
            Some(r) => r.fn_type(&ps, var),
            None => self.ctx.void_type().fn_type(&ps, var),
        };
        let f = self.module.add_function(name, ty, Some(Linkage::External));
        // libomp's entry points do not unwind (clang declares them so too):
        // calls to them inlined at an invoke site stay calls.
        let kind = Attribute::get_named_enum_kind_id("nounwind");
        f.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(kind, 0));
        f
    }

    /// Calls runtime function `name` (void, or returning `ret`) with `args`,
    /// declaring it from the arguments' types.
    pub fn call(
        &self,
        b: &Builder<'ctx>,
        name: &str,
        ret: Option<BasicTypeEnum<'ctx>>,
        args: &[BasicValueEnum<'ctx>],
    ) -> CallSiteValue<'ctx> {
        let types: Vec<BasicTypeEnum<'ctx>> = args.iter().map(|a| a.get_type()).collect();
        let f = self.func(name, ret, &types, false);
        let args: Vec<BasicMetadataValueEnum<'ctx>> = args.iter().map(|&a| a.into()).collect();
        b.build_call(f, &args, "").expect("builder is positioned")
    }

    pub fn call_i32(&self, b: &Builder<'ctx>, name: &str, args: &[BasicValueEnum<'ctx>]) -> IntValue<'ctx> {
        let c = self.call(b, name, Some(self.i32.into()), args);
        c.try_as_basic_value().left().expect("returns i32").into_int_value()
    }

    /// libomp's allocator entry points (OpenMP 5.1 §2.13, the allocate
    /// clause): `ptr __kmpc_alloc(i32 gtid, i64 size, ptr allocator)`,
    /// `ptr __kmpc_aligned_alloc(i32 gtid, i64 align, i64 size, ptr
    /// allocator)`, `void __kmpc_free(i32 gtid, ptr p, ptr allocator)`; the
    /// handle (`omp_allocator_handle_t`, pointer-sized) as a pointer, as
    /// clang declares them. The memory is new: its pointer aliases nothing
    /// (`noalias`, also as clang declares them).
    pub fn kmpc_alloc(&self, align: Option<u64>) -> FunctionValue<'ctx> {
        let (p, i32t, i64t) = (self.ptr.into(), self.i32.into(), self.i64.into());
        let (name, params): (&str, Vec<BasicTypeEnum<'ctx>>) = match align {
            Some(_) => ("__kmpc_aligned_alloc", vec![i32t, i64t, i64t, p]),
            None => ("__kmpc_alloc", vec![i32t, i64t, p]),
        };
        let fresh = self.module.get_function(name).is_none();
        let f = self.func(name, Some(p), &params, false);
        if fresh {
            let kind = Attribute::get_named_enum_kind_id("noalias");
            f.add_attribute(AttributeLoc::Return, self.ctx.create_enum_attribute(kind, 0));
        }
        f
    }

    /// `__kmpc_free` (see `kmpc_alloc`).
    pub fn kmpc_free(&self) -> FunctionValue<'ctx> {
        self.func("__kmpc_free", None, &[self.i32.into(), self.ptr.into(), self.ptr.into()], false)
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
