//! Doacross loops (`ordered(n)` with `ordered depend(sink: ...)` and
//! `ordered depend(source)`): each thread of the team registers the loop
//! nest's iteration space with libomp (`__kmpc_doacross_init`, one
//! `kmp_dim` of i64 lower bound, upper bound and stride per ordered loop),
//! an `ordered depend(sink: v)` waits until iteration v has posted
//! (`__kmpc_doacross_wait`; the runtime ignores a vector outside the
//! space), `ordered depend(source)` posts the current iteration
//! (`__kmpc_doacross_post`), and the thread leaves with
//! `__kmpc_doacross_fini`. Iterations are counted from 0 in each loop.
//!
//! Of one loop with no trip count given, the dimension is the normalized
//! loop: its IV counts the iterations and is the source's vector. Of a nest
//! (ORDERED(n, trip...), as icx writes it and weft-prepare makes it for a
//! nest written as loops), each of the n loops is a dimension of `trip`
//! iterations, and sink and source vectors list one iteration number per
//! loop (icx writes iteration numbers; weft-prepare turns a loop variable's
//! values into them).
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::builder::Builder;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::model::Item;
use weft_intrinsics::Rule;

use super::context::{err, Lowerer, Private, Res, Shape};
use super::plan::{Construct, Plan};
use super::runtime::Rt;
use crate::wregion::Analysis;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The loop's `kmp_dim`s, one per dimension (allocated before the
    /// builder is positioned: `alloca` moves it).
    pub(super) fn doacross_dims(&self, home: BasicBlock<'ctx>, plan: &Plan) -> PointerValue<'ctx> {
        let n = plan.doacross_trips.len().max(1) as u32;
        self.alloca(home, self.rt.i64.array_type(3 * n).into(), "omp.doacross.dims")
    }

    /// `__kmpc_doacross_init` for a loop whose normalized IV runs from
    /// `start` to `ub` (inclusive; an empty loop registers no iteration), or
    /// for the nest of `plan`'s trip counts (`privs`: the loop's private
    /// copies, where weft-prepare's trip slots are), at `b`, before the
    /// loop's schedule is set up.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn doacross_init(
        &self,
        b: &Builder<'ctx>,
        plan: &Plan,
        privs: &[Private<'ctx>],
        dims: PointerValue<'ctx>,
        ident: PointerValue<'ctx>,
        gtid: IntValue<'ctx>,
        (start, ub, unsigned): (IntValue<'ctx>, IntValue<'ctx>, bool),
        name: &str,
    ) -> Res<()> {
        let i64t = self.rt.i64;
        let e = "positioned";
        let one = i64t.const_int(1, false);
        // Each dimension as (lower, upper) bounds, inclusive.
        let mut bounds = Vec::new();
        if plan.doacross_trips.is_empty() {
            let wide = |v: IntValue<'ctx>| b.build_int_cast_sign_flag(v, i64t, !unsigned, "").expect(e);
            let (lo, hi) = (wide(start), wide(ub));
            let pred = if unsigned { IntPredicate::UGE } else { IntPredicate::SGE };
            let some = b.build_int_compare(pred, ub, start, "").expect(e);
            let none = b.build_int_sub(lo, one, "").expect(e);
            let up = b.build_select(some, hi, none, "omp.doacross.up").expect(e).into_int_value();
            bounds.push((lo, up));
        }
        for &t in &plan.doacross_trips {
            let trip = match self.value(t) {
                BasicValueEnum::IntValue(v) => b.build_int_cast_sign_flag(v, i64t, false, "").expect(e),
                BasicValueEnum::PointerValue(slot) => {
                    // weft-prepare's slot, stored in the loop's preheader: the
                    // loop's private copy of it.
                    let slot = privs.iter().find(|p| p.orig == slot).map_or(slot, |p| p.copy);
                    b.build_load(i64t, slot, "omp.doacross.trip").expect(e).into_int_value()
                }
                _ => {
                    return Err(err(Rule::OperandKind, "QUAL.OMP.ORDERED", "a loop's trip count must be an integer")
                        .on_directive(name))
                }
            };
            let up = b.build_int_sub(trip, one, "omp.doacross.up").expect(e);
            bounds.push((i64t.const_zero(), up));
        }
        let dim_ty = i64t.array_type(3 * bounds.len() as u32);
        for (d, (lo, up)) in bounds.iter().enumerate() {
            for (k, v) in [*lo, *up, one].into_iter().enumerate() {
                let idx = [i64t.const_zero(), i64t.const_int((3 * d + k) as u64, false)];
                // SAFETY: in bounds of the [3n x i64] kmp_dims just allocated.
                let at = unsafe { b.build_gep(dim_ty, dims, &idx, "") }.expect(e);
                b.build_store(at, v).expect(e);
            }
        }
        let n = self.rt.i32.const_int(bounds.len() as u64, false);
        self.rt.call(b, Rt::DoacrossInit, &[ident.into(), gtid.into(), n.into(), dims.into()]);
        Ok(())
    }

    /// `__kmpc_doacross_fini` as the thread leaves the loop.
    pub(super) fn doacross_fini(&self, b: &Builder<'ctx>, ident: PointerValue<'ctx>, gtid: IntValue<'ctx>) {
        self.rt.call(b, Rt::DoacrossFini, &[ident.into(), gtid.into()]);
    }

    /// `ordered depend(sink: ...)` and `ordered depend(source)` in place: a
    /// wait for each sink iteration, then the post of the current one (its
    /// vector as given, or the enclosing loop's normalized IV, read from its
    /// slot, which the loop's own lowering later makes private).
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
        let dims = self.doacross_depth(a, r);
        if let Some(v) = plan.sinks.iter().find(|v| v.len() != dims) {
            return Err(err(
                Rule::OperandKind,
                "QUAL.OMP.DEPEND.SINK",
                format!("a sink vector of {} entries in a doacross loop of {dims} dimensions", v.len()),
            )
            .on_directive(name));
        }
        if plan.source && !plan.source_vec.is_empty() && plan.source_vec.len() != dims {
            return Err(err(
                Rule::OperandKind,
                "QUAL.OMP.DEPEND.SOURCE",
                format!("a source vector of {} entries in a doacross loop of {dims} dimensions", plan.source_vec.len()),
            )
            .on_directive(name));
        }
        let i64t = self.rt.i64;
        let vec_ty = i64t.array_type(dims as u32);
        let vec = self.alloca(home, vec_ty.into(), "omp.doacross.vec");
        let e = "positioned";
        let store_vec = |b: &Builder<'ctx>, entries: &[IntValue<'ctx>], what: &str| {
            for (d, &k) in entries.iter().enumerate() {
                // (Signed: the iteration before the first one is -1, which
                // the runtime ignores.)
                let k = b.build_int_cast_sign_flag(k, i64t, true, what).expect(e);
                let idx = [i64t.const_zero(), i64t.const_int(d as u64, false)];
                // SAFETY: in bounds of the [dims x i64] vector allocated above.
                let at = unsafe { b.build_gep(vec_ty, vec, &idx, "") }.expect(e);
                b.build_store(at, k).expect(e);
            }
        };
        for sink in &plan.sinks {
            let b = self.before_terminator(shape.fini);
            let entries: Vec<IntValue<'ctx>> = sink.iter().map(|&k| self.value(k).into_int_value()).collect();
            store_vec(b, &entries, "omp.doacross.sink");
            self.rt.call(b, Rt::DoacrossWait, &[ident.into(), gtid.into(), vec.into()]);
        }
        if plan.source {
            let entries: Vec<IntValue<'ctx>> = if plan.source_vec.is_empty() {
                let (slot, ty) = self.loop_iv(a, r).ok_or_else(|| {
                    err(
                        Rule::NotYetSupported,
                        "QUAL.OMP.DEPEND.SOURCE",
                        "an orphaned ordered depend(source) (outside the doacross loop's function)",
                    )
                    .on_directive(name)
                })?;
                if dims != 1 {
                    return Err(err(
                        Rule::OperandKind,
                        "QUAL.OMP.DEPEND.SOURCE",
                        format!("a source without its iteration vector in a doacross loop of {dims} dimensions"),
                    )
                    .on_directive(name));
                }
                let b = self.before_terminator(shape.fini);
                // (The IV counts up from its lower bound: never negative.)
                vec![b.build_load(ty, slot, "omp.doacross.iv").expect(e).into_int_value()]
            } else {
                plan.source_vec.iter().map(|&k| self.value(k).into_int_value()).collect()
            };
            let b = self.before_terminator(shape.fini);
            store_vec(b, &entries, "omp.doacross.source");
            self.rt.call(b, Rt::DoacrossPost, &[ident.into(), gtid.into(), vec.into()]);
        }
        Ok(())
    }

    /// The number of dimensions of the doacross loop around region `r`.
    fn doacross_depth(&self, a: &Analysis<'ctx>, r: usize) -> usize {
        let mut cur = a.graph.regions[r].parent;
        while let Some(i) = cur {
            let outer = &a.graph.regions[i];
            if Construct::of(outer.kind).is_some_and(|c| c.is_loop()) {
                return outer.env.ordered_trips.len().max(1);
            }
            cur = outer.parent;
        }
        1
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
