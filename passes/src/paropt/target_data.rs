//! The device data constructs (OpenMP 5.1 §2.14.2-§2.14.4, §2.14.6):
//! `target data` maps its items around its body
//! (`__tgt_target_data_begin_mapper` before it, `..._end_mapper` after it;
//! a `use_device_ptr` item is read inside through a copy holding the
//! device address the runtime returns; a `use_device_addr` variable is
//! read inside at the device address the runtime returns for it); `target enter data`, `target exit
//! data` and `target update` are one call each where the directive was.
//! Without a device libomptarget maps nothing and the host data is the data.
use llvm_plugin::inkwell::types::BasicType;
use llvm_plugin::inkwell::values::{BasicValue, PointerValue};
use llvm_plugin::inkwell::AddressSpace;

use super::context::{blocks_between, err, Lowerer, RegionSite, Res};
use super::offload_entry::MapArg;
use super::plan::map::{RETURN_PARAM, TARGET_PARAM};
use super::plan::{Construct, Plan};
use super::runtime::{self, Rt};
use weft_intrinsics::Rule;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The map entries the clauses of a data construct name, before `at`.
    fn clause_map_args(&self, plan: &Plan) -> Res<Vec<MapArg<'ctx>>> {
        let mut out = Vec::new();
        for m in &plan.target.maps {
            // (A section through a declare target pointer: target_attach.rs.)
            let (base, bits) = self.entry_base_bits(m);
            let begin = self.value(m.begin).into_pointer_value();
            let size = match m.size {
                Some(s) => self.int_operand(s, self.rt.i64),
                None => self.size_of_var(begin).ok_or_else(|| {
                    err(Rule::NotYetSupported, &m.clause, "a mapped variable of unknown size (give a map chain)")
                })?,
            };
            out.push(MapArg { base, begin, size, bits: bits & !TARGET_PARAM });
            out.extend(self.chain_links(m, out.len() - 1)?);
        }
        Ok(out)
    }

    /// `target data`, `target enter data`, `target exit data`, `target update`.
    pub(super) fn lower_target_data(&mut self, at: RegionSite<'_, 'ctx>, plan: &Plan) -> Res<String> {
        let RegionSite { a, r, f, fname, shape, begin, outer_home } = at;
        let name = a.graph.regions[r].kind.begin_name();
        let mut args = self.clause_map_args(plan)?;
        for &u in &plan.target.use_device_ptrs {
            if ffi_type_is_pointer(self, self.value(u).into_pointer_value()) {
                continue;
            }
            return Err(
                err(Rule::OperandKind, name, "a use_device_ptr item must be a pointer variable").on_directive(name)
            );
        }
        let ident = self.rt.ident(fname, Some(begin), runtime::IDENT_KMPC);
        let before = shape.s.get_terminator().expect("terminator");
        let device = {
            self.b.position_before(&before);
            self.device_id(plan.target.device)
        };
        let ptr = self.rt.ctx.ptr_type(AddressSpace::default());
        // use_device_ptr: the pointer's value, returned translated.
        let first_use = args.len();
        for &u in &plan.target.use_device_ptrs {
            let var = self.value(u).into_pointer_value();
            let p = self.at(before).build_load(ptr, var, "omp.use_device").expect("positioned").into_pointer_value();
            args.push(MapArg { base: p, begin: p, size: self.rt.i64.const_zero(), bits: RETURN_PARAM });
        }
        // use_device_addr: the variable's own address, returned translated.
        let first_addr = args.len();
        for &u in &plan.target.use_device_addrs {
            let var = self.value(u).into_pointer_value();
            args.push(MapArg { base: var, begin: var, size: self.rt.i64.const_zero(), bits: RETURN_PARAM });
        }
        let arrays = self.map_arrays(&args, outer_home, before);
        let call = match plan.construct {
            Construct::TargetData => Rt::TgtDataBegin,
            Construct::TargetEnterData => Rt::TgtDataBegin,
            Construct::TargetExitData => Rt::TgtDataEnd,
            _ => Rt::TgtDataUpdate,
        };
        // (`nowait`: in its target task, paropt::target_task.)
        let called = self.data_call(plan, call, ident, device, arrays, before);
        if plan.construct != Construct::TargetData {
            return Ok(format!("lowered in place: {}", called.entry().name));
        }
        let body = blocks_between(f, shape.first, shape.end);
        let term = shape.first.get_terminator().expect("terminator");
        for (k, &u) in plan.target.use_device_ptrs.iter().enumerate() {
            let var = self.value(u).into_pointer_value();
            let copy = self.alloca_for(outer_home, ptr.as_basic_type_enum(), "omp.device_ptr", var);
            let b = self.at(before);
            let idx = [self.rt.i32.const_zero(), self.rt.i32.const_int((first_use + k) as u64, false)];
            // (libomptarget returns the device address in the base
            // pointers array: `args_base[i]`, as clang 16 reads it.)
            // SAFETY: in bounds of the base pointers array map_arrays made for args.
            let slot =
                unsafe { b.build_in_bounds_gep(ptr.array_type(arrays.n), arrays.bases, &idx, "") }.expect("positioned");
            let dev = b.build_load(ptr, slot, "omp.device_addr").expect("positioned");
            b.build_store(copy, dev).expect("positioned");
            self.privatize_uses(var, copy, &body, term);
        }
        for (k, &u) in plan.target.use_device_addrs.iter().enumerate() {
            // Inside, the variable is the memory at the returned address (on
            // the host fallback, the variable itself).
            let var = self.value(u).into_pointer_value();
            let b = self.at(before);
            let idx = [self.rt.i32.const_zero(), self.rt.i32.const_int((first_addr + k) as u64, false)];
            // (libomptarget returns the device address in the base
            // pointers array: `args_base[i]`, as clang 16 reads it.)
            // SAFETY: in bounds of the base pointers array map_arrays made for args.
            let slot =
                unsafe { b.build_in_bounds_gep(ptr.array_type(arrays.n), arrays.bases, &idx, "") }.expect("positioned");
            let dev = b.build_load(ptr, slot, "omp.device_addr").expect("positioned").into_pointer_value();
            self.privatize_uses(var, dev, &body, term);
        }
        let after = shape.end.get_first_instruction().expect("the END group");
        let b = self.at(after);
        let _ = b;
        self.b.position_before(&after);
        let device_end = self.device_id(plan.target.device);
        self.data_mapper_call(Rt::TgtDataEnd, ident, device_end, arrays, after);
        Ok("lowered: __tgt_target_data_begin_mapper before, __tgt_target_data_end_mapper after".to_string())
    }
}

/// Whether `v` holds a pointer (a use_device_ptr item is a pointer variable).
fn ffi_type_is_pointer<'ctx>(_l: &Lowerer<'_, 'ctx>, v: PointerValue<'ctx>) -> bool {
    weft_intrinsics::ffi::memory_type(v.as_basic_value_enum()).is_some_and(|t| t.is_pointer_type())
}
