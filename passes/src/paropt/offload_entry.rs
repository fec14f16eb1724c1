//! What the device constructs share on the host side, as clang 16 emits it
//! with offloading enabled (docs/offload.md): a target region's name, its
//! region id and its `__tgt_offload_entry` record in section
//! `omp_offloading_entries`; the map arrays libomptarget reads (base
//! pointers, pointers, sizes, map types); and the constructor that calls
//! `__tgt_register_requires`.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::module::Linkage;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::AddressSpace;
use weft_intrinsics::ffi;

use super::context::Lowerer;
use super::runtime::Rt;

/// One map entry as libomptarget takes it.
#[derive(Clone, Copy)]
pub(super) struct MapArg<'ctx> {
    pub(super) base: PointerValue<'ctx>,
    pub(super) begin: PointerValue<'ctx>,
    pub(super) size: IntValue<'ctx>,
    pub(super) bits: u64,
}

/// The four arrays of a libomptarget call (null pointers when empty).
#[derive(Clone, Copy)]
pub(super) struct MapArrays<'ctx> {
    pub(super) n: u32,
    pub(super) bases: PointerValue<'ctx>,
    pub(super) ptrs: PointerValue<'ctx>,
    pub(super) sizes: PointerValue<'ctx>,
    pub(super) types: PointerValue<'ctx>,
}

/// `OMP_REQ_NONE`: the program states no `requires` clause.
const REQ_NONE: u64 = 1;

/// The flags a front end stated for the module's `requires` directives
/// in the i64 constant `.omp.requires` (weft-cc's `requires.rs`,
/// docs/offload.md); OMP_REQ_NONE without it.
fn requires_flags(m: &llvm_plugin::inkwell::module::Module<'_>) -> u64 {
    m.get_global(".omp.requires")
        .and_then(|g| g.get_initializer())
        .filter(|v| v.is_int_value())
        .and_then(|v| v.into_int_value().get_zero_extended_constant())
        .unwrap_or(REQ_NONE)
}

/// FNV-1a of the module's source file name: the file part of an entry's
/// name (clang uses the file's device and inode numbers; a device
/// compilation by weft computes the same hash from the same name).
fn file_id(name: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in name.bytes() {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The name of target region `number` of function `fname`:
    /// `__omp_offloading_<file>_<fn>_l<line>` (the region's number when the
    /// directive has no debug location), unique in the module.
    pub(super) fn offload_name(&self, fname: &str, begin: InstructionValue<'ctx>, number: usize) -> String {
        let file = self.rt.module.get_source_file_name().to_string_lossy().to_string();
        let line = ffi::debug_location(begin)
            .and_then(|l| l.rsplitn(3, ':').nth(1).map(str::to_string))
            .map_or(format!("r{number}"), |l| format!("l{l}"));
        let stem = format!("__omp_offloading_{:x}_{fname}_{line}", file_id(&file));
        let mut name = stem.clone();
        let mut k = 1;
        while self.rt.module.get_function(&name).is_some() {
            name = format!("{stem}_{k}");
            k += 1;
        }
        name
    }

    /// The region id of entry `name` (a weak `i8` whose address libomptarget
    /// looks the kernel up by) and its `__tgt_offload_entry` record in
    /// section `omp_offloading_entries`.
    pub(super) fn offload_entry(&self, name: &str) -> PointerValue<'ctx> {
        let ctx = self.rt.ctx;
        let m = self.rt.module;
        let i8t = ctx.i8_type();
        let id = m.add_global(i8t, None, &format!(".{name}.region_id"));
        id.set_linkage(Linkage::WeakAny);
        id.set_constant(true);
        id.set_initializer(&i8t.const_zero());
        let text = ctx.const_string(name.as_bytes(), true);
        let s = m.add_global(text.get_type(), None, ".omp_offloading.entry_name");
        s.set_linkage(Linkage::Internal);
        s.set_constant(true);
        s.set_initializer(&text);
        s.set_unnamed_addr(true);
        let ptr = ctx.ptr_type(AddressSpace::default());
        let ty = ctx
            .struct_type(&[ptr.into(), ptr.into(), self.rt.i64.into(), self.rt.i32.into(), self.rt.i32.into()], false);
        let zero32 = self.rt.i32.const_zero();
        let rec = ty.const_named_struct(&[
            id.as_pointer_value().into(),
            s.as_pointer_value().into(),
            self.rt.i64.const_zero().into(),
            zero32.into(),
            zero32.into(),
        ]);
        let e = m.add_global(ty, None, &format!(".omp_offloading.entry.{name}"));
        e.set_linkage(Linkage::WeakAny);
        e.set_constant(true);
        e.set_initializer(&rec);
        e.set_section(Some("omp_offloading_entries"));
        e.set_alignment(1);
        self.register_requires();
        id.as_pointer_value()
    }

    /// `__tgt_register_requires(flags)` from a constructor, once per
    /// module, as clang registers it (the flags of `requires_flags`); skipped when the module has
    /// constructors of its own already (libomptarget then keeps its
    /// default, the same flags).
    pub(super) fn register_requires(&self) {
        let ctx = self.rt.ctx;
        let m = self.rt.module;
        let name = ".omp_offloading.requires_reg";
        if m.get_function(name).is_some() || m.get_global("llvm.global_ctors").is_some() {
            return;
        }
        let f = m.add_function(name, ctx.void_type().fn_type(&[], false), Some(Linkage::Internal));
        let b = ctx.create_builder();
        b.position_at_end(ctx.append_basic_block(f, "entry"));
        let flags = self.rt.i64.const_int(requires_flags(m), false);
        self.rt.call(&b, Rt::TgtRegisterRequires, &[flags.into()]);
        b.build_return(None).expect("positioned");
        let ptr = ctx.ptr_type(AddressSpace::default());
        let elem = ctx.struct_type(&[self.rt.i32.into(), ptr.into(), ptr.into()], false);
        let one = elem.const_named_struct(&[
            self.rt.i32.const_zero().into(),
            f.as_global_value().as_pointer_value().into(),
            ptr.const_null().into(),
        ]);
        let arr = elem.const_array(&[one]);
        let g = m.add_global(arr.get_type(), None, "llvm.global_ctors");
        g.set_linkage(Linkage::Appending);
        g.set_initializer(&arr);
    }

    /// The map arrays of `args`: base pointers and pointers on the stack of
    /// `home`'s frame, filled before `at`; sizes a constant array when every
    /// size is a constant; map types a constant array.
    pub(super) fn map_arrays(
        &self,
        args: &[MapArg<'ctx>],
        home: BasicBlock<'ctx>,
        at: InstructionValue<'ctx>,
    ) -> MapArrays<'ctx> {
        let ctx = self.rt.ctx;
        let m = self.rt.module;
        let ptr = ctx.ptr_type(AddressSpace::default());
        let n = args.len() as u32;
        if n == 0 {
            let null = ptr.const_null();
            return MapArrays { n, bases: null, ptrs: null, sizes: null, types: null };
        }
        let arr = ptr.array_type(n);
        let bases = self.alloca(home, arr.into(), ".offload_baseptrs");
        let ptrs = self.alloca(home, arr.into(), ".offload_ptrs");
        let types =
            self.rt.i64.const_array(&args.iter().map(|a| self.rt.i64.const_int(a.bits, false)).collect::<Vec<_>>());
        let tg = m.add_global(types.get_type(), None, ".offload_maptypes");
        tg.set_linkage(Linkage::Private);
        tg.set_constant(true);
        tg.set_unnamed_addr(true);
        tg.set_initializer(&types);
        let all_const = args.iter().all(|a| a.size.is_const());
        let sizes = if all_const {
            let c = self.rt.i64.const_array(&args.iter().map(|a| a.size).collect::<Vec<_>>());
            let g = m.add_global(c.get_type(), None, ".offload_sizes");
            g.set_linkage(Linkage::Private);
            g.set_constant(true);
            g.set_unnamed_addr(true);
            g.set_initializer(&c);
            g.as_pointer_value()
        } else {
            self.alloca(home, self.rt.i64.array_type(n).into(), ".offload_sizes")
        };
        let b = self.at(at);
        for (k, a) in args.iter().enumerate() {
            let idx = [self.rt.i32.const_zero(), self.rt.i32.const_int(k as u64, false)];
            // SAFETY: in bounds of the [n x ptr] and [n x i64] arrays just made.
            let (pb, pp) = unsafe {
                (
                    b.build_in_bounds_gep(arr, bases, &idx, "").expect("positioned"),
                    b.build_in_bounds_gep(arr, ptrs, &idx, "").expect("positioned"),
                )
            };
            b.build_store(pb, a.base).expect("positioned");
            b.build_store(pp, a.begin).expect("positioned");
            if !all_const {
                // SAFETY: in bounds of the [n x i64] array.
                let ps =
                    unsafe { b.build_in_bounds_gep(self.rt.i64.array_type(n), sizes, &idx, "") }.expect("positioned");
                b.build_store(ps, a.size).expect("positioned");
            }
        }
        MapArrays { n, bases, ptrs, sizes, types: tg.as_pointer_value() }
    }

    /// One of `__tgt_target_data_{begin,end,update}_mapper` before `at`.
    pub(super) fn data_mapper_call(
        &self,
        e: Rt,
        ident: PointerValue<'ctx>,
        device: IntValue<'ctx>,
        arrays: MapArrays<'ctx>,
        at: InstructionValue<'ctx>,
    ) {
        let args = self.data_mapper_args(ident, device, arrays);
        self.rt.call(self.at(at), e, &args);
    }

    /// The arguments every `__tgt_target_data_*_mapper` entry point starts
    /// with: ident, device, the map arrays, and no names or mappers.
    pub(super) fn data_mapper_args(
        &self,
        ident: PointerValue<'ctx>,
        device: IntValue<'ctx>,
        arrays: MapArrays<'ctx>,
    ) -> Vec<BasicValueEnum<'ctx>> {
        let null = self.rt.ctx.ptr_type(AddressSpace::default()).const_null();
        let n = self.rt.i32.const_int(arrays.n as u64, false);
        vec![
            ident.into(),
            device.into(),
            n.into(),
            arrays.bases.into(),
            arrays.ptrs.into(),
            arrays.sizes.into(),
            arrays.types.into(),
            null.into(),
            null.into(),
        ]
    }

    /// The device number as libomptarget takes it: `device(n)` widened to
    /// i64, else -1 (the default device).
    pub(super) fn device_id(&self, device: Option<weft_intrinsics::model::ValueId>) -> IntValue<'ctx> {
        match device {
            Some(d) => {
                let v = self.value(d).into_int_value();
                if v.get_type().get_bit_width() >= 64 {
                    v
                } else {
                    self.b.build_int_s_extend(v, self.rt.i64, "omp.device").expect("positioned")
                }
            }
            None => self.rt.i64.const_all_ones(),
        }
    }

    /// A variable's size in bytes (its type's store size, as a constant).
    pub(super) fn size_of_var(&self, v: PointerValue<'ctx>) -> Option<IntValue<'ctx>> {
        use llvm_plugin::inkwell::types::BasicType;
        let ty = ffi::memory_type(v.as_basic_value_enum())?;
        let s = ty.size_of()?;
        Some(if s.get_type() == self.rt.i64 { s } else { s.const_cast(self.rt.i64, false) })
    }
}
