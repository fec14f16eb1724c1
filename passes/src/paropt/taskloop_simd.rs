//! The simd part of `taskloop simd` (OpenMP 5.1 §2.12.3): tasks first, then
//! vectors on each task's chunk. After the taskloop's lowering has given the
//! task its own copies (`taskloop.rs`), the task's loop, from the IV's start
//! to the end of the region, becomes a `DIR.OMP.SIMD` region of its own,
//! outlined with the loop into the task's body; weft-vectorize vectorizes
//! it later like any simd loop, as it does a thread's chunk of `for simd`
//! (`privatize::simd_chunk`). The task's copies are listed on it (private
//! as PRIVATE, lastprivate as LASTPRIVATE, the thread's reduction copy from
//! `__kmpc_task_reduction_get_th_data` as a REDUCTION), so the vector loop
//! has lane copies of its own rather than taking them for shared memory.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{AnyValue, InstructionValue, PointerValue};
use weft_intrinsics::ffi;
use weft_intrinsics::vocab::{ClauseKind, ReductionOp};

use super::context::{Lowerer, Res};
use super::plan::task::TaskRed;
use super::plan::{Plan, Share};
use super::privatize::Typed;
use crate::wregion::WRegion;

/// Where the task's simd region goes: `loop_first` (the task's first block,
/// whose code starts the IV and takes the reduction copies) and `fini` (the
/// region's last block, before the lastprivate copy-out).
pub(super) struct TaskLoop<'ctx> {
    pub loop_first: BasicBlock<'ctx>,
    pub fini: BasicBlock<'ctx>,
}

/// Whether a type is one a vector loop keeps in a register (a lane's own).
fn scalar(ty: BasicTypeEnum<'_>) -> bool {
    matches!(ty, BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_))
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The task's loop made a `DIR.OMP.SIMD` region with the directive's
    /// simdlen and safelen and the task's copies (`copies`: each
    /// private and lastprivate item's copy in the task's frame).
    pub(super) fn taskloop_simd_region(
        &self,
        reg: &WRegion,
        plan: &Plan,
        typed: &[Typed<'_, 'ctx>],
        copies: &[(PointerValue<'ctx>, PointerValue<'ctx>)],
        at: TaskLoop<'ctx>,
    ) -> Res<()> {
        let name = reg.kind.begin_name();
        let mut bundles: Vec<(String, Vec<ffi::Value>)> = vec![("DIR.OMP.SIMD".to_string(), vec![])];
        for k in [ClauseKind::Simdlen, ClauseKind::Safelen] {
            if let Some(o) = reg.env.value(k) {
                bundles.push((k.name().to_string(), vec![ffi::Value::of(self.value(o.value))]));
            }
        }
        let one = self.rt.i32.const_int(1, false);
        let mut item = |tag: String, copy: PointerValue<'ctx>, ty: BasicTypeEnum<'ctx>| {
            bundles.push((tag, vec![ffi::Value::of(copy), ffi::Value::of(ty.const_zero()), ffi::Value::of(one)]));
        };
        for v in typed {
            let Some(&(_, copy)) = copies.iter().find(|c| c.0 == v.orig) else { continue };
            match v.share {
                // (Any type: the simd loop gives each lane its own, or
                // keeps the loop scalar.)
                Share::Private => item(format!("{}:TYPED", ClauseKind::Private.name()), copy, v.ty),
                // (An aggregate's last value stays in the task's copy,
                // written in memory by the iterations in order.)
                Share::Lastprivate if scalar(v.ty) => {
                    item(format!("{}:TYPED", ClauseKind::Lastprivate.name()), copy, v.ty)
                }
                _ => {}
            }
        }
        // The thread's copies of the task reductions and in_reductions.
        let reds: Vec<&TaskRed> = plan.task.task_reductions.iter().chain(&plan.task.in_reductions).collect();
        let owned: Vec<TaskRed> = reds.iter().map(|r| (*r).clone()).collect();
        let tys = self.task_red_types(&owned, name)?;
        let th_data = thread_copies(at.loop_first);
        for (r, (ty, n)) in reds.iter().zip(tys) {
            if n != 1 || !scalar(ty) || r.op == ReductionOp::Udr {
                continue;
            }
            let orig = self.value(r.var).into_pointer_value();
            let Some(&(_, copy)) = th_data.iter().find(|c| c.0 == orig) else { continue };
            let unsigned = if r.unsigned { ".UNSIGNED" } else { "" };
            item(format!("{}:TYPED{unsigned}", ClauseKind::Reduction(r.op).name()), copy, ty);
        }
        let start = at.loop_first.get_terminator().expect("terminator");
        let end = at.fini.get_terminator().expect("terminator");
        let entry = ffi::build_region_entry(start, &bundles);
        let exit = ffi::build_region_exit(end, entry, "DIR.OMP.END.SIMD");
        ffi::tag_simd_loop(entry, exit);
        Ok(())
    }
}

/// The task reduction copies taken in the task's first block: each call to
/// `__kmpc_task_reduction_get_th_data`'s item and the copy it returns.
fn thread_copies(first: BasicBlock<'_>) -> Vec<(PointerValue<'_>, PointerValue<'_>)> {
    let mut out = Vec::new();
    let mut cur: Option<InstructionValue<'_>> = first.get_first_instruction();
    while let Some(i) = cur {
        cur = i.get_next_instruction();
        if ffi::called_function_name(ffi::Value::of_instruction(i)).as_deref()
            != Some("__kmpc_task_reduction_get_th_data")
        {
            continue;
        }
        let item = i.get_operand(2).and_then(|o| o.left()).map(|v| v.into_pointer_value());
        if let Some(item) = item {
            out.push((item, i.as_any_value_enum().into_pointer_value()));
        }
    }
    out
}
