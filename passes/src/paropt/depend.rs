//! Task dependences (OpenMP 5.1 §2.19.11): a task's or a `taskwait`'s
//! depend items as libomp's `kmp_depend_info` array, `{ i64 base_addr,
//! i64 len, i8 flags }` per item (kmp.h), with the flag bits in (1), out
//! (2; `out` and `inout` are both 3, as clang gives them), mutexinoutset
//! (4) and inoutset (8). The runtime copies the array when it is called,
//! so it lives in the creating thread's frame. `taskwait depend(...)` waits
//! for the sibling tasks the items depend on (`__kmpc_omp_wait_deps`; with
//! nowait `__kmpc_omp_taskwait_deps_51`).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::{BasicType, BasicTypeEnum};
use llvm_plugin::inkwell::values::{AnyValue, BasicValueEnum, InstructionValue, IntValue, PointerValue};
use weft_intrinsics::ffi;
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

    /// The dependence array for `deps`, filled before `at` (its storage
    /// in `home`): (item count, array), or None without items.
    pub(super) fn depend_array(
        &mut self,
        deps: &[DependItem],
        home: BasicBlock<'ctx>,
        at: InstructionValue<'ctx>,
    ) -> Option<(IntValue<'ctx>, PointerValue<'ctx>)> {
        if deps.is_empty() {
            return None;
        }
        let shapes = self.depend_shapes(deps, "DEPEND").expect("checked by precheck");
        let ctx = self.rt.ctx;
        let (i64t, i8t) = (self.rt.i64, ctx.i8_type());
        let info = ctx.struct_type(&[i64t.into(), i64t.into(), i8t.into()], false);
        let arr_ty = info.array_type(deps.len() as u32);
        let arr = self.alloca(home, arr_ty.into(), "omp.dep.list");
        self.b.position_before(&at);
        for (k, (d, shape)) in deps.iter().zip(&shapes).enumerate() {
            let (addr, len) = self.depend_extent(d, shape);
            let idx = [i64t.const_zero(), i64t.const_int(k as u64, false)];
            // SAFETY: constant indices within the array of `deps.len()` items.
            let item = unsafe { self.b.build_in_bounds_gep(arr_ty, arr, &idx, "omp.dep") }.expect("positioned");
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
        Some((self.rt.i32.const_int(deps.len() as u64, false), arr))
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
        let (n, list) = self.depend_array(&plan.task.depends, at.outer_home, term).expect("items");
        let b = self.at(term);
        let (zero, null) = (self.rt.i32.const_zero(), self.rt.ptr.const_null());
        if plan.nowait {
            let one = self.rt.i32.const_int(1, false);
            let args = [ident.into(), gtid.into(), n.into(), list.into(), zero.into(), null.into(), one.into()];
            self.rt.call(b, Rt::TaskwaitDeps51, &args);
            "lowered in place: __kmpc_omp_taskwait_deps_51 (nowait)".to_string()
        } else {
            let args = [ident.into(), gtid.into(), n.into(), list.into(), zero.into(), null.into()];
            self.rt.call(b, Rt::WaitDeps, &args);
            "lowered in place: __kmpc_omp_wait_deps".to_string()
        }
    }
}
