//! Doacross loops (`ordered(1)` with `ordered depend(sink: ...)` and
//! `ordered depend(source)`): each thread of the team registers the loop's
//! iteration space with libomp (`__kmpc_doacross_init`, one `kmp_dim` of
//! i64 lower bound, upper bound and stride), an `ordered depend(sink: k)`
//! waits until iteration k has posted (`__kmpc_doacross_wait`; the runtime
//! ignores an iteration outside the space), `ordered depend(source)` posts
//! the current iteration (`__kmpc_doacross_post`), and the thread leaves
//! with `__kmpc_doacross_fini`. Iterations are the normalized loop's: its IV
//! counts them, and a sink is in the same units (icx writes iteration
//! numbers; weft-prepare turns a loop variable's values into them).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::model::Item;
use weft_intrinsics::Rule;

use super::lower::{err, Lowerer, Res, Shape};
use super::plan::{Construct, Plan};
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The loop's `kmp_dim` (allocated before the builder is positioned:
    /// `alloca` moves it).
    pub(super) fn doacross_dims(&self, home: BasicBlock<'ctx>) -> PointerValue<'ctx> {
        self.alloca(home, self.rt.i64.array_type(3).into(), "omp.doacross.dims")
    }

    /// `__kmpc_doacross_init` for a loop whose normalized IV runs from
    /// `start` to `ub` (inclusive; an empty loop registers no iteration), at
    /// `b`, before the loop's schedule is set up.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn doacross_init(
        &self,
        b: &Builder<'ctx>,
        dims: PointerValue<'ctx>,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        start: IntValue<'ctx>,
        ub: IntValue<'ctx>,
        unsigned: bool,
    ) {
        let i64t = self.rt.i64;
        let dim_ty = i64t.array_type(3);
        let e = "positioned";
        let wide = |v: IntValue<'ctx>| b.build_int_cast_sign_flag(v, i64t, !unsigned, "").expect(e);
        let (lo, hi) = (wide(start), wide(ub));
        let pred = if unsigned { IntPredicate::UGE } else { IntPredicate::SGE };
        let some = b.build_int_compare(pred, ub, start, "").expect(e);
        let none = b.build_int_sub(lo, i64t.const_int(1, false), "").expect(e);
        let up = b.build_select(some, hi, none, "omp.doacross.up").expect(e);
        for (k, v) in [lo.into(), up, i64t.const_int(1, false).into()].into_iter().enumerate() {
            let idx = [i64t.const_zero(), i64t.const_int(k as u64, false)];
            // SAFETY: in bounds of the [3 x i64] kmp_dim just allocated.
            let at = unsafe { b.build_gep(dim_ty, dims, &idx, "") }.expect(e);
            b.build_store(at, v).expect(e);
        }
        let one = self.rt.i32.const_int(1, false);
        self.rt.call(b, "__kmpc_doacross_init", None, &[ident.into(), gtid.into(), one.into(), dims.into()]);
    }

    /// `__kmpc_doacross_fini` as the thread leaves the loop.
    pub(super) fn doacross_fini(&self, b: &Builder<'ctx>, ident: PointerValue<'ctx>, gtid: IntValue<'ctx>) {
        self.rt.call(b, "__kmpc_doacross_fini", None, &[ident.into(), gtid.into()]);
    }

    /// `ordered depend(sink: ...)` and `ordered depend(source)` in place: a
    /// wait for each sink iteration, then the post of the current one (the
    /// enclosing loop's normalized IV, read from its slot, which the loop's
    /// own lowering later makes private).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn doacross_ordered(
        &mut self,
        a: &Analysis<'ctx>,
        r: usize,
        plan: &Plan,
        shape: Shape<'ctx>,
        home: BasicBlock<'ctx>,
        gtid: IntValue<'ctx>,
        ident: PointerValue<'ctx>,
    ) -> Res<()> {
        let reg = &a.graph.regions[r];
        let name = reg.kind.begin_name();
        if let Some(v) = plan.sinks.iter().find(|v| v.len() != 1) {
            return Err(err(
                Rule::OperandKind,
                "QUAL.OMP.DEPEND.SINK",
                format!("a sink vector of {} entries in a doacross loop of one loop (ORDERED(1))", v.len()),
            )
            .on_directive(name));
        }
        let i64t = self.rt.i64;
        let vec = self.alloca(home, i64t.into(), "omp.doacross.vec");
        let e = "positioned";
        for sink in &plan.sinks {
            let b = self.before_terminator(shape.fini);
            let k = self.value(sink[0]).into_int_value();
            // (Signed: the iteration before the first one is -1, which the
            // runtime ignores.)
            let k = b.build_int_cast_sign_flag(k, i64t, true, "omp.doacross.sink").expect(e);
            b.build_store(vec, k).expect(e);
            self.rt.call(b, "__kmpc_doacross_wait", None, &[ident.into(), gtid.into(), vec.into()]);
        }
        if plan.source {
            let (slot, ty) = self.loop_iv(a, r).ok_or_else(|| {
                err(
                    Rule::NotYetSupported,
                    "QUAL.OMP.DEPEND.SOURCE",
                    "an orphaned ordered depend(source) (outside the doacross loop's function)",
                )
                .on_directive(name)
            })?;
            let b = self.before_terminator(shape.fini);
            let k = b.build_load(ty, slot, "omp.doacross.iv").expect(e).into_int_value();
            // (The IV counts up from its lower bound: never negative.)
            let k = b.build_int_cast_sign_flag(k, i64t, false, "omp.doacross.source").expect(e);
            b.build_store(vec, k).expect(e);
            self.rt.call(b, "__kmpc_doacross_post", None, &[ident.into(), gtid.into(), vec.into()]);
        }
        Ok(())
    }

    /// The normalized IV slot of the worksharing loop around region `r`,
    /// and its type.
    fn loop_iv(&self, a: &Analysis<'ctx>, r: usize) -> Option<(PointerValue<'ctx>, BasicTypeEnum<'ctx>)> {
        let mut cur = a.graph.regions[r].parent;
        while let Some(i) = cur {
            let outer = &a.graph.regions[i];
            if Construct::of(outer.kind).is_some_and(|c| c.is_loop()) {
                let Some(Item::Var { var, typed }) = outer.env.normalized_iv.first() else { return None };
                let slot = self.value(var.value).into_pointer_value();
                let ty = match typed {
                    Some(t) => self.value(t.ty.value).get_type(),
                    None => weft_intrinsics::ffi::memory_type(slot.into())?,
                };
                return Some((slot, ty));
            }
            cur = outer.parent;
        }
        None
    }
}
