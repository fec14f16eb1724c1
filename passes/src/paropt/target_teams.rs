//! `target teams`: a teams region nested directly in a target region (as
//! icx writes the combined forms, and weft-cc too). The teams region is
//! lowered as host teams are (paropt::teams), so the target's host fallback
//! forks the league with `__kmpc_push_num_teams` / `__kmpc_fork_teams`; the
//! launch passes the league's size and thread limit to
//! `__tgt_target_kernel` as clang 16 does (docs/offload.md): NUM_TEAMS and
//! THREAD_LIMIT belong to teams (OpenMP 5.1 §2.16), read where the target
//! is when they are known there, the runtime's choice (0) when they are
//! computed inside the target region.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::types::BasicTypeEnum;
use llvm_plugin::inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode, IntValue, PointerValue};
use weft_intrinsics::vocab::{ClauseKind, DirKind};

use super::context::Lowerer;
use super::plan::teams::{teams_value, TeamsValue};
use crate::wregion::Analysis;

/// How the launch reads one of the league's values.
#[derive(Clone, Copy)]
pub(super) enum LaunchValue<'ctx> {
    /// Not given: the runtime's choice (0).
    Default,
    /// A value (a constant, or one computed before the target region).
    Known(IntValue<'ctx>),
    /// Loaded from memory outside the target region (weft-cc's and icx's
    /// firstprivate capture, or icx's `:TYPED` slot): loaded again at the
    /// launch.
    Reload(PointerValue<'ctx>, BasicTypeEnum<'ctx>),
}

/// The teams region nested directly in target region `r`, if there is one.
pub(super) fn nested_teams(a: &Analysis<'_>, r: usize) -> Option<usize> {
    a.graph.regions[r].children.iter().copied().find(|&c| a.graph.regions[c].kind == DirKind::Teams)
}

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// The league's size and thread limit for the launch of target region
    /// `r` (whose body is `body`), decided before the body changes; for a
    /// target without a nested teams region one team (-1) and the target's
    /// own `thread_limit` (`own_limit`), None without one.
    pub(super) fn launch_league(
        &self,
        a: &Analysis<'_>,
        r: usize,
        body: &[BasicBlock<'ctx>],
        own_limit: Option<TeamsValue>,
    ) -> Option<(LaunchValue<'ctx>, LaunchValue<'ctx>)> {
        let Some(t) = nested_teams(a, r) else {
            let one_team = LaunchValue::Known(self.rt.i32.const_all_ones());
            return own_limit.map(|l| (one_team, self.launch_value(l, body)));
        };
        let t = &a.graph.regions[t];
        let read = |k| teams_value(t, k).map_or(LaunchValue::Default, |v| self.launch_value(v, body));
        Some((read(ClauseKind::NumTeams), read(ClauseKind::ThreadLimit)))
    }

    fn launch_value(&self, v: TeamsValue, body: &[BasicBlock<'ctx>]) -> LaunchValue<'ctx> {
        let inside = |x: BasicValueEnum<'ctx>| {
            x.as_instruction_value().and_then(|i| i.get_parent()).is_some_and(|b| body.contains(&b))
        };
        let value = self.value(v.value);
        if let Some(ty) = v.slot_of {
            // (icx's `:TYPED` form: the slot holds a value of ty's type.)
            let ty = self.value(ty).get_type();
            return match value {
                BasicValueEnum::PointerValue(p) if !inside(value) => LaunchValue::Reload(p, ty),
                _ => LaunchValue::Default,
            };
        }
        let BasicValueEnum::IntValue(n) = value else { return LaunchValue::Default };
        if !inside(value) {
            return LaunchValue::Known(n);
        }
        // A load inside the target region of a variable outside it.
        let load = n.as_instruction_value().filter(|i| i.get_opcode() == InstructionOpcode::Load);
        match load.and_then(|i| i.get_operand(0)).and_then(|o| o.left()) {
            Some(BasicValueEnum::PointerValue(p)) if !inside(p.into()) => LaunchValue::Reload(p, n.get_type().into()),
            _ => LaunchValue::Default,
        }
    }

    /// One league value as the runtime's i32, built where the builder is.
    pub(super) fn build_launch_value(&self, v: LaunchValue<'ctx>) -> IntValue<'ctx> {
        let n = match v {
            LaunchValue::Default => return self.rt.i32.const_zero(),
            LaunchValue::Known(n) => n,
            LaunchValue::Reload(p, ty) => {
                let x = self.b.build_load(ty, p, "omp.league.value").expect("positioned");
                match x {
                    BasicValueEnum::IntValue(n) => n,
                    _ => return self.rt.i32.const_zero(),
                }
            }
        };
        self.b.build_int_cast_sign_flag(n, self.rt.i32, true, "").expect("positioned")
    }
}
