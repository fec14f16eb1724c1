//! The trip count a target region's launch passes to libomptarget
//! (`__tgt_target_kernel`'s kernel arguments, field `Tripcount`), as clang
//! 16 passes it for `target teams distribute parallel for`: the CUDA
//! plugin sizes an SPMD kernel's league by it (trip count / threads per
//! team) when `num_teams` is not given. The loop's normalized upper bound
//! is computed inside the target region (weft-prepare), which its children
//! are lowered out of before the target is: so before any region of the
//! function is lowered, that computation is copied to just before the
//! target region, where the launch reads it. Only a copy that can run on
//! the host there is made: constants, values from before the region, and
//! loads of the function's own variables (allocas and globals) that
//! nothing on the way from the region's start to the bound writes. The
//! trip count decides only how many teams run, never which iterations:
//! without it (0) the plugin picks its default.
use llvm_plugin::inkwell::values::{
    AnyValue, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue,
};
use llvm_plugin::inkwell::IntPredicate;
use weft_intrinsics::vocab::DirKind;

use super::context::Lowerer;
use super::target_teams::nested_teams;
use crate::prepare::rename::RENAME;
use crate::wregion::Analysis;

/// What may be copied out of the region (no side effects, no traps other
/// than the region's own would have).
const PURE: &[InstructionOpcode] = &[
    InstructionOpcode::Load,
    InstructionOpcode::Add,
    InstructionOpcode::Sub,
    InstructionOpcode::Mul,
    InstructionOpcode::UDiv,
    InstructionOpcode::SDiv,
    InstructionOpcode::Shl,
    InstructionOpcode::LShr,
    InstructionOpcode::AShr,
    InstructionOpcode::And,
    InstructionOpcode::Or,
    InstructionOpcode::Xor,
    InstructionOpcode::ICmp,
    InstructionOpcode::Select,
    InstructionOpcode::ZExt,
    InstructionOpcode::SExt,
    InstructionOpcode::Trunc,
];

/// The most iterations a kernel with a reduction tells the plugin about:
/// each warp of its league combines into the variable with an atomic
/// (offload/reduce.rs, offload/warp_reduce.rs), so its league stays at
/// most 8,192 teams of the CUDA plugin's default 128 threads (2^20
/// iterations: 32,768 atomics) and its threads loop.
const REDUCTION_TRIPS: u64 = 1 << 20;

/// Whether the target region's teams or loop reduces.
fn reduces(a: &Analysis<'_>, r: usize) -> bool {
    let mut regions = vec![r];
    regions.extend(nested_teams(a, r));
    regions.extend(league_loop(a, r));
    regions.iter().any(|&x| {
        a.graph.regions[x]
            .directive
            .clauses
            .iter()
            .any(|c| matches!(c.kind, weft_intrinsics::vocab::ClauseKind::Reduction(_)))
    })
}

/// How far the walk from the region's start goes.
const WALK_LIMIT: usize = 4096;

/// The loop of target region `r` whose iterations make the league: the
/// one child of its teams region, a distribute loop.
fn league_loop(a: &Analysis<'_>, r: usize) -> Option<usize> {
    let t = nested_teams(a, r)?;
    let g = &a.graph.regions;
    if g[r].children.len() != 1 || g[t].children.len() != 1 {
        return None;
    }
    let l = g[t].children[0];
    matches!(g[l].kind, DirKind::DistributeParLoop | DirKind::Distribute).then_some(l)
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The trip count of every target region of `a` whose league is one
    /// loop, copied before the region (see above); recorded by the
    /// region's first directive call.
    pub(super) fn copy_trip_counts(&mut self, a: &Analysis<'ctx>) {
        if !self.device_images {
            return;
        }
        for r in 0..a.graph.regions.len() {
            if a.graph.regions[r].kind != DirKind::Target {
                continue;
            }
            let Some(l) = league_loop(a, r) else { continue };
            let Some(ub) = a.graph.regions[l].env.normalized_ub.first() else { continue };
            let ub = self.value(ub.var().value);
            let reg = &a.graph.regions[r];
            let begin =
                crate::cfg::directive_calls_between(&a.scan.values, reg.entry.span.first, reg.entry.span.last)[0];
            if let Some(n) = self.copy_trip_count(begin, ub) {
                let n = if reduces(a, r) { self.capped(begin, n) } else { n };
                self.trip_counts.push((begin, n));
            }
        }
    }

    /// At most `REDUCTION_TRIPS`, before `begin`.
    fn capped(&self, begin: InstructionValue<'ctx>, n: IntValue<'ctx>) -> IntValue<'ctx> {
        let b = self.at(begin);
        let cap = self.rt.i64.const_int(REDUCTION_TRIPS, false);
        let small = b.build_int_compare(IntPredicate::ULT, n, cap, "").expect("positioned");
        b.build_select(small, n, cap, "omp.trip.capped").expect("positioned").into_int_value()
    }

    /// The trip count recorded for the target region starting at `begin`.
    pub(super) fn trip_count_of(&self, begin: InstructionValue<'ctx>) -> Option<IntValue<'ctx>> {
        self.trip_counts.iter().find(|(b, _)| *b == begin).map(|&(_, n)| n)
    }

    /// The bound stored into `ub`, copied before `begin`, plus one, as an
    /// i64; None when it cannot be copied.
    fn copy_trip_count(&self, begin: InstructionValue<'ctx>, ub: BasicValueEnum<'ctx>) -> Option<IntValue<'ctx>> {
        let path = straight_path(begin, ub)?;
        let store = *path.last()?;
        let bound = store.get_operand(0)?.left()?;
        // (A store through a rename writes the renamed variable.)
        let stored: Vec<_> = path
            .iter()
            .filter(|i| i.get_opcode() == InstructionOpcode::Store)
            .filter_map(|s| s.get_operand(1)?.left())
            .map(renamed_variable)
            .collect();
        // The instructions the bound needs, in path order.
        let mut need = vec![false; path.len()];
        let mut work = vec![bound];
        while let Some(v) = work.pop() {
            let Some(i) = v.as_instruction_value() else { continue };
            let Some(k) = path.iter().position(|&p| p == i) else { continue };
            if need[k] {
                continue;
            }
            if !PURE.contains(&i.get_opcode()) {
                return None;
            }
            if i.get_opcode() == InstructionOpcode::Load {
                let p = i.get_operand(0)?.left()?;
                // (Only the function's own variables: a pointer argument may
                // point into device memory, which the host cannot read.)
                let own = p.as_instruction_value().is_some_and(|d| d.get_opcode() == InstructionOpcode::Alloca);
                if !own || stored.contains(&p) || p.as_instruction_value().is_some_and(|d| path.contains(&d)) {
                    return None;
                }
            }
            need[k] = true;
            work.extend((0..i.get_num_operands()).filter_map(|o| i.get_operand(o)?.left()));
        }
        let mut copies: Vec<(InstructionValue<'ctx>, InstructionValue<'ctx>)> = Vec::new();
        for (k, &i) in path.iter().enumerate().filter(|&(k, _)| need[k]) {
            let c = i.explicit_clone();
            for o in 0..c.get_num_operands() {
                let Some(BasicValueEnum::IntValue(v)) = c.get_operand(o).and_then(|x| x.left()) else { continue };
                if let Some(&(_, n)) = v.as_instruction_value().and_then(|vi| copies.iter().find(|(old, _)| *old == vi))
                {
                    c.set_operand(o, n.as_any_value_enum().into_int_value());
                }
            }
            self.b.position_before(&begin);
            self.b.insert_instruction(&c, Some("omp.trip.part"));
            copies.push((path[k], c));
        }
        let last = copies.iter().find(|(old, _)| Some(*old) == bound.as_instruction_value()).map(|&(_, n)| n);
        let bound = match last {
            Some(c) => c.as_any_value_enum().into_int_value(),
            None => bound.into_int_value(),
        };
        self.b.position_before(&begin);
        let one = bound.get_type().const_int(1, false);
        let n = self.b.build_int_add(bound, one, "omp.trip").ok()?;
        self.b.build_int_z_extend_or_bit_cast(n, self.rt.i64, "omp.trip.i64").ok()
    }
}

/// The variable `p` names through pipeline start's renames
/// (`weft.private.addr(v)` is `v` until paropt privatizes it).
fn renamed_variable(p: BasicValueEnum<'_>) -> BasicValueEnum<'_> {
    let mut p = p;
    while let Some(i) = p.as_instruction_value() {
        let call = weft_intrinsics::ffi::Value::of_instruction(i);
        if i.get_opcode() != InstructionOpcode::Call
            || weft_intrinsics::ffi::called_function_name(call).as_deref() != Some(RENAME)
        {
            break;
        }
        let Some(v) = i.get_operand(0).and_then(|o| o.left()) else { break };
        p = v;
    }
    p
}

/// The instructions from `begin` on, through blocks that each branch
/// unconditionally to the next, up to the first store into `ub`; None if
/// a call with effects (anything but directives, lifetime markers and renames)
/// comes first or the path branches.
fn straight_path<'ctx>(begin: InstructionValue<'ctx>, ub: BasicValueEnum<'ctx>) -> Option<Vec<InstructionValue<'ctx>>> {
    let mut out = Vec::new();
    let mut cur = begin.get_next_instruction();
    while out.len() < WALK_LIMIT {
        let i = cur?;
        match i.get_opcode() {
            InstructionOpcode::Store if i.get_operand(1).and_then(|o| o.left()) == Some(ub) => {
                out.push(i);
                return Some(out);
            }
            InstructionOpcode::Call => {
                let name = weft_intrinsics::ffi::called_function_name(weft_intrinsics::ffi::Value::of_instruction(i))?;
                // (A private variable's rename, prepare/rename.rs, only
                // names it: the walk passes it as it passes the directives.)
                if !(name.starts_with("llvm.directive")
                    || name.starts_with("llvm.lifetime")
                    || name.starts_with("llvm.dbg")
                    || name == RENAME)
                {
                    return None;
                }
            }
            InstructionOpcode::Br if i.get_num_operands() == 1 => {
                let next = i.get_operand(0)?.right()?;
                cur = next.get_first_instruction();
                continue;
            }
            InstructionOpcode::Br | InstructionOpcode::Switch | InstructionOpcode::Return => return None,
            _ => {}
        }
        out.push(i);
        cur = i.get_next_instruction();
    }
    None
}
