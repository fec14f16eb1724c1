//! `copyprivate` on a single construct (OpenMP 5.1 §2.21.6.2): the thread
//! that ran the region broadcasts its values to every thread's variable
//! through `__kmpc_copyprivate`, which also synchronizes the team.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{IntValue, PointerValue};
use weft_intrinsics::ffi::{self, Value};
use weft_intrinsics::Rule;

use super::context::{err, Lowerer, Res, Shape};
use super::nonpod;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// SINGLE's copyprivate: a `didit` flag set by the thread that ran the
    /// region, then `__kmpc_copyprivate` with the list of this thread's
    /// variables and a generated copy function.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn copyprivate(
        &mut self,
        vars: &[&super::plan::Var],
        shape: Shape<'ctx>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        ident: PointerValue<'ctx>,
        fname: &str,
        name: &str,
    ) -> Res<()> {
        let mut items = Vec::new();
        for v in vars {
            let orig = self.value(v.var).into_pointer_value();
            let ty = self.var_type(v).ok_or_else(|| {
                err(Rule::OperandKind, &v.clause, "cannot tell the type of this variable: give it as `:TYPED`")
                    .on_directive(name)
            })?;
            items.push((orig, ty, self.nonpod_helpers(v, name)?));
        }
        let i32t = self.rt.i32;
        let didit = self.alloca(home, i32t.into(), "omp.single.didit");
        let first_call = {
            let mut cur = shape.s.get_first_instruction();
            let mut found = None;
            while let Some(i) = cur {
                if ffi::called_function_name(Value::of_instruction(i)).as_deref() == Some("__kmpc_single") {
                    found = Some(i);
                    break;
                }
                cur = i.get_next_instruction();
            }
            found.expect("the __kmpc_single call was just made")
        };
        self.at(first_call).build_store(didit, i32t.const_zero()).expect("positioned");
        self.before_terminator(shape.fini).build_store(didit, i32t.const_int(1, false)).expect("positioned");
        let ptr = self.rt.ptr;
        let list_ty = ptr.array_type(items.len() as u32);
        let list = self.alloca(home, list_ty.into(), "omp.copyprivate.list");
        // (Into each thread's live variable: a non-POD one by its copy assignment.)
        let cpy = self.pairwise_fn(&format!("{fname}.omp.copyprivate"), items.len(), |b, k, dst, src| {
            nonpod::copy_assign(b, items[k].2, items[k].1, dst, src)
        });
        let b = self.before_terminator(shape.end);
        for (k, (orig, ..)) in items.iter().enumerate() {
            let idx = [self.rt.i64.const_zero(), self.rt.i64.const_int(k as u64, false)];
            // SAFETY: in bounds of the [n x ptr] list just allocated.
            let slot = unsafe { b.build_gep(list_ty, list, &idx, "") }.expect("positioned");
            b.build_store(slot, *orig).expect("positioned");
        }
        let flag = b.build_load(i32t, didit, "omp.single.didit").expect("positioned");
        let size = self.rt.i64.const_int(8 * items.len() as u64, false);
        let fnptr = cpy.as_global_value().as_pointer_value();
        self.rt.copyprivate(b, ident, gtid, size, list, fnptr, flag.into_int_value());
        self.notes.push(format!("copyprivate of {} variable(s) through __kmpc_copyprivate", items.len()));
        Ok(())
    }
}
