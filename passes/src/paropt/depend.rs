//! Task dependences (OpenMP 5.1 §2.19.11): a task's or a `taskwait`'s
//! depend items as libomp's `kmp_depend_info` array, `{ i64 base_addr,
//! i64 len, i8 flags }` per item (kmp.h), with the flag bits in (1), out
//! (2; `out` and `inout` are both 3, as clang gives them), mutexinoutset
//! (4) and inoutset (8). The runtime copies the array when it is called,
//! so it lives in the creating thread's frame. `taskwait depend(...)` waits
//! for the sibling tasks the items depend on (`__kmpc_omp_wait_deps`; with
//! nowait `__kmpc_omp_taskwait_deps_51`).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::intrinsics::Intrinsic;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{
    AnyValue, BasicMetadataValueEnum, BasicValueEnum, InstructionValue, IntValue, PointerValue,
};
use weft_intrinsics::ffi;
use weft_intrinsics::model::ValueId;
use weft_intrinsics::vocab::DependKind;
use weft_intrinsics::Rule;

use super::context::{err, Lowerer, RegionSite, Res};
use super::plan::{DependItem, Plan};
use super::runtime::{self, Rt};

/// `kmp_depend_info`'s flag byte for a dependence type.
fn flag(kind: DependKind) -> u64 {
    match kind {
        DependKind::In => 0x1,
        DependKind::Out | DependKind::Inout => 0x3,
        DependKind::Mutexinoutset => 0x4,
        DependKind::Inoutset => 0x8,
    }
}

/// A dependence list as the runtime takes it: its entry count, its
/// address, and the stack pointer to restore after the call when it was
/// sized at run time.
#[derive(Clone, Copy)]
pub(super) struct DepList<'ctx> {
    pub(super) n: IntValue<'ctx>,
    pub(super) list: PointerValue<'ctx>,
    saved: Option<PointerValue<'ctx>>,
}

/// What one item's address is computed from: the element type (the
/// item's base is the storage itself; icx's PTR_TO_PTR sections, through a
/// pointer variable, are refused by the plan).
pub(super) struct ItemShape<'ctx> {
    elem: BasicTypeEnum<'ctx>,
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The shape of each depend item, or the error naming the one whose
    /// storage weft cannot size (run by precheck before any IR changes).
    pub(super) fn depend_shapes(&self, deps: &[DependItem], on: &str) -> Res<Vec<ItemShape<'ctx>>> {
        let mut out = Vec::new();
        for d in deps {
            let var = self.value(d.var);
            let own = ffi::memory_type(var);
            let shape = match (d.elem.map(|e| self.value(e).get_type()), own, d.first.is_some()) {
                (Some(elem), _, _) => ItemShape { elem },
                (None, Some(BasicTypeEnum::ArrayType(at)), true) => ItemShape { elem: at.get_element_type() },
                (None, Some(t), false) => ItemShape { elem: t },
                _ => {
                    return Err(err(
                        Rule::OperandKind,
                        on,
                        format!(
                            "the depend item {} has no size weft can tell: give its type (:TYPED)",
                            var.print_to_string().to_string_lossy().trim()
                        ),
                    ))
                }
            };
            out.push(shape);
        }
        Ok(out)
    }

    /// The dependence array for `deps` and then the entries of `arrays`
    /// (icx's DEPARRAY: a depobj's, an iterator's), filled before `at`:
    /// (item count, array), or None without items. With `arrays` the list
    /// is sized at run time, on the stack between `llvm.stacksave` and the
    /// `llvm.stackrestore` the caller puts after the runtime call
    /// (`restore_stack`); otherwise it is a fixed array in `home`.
    pub(super) fn depend_array(
        &mut self,
        deps: &[DependItem],
        arrays: &[(ValueId, ValueId)],
        home: BasicBlock<'ctx>,
        at: InstructionValue<'ctx>,
    ) -> Option<DepList<'ctx>> {
        if deps.is_empty() && arrays.is_empty() {
            return None;
        }
        let shapes = self.depend_shapes(deps, "DEPEND").expect("checked by precheck");
        let ctx = self.rt.ctx;
        let (i64t, i8t) = (self.rt.i64, ctx.i8_type());
        let info = ctx.struct_type(&[i64t.into(), i64t.into(), i8t.into()], false);
        let fixed = i64t.const_int(deps.len() as u64, false);
        let (arr, count, saved) = if arrays.is_empty() {
            let arr = self.alloca(home, info.array_type(deps.len() as u32).into(), "omp.dep.list");
            self.b.position_before(&at);
            (arr, fixed, None)
        } else {
            self.b.position_before(&at);
            let mut count = fixed;
            for &(n, _) in arrays {
                let n = self.int_operand(n, i64t);
                count = self.b.build_int_add(count, n, "omp.dep.count").expect("positioned");
            }
            let save = self.stack_intrinsic("llvm.stacksave", &[]).expect("returns the stack pointer");
            let arr = self.b.build_array_alloca(info, count, "omp.dep.list").expect("positioned");
            (arr, count, Some(save.into_pointer_value()))
        };
        for (k, (d, shape)) in deps.iter().zip(&shapes).enumerate() {
            let (addr, len) = self.depend_extent(d, shape);
            // SAFETY: an entry within the list of `count` entries.
            let item = unsafe { self.b.build_in_bounds_gep(info, arr, &[i64t.const_int(k as u64, false)], "omp.dep") }
                .expect("positioned");
            let fields: [BasicValueEnum<'ctx>; 3] = [
                self.b.build_ptr_to_int(addr, i64t, "omp.dep.base").expect("positioned").into(),
                len.into(),
                i8t.const_int(flag(d.kind), false).into(),
            ];
            for (f, v) in fields.into_iter().enumerate() {
                let slot = self.b.build_struct_gep(info, item, f as u32, "").expect("positioned");
                self.b.build_store(slot, v).expect("positioned");
            }
        }
        // The front end's entries after ours, copied as they are.
        let mut next = fixed;
        for &(n, list) in arrays {
            let n = self.int_operand(n, i64t);
            // SAFETY: entries `next..next + n` of the list of `count`.
            let dst = unsafe { self.b.build_in_bounds_gep(info, arr, &[next], "omp.dep.more") }.expect("positioned");
            let bytes = self.b.build_int_mul(n, info.size_of().expect("sized"), "omp.dep.bytes").expect("positioned");
            let src = self.value(list).into_pointer_value();
            self.b.build_memcpy(dst, 8, src, 8, bytes).expect("positioned");
            next = self.b.build_int_add(next, n, "omp.dep.next").expect("positioned");
        }
        let n = self.b.build_int_truncate(count, self.rt.i32, "omp.dep.n").expect("positioned");
        Some(DepList { n, list: arr, saved })
    }

    /// `llvm.stackrestore` at the builder for a list `depend_array` sized
    /// at run time (after the runtime call that took it).
    pub(super) fn restore_stack(&self, deps: &Option<DepList<'ctx>>) {
        if let Some(saved) = deps.as_ref().and_then(|d| d.saved) {
            self.stack_intrinsic("llvm.stackrestore", &[saved.into()]);
        }
    }

    fn stack_intrinsic(&self, name: &str, args: &[BasicMetadataValueEnum<'ctx>]) -> Option<BasicValueEnum<'ctx>> {
        let f = Intrinsic::find(name)
            // (Not overloaded in LLVM 16: `llvm.stacksave()`.)
            .and_then(|i| i.get_declaration(self.rt.module, &[]))
            .expect("an LLVM 16 intrinsic");
        self.b.build_call(f, args, "").expect("positioned").try_as_basic_value().left()
    }

    /// An item's first byte and its length in bytes, at the builder.
    fn depend_extent(&self, d: &DependItem, shape: &ItemShape<'ctx>) -> (PointerValue<'ctx>, IntValue<'ctx>) {
        let i64t = self.rt.i64;
        let base = self.value(d.var).into_pointer_value();
        let addr = match d.first {
            Some(first) => {
                let first = self.int_operand(first, i64t);
                // SAFETY: the section's first element, inside the storage the
                // program names (OpenMP requires a section to be).
                unsafe { self.b.build_gep(shape.elem, base, &[first], "omp.dep.first") }.expect("positioned")
            }
            None => base,
        };
        let size = shape.elem.size_of().expect("a sized type");
        let len = match d.count {
            Some(n) => {
                let n = self.int_operand(n, i64t);
                self.b.build_int_mul(size, n, "omp.dep.len").expect("positioned")
            }
            None => size,
        };
        (addr, len)
    }

    /// `taskwait depend(...)`: waits for the sibling tasks the items
    /// depend on; with `nowait` (OpenMP 5.1) through
    /// `__kmpc_omp_taskwait_deps_51`.
    pub(super) fn lower_taskwait_depend(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> String {
        let gtid = self.gtid(at.outer_home, at.fname);
        let ident = self.rt.ident(at.fname, Some(at.begin), runtime::IDENT_KMPC);
        let term = at.shape.s.get_terminator().expect("terminator");
        let deps = self.depend_array(&plan.task.depends, &plan.task.dep_arrays, at.outer_home, term);
        let DepList { n, list, .. } = *deps.as_ref().expect("items");
        let b = self.at(term);
        let (zero, null) = (self.rt.i32.const_zero(), self.rt.ptr.const_null());
        if plan.nowait {
            let one = self.rt.i32.const_int(1, false);
            let args = [ident.into(), gtid.into(), n.into(), list.into(), zero.into(), null.into(), one.into()];
            self.rt.call(b, Rt::TaskwaitDeps51, &args);
            self.restore_stack(&deps);
            "lowered in place: __kmpc_omp_taskwait_deps_51 (nowait)".to_string()
        } else {
            let args = [ident.into(), gtid.into(), n.into(), list.into(), zero.into(), null.into()];
            self.rt.call(b, Rt::WaitDeps, &args);
            self.restore_stack(&deps);
            "lowered in place: __kmpc_omp_wait_deps".to_string()
        }
    }
}
