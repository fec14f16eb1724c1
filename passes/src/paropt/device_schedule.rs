//! The schedules of a worksharing loop in a target region when the module
//! is built for a GPU (docs/offload-device.md). Without a SCHEDULE clause:
//! static with chunk 1, `kmp_sch_static_chunked` (33), so the threads of a
//! warp run consecutive iterations and their loads and stores coalesce, as
//! clang 16 does on the device; `schedule(static)` keeps one block per
//! thread (OpenMP 5.1 §2.11.4). Every other schedule (static with a chunk,
//! dynamic, guided, auto, runtime) deals its chunks round-robin too, with
//! its chunk size: the device runtime's dispatch loops (LLVM 16's
//! `__kmpc_dispatch_*`) name a thread-local variable that ptxas refuses in
//! a linked image, and a round-robin assignment is one a dynamic schedule
//! may make (which thread runs a chunk is the runtime's choice). The host
//! fallback is the same code: it runs these loops so too.
use llvm_plugin::inkwell::values::{InstructionValue, IntValue, PointerValue};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::vocab::DirKind;

use super::context::{Lowerer, Shape};
use super::partition::{Ctl, LoopEnds};
use super::runtime::Rt;
use crate::wregion::Analysis;

/// `kmp_sch_static_chunked`.
const STATIC_CHUNKED: u64 = 33;

/// Whether region `r` of `a` is nested in a target region.
pub(super) fn in_target(a: &Analysis<'_>, r: usize) -> bool {
    let mut cur = a.graph.regions[r].parent;
    while let Some(i) = cur {
        if a.graph.regions[i].kind == DirKind::Target {
            return true;
        }
        cur = a.graph.regions[i].parent;
    }
    false
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The loop's iterations dealt round-robin, `chunk` (1 without one)
    /// at a time, to the threads: `__kmpc_for_static_init_*` with schedule
    /// 33 gives each thread its first chunk and the stride (the chunk times
    /// the number of threads); the chunks follow in turn (`dist_chunks`).
    pub(super) fn static_cyclic(
        &mut self,
        k: &Ctl<'ctx>,
        chunk: Option<weft_intrinsics::model::ValueId>,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
    ) -> LoopEnds<'ctx> {
        self.notes.push("device schedule: static with a chunk (sched_type 33), chunks dealt round-robin".into());
        self.b.position_before(&init);
        let size = match chunk {
            Some(c) => self.int_operand(c, k.t),
            None => k.one,
        };
        self.cyclic_chunks(k, size, init, ub_copy, shape)
    }

    /// An ordered loop (without doacross) on the device: one chunk of the
    /// whole trip count, so the team's first thread runs every iteration
    /// in order and the `ordered` regions need no code (sync.rs). LLVM
    /// 16's device runtime does the same for an ordered schedule (its
    /// `__kmpc_ordered` does nothing), through dispatch loops ptxas
    /// refuses in a linked image (a thread-local variable).
    pub(super) fn ordered_one_thread(
        &mut self,
        k: &Ctl<'ctx>,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
    ) -> LoopEnds<'ctx> {
        self.notes.push("device schedule: ordered, the whole loop one chunk (sched_type 33)".into());
        let b = self.at(init);
        let pred = if k.unsigned { IntPredicate::UGE } else { IntPredicate::SGE };
        let any = b.build_int_compare(pred, k.ub0, k.start, "").expect("positioned");
        let n = b.build_int_sub(k.ub0, k.start, "").expect("positioned");
        let n = b.build_int_add(n, k.one, "omp.ordered.trips").expect("positioned");
        let size = b.build_select(any, n, k.one, "").expect("positioned").into_int_value();
        self.cyclic_chunks(k, size, init, ub_copy, shape)
    }

    /// `__kmpc_for_static_init_*` with schedule 33 and chunk `size`: each
    /// thread's chunks in turn (`dist_chunks`).
    fn cyclic_chunks(
        &mut self,
        k: &Ctl<'ctx>,
        size: IntValue<'ctx>,
        init: InstructionValue<'ctx>,
        ub_copy: PointerValue<'ctx>,
        shape: Shape<'ctx>,
    ) -> LoopEnds<'ctx> {
        let [static_init, ..] = Rt::for_iv(k.t.get_bit_width(), k.unsigned);
        let b = self.at(init);
        b.build_store(k.lo, k.start).expect("positioned");
        b.build_store(k.hi, k.ub0).expect("positioned");
        b.build_store(k.st, k.one).expect("positioned");
        let kind = self.rt.i32.const_int(STATIC_CHUNKED, false);
        let args = [
            k.ident.into(),
            k.gtid.into(),
            kind.into(),
            k.last.into(),
            k.lo.into(),
            k.hi.into(),
            k.st.into(),
            k.one.into(),
            size.into(),
        ];
        self.rt.call(b, static_init, &args);
        self.and_team_last(b, k);
        let fini = self.dist_chunks(k, init, ub_copy, shape, k.ident);
        LoopEnds::of(k, init, shape, fini)
    }
}
