//! Host `teams` (OpenMP 5.0, §2.7 of 5.1): the region's body is outlined
//! as a parallel region's is (paropt::outline, its data through
//! privatization), and forked for a league of teams: `__kmpc_push_num_teams`
//! with NUM_TEAMS and THREAD_LIMIT (0: the runtime's choice), then
//! `__kmpc_fork_teams`, whose microtask the primary thread of each team
//! runs. Reductions combine across the teams through
//! `__kmpc_reduce_nowait`, which libomp answers for the league.
use llvm_plugin::inkwell::basic_block::BasicBlock;
use llvm_plugin::inkwell::values::{BasicValueEnum, InstructionValue, IntValue, PointerValue};

use super::context::Lowerer;
use super::plan::teams::TeamsValue;
use super::plan::Plan;
use super::runtime::Rt;

impl<'a, 'ctx> Lowerer<'a, 'ctx> {
    /// Forks microtask `mt` (taking `args`) for the league where `call`,
    /// CodeExtractor's call to it, is.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fork_teams(
        &mut self,
        call: InstructionValue<'ctx>,
        ident: PointerValue<'ctx>,
        mt: PointerValue<'ctx>,
        args: BasicValueEnum<'ctx>,
        plan: &Plan,
        outer_home: BasicBlock<'ctx>,
        fname: &str,
    ) {
        let t = plan.teams;
        if t.num_teams.is_some() || t.thread_limit.is_some() {
            let gtid = self.gtid(outer_home, fname);
            self.at(call);
            let n = self.teams_value(t.num_teams);
            let l = self.teams_value(t.thread_limit);
            self.notes.push("league sized through __kmpc_push_num_teams".into());
            self.rt.call(&self.b, Rt::PushNumTeams, &[ident.into(), gtid.into(), n.into(), l.into()]);
        }
        self.at(call);
        let argc = self.rt.i32.const_int(1, false);
        self.rt.call(&self.b, Rt::ForkTeams, &[ident.into(), argc.into(), mt.into(), args]);
    }

    /// A NUM_TEAMS or THREAD_LIMIT value as the runtime's i32 (read from
    /// its slot in icx's `:TYPED` form), 0 when not given; the builder is
    /// positioned where it is needed.
    fn teams_value(&self, v: Option<TeamsValue>) -> IntValue<'ctx> {
        let Some(v) = v else { return self.rt.i32.const_zero() };
        match v.slot_of {
            Some(ty) => {
                let ty = self.value(ty).into_int_value().get_type();
                let slot = self.value(v.value).into_pointer_value();
                let n = self.b.build_load(ty, slot, "omp.teams.value").expect("positioned").into_int_value();
                self.b.build_int_cast_sign_flag(n, self.rt.i32, true, "").expect("positioned")
            }
            None => self.int_operand(v.value, self.rt.i32),
        }
    }
}
